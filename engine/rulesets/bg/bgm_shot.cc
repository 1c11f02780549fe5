// Shaffer's modifications, profile (a) (GAP-BGM-GEN-01; decisions in
// docs/rulesets/battleground-mods.md): one d20 anti-tank shot rolled (BGM-AT-01), then hit
// location, penetration, crew hits and vehicle damage (§2, §3), and what a lost vehicle does to
// those around it. What the shot will be before its dice is bgm_plan.cc.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/rulesets/bg/bgm_layer.h"

namespace sandtable::bg {

namespace {

using mods::Aspect;
using mods::Location;

const char* aspect_name(Aspect a) {
  switch (a) {
    case Aspect::kFront: return "front";
    case Aspect::kSide: return "side";
    case Aspect::kRear: return "rear";
    case Aspect::kTop: return "top";
  }
  return "";
}

const mods::Armour& armour_of(const mods::Model& m, Aspect a) {
  switch (a) {
    case Aspect::kFront: return m.front;
    case Aspect::kSide: return m.side;
    case Aspect::kRear:
    case Aspect::kTop: return m.rear;  // GAP-BGM-PEN-01: top hits use the rear values
  }
  return m.front;
}

// The armour of the location struck; -1 for a soft skin (always penetrated, BGM-PEN-01).
int armour_at(const mods::Model& m, Aspect a, bool turret) {
  if (m.soft_skin) return -1;
  const mods::Armour& x = armour_of(m, a);
  return turret && x.turret >= 0 ? x.turret : x.hull;
}

// The rolls of one shot and what they did, gathered into the event as they are made.
struct Shot {
  Context& ctx;
  const BgState& st;
  const Unit& target;
  const mods::Model& model;
  const BgmShotPlan& plan;
  pb::BgmAtShot& e;

  int d20(const std::string& why) { return ctx.roll(pb::DIE_KIND_D20, why); }
  int d6(const std::string& why) { return ctx.roll(pb::DIE_KIND_D6, why); }
  bool exposed() const { return !st.options.bgm_buttoned; }

  // BGM-PEN-01 against the location's armour; the first test of a shot is the one reported.
  // BGM-VEH-04: an open AFV has no roof: a plunging (top) hit meets no armour.
  bool test(bool turret) {
    const int armour = plan.aspect == Aspect::kTop && open_afv(target) ? 0 : armour_at(model, plan.aspect, turret);
    const bool pen = armour < 0 || mods::penetrates(plan.effective_pen, armour);
    if (!e.tested()) {
      e.set_tested(true);
      e.set_armour(armour);
      e.set_penetration(plan.effective_pen);
      e.set_penetrated(pen);
    }
    return pen;
  }

  // BGM-VDMG-07, with the die modified by `mod` (a small or HE special hit, BGM-LOC-02).
  void penetration_table(int mod) {
    const int natural = d20("penetration damage");
    const int read = std::clamp(natural + mod, 1, 20);
    if (e.damage_roll() == 0) {
      e.set_damage_roll(natural);
      e.set_damage_modifier(mod);
    } else {
      e.set_second_damage_roll(natural);
    }
    const mods::PenDamage d = mods::penetration_damage(read);
    switch (d) {
      case mods::PenDamage::kCatastrophic:
        e.set_damage("catastrophic: fuel or ammunition hit");
        e.set_destroyed(true);
        e.set_catastrophic(true);
        break;
      case mods::PenDamage::kDestroyedOneMorale:
      case mods::PenDamage::kDestroyedFullMorale:
        e.set_damage("vehicle destroyed");
        e.set_destroyed(true);
        break;
      case mods::PenDamage::kHeavy:
        e.set_damage("heavy damage");
        e.set_heavy_damage(true);
        break;
      case mods::PenDamage::kModerate: e.set_damage("moderate damage"); break;
      case mods::PenDamage::kLight: e.set_damage("light damage"); break;
    }
    // BGM-VDMG-01 (GAP decided): out from now to the end of the turn N turns on.
    if (const int n = mods::turns_out_of_action(d); n > 0) e.set_out_until_turn(std::max(e.out_until_turn(), st.turn + n));
  }

