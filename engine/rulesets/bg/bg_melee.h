#pragma once
// Melee-area internals shared by bg_melee.cc (charges), bg_melee_fight.cc (rounds, surrender,
// prisoners) and bg_apply_melee.cc (their events). Rule IDs: BG-MEL-*, BG-PRIS-*.
#include <string>

#include "engine/rulesets/bg/bg_internal.h"

namespace sandtable::bg {

inline constexpr const char* kDefenderResponseKind = "BG_DEFENDER_RESPONSE";  // BG-MEL-12

// BG-MEL-01 (GAP-BG-MEL-01): the charge test dice, rolled exactly like a shooting attack by
// `charger` at `target` (pool, grade with its penalties, the target's red dice); emits the
// BgAttack ("charge test") and returns the net hits. No casualties.
int charge_test_roll(Context& ctx, BgState& st, const Unit& charger, const Unit& target);
// The same pool without rolling (white, blue, red, lowest hit face), for tests and views.
struct ChargePool {
  int white = 0, blue = 0, red = 0, hit_from = 7;
  bool flank = false;
  bool halve = false;  // net hits halved: no HW against armour (BG-VEH-02, GAP-BG-MEL-01)
};
ChargePool charge_test_pool(const BgState& st, const Unit& charger, const Unit& target);
// BG-MEL-01: the net hits the charge test needs (1 when the charger has more figures than the
// target, else 2; 0 for a vehicle, which takes no test: GAP-BG-MEL-16).
int charge_test_needed(const Unit& charger, const Unit& target);
// BG-MEL-18: a charge that passed its test and fell short continues on an ace without a new test.
bool charge_continues(const BgState& st, const Unit& charger, const Unit& target);

// The answer to the BG-MEL-12 decision ("none", "move", "shoot", "both").
void answer_defender_response(Context& ctx, BgState& st, const std::string& choice);

// BG-PRIS-01/BG-MEL-08: the figures of `loser` surrender to `captor`'s side; guards are taken
// from `captor` (one per four prisoners, at least one) and form a new prisoner group.
void take_prisoners(Context& ctx, BgState& st, const std::string& loser, const std::string& captor,
                    const std::string& reason);

// ---- the charged unit's defensive fire (bg_melee_defence.cc, BG-MEL-12/13) ----
// The shot the pending charge's defender would fire at the charger: infantry and emplacements
// one shot; a vehicle every weapon the shooting rules accept at it.
pb::BgShoot defensive_shot(const BgState& st);
// Whether that shot may be fired now: the shooting rules (range, LOS, front, non-standing,
// melee) without the card checks (an out-of-card action, BG-MEL-12).
Check check_defensive_shot(const BgState& st);
// Fires it (no card used up); refuses with the shooting rules' reason when it may not.
void defensive_fire(Context& ctx, BgState& st);
// BG-MEL-12/14 for a vehicle defender that moves: the rolled 2D6" straight away from the
// charger (facing kept), stopping where its hull touches nobody (GAP-BG-MEL-12, ours).
void vehicle_flee(Context& ctx, BgState& st, const Unit& v, const Unit& charger, int roll);
// BG-MEL-14 "Flee straight away" for infantry and cavalry (bg_melee.cc).
void flee_straight(Context& ctx, BgState& st, const Unit& def, const Unit& charger, int roll);
// BG-MEL-03/13/16/17: the charge's distance roll and move (bg_melee.cc), after the defender's
// answer (and flee) is done; closes the pending charge.
void charge_distance(Context& ctx, BgState& st, const std::string& charger_id, const std::string& target_id,
                     std::vector<Vec2> waypoints, bool continued);

// ---- the defender's flee (bg_flee.cc, BG-MEL-14) ----
inline constexpr const char* kFleeKind = "BG_FLEE";  // BG-MEL-14: draw the way away, or straight
// The 2D6 is rolled (`roll`): emits BgFleeRolled and asks the defender's seat (BG_FLEE) to draw
// the flee (BgFlee, the menu's "flee:" move) or to flee straight away (answer "straight").
void ask_flee(Context& ctx, BgState& st, const Unit& def, const Unit& charger, int roll);
// The answer "straight" to BG_FLEE: today's automatic flee with the roll, then the charge goes on.
void answer_flee(Context& ctx, BgState& st, const std::string& choice);
// A drawn flee (BgFlee) checked: the pending flee's unit, the ordinary path costs (BG-TER-*),
// the facing cost (BG-MOVE-08 / BG-VMOV-05), the whole roll used unless blocked, away from the
// charger, a legal end (on the table, on nobody, cohesion kept). Changes nothing.
Check check_flee(const BgState& st, int side, const pb::BgFlee& f);
// A few drawn flees the checks accept (straight away and 45 degrees either side), for the bot.
std::vector<pb::BgFlee> flee_candidates(const BgState& st);
// BG-VMOV-07: the point nearest `end`, backing along `path`, where the vehicle's hull (with
// `facing`) stands on nobody and on the table; path.front() if none.
Vec2 vehicle_stop(const BgState& st, const Unit& v, const std::vector<Vec2>& path, Vec2 end, Facing facing);

// ---- vehicles in melee (bg_melee_vehicle.cc, BG-MEL-15/16, BG-PRIS-06) ----
inline constexpr const char* kVehiclePrisonersKind = "BG_VEHICLE_PRISONERS";  // BG-PRIS-06
bool is_vehicle_melee(const BgState& st, const Melee& m);
// Settles, fights one round of, and settles again the vehicle melee `melee_id` (BG-MEL-15).
void vehicle_melee_step(Context& ctx, BgState& st, const std::string& melee_id);
// The answer "escort" / "release" of the winning vehicle's owner (BG-PRIS-06).
void answer_vehicle_prisoners(Context& ctx, BgState& st, const pb::Decision& d, const std::string& choice);

// ---- figures in a melee round (bg_melee_fight.cc) and the choice of pairs (bg_melee_order.cc) ----
struct MeleeFighter {
  const Unit* unit;
  const Figure* fig;
  int unit_index;  // position in the melee's attackers/defenders (charge order, BG-MEL-10)
  bool special;    // medic, mule or horse-holder: may be held back (BG-MEL-10)
};
// BG-MEL-10 (GAP-BG-MEL-06): the listed order: units in charge order, in each unit the fighting
// figures in unit order, specials last. Horse-holders with the horses do not fight.
std::vector<MeleeFighter> melee_fighters(const BgState& st, const std::vector<std::string>& ids);
// BG-MEL-07: the modifier of `a` (attacking side if `attacking`) against `b`; `words` gets
// each part ("+1 leader").
int melee_modifier(const BgState& st, const Melee& m, const MeleeFighter& a, const MeleeFighter& b, bool attacking,
                   std::vector<std::string>* words = nullptr);
// GAP-BG-MEL-07c: a wall or hedge (a line with red dice) crosses the line from `attacker` to
// `defender` within kMeleeWallReach of `defender`.
bool defends_wall(const BgState& st, Vec2 attacker, Vec2 defender);

// BG-MEL-06/10: the fighters of each side for the next round, chosen pairs first (pair i is
// att[i] against def[i] for i < pairs), then the others in the listed order (they wait).
struct MeleePairing {
  std::vector<MeleeFighter> att, def;
  std::size_t pairs = 0;
};
MeleePairing melee_pairing(const BgState& st, const Melee& m);
// The role (0 attackers, 1 defenders) whose choice of pairs the next round of `m` waits for,
// or -1: asked only with bg.melee_pairing = players, for infantry/cavalry melees without
// stands, when the choice can change something (more figures than pairs; for the defenders
// also figures that differ facing attackers that differ).
int melee_order_owed(const BgState& st, const Melee& m);
// The side index of a role of `m` (0 attackers, 1 defenders).
int melee_role_side(const BgState& st, const Melee& m, int role);
// The melee whose pairs `side` must choose now (the first waiting one without table dice), or
// nullptr; *role gets the role.
const Melee* melee_order_due(const BgState& st, int side, int* role);
// The order's refusal, if any (figures not in the melee, dead, named twice, too many, unit
// order BG-MEL-10); *filled gets the pairs' figures in order (named, then the listed rest).
Check check_melee_order(const BgState& st, int side, const pb::BgMeleeOrder& o, std::vector<std::string>* filled = nullptr);
// A figure's name for a player: "Leader g1-0 — 1st Squad".
std::string melee_figure_label(const MeleeFighter& f);

// ---- the captors' choice of guards (bg_melee_guards.cc, BG-PRIS-01) ----
// May this figure guard prisoners? Alive, not a prisoner, and one that fights: never a medic
// (BG-MED-01), a mule or a horse-holder.
bool may_guard(const Figure& f);
// The prisoner group whose guards its captors must still choose (the first one), or nullptr.
const Unit* guards_owed(const BgState& st);
// The figures that may guard `group`: its guards now, then the captor unit's figures that may.
std::vector<const Figure*> guard_candidates(const BgState& st, const Unit& group);
// The answer's refusal, if any.
Check check_guards(const BgState& st, int side, const pb::BgPrisoners& p);

// ---- shared by the melee files (bg_melee_fight.cc) ----
// BG-MEL-11: ends the melee; winners (units of `winner`, -1 none) are marked as having run.
void end_melee(Context& ctx, BgState& st, const Melee& m, int winner, const std::string& how);
const Melee* melee_named(const BgState& st, const std::string& id);

// BG-PRIS-02: prisoners are never executed: refuses a shot by their captors at their group.
Check check_no_execution(const BgState& st, int side, const pb::BgShoot& s);

// BG-PRIS-01 (bg_melee_prisoners.cc): where the prisoners of a new group stand: a block behind
// the guards (or on their own centre without guards), clear of every other unit and on the
// table; `moving` are the ids of the group's figures (guards and prisoners).
std::vector<Vec2> place_prisoners(const BgState& st, const std::vector<Vec2>& guards, const std::vector<Vec2>& prisoners,
                                  Facing facing, const std::vector<std::string>& moving);

// Fills the group event's `placed` (place_prisoners) from the figures' current places.
void add_placements(const BgState& st, pb::BgPrisonerGroup& g, Facing facing);

// Events of this area applied to the state (hooked into Battleground::apply).
void apply_melee_event(BgState& st, const pb::BgEvent& e);

}  // namespace sandtable::bg
