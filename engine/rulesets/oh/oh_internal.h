#pragma once
// Shared helpers of the One-Hour Wargames WWII rule set (not part of its public API).
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/model/context.h"
#include "engine/model/payload.h"
#include "engine/model/refusal.h"
#include "engine/rulesets/oh/oh_state.h"
#include "engine/rulesets/oh/oh_tables.h"
#include "sandtable/rulesets/oh/oh.pb.h"

namespace sandtable::oh {


// ---- words ----
std::string label(const Unit& u);  // the unit's name, or its id
std::string inches(double d);      // "6.5\""
const std::string& side_name(const OhState& st, int side);

// ---- geometry (oh_geometry.cc) ----
// The unit's three bases (OH-UNIT-03): index 0 is the unique base at `pos`, the others line
// abreast to its left and right (OH-UNIT-04/05).
std::array<Vec2, 3> base_centres(const UnitType type, Vec2 pos, Facing facing);
std::vector<Polygon> bases(const Unit& u);
std::vector<Polygon> bases_at(UnitType type, Vec2 pos, Facing facing);
// How far a unit's bases reach from its centre (the unique base's): the circle through the outer
// bases' far corners. The next two only skip exact tests, never decide one: a tolerance of a
// millionth of an inch keeps them on the safe side.
double reach(UnitType type);
// Could a base of a unit of type `a` at `pa` be within `d` of one of type `b` at `pb`? False only
// when their reaches are more than `d` apart (0: could they overlap?).
bool could_be_within(UnitType a, Vec2 pa, UnitType b, Vec2 pb, double d);
// Could the segment enter a base of `u`? False only when it passes beyond u's reach.
bool could_enter(const Unit& u, geom::Segment s);
// Shortest distance between two polygons (0 when they touch or overlap).
double gap(const Polygon& a, const Polygon& b);
bool overlap(const Polygon& a, const Polygon& b);
// Range between two units: between their unique bases' nearest edges (OH-FIRE-01).
double range_between(const Unit& a, const Unit& b);
// OH-MOVE-04: an enemy base within 2" of any base of the unit (units hidden from the unit's
// side included: the rule is about what is there).
bool threatened(const OhState& st, const Unit& u);
bool inside_kind(const OhState& st, Vec2 p, TerrainKind kind);
bool on_road(const OhState& st, Vec2 p);
// OH-CONV-07: Dug-in, or the unique base inside woods or a town.
bool concealed(const OhState& st, const Unit& u);
// OH-FIRE-07c: a tank on a hill.
bool on_hill(const OhState& st, const Unit& u);
// Whether the target lies behind the firer's front (OH-FIRE-03): its unique base's centre is
// behind the line of the firer's unique base's front edge.
bool behind_front(const Unit& of, Vec2 p);

enum class SightFor { kSeeing, kDirectFire };
// OH-LOS-01..06 and GAP-OH-LOS-01/03, for `side`'s unit `from` looking at `to`: at least two
// of from's bases each see a different base of `to`. Units hidden from from's side do not block.
bool sees(const OhState& st, const Unit& from, const Unit& to, SightFor why);
// OH-LOS-02: an observer's unique base sees two of the target's bases.
bool observes(const OhState& st, const Unit& observer, const Unit& target);
// The straight line between two places is clear of sight-blocking terrain (a feature holding
// either end may be seen into for 4", OH-LOS-04; along a road nothing blocks, OH-LOS-06).
bool line_clear(const OhState& st, Vec2 a, Vec2 b);
// Terrain only, from the unique base of `from` (spotting a Concealed Ready unit, GAP-OH-LOS-05).
bool terrain_sight(const OhState& st, const Unit& from, const Unit& to);

// ---- hidden units (GAP-OH-LOS-05, room option "hidden") ----
// Whether `u` is hidden from `side`: Concealed and Ready, and no unit of `side` within 12" with
// terrain sight to it.
bool hidden_from(const OhState& st, const Unit& u, int side);
// Whether `viewer` ("gm", "spectator" or a side id) may see the unit.
bool visible_to(const OhState& st, const Unit& u, const std::string& viewer);
// The seats besides the GM that may see everything about the unit now: empty = everyone.
std::vector<std::string> audience(const OhState& st, const Unit& u);

// ---- fire (oh_fire.cc) ----
struct FirePlan {
  std::vector<pb::OhModifier> modifiers;
  int modifier_total = 0;
  std::vector<std::string> halvings;  // counted, at most two (OH-FIRE-07e)
  bool close = false;
  double distance = 0;
};
FirePlan plan_fire(const OhState& st, const Unit& firer, const Unit& target, bool ready_fire);
// OH-FIRE-05 steps 4 and 5 (GAP-OH-FIRE-07): the modified roll times the capped halvings and
// the close-range doubling, rounded up once, never below 0.
int fire_hits(int modified, int halvings, bool close);
// The target a unit should fire at (OH-FIRE-04): the best modifier, then the closest.
const Unit* priority_target(const OhState& st, const Unit& firer, bool ready_fire);
// A shot by `side`'s unit at `target_id` now (in the Mortar Fire or Actions step, or from
// Ready in the other side's window).
Check check_fire(const OhState& st, int side, const std::string& unit_id, const std::string& target_id);
std::vector<const Unit*> fire_targets(const OhState& st, const Unit& firer);
void do_fire(Context& ctx, OhState& st, int side, const pb::OhFire& f);

// ---- movement (oh_move.cc) ----
Check check_roll_move(const OhState& st, int side, const std::string& unit_id, bool march);
Check check_move(const OhState& st, int side, const pb::OhMove& m);
void do_roll_move(Context& ctx, OhState& st, int side, const pb::OhRollMove& m);
void do_move(Context& ctx, OhState& st, int side, const pb::OhMove& m);
// Whether the straight line a-b crosses a river away from its bridges and fords (OH-TER-04).
// GM edits of the table beyond its units (oh_edit_table.cc): GmTerrain, GmSetPhase,
// GmExtraAction (refused), GmEndActivation; throws Rejected like the rest of edit_state.
void edit_table(OhState& st, const pb::GmEdit& edit);
bool river_blocks(const OhState& st, Vec2 a, Vec2 b);
// OH-MOVE-02 before the roll, in words: "d6+2\"".
std::string allowance_words(const OhState& st, const Unit& u, bool march);

// ---- Rally & Ready (oh_rally.cc) ----
Check check_rally_ready(const OhState& st, int side, const pb::OhRallyReady& r);
void do_rally_ready(Context& ctx, OhState& st, int side, const pb::OhRallyReady& r);
// OH-RR-02: Hits a rally roll removes.
int rally_removes(bool concealed_or_tank, int roll);

// ---- sequence (oh_sequence.cc) ----
Check check_end_step(const OhState& st, int side);
void do_end_step(Context& ctx, OhState& st, int side);
// After a phasing action in the Actions step: the other side's Ready window (OH-SEQ-05).
void after_action(Context& ctx, OhState& st);
// Carries the game on until someone must give an order (skips steps nobody can act in).
void settle(Context& ctx, OhState& st);
bool may_act_in_step(const OhState& st, const Unit& u);
std::vector<const Unit*> ready_shooters(const OhState& st);
void answer_decision(Context& ctx, OhState& st, const pb::Decision& d, const std::string& choice);
constexpr const char* kReadyDecision = "OH_READY_FIRE";
// The Ready-fire window's answers, worded for the shared log line "<side> chose <answer>.".
constexpr const char* kHoldFire = "to hold fire";
constexpr const char* kReadyFire = "to fire from Ready";

pb::DieKind die_kind(const OhState& st);
// The game's die in words (OH-CONV-01): "d6" or "average die".
std::string die_words(const OhState& st);
void emit_oh(Context& ctx, pb::OhEvent body, std::vector<std::string> visible_to = {});

}  // namespace sandtable::oh
