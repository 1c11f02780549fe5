#pragma once
// The scenario editor's check (docs/engine.md "Scenario editor"): reads a scenario being built,
// has its rule set check it and sets it up as a room would, for the GM's view of the opening.
// A scenario that is not playable yet is still drawn: scenario_view() puts what it holds on the
// table as it stands, with no rule applied.
#include <string_view>

#include "engine/model/registry.h"
#include "sandtable/v1/protocol.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

// The table a scenario describes, as data: board, terrain, sides and the units where they stand
// (reinforcements are not on it). No rule applied: no strengths worked out, nothing hidden.
pb::View scenario_view(const pb::Scenario& scenario);

// Checks `request` (a blank of a rule set, a built-in scenario passed in as `builtin`, a file or
// the scenario being edited). The reply holds the scenario as read, its JSON, the first problem
// (empty when playable), a preview (the GM's view of the opening when playable, else
// scenario_view) and the rule set's palette. A request that names no rule set this registry has,
// or a file that is not a scenario, gets only `problem`.
pb::ScenarioChecked check_scenario(const pb::CheckScenario& request, const pb::Scenario* builtin,
                                   const Registry& registry);

}  // namespace sandtable
