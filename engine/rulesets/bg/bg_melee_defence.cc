// The charged unit's defensive fire (BG-MEL-12/13): answering "shoot" (or "both" for a vehicle)
// to the defender's option fires at the charger before the distance roll. It is an action
// outside the card (no check_unit_may_act, no card used up), so only the shooting rules
// themselves are checked (bg_fire.cc check_shot_by) and the shots are rolled by the shooting
// code (fire_shots: same pool, red dice, casualties, vehicle damage). BG-MEL-13's effects
// (non-standing charger stops 6" short; destroyed charger does not move) are in the distance
// roll (bg_melee.cc charge_distance).
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

struct Sides {
  const Unit* defender = nullptr;
  const Unit* charger = nullptr;
};

Sides pending(const BgState& st) {
  Sides s;
  if (!st.charge) return s;
  s.defender = st.active_unit(st.charge->target);
  s.charger = st.active_unit(st.charge->charger);
  return s;
}

pb::BgShoot one_shot(const Unit& def, const Unit& charger, const std::string& weapon) {
  pb::BgShoot s;
  s.set_unit_id(def.id);
  auto* x = s.add_shots();
  x->set_target_id(charger.id);
  x->set_weapon_id(weapon);
  return s;
}

}  // namespace

pb::BgShoot defensive_shot(const BgState& st) {
  const Sides p = pending(st);
  pb::BgShoot s;
  if (!p.defender || !p.charger) return s;
  s.set_unit_id(p.defender->id);
  if (!p.defender->vehicle) return one_shot(*p.defender, *p.charger, "");
  // BG-VEH-11: each weapon fires once, here all at the charger where the rules allow it.
  for (const auto& w : p.defender->vehicle->weapons) {
    if (!check_shot_by(st, *p.defender, one_shot(*p.defender, *p.charger, w.id))) {
      *s.add_shots() = one_shot(*p.defender, *p.charger, w.id).shots(0);
    }
  }
  return s;
}

Check check_defensive_shot(const BgState& st) {
  const Sides p = pending(st);
  if (!p.defender || !p.charger) return refusal("BG_NO_CHARGE", "BG-MEL-12", "No charge is waiting for a defender's answer.");
  const pb::BgShoot s = defensive_shot(st);
  if (p.defender->vehicle && s.shots().empty()) {
    // Report why the first weapon may not fire (or that there is none).
    if (p.defender->vehicle->weapons.empty()) {
      return refusal("BG_NO_WEAPON", "BG-MEL-12", label(*p.defender) + " has no weapon to fire at " + label(*p.charger) + ".");
    }
    return check_shot_by(st, *p.defender, one_shot(*p.defender, *p.charger, p.defender->vehicle->weapons.front().id));
  }
  return check_shot_by(st, *p.defender, s);
}

void defensive_fire(Context& ctx, BgState& st) {
  if (auto c = check_defensive_shot(st)) refuse(*c);
  fire_shots(ctx, st, defensive_shot(st));
}

void vehicle_flee(Context& ctx, BgState& st, const Unit& v, const Unit& charger, int roll) {
  const Vec2 from = v.position;
  Vec2 dir = from - com(charger);
  const double len = geom::length(dir);
  dir = geom::negligible(len) ? v.facing.forward() * -1.0 : dir / len;
  const std::vector<Vec2> path{from, from + dir * static_cast<double>(roll)};
  pb::BgVehicleMoved e;
  WalkResult w;
  if (auto c = walk_path(st, v, path, roll, &w)) {
    w.end = from;  // the way away is impassable: it cannot get away
    e.add_notes("flee blocked: " + c->message);
  }
  w.end = vehicle_stop(st, v, path, w.end, v.facing);
  e.set_unit_id(v.id);
  e.set_dice(2);
  e.set_roll(roll);
  e.set_allowance(roll);
  e.set_used(geom::distance(from, w.end));
  e.set_reached(w.reached);
  *e.mutable_from() = to_point(from);
  *e.mutable_to() = to_point(w.end);
  e.set_facing_deg(facing_degrees(v.facing));
  e.add_notes("drove away from a charge (BG-MEL-12/14)");
  pb::BgEvent ev;
  *ev.mutable_vehicle_moved() = e;
  emit_bg(ctx, ev);
}

}  // namespace sandtable::bg
