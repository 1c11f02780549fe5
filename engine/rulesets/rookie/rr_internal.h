#pragma once
// Shared helpers of the Rookie Rules rule set (not part of its public API). The numbers live in
// the pure modules (rr_fire_chart, rr_armour, rr_speed, rr_observe, rr_morale, rr_command); the
// files declared here read the state, measure the table and emit events.
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "engine/geom/arcs.h"
#include "engine/model/context.h"
#include "engine/model/payload.h"
#include "engine/model/refusal.h"
#include "engine/rulesets/rookie/rr_artillery.h"
#include "engine/rulesets/rookie/rr_fire_chart.h"
#include "engine/rulesets/rookie/rr_speed.h"
#include "engine/rulesets/rookie/rr_state.h"
#include "engine/rulesets/rookie/rr_tables.h"
#include "sandtable/rulesets/rookie/rr.pb.h"
#include "sandtable/v1/gm_edit.pb.h"

namespace sandtable::rr {

// ---- words (rr_state.cc) ----
std::string label(const Unit& u);  // the unit's name, or its id
std::string inches(double d);      // "6.5\""
const std::string& side_name(const RrState& st, int side);
std::string marker_words(Marker m);  // "disrupted (red)"
pb::RrMarker to_pb(Marker m);
Marker from_pb(pb::RrMarker m);
void emit_rr(Context& ctx, pb::RrEvent body, std::vector<std::string> visible_to = {});

// ---- the table (rr_geometry.cc) ----
Cover cover_at(const RrState& st, Vec2 p);
Cover cover_of(const RrState& st, const Unit& u);  // where it stands; bunkers: open (their class is armour)
// The RR-MOVE-02 terrains a straight leg crosses (open ground when none).
std::vector<MoveTerrain> terrain_crossed(const RrState& st, Vec2 a, Vec2 b);
bool on_road(const RrState& st, Vec2 p, Road* road);
bool in_wire(const RrState& st, Vec2 p);
// RR-LOS-01/02, GAP-RR-LOS-02: a direct line from `a` to `b` (the target's place): hills and
// cover block it, except that it may enter the cover holding `b` (or leave the one holding `a`)
// as deep as that class allows, and cross up to 8" of class 1. Trenches, ditches and foxholes do
// not block (RR-LOS-04). Units never block. `why` gets the blocker in words.
bool line_of_sight(const RrState& st, Vec2 a, Vec2 b, std::string* why = nullptr);
// RR-CMD-02: a friendly leader (not the unit itself, not suppressed) within its radius with a
// line of sight to the unit; the unit is in command. Leaders themselves count as in command.
bool in_command(const RrState& st, const Unit& u);
// RR-CMD-08/09, RR-MOR-05: a friendly leader touching one of the unit's 1" stands (drawn in a row
// across its facing, as the view places them: its centre within 1.5" of a stand's), or null.
const Unit* attached_leader(const RrState& st, const Unit& u);
// A facing in degrees (0 = north, clockwise) as geom's exact half-degree facing.
geom::Facing facing_of(double degrees);
// A vehicle's hull or a bunker, length along its facing and width (docs: "A unit's place").
std::pair<double, double> hull_size(const Unit& u);
// What the unit covers at `at`: one 1" stand per figure in a row across the facing, or its hull.
std::vector<geom::Polygon> footprints(const Unit& u, Vec2 at, double facing_deg);
std::vector<geom::Polygon> footprints(const Unit& u);
// The side's home edge: its units' mean y at the start is nearer y = 0 or y = height.
double home_edge_y(const RrState& st, int side);

// ---- spotting and hidden units (rr_spot.cc) ----
// Whether `viewer` ("gm", "spectator" or a side id) may see the unit at all: a sniper or (with
// rr.fog = hidden) a unit in cover is hidden from the other side until spotted; spectators see
// what both sides see in common... here: only what is spotted by its enemy, to leak nothing.
bool visible_to(const RrState& st, const Unit& u, const std::string& viewer);
// Seats besides the GM that may see everything about the unit now: empty = everyone.
std::vector<std::string> audience(const RrState& st, const Unit& u);
// RR-OBS-01 after anything moved or fired: units in the open in an enemy's sight are spotted by
// that side; spotted units out of every enemy's sight are lost again (RR-OBS-05). Emits RrSpotted.
void update_spotting(Context& ctx, RrState& st);
Check check_observe(const RrState& st, int side, const pb::RrObserve& o);
// Where a search of the scenario's terrain feature looks: half an inch inside its edge nearest the
// unit; nullopt when that is not in cover.
std::optional<Vec2> search_point(const RrState& st, const Unit& u, std::size_t feature);
void do_observe(Context& ctx, RrState& st, int side, const pb::RrObserve& o);

// ---- activation and the functions (rr_activation.cc) ----
Check check_activate(const RrState& st, int side, const std::string& unit_id);
void do_activate(Context& ctx, RrState& st, int side, const std::string& unit_id);
Check check_pass(const RrState& st, int side);
void do_pass(Context& ctx, RrState& st, int side);
// A function of the active unit: `unit_id` must be the unit acting on the card, with a
// function left (RR-CARD-05).
Check check_function(const RrState& st, int side, const std::string& unit_id, const Unit** out);
void spend_function(Context& ctx, RrState& st);  // ends the activation when none is left
Check check_end_activation(const RrState& st, int side);
void end_activation(Context& ctx, RrState& st);
Check check_rally(const RrState& st, int side, const pb::RrRally& r);
void do_rally(Context& ctx, RrState& st, int side, const pb::RrRally& r);
Check check_leader_command(const RrState& st, int side, const pb::RrLeaderCommand& c);
void do_leader_command(Context& ctx, RrState& st, int side, const pb::RrLeaderCommand& c);
// Units of the side that may act on a card now (RR-CARD-03).
std::vector<const Unit*> eligible_units(const RrState& st, int side);

// ---- movement (rr_move.cc) ----
struct MovePlan {
  MoveAllowance allowance;
  double distance = 0;
  Vec2 end;
  bool road = false;
  std::string melee_target;  // RR-MEL-02: the enemy a declared melee falls on
};
Check check_move(const RrState& st, int side, const pb::RrMove& m, MovePlan* plan);
void do_move(Context& ctx, RrState& st, int side, const pb::RrMove& m);
// RR-MEL-02 on the menu: the move that closes `u` to melee with `target`: straight at it, stopping
// as far off as still brings the stands within 1", facing it; nullopt when no such move is allowed.
std::optional<pb::RrMove> melee_charge(const RrState& st, int side, const Unit& u, const Unit& target);
// RR-MOVE-08..10, GAP-RR-MOVE-09: the breakdown roll after a move, and breaking free.
void roll_breakdown(Context& ctx, RrState& st, const Unit& u, const std::vector<Vec2>& pts);
Check check_break_free(const RrState& st, int side, const pb::RrBreakFree& b);
void do_break_free(Context& ctx, RrState& st, int side, const pb::RrBreakFree& b);
// RR-OVR-02: a vehicle backing up from `from` to `to` attacks the friendly infantry it drives over.
void overrun_backing_up(Context& ctx, RrState& st, const std::string& id, Vec2 from, Vec2 to);
// RR-ARM-05: a vehicle retires `functions` moves toward its own edge at once (overrunning, RR-OVR-02).
// `marker_before`: the unit's marker before the hit that sent it back (its current speed class).
void retire(Context& ctx, RrState& st, const std::string& id, int functions, Marker marker_before);
// The allowance of one move function starting now (no path: what the menu offers).
MoveAllowance allowance_now(const RrState& st, const Unit& u);

// ---- fire (rr_fire.cc) ----
struct FirePlan {
  ShotInput input;
  ShotPlan plan;
  bool blind = false;
  double distance = 0;
};
Check check_fire(const RrState& st, int side, const pb::RrFire& f, FirePlan* plan);
void do_fire(Context& ctx, RrState& st, int side, const pb::RrFire& f);
std::vector<const Unit*> fire_targets(const RrState& st, const Unit& firer);

// ---- attacks on the chart, whoever makes them (rr_attack.cc) ----
bool armoured(const Unit& u);  // an armoured vehicle or a bunker
// Which face of a vehicle an attack from `from` strikes.
HitAspect aspect_of(const Unit& target, Vec2 from);
void fill_plan(const ShotPlan& plan, pb::RrFired* x);
struct AttackResult {
  int lost = 0;                   // figures lost
  Marker marker = Marker::kNone;  // the marker the result places
  int retire_functions = 0;       // RR-ARM-05: a vehicle's retirement, made at once after the attack
  Marker marker_before = Marker::kNone;  // the target's, before the attack (its speed when retiring)
};
// Fills x with the plan and rolls the d10: the chart result, what it does to armour or a bunker
// (special damage, fire), the target's figures, marker and ff afterwards. Changes no state.
AttackResult roll_attack(Context& ctx, const ShotInput& in, const ShotPlan& plan, const Unit& target, double distance,
                         pb::RrFired* x);
// After an attack's event: an attached leader's share (RR-CMD-08/09), then the target tests its
// morale: always when the attack forces it (RR-MOR-01 (2)), else when it lost a figure (1).
void after_attack(Context& ctx, RrState& st, const std::string& target_id, const AttackResult& r, bool forces_morale);
// An attack with no firing unit: a strike's template (RR-ART-05), a minefield (RR-MINE-01) or an
// overrun (RR-OVR-01), on the column of `band_ff` with the target's own shifts (cover, armour,
// aspect) and blind fire when `blind`. The event goes to those who may see the target.
struct NoFirerAttack {
  int band_ff = 0;
  bool blind = false;
  HitAspect aspect = HitAspect::kFront;
  std::string source;   // "the 105mm battery's template C", "a minefield", "an overrun by ..."
  std::string rule_id;
  bool forces_morale = false;
};
void attack_without_firer(Context& ctx, RrState& st, const Unit& target, const NoFirerAttack& a);

// ---- morale (rr_morale_act.cc) ----
// RR-MOR-01/03/05: a test now, for `trigger` ("took a casualty", "voluntary"...). A unit that runs
// away (RR-MOR-04) makes its friends within 8" test too (RR-MOR-01 (5)), each once in the chain
// (`tested` holds who has).
void morale_test(Context& ctx, RrState& st, const Unit& u, const std::string& trigger);
void morale_test(Context& ctx, RrState& st, const Unit& u, const std::string& trigger, std::vector<std::string>& tested);
// RR-MOR-01 (4): an enemy tank that has just come within 8" of soft units makes them test.
void tank_came_near(Context& ctx, RrState& st, const Unit& tank, Vec2 from);
inline constexpr const char* kFriendRanAway = "a friendly unit ran away within 8\"";
inline constexpr const char* kTankNear = "an enemy tank came within 8\"";
Check check_morale_test(const RrState& st, int side, const pb::RrMoraleTest& t);

// ---- off-table artillery (rr_strike.cc) and aircraft (rr_aircraft.cc) ----
// Attacks every living unit with a stand or hull under the template, each once; an air attack
// (RR-AIR-10) makes a unit in cover a blind target.
void attack_under(Context& ctx, RrState& st, const PlacedTemplate& placed, const NoFirerAttack& attack, bool air);
// RR-SEQ-01 step 1: the side has something to plot (a battery, or an aircraft on call).
bool may_plot(const RrState& st, int side);
Check check_flight_plan(const RrState& st, int side, const pb::RrFlightPlan& p);
void do_flight_plan(Context& ctx, RrState& st, int side, const pb::RrFlightPlan& p);
// An aeroplane's straight run through `aim` along `heading_deg`, from the table's edge to the edge it
// leaves by; a helicopter's run in from the edge to `aim` and its loop there (RR-AIR-02).
std::vector<Vec2> flight_path(const RrState& st, const Aircraft& a, Vec2 aim, double heading_deg);
std::string air_template_letter(const AirSupport& a);
// RR-AIR-03/04: planned aircraft come onto the table as the first card sequence begins; dogfights.
void bring_aircraft_on(Context& ctx, RrState& st);
// RR-AIR-07/08/09/10, RR-ART-02: between the sequences every aircraft still flying attacks, then leaves.
void land_air_attacks(Context& ctx, RrState& st);
// RR-AIR-01, RR-SEQ-03: the end-of-turn arrival rolls.
void check_air_arrivals(Context& ctx, RrState& st);
Check check_aa_fire(const RrState& st, int side, const pb::RrAaFire& f);
void do_aa_fire(Context& ctx, RrState& st, int side, const pb::RrAaFire& f);
int aa_chance_of(const Unit& u);  // RR-AIR-05, percent
Check check_plot(const RrState& st, int side, const pb::RrPlot& p);
void do_plot(Context& ctx, RrState& st, int side, const pb::RrPlot& p);
// RR-ART-07: an on-table mortar's fire function: the impact at the target it aims at, then every
// unit under its template attacked (`aimed` is the fire check's plan at that target; `split`: this
// first shot says the second goes elsewhere, RR-FIRE-08).
void fire_mortar(Context& ctx, RrState& st, int side, const Unit& mortar, const Unit& target, const FirePlan& aimed, bool split);
// RR-ART-02/04/05: every plot lands, is diced for drift, and attacks the units under it.
void land_strikes(Context& ctx, RrState& st);
// The templates a battery may use (RR-ART-03), "A".."D"; empty for an unknown weapon.
std::vector<std::string> battery_templates(const Battery& b);
std::string battery_label(const Battery& b);

// ---- reorganising (rr_organise.cc) ----
Check check_set_up(const RrState& st, int side, const pb::RrSetUp& s);
void do_set_up(Context& ctx, RrState& st, int side, const pb::RrSetUp& s);
std::string set_up_label(const RrState& st, const Unit& u);
Check check_combine(const RrState& st, int side, const pb::RrCombineSquads& c);
void do_combine(Context& ctx, RrState& st, int side, const pb::RrCombineSquads& c);
bool may_combine(const RrState& st, int side);

// ---- sequence (rr_sequence.cc) ----
Check check_end_phase(const RrState& st, int side);
void do_end_phase(Context& ctx, RrState& st, int side);
// Carries the game on until someone must give an order (turns cards, skips empty phases).
void settle(Context& ctx, RrState& st);
// The side the game waits on now, or -1.
int waiting_side(const RrState& st);
std::string phase_words(const RrState& st);
// Whether the side has something to do in its part of the plot, command or morale phase the game
// is in (settle() goes past a part with nothing to do).
bool has_phase_work(const RrState& st, int side);

// ---- GM edits of the table (rr_edit_table.cc; the units' edits are in rr_edit.cc) ----
// The most functions a unit may have left: RR-CARD-05 gives two, the GM's extra ones up to this.
inline constexpr int kMostFunctions = 4;
// Terrain and minefields laid or removed, the first side's part of a phase handed on, an extra
// function for the unit acting, the end of its activation. Throws Rejected with a sentence.
void edit_table(RrState& st, const pb::GmEdit& edit);
// Who may see such an edit: a minefield's owner alone until it is found, the side of a unit
// acting unseen; else everyone.
std::vector<std::string> table_edit_audience(const RrState& st, const pb::GmEdit& edit);
// The log words of such an edit where the shared ones would not do; empty otherwise.
std::string describe_table_edit(const RrState& st, const pb::GmEdit& edit);

}  // namespace sandtable::rr
