// The charged unit's flee (BG-MEL-12/14): after the defender answers "move", the 2D6 is rolled
// at once (BgFleeRolled) and the defender's seat is asked (decision BG_FLEE) to draw the way away
// (BgFlee, offered on the menu as a free-table move of exactly the roll) or to flee straight away
// (the automatic flee of bg_melee.cc / bg_melee_defence.cc). A drawn flee is walked with the
// ordinary movement code (walk_path: terrain, walls, rivers, enemies; BG-TER-02..04, BG-MOVE-10),
// pays for a turn (BG-MOVE-08; tracked vehicles BG-VMOV-05), uses the whole roll unless blocked,
// goes away from the charger (GAP-BG-MEL-14b) and ends legally. Then the charge goes on.
#include <algorithm>
#include <cmath>

#include "engine/rulesets/bg/bg_hidden.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_move_util.h"
#include "engine/rulesets/bg/bg_path.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

Vec2 centre(const Unit& u) { return u.infantry_like() ? com(u) : u.position; }

// Everything a checked drawn flee needs to be carried out.
struct FleePlan {
  const Unit* def = nullptr;
  const Unit* charger = nullptr;
  int roll = 0;
  std::vector<Vec2> path;  // from the unit's centre
  Facing end_facing;
  double facing_cost = 0;  // BG-MOVE-08 (infantry) or BG-VMOV-05 (tracked vehicles)
  double budget = 0;       // roll - facing cost, at least 1" (BG-MOVE-09)
  WalkResult walk;
  Formation figures;       // infantry: the formation at the end
};

// BG-VMOV-07 / BG-MOVE-10: the hull at `at` facing `f` stands on the table and on nobody the
// defender's side may see (a hidden enemy never refuses an order, BG-UNIT-09).
Check vehicle_end(const BgState& st, const Unit& v, Vec2 at, Facing f) {
  Unit moved = v;
  moved.position = at;
  moved.facing = f;
  const geom::Polygon hull = vehicle_hull(moved);
  for (Vec2 c : hull.vertices()) {
    if (c.x < 0 || c.y < 0 || c.x > st.width || c.y > st.height) {
      return refusal("BG_OFF_TABLE", "BG-GEN-04", label(v) + " would end off the table.");
    }
  }
  for (const auto& o : st.units) {
    if (o.id == v.id || !o.on_table || o.destroyed || !o.carried_by.empty()) continue;
    if (o.hidden && o.side != v.side) continue;
    bool on = false;
    for (const auto& fp : footprints(st, o)) {
      for (Vec2 c : fp.vertices()) on = on || geom::locate(hull, c) != geom::Where::kOutside;
      for (Vec2 c : hull.vertices()) on = on || geom::locate(fp, c) != geom::Where::kOutside;
    }
    if (on) return refusal("BG_FLEE_ON_UNIT", "BG-VMOV-07", label(v) + " would end on " + label(o) + ".");
  }
  return std::nullopt;
}

// BG-MOVE-10 / BG-MOVE-01: infantry ends on the table, cohesive, off the enemy (the ordinary
// end-of-move check) and on no other unit's bases or hull (hidden enemies excepted, BG-UNIT-09).
Check infantry_end(const BgState& st, const Unit& u, const Formation& figs) {
  if (auto c = check_end_position(st, u, figs)) return c;
  for (const auto& o : st.units) {
    if (o.id == u.id || !o.on_table || o.destroyed || !o.carried_by.empty()) continue;
    if (o.hidden && o.side != u.side) continue;
    for (const auto& [id, p] : figs) {
      bool on = false;
      if (o.infantry_like()) {
        for (const auto& f : o.figures) {
          on = on || (f.alive && geom::beyond(st.options.base_size, std::max(std::fabs(p.x - f.pos.x), std::fabs(p.y - f.pos.y))));
        }
      } else {
        for (const auto& fp : footprints(st, o)) on = on || geom::locate(fp, p) != geom::Where::kOutside;
      }
      if (on) return refusal("BG_FLEE_ON_UNIT", "BG-MOVE-10", label(u) + " would end on " + label(o) + ".");
    }
  }
  return std::nullopt;
}

Check end_check(const BgState& st, const FleePlan& p, Vec2 at) {
  if (p.def->vehicle) return vehicle_end(st, *p.def, at, p.end_facing);
  Formation f;
  for (const auto& [id, pos] : current_formation(*p.def)) f.emplace_back(id, pos + (at - p.path.front()));
  return infantry_end(st, *p.def, f);
}

