#pragma once
// Scenario validation and initial state for the Portable Wargame.
#include <memory>
#include <optional>
#include <string>

#include "engine/rulesets/pw/pw_state.h"
#include "sandtable/v1/scenario.pb.h"

namespace sandtable::pw {

// The first problem, naming the field path, or nullopt.
std::optional<std::string> validate_scenario(const pb::Scenario& scenario);
std::unique_ptr<PwState> initial_state(const pb::Scenario& scenario);

}  // namespace sandtable::pw
