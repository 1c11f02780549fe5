#pragma once
// Battleground tables as data: every table of the catalogue, with the GAP defaults and the
// scenario option that switches each one (docs/rulesets/battleground.md lists the keys).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rulesets/bg/bg_state.h"

namespace sandtable::bg {

// ---- grades and the hit ladder (BG-FIRE-01, GAP-BG-FIRE-01) ----
std::optional<Grade> parse_grade(std::string_view s);  // "A".."D" (also "" -> C by the caller)
char grade_letter(Grade g);
// The lowest face that hits for a grade lowered by `penalties` steps (BG-FIRE-01/06,
// BG-CAV-02, BG-FIRE-14); 7 = cannot hit. Default ladder A 3+, B 4+, C 5+, D 6; each penalty
// removes the lowest face. Option "bg.grade_b" = "5-6" makes B hit like C (literal text).
int hit_from(const Options& o, Grade g, int penalties);
bool is_hit(const Options& o, Grade g, int penalties, int face);

// ---- movement (BG-MOVE-05/07/08, BG-VMOV-*, BG-CAV-01, BG-MEL-03/14/17) ----
inline constexpr int kCavalryDice = 3;        // BG-CAV-01
inline constexpr int kCavalryStepDice = 1;    // BG-CAV-04: 1D6 with a dismount/remount
inline constexpr int kFleeDice = 2;           // BG-MEL-14
inline constexpr int kChargeDice = 3;         // BG-MEL-03
inline constexpr int kCavalryChargeDice = 4;  // BG-MEL-17
inline constexpr double kMinimumMove = 1.0;   // BG-MOVE-09
inline constexpr double kWallCost = 3.0;      // BG-TER-03
inline constexpr double kCohesion = 1.0;      // BG-MOVE-01: base edge to base edge
inline constexpr double kMountReach = 1.0;    // BG-MOVE-16
inline constexpr int kTransportCapacity = 6;  // BG-MOVE-15
inline constexpr double kTrackedTurnCost = 3.0;  // per 90 degrees (BG-VMOV-05)
inline constexpr double kReverseFraction = 3.0;  // reverse at 1/3 (BG-VMOV-06)
// Road bonus for infantry/cavalry: +1/3 (floor to whole inches by default, GAP-BG-MOVE-07).
double road_bonus(const Options& o, int roll);
// Vehicle road bonus: +50% (BG-VMOV-04).
double vehicle_road_bonus(int roll);
// Facing deduction (BG-MOVE-08, GAP-BG-MOVE-08): 0 if the unit ends facing its direction of
// movement, `facing_cost_90` up to 90 degrees off, `facing_cost_180` beyond.
double facing_cost(const Options& o, Facing travel, Facing end);
// BG-VMOV-01/02: all dice rolled and the total is 4..6 (wheeled 4 dice) / exactly 3 (tanks).
bool immobilized_by_roll(int max_dice, int dice_rolled, int total);

// ---- shooting (BG-FIRE-07/08, BG-VEH-*) ----
inline constexpr double kInfantryRange = 12;   // BG-FIRE-08
inline constexpr double kShortRange = 6;       // BG-OPT-03
inline constexpr double kAssaultRange = 6;     // BG-FIRE-11
inline constexpr double kMaxRange = 24;
inline constexpr int kRoadTargetWhite = 1;     // GAP-BG-MOVE-07 / BG-FIRE-17
inline constexpr int kFlankBlue = 1;           // BG-FIRE-12

struct WeaponRow {
  WeaponKind kind;
  const char* name;  // scenario vocabulary: "mg", "light_gun", "heavy_gun"
  int dice;          // GAP-BG-VEH-04
  bool blue;
  double range;      // BG-VEH-07
};
const WeaponRow& weapon_row(WeaponKind k);
std::optional<WeaponKind> parse_weapon(std::string_view s);

// ---- vehicles (BG-VEH-03, GAP-BG-VEH-03, BG-VMOV-01/02, BG-MOVE-15) ----
struct VehicleRow {
  VehicleClass cls;
  const char* type;       // scenario `type`
  bool wheeled;
  bool armoured;
  int armour;             // red dice
  int move_dice;
  double length, width;   // default hull
  int capacity;
  bool no_forest;         // GAP-BG-TER-02: wheeled may not enter woods
  // default weapons: kind@mount, e.g. {"mg", true} bow mg
  std::vector<std::pair<WeaponKind, bool>> weapons;
};
const std::vector<VehicleRow>& vehicle_rows();
const VehicleRow* vehicle_row(std::string_view type);

// ---- emplacements (BG-EMP-01) ----
struct EmplacementRow {
  const char* type;  // "mg_nest", "pillbox", "gun_emplacement", "bunker"
  int red;
  bool weapon;
  bool heavy_gun;
};
const EmplacementRow* emplacement_row(std::string_view type);
inline constexpr int kEmplacementHitsToDestroy = 2;  // BG-EMP-03

// ---- terrain (BG-TER-*, BG-LOS-04, GAP-BG-TER-02/06) ----
struct TerrainRow {
  TerrainKind kind;
  const char* name;       // scenario `kind`
  int red;                // GAP-BG-TER-06
  geom::Sight sight;
  double sight_limit;     // for kLimited
  double infantry_factor; // cost per inch (2 = halved, BG-TER-02)
  bool linear;            // walls, fences, hedges (and rivers given as polylines)
  bool impassable;        // rivers, deep water (BG-TER-04)
};
const TerrainRow* terrain_row(std::string_view kind);
const TerrainRow& terrain_row(TerrainKind kind);
inline constexpr int kDugInRed = 1;           // BG-MOVE-13, BG-EX-02
inline constexpr int kBuildingUnits = 2;      // BG-TER-10
inline constexpr int kBuildingFigures = 18;
// GAP-BG-TER-02: cost factor for a vehicle inside terrain; 0 = may not enter.
double vehicle_factor(const Vehicle& v, TerrainKind k);

// ---- units and figures (BG-UNIT-01..05) ----
inline constexpr int kMinUnitFigures = 2;
inline constexpr int kMaxUnitFigures = 12;
std::optional<FigureKind> parse_figure_kind(std::string_view s, HwRole* role);
const char* figure_kind_name(FigureKind k);
int max_leaders(int figures);   // ceil(n/4)  (BG-UNIT-03)
int max_heavy(int figures);     // ceil(n/6)

// ---- combining (BG-COMB-04, GAP-BG-COMB-04) ----
// Twice the unweighted mean of the grade values (A4 B3 C2 D1): even = a grade, odd = between.
int grade_sum(Grade a, Grade b);

// ---- melee (BG-MEL-07) ----
inline constexpr int kMeleeBetterGrade = 1, kMeleeLeader = 1, kMeleeDefenceFirst = 1,
                     kMeleeBehindFirst = 1, kMeleeWeapons = 1, kMeleeCavalryFirst = 1,
                     kMeleeMedic = -1;
// GAP-BG-MEL-07c: a wall or hedge within this many inches of a defending figure, crossing the
// line to its opponent, makes it a "defender of a wall" (BG-MEL-07 first round +1).
inline constexpr double kMeleeWallReach = 1.0;

// ---- mines, smoke, artillery (BG-MINE-*, BG-SMK-*, BG-ART-*) ----
inline constexpr double kMineDetectRange = 6;   // BG-MINE-03
inline constexpr double kMineAutoDetect = 1;
inline constexpr int kMineHitFace = 6;          // BG-MINE-05
inline constexpr double kStripWidth = 2, kStripDepth = 1;  // BG-MINE-10
inline constexpr int kMaxEngineers = 6;
inline constexpr double kSmokeRange = 12, kSmokeLength = 6;  // BG-SMK-01/02
inline constexpr double kBlastSpread = 6;       // BG-ART-05
inline constexpr double kNightSight = 12;       // BG-LOS-06
struct FireSystemRow {
  const char* system;  // "mortar", "light_artillery", ...
  int blasts;
  int blue;
};
const std::vector<FireSystemRow>& fire_system_rows();  // GAP-BG-ART-06
const FireSystemRow* fire_system_row(std::string_view s);

// ---- options ----
// Reads every "bg.*" option; returns the first bad one as "options[key]: ..." or nullopt.
std::optional<std::string> read_options(const pb::Scenario& s, Options* out);

}  // namespace sandtable::bg