// GAP-BG-MEL-14c: a flee may end short of its roll only where it cannot go on: one more inch
// (or what is left, if less) straight on along its last leg, and straight away from the
// charger, would each cross impassable ground, pass through the enemy, leave the table or end
// on another unit.
bool blocked_at(const BgState& st, const FleePlan& p, Vec2 end, double left) {
  const double step = std::min(left, 1.0);
  std::vector<Vec2> dirs;
  const auto walked = walked_prefix(p.path, end);
  for (std::size_t i = walked.size(); i-- > 1;) {
    const Vec2 d = walked[i] - walked[i - 1];
    if (!geom::negligible(geom::length(d))) {
      dirs.push_back(d / geom::length(d));
      break;
    }
  }
  const Vec2 away = end - centre(*p.charger);
  if (!geom::negligible(geom::length(away))) dirs.push_back(away / geom::length(away));
  for (Vec2 d : dirs) {
    const std::vector<Vec2> more{end, end + d * step};
    std::vector<std::string> overrun;
    if (path_passable(st, *p.def, more, p.def->vehicle ? &overrun : nullptr)) continue;
    if (end_check(st, p, more.back())) continue;
    return false;
  }
  return true;
}

Check plan_flee(const BgState& st, int side, const pb::BgFlee& f, FleePlan* p) {
  if (!st.charge || st.charge->flee_roll <= 0) {
    return refusal("BG_FLEE_WITH_ANSWER", "BG-MEL-14",
                   "No unit is fleeing now: a charged unit flees only after answering \"move\" to the charge (BG-MEL-12).");
  }
  p->def = st.active_unit(st.charge->target);
  p->charger = st.active_unit(st.charge->charger);
  if (!p->def || !p->charger) return refusal("BG_NO_CHARGE", "BG-MEL-14", "The charge's units are gone.");
  const Unit& u = *p->def;
  p->roll = st.charge->flee_roll;
  if (u.side != side || f.unit_id() != u.id) {
    return refusal("BG_NOT_FLEEING", "BG-MEL-14", label(u) + " is the unit fleeing now, not '" + f.unit_id() + "'.");
  }
  if (f.path_size() == 0) {
    return refusal("BG_FLEE_NO_PATH", "BG-MEL-14", "Draw the way " + label(u) + " flees (" + inches(p->roll) + ").");
  }
  if (f.path_size() > kMaxPathPoints) {
    return refusal("BG_PATH_TOO_LONG", "BG-MOVE-04", "A path has at most " + std::to_string(kMaxPathPoints) + " points.");
  }
  const auto facing = facing_from_degrees(f.facing_deg());
  if (!facing) return refusal("BG_BAD_FACING", "BG-MOVE-02", "Facings are compass degrees in half-degree steps.");
  p->end_facing = *facing;
  p->path = {centre(u)};
  for (const auto& pt : f.path()) {
    const Vec2 v = to_vec(pt);
    if (!geom::is_finite(v)) return refusal("BG_BAD_POINT", "BG-MOVE-04", "A path point is not a number.");
    p->path.push_back(v);
  }
  // BG-MEL-14 "facing changes still cost": BG-MOVE-08 for infantry (against the direction of
  // the last leg), BG-VMOV-05 for a tracked vehicle (every turn along the way; wheeled: free).
  if (u.vehicle) {
    p->facing_cost = u.vehicle->wheeled ? 0 : tracked_turn_cost(st.options, total_turn_degrees(u.facing, p->path, *facing, false));
  } else {
    std::optional<Facing> travel;
    for (std::size_t i = p->path.size(); i-- > 1;) {
      if (!geom::negligible(geom::distance(p->path[i - 1], p->path[i]))) {
        travel = Facing::toward(p->path[i - 1], p->path[i]);
        break;
      }
    }
    p->facing_cost = travel ? facing_cost(st.options, *travel, *facing) : 0;
  }
  p->budget = std::max(p->roll - p->facing_cost, kMinimumMove);  // BG-MOVE-09
  // The ordinary path rules and costs (BG-TER-02..04, BG-MOVE-10); a longer path is walked as
  // far as the roll goes (the whole roll is used).
  if (auto c = walk_path(st, u, p->path, p->budget, &p->walk)) return c;
  Vec2 end = p->walk.end;
  // GAP-BG-MEL-14c: the table edge stops it: a way drawn off the table ends at the last point
  // of it (0.05" steps back) where the unit stands wholly on the table.
  bool at_edge = false;
  if (auto e = end_check(st, *p, end); e && e->code == "BG_OFF_TABLE") {
    std::optional<Vec2> fit;
    for (Vec2 q : back_off_points(p->path, end)) {
      if (!end_check(st, *p, q)) {
        fit = q;
        break;
      }
    }
    if (!fit) return e;
    end = *fit;
    at_edge = true;
    p->walk.end = end;
    p->walk.used = path_cost_for(st, u, walked_prefix(p->path, end));
    p->walk.reached = false;
    p->walk.notes.push_back("stopped at the table edge");
  }
  // GAP-BG-MEL-14b: "generally away": no point of the way walked nearer the charger than the
  // start, and the end strictly farther.
  const Vec2 c = centre(*p->charger);
  const double d0 = geom::distance(p->path.front(), c);
  const auto walked = walked_prefix(p->path, end);
  for (std::size_t i = 0; i + 1 < walked.size(); ++i) {
    if (geom::beyond(d0, geom::distance_to_segment(c, {walked[i], walked[i + 1]}))) {
      return refusal("BG_FLEE_TOWARD", "BG-MEL-14",
                     label(u) + " must flee away from " + label(*p->charger) + ": the way drawn comes nearer to it than where " +
                         label(u) + " stands.");
    }
  }
  if (!geom::beyond(geom::distance(end, c), d0)) {
    return refusal("BG_FLEE_TOWARD", "BG-MEL-14", label(u) + " must end its flee farther from " + label(*p->charger) + " than it is now.");
  }
  // BG-MEL-14 "move that full distance": a short way only where it cannot go on (GAP-BG-MEL-14c).
  if (!at_edge && geom::beyond(p->budget, p->walk.used) && !blocked_at(st, *p, end, p->budget - p->walk.used)) {
    std::string cost = inches(p->walk.used);
    if (p->facing_cost > 0) cost += " and " + inches(p->facing_cost) + " for its facing";
    return refusal("BG_FLEE_SHORT", "BG-MEL-14",
                   label(u) + " must flee the whole " + inches(p->roll) + ": the way drawn uses " + cost + ", and it could go farther.");
  }
  if (auto e = end_check(st, *p, end)) return e;
  if (!u.vehicle) {
    for (const auto& [id, pos] : current_formation(u)) p->figures.emplace_back(id, pos + (end - p->path.front()));
  }
  return std::nullopt;
}

}  // namespace

