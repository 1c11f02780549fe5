#pragma once
// Shared helpers of the Portable Wargame rule set (not part of its public API).
#include <optional>
#include <string>
#include <vector>

#include "engine/model/context.h"
#include "engine/model/payload.h"
#include "engine/rulesets/pw/pw_state.h"
#include "engine/rulesets/pw/pw_tables.h"
#include "sandtable/rulesets/pw/pw.pb.h"

namespace sandtable::pw {

// Why a command would be refused. Checks return it instead of throwing so the legal-action
// enumeration can call them freely; handlers turn it into reject().
struct Refusal {
  std::string code;
  std::string rule;
  std::string message;
};
using Check = std::optional<Refusal>;
[[noreturn]] void refuse(const Refusal& r);

// ---- words ----
std::string sq_text(Sq s);  // "(3,4)"
std::string label(const Unit& u);  // the unit's name, or its id
const std::string& side_id(const PwState& st, int side);
Sq to_sq(const pb::GridSquare& g);
pb::GridSquare to_pb(Sq s);

// ---- terrain (PW-TER-*, PW-DEF-*) ----
// Woods, built-up areas and fortifications: block sight (PW-DEF-03) and need an edge square to
// fire out of (PW-ART-05).
bool closed_terrain(const Cell& c);
// GM edits of the table beyond its units (pw_edit_table.cc): GmTerrain, GmSetPhase (refused),
// GmExtraAction, GmEndActivation; throws Rejected like the rest of edit_state.
void edit_table(PwState& st, const pb::GmEdit& edit);
bool passable(const Cell& c);  // river squares only at fords (PW-TER-05)
bool in_river(const PwState& st, const Unit& u);
bool crossing_trench(const PwState& st, const Unit& u);  // entered this turn (PW-TER-07)
// Target/unit is in cover or fortifications: woods, town, fortification, or a held trench.
bool in_cover(const PwState& st, const Unit& u);
bool square_in_cover(const PwState& st, Sq s);  // for artillery aimed at a square
// Direct line of sight (PW-DEF-03); units in between block unless `over_units` (PW-ART-04).
bool direct_los(const PwState& st, Sq from, Sq to, bool over_units);
// Range of the unit's weapon from where it stands (1 inside a wood, PW-TER-04); 0 = none.
int fire_range(const PwState& st, const Unit& u);
// Whether `t` is another square in the unit's forward arc within its range: check_fire refuses
// every target where this is false, so a search for targets asks check_fire only where it holds.
inline bool in_fire_reach(const PwState& st, const Unit& u, Sq t) {
  return t != u.sq && grid::in_arc(u.sq, u.facing, t) && grid::distance(u.sq, t) <= fire_range(st, u);
}

// ---- units ----
bool commander_near(const PwState& st, const Unit& u, bool same_square_counts);
int activation_dice_count(const PwState& st, int side);  // PW-ACT-01/03
int nearest_enemy_distance(const PwState& st, int side, Sq s);  // large if none
std::vector<const Unit*> adjacent_enemies(const PwState& st, int side, Sq s);
int living_units(const PwState& st, int side);

// ---- checks (return the first refusal) ----
// Turn, ownership and activation checks common to every unit order.
Check check_unit_order(const PwState& st, int side, const std::string& unit_id, const Unit** out);
Check check_activation_available(const PwState& st, const Unit& u);

struct MovePlan {
  int allowance = 0;
  bool road = false;
  std::string stop_reason;
  std::vector<Facing> contact_facings;  // facings toward adjacent enemies at the end square
};
// The parts of a move's check that the bot's search also reads, so that the two cannot disagree.
// Refuses every move and turn of this unit whatever its path (carried, busy, moved, fired guns,
// no activation).
Check check_may_move(const PwState& st, const Unit& u);
// How many squares a move may cover and the rule that says so: the type's move, +1 when the
// whole path is road (PW-TER-01), -1 after firing (PW-MOVE-05), 1 out of a wood, river or trench.
struct MoveAllowance {
  int squares = 0;
  const char* rule = nullptr;
  bool slow_start = false;
};
MoveAllowance move_allowance(const PwState& st, const Unit& u, bool road);
// Why a unit entering `s` from `prev` must stop there (PW-MOVE-08, PW-TER-03/05/06/07); `why` is
// null when it may go on.
struct MoveStop {
  const char* why = nullptr;
  const char* rule = nullptr;
};
MoveStop move_stop(const PwState& st, int side, Sq prev, Sq s);
// The unit that keeps `u` from ending a move at `s` (PW-UNIT-05), or null.
const Unit* stacking_blocker(const PwState& st, const Unit& u, Sq s);
// True when check_move refuses a move of `u` along `path` (first step first) for what the path
// itself does, whatever else holds: longer than the allowance, going on past a square where the
// unit must stop, ending on a square it may not share, or closing on the enemy when its side is
// exhausted. False says nothing: check_move still judges the path. A search asks this before
// building an order for each path it found.
bool move_refused_anyway(const PwState& st, int side, const Unit& u, const std::vector<Sq>& path);
// Whether a check writes its refusal's sentence, or only its code and rule (for enumerations).
enum class Say { kWords, kCodeOnly };
// A refusal whose sentence is written only when someone will read it (the menus, the bot and
// the turn's bookkeeping ask thousands of checks and read only whether they pass).
template <class Words>
Refusal said(Say say, const char* code, const char* rule, Words&& words) {
  return {code, rule, say == Say::kWords ? words() : std::string()};
}
// Whether `side`'s units may be given orders now (check_unit_order's first test).
inline bool orders_now(const PwState& st, int side) { return st.phase == Phase::kActivation && st.active_side == side; }
Check check_move(const PwState& st, int side, const pb::PwMove& m, MovePlan* plan, Say say = Say::kWords);
Check check_face(const PwState& st, int side, const pb::PwFace& f);
Check check_fire(const PwState& st, int side, const pb::PwFire& f, Say say = Say::kWords);
// check_fire once check_unit_order has found the unit: `u` fires at `target`.
Check check_fire_at(const PwState& st, int side, const Unit& u, Sq target, Say say);
Check check_close_combat(const PwState& st, int side, const pb::PwCloseCombat& c, Say say = Say::kWords);
// check_close_combat once check_unit_order has found the unit: `u` attacks `target_id`.
Check check_close_combat_of(const PwState& st, int side, const Unit& u, const std::string& target_id, Say say);
Check check_stationary(const PwState& st, int side, const pb::PwStationary& s);
Check check_plan(const PwState& st, int side, const pb::PwArtilleryPlan& p);
// Artillery target (range, arc, edge square) for one battery.
Check check_artillery_target(const PwState& st, const Unit& gun, Sq target, Say say = Say::kWords);
// Move allowance before the steps are known (for views): base, -1 fired, wood/river/trench 1.
int base_allowance(const PwState& st, const Unit& u);
// Can the unit still do anything this turn (beyond ending its activation)?
bool unit_can_act(const PwState& st, const Unit& u);

// ---- handlers ----
void activate(Context& ctx, PwState& st, const Unit& u);
void do_move(Context& ctx, PwState& st, int side, const pb::PwMove& m);
void do_face(Context& ctx, PwState& st, int side, const pb::PwFace& f);
void do_fire(Context& ctx, PwState& st, int side, const pb::PwFire& f);
void do_close_combat(Context& ctx, PwState& st, int side, const pb::PwCloseCombat& c);
void do_stationary(Context& ctx, PwState& st, int side, const pb::PwStationary& s);
void do_plan(Context& ctx, PwState& st, int side, const pb::PwArtilleryPlan& p);
void fire_all_artillery(Context& ctx, PwState& st);
// Resolves one pending hit, possibly asking a retreat-or-lose question.
void resolve_next_hit(Context& ctx, PwState& st);
void resolve_follow_up(Context& ctx, PwState& st);
// Contact stop facing (PW-MOVE-08) after a move or advance into `to`.
void face_contact(Context& ctx, PwState& st, const Unit& u, const std::vector<Facing>& facings);
void answer_decision(Context& ctx, PwState& st, const pb::Decision& d, const std::string& choice);
// Carries the game forward until it needs a command or a decision.
void settle(Context& ctx, PwState& st);
// Table dice only: the game needs dice but no side owes an order (answered by PwProceed).
bool stalled(const PwState& st);

void add_hits_for_unit(const PwState& st, const Unit& u, int hits, const std::string& cause, pb::PwHitsPending* out);
// Event helpers.
void emit_pw(Context& ctx, const pb::PwEvent& body, std::vector<std::string> visible_to = {});

}  // namespace sandtable::pw
