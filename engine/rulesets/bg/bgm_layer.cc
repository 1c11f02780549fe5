// Profile (a) of Shaffer's modifications (GAP-BGM-GEN-01; decisions in
// docs/rulesets/battleground-mods.md): which shots roll the d20, what they read from the state,
// and what their results do to it.
#include "engine/rulesets/bg/bgm_layer.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_tables.h"

namespace sandtable::bg {

namespace {

using mods::Aspect;
using mods::Location;

const char* band_name(mods::AtBand b) {
  switch (b) {
    case mods::AtBand::kPointBlank: return "point blank";
    case mods::AtBand::kShort: return "short";
    case mods::AtBand::kEffective: return "effective";
    case mods::AtBand::kLong: return "long";
    case mods::AtBand::kExtreme: return "extreme";
  }
  return "";
}

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

bool in_woods(const BgState& st, Vec2 p) {
  for (const auto& t : st.terrain) {
    if (t.kind == TerrainKind::kWoods && t.area && geom::locate(*t.area, p) != geom::Where::kOutside) return true;
  }
  return false;
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

// An infantry unit's anti-tank teams (BGM-AT-10): living figures with a weapon, and whether the
// target is within its bands from where the figure stands.
struct Team {
  const Figure* fig;
  const mods::InfantryWeapon* weapon;
  double range;
  std::optional<mods::AtBand> band;
};

std::vector<Team> teams(const Unit& u, const Unit& target) {
  std::vector<Team> out;
  for (const auto& f : u.figures) {
    const mods::InfantryWeapon* w = f.at_weapon.empty() ? nullptr : mods::infantry_weapon(f.at_weapon);
    if (!w || !f.alive || f.prisoner) continue;
    const double r = geom::distance(f.pos, target.position);
    out.push_back({&f, w, r, mods::at_band(w->weapon, r)});
  }
  return out;
}

void add_mod(BgmShotPlan& p, std::string name, int v) {
  if (v == 0) return;
  p.modifiers.emplace_back(std::move(name), v);
  p.modifier_total += v;
}

// BGM-LOC-01: the aspect struck from `from`, by the hull's diagonals (BG-OPT-01's geometry); a
// dug-in vehicle shows only its front (BG-MOVE-13). Left and right as the vehicle sees them.
void aim_at(Vec2 from, const Unit& target, BgmShotPlan& p) {
  const geom::Hull hull{target.position, target.facing, target.vehicle->length, target.vehicle->width};
  switch (target.markers.dug_in ? geom::Quadrant::kFront : geom::hull_quadrant(hull, from)) {
    case geom::Quadrant::kFront: p.aspect = Aspect::kFront; break;
    case geom::Quadrant::kSide: p.aspect = Aspect::kSide; break;
    case geom::Quadrant::kRear: p.aspect = Aspect::kRear; break;
  }
  const Vec2 rel = from - target.position;
  p.from_left = rel.x * target.facing.right().x + rel.y * target.facing.right().y < 0;
}

// BGM-AT-08, the crew's quality as GAP-BGM-GEN-01 maps Carroll's grades.
void grade_modifier(const Unit& shooter, BgmShotPlan& p) {
  if (shooter.grade == Grade::kA) add_mod(p, "elite crew", -2);
  if (shooter.grade == Grade::kD) add_mod(p, "green crew", 2);
}

// BGM-AT-08, the target's column (GAP-BGM-AT-08 for a side-on mover).
void target_modifiers(const BgState& st, const Unit& target, BgmShotPlan& p) {
  const mods::Model& t = *bgm_model_of(target);
  const BgmVehicle& them = *target.vehicle->bgm;
  if (them.moved_turn == st.turn && p.aspect == Aspect::kFront) add_mod(p, "target moving, front", 2);
  if (them.moved_turn == st.turn && p.aspect == Aspect::kSide) {
    add_mod(p, "target moving across", std::min(5, static_cast<int>(std::floor(them.moved_inches / 3 + 1e-9))));
  }
  if (auto s = mods::size_modifier(t.size)) {
    static const char* const kSize[] = {"very large target", "large target", "", "small target", "very small target"};
    add_mod(p, kSize[std::clamp(*s, -2, 2) + 2], *s);  // BGM-VEH-02
  }
  if (in_woods(st, target.position)) add_mod(p, "target in woods", 2);  // decided: Carroll's woods are light woods
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

}  // namespace

const mods::Model* bgm_model_of(const Unit& u) {
  if (!u.vehicle || !u.vehicle->bgm) return nullptr;
  return mods::model(u.vehicle->bgm->model);
}

bool bgm_at_shot(const BgState& st, const Unit& shooter, const Weapon* w, const Unit& target) {
  if (!st.options.bgm_vehicles) return false;
  const mods::Model* t = bgm_model_of(target);
  if (!t || t->soft_skin || !target.vehicle->armoured) return false;
  if (shooter.infantry_like()) return true;  // GAP-BGM-GEN-01: BG-VEH-02 gives way to BGM-AT-10
  const mods::Model* m = bgm_model_of(shooter);
  return w && w->main_gun && m && mods::gun_class(m->gun).has_value();
}

Check check_bgm_gun(const Unit& shooter, const Weapon& w) {
  if (!w.main_gun || !shooter.vehicle || !shooter.vehicle->bgm) return std::nullopt;
  const BgmVehicle& b = *shooter.vehicle->bgm;
  if (b.gun_out) return refusal("BGM_GUN_OUT", "BGM-LOC-06", label(shooter) + "'s main gun was knocked out; it fires no more this game.");
  if (b.jammed) {
    return refusal("BGM_JAMMED", "BGM-GEN-05",
                   label(shooter) + "'s main gun is jammed; on a shooting card its crew clears it (Unjam) instead of firing.");
  }
  return std::nullopt;
}

Check check_bgm_range(const Unit& shooter, const Unit& target, double range) {
  if (shooter.infantry_like()) {
    const std::vector<Team> all = teams(shooter, target);
    if (all.empty()) {
      return refusal("BGM_NO_AT_WEAPON", "BGM-AT-10",
                     label(shooter) + " has no anti-tank weapon: with Shaffer's vehicles rifles and machine guns cannot harm the armoured " +
                         label(target) + ".");
    }
    const Team* nearest = &all.front();
    for (const auto& t : all) {
      if (t.band) return std::nullopt;
      if (t.range < nearest->range) nearest = &t;
    }
    return refusal("BGM_OUT_OF_RANGE", "BGM-AT-07",
                   label(target) + " is " + inches(nearest->range) + " from " + label(shooter) + "'s " + std::string(nearest->weapon->words) +
                       ", beyond its extreme band.");
  }
  const mods::Model* m = bgm_model_of(shooter);
  const auto cls = m ? mods::gun_class(m->gun) : std::nullopt;
  if (!cls || mods::at_band(*cls, range)) return std::nullopt;
  return refusal("BGM_OUT_OF_RANGE", "BGM-AT-07",
                 label(target) + " is " + inches(range) + " from " + label(shooter) + ", beyond the extreme band of its " +
                     std::string(m->gun) + " gun (72\" for a short gun).");
}

bool open_afv(const Unit& u) {
  const mods::Model* m = bgm_model_of(u);
  if (!m || m->soft_skin) return false;
  return m->front.turret < 0 || (u.vehicle->bgm && u.vehicle->bgm->open_topped);
}

namespace {

// BGM-VEH-03 / GAP-BGM-AT-08 / GAP-BGM-VEH-03: laying the gun on this target in this action. The
// turret stays laid on the target it last engaged since the vehicle moved, else along the hull
// (Carroll's models ignore the turret, BG-VEH-10, so the engine keeps it). Turning up to 45
// degrees costs +1, up to 90 +2, more +3, plus the model's turret mod.; a gun with no turret lays
// within 15 degrees of the hull's line, beyond which the hull turns: the shooter-moved-in-this-
// action modifier (+12, +10 stabilised), in place of the previous action's (ours: the worse only).
void lay_modifier(const BgState& st, const Unit& shooter, const mods::Model& m, const Unit& target, BgmShotPlan& p) {
  const BgmVehicle& me = *shooter.vehicle->bgm;
  geom::Facing laid = shooter.facing;
  if (const Unit* last = me.last_target.empty() ? nullptr : st.find(me.last_target);
      last && !last->destroyed && geom::distance(last->position, shooter.position) > geom::kEps) {
    laid = geom::Facing::toward(shooter.position, last->position);
  }
  const Vec2 at = target.position;
  if (!m.turret_mod) {
    if (geom::in_arc(shooter.position, shooter.facing, 30, at)) return;
    std::erase_if(p.modifiers, [](const auto& x) { return x.first == "moved in a previous action"; });
    add_mod(p, "hull turned to engage (no turret)", me.stabilized ? 10 : 12);
    return;
  }
  if (geom::in_arc(shooter.position, laid, 1, at)) return;  // on the line it is laid on
  const int turn = geom::in_arc(shooter.position, laid, 90, at) ? 1 : geom::in_front(shooter.position, laid, at) ? 2 : 3;
  const char* const kWords[] = {"", "turret traversed up to 45 degrees", "turret traversed up to 90 degrees",
                                "turret traversed over 90 degrees"};
  add_mod(p, kWords[turn], turn + *m.turret_mod);
}

}  // namespace

Check check_bgm_aimed(const BgState& st, const Unit& u, const pb::BgShoot& s) {
  bool aimed = false;
  for (const auto& shot : s.shots()) aimed = aimed || shot.aimed();
  if (!aimed) return std::nullopt;
  const Unit* t = st.find(s.shots(0).target_id());
  if (u.infantry_like() || !u.vehicle || !u.vehicle->bgm || !t || !bgm_at_shot(st, u, weapon_of(u, s.shots(0).weapon_id()), *t)) {
    return refusal("BGM_NOT_AIMED", "BGM-AT-06", "Only a vehicle's d20 gun shot at an armoured vehicle may be aimed.");
  }
  // BGM-AT-06: the base game's cost in actions, as GAP-BGM-GEN-01 maps an action to a card: the
  // whole shooting card, from a vehicle that has not moved this turn (ours).
  if (s.shots_size() != 1) {
    return refusal("BGM_AIMED_ALONE", "BGM-AT-06", label(u) + "'s aimed shot takes its whole shooting card: it fires no other weapon.");
  }
  if (u.vehicle->bgm->moved_turn == st.turn) {
    return refusal("BGM_AIMED_MOVED", "BGM-AT-06", label(u) + " moved this turn; only a vehicle that has stood still may aim.");
  }
  return std::nullopt;
}

Check check_bgm_special(const BgState& st, const Unit& u, const pb::BgShoot& s) {
  for (const auto& shot : s.shots()) {
    if (!shot.special_ammo()) continue;
    const Unit* t = st.find(shot.target_id());
    const Weapon* w = weapon_of(u, shot.weapon_id());
    if (u.infantry_like() || !u.vehicle || !u.vehicle->bgm || !t || !w || !w->main_gun || !bgm_at_shot(st, u, w, *t)) {
      return refusal("BGM_NO_SPECIAL", "BGM-VEH-01", "Only a vehicle's d20 main-gun shot at an armoured vehicle may use a special round.");
    }
    if (u.vehicle->bgm->special_rounds <= 0) {
      return refusal("BGM_NO_SPECIAL", "BGM-VEH-01", label(u) + " has no special round left.");
    }
  }
  return std::nullopt;
}

BgmShotPlan plan_bgm_shot(const BgState& st, const Unit& shooter, const Unit& target, bool aimed, bool special) {
  BgmShotPlan p;
  const mods::Model& m = *bgm_model_of(shooter);
  const BgmVehicle& me = *shooter.vehicle->bgm;
  p.gun = std::string(m.gun);
  p.weapon = *mods::gun_class(m.gun);
  p.calibre = mods::calibre_mm(m.gun);
  p.range = geom::distance(shooter.position, target.position);
  p.band = mods::at_band(p.weapon, p.range).value_or(mods::AtBand::kExtreme);
  p.to_hit = mods::base_to_hit(p.band);
  p.heat = m.pen_ap == 0;
  p.special = special && !p.heat && m.pen_other > 0;  // APCR/HVAP (BGM-VEH-01, decided)
  p.penetration = p.heat || p.special ? m.pen_other : m.pen_ap;
  p.effective_pen = mods::effective_penetration(p.penetration, mods::attenuation_percent(p.weapon, p.band));
  aim_at(shooter.position, target, p);
  if (plunging(st, shooter, shooter.position, target, target.position)) {  // GAP-BGM-DMG-03
    p.aspect = Aspect::kTop;
    p.plunging = true;
  }
  // BGM-AT-08, shooter.
  grade_modifier(shooter, p);
  if (aimed) add_mod(p, "aimed shot", -2);  // BGM-AT-06
  if (st.options.bgm_buttoned) add_mod(p, "buttoned up", 2);
  if (p.heat) add_mod(p, "HEAT ammunition", 2);
  if (me.commander_killed) add_mod(p, "no commander", 3);                 // BGM-LOC-08
  if (me.heavy_damage) add_mod(p, "heavy damage", 2);                     // BGM-VDMG-02
  if (me.moved_turn == st.turn) add_mod(p, "moved in a previous action", me.stabilized ? 6 : 8);  // GAP-BGM-GEN-01, BGM-AT-09
  lay_modifier(st, shooter, m, target, p);
  // GAP-BGM-AT-08: a new target +1, the second shot at it -1, later ones -2. A shooter that has
  // engaged nothing since it last moved has no such modifier (BGM-DX-01).
  if (!me.last_target.empty() && me.last_target != target.id) add_mod(p, "new target", 1);
  if (me.last_target == target.id) {
    add_mod(p, me.shots_at_target >= 2 ? "subsequent shot at the target" : "second shot at the target", me.shots_at_target >= 2 ? -2 : -1);
  }
  target_modifiers(st, target, p);
  return p;
}

BgmShotPlan plan_bgm_team_shot(const BgState& st, const Unit& unit, const Figure& team, const Unit& target) {
  BgmShotPlan p;
  const mods::InfantryWeapon& w = *mods::infantry_weapon(team.at_weapon);
  p.gun = std::string(w.words);
  p.weapon = w.weapon;
  p.calibre = w.calibre_mm;
  p.range = geom::distance(team.pos, target.position);
  p.band = mods::at_band(p.weapon, p.range).value_or(mods::AtBand::kExtreme);
  p.to_hit = mods::base_to_hit(p.band);
  // Shaped charges: HEAT for crew hits (BGM-CREW-01); the +2 "HEAT ammunition" to hit sits in the
  // gun's column and is not taken here (docs/rulesets/battleground-mods.md).
  p.heat = true;
  p.penetration = team.at_pen > 0 ? team.at_pen : w.pen;
  p.effective_pen = mods::effective_penetration(p.penetration, mods::attenuation_percent(p.weapon, p.band));  // 0 % (BGM-AT-10)
  aim_at(team.pos, target, p);
  if (plunging(st, unit, team.pos, target, target.position)) {  // GAP-BGM-DMG-03
    p.aspect = Aspect::kTop;
    p.plunging = true;
  }
  grade_modifier(unit, p);
  target_modifiers(st, target, p);
  return p;
}

std::string bgm_words(const BgState& st, const Unit& shooter, const Unit& target) {
  if (!shooter.infantry_like()) return bgm_shot_words(plan_bgm_shot(st, shooter, target));
  std::string out;
  for (const auto& t : teams(shooter, target)) {
    if (!t.band) continue;
    if (!out.empty()) out += "; ";
    out += t.fig->id + " " + bgm_shot_words(plan_bgm_team_shot(st, shooter, *t.fig, target));
  }
  return out;
}

int bgm_shots(const BgState& st, const Unit& shooter, const Unit& target) {
  (void)st;
  if (!shooter.infantry_like()) return 1;
  int n = 0;
  for (const auto& t : teams(shooter, target)) n += t.band.has_value();
  return n;
}

std::string bgm_shot_words(const BgmShotPlan& p) {
  std::string out = p.gun + " d20 under " + std::to_string(p.to_hit) + " (" + band_name(p.band) + ")";
  for (const auto& [name, v] : p.modifiers) out += ", " + std::string(v < 0 ? "-" : "+") + std::to_string(std::abs(v)) + " " + name;
  // BGM-AT-02 / BGM-GEN-05: natural n hits when n + modifiers < to-hit, and never on a 20.
  const int best = std::min(19, p.to_hit - 1 - p.modifier_total);
  out += best >= 1 ? ": 1-" + std::to_string(best) + " hit" : ": no roll hits";
  return out + "; penetration " + std::to_string(p.effective_pen);
}

namespace {

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
  e.set_band(band_name(plan.band));
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
  for (const auto& t : teams(shooter, target)) {
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

Check check_unjam(const BgState& st, int side, const pb::BgUnjam& c) {
  const Unit* u = nullptr;
  if (auto r = check_unit_may_act(st, side, c.unit_id(), BgAction::kShoot, &u)) return r;
  if (!u->vehicle || !u->vehicle->bgm || !u->vehicle->bgm->jammed) {
    return refusal("BGM_NOT_JAMMED", "BGM-GEN-05", label(*u) + " has no jammed gun to clear.");
  }
  return std::nullopt;
}

void do_unjam(Context& ctx, BgState& st, int side, const pb::BgUnjam& c) {
  if (auto r = check_unjam(st, side, c)) refuse(*r);
  const Unit& u = *st.find(c.unit_id());
  std::string weapon;
  for (const auto& w : u.vehicle->weapons) {
    if (w.main_gun && weapon.empty()) weapon = w.id;
  }
  pb::BgEvent e;
  e.mutable_bgm_unjammed()->set_unit_id(u.id);
  e.mutable_bgm_unjammed()->set_weapon_id(weapon);
  emit_bg(ctx, e);
  unit_acted(ctx, st, u, BgAction::kShoot);
}

void apply_bgm_event(BgState& st, const pb::BgEvent& e) {
  auto bgm = [&](const std::string& id) -> BgmVehicle* {
    Unit* u = st.find(id);
    return u && u->vehicle && u->vehicle->bgm ? &*u->vehicle->bgm : nullptr;
  };
  switch (e.body_case()) {
    case pb::BgEvent::kBgmAtShot: {
      const auto& s = e.bgm_at_shot();
      if (BgmVehicle* me = bgm(s.shooter_id())) {
        if (s.special_ammo() && me->special_rounds > 0) --me->special_rounds;
        me->shots_at_target = me->last_target == s.target_id() ? me->shots_at_target + 1 : 1;
        me->last_target = s.target_id();
        if (s.jammed()) me->jammed = true;
      }
      Unit* t = st.find(s.target_id());
      if (BgmVehicle* b = bgm(s.target_id())) {
        b->gun_out = b->gun_out || s.gun_out();
        b->commander_killed = b->commander_killed || s.commander_killed();
        b->heavy_damage = b->heavy_damage || s.heavy_damage();
        b->half_movement = b->half_movement || s.half_movement();
        b->out_until_turn = std::max(b->out_until_turn, s.out_until_turn());
        b->engine_out_until_turn = std::max(b->engine_out_until_turn, s.engine_out_until_turn());
        if (s.immobilized()) t->vehicle->immobilized = true;
      }
      break;
    }
    case pb::BgEvent::kBgmUnjammed:
      if (BgmVehicle* b = bgm(e.bgm_unjammed().unit_id())) b->jammed = false;
      break;
    case pb::BgEvent::kVehicleMoved: {
      const auto& m = e.vehicle_moved();
      if (BgmVehicle* b = bgm(m.unit_id())) {
        b->moved_turn = st.turn;
        b->moved_inches = m.used();
        b->last_target.clear();  // a new position: the next shot starts a new engagement
        b->shots_at_target = 0;
      }
      break;
    }
    default: break;
  }
}

void bgm_start_turn(Context& ctx, BgState& st) {
  for (std::size_t i = 0; i < st.units.size(); ++i) {
    const Unit& u = st.units[i];
    if (!u.vehicle || !u.vehicle->bgm || !u.vehicle->immobilized || u.destroyed || !u.on_table) continue;
    const int needed = hit_from(st.options, u.grade, 0);
    const int roll = ctx.roll(pb::DIE_KIND_D6, "crew morale " + u.id);
    pb::BgEvent e;
    auto* c = e.mutable_bgm_crew_test();
    c->set_unit_id(u.id);
    c->set_roll(roll);
    c->set_needed(needed);
    c->set_bailed_out(roll < needed);
    emit_bg(ctx, e);
    if (roll < needed) vehicle_lost(ctx, st, Unit(st.units[i]), "the crew of the immobilised vehicle bailed out (BGM-VDMG-03)");
  }
}

Check check_bgm_may_act(const BgState& st, const Unit& u) {
  if (!u.vehicle || !u.vehicle->bgm || st.turn > u.vehicle->bgm->out_until_turn) return std::nullopt;
  return refusal("BGM_OUT_OF_ACTION", "BGM-VDMG-01",
                 label(u) + " is out of action until the end of turn " + std::to_string(u.vehicle->bgm->out_until_turn) + ".");
}

Check check_bgm_may_move(const BgState& st, const Unit& u) {
  if (!u.vehicle || !u.vehicle->bgm || st.turn > u.vehicle->bgm->engine_out_until_turn) return std::nullopt;
  return refusal("BGM_ENGINE_OUT", "BGM-VDMG-04",
                 label(u) + "'s engine is out until the end of turn " + std::to_string(u.vehicle->bgm->engine_out_until_turn) + ".");
}

std::vector<std::pair<std::string, std::string>> bgm_markers(const BgState& st, const Unit& u) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!u.vehicle || !u.vehicle->bgm || u.destroyed) return out;
  const BgmVehicle& b = *u.vehicle->bgm;
  if (b.jammed) out.emplace_back("bgm_jammed", "Main gun jammed");
  if (b.gun_out) out.emplace_back("bgm_gun_out", "Main gun knocked out");
  if (b.commander_killed) out.emplace_back("bgm_no_commander", "No commander (+3)");
  if (b.heavy_damage) out.emplace_back("bgm_heavy_damage", "Heavy damage (+2)");
  if (b.half_movement) out.emplace_back("bgm_half_movement", "Half movement");
  if (b.special_rounds > 0) out.emplace_back("bgm_special_rounds", std::to_string(b.special_rounds) + " special rounds (APCR/HVAP)");
  if (st.turn <= b.out_until_turn) out.emplace_back("bgm_out", "Out of action to the end of turn " + std::to_string(b.out_until_turn));
  if (st.turn <= b.engine_out_until_turn) {
    out.emplace_back("bgm_engine_out", "Engine out to the end of turn " + std::to_string(b.engine_out_until_turn));
  }
  return out;
}

}  // namespace sandtable::bg
