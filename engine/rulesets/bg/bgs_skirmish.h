#pragma once
// Shaffer's modifications, profile (b) "skirmish" (GAP-BGM-GEN-01, experimental): with the room
// option bg.mods = skirmish, Carroll's cards give way to the recovered Easy Eight sequence
// (BGM-GEN-02): each turn a rally step, a morale step, then one card per unit in random order;
// the unit whose card comes up takes two actions (move, fire, assault, go prone or stand, unjam,
// or wait on reaction fire). Fire is the d20 small-arms procedure (§4) with a damage roll per hit
// (§5), assault is §6, reaction fire §8, with the minimal base defaults of GAP-BGM-GEN-02.
// Carroll's movement, line of sight, terrain and table stay. The tables are bgm_tables.h.
#include <string>
#include <utility>
#include <vector>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bgm_tables.h"

namespace sandtable::bg {

inline bool skirmish(const BgState& st) { return st.options.bgm_skirmish; }

// ---- set-up (bgs_setup.cc) ----

// The scenario's units suit the skirmish: infantry only for now, engine dice, and valid
// `small_arm=`, `leadership=`, `grenades=` attributes.
std::optional<std::string> check_bgs_scenario(const pb::Scenario& s);
void read_bgs_unit(const pb::UnitSetup& u, Unit* x);
// The small-arms weapons by their scenario names ("rifle", "smg", "lmg", ...).
std::optional<mods::SmallArm> small_arm_named(const std::string& name);
std::string small_arm_words(mods::SmallArm w);

// ---- sequence, morale (bgs_sequence.cc) ----

// GAP-BGM-GEN-02: green 9, regular 11, veteran 13, elite 15 (Carroll's D, C, B, A).
int quality_rating(Grade g);
// The leadership of the unit's own leader while one is in the fight.
int leadership_of(const Unit& u);
// Figures still in the fight (alive and not out of action, no prisoners).
std::vector<const Figure*> fighters(const Unit& u);

// The turn opens with step (1), special fire (bgs_special.cc); steps (2) and (3) follow it.
void bgs_start_turn(Context& ctx, BgState& st);
void bgs_rally_and_morale(Context& ctx, BgState& st);
// The next card of the activation deck; false once every unit has had its card this turn.
bool bgs_draw(Context& ctx, BgState& st);
// The activated unit with an action left (the settle loop's "may still act").
bool bgs_may_still_act(const BgState& st, const Unit& u);
// May this unit act now: the activated unit, with an action left, not waiting on reaction fire;
// a unit on pinning fire only fires (BgAction::kShoot, and its handlers check the rest).
Check check_bgs_may_act(const BgState& st, const Unit& u, BgAction action);
Check check_not_pinning(const Unit& u);
// A morale roll: kind "check" (leadership helps), "full" (it does not), "half" (rating + 5).
// Emits BgsMorale; a failed check or full roll breaks the unit unless `figure` is named.
bool bgs_morale(Context& ctx, BgState& st, const Unit& u, const std::string& kind, const std::string& reason,
                const Figure* figure = nullptr);

void apply_bgs_event(BgState& st, const pb::BgEvent& e);
std::vector<std::pair<std::string, std::string>> bgs_markers(const BgState& st, const Unit& u);

// ---- small-arms fire (bgs_fire.cc) ----

struct SaPlan {
  mods::SmallArm weapon = mods::SmallArm::kBoltRifle;
  std::string words;   // "bolt-action rifle", "20 mm autocannon"
  int autocannon = 0;  // its calibre (BGM-SA-02), 0 for small arms
  double range = 0;
  mods::SaBand band = mods::SaBand::kEffective;
  char column = 'C';
  int men = 0;
  std::vector<std::pair<std::string, int>> modifiers;
  int total = 0;
};
std::string band_words(mods::SaBand b);
// BGM-SA-02: an autocannon's calibre from its scenario name "autocannon:<mm>"; nothing for others.
std::optional<int> autocannon_mm(const std::string& small_arm);
// BGM-COV-01's terrain entry for a kind of Carroll's terrain ("", 0 when none).
std::pair<std::string, int> bgs_cover_entry(TerrainKind k);
// BGM-COV-01's position entry of a target standing where it is (prone, moving); none if neither.
std::optional<std::pair<std::string, int>> bgs_position_entry(const BgState& st, const Unit& t);
// Whether `shooter` may fire on `target` now (range band, front, line of sight, jam).
Check check_bgs_target(const BgState& st, const Unit& shooter, const Unit& target);
// `pinning`: pinning fire's rof-based modifier (BGM-SFO-04, BGM-SA-04) is added.
SaPlan plan_bgs_fire(const BgState& st, const Unit& shooter, const Unit& target, bool reaction, bool pinning = false);
// BGM-SA-04's crew-served weapons: MMG, large-calibre MG, autocannon.
bool crew_served(const Unit& u);
// "d20 + 3 (1-2 men firing, -1 rof ...): 9-13 one hit, column C".
std::string bgs_fire_words(const SaPlan& p);
// Rolls and emits one fire action (BgsFire), then the morale checks its results call for.
// `special`: "opportunity", "ambush" or "pinning" fire (BGM-SFO-01..04).
void bgs_fire(Context& ctx, BgState& st, const Unit& shooter, const Unit& target, bool reaction,
              const std::string& special = "");
void do_bgs_shoot(Context& ctx, BgState& st, int side, const pb::BgShoot& s);
Check check_bgs_shoot(const BgState& st, int side, const pb::BgShoot& s);
Check check_bgs_unjam(const BgState& st, int side, const pb::BgUnjam& c);
void do_bgs_unjam(Context& ctx, BgState& st, int side, const pb::BgUnjam& c);
// One hit's damage roll on `column` against a random fighter of `target` (BGM-DMG-01, COV-01).
// `assault`: only the assault-hit modifiers apply (BGM-ASLT-03).
// Nothing once every man of the target is down (counting `so_far`, this event's earlier hits).
std::optional<pb::BgsWound> roll_wound(Context& ctx, const BgState& st, const Unit& target, char column, Vec2 from,
                                       bool assault, const std::vector<pb::BgsWound>& so_far, const Unit* shooter = nullptr);
// One damage roll against figure `f` of `target` with the modifiers given (positive protects).
pb::BgsWound wound_on(Context& ctx, const Unit& target, const Figure& f, char column,
                      const std::vector<std::pair<std::string, int>>& modifiers, const std::vector<pb::BgsWound>& so_far);
// Whether `f` is already out among this event's earlier wounds.
bool out_already(const Figure& f, const std::vector<pb::BgsWound>& so_far);
// What the wounds of an event call for: morale checks (MC, GD near by), suppression.
void after_wounds(Context& ctx, BgState& st, const std::string& target_id, const std::vector<pb::BgsWound>& wounds);

// ---- assault (bgs_assault.cc) ----

Check check_bgs_assault(const BgState& st, int side, const pb::BgsAssault& a);
void do_bgs_assault(Context& ctx, BgState& st, int side, const pb::BgsAssault& a);
// BGM-ASLT-05: the counter-assault decision's answer.
inline constexpr const char* kCounterAssaultKind = "BGM_COUNTER_ASSAULT";
void answer_counter_assault(Context& ctx, BgState& st, const pb::Decision& d, const std::string& choice);

// ---- stance and reaction fire (bgs_reaction.cc) ----

Check check_bgs_stance(const BgState& st, int side, const pb::BgsStance& c);
void do_bgs_stance(Context& ctx, BgState& st, int side, const pb::BgsStance& c);
Check check_bgs_react(const BgState& st, int side, const pb::BgsReact& c);
void do_bgs_react(Context& ctx, BgState& st, int side, const pb::BgsReact& c);
// BGM-RF-03 / BGM-SFO-01/02: after `trigger` completed an action (fired, moved, or anything
// else), the reaction-fire and special-fire units it set off.
void bgs_reaction_triggers(Context& ctx, BgState& st, const std::string& trigger_id, bool fired, bool moved);
// BGM-RF-06: asks the next owed reaction; false when none is owed.
bool bgs_ask_reaction(Context& ctx, BgState& st);
inline constexpr const char* kReactionKind = "BGM_REACTION_FIRE";
void answer_reaction(Context& ctx, BgState& st, const pb::Decision& d, const std::string& choice);

// ---- special fire (bgs_special.cc), BGM-GEN-02 step (1), BGM-SFO-01..04 ----

inline constexpr const char* kSpecialFireKind = "BGM_SPECIAL_FIRE";
void bgs_open_marking(Context& ctx, BgState& st);
// Asks the marking side (or closes its marking when it has nothing to mark, and after the last
// side runs steps 2-4).
void bgs_special_step(Context& ctx, BgState& st);
void answer_special_fire(Context& ctx, BgState& st, const pb::Decision& d, const std::string& choice);
// BGM-SFO-02 (a), with the base game's "no enemy in sight" (ours).
bool ambush_ready(const BgState& st, const Unit& u);
// On opportunity or ambush fire: its card passes, it waits to fire once.
bool on_watch(const Unit& u);
// BGM-SFO-03 after an action: who is now seen where they stand, whose ambush a friend's fire spoilt.
void bgs_bookkeeping(Context& ctx, BgState& st, const std::string& actor_id, bool fired);
// After any completed action of `actor`: the bookkeeping, then the reaction and special fire it
// sets off (BGM-RF-03, BGM-SFO-01/02). `fired`/`moved` say what the action was.
void bgs_after_action(Context& ctx, BgState& st, const std::string& actor_id, bool fired, bool moved);

// ---- artillery and mortars (bgs_barrage.cc), BGM-ART-01..05 ----

// Step (4): this turn's plotted strikes call, deviate and land.
void bgs_barrages(Context& ctx, BgState& st);

// ---- menu and bot (bgs_menu.cc) ----

void bgs_unit_actions(const BgState& st, int side, pb::ActionMenu& menu);
void bgs_candidates(const BgState& st, int side, const std::string& seat, std::vector<pb::Command>& out);

}  // namespace sandtable::bg
