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
// What is wrong with one terrain feature (".kind: ...", to follow its path), or nullopt;
// scenarios and the GM's laid features are checked alike.
std::optional<std::string> terrain_problem(const pb::TerrainFeature& feature);
// A checked feature as the state keeps it.
Terrain terrain_of(const pb::TerrainFeature& feature);

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
