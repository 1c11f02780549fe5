// A computer player that plays both sides plainly: on its card it activates the unit with the
// best shot (else the one nearest the enemy); the unit fires at its best target when it has one,
// lowers a blue or white marker when it can, otherwise moves toward the nearest objective it does
// not hold (or the nearest enemy it sees), as far as its class allows. Leaders take markers off
// the worst-marked units in the command phase; in the morale step suppressed units test. It reads
// only what its side sees, and offers only what the handlers accept.
#include "engine/rulesets/rookie/rr_bot.h"

#include <algorithm>
#include <cmath>

#include "engine/model/game.h"
#include "engine/model/payload.h"
#include "engine/rulesets/rookie/rr_internal.h"

namespace sandtable::rr {

namespace {

pb::Command order(const std::string& seat, const pb::RrCommand& c) { return order_of(seat, c); }

// The best shot of the unit now: the highest column (off the chart counts as nothing).
std::optional<pb::RrFire> best_shot(const RrState& st, int side, const Unit& u) {
  std::optional<pb::RrFire> best;
  int best_col = -1;
  for (const auto& t : st.units) {
    if (!t.alive || t.side == side) continue;
    pb::RrFire f;
    f.set_unit_id(u.id);
    f.set_target_id(t.id);
    FirePlan p;
    if (check_fire(st, side, f, &p) || p.plan.off_chart_left) continue;
    if (p.plan.final_column > best_col) {
      best_col = p.plan.final_column;
      best = f;
    }
  }
  return best;
}

Vec2 goal_for(const RrState& st, const Unit& u) {
  const std::string me = st.side_id(u.side);
  double best = 1e300;
  Vec2 goal = u.pos;
  for (std::size_t i = 0; i < st.objectives.size(); ++i) {
    if (st.holders[i] == me) continue;
    const double d = geom::distance(u.pos, st.objectives[i].point);
    if (d < best) {
      best = d;
      goal = st.objectives[i].point;
    }
  }
  for (const auto& e : st.units) {
    if (!e.alive || e.side == u.side || !visible_to(st, e, me)) continue;
    const double d = geom::distance(u.pos, e.pos) + 8;  // objectives first
    if (d < best) {
      best = d;
      goal = e.pos;
    }
  }
  return goal;
}

// A straight move toward the goal, shortened until the handler accepts it.
std::optional<pb::RrMove> move_toward(const RrState& st, int side, const Unit& u) {
  const MoveAllowance a = allowance_now(st, u);
  if (a.inches <= 0) return std::nullopt;
  const Vec2 goal = goal_for(st, u);
  const double d = geom::distance(u.pos, goal);
  if (d < 1.5) return std::nullopt;
  for (double f : {1.0, 0.75, 0.5, 0.25}) {
    const double step = std::min(static_cast<double>(a.inches) * f, d - 1.5);
    if (step < 0.5) break;
    const Vec2 to{u.pos.x + (goal.x - u.pos.x) / d * step, u.pos.y + (goal.y - u.pos.y) / d * step};
    pb::RrMove m;
    m.set_unit_id(u.id);
    geom::to_proto(to, m.add_path());
    m.set_facing_deg(std::fmod(std::atan2(goal.x - u.pos.x, goal.y - u.pos.y) * 180.0 / 3.14159265358979323846 + 360.0, 360.0));
    if (!check_move(st, side, m, nullptr)) return m;
  }
  return std::nullopt;
}

// RR-AIR-05: a unit worth 20 % or more a shot fires at the first enemy aircraft over the table.
std::optional<pb::RrAaFire> flak(const RrState& st, int side, const Unit& u) {
  if (aa_chance_of(u) < 20) return std::nullopt;
  for (const auto& a : st.aircraft) {
    pb::RrAaFire f;
    f.set_unit_id(u.id);
    f.set_aircraft_id(a.id);
    if (!check_aa_fire(st, side, f)) return f;
  }
  return std::nullopt;
}

pb::RrCommand act(const RrState& st, int side, const Unit& u) {
  pb::RrCommand c;
  pb::RrRally r;
  r.set_unit_id(u.id);
  if (u.marker >= Marker::kPinned && !check_rally(st, side, r)) {
    *c.mutable_rally() = r;
    return c;
  }
  if (auto f = flak(st, side, u)) {
    *c.mutable_aa_fire() = *f;
    return c;
  }
  // RR-MEL-01/02: an unmarked unit closes with a weaker enemy it can reach (more figures win pairs).
  if (u.marker == Marker::kNone) {
    for (const auto& e : st.units) {
      if (!e.alive || e.side == side || e.figures + 1 >= u.figures || !visible_to(st, e, st.side_id(side))) continue;
      if (geom::distance(u.pos, e.pos) > 8) continue;
      if (auto m = melee_charge(st, side, u, e)) {
        *c.mutable_move() = *m;
        return c;
      }
    }
  }
  if (auto shot = best_shot(st, side, u)) {
    *c.mutable_fire() = *shot;
    return c;
  }
  if (auto m = move_toward(st, side, u)) {
    *c.mutable_move() = *m;
    return c;
  }
  c.mutable_end_activation();
  return c;
}

pb::RrCommand pick_unit(const RrState& st, int side, Pcg32& rng) {
  pb::RrCommand c;
  const Unit* pick = nullptr;
  int best = -1;
  for (const Unit* u : eligible_units(st, side)) {
    int score = static_cast<int>(rng.below(4));
    if (best_shot(st, side, *u)) score += 20;
    if (u->marker == Marker::kNone) score += 5;
    if (score > best) {
      best = score;
      pick = u;
    }
  }
  if (!pick) {
    c.mutable_pass();
    return c;
  }
  c.mutable_activate()->set_unit_id(pick->id);
  return c;
}

pb::RrCommand command_phase(const RrState& st, int side) {
  pb::RrCommand c;
  for (const auto& l : st.units) {
    if (!l.alive || l.side != side || l.kind != Kind::kLeader) continue;
    for (Marker worst : {Marker::kSuppressed, Marker::kPinned, Marker::kDisrupted}) {
      for (const auto& u : st.units) {
        if (!u.alive || u.side != side || u.id == l.id || u.marker != worst) continue;
        for (int steps : {2, 1}) {
          pb::RrLeaderCommand lc;
          lc.set_leader_id(l.id);
          for (int i = 0; i < steps; ++i) lc.add_unit_ids(u.id);
          if (!check_leader_command(st, side, lc)) {
            *c.mutable_leader_command() = lc;
            return c;
          }
        }
      }
    }
  }
  c.mutable_end_phase();
  return c;
}

pb::RrCommand morale_step(const RrState& st, int side) {
  pb::RrCommand c;
  for (const auto& u : st.units) {
    pb::RrMoraleTest t;
    t.set_unit_id(u.id);
    if (u.alive && u.side == side && u.marker == Marker::kSuppressed && !check_morale_test(st, side, t)) {
      *c.mutable_morale_test() = t;
      return c;
    }
  }
  c.mutable_end_phase();
  return c;
}

// The enemy unit the side sees farthest from its own units (so a strike's drift is less likely
// to land on friends), if it is at least 8" from them.
const Unit* strike_aim(const RrState& st, int side) {
  const Unit* aim = nullptr;
  double best = -1;
  for (const auto& e : st.units) {
    if (!e.alive || e.side == side || !visible_to(st, e, st.side_id(side))) continue;
    double nearest_friend = 1e300;
    for (const auto& f : st.units) {
      if (f.alive && f.side == side) nearest_friend = std::min(nearest_friend, geom::distance(f.pos, e.pos));
    }
    if (nearest_friend > best) {
      best = nearest_friend;
      aim = &e;
    }
  }
  return best >= 8 ? aim : nullptr;
}

// RR-ART-01, RR-AIR-02: each battery not yet plotted, then each aircraft on call without a run,
// aims at strike_aim (an aircraft flies straight up or down the table); done when none is left.
pb::RrCommand plot_step(const RrState& st, int side) {
  pb::RrCommand c;
  const Unit* aim = strike_aim(st, side);
  for (const auto& b : st.batteries) {
    if (!aim || b.side != side) continue;
    if (std::any_of(st.plots.begin(), st.plots.end(), [&](const Plot& p) { return p.battery_id == b.id; })) continue;
    pb::RrPlot p;
    p.set_battery_id(b.id);
    geom::to_proto(aim->pos, p.mutable_point());
    p.set_template_kind(battery_templates(b).back());
    if (!check_plot(st, side, p)) {
      *c.mutable_plot() = p;
      return c;
    }
  }
  for (const auto& a : st.aircraft) {
    if (!aim || a.side != side || a.planned || a.on_table || a.out) continue;
    pb::RrFlightPlan p;
    p.set_aircraft_id(a.id);
    geom::to_proto(aim->pos, p.mutable_aim());
    p.set_heading_deg(0);
    if (!check_flight_plan(st, side, p)) {
      *c.mutable_flight_plan() = p;
      return c;
    }
  }
  c.mutable_end_phase();
  return c;
}

class RrBot final : public Bot {
 public:
  std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32& rng) override {
    const auto& st = static_cast<const RrState&>(game.state());
    const int side = st.side_index(seat);
    if (side < 0 || waiting_side(st) != side) return std::nullopt;
    switch (st.phase) {
      case Phase::kPlot: return order(seat, plot_step(st, side));
      case Phase::kCommand: return order(seat, command_phase(st, side));
      case Phase::kMorale: return order(seat, morale_step(st, side));
      case Phase::kCards:
        if (!st.active_unit.empty()) {
          const Unit* u = st.alive_unit(st.active_unit);
          pb::RrCommand c;
          if (!u) c.mutable_end_activation();
          else c = act(st, side, *u);
          return order(seat, c);
        }
        return order(seat, pick_unit(st, side, rng));
      default: return std::nullopt;
    }
  }
};

}  // namespace

std::unique_ptr<Bot> make_rr_bot() { return std::make_unique<RrBot>(); }

}  // namespace sandtable::rr
