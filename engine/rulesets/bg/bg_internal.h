#pragma once
// Shared helpers and the per-area handlers of the Battleground rule set (not its public API).
// One file per area (engine/rulesets/bg/README.md says who fills which):
//   bg_cards.cc    turn flow, card play, phases, reinforcements (BG-SEQ-*, BG-CARD-*, BG-UNIT-10)
//   bg_move.cc     infantry/cavalry movement, digging, mount/dismount (BG-MOVE-*, BG-CAV-*, BG-TER-02..04)
//   bg_vehicle.cc  vehicle movement (BG-VMOV-*)
//   bg_combine.cc  combining units (BG-COMB-*)
//   bg_fire.cc     shooting, casualties, vehicle damage, morale (BG-LOS/FIRE/DMG/VEH/MOR-*)
//   bg_melee.cc    charges, melee, prisoners (BG-MEL-*, BG-PRIS-*)
//   bg_special.cc  mines, artillery/air, smoke, flares, medics, engineers (BG-MINE/ART/SMK/FLR/MED-*)
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <google/protobuf/descriptor.h>

#include "engine/rulesets/bg/bg_state.h"
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/model/context.h"
#include "engine/model/payload.h"
#include "sandtable/rulesets/bg/bg.pb.h"
#include "sandtable/v1/event.pb.h"
#include "sandtable/v1/gm_edit.pb.h"

