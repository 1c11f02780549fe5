#pragma once
// Battleground scenario validation and initial state (bg_setup.cc).
#include <memory>
#include <optional>
#include <string>

#include "engine/rulesets/bg/bg_state.h"

namespace sandtable::bg {

// The first problem with the scenario, naming the field, or nullopt.
std::optional<std::string> validate_scenario(const pb::Scenario& s);
// The initial state of a validated scenario.
std::unique_ptr<BgState> initial_state(const pb::Scenario& s);

}  // namespace sandtable::bg