void ask_flee(Context& ctx, BgState& st, const Unit& def, const Unit& charger, int roll) {
  pb::BgEvent e;
  auto* r = e.mutable_flee_rolled();
  r->set_unit_id(def.id);
  r->set_charger_id(charger.id);
  r->set_roll(roll);
  emit_bg(ctx, e);
  pb::Decision q;
  q.set_seat(side_id(st, def.side));
  q.set_rule_id("BG-MEL-14");
  q.set_kind(kFleeKind);
  q.set_unit_id(def.id);
  q.set_prompt(label(def) + " flees " + inches(roll) + ": draw its way away from " + label(charger));
  auto* ch = q.add_choices();
  ch->set_id("straight");
  ch->set_label("Flee straight away");
  ctx.ask(std::move(q));
}

void answer_flee(Context& ctx, BgState& st, const std::string& choice) {
  if (!st.charge || st.charge->flee_roll <= 0) reject("BG_NO_CHARGE", "BG-MEL-14", "No unit is fleeing now.");
  if (choice != "straight") reject("NOT_A_CHOICE", "BG-MEL-14", "Draw the flee on the table, or flee straight away.");
  const PendingCharge pc = *st.charge;
  const Unit* def = st.active_unit(pc.target);
  const Unit* chg = st.active_unit(pc.charger);
  if (def && chg) {
    if (def->vehicle) vehicle_flee(ctx, st, *def, *chg, pc.flee_roll);
    else flee_straight(ctx, st, *def, *chg, pc.flee_roll);
  }
  charge_distance(ctx, st, pc.charger, pc.target, pc.path, false);
}

Check check_flee(const BgState& st, int side, const pb::BgFlee& f) {
  FleePlan p;
  return plan_flee(st, side, f, &p);
}

