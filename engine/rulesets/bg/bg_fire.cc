// Shooting (BG-LOS-*, BG-FIRE-*, BG-VEH-04..11, BG-EMP-01, BG-VMOV-08 overrun shot) and
// minefield attacks (BG-MINE-04..07). Checks return a Refusal shared with legal_actions; the
// dice and their effects (casualties, vehicle damage, morale) are rolled and emitted in
// bg_damage.cc. The pure pool/resolution pieces are in bg_combat_util.
#include <algorithm>
#include <cmath>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_damage.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/rulesets/bg/bgm_layer.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

const Weapon* weapon_of(const Unit& u, const std::string& id) {
  if (!u.vehicle) return nullptr;
  for (const auto& w : u.vehicle->weapons) {
    if (w.id == id) return &w;
  }
  return nullptr;
}

namespace {

// BG-FIRE-08, BG-VEH-07: the reach of this shot.
double reach(const Weapon* w) {
  if (w) return w->range;
  return kInfantryRange;  // infantry, cavalry, emplacements (BG-EMP-01 MG: 12")
}

Check check_target(const BgState& st, const Unit& u, const pb::BgShot& shot, const Weapon* w) {
  const Unit* t = st.find(shot.target_id());
  // A hidden enemy (BG-UNIT-09) is answered like an absent one, so the refusal leaks nothing.
  if (!t || !t->on_table || t->destroyed || (t->hidden && t->side != u.side)) {
    return refusal("BG_NO_TARGET", "BG-FIRE-10", label(u) + " has no unit '" + shot.target_id() + "' to shoot at.");
  }
  if (t == &u) return refusal("BG_NO_TARGET", "BG-FIRE-10", label(u) + " cannot shoot at itself.");
  if (!t->carried_by.empty()) {
    return refusal("BG_TARGET_ABOARD", "BG-FIRE-14", label(*t) + " is aboard a vehicle; " + label(u) + " must shoot at the vehicle.");
  }
  if (t->markers.melee) {
    return refusal("BG_TARGET_IN_MELEE", "BG-LOS-08", label(u) + " may not shoot into the melee " + label(*t) + " is fighting.");
  }
  if (w && !w->main_gun && t->vehicle && t->vehicle->armoured) {
    return refusal("BG_MG_VS_ARMOUR", "BG-VEH-05", label(u) + "'s " + w->id + " cannot harm the armoured " + label(*t) + "; only a main gun can.");
  }
  if (w) {
    if (auto c = check_bgm_gun(u, *w)) return c;  // BGM-GEN-05, BGM-LOC-06
  }
  const Vec2 from = aim_point(st, u), to = aim_point(st, *t);
  const double range = geom::distance(from, to);
  const double max = reach(w);
  if (bgm_at_shot(st, u, w, *t)) {  // the d20 bands in place of Carroll's ranges (BGM-AT-07)
    if (auto c = check_bgm_range(u, *t, range)) return c;
  } else if (geom::beyond(range, max)) {
    return refusal("BG_OUT_OF_RANGE", "BG-FIRE-08",
                   label(*t) + " is " + inches(range) + " from " + label(u) + ", beyond its " + inches(max) + " range.");
  }
  // BG-LOS-06: at night sight is 12" unless a flare is lit.
  if (st.options.night && st.lit_until_turn < st.turn && geom::beyond(range, kNightSight)) {
    return refusal("BG_NIGHT", "BG-LOS-06", label(u) + " cannot see " + label(*t) + " " + inches(range) + " away in the dark (12\" at night).");
  }
  // BG-LOS-05: infantry and cavalry shoot to the front, except dug in, in a building, or aboard.
  if (u.infantry_like() && !u.markers.dug_in && u.building.empty() && u.carried_by.empty() &&
      !geom::in_front(com(u), u.facing, to)) {
    return refusal("BG_NOT_IN_FRONT", "BG-LOS-05", label(*t) + " is not in front of " + label(u) + ".");
  }
  if (w && w->bow && !geom::in_bow_arc(geom::Hull{u.position, u.facing, u.vehicle->length, u.vehicle->width}, to)) {
    return refusal("BG_OUT_OF_ARC", "BG-VEH-10", label(*t) + " is outside the 90-degree bow arc of " + label(u) + "'s " + w->id + ".");
  }
  if (auto b = los_blocker(st, u, *t)) {
    return refusal("BG_NO_LOS", "BG-LOS-01", label(u) + " cannot see " + label(*t) + ": " + *b + " blocks the line.");
  }
  return std::nullopt;
}

}  // namespace

