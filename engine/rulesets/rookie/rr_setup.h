#pragma once
// Rookie Rules scenarios: the first problem (naming the field) and the initial state.
#include <memory>
#include <optional>
#include <string>

#include "engine/rulesets/rookie/rr_state.h"
#include "sandtable/v1/scenario.pb.h"

namespace sandtable::rr {

std::optional<std::string> validate_scenario(const pb::Scenario& sc);
std::unique_ptr<RrState> initial_state(const pb::Scenario& sc);

}  // namespace sandtable::rr
