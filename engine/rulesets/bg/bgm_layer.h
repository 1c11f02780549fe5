#pragma once
// Shaffer's modifications, profile (a) "Battleground + Shaffer vehicles" (GAP-BGM-GEN-01): with
// the room option bg.mods = vehicles, a vehicle's main gun firing at an armoured vehicle rolls the
// d20 anti-tank fire of §1 on the model data of §10, then hit location, penetration, crew hits and
// vehicle damage (§2, §3); everything else stays Carroll's. The tables and one roll on each are
// bgm_tables.h; this file decides what of the state they read and what their results do.
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bgm_models.h"
#include "engine/rulesets/bg/bgm_tables.h"

namespace sandtable::bg {

// A scenario unit's `model=` attribute (BGM-VEH-01): known, and of the kind its Carroll type is
// (soft skins for cars and trucks, armour for the others); required on every vehicle when
// `required` (bg.mods = vehicles).
std::optional<std::string> check_bgm_model(const pb::UnitSetup& u, const std::string& where, bool required);

// A unit's "at_weapon=<figure id>:<weapon>[:<penetration>]" attribute (BGM-AT-07/10): a heavy
// weapon of the unit, a weapon of mods::infantry_weapons(), a penetration 1..200 (GAP-BGM-AT-10's
// default without one). read_at_weapon fills the figure from a checked attribute.
std::optional<std::string> check_at_weapon(const pb::UnitSetup& u, const std::string& attribute);
void read_at_weapon(const std::string& attribute, Figure* f);

const mods::Model* bgm_model_of(const Unit& u);  // null without the layer

// Whether this shot is the layer's d20 anti-tank fire: the layer on, at an armoured vehicle with
// a model, by a main gun of a vehicle with a model or by infantry (whose only weapons that harm
// armour are then its anti-tank teams, GAP-BGM-GEN-01 replacing BG-VEH-02).
bool bgm_at_shot(const BgState& st, const Unit& shooter, const Weapon* w, const Unit& target);
// A main gun that is jammed or knocked out fires at nothing (BGM-GEN-05, BGM-LOC-06).
Check check_bgm_gun(const Unit& shooter, const Weapon& w);
// The d20 fire's range in place of Carroll's weapon ranges (BGM-AT-03/07); for infantry, an
// anti-tank team with the target within its weapon's bands.
Check check_bgm_range(const Unit& shooter, const Unit& target, double range);

// The to-hit arithmetic of one shot before any die (BGM-AT-01..09 as GAP-BGM-GEN-01 maps them).
struct BgmShotPlan {
  std::string gun;
  mods::AtWeapon weapon = mods::AtWeapon::kStandard;
  int calibre = 0;
  double range = 0;
  mods::AtBand band = mods::AtBand::kShort;
  int to_hit = 0;
  std::vector<std::pair<std::string, int>> modifiers;
  int modifier_total = 0;
  bool heat = false;         // a gun with no AP round fires its other (HEAT) round
  int penetration = 0;       // listed, before attenuation
  int effective_pen = 0;     // BGM-AT-05
  mods::Aspect aspect = mods::Aspect::kFront;
  bool from_left = false;    // the side struck, seen from the target's own facing
  bool plunging = false;     // from a plunging position: the top column (GAP-BGM-DMG-03)
  bool special = false;      // the special round (APCR/HVAP): "Pen. Other" (BGM-VEH-01)
};
// `aimed`: an aimed shot (BGM-AT-06); `special`: the special round.
BgmShotPlan plan_bgm_shot(const BgState& st, const Unit& shooter, const Unit& target, bool aimed = false,
                          bool special = false);
// BGM-VEH-04: an open AFV (a single printed armour value, or marked open_topped by the scenario).
bool open_afv(const Unit& u);
// BGM-AT-06: why this shot may not be aimed, if it may not; BGM-VEH-01: nor fire a special round.
Check check_bgm_aimed(const BgState& st, const Unit& shooter, const pb::BgShoot& s);
Check check_bgm_special(const BgState& st, const Unit& shooter, const pb::BgShoot& s);
// BGM-VDMG-03: the crews of immobilised vehicles test again as a turn starts.
void bgm_start_turn(Context& ctx, BgState& st);
// One anti-tank team's shot (BGM-AT-07/10): its weapon's bands from the figure, no attenuation.
BgmShotPlan plan_bgm_team_shot(const BgState& st, const Unit& unit, const Figure& team, const Unit& target);
// What a shot at `target` would be, in the target list's words: the vehicle's gun, or each
// anti-tank team in reach.
std::string bgm_words(const BgState& st, const Unit& shooter, const Unit& target);
// How many d20 shots it makes (1 for a vehicle; a team in reach each for infantry).
int bgm_shots(const BgState& st, const Unit& shooter, const Unit& target);
// The plan in a player's words for the target list: "75L d20 under 12 (short), -1 large target:
// 1-12 hit; penetration 29".
std::string bgm_shot_words(const BgmShotPlan& p);

// An infantry unit's anti-tank teams (BGM-AT-10): living figures with a weapon, and whether the
// target is within its bands from where the figure stands.
struct BgmTeam {
  const Figure* fig;
  const mods::InfantryWeapon* weapon;
  double range;
  std::optional<mods::AtBand> band;
};
std::vector<BgmTeam> bgm_teams(const Unit& u, const Unit& target);
// A range band in the log's words ("point blank" .. "extreme").
const char* bgm_band_name(mods::AtBand b);

// Rolls and emits one shot (BgmAtShot, then BgVehicleDamaged when the target is lost).
void bgm_fire(Context& ctx, BgState& st, const Unit& shooter, const std::string& weapon_id, const Unit& target, bool aimed = false,
              bool special = false);

// BGM-GEN-05: clearing the jam on a shooting card.
Check check_unjam(const BgState& st, int side, const pb::BgUnjam& c);
void do_unjam(Context& ctx, BgState& st, int side, const pb::BgUnjam& c);

// Applies the layer's events and keeps its bookkeeping (moves) in step.
void apply_bgm_event(BgState& st, const pb::BgEvent& e);

// BGM-VDMG-01/04: a vehicle out of action, or with its engine out, this turn.
Check check_bgm_may_act(const BgState& st, const Unit& u);
Check check_bgm_may_move(const BgState& st, const Unit& u);

// What the layer shows on a unit: (key, words) pairs for the view's markers.
std::vector<std::pair<std::string, std::string>> bgm_markers(const BgState& st, const Unit& u);

}  // namespace sandtable::bg