Check check_shoot(const BgState& st, int side, const pb::BgShoot& s) {
  const Unit* u = nullptr;
  if (auto c = check_unit_may_act(st, side, s.unit_id(), BgAction::kShoot, &u)) return c;
  return check_shot_by(st, *u, s);
}

Check check_shot_by(const BgState& st, const Unit& shooter, const pb::BgShoot& s) {
  const Unit* u = &shooter;
  if (s.shots().empty()) return refusal("BG_NO_SHOT", "BG-FIRE-10", label(*u) + " must name a target to shoot at.");
  if (u->markers.melee) return refusal("BG_IN_MELEE", "BG-MEL-05", label(*u) + " is in a melee and cannot shoot.");
  if (u->markers.routing) return refusal("BG_ROUTING", "BG-FIRE-15", label(*u) + " is routing and cannot shoot (BG-MOR-04).");
  if (auto c = check_bgm_aimed(st, *u, s)) return c;
  if (auto c = check_bgm_special(st, *u, s)) return c;
  if (u->infantry_like()) {
    if (s.shots_size() != 1) return refusal("BG_ONE_TARGET", "BG-FIRE-10", label(*u) + " shoots once, at a single target unit.");
    if (!s.shots(0).weapon_id().empty()) {
      return refusal("BG_BAD_WEAPON", "BG-FIRE-07", label(*u) + " is infantry; its shot names no weapon.");
    }
    if (non_standing(*u)) return refusal("BG_NON_STANDING", "BG-FIRE-15", label(*u) + " is non-standing and cannot shoot.");
    if (!u->carried_by.empty() && !u->passengers_may_shoot) {
      return refusal("BG_PASSENGER", "BG-FIRE-14", label(*u) + " is aboard a vehicle and may not shoot in this scenario.");
    }
    if (count_shooters(st.options, *u, TargetClass::kInfantry, 0).figures == 0) {
      return refusal("BG_NO_SHOOTERS", "BG-FIRE-16", label(*u) + " has no figure that can shoot.");
    }
    return check_target(st, *u, s.shots(0), nullptr);
  }
  if (u->kind == UnitKind::kEmplacement) {
    if (!u->emplacement || !u->emplacement->has_weapon) {
      return refusal("BG_NO_WEAPON", "BG-EMP-01", label(*u) + " has no weapon (a bunker does not shoot).");
    }
    if (s.shots_size() != 1) return refusal("BG_ONE_TARGET", "BG-FIRE-10", label(*u) + " shoots once, at a single target unit.");
    return check_target(st, *u, s.shots(0), nullptr);
  }
  // Vehicles: each weapon fires once per action, at its own target (BG-VEH-11).
  std::vector<std::string> used;
  for (const auto& shot : s.shots()) {
    const Weapon* w = weapon_of(*u, shot.weapon_id());
    if (!w) return refusal("BG_BAD_WEAPON", "BG-VEH-11", label(*u) + " has no weapon '" + shot.weapon_id() + "'.");
    if (std::find(used.begin(), used.end(), w->id) != used.end()) {
      return refusal("BG_WEAPON_TWICE", "BG-VEH-11", label(*u) + "'s " + w->id + " fires once per shooting action.");
    }
    used.push_back(w->id);
    if (auto c = check_target(st, *u, shot, w)) return c;
  }
  return std::nullopt;
}

AttackPlan plan_attack(const BgState& st, const Unit& u, const Unit& t, const std::string& weapon_id) {
  AttackPlan a;
  a.target = t.id;
  a.weapon = weapon_id;
  const Vec2 from = aim_point(st, u), to = aim_point(st, t);
  a.range = geom::distance(from, to);
  const TargetClass tc = target_class(t);
  const bool armoured = tc == TargetClass::kArmouredVehicle;
  a.flank = is_flank(st, t, from);
  const Protection prot = protection(st, t, from, to);
  a.notes = prot.notes;
  const Weapon* w = weapon_of(u, weapon_id);
  if (u.infantry_like()) {
    const Shooters s = count_shooters(st.options, u, tc, a.range);
    const bool assault = u.assault && geom::within(a.range, kAssaultRange);
    a.pool = infantry_dice(s, a.flank, assault, t.markers.road);
    // BG-VEH-02 / BG-VEH-12: no HW (the flank blue die is not one) against armour.
    a.pool.halve = armoured && s.hw == 0;
    a.first_kill_barred = a.pool.halve;
    if (assault) a.notes.push_back("assault troops +50% white");
    if (t.markers.road) a.notes.push_back("target on road +1 white");
  } else if (w) {
    // BG-VEH-04: a weapon's dice, halved when the vehicle is damaged (BG-VEH-12).
    const int dice = u.vehicle->half_weapons ? w->dice / 2 : w->dice;
    (w->blue ? a.pool.blue : a.pool.white) = dice;
    a.pool.blue += a.flank ? kFlankBlue : 0;
    a.pool.double_hits = w->main_gun && armoured;  // BG-VEH-06
  } else {
    // BG-EMP-01: two men with a HW: 1 white + 1 blue (+ flank).
    a.pool.white = 1;
    a.pool.blue = 1 + (a.flank ? kFlankBlue : 0);
  }
  a.pool.red = prot.red;
  a.pool.hit_from = hit_from(st.options, u.grade, side_grade_penalties(st, u));
  return a;
}

