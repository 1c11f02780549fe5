#pragma once
// Scenario validation and initial state for the Portable Wargame.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/rulesets/pw/pw_state.h"
#include "sandtable/v1/scenario.pb.h"

namespace sandtable::pw {

// The first problem, naming the field path, or nullopt.
std::optional<std::string> validate_scenario(const pb::Scenario& scenario);
std::unique_ptr<PwState> initial_state(const pb::Scenario& scenario);
// What is wrong with one terrain feature on a cols x rows board (".kind: ...", to follow its
// path), or nullopt; scenarios and the GM's laid features are checked alike.
std::optional<std::string> terrain_problem(const pb::TerrainFeature& feature, int cols, int rows);
// Marks the feature's squares in the state's cells.
void paint_terrain(PwState& st, const pb::TerrainFeature& feature);

// The vocabulary validate_scenario accepts, which the scenario editor's palette lists.
std::vector<std::string> terrain_kinds();
struct OptionSpec {
  const char* key;
  std::vector<std::string> values;  // first = default
  const char* label;
  const char* help;
};
const std::vector<OptionSpec>& option_specs();

}  // namespace sandtable::pw
