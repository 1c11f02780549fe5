// Vehicle movement (BG-VMOV-01..09, BG-MOVE-10/14): chosen number of movement dice with the
// immobilisation risk, road bonus, tracked turning cost, reversing, no ramming, tank overrun.
#include <algorithm>
#include <cmath>

#include "engine/rulesets/bg/bg_hidden.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_path.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/rulesets/bg/bgm_layer.h"

namespace sandtable::bg {

namespace {

// Whole degrees of the turn between two facings, rounded up (searching the exact
// turn_at_most test, so no trigonometry decides a cost).
int turn_degrees(Facing a, Facing b) {
  int lo = 0, hi = 180;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (geom::turn_at_most(a, b, mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

}  // namespace

// BG-VMOV-05: the total heading change along the path, start facing to end facing. Reversing
// vehicles travel backwards, so their heading along a leg is the leg reversed.
int total_turn_degrees(Facing start, const std::vector<Vec2>& path, Facing end, bool reverse) {
  int total = 0;
  Facing heading = start;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    if (geom::negligible(geom::distance(path[i], path[i + 1]))) continue;
    Facing leg = Facing::toward(path[i], path[i + 1]);
    if (reverse) leg = leg.reversed();
    total += turn_degrees(heading, leg);
    heading = leg;
  }
  return total + turn_degrees(heading, end);
}

double tracked_turn_cost(const Options& o, int degrees) {
  if (o.tracked_turn_quarters) return kTrackedTurnCost * ((degrees + 89) / 90);
  return kTrackedTurnCost * degrees / 90.0;  // proportional: 3" per 90 degrees
}

Check plan_vehicle(const BgState& st, int side, const pb::BgVehicleMove& m, VehiclePlan* plan) {
  const Unit* u = nullptr;
  if (auto c = check_unit_may_act(st, side, m.unit_id(), BgAction::kMove, &u)) return c;
  if (!u->vehicle) return refusal("BG_NOT_VEHICLE", "BG-VMOV-03", label(*u) + " is not a vehicle.");
  if (u->vehicle->immobilized) {
    return refusal("BG_IMMOBILIZED", "BG-VMOV-01", label(*u) + " is immobilized for the rest of the game.");
  }
  if (auto c = check_bgm_may_move(st, *u)) return c;
  if (m.dice() < 1 || m.dice() > u->vehicle->move_dice) {
    return refusal("BG_VEHICLE_DICE", u->vehicle->move_dice == 4 ? "BG-VMOV-01" : "BG-VMOV-02",
                   label(*u) + " rolls 1 to " + std::to_string(u->vehicle->move_dice) + " movement dice.");
  }
  const auto f = facing_from_degrees(m.facing_deg());
  if (!f) return refusal("BG_BAD_FACING", "BG-MOVE-02", "Facings are compass degrees in half-degree steps.");
  plan->end_facing = *f;
  if (m.path_size() > kMaxPathPoints) {
    return refusal("BG_PATH_TOO_LONG", "BG-VMOV-03", "A path has at most " + std::to_string(kMaxPathPoints) + " points.");
  }
  if (m.path_size() == 0) {
    if (auto c = check_trapped_turn(st, *u, *f)) return c;  // BG-MINE-08: not even a turn
  }
  plan->path.push_back(u->position);
  for (const auto& p : m.path()) {
    const Vec2 v = to_vec(p);
    if (!geom::is_finite(v)) return refusal("BG_BAD_POINT", "BG-VMOV-03", "A path point is not a number.");
    plan->path.push_back(v);
  }
  if (m.road() && !path_on_road(st, plan->path)) {
    return refusal("BG_NOT_ON_ROAD", "BG-VMOV-04", "The road bonus needs the whole move along a road.");
  }
  if (auto c = path_passable(st, *u, plan->path, &plan->overrun)) return c;
  if (!m.overrun_weapon_id().empty()) {
    const auto& ws = u->vehicle->weapons;
    const auto w = std::find_if(ws.begin(), ws.end(), [&](const Weapon& x) { return x.id == m.overrun_weapon_id(); });
    if (w == ws.end() || w->kind != WeaponKind::kMachineGun) {
      return refusal("BG_OVERRUN_WEAPON", "BG-VMOV-08", "'" + m.overrun_weapon_id() + "' is not a machine gun of " + label(*u) + ".");
    }
    if (plan->overrun.empty()) return refusal("BG_NO_OVERRUN", "BG-VMOV-08", "The path passes through no enemy infantry.");
  }
  plan->turn_deg = u->vehicle->wheeled ? 0 : total_turn_degrees(u->facing, plan->path, *f, m.reverse());
  return std::nullopt;
}

double vehicle_budget(const BgState& st, const Unit& u, const pb::BgVehicleMove& m, const VehiclePlan& plan, int roll,
                      double* turn_cost) {
  double allowance = roll;
  if (m.road()) allowance += vehicle_road_bonus(roll);  // BG-VMOV-04
  if (m.reverse()) allowance /= kReverseFraction;       // BG-VMOV-06
  if (u.vehicle->bgm && u.vehicle->bgm->half_movement) allowance /= 2;  // BGM-VDMG-08 engine/suspension
  *turn_cost = u.vehicle->wheeled ? 0 : tracked_turn_cost(st.options, plan.turn_deg);  // BG-VMOV-05
  return std::max(allowance - *turn_cost, kMinimumMove);  // BG-MOVE-09
}

Check check_vehicle_move(const BgState& st, int side, const pb::BgVehicleMove& m) {
  VehiclePlan plan;
  return plan_vehicle(st, side, m, &plan);
}

void do_vehicle_move(Context& ctx, BgState& st, int side, const pb::BgVehicleMove& m) {
  VehiclePlan plan;
  if (auto c = plan_vehicle(st, side, m, &plan)) refuse(*c);
  const Unit& u = *st.find(m.unit_id());
  const std::string uid = u.id;
  const std::vector<int> dice = ctx.roll_pool(m.dice(), pb::DIE_KIND_D6, "vehicle movement");
  int roll = 0;
  for (int d : dice) roll += d;
  pb::BgVehicleMoved e;
  e.set_unit_id(uid);
  e.set_dice(m.dice());
  e.set_roll(roll);
  e.set_reverse(m.reverse());
  e.set_road(m.road());
  *e.mutable_from() = to_point(u.position);
  // BG-VMOV-01/02: rolling every die risks permanent immobilisation; the vehicle then stays.
  if (immobilized_by_roll(u.vehicle->move_dice, m.dice(), roll)) {
    e.set_immobilized(true);
    *e.mutable_to() = to_point(u.position);
    e.set_facing_deg(facing_degrees(u.facing));
    e.add_notes("all " + std::to_string(m.dice()) + " dice total " + std::to_string(roll) + ": permanently immobilized");
    pb::BgEvent ev;
    *ev.mutable_vehicle_moved() = e;
    emit_bg(ctx, ev);
    unit_acted(ctx, st, *st.find(uid), BgAction::kMove);
    return;
  }
  double turn_cost = 0;
  const double budget = vehicle_budget(st, u, m, plan, roll, &turn_cost);
  e.set_turn_cost(turn_cost);
  e.set_allowance(budget);
  WalkResult w;
  if (auto c = walk_path(st, u, plan.path, budget, &w)) refuse(*c);
  e.set_used(w.used);
  e.set_reached(w.reached);
  *e.mutable_to() = to_point(w.end);
  e.set_facing_deg(m.facing_deg());
  // BG-VMOV-07: no ramming and no running figures over: the hull may not end on anyone. The
  // declared intent is carried out as far as possible (BG-VMOV-03), so a vehicle whose roll
  // would leave it on top of another unit (or off the table) stops short.
  Facing end_facing = plan.end_facing;
  auto fits = [&](Vec2 at) {
    Unit moved = u;
    moved.position = at;
    moved.facing = end_facing;
    const geom::Polygon hull = vehicle_hull(moved);
    for (Vec2 c : hull.vertices()) {
      if (c.x < 0 || c.y < 0 || c.x > st.width || c.y > st.height) return false;
    }
    for (const auto& o : st.units) {
      if (o.id == uid || !o.on_table || o.destroyed || !o.carried_by.empty()) continue;
      if (o.hidden && o.side != u.side) continue;  // BG-UNIT-09: see bg_hidden.cc
      if (o.infantry_like()) {
        for (const auto& f : o.figures) {
          if (!f.alive) continue;
          if (geom::locate(hull, f.pos) != geom::Where::kOutside) return false;
          if (!geom::beyond(geom::distance_to_boundary(hull, f.pos), st.options.base_size / 2)) return false;
        }
      } else {
        const geom::Polygon other = footprints(st, o).front();
        for (Vec2 c : other.vertices()) {
          if (geom::locate(hull, c) == geom::Where::kInside) return false;
        }
        for (Vec2 c : hull.vertices()) {
          if (geom::locate(other, c) == geom::Where::kInside) return false;
        }
        if (geom::locate(other, at) != geom::Where::kOutside) return false;
      }
    }
    return true;
  };
  if (!fits(w.end)) {
    bool found = false;
    for (Vec2 p : back_off_points(plan.path, w.end)) {
      if (fits(p)) {
        e.add_notes("stopped short: the full roll would end on another unit or off the table");
        w.end = p;
        w.reached = false;
        found = true;
        break;
      }
    }
    if (!found) {
      // Nowhere on the path can it end facing that way: it stays where it is, as it was.
      e.add_notes("could not move or turn without touching another unit: it stays");
      w.end = u.position;
      end_facing = u.facing;
      e.set_facing_deg(facing_degrees(u.facing));
    }
    *e.mutable_to() = to_point(w.end);
    e.set_reached(false);
  }
  // BG-UNIT-09: the dice may carry it into a hidden enemy: it stops short and finds it.
  auto hull_at = [&](Vec2 at) {
    Unit moved = u;
    moved.position = at;
    moved.facing = end_facing;
    return std::optional<geom::Polygon>(vehicle_hull(moved));
  };
  const std::vector<std::string> ran_into = hidden_touched(st, u, walked_prefix(plan.path, w.end), {}, hull_at(w.end));
  if (!ran_into.empty()) {
    const Vec2 end0 = w.end;
    bool found = false;
    for (Vec2 p : back_off_points(plan.path, end0)) {
      if (fits(p) && hidden_touched(st, u, walked_prefix(plan.path, p), {}, hull_at(p)).empty()) {
        w.end = p;
        found = true;
        break;
      }
    }
    if (!found) {  // nowhere clear on the path: it stays, as it was
      w.end = u.position;
      end_facing = u.facing;
    }
    e.set_facing_deg(facing_degrees(end_facing));
    *e.mutable_to() = to_point(w.end);
    e.set_reached(false);
    e.add_notes("stopped short: ran into a hidden enemy unit");
  }
  // Overrun only counts for units the tank actually passed on the part of the path it drove.
  const std::vector<Vec2> driven = walked_prefix(plan.path, w.end);
  std::vector<std::string> passed;
  path_passable(st, u, driven, &passed);
  for (const auto& id : passed) e.add_overrun_units(id);
  if (turn_cost > 0) e.add_notes("turning " + std::to_string(plan.turn_deg) + " degrees -" + inches(turn_cost));
  pb::BgEvent ev;
  *ev.mutable_vehicle_moved() = e;
  emit_bg(ctx, ev);
  reveal_ran_into(ctx, ran_into);
  // BG-VMOV-08: the tank may fire one machine gun at each infantry unit it passed through.
  if (!m.overrun_weapon_id().empty()) {
    for (const auto& id : passed) overrun_fire(ctx, st, *st.find(uid), m.overrun_weapon_id(), id);
  }
  detect_mines(ctx, st, uid, driven);  // BG-MINE-04/06/09: the path driven
  reveal_hidden(ctx, st);
  unit_acted(ctx, st, *st.find(uid), BgAction::kMove);
}

}  // namespace sandtable::bg