void do_shoot(Context& ctx, BgState& st, int side, const pb::BgShoot& s) {
  if (auto c = check_shoot(st, side, s)) refuse(*c);
  resolve_shoot(ctx, st, s);
}

void resolve_shoot(Context& ctx, BgState& st, const pb::BgShoot& s) {
  fire_shots(ctx, st, s);
  unit_acted(ctx, st, *st.find(s.unit_id()), BgAction::kShoot);
}

void fire_shots(Context& ctx, BgState& st, const pb::BgShoot& s) {
  if (const Unit* u = st.find(s.unit_id()); u && u->hidden) {  // BG-UNIT-09: shooting reveals it
    pb::BgEvent e;
    e.mutable_revealed()->set_unit_id(u->id);
    e.mutable_revealed()->set_reason("it opened fire");
    emit_bg(ctx, e);
  }
  for (const auto& shot : s.shots()) {
    // Each weapon's shot is rolled and resolved separately (BG-VEH-11); a target destroyed by an
    // earlier weapon of the same action is no longer there.
    const Unit* u = st.find(s.unit_id());
    const Unit* t = st.find(shot.target_id());
    if (!u || !t || t->destroyed) continue;
    if (bgm_at_shot(st, *u, weapon_of(*u, shot.weapon_id()), *t)) {  // Shaffer's d20 fire (profile a)
      bgm_fire(ctx, st, *u, shot.weapon_id(), *t, shot.aimed(), shot.special_ammo());
      continue;
    }
    carry_out_attack(ctx, st, u->id, plan_attack(st, *u, *t, shot.weapon_id()), "shoot");
  }
  const Unit* u = st.find(s.unit_id());
  if (u->markers.ran) {  // BG-FIRE-06 / BG-MARK-02: the green marker goes after the shot
    pb::BgEvent e;
    e.mutable_markers()->set_unit_id(u->id);
    e.mutable_markers()->add_removed("ran");
    e.mutable_markers()->set_reason("shot after running (BG-FIRE-06)");
    emit_bg(ctx, e);
  }
}

void overrun_fire(Context& ctx, BgState& st, const Unit& tank, const std::string& weapon_id, const std::string& target_id) {
  // BG-VMOV-08: one machine gun (2 white if undamaged) at the overrun unit, which gets its
  // usual red dice. No range, arc or LOS check: the tank is passing through it.
  const Unit* t = st.find(target_id);
  const Weapon* w = weapon_of(tank, weapon_id);
  if (!t || t->destroyed) return;
  if (!w || w->kind != WeaponKind::kMachineGun) {
    reject("BG_BAD_WEAPON", "BG-VMOV-08", label(tank) + " has no machine gun '" + weapon_id + "' to fire while overrunning.");
  }
  AttackPlan a = plan_attack(st, tank, *t, weapon_id);
  // GAP-BG-VMOV-08 (ours): the shot is fired while passing through, from no one side: no flank die.
  if (a.flank) {
    a.flank = false;
    a.pool.blue -= kFlankBlue;
  }
  carry_out_attack(ctx, st, tank.id, a, "overrun");
}

void minefield_attack(Context& ctx, BgState& st, const std::string& unit_id, const std::string& minefield, int dice) {
  // BG-MINE-05: white dice hitting on 6 only, no red dice; BG-MINE-06/07 effects in bg_damage.cc.
  const Unit* t = st.find(unit_id);
  if (!t || t->destroyed || dice <= 0) return;
  AttackPlan a;
  a.target = unit_id;
  a.pool.white = dice;
  a.pool.hit_from = kMineHitFace;
  a.mine = true;
  carry_out_attack(ctx, st, minefield, a, "minefield");
}

}  // namespace sandtable::bg