  // BGM-CREW-01/02: the crewman struck and his roll on the infantry damage table.
  mods::Crewman crew(bool turret, bool penetrated) {
    int sel = 0;
    if (plan.aspect != Aspect::kSide) sel = d6("crew selection");
    const mods::Crewman who = mods::crew_struck(plan.aspect, turret, plan.from_left, sel);
    const mods::CrewHit h = mods::crew_hit(penetrated, plan.calibre, plan.heat);
    const int natural = d20("crew hit");
    const mods::Wound w = mods::infantry_damage(h.column, natural + h.modifier);
    auto* c = e.add_crew();
    c->set_crewman(std::string(mods::crewman_name(who)));
    c->set_selection_roll(sel);
    c->set_column(std::string(1, h.column));
    c->set_modifier(h.modifier);
    c->set_roll(natural);
    c->set_result(std::string(mods::wound_code(w)));
    const bool out = w == mods::Wound::kKilled || w == mods::Wound::kGruesome || w == mods::Wound::kHeavyWound;
    if (who == mods::Crewman::kCommander && out) e.set_commander_killed(true);
    return who;
  }

  // BGM-VDMG-08.
  void non_penetration_table() {
    const int natural = d20("non-penetration damage");
    e.set_damage_roll(natural);
    switch (mods::non_penetration_damage(natural)) {
      case mods::NonPenDamage::kPenetratesAfterAll:
        e.set_damage("the round penetrates after all");
        e.set_penetrated(true);
        penetration_table(0);
        break;
      case mods::NonPenDamage::kImmobilized:
        e.set_damage("immobilised");
        e.set_immobilized(true);
        break;
      case mods::NonPenDamage::kCrewLightWound: {
        const int sel = plan.aspect == Aspect::kSide ? 0 : d6("crew selection");
        const mods::Crewman who = mods::crew_struck(plan.aspect, false, plan.from_left, sel);
        auto* c = e.add_crew();
        c->set_crewman(std::string(mods::crewman_name(who)));
        c->set_selection_roll(sel);
        const bool killed = who == mods::Crewman::kCommander && exposed();
        c->set_result(killed ? "KIA" : "LtW");
        e.set_damage(killed ? "the exposed commander is killed" : "a crewman lightly wounded");
        if (killed) e.set_commander_killed(true);
        break;
      }
      case mods::NonPenDamage::kEngineSuspension:
        e.set_damage("engine or suspension damaged: half movement");
        e.set_half_movement(true);
        break;
      case mods::NonPenDamage::kCommander:
        e.set_damage(exposed() ? "the exposed commander is killed" : "the commander, buttoned up, lightly wounded");
        if (exposed()) e.set_commander_killed(true);
        break;
      case mods::NonPenDamage::kNoEffect: e.set_damage("no effect"); break;
    }
  }

  // BGM-VDMG-04 (BGM-LOC-05).
  void engine(bool penetrated) {
    if (penetrated) {
      e.set_immobilized(true);
      const int natural = d20("engine fire");
      e.set_engine_roll(natural);
      if (mods::engine_fire(natural, model.american)) {
        e.set_on_fire(true);
        e.set_destroyed(true);  // decided: a burning vehicle is lost, its crew bails out
      }
    } else {
      const int n = d6("engine out");
      e.set_engine_roll(n);
      e.set_engine_out_until_turn(st.turn + n);
    }
  }

  void hull_or_turret(bool turret, bool with_crew) {
    const bool pen = test(turret);
    if (pen) penetration_table(0);
    else non_penetration_table();
    if (with_crew) crew(turret, pen);  // GAP-BGM-LOC-04: both
  }

