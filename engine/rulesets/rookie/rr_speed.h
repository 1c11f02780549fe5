#pragma once
// Rookie Rules movement numbers (RR-MOVE-01..10, ../shared/rules/rookie-rules.md section 4): speed
// classes per mover, the terrain-class table, roads, the slowings that stack (penalty marker,
// command radius, barbed wire), breakdown in asterisked terrain and breaking free. Pure functions;
// the caller measures the path and rolls the dice.
#include <string>
#include <string_view>
#include <vector>

#include "engine/rulesets/rookie/rr_types.h"

namespace sandtable::rr {

// The eight columns of RR-MOVE-01 / RR-MOVE-02. "Special tanks" are T-34s and light tanks.
enum class MoverType {
  kInfantry,
  kCavalry,
  kTruck,
  kMotorcycleOrArmouredCar,
  kGermanHalfTrack,
  kAlliedHalfTrack,
  kTank,
  kSpecialTank,
};

// Speed classes, fastest first; kNone = may not move this function.
enum class SpeedClass { kA = 0, kB = 1, kC = 2, kNone = 3 };

// Terrain kinds of RR-MOVE-02 (open ground = class A for everyone). Trails "cancel terrain
// effects where the scenario allows": the caller then passes kOpen for that stretch.
enum class MoveTerrain {
  kOpen,
  kMud,
  kLightWoods,
  kWoods,
  kSteepSlopes,
  kSlopes,
  kInsideBuildings,
  kBuiltUp,
  kRubble,
};

// RR-MOVE-03: the road's condition is scenario data. A good road gives double the A distance, a
// poor road double the B distance.
enum class Road { kNone, kGood, kPoor };

// RR-MOVE-06: wire stops infantry and cavalry for the rest of the phase and slows everyone else
// one class for the phase. kEntersThisMove = this move function enters the wire;
// kEnteredEarlierThisPhase = an earlier function of this phase did.
enum class Wire { kNone, kEntersThisMove, kEnteredEarlierThisPhase };

// One cell of RR-MOVE-02.
struct TerrainCell {
  bool allowed = true;             // false = "not allowed"
  SpeedClass best = SpeedClass::kA;  // best class the terrain permits
  int breakdown_on = 0;            // d10 faces 1..breakdown_on immobilize (0 = no asterisk)
};

// A rule that slowed (or stopped) the move, for telling the player why.
struct MoveReason {
  std::string rule;    // catalogue ID, e.g. "RR-MOVE-04"
  std::string phrase;  // short English, e.g. "disrupted: one class slower"
};

struct MoveQuery {
  MoverType mover = MoverType::kInfantry;
  // Terrains the move function crosses (any order, repeats harmless); empty = open ground.
  // Ignored when the whole move is along a road (road != kNone).
  std::vector<MoveTerrain> path;
  Marker marker = Marker::kNone;
  bool in_command = true;  // inside its leader's current command radius (RR-CMD-02)
  Wire wire = Wire::kNone;
  Road road = Road::kNone;  // kGood/kPoor only when the whole function is spent on the road
};

struct MoveAllowance {
  SpeedClass speed_class = SpeedClass::kA;
  int inches = 0;  // the most this move function may cover; 0 when kNone
  // RR-MOVE-06: infantry or cavalry entering wire this function stop where they enter it; the
  // caller ends the move there (inches is the distance allowed up to that point).
  bool stops_at_wire = false;
  std::vector<MoveReason> reasons;  // every rule that made the move slower than class A
};

std::string_view mover_name(MoverType mover);
std::string_view terrain_name(MoveTerrain terrain);
std::string_view speed_class_name(SpeedClass c);  // "A", "B", "C", "no movement"

// RR-MOVE-01: inches per move function for a class; 0 for kNone.
int class_inches(MoverType mover, SpeedClass c);

// RR-MOVE-02 (with RR-MOVE-09 for special tanks in mud).
TerrainCell terrain_cell(MoveTerrain terrain, MoverType mover);

// GAP-RR-MOVE-02: the slowest class among the terrains crossed (kNone if any is not allowed).
SpeedClass slowest_class(MoverType mover, const std::vector<MoveTerrain>& path);

// RR-MOVE-04: how many classes a marker slows; suppressed returns 3 (always "cannot move").
int marker_slowing(Marker marker);

// The class `steps` slower than `c` (anything past C is kNone, RR-MOVE-07).
SpeedClass slower_by(SpeedClass c, int steps);

// RR-MOVE-01..07 together: the class and distance for one move function and why it was slowed.
MoveAllowance move_allowance(const MoveQuery& query);

// RR-MOVE-08..10: the breakdown roll a phase's movement calls for. One d10 per phase, no matter
// how many asterisked terrains were crossed; rubble governs when both were (it can be permanent).
struct BreakdownRisk {
  bool roll_needed = false;
  MoveTerrain terrain = MoveTerrain::kOpen;  // the governing asterisked terrain
  int immobilized_on = 0;                    // d10 faces 1..immobilized_on
};
BreakdownRisk breakdown_risk(MoverType mover, const std::vector<MoveTerrain>& terrains_this_phase);

enum class Breakdown {
  kNone,
  kStuck,                // immobilized until it breaks free (mud; rubble on a 2, GAP-RR-MOVE-10)
  kImmobilizedForGame,   // rubble on a 1 (RR-MOVE-10)
};
// d10 read 0-9 (a 0 never breaks down).
Breakdown resolve_breakdown(const BreakdownRisk& risk, int d10);

// GAP-RR-MOVE-09 / GAP-RR-MOVE-10: once per phase, instead of moving, a stuck mover rolls d10:
// free on 1-3, special tanks on 1-4. d10 read 0-9.
int break_free_on(MoverType mover);
bool breaks_free(MoverType mover, int d10);

}  // namespace sandtable::rr
