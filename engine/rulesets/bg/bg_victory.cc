// Scenario victory (BG-VIC-01, GAP-BG-VIC-01). The rules define no victory conditions, so the
// scenario does: objectives (a circle on the table worth points, optionally owned by a side at
// the start), points per enemy prisoner and per enemy unit destroyed, and a turn limit. At the
// turn limit the engine scores them and names the winner (more points) or a draw, with reasons
// the players can check; the GM may still overrule the result (BG-GEN-01).
//
// Holding (our decision, docs): a side holds an objective when at least one of its units that
// "holds ground" has a figure (vehicles/emplacements: their centre) inside the circle and no
// enemy unit that holds ground does. Holding ground = on the table, not destroyed, not carried,
// not escorting prisoners, not routing (BG-MOR-04) and standing (BG-UNIT-05). With
// "bg.objective_vehicles" = "contest" vehicles and emplacements only deny an objective. An
// objective nobody holds (empty or contested) stays with its owner, if it has one.
#include <algorithm>

#include "engine/rulesets/bg/bg_units.h"

namespace sandtable::bg {

namespace {

bool inside(const BgState& st, const Unit& u, const Objective& o) {
  const double r = o.radius > 0 ? o.radius : st.options.objective_radius;
  if (u.infantry_like()) {
    for (const auto& f : u.figures) {
      if (f.alive && !f.prisoner && geom::within(geom::distance(f.pos, o.at), r)) return true;
    }
    return false;
  }
  return geom::within(geom::distance(u.position, o.at), r);
}

}  // namespace

bool counts_for_objectives(const Unit& u) {
  if (!u.on_table || u.destroyed || u.prisoner_group || !u.carried_by.empty() || u.markers.routing) return false;
  if (u.infantry_like()) return u.living_fighters() > 0 && !non_standing(u);
  if (u.emplacement) return !u.emplacement->destroyed;
  return u.vehicle.has_value();
}

ObjectiveHolder objective_holder(const BgState& st, const Objective& o) {
  bool present[2] = {false, false};   // any unit that counts
  bool holds[2] = {false, false};     // a unit that may hold (vehicles per the option)
  for (const auto& u : st.units) {
    if (u.side < 0 || u.side > 1 || !counts_for_objectives(u) || !inside(st, u, o)) continue;
    present[u.side] = true;
    if (u.infantry_like() || st.options.vehicles_hold) holds[u.side] = true;
  }
  ObjectiveHolder h;
  for (int s = 0; s < 2; ++s) {
    if (holds[s] && !present[1 - s]) {
      h.side = s;
      h.how = "held by " + side_id(st, s);
      return h;
    }
  }
  const bool contested = present[0] && present[1];
  if (o.owner >= 0) {
    h.side = o.owner;
    h.how = std::string(contested ? "contested" : "not held") + "; kept by its owner " + side_id(st, o.owner);
    return h;
  }
  h.how = contested ? "contested; nobody holds it" : "nobody holds it";
  return h;
}

void score_victory(Context& ctx, BgState& st, const std::string& why) {
  pb::BgEvent e;
  auto* v = e.mutable_victory();
  int score[2] = {0, 0};
  for (const auto& o : st.objectives) {
    const ObjectiveHolder h = objective_holder(st, o);
    auto* x = v->add_objectives();
    x->set_name(o.name);
    x->set_points(o.points);
    x->set_how(h.how);
    if (h.side >= 0) {
      x->set_holder(side_id(st, h.side));
      score[h.side] += o.points;
    }
  }
  // Prisoners still guarded (BG-PRIS-05: a group whose guards all died counts for nobody).
  if (st.prisoner_points > 0) {
    for (int s = 0; s < 2; ++s) {
      int n = 0;
      for (const auto& u : st.units) {
        if (u.side != s || u.destroyed || u.living_fighters() == 0) continue;
        for (const auto& f : u.figures) n += f.alive && f.prisoner && f.prisoner_of == s ? 1 : 0;
      }
      if (n > 0) {
        score[s] += n * st.prisoner_points;
        v->add_notes(side_id(st, s) + " holds " + std::to_string(n) + " prisoner(s): +" + std::to_string(n * st.prisoner_points));
      }
    }
  }
  if (st.destroyed_unit_points > 0) {
    for (int s = 0; s < 2; ++s) {
      int n = 0;
      for (const auto& u : st.units) n += u.side == 1 - s && u.destroyed && !u.prisoner_group ? 1 : 0;
      if (n > 0) {
        score[s] += n * st.destroyed_unit_points;
        v->add_notes(side_id(st, s) + " destroyed " + std::to_string(n) + " enemy unit(s): +" +
                     std::to_string(n * st.destroyed_unit_points));
      }
    }
  }
  std::string summary;
  for (int s = 0; s < 2; ++s) {
    v->add_sides(side_id(st, s));
    v->add_scores(score[s]);
    summary += (s ? ", " : "") + side_id(st, s) + " " + std::to_string(score[s]);
  }
  std::string winner;
  if (score[0] != score[1]) winner = side_id(st, score[0] > score[1] ? 0 : 1);
  const bool scored = !st.objectives.empty() || st.prisoner_points > 0 || st.destroyed_unit_points > 0;
  std::string reason = why + "; ";
  if (!scored) {
    reason += "the scenario sets no objectives: a draw unless the GM rules otherwise";
  } else if (winner.empty()) {
    reason += "victory points are level (" + summary + "): a draw";
  } else {
    reason += winner + " wins on victory points (" + summary + ")";
  }
  v->set_winner(winner);
  v->set_reason(reason);
  emit_bg(ctx, e);
  ctx.end_game(winner, reason);
}

}  // namespace sandtable::bg