  void location(Location l) {
    switch (l) {
      case Location::kSpecial: {  // BGM-LOC-02
        const mods::SpecialHit s = mods::special_hit(plan.calibre, false);
        e.set_penetrated(true);
        if (!s.automatic) e.add_notes("a round under 50 mm: +2 on the damage roll");
        penetration_table(s.die_modifier);
        break;
      }
      case Location::kGun: e.set_gun_out(true); break;                 // BGM-LOC-06
      case Location::kImmobilized: e.set_immobilized(true); break;     // BGM-LOC-07
      case Location::kCommanderKilled: e.set_commander_killed(true); break;  // BGM-LOC-08
      case Location::kHull: hull_or_turret(false, false); break;       // BGM-LOC-03
      case Location::kTurret: hull_or_turret(true, false); break;
      case Location::kHullAndCrew: hull_or_turret(false, true); break; // BGM-LOC-04
      case Location::kTurretAndCrew: hull_or_turret(true, true); break;
      case Location::kHullAndEngine: {                                 // BGM-LOC-05
        hull_or_turret(false, false);
        if (!e.destroyed()) engine(e.penetrated());
        break;
      }
      case Location::kEngine: engine(test(false)); break;
    }
  }

  // BGM-VDMG-03 as GAP-BGM-GEN-01 maps it: a Carroll test of the crew (one die, a hit face passes);
  // failure and the crew bail out, the vehicle lost.
  void morale() {
    if (e.destroyed()) return;
    const bool shaken = e.penetrated() || e.crew_size() > 0 || e.commander_killed() || e.gun_out() || e.immobilized() ||
                        e.engine_out_until_turn() > 0;
    if (!shaken) return;
    const int needed = hit_from(st.options, target.grade, 0);
    const int r = d6("crew morale");
    e.set_morale_roll(r);
    e.set_morale_needed(needed);
    if (r < needed) {
      e.set_bailed_out(true);
      e.set_destroyed(true);
    }
  }
};

// BGM-VDMG-06: every other figure within 2" of the hull rolls on column C; killed, gruesome and
// heavily wounded figures are lost (Carroll's figures have no wounds), lighter results nothing.
// Only a building protects (+5, as a stone building).
void catastrophic_blast(Context& ctx, BgState& st, const Unit& vehicle) {
  const geom::Polygon hull = vehicle_hull(vehicle);
  for (const auto& u : st.units) {
    if (&u == &vehicle || u.destroyed || !u.on_table || !u.carried_by.empty() || u.vehicle || u.emplacement) continue;
    pb::BgEvent ev;
    auto* c = ev.mutable_casualties();
    c->set_unit_id(u.id);
    c->set_cause("catastrophic blast (BGM-VDMG-06)");
    *c->mutable_place() = to_point(vehicle.position);
    int alive = 0, near = 0;
    for (const auto& f : u.figures) {
      if (!f.alive || f.prisoner) continue;
      ++alive;
      const bool inside = geom::locate(hull, f.pos) != geom::Where::kOutside;
      if (!inside && geom::beyond(geom::distance_to_boundary(hull, f.pos), 2.0)) continue;
      ++near;
      const int natural = ctx.roll(pb::DIE_KIND_D20, "blast " + f.id);
      const mods::Wound w = mods::infantry_damage('C', natural + (u.building.empty() ? 0 : 5));
      if (w == mods::Wound::kKilled || w == mods::Wound::kGruesome || w == mods::Wound::kHeavyWound) c->add_killed(f.id);
    }
    if (near == 0) continue;
    c->set_wiped_out(c->killed_size() == alive);
    emit_bg(ctx, ev);
  }
}

// What each die of the shot did, for the dice tray (the log line gives the whole arithmetic).
void tell_faces(std::vector<pb::DieRoll>& dice, const pb::BgmAtShot& e) {
  int crew = 0, damage = 0;
  for (auto& d : dice) {
    const std::string& l = d.label();
    if (l == "to hit") {
      d.set_meaning(e.jammed() ? "natural 20: miss and jam" : (e.hit() ? "hit: " : "miss: ") + std::to_string(e.modified()) +
                                                               " against less than " + std::to_string(e.to_hit()));
    } else if (l == "hit location") {
      d.set_meaning(e.aspect() + ": " + e.location());
    } else if (l == "penetration damage" || l == "non-penetration damage") {
      d.set_meaning(damage++ == 0 && e.second_damage_roll() == 0 ? e.damage() : l);
    } else if (l == "crew hit" && crew < e.crew_size()) {
      d.set_meaning(e.crew(crew).crewman() + ": " + e.crew(crew).result());
      ++crew;
    } else if (l == "engine fire") {
      d.set_meaning(e.on_fire() ? "catches fire" : "no fire");
    } else if (l == "crew morale") {
      d.set_meaning(e.bailed_out() ? "fails: the crew bails out" : "passes");
    }
  }
}

// One d20 shot, rolled and emitted (BGM-AT-01), with what follows a lost vehicle.
void resolve_shot(Context& ctx, BgState& st, const std::string& shooter_id, const std::string& figure_id,
                  const std::string& weapon_id, const Unit& target, const BgmShotPlan& plan) {
  const mods::Model& model = *bgm_model_of(target);
  pb::BgEvent ev;
  pb::BgmAtShot& e = *ev.mutable_bgm_at_shot();
  e.set_shooter_id(shooter_id);
  e.set_figure_id(figure_id);
  e.set_target_id(target.id);
  e.set_weapon_id(weapon_id);
  e.set_gun(plan.gun);
  e.set_range(plan.range);
  e.set_band(bgm_band_name(plan.band));
  e.set_to_hit(plan.to_hit);
  for (const auto& [name, v] : plan.modifiers) {
    auto* m = e.add_modifiers();
    m->set_name(name);
    m->set_value(v);
  }
  if (plan.heat && figure_id.empty()) e.add_notes("fires its HEAT round (no AP round listed)");
  if (plan.special) {
    e.set_special_ammo(true);
    e.add_notes("fires a special round (APCR/HVAP): penetration " + std::to_string(plan.penetration) + " before range");
  }
  Shot shot{ctx, st, target, model, plan, e};
  const int natural = shot.d20("to hit");
  const mods::AtRoll r = mods::at_hit(natural, plan.modifier_total, plan.band);
  e.set_natural(natural);
  e.set_modified(r.modified);
  e.set_hit(r.hit);
  e.set_jammed(r.jam);
  e.set_aspect(aspect_name(plan.aspect));
  if (plan.plunging) e.add_notes("plunging fire: the top column (GAP-BGM-DMG-03)");
  if (r.hit) {
    const int loc = shot.d20("hit location");
    const Location l = mods::hit_location(plan.aspect, loc);
    e.set_location_roll(loc);
    e.set_location(std::string(mods::location_name(l)));
    shot.location(l);
    shot.morale();
  }
  const std::string target_id = target.id;
  const bool destroyed = e.destroyed(), catastrophic = e.catastrophic(), bailed = e.bailed_out(), fire = e.on_fire();
  tell_faces(ctx.pending_dice(), e);
  emit_bg(ctx, ev);
  const Unit* t = st.find(target_id);
  if (catastrophic) catastrophic_blast(ctx, st, *t);
  if (destroyed) {
    std::string why = catastrophic ? "catastrophic hit (BGM-VDMG-07)" : bailed ? "the crew bailed out (BGM-VDMG-03)"
                      : fire        ? "the engine caught fire (BGM-VDMG-04)"
                                    : "destroyed (BGM-VDMG-07)";
    vehicle_lost(ctx, st, *t, why);
  }
}

}  // namespace

void bgm_fire(Context& ctx, BgState& st, const Unit& shooter, const std::string& weapon_id, const Unit& target, bool aimed,
              bool special) {
  if (!shooter.infantry_like()) {
    resolve_shot(ctx, st, shooter.id, "", weapon_id, target, plan_bgm_shot(st, shooter, target, aimed, special));
    return;
  }
  // BGM-AT-10: each anti-tank team in reach fires in turn, until the target is gone.
  const std::string unit_id = shooter.id, target_id = target.id;
  std::vector<std::string> ready;
  for (const auto& t : bgm_teams(shooter, target)) {
    if (t.band) ready.push_back(t.fig->id);
  }
  for (const auto& fid : ready) {
    const Unit* u = st.find(unit_id);
    const Unit* t = st.find(target_id);
    const Figure* f = u ? u->figure(fid) : nullptr;
    if (!t || t->destroyed || !f || !f->alive) break;
    resolve_shot(ctx, st, unit_id, fid, "", *t, plan_bgm_team_shot(st, *u, *f, *t));
  }
}

}  // namespace sandtable::bg
