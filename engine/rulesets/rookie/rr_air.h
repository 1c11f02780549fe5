#pragma once
// Rookie Rules aircraft and anti-aircraft fire (../shared/rules/rookie-rules.md section 12):
// arrival, flight paths, dogfights, timing, AA fire and its results, attack-location modifiers,
// air templates and the cover rule. Air attacks reuse the artillery templates and impact roll
// (rr_artillery.h). Pure: die faces are parameters, no I/O, no state.
//
// Rule IDs: RR-AIR-01..10, GAP-RR-ART-05 (air columns).
#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/geom/arcs.h"
#include "engine/geom/shapes.h"
#include "engine/geom/vec.h"
#include "engine/rulesets/rookie/rr_artillery.h"
#include "engine/rulesets/rookie/rr_types.h"

namespace sandtable::rr {

// ---------------------------------------------------------------------------------------------
// Arrival (RR-AIR-01, RR-SEQ-03)

// RR-AIR-01 suggested values (the scenario may change them or dictate arrivals instead).
inline constexpr int kArrivalBaseChance = 35;
inline constexpr int kArrivalChanceStep = 10;

// RR-SEQ-03: the arrival check is made at the end of each turn.
constexpr bool aircraft_arrival_checked_in(TurnWindow w) { return w == TurnWindow::kEndOfTurn; }

// RR-AIR-01: the chance (percent, at most 100) after `failed_checks` checks in a row without an
// arrival: 35 on the first check, 45 after one failure, ... back to 35 once an aircraft arrives.
int arrival_chance(int failed_checks, int base = kArrivalBaseChance, int step = kArrivalChanceStep);

struct ArrivalCheck {
  int chance = 0;
  bool arrived = false;         // d% roll (01-100) <= chance
  int failed_checks_after = 0;  // what to pass next turn: 0 after an arrival
};
// Throws std::invalid_argument for a roll outside 1..100 or a negative failure count.
ArrivalCheck check_arrival(int failed_checks, int d100, int base = kArrivalBaseChance,
                           int step = kArrivalChanceStep);

// ---------------------------------------------------------------------------------------------
// Flight path (RR-AIR-02, RR-AIR-07)

// RR-AIR-02: a path is a polyline ("string") of points on the table. An aeroplane's enters on one
// table edge and leaves on the opposite edge (either pair of opposite edges); a helicopter's need
// only enter on an edge and may circle. nullopt when the path is acceptable.
std::optional<std::string> flight_path_refusal(const TableSize& table, std::span<const geom::Vec2> path,
                                               bool helicopter);

// RR-AIR-02 "helicopters may enter and circle": a helicopter flies in from the table edge behind
// its heading to its aim and circles there, a loop of this radius (inches) that leaves the aim
// along the heading and comes back to it (decided: the text gives no size; docs/rulesets/rookie-rules.md).
inline constexpr double kHelicopterCircleRadius = 3.0;
// The loop's points after the aim, ending at the aim: 12 steps of 30 degrees, anticlockwise.
std::vector<geom::Vec2> helicopter_loop(geom::Vec2 aim, const geom::Facing& heading);

// The shortest distance from a point, or from any part of a footprint, to the path (0 if they
// meet). A path must have at least one point (throws std::invalid_argument otherwise).
double distance_to_path(std::span<const geom::Vec2> path, geom::Vec2 p);
double distance_to_path(std::span<const geom::Vec2> path, const geom::Polygon& footprint);

// RR-AIR-07: eligible targets lie within 12" of the path (exactly 12" is within).
inline constexpr double kAirTargetReach = 12.0;
bool eligible_air_target(std::span<const geom::Vec2> path, geom::Vec2 p);
// A unit is eligible when any of its stands is within 12" of the path.
bool eligible_air_target(std::span<const geom::Vec2> path, const UnitStands& stands);

// The direction of flight on the leg of the path nearest `p` (the first such leg on a tie). Air
// attacks dice their impact point as artillery (RR-AIR-07 -> RR-ART-04); the aircraft is the firer
// and flies on, so "away from the firer" is taken as its direction of flight. Throws for a path
// with no leg of non-zero length.
geom::Facing flight_direction_near(std::span<const geom::Vec2> path, geom::Vec2 p);

// ---------------------------------------------------------------------------------------------
// Dogfights (RR-AIR-03)

// Which aircraft each side removes: one for one, so each side loses min(a, b). The side with
// more aircraft removes its best (highest rating; on equal ratings the earlier one). Indices into
// the inputs, ascending.
struct DogfightOutcome {
  std::vector<int> removed_a;
  std::vector<int> removed_b;
};
DogfightOutcome dogfight(std::span<const int> ratings_a, std::span<const int> ratings_b);

// ---------------------------------------------------------------------------------------------
// Timing (RR-AIR-04)

// Aircraft act only between the first and second card sequences.
constexpr bool aircraft_may_act_in(TurnWindow w) { return w == TurnWindow::kBetweenSequences; }
// Ground units may fire at aircraft during both card sequences of the turn.
constexpr bool ground_may_fire_at_aircraft_in(TurnWindow w) {
  return w == TurnWindow::kFirstSequence || w == TurnWindow::kSecondSequence;
}

// ---------------------------------------------------------------------------------------------
// Anti-aircraft fire (RR-AIR-05, RR-AIR-06)

enum class AaShooter {
  kSquad,             // one function: 5 %
  kDedicatedHeavyMg,  // 20 % per barrel
  kAaGun,             // 50 %
};

// RR-AIR-05: the percent chance of one attempt (at most 100). `barrels` (>= 1) counts only for a
// heavy MG dedicated to air defence; throws std::invalid_argument for barrels < 1.
int aa_hit_chance(AaShooter shooter, int barrels = 1);
// Each attempt rolled separately: hit on d% (01-100) <= the chance. Throws for a roll outside 1..100.
bool aa_hits(AaShooter shooter, int barrels, int d100);

enum class AaHitEffect {
  kNoEffect,        // 0
  kPilotKilled,     // 1: crashes off the table
  kOilLine,         // 2: leaves at the end of this phase
  kLocationPlus2,   // 3: +2 on its attack-location roll
  kLocationPlus1,   // 4: +1 on its attack-location roll
  kAirframeHit,     // 5-9: four airframe hits force it off the table
};

// RR-AIR-06, indexed by the d10 face 0..9.
inline constexpr std::array<AaHitEffect, 10> kAaHitTable = {
    AaHitEffect::kNoEffect,      AaHitEffect::kPilotKilled,   AaHitEffect::kOilLine,
    AaHitEffect::kLocationPlus2, AaHitEffect::kLocationPlus1, AaHitEffect::kAirframeHit,
    AaHitEffect::kAirframeHit,   AaHitEffect::kAirframeHit,   AaHitEffect::kAirframeHit,
    AaHitEffect::kAirframeHit,
};
inline constexpr int kAirframeHitsForcingOff = 4;

// Throws std::invalid_argument for a face outside 0..9.
AaHitEffect aa_hit_effect(int d10_face);

// What AA fire has done to one aircraft so far.
struct AircraftDamage {
  int airframe_hits = 0;
  int location_modifier = 0;        // sum of the +2 / +1 results (they add up: "modifiers ... if any")
  bool crashed = false;             // result 1
  bool leaves_end_of_phase = false; // result 2
  bool forced_off = false;          // four airframe hits
  bool operator==(const AircraftDamage&) const = default;
};
// RR-AIR-06: the damage after one more hit rolled `d10_face`.
AircraftDamage apply_aa_hit(AircraftDamage damage, int d10_face);
// The aircraft can still attack between the sequences. AA fire happens only during the card
// sequences ("phases", RR-SEQ-02) and aircraft attack after them (RR-AIR-04), so an oil-line hit
// ("leaves at the end of this phase") takes it off before its attack, like a crash or four airframe hits.
bool can_attack(const AircraftDamage& damage);

// ---------------------------------------------------------------------------------------------
// Attack location (RR-AIR-07, RR-AIR-08)

enum class AircraftKind { kFighter, kFighterBomber, kDiveBomber, kMediumBomber, kModern, kHelicopter };

// RR-AIR-08: WWII medium bombers +2; WWII dive bombers and modern aircraft -3; others (helicopters
// too: the text gives them none) 0.
int aircraft_kind_modifier(AircraftKind kind);
// RR-AIR-08: kind modifier plus the AA results (3 -> +2, 4 -> +1). Feed it to read_impact_roll /
// resolve_impact as the modifier (lower = more accurate; below 1 is on target, GAP-RR-ART-04).
int attack_location_modifier(AircraftKind kind, const AircraftDamage& damage);

// ---------------------------------------------------------------------------------------------
// Templates and columns (RR-AIR-09, GAP-RR-ART-05)

enum class AirAttack { kStrafing, kDiveBombing, kFighterBomber, kRockets, kNapalm, kMediumBombing };

// RR-AIR-09: strafing, dive bombers and fighter-bombers template D; rockets and napalm C; medium
// bombers B.
StrikeTemplate air_template(AirAttack attack);
// GAP-RR-ART-05: strafing 21-25; fighter-bomber and dive bomber 51-55; rockets and napalm 51-55;
// medium bombers 61+.
WeaponFfBand air_attack_band(AirAttack attack);
// RR-MOR-01 (2): every unit attacked by an air strike checks morale at once.
constexpr bool air_attack_forces_morale(AirAttack) { return true; }

// ---------------------------------------------------------------------------------------------
// Cover (RR-AIR-10)

// RR-AIR-10: an air attack on a target in any cover is blind fire: 3 columns left, on top of the
// target's cover shift (returned as a count of columns left; 0 in the open).
constexpr int air_attack_blind_fire_left(Cover target_cover) { return target_cover == Cover::kOpen ? 0 : 3; }

}  // namespace sandtable::rr