void do_flee(Context& ctx, BgState& st, int side, const pb::BgFlee& f) {
  FleePlan p;
  if (auto c = plan_flee(st, side, f, &p)) refuse(*c);
  const PendingCharge pc = *st.charge;
  const Unit& u = *p.def;
  const std::string uid = u.id;
  const Vec2 from = p.path.front();
  Vec2 end = p.walk.end;
  Facing end_facing = p.end_facing;
  // BG-UNIT-09: a hidden enemy on the way (or where it ends) was not known when the way was
  // checked (a refusal would have revealed it): the flee stops short of it, as far along the way
  // as it stands clear (else it stays), and the hidden unit is found, as in any move.
  auto touched_at = [&](Vec2 at) {
    const auto walked = walked_prefix(p.path, at);
    if (u.vehicle) {
      Unit moved = u;
      moved.position = at;
      moved.facing = p.end_facing;
      return hidden_touched(st, u, walked, {}, vehicle_hull(moved));
    }
    Formation f;
    for (const auto& [id, pos] : current_formation(u)) f.emplace_back(id, pos + (at - from));
    return hidden_touched(st, u, walked, f, std::nullopt);
  };
  const std::vector<std::string> ran_into = touched_at(end);
  if (!ran_into.empty()) {
    Vec2 stop = from;
    for (Vec2 q : back_off_points(p.path, end)) {
      if (!end_check(st, p, q) && touched_at(q).empty()) {
        stop = q;
        break;
      }
    }
    if (u.vehicle && geom::negligible(geom::distance(stop, from))) end_facing = u.facing;  // it stays as it was
    end = stop;
    p.walk.used = path_cost_for(st, u, walked_prefix(p.path, end));
    p.walk.reached = false;
    p.walk.notes.push_back("stopped short: ran into a hidden enemy unit");
    p.figures.clear();
    for (const auto& [id, pos] : current_formation(u)) p.figures.emplace_back(id, pos + (end - from));
  }
  const double facing_deg = ran_into.empty() ? f.facing_deg() : facing_degrees(end_facing);
  if (u.markers.dug_in) {  // BG-MEL-14: digging out is free here
    pb::BgEvent m;
    m.mutable_markers()->set_unit_id(u.id);
    m.mutable_markers()->add_removed("dug_in");
    m.mutable_markers()->set_reason("fled from a charge (BG-MEL-14)");
    emit_bg(ctx, m);
  }
  if (u.vehicle) {
    pb::BgVehicleMoved e;
    e.set_unit_id(u.id);
    e.set_dice(2);
    e.set_roll(p.roll);
    e.set_turn_cost(p.facing_cost);
    e.set_allowance(p.budget);
    e.set_used(p.walk.used);
    e.set_reached(p.walk.reached);
    *e.mutable_from() = to_point(from);
    *e.mutable_to() = to_point(end);
    e.set_facing_deg(facing_deg);
    for (const auto& n : p.walk.notes) e.add_notes(n);
    e.add_notes("drove away from a charge along the way its player drew (BG-MEL-12/14)");
    pb::BgEvent ev;
    *ev.mutable_vehicle_moved() = e;
    emit_bg(ctx, ev);
  } else {
    pb::BgUnitMoved mv;
    mv.set_unit_id(u.id);
    mv.set_intent(pb::BG_MOVE_FLEE);
    mv.set_roll(p.roll);
    mv.set_allowance(p.budget);
    mv.set_facing_cost(p.facing_cost);
    mv.set_used(p.walk.used);
    mv.set_reached(p.walk.reached);
    *mv.mutable_from() = to_point(from);
    *mv.mutable_to() = to_point(end);
    mv.set_facing_deg(facing_deg);
    for (const auto& [id, pos] : p.figures) {
      auto* fp = mv.add_figures();
      fp->set_figure_id(id);
      *fp->mutable_position() = to_point(pos);
    }
    if (p.facing_cost > 0) mv.add_notes("facing change -" + inches(p.facing_cost));
    for (const auto& n : p.walk.notes) mv.add_notes(n);
    mv.add_notes("fled along the way its player drew");
    mv.set_acted_as("flee");
    emit_unit_moved(ctx, st, u, mv);
  }
  reveal_ran_into(ctx, ran_into);
  detect_mines(ctx, st, uid, walked_prefix(p.path, end));  // BG-MINE-04/08: the way walked
  reveal_hidden(ctx, st);
  charge_distance(ctx, st, pc.charger, pc.target, pc.path, false);
}

std::vector<pb::BgFlee> flee_candidates(const BgState& st) {
  std::vector<pb::BgFlee> out;
  if (!st.charge || st.charge->flee_roll <= 0) return out;
  const Unit* def = st.active_unit(st.charge->target);
  const Unit* chg = st.active_unit(st.charge->charger);
  if (!def || !chg) return out;
  const Vec2 from = centre(*def);
  const Vec2 away = from - centre(*chg);
  if (geom::negligible(geom::length(away))) return out;
  // Facings in half-degree steps, so the end facing is the direction of travel (no cost).
  const double deg = std::round(facing_degrees(Facing::along(away)) * 2) / 2;
  for (double turn : {0.0, -45.0, 45.0}) {
    const double d = std::fmod(deg + turn + 720.0, 360.0);
    const auto f = facing_from_degrees(d);
    if (!f) continue;
    pb::BgFlee c;
    c.set_unit_id(def->id);
    // Drawn longer than the roll: the walk stops where the roll (and the terrain) ends it.
    *c.add_path() = to_point(from + f->forward() * (2.0 * st.charge->flee_roll + 2));
    c.set_facing_deg(d);
    if (!check_flee(st, def->side, c)) out.push_back(c);
  }
  return out;
}

}  // namespace sandtable::bg
