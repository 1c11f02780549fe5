#pragma once
// Rookie Rules leadership numbers (RR-CMD-02..08, RR-PEN-01, ../shared/rules/rookie-rules.md
// sections 8-9): command radius, what being out of it costs, the leader's command-phase plan and a
// unit's self-help (each lowers a marker one step per function), and the chance an attached
// leader is hit.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rulesets/rookie/rr_types.h"

namespace sandtable::rr {

// RR-CMD-02: 12" with no marker, 8" disrupted, 4" pinned, 0" suppressed.
int command_radius_inches(Marker leader_marker);

// RR-CMD-02: within the current radius (inclusive) and in the leader's LOS. A suppressed leader
// (radius 0) commands nobody, not even a unit it touches.
bool in_command_radius(Marker leader_marker, double distance_inches, bool leader_has_los);

// RR-CMD-04 / GAP-RR-CMD-04: what being out of command costs. Only the column shift and the
// class step apply; the seed's "fire factors and movement cut in half" is not applied on top.
struct OutOfCommandEffect {
  int move_classes_slower = 1;  // RR-MOVE-05
  int fire_columns_left = 2;    // RR-FIRE-07
  bool fire_factors_halved = false;
  int morale_modifier = -10;    // RR-MOR-05 "no command in radius"
};
constexpr OutOfCommandEffect kOutOfCommand{};

// RR-CMD-05: one entry per unit the leader helps in the command phase.
struct CommandTarget {
  std::string unit;  // name used in refusals
  Marker marker = Marker::kNone;
  double distance_inches = 0;  // from the leader
  bool in_los = true;
  bool under_this_leader = true;  // in the leader's platoon/company
  int steps = 1;                  // leader's functions spent on it; each lowers the marker one step
};

// RR-CMD-05: up to two steps in all, two on one unit or one on each of two units, each unit under
// the leader's command, in its current radius and LOS, with a marker at least that many steps
// deep. Returns a sentence saying why the plan is refused, or nullopt when it is legal. An empty
// plan is legal (the leader spends nothing and keeps its card).
std::optional<std::string> refuse_command_plan(Marker leader_marker, const std::vector<CommandTarget>& plan);

// RR-CMD-06: on its card a unit in command radius may spend one or both functions to lower its
// own marker one step each. Refusal sentence or nullopt.
std::optional<std::string> refuse_self_help(Marker current, int functions, bool in_command_radius);

// The marker after `steps` single-step removals (blue -> white -> red -> none), as RR-CMD-05 and
// RR-CMD-06 apply them.
Marker marker_after_removals(Marker current, int steps);

// RR-CMD-08: percent chance an attached leader is hit when its unit takes casualties, by the
// unit's figures when hit (leader not counted): 5+ 16, 4 20, 3 25, 2 33, 1 50.
int leader_hit_chance(int unit_figures);
bool leader_is_hit(int unit_figures, int d100);

// RR-PEN-01: the three ways to remove penalty markers.
enum class PenaltyRemoval { kLeaderInCommandPhase, kSelfHelpInRadius, kMoraleTest };
struct PenaltyRemovalWay {
  PenaltyRemoval way;
  std::string_view rule;  // where it is specified
  int max_steps;          // most marker steps it can remove at once
};
constexpr std::array<PenaltyRemovalWay, 3> kPenaltyRemovalWays = {{
    {PenaltyRemoval::kLeaderInCommandPhase, "RR-CMD-05", 2},
    {PenaltyRemoval::kSelfHelpInRadius, "RR-CMD-06", 2},
    {PenaltyRemoval::kMoraleTest, "RR-MOR-03", 1},  // a 41+ result
}};

}  // namespace sandtable::rr
