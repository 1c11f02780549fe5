// Shaffer's modifications, profile (a) (GAP-BGM-GEN-01; decisions in
// docs/rulesets/battleground-mods.md): what a d20 anti-tank shot will be before any die is rolled
// (which shots roll it, its range band, to-hit number, modifiers and penetration) and the checks
// that refuse one. Rolling it is bgm_shot.cc.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/rulesets/bg/bgm_layer.h"

namespace sandtable::bg {

namespace {

using mods::Aspect;

bool in_woods(const BgState& st, Vec2 p) {
  for (const auto& t : st.terrain) {
    if (t.kind == TerrainKind::kWoods && t.area && geom::locate(*t.area, p) != geom::Where::kOutside) return true;
  }
  return false;
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

const char* bgm_band_name(mods::AtBand b) {
  switch (b) {
    case mods::AtBand::kPointBlank: return "point blank";
    case mods::AtBand::kShort: return "short";
    case mods::AtBand::kEffective: return "effective";
    case mods::AtBand::kLong: return "long";
    case mods::AtBand::kExtreme: return "extreme";
  }
  return "";
}

std::vector<BgmTeam> bgm_teams(const Unit& u, const Unit& target) {
  std::vector<BgmTeam> out;
  for (const auto& f : u.figures) {
    const mods::InfantryWeapon* w = f.at_weapon.empty() ? nullptr : mods::infantry_weapon(f.at_weapon);
    if (!w || !f.alive || f.prisoner) continue;
    const double r = geom::distance(f.pos, target.position);
    out.push_back({&f, w, r, mods::at_band(w->weapon, r)});
  }
  return out;
}

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
    const std::vector<BgmTeam> all = bgm_teams(shooter, target);
    if (all.empty()) {
      return refusal("BGM_NO_AT_WEAPON", "BGM-AT-10",
                     label(shooter) + " has no anti-tank weapon: with Shaffer's vehicles rifles and machine guns cannot harm the armoured " +
                         label(target) + ".");
    }
    const BgmTeam* nearest = &all.front();
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
  for (const auto& t : bgm_teams(shooter, target)) {
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
  for (const auto& t : bgm_teams(shooter, target)) n += t.band.has_value();
  return n;
}

std::string bgm_shot_words(const BgmShotPlan& p) {
  std::string out = p.gun + " d20 under " + std::to_string(p.to_hit) + " (" + bgm_band_name(p.band) + ")";
  for (const auto& [name, v] : p.modifiers) out += ", " + std::string(v < 0 ? "-" : "+") + std::to_string(std::abs(v)) + " " + name;
  // BGM-AT-02 / BGM-GEN-05: natural n hits when n + modifiers < to-hit, and never on a 20.
  const int best = std::min(19, p.to_hit - 1 - p.modifier_total);
  out += best >= 1 ? ": 1-" + std::to_string(best) + " hit" : ": no roll hits";
  return out + "; penetration " + std::to_string(p.effective_pen);
}

}  // namespace sandtable::bg
