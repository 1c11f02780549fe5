#pragma once
// Scenario validation and the initial state of One-Hour Wargames WWII.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/rulesets/oh/oh_state.h"

namespace sandtable::oh {

std::optional<std::string> validate_scenario(const pb::Scenario& scenario);
std::unique_ptr<OhState> initial_state(const pb::Scenario& scenario);

// The vocabulary validate_scenario accepts, which the scenario editor's palette lists.
struct OptionSpec {
  const char* key;
  std::vector<std::string> values;  // the first is the default; empty: a side's id
  const char* label;
  const char* help;
};
const std::vector<OptionSpec>& option_specs();
std::vector<std::string> terrain_kinds();

}  // namespace sandtable::oh
