#pragma once
// Rookie Rules firing (../shared/rules/rookie-rules.md section 5): the firing chart as data and
// every number of one shot — range effect, column shifts, reading with the off-chart rules — plus
// how a chart result changes the target's marker and figures. Pure: no randomness (the caller
// passes the d10 face), no I/O, no state.
//
// Rule IDs: RR-FIRE-01..10, RR-CMD-04 (GAP-RR-CMD-04), RR-PEN-02 (marker order and lowering),
// GAP-RR-FIRE-02 (chart readings), GAP-RR-FIRE-06 (rounding and non-squad weapons).
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/rulesets/rookie/rr_types.h"

namespace sandtable::rr {

// ---------------------------------------------------------------------------------------------
// The chart (RR-FIRE-02, RR-FIRE-03)

// RR-FIRE-03: what a result does; the marker colours are red, white, blue.
enum class Effect { kMiss, kDisrupted, kPinned, kSuppressed };

// RR-FIRE-03: one chart cell, e.g. P/W2 = {kPinned, 2}.
struct ChartResult {
  Effect effect = Effect::kMiss;
  int casualties = 0;
  bool operator==(const ChartResult&) const = default;
};

inline constexpr int kChartRows = 10;     // d10 faces 0..9
inline constexpr int kChartColumns = 13;  // 1-5, 6-10, ..., 56-60, 61+
inline constexpr int kLastColumn = kChartColumns - 1;

// RR-FIRE-02: lowest ff of each column (GAP-RR-FIRE-02: the printed "45-50" is read 46-50).
inline constexpr std::array<int, kChartColumns> kColumnLowFf = {1, 6, 11, 16, 21, 26, 31, 36, 41, 46, 51, 56, 61};

namespace chart_cells {
inline constexpr ChartResult M{Effect::kMiss, 0};
inline constexpr ChartResult DR{Effect::kDisrupted, 0};
inline constexpr ChartResult DR1{Effect::kDisrupted, 1};
inline constexpr ChartResult PW{Effect::kPinned, 0};
inline constexpr ChartResult PW1{Effect::kPinned, 1};
inline constexpr ChartResult PW2{Effect::kPinned, 2};
inline constexpr ChartResult SB{Effect::kSuppressed, 0};
inline constexpr ChartResult SB1{Effect::kSuppressed, 1};
inline constexpr ChartResult SB2{Effect::kSuppressed, 2};
inline constexpr ChartResult SB3{Effect::kSuppressed, 3};
inline constexpr ChartResult SB4{Effect::kSuppressed, 4};
inline constexpr ChartResult SB5{Effect::kSuppressed, 5};
}  // namespace chart_cells

// RR-FIRE-02 firing chart, [d10][column]. GAP-RR-FIRE-02: printed "D/W" cells are read D/R and
// "DW1"/"D/W1" D/R1; row 5 of 16-20 (printed "D/W") is D/R1 because RR-EX-03 needs a casualty.
inline constexpr std::array<std::array<ChartResult, kChartColumns>, kChartRows> kFiringChart = [] {
  using namespace chart_cells;
  return std::array<std::array<ChartResult, kChartColumns>, kChartRows>{{
      {M, M, M, M, M, M, M, DR, DR, DR, PW1, PW1, SB},                              // 0
      {M, M, M, M, M, M, M, DR, DR1, PW1, PW1, PW2, SB1},                           // 1
      {M, M, M, M, M, M, DR, DR1, PW1, PW1, PW2, SB, SB1},                          // 2
      {M, M, M, M, DR, DR, DR1, DR1, PW1, PW2, PW2, SB1, SB2},                      // 3
      {M, M, M, DR, DR, DR1, DR1, PW1, PW2, PW2, SB, SB1, SB2},                     // 4
      {M, M, DR, DR1, DR1, DR1, PW1, PW1, PW2, SB, SB1, SB2, SB3},                  // 5
      {M, DR, DR1, DR1, DR1, PW1, PW1, PW2, SB, SB1, SB1, SB2, SB3},                // 6
      {DR, DR, DR1, DR1, PW1, PW1, PW2, PW2, SB1, SB2, SB2, SB3, SB4},              // 7
      {DR, DR1, DR1, PW, PW1, PW2, PW2, SB1, SB1, SB2, SB2, SB3, SB4},              // 8
      {DR1, DR1, PW, PW1, PW2, PW2, SB, SB1, SB2, SB2, SB3, SB4, SB5},              // 9
  }};
}();

// RR-FIRE-01: the column (0 = 1-5 ... 12 = 61+) of an ff. An ff below 1 cannot fire at all
// (plan_shot refuses it); here it maps to column 0.
int column_for_ff(int ff);
// "1-5", "6-10", ..., "61+"; "off the chart left" for a negative column.
std::string column_label(int column);
// "miss", "D/R", "D/R1", "P/W2", "S/B5" — the chart's own spelling.
std::string chart_code(const ChartResult& result);
// A sentence for the player, e.g. "pinned (white marker), 2 casualties".
std::string describe(const ChartResult& result);

// RR-FIRE-05: reads the chart at an unclamped column. Right of 61+ reads 61+; left of 1-5 only a 9
// has effect and that is D/R without casualty. Precondition: 0 <= d10 <= 9.
ChartResult read_chart(int column, int d10);

// ---------------------------------------------------------------------------------------------
// Range (RR-FIRE-06, GAP-RR-FIRE-06)

// Who fires decides how range works.
enum class WeaponKind {
  kSquadSmallArms,   // RR-FIRE-06: x2 / x1.5 / shifts; leaders firing as a unit use this too
  kCrewServed,       // GAP-RR-FIRE-06: crew-served and vehicle weapons, x1 to 25", then shifts
  kOnTableArtillery, // RR-ART-06: as crew-served but minimum range 8.1"
  kSniper,           // RR-FIRE-09: always the 1-5 column, any range, no modifiers
};

// A signed column shift with the rule that causes it and a phrase a player understands, e.g.
// {"RR-FIRE-07", "target in class 2 cover: 2 left", -2}. Negative = left (weaker).
struct ColumnShift {
  std::string rule_id;
  std::string phrase;
  int columns = 0;
  bool operator==(const ColumnShift&) const = default;
};

struct RangeEffect {
  std::optional<std::string> refusal;  // set when this weapon may not fire at this range
  int ff_after = 0;                    // ff after the multiplier, fractions rounded down
  std::string multiplier_phrase;       // e.g. "within 8\": ff x2"; empty when none applies
  std::optional<ColumnShift> shift;    // range band shift, when any
};

// RR-FIRE-06 / GAP-RR-FIRE-06. Bands: 0-8", 8.1-25", 25.1-50", 50.1-75", 75.1-100", over 100"
// (anything above a band's upper figure is in the next band). Precondition: range_in >= 0.
RangeEffect range_effect(WeaponKind weapon, int base_ff, double range_in);

// ---------------------------------------------------------------------------------------------
// Column shifts (RR-FIRE-07, RR-FIRE-08, RR-FIRE-10, RR-CMD-04)

enum class HitAspect { kFront, kSide, kRear };

// Everything besides range that shifts a shot. Defaults describe a shot with no shift.
struct FireSituation {
  Marker firer_marker = Marker::kNone;         // red 1 left, white 2 left, blue cannot fire
  Cover target_cover = Cover::kOpen;           // class 1/2/3/4: 1/2/3/3 left
  ArmourClass target_armour = ArmourClass::kNone;  // vehicle or bunker class A-E: 2..6 left
  bool target_is_vehicle = false;              // aspect shifts apply only to armoured vehicles
  HitAspect aspect = HitAspect::kFront;        // side 2 right, rear 3 right
  bool vehicle_mg_moved_this_phase = false;    // 2 left
  bool blind_fire = false;                     // target not observed: 3 left (RR-OBS-02)
  bool firer_out_of_command = false;           // 2 left (RR-CMD-04, GAP-RR-CMD-04: ff not halved)
  bool switching_targets = false;              // RR-FIRE-08: set for BOTH shots of the activation
  bool target_unattached_leader = false;       // RR-FIRE-10: 3 left
};

struct ShiftList {
  std::optional<std::string> refusal;  // set when the firer cannot fire (suppressed)
  std::vector<ColumnShift> shifts;     // in the order of the RR-FIRE-07 table
  int total = 0;                       // sum of shifts (cumulative, RR-FIRE-01)
};

// RR-FIRE-07/08/10, RR-CMD-04. Snipers do not use this (RR-FIRE-09); see plan_shot.
ShiftList column_shifts(const FireSituation& situation);

// RR-FIRE-08: true when the activation's fire functions go to more than one target; then every
// one of those shots takes the switching shift.
bool switching_targets(const std::vector<std::string>& target_ids);

// ---------------------------------------------------------------------------------------------
// One shot (RR-FIRE-01): base ff -> range -> column -> shifts -> read

struct ShotInput {
  WeaponKind weapon = WeaponKind::kSquadSmallArms;
  int base_ff = 0;
  double range_in = 0;
  FireSituation situation;
};

// Everything known before the die is rolled, so a view can show the column first.
struct ShotPlan {
  std::optional<std::string> refusal;  // why this shot may not be fired; other fields then partial
  int base_ff = 0;
  int ff_after_range = 0;
  std::string range_phrase;         // the multiplier, if any
  int start_column = 0;             // column of ff_after_range
  std::vector<ColumnShift> shifts;  // range band shift first, then RR-FIRE-07 shifts
  int total_shift = 0;
  int raw_column = 0;               // start_column + total_shift, unclamped
  bool off_chart_left = false;      // raw_column < 0: only a 9 counts, as D/R (RR-FIRE-05)
  int final_column = 0;             // raw_column capped at 61+; meaningless when off_chart_left
};

struct ShotResolution {
  ShotPlan plan;
  int d10 = 0;
  ChartResult result;  // miss when the plan was refused
};

// RR-FIRE-01/06/07/09. A sniper (RR-FIRE-09) uses the 1-5 column with no shift whatever the
// range, ff or situation; only a blue marker still stops it (blue = cannot fire, RR-FIRE-03).
ShotPlan plan_shot(const ShotInput& input);
// The plan, read with the die face (0-9). A face outside 0-9 is refused like an illegal shot.
ShotResolution resolve_shot(const ShotInput& input, int d10);
// RR-FIRE-09 in one call: a sniper's shot reads the 1-5 column.
ChartResult read_sniper_shot(int d10);

// ---------------------------------------------------------------------------------------------
// Applying a result to a soft target (RR-FIRE-03, RR-FIRE-04, RR-PEN-02)

// RR-FIRE-03: the marker an effect places (kNone for a miss).
Marker marker_for(Effect effect);
// RR-FIRE-04: a unit keeps only the worst of its marker and the new one (red < white < blue).
Marker worst_marker(Marker current, Marker incoming);
// RR-CMD-06, RR-MOR-03 41+: blue -> white -> red -> none.
Marker lower_marker_one_step(Marker marker);

struct UnitFireState {
  int figures = 0;
  int ff = 0;
  Marker marker = Marker::kNone;
  bool operator==(const UnitFireState&) const = default;
};

// RR-FIRE-03/04: casualties always apply (never below 0 figures), the marker only if worse.
// ff falls in proportion to the figures left, rounded down (RR-UNIT-03: each casualty costs the
// per-figure value; 4 men 12 ff -> 3 men 9 ff).
UnitFireState apply_result(const UnitFireState& unit, const ChartResult& result);

}  // namespace sandtable::rr
