// A computer player that plays both sides sensibly: it fires at its priority target when it
// has one (best modifier, then closest: OH-FIRE-04), otherwise moves toward the nearest
// objective it does not hold (or the nearest enemy), keeping out of woods it may not enter;
// it fires from Ready when it can; in the Rally & Ready step it rallies hurt units, makes
// the others Ready, and digs in units that hold an objective. It reads only what its side sees.
#include "engine/rulesets/oh/oh_bot.h"

#include <algorithm>
#include <cmath>

#include "engine/model/game.h"
#include "engine/model/payload.h"
#include "engine/rulesets/oh/oh_internal.h"

namespace sandtable::oh {

namespace {

pb::Command order(const std::string& seat, const pb::OhCommand& c) { return order_of(seat, c); }

Vec2 goal_for(const OhState& st, const Unit& u) {
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
    const double d = geom::distance(u.pos, e.pos) + 6;  // objectives first
    if (d < best) {
      best = d;
      goal = e.pos;
    }
  }
  return goal;
}

// A goal across a river is reached by its nearest bridge or ford first.
Vec2 via_crossing(const OhState& st, Vec2 from, Vec2 goal) {
  if (!river_blocks(st, from, goal)) return goal;
  double best = 1e300;
  Vec2 via = goal;
  for (const auto& t : st.table->terrain) {
    if ((t.kind != TerrainKind::kFord && t.kind != TerrainKind::kBridge) || !t.area) continue;
    const Vec2 c = geom::centroid(t.area->vertices());
    const double d = geom::distance(from, c) + geom::distance(c, goal);
    if (d < best) {
      best = d;
      via = c;
    }
  }
  return via;
}

bool holds_objective(const OhState& st, const Unit& u) {
  for (const auto& o : st.objectives) {
    if (geom::within(geom::distance(u.pos, o.point), o.radius)) return true;
  }
  return false;
}

// The longest legal straight move toward the goal (then a few turns off it), facing the goal.
pb::OhMove move_toward(const OhState& st, const Unit& u, Pcg32& rng) {
  pb::OhMove m;
  m.set_unit_id(u.id);
  m.set_facing_deg(-1);
  const Vec2 goal = via_crossing(st, u.pos, goal_for(st, u));
  const Vec2 d = goal - u.pos;
  const double dist = geom::length(d);
  if (dist < 1 || !st.pending_move) return m;
  const int allowance = st.pending_move->allowance;
  const double stop_short = u.type == UnitType::kInfantry || u.type == UnitType::kTank ? 1.5 : 6;
  const double reach = std::min<double>(allowance, std::max(0.0, dist - stop_short));
  const int wiggle = static_cast<int>(rng.below(3));
  for (int turn : {0, 20, -20, 45, -45, 70, -70}) {
    const geom::Facing dir = geom::Facing::along(d).turned_half_degrees((turn + wiggle) * 2);
    for (double frac : {1.0, 0.75, 0.5, 0.25}) {
      const Vec2 to = u.pos + dir.forward() * (reach * frac);
      if (reach * frac < 0.5) continue;
      pb::OhMove t;
      t.set_unit_id(u.id);
      geom::to_proto(to, t.add_path());
      // Face the goal at the end, in whole degrees.
      const double deg = geom::Facing::along(goal - to == Vec2{} ? d : goal - to).degrees_for_display();
      t.set_facing_deg(std::fmod(std::round(deg), 360.0));
      if (!check_move(st, u.side, t)) return t;
      t.set_facing_deg(-1);
      if (!check_move(st, u.side, t)) return t;
    }
  }
  return m;
}

class OhBot final : public Bot {
 public:
  std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32& rng) override {
    const auto& st = static_cast<const OhState&>(game.state());
    const int side = st.side_index(seat);
    if (side < 0 || st.over) return std::nullopt;
    for (const auto& d : st.decisions) {
      if (d.seat() != seat) continue;
      // Ready fire: shoot with the first Ready unit that has a target, else hold.
      for (const Unit* u : ready_shooters(st)) {
        if (const Unit* t = priority_target(st, *u, true); t && !check_fire(st, side, u->id, t->id)) {
          pb::OhCommand c;
          c.mutable_fire()->set_unit_id(u->id);
          c.mutable_fire()->set_target_id(t->id);
          return order(seat, c);
        }
      }
      pb::Command c;
      c.set_seat(seat);
      c.mutable_answer()->set_decision_id(d.id());
      c.mutable_answer()->set_choice_id(kHoldFire);
      return c;
    }
    if (!st.decisions.empty() || side != st.phasing) return std::nullopt;
    pb::OhCommand c;
    if (st.pending_move) {
      const Unit* u = st.alive_unit(st.pending_move->unit_id);
      if (!u) return std::nullopt;
      *c.mutable_move() = move_toward(st, *u, rng);
      return order(seat, c);
    }
    for (const auto& u : st.units) {
      if (!u.alive || u.side != side || u.acted) continue;
      if (st.step == Step::kMortar || st.step == Step::kActions) {
        const Unit* t = priority_target(st, u, false);
        if (t && !check_fire(st, side, u.id, t->id)) {
          c.mutable_fire()->set_unit_id(u.id);
          c.mutable_fire()->set_target_id(t->id);
          return order(seat, c);
        }
      }
      if (st.step == Step::kActions) {
        // Hold an objective once there, and let Ready or Dug-in units wait for the enemy.
        if (holds_objective(st, u) || (u.ready && rng.below(3) != 0)) continue;
        if (geom::distance(goal_for(st, u), u.pos) < 2) continue;
        const bool march = !threatened(st, u) && rng.below(4) == 0 && fire_targets(st, u).empty();
        if (!check_roll_move(st, side, u.id, march)) {
          c.mutable_roll_move()->set_unit_id(u.id);
          c.mutable_roll_move()->set_march(march);
          return order(seat, c);
        }
      }
      if (st.step == Step::kRally) {
        pb::OhRallyReady r;
        r.set_unit_id(u.id);
        for (auto k : {u.hits >= 4 ? pb::OH_RALLY : pb::OH_RR_UNSPECIFIED, holds_objective(st, u) ? pb::OH_DIG_IN : pb::OH_RR_UNSPECIFIED,
                       pb::OH_READY, pb::OH_RALLY}) {
          if (k == pb::OH_RR_UNSPECIFIED) continue;
          r.set_kind(k);
          if (!check_rally_ready(st, side, r)) {
            *c.mutable_rally_ready() = r;
            return order(seat, c);
          }
        }
      }
    }
    c.mutable_end_step();
    return order(seat, c);
  }
};

}  // namespace

std::unique_ptr<Bot> make_oh_bot() { return std::make_unique<OhBot>(); }

}  // namespace sandtable::oh
