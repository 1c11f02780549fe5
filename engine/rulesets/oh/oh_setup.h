#pragma once
// Scenario validation and the initial state of One-Hour Wargames WWII.
#include <memory>
#include <optional>
#include <string>

#include "engine/rulesets/oh/oh_state.h"

namespace sandtable::oh {

std::optional<std::string> validate_scenario(const pb::Scenario& scenario);
std::unique_ptr<OhState> initial_state(const pb::Scenario& scenario);

}  // namespace sandtable::oh
