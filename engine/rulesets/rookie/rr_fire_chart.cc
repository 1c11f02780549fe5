// Rookie Rules firing: chart reading, range, column shifts, one shot, applying a result.
#include "engine/rulesets/rookie/rr_fire_chart.h"

#include <algorithm>
#include <set>
#include <utility>

namespace sandtable::rr {
namespace {

// RR-FIRE-06 band limits in inches; a range above a limit belongs to the next band.
constexpr double kCloseRangeIn = 8.0;
constexpr double kMediumRangeIn = 25.0;
constexpr double kBandOneLeftIn = 50.0;
constexpr double kBandTwoLeftIn = 75.0;
constexpr double kBandThreeLeftIn = 100.0;
// RR-ART-06: on-table artillery needs more than 8".
constexpr double kArtilleryMinRangeIn = 8.0;

std::string columns_word(int n) {
  std::string s = std::to_string(n < 0 ? -n : n);
  s += n < 0 ? " left" : " right";
  return s;
}

ColumnShift shift(const char* rule_id, const std::string& what, int columns) {
  std::string phrase = what;
  phrase += ": ";
  phrase += columns_word(columns);
  return ColumnShift{rule_id, phrase, columns};
}

// RR-FIRE-06: 25.1-50" 1 left, 50.1-75" 2 left, 75.1-100" 3 left. Callers handle over 100".
std::optional<ColumnShift> band_shift(double range_in) {
  if (range_in <= kMediumRangeIn) return std::nullopt;
  if (range_in <= kBandOneLeftIn) return shift("RR-FIRE-06", "range 25.1-50\"", -1);
  if (range_in <= kBandTwoLeftIn) return shift("RR-FIRE-06", "range 50.1-75\"", -2);
  return shift("RR-FIRE-06", "range 75.1-100\"", -3);
}

// RR-FIRE-07: cover class 1..4 -> 1, 2, 3, 3 left (class 4 "3 left" as printed).
int cover_shift(Cover cover) {
  switch (cover) {
    case Cover::kOpen: return 0;
    case Cover::kClass1: return -1;
    case Cover::kClass2: return -2;
    case Cover::kClass3: return -3;
    case Cover::kClass4: return -3;
  }
  return 0;
}

// RR-FIRE-07: armour or bunker class A..E -> 2..6 left.
int armour_shift(ArmourClass armour) {
  switch (armour) {
    case ArmourClass::kNone: return 0;
    case ArmourClass::kA: return -2;
    case ArmourClass::kB: return -3;
    case ArmourClass::kC: return -4;
    case ArmourClass::kD: return -5;
    case ArmourClass::kE: return -6;
  }
  return 0;
}

char armour_letter(ArmourClass armour) {
  switch (armour) {
    case ArmourClass::kNone: return '-';
    case ArmourClass::kA: return 'A';
    case ArmourClass::kB: return 'B';
    case ArmourClass::kC: return 'C';
    case ArmourClass::kD: return 'D';
    case ArmourClass::kE: return 'E';
  }
  return '-';
}

ShotPlan refused(ShotPlan plan, const std::string& reason) {
  plan.refusal = reason;
  return plan;
}

}  // namespace

int column_for_ff(int ff) {
  int column = 0;
  for (int c = 0; c < kChartColumns; ++c) {
    if (ff >= kColumnLowFf[c]) column = c;
  }
  return column;
}

std::string column_label(int column) {
  if (column < 0) return "off the chart left";
  if (column >= kLastColumn) return "61+";
  std::string label = std::to_string(kColumnLowFf[column]);
  label += "-";
  label += std::to_string(kColumnLowFf[column + 1] - 1);
  return label;
}

std::string chart_code(const ChartResult& result) {
  std::string code;
  switch (result.effect) {
    case Effect::kMiss: return "miss";
    case Effect::kDisrupted: code = "D/R"; break;
    case Effect::kPinned: code = "P/W"; break;
    case Effect::kSuppressed: code = "S/B"; break;
  }
  if (result.casualties > 0) code += std::to_string(result.casualties);
  return code;
}

std::string describe(const ChartResult& result) {
  std::string text;
  switch (result.effect) {
    case Effect::kMiss: text = "no effect"; break;
    case Effect::kDisrupted: text = "disrupted (red marker)"; break;
    case Effect::kPinned: text = "pinned (white marker)"; break;
    case Effect::kSuppressed: text = "suppressed (blue marker)"; break;
  }
  if (result.casualties > 0) {
    text += ", ";
    text += std::to_string(result.casualties);
    text += result.casualties == 1 ? " casualty" : " casualties";
  }
  return text;
}

ChartResult read_chart(int column, int d10) {
  // RR-FIRE-05: left of 1-5 only a 9 hits, and only as a D/R.
  if (column < 0) return d10 == 9 ? chart_cells::DR : chart_cells::M;
  return kFiringChart[static_cast<size_t>(d10)][static_cast<size_t>(std::min(column, kLastColumn))];
}

RangeEffect range_effect(WeaponKind weapon, int base_ff, double range_in) {
  RangeEffect out;
  out.ff_after = base_ff;
  if (weapon == WeaponKind::kSniper) return out;  // RR-FIRE-09, RR-SNIP-01: any range, no effect
  if (range_in > kBandThreeLeftIn) {
    out.refusal = "Only snipers may fire more than 100\" (RR-FIRE-06).";
    return out;
  }
  if (weapon == WeaponKind::kOnTableArtillery && range_in <= kArtilleryMinRangeIn) {
    out.refusal = "On-table artillery cannot fire at 8\" or less; its minimum range is 8.1\" (RR-ART-06).";
    return out;
  }
  if (weapon == WeaponKind::kSquadSmallArms) {
    // RR-FIRE-06, GAP-RR-FIRE-06: x1.5 rounds down.
    if (range_in <= kCloseRangeIn) {
      out.ff_after = base_ff * 2;
      out.multiplier_phrase = "range 0-8\": ff x2";
    } else if (range_in <= kMediumRangeIn) {
      out.ff_after = base_ff * 3 / 2;
      out.multiplier_phrase = "range 8.1-25\": ff x1.5, rounded down";
    }
  }
  out.shift = band_shift(range_in);
  return out;
}

ShiftList column_shifts(const FireSituation& s) {
  ShiftList out;
  if (s.firer_marker == Marker::kSuppressed) {
    out.refusal = "A suppressed (blue) unit cannot fire (RR-FIRE-07).";
    return out;
  }
  auto add = [&out](ColumnShift c) {
    out.total += c.columns;
    out.shifts.push_back(std::move(c));
  };
  if (s.firer_marker == Marker::kDisrupted) add(shift("RR-FIRE-07", "firer disrupted (red)", -1));
  if (s.firer_marker == Marker::kPinned) add(shift("RR-FIRE-07", "firer pinned (white)", -2));
  if (s.target_cover != Cover::kOpen) {
    std::string what = "target in class ";
    what += std::to_string(static_cast<int>(s.target_cover));
    what += " cover";
    add(shift("RR-FIRE-07", what, cover_shift(s.target_cover)));
  }
  if (s.target_armour != ArmourClass::kNone) {
    std::string what = s.target_is_vehicle ? "target armour class " : "target bunker class ";
    what += armour_letter(s.target_armour);
    add(shift("RR-FIRE-07", what, armour_shift(s.target_armour)));
    if (s.target_is_vehicle && s.aspect == HitAspect::kSide) add(shift("RR-FIRE-07", "armour hit from the side", 2));
    if (s.target_is_vehicle && s.aspect == HitAspect::kRear) add(shift("RR-FIRE-07", "armour hit from the rear", 3));
  }
  if (s.vehicle_mg_moved_this_phase) add(shift("RR-FIRE-07", "vehicle MG firing in a phase it moved", -2));
  if (s.blind_fire) add(shift("RR-FIRE-07", "blind fire, target not observed", -3));
  if (s.firer_out_of_command) add(shift("RR-CMD-04", "firer out of command radius", -2));
  if (s.switching_targets) add(shift("RR-FIRE-08", "a different target with each function", -2));
  if (s.target_unattached_leader) add(shift("RR-FIRE-10", "target is an unattached leader", -3));
  return out;
}

bool switching_targets(const std::vector<std::string>& target_ids) {
  return std::set<std::string>(target_ids.begin(), target_ids.end()).size() > 1;
}

ShotPlan plan_shot(const ShotInput& input) {
  ShotPlan plan;
  plan.base_ff = input.base_ff;
  plan.ff_after_range = input.base_ff;
  const bool sniper = input.weapon == WeaponKind::kSniper;
  // RR-FIRE-03: blue cannot fire, whoever the firer is (a sniper too).
  if (input.situation.firer_marker == Marker::kSuppressed) {
    return refused(plan, "A suppressed (blue) unit cannot fire (RR-FIRE-07).");
  }
  if (sniper) return plan;  // RR-FIRE-09: 1-5 column, no shift, range irrelevant
  if (input.base_ff < 1) return refused(plan, "A unit with no firing factor cannot fire (RR-FIRE-01).");
  if (input.range_in < 0) return refused(plan, "The range cannot be negative.");

  RangeEffect range = range_effect(input.weapon, input.base_ff, input.range_in);
  if (range.refusal) return refused(plan, *range.refusal);
  plan.ff_after_range = range.ff_after;
  plan.range_phrase = range.multiplier_phrase;
  plan.start_column = column_for_ff(range.ff_after);
  if (range.shift) {
    plan.shifts.push_back(*range.shift);
    plan.total_shift += range.shift->columns;
  }
  ShiftList situation = column_shifts(input.situation);
  if (situation.refusal) return refused(plan, *situation.refusal);
  for (const ColumnShift& c : situation.shifts) plan.shifts.push_back(c);
  plan.total_shift += situation.total;
  plan.raw_column = plan.start_column + plan.total_shift;
  plan.off_chart_left = plan.raw_column < 0;
  plan.final_column = std::clamp(plan.raw_column, 0, kLastColumn);
  return plan;
}

ShotResolution resolve_shot(const ShotInput& input, int d10) {
  ShotResolution out{plan_shot(input), d10, chart_cells::M};
  if (d10 < 0 || d10 >= kChartRows) {
    if (!out.plan.refusal) out.plan.refusal = "A d10 face must be 0-9.";
    return out;
  }
  if (out.plan.refusal) return out;
  out.result = read_chart(out.plan.raw_column, d10);
  return out;
}

ChartResult read_sniper_shot(int d10) { return read_chart(0, d10); }

Marker marker_for(Effect effect) {
  switch (effect) {
    case Effect::kMiss: return Marker::kNone;
    case Effect::kDisrupted: return Marker::kDisrupted;
    case Effect::kPinned: return Marker::kPinned;
    case Effect::kSuppressed: return Marker::kSuppressed;
  }
  return Marker::kNone;
}

Marker worst_marker(Marker current, Marker incoming) {
  return static_cast<int>(incoming) > static_cast<int>(current) ? incoming : current;
}

Marker lower_marker_one_step(Marker marker) {
  switch (marker) {
    case Marker::kSuppressed: return Marker::kPinned;
    case Marker::kPinned: return Marker::kDisrupted;
    case Marker::kDisrupted:
    case Marker::kNone: return Marker::kNone;
  }
  return Marker::kNone;
}

UnitFireState apply_result(const UnitFireState& unit, const ChartResult& result) {
  UnitFireState out = unit;
  out.marker = worst_marker(unit.marker, marker_for(result.effect));
  const int lost = std::clamp(result.casualties, 0, unit.figures);
  if (lost > 0) {
    out.figures = unit.figures - lost;
    out.ff = unit.ff * out.figures / unit.figures;
  }
  return out;
}

}  // namespace sandtable::rr