namespace sandtable::bg {

// Why a command would be refused. Checks return it instead of throwing so the legal-action
// enumeration (bg_actions.cc) can call them freely; handlers turn it into reject().
struct Refusal {
  std::string code;
  std::string rule;
  std::string message;
};
using Check = std::optional<Refusal>;
[[noreturn]] void refuse(const Refusal& r);
// The most waypoints a drawn path may have: far more than any move on a 6' table needs, few
// enough that a hostile order cannot make the engine walk thousands of legs.
constexpr int kMaxPathPoints = 64;

inline Refusal refusal(std::string code, std::string rule, std::string msg) {
  return {std::move(code), std::move(rule), std::move(msg)};
}

// ---- words and conversions ----
std::string label(const Unit& u);                    // name, or id
const std::string& side_id(const BgState& st, int side);
std::string inches(double d);                        // "3.5\""
Vec2 to_vec(const pb::Point& p);
pb::Point to_point(Vec2 v);
// A facing from half-degree-step compass degrees; nullopt if not a multiple of 0.5 or not finite.
std::optional<Facing> facing_from_degrees(double deg);
double facing_degrees(Facing f);                     // for events/views (display only)

// ---- units ----
Vec2 com(const Unit& u);                             // CoM of living, non-prisoner figures
bool non_standing(const Unit& u);                    // BG-UNIT-05
// BG-UNIT-05: the enemy a non-standing unit at `from` may not move nearer to: the closest (by
// CoM) unit on the table of another side that `side` sees (not hidden), or null when none.
const Unit* enemy_to_retreat_from(const BgState& st, int side, Vec2 from);
// BG-UNIT-05: a non-standing unit of `side` going from `from` to `to` (without naming a unit to
// join) ends no nearer the closest enemy than it started; true when no enemy is in sight.
bool retreats(const BgState& st, int side, Vec2 from, Vec2 to);
int side_grade_penalties(const BgState& st, const Unit& u);  // ran, mounted, passenger (BG-FIRE-01)
std::vector<const Unit*> side_units(const BgState& st, int side);  // active units of a side
geom::Polygon figure_base(const BgState& st, Vec2 centre, Facing f);
geom::Polygon vehicle_hull(const Unit& u);
// Figure bases (or the hull) of a unit as polygons.
std::vector<geom::Polygon> footprints(const BgState& st, const Unit& u);

// ---- terrain (BG-TER-*) ----
// The building feature whose area holds every figure of the unit (BG-MOVE-17), or nullptr.
const Terrain* building_at(const BgState& st, std::span<const Vec2> figures);
// Units in a building (BG-TER-10).
std::vector<const Unit*> units_in_building(const BgState& st, const std::string& name);

// ---- cards and turn flow (bg_cards.cc) ----
// Is it this side's card to act with this action now?
Check check_card_action(const BgState& st, int side, BgAction action);
// Unit checks shared by every unit order: exists, belongs to side, on table, may act on this card.
Check check_unit_may_act(const BgState& st, int side, const std::string& unit_id, BgAction action,
                         const Unit** out);
// After a unit has acted on the current card: record it and close an ace's action.
void unit_acted(Context& ctx, BgState& st, const Unit& u, BgAction action);
// A vehicle's weapon by id; null for another unit or an unknown id.
const Weapon* weapon_of(const Unit& u, const std::string& id);
// A vehicle lost to something other than Carroll's damage roll (BgVehicleDamaged with `why`,
// passengers as BG-VEH-16 has them).
void vehicle_lost(Context& ctx, BgState& st, const Unit& t, const std::string& why);
// Carries the game forward until it needs a command, a card from the table or a decision.
void settle(Context& ctx, BgState& st);
// Table dice: the game needs a card or dice but no side owes an order.
bool needs_card(const BgState& st);
void do_draw_card(Context& ctx, BgState& st, int side, const pb::BgDrawCard& c);
void do_end_action(Context& ctx, BgState& st, int side);

// ---- movement (bg_move.cc, bg_vehicle.cc, bg_combine.cc) ----
struct MovePlan {
  int dice = 0;                 // movement dice to roll
  bool minimum_only = false;
  std::vector<Vec2> path;       // start CoM + waypoints
  std::optional<Facing> end_facing;
  std::string notes;
};
Check check_move(const BgState& st, int side, const pb::BgMove& m, MovePlan* plan);
void do_move(Context& ctx, BgState& st, int side, const pb::BgMove& m);
Check check_mount(const BgState& st, int side, const pb::BgMount& m);
void do_mount(Context& ctx, BgState& st, int side, const pb::BgMount& m);
Check check_dismount(const BgState& st, int side, const pb::BgDismount& m);
void do_dismount(Context& ctx, BgState& st, int side, const pb::BgDismount& m);
Check check_cavalry(const BgState& st, int side, const pb::BgCavalry& c);
void do_cavalry(Context& ctx, BgState& st, int side, const pb::BgCavalry& c);
Check check_vehicle_move(const BgState& st, int side, const pb::BgVehicleMove& m);
// A checked vehicle move: the hull centre's path (start first), the end facing, the turning
// (BG-VMOV-05) and the enemy infantry the path overruns (BG-VMOV-08).
struct VehiclePlan {
  std::vector<Vec2> path;
  Facing end_facing;
  int turn_deg = 0;
  std::vector<std::string> overrun;
};
Check plan_vehicle(const BgState& st, int side, const pb::BgVehicleMove& m, VehiclePlan* plan);
// The inches a movement roll gives the planned move (road bonus, reversing, the tracked turning
// cost, which is set in *turn_cost, and the 1" minimum; BG-VMOV-04..06, BG-MOVE-09).
double vehicle_budget(const BgState& st, const Unit& u, const pb::BgVehicleMove& m, const VehiclePlan& plan, int roll,
                      double* turn_cost);
void do_vehicle_move(Context& ctx, BgState& st, int side, const pb::BgVehicleMove& m);
// BG-VMOV-05: whole degrees of heading change along a vehicle path (each turn rounded up), and
// its cost for a tracked vehicle (3" per 90 degrees; "bg.tracked_turn" = "quarters" rounds up).
int total_turn_degrees(Facing start, const std::vector<Vec2>& path, Facing end, bool reverse);
double tracked_turn_cost(const Options& o, int degrees);
// BG-COMB-04: the grade of a combined unit from the two grades, sizes and rolls; nullopt when
// the rolls tie on an in-between average (re-roll). Exposed for tests.
std::optional<Grade> combined_grade(Grade a, int figures_a, int roll_a, Grade b, int figures_b, int roll_b);
// BG-COMB-04: combine `joining` into `keeper` (grade roll when grades differ).
void combine_units(Context& ctx, BgState& st, const std::string& keeper, const std::string& joining);
// Moves a unit's figures along a CoM path with a budget; shared with flee (BG-MEL-14).
struct WalkResult {
  double used = 0;
  bool reached = false;
  Vec2 end;
  std::vector<std::string> notes;
};
// Cost of moving the CoM along `path` for this unit (terrain halving, walls, fords; BG-TER-02..04);
// walks as far as `budget` allows. Returns a refusal when the path is impassable. `through`, when
// given, names a unit the path may run into as if it were gone (a charge's target).
Check walk_path(const BgState& st, const Unit& u, std::span<const Vec2> path, double budget, WalkResult* out,
                const std::string* through = nullptr);
// BG-UNIT-09: reveal hidden units that have an enemy unit within `bg.hidden_reveal` inches
// (CoM to CoM) after a move.
void reveal_hidden(Context& ctx, BgState& st);
// The moved unit's figures/markers event (infantry and cavalry).
void emit_unit_moved(Context& ctx, const BgState& st, const Unit& u, pb::BgUnitMoved moved);

// ---- shooting (bg_fire.cc; filled by the shooting helper) ----
Check check_shoot(const BgState& st, int side, const pb::BgShoot& s);
void do_shoot(Context& ctx, BgState& st, int side, const pb::BgShoot& s);
// Rolls and resolves an already checked shooting action (its `also` list is ignored).
void resolve_shoot(Context& ctx, BgState& st, const pb::BgShoot& s);
// BG-CARD-14 (bg_fire_declare.cc): a shoot order under the game's declaration mode: one unit at
// a time, or every unit's shot of the action declared in one order before any is resolved.
Check check_shoot_order(const BgState& st, int side, const pb::BgShoot& s);
void do_shoot_order(Context& ctx, BgState& st, int side, const pb::BgShoot& s);
// The shooting checks after the card/unit ones, and the shots without the card bookkeeping:
// used by out-of-card shots (the charged unit's defensive fire, BG-MEL-12/13).
Check check_shot_by(const BgState& st, const Unit& shooter, const pb::BgShoot& s);
void fire_shots(Context& ctx, BgState& st, const pb::BgShoot& s);
// BG-VMOV-08: the overrunning tank's machine-gun shot at the infantry unit it passes through.
void overrun_fire(Context& ctx, BgState& st, const Unit& tank, const std::string& weapon_id,
                  const std::string& target_id);
// BG-MINE-04..07: attack a unit that stopped in (or moved through) a minefield.
void minefield_attack(Context& ctx, BgState& st, const std::string& unit_id, const std::string& minefield,
                      int dice);

// ---- melee (bg_melee.cc; filled by the melee helper) ----
Check check_charge(const BgState& st, int side, const pb::BgCharge& c);
void do_charge(Context& ctx, BgState& st, int side, const pb::BgCharge& c);
void do_flee(Context& ctx, BgState& st, int side, const pb::BgFlee& f);
void do_melee_order(Context& ctx, BgState& st, int side, const pb::BgMeleeOrder& o);
void do_melee_fight(Context& ctx, BgState& st, int side, const pb::BgMeleeFight& f);
void do_prisoners(Context& ctx, BgState& st, int side, const pb::BgPrisoners& p);
void do_surrender(Context& ctx, BgState& st, int side, const pb::BgSurrender& s);
// Melee phase (BG-SEQ-02): fights what can be fought; returns true when every melee is over.
bool run_melee_phase(Context& ctx, BgState& st);

// ---- special (bg_special.cc; filled by the special-rules helper) ----
void do_heal(Context& ctx, BgState& st, int side, const pb::BgHeal& h);
void do_clear_mines(Context& ctx, BgState& st, int side, const pb::BgClearMines& c);
void do_call_fire(Context& ctx, BgState& st, int side, const pb::BgCallFire& c);
void do_lay_smoke(Context& ctx, BgState& st, int side, const pb::BgLaySmoke& s);
void do_launch_flare(Context& ctx, BgState& st, int side, const pb::BgLaunchFlare& f);
void do_plan_strike(Context& ctx, BgState& st, int side, const pb::BgPlanStrike& c);  // BG-ART-01
// BG-MINE-03: detection roll for a unit that ended a move within 6" of a hidden minefield.
void detect_mines(Context& ctx, BgState& st, const std::string& unit_id, std::span<const Vec2> path);
// Special-actions phase (BG-SEQ-03); returns true when it is finished.
bool run_special_phase(Context& ctx, BgState& st);
// BG-ART-08: a 5 or 6 was drawn with the random artillery deck in use.
void random_artillery_trigger(Context& ctx, BgState& st, const pb::Card& card);

// ---- decisions ----
void answer_decision(Context& ctx, BgState& st, const pb::Decision& d, const std::string& choice);

// ---- what a seat may know (bg_view.cc) ----
// The view, the queries and the entrance of the orders all ask these, so what a seat is shown
// and what an order's refusal may tell it cannot disagree.
// Who looks: a side (its index), the GM (everything), or a spectator (side -1: what no side hides).
struct Seer {
  int side = -1;
  bool gm = false;
};
// BG-UNIT-09/10: a side knows its own units, on the table or not; another side's only once they
// are on the table and not hidden. The view shows the known units that are on the table.
bool knows_unit(const Unit& u, const Seer& s);
// BG-MINE-02/03: secret terrain is known to its owner, to a side that has found it, and to the GM;
// to spectators once a unit has entered it (BG-MINE-04).
bool knows_terrain(const BgState& st, const Terrain& t, const Seer& s);
// BG-ART-01: a scheduled strike is its side's secret until it lands; the random deck's fire
// missions (BG-ART-08) are called in the open.
bool knows_mission(const FireMission& m, const Seer& s);

// ---- orders naming what the seat may not know (bg_unseen.cc) ----
// What a string field of a BgCommand (or of a message inside it) names, for the entrance check.
enum class Named {
  kUnit,      // a unit id (BG-UNIT-09/10)
  kTerrain,   // a terrain feature's name: minefields may be secret (BG-MINE-02)
  kMission,   // a fire mission or scheduled strike id (BG-ART-01)
  kNoSecret,  // resolved only among the seat's own things, public things, or not a name
};
// The kind of name a field holds; nullopt for a field nobody has classified yet (the entrance
// then treats it as a unit id, and BgUnseen.EveryStringFieldOfAnOrderIsClassified fails).
std::optional<Named> named_by(const google::protobuf::FieldDescriptor& field);
// A name the seat may not know, and the stand-in written in its place: a name that names nothing.
struct StandIn {
  std::string name;
  std::string stand_in;
};
// Replaces, in `order`, every name the seat may not know by a stand-in that names nothing, so
// the order's own checks answer it exactly as an order naming nothing (BG-UNIT-09, BG-MINE-02).
std::vector<StandIn> replace_unknown_names(const BgState& st, const Seer& seer, pb::BgCommand& order);
// A refusal's sentence with each stand-in written back as the name the seat gave.
std::string with_names_given(std::string message, const std::vector<StandIn>& stand_ins);

// ---- GM edits of the table (bg_edit_table.cc; the units' edits are in bg_edit.cc) ----
// Terrain laid or removed (smoke, minefields), an extra card play, the end of a go on the open
// card; a phase is never set. Throws Rejected with a sentence; changes `st` only when accepted.
void edit_table(BgState& st, const pb::GmEdit& edit);
// Who may see such an edit: a secret feature's owner alone, a hidden unit's side; else everyone.
std::vector<std::string> table_edit_audience(const BgState& st, const pb::GmEdit& edit);

// ---- events ----
void emit_bg(Context& ctx, pb::BgEvent body, std::vector<std::string> visible_to = {});
// Per-area parts of apply (bg_apply.cc dispatches).
void apply_core_event(BgState& st, const pb::BgEvent& e);     // cards, move, markers, units
void apply_combat_event(BgState& st, const pb::BgEvent& e);   // shooting, damage, melee
void apply_special_event(BgState& st, const pb::BgEvent& e);  // mines, smoke, flares, artillery

}  // namespace sandtable::bg
