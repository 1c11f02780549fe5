#pragma once
// Scenario validation and the initial state of One-Hour Wargames WWII.
#include <memory>
#include <optional>
#include <string>

#include "engine/rulesets/oh/oh_state.h"

namespace sandtable::oh {

std::optional<std::string> validate_scenario(const pb::Scenario& scenario);
std::unique_ptr<OhState> initial_state(const pb::Scenario& scenario);
// What is wrong with one terrain feature (".kind: ...", to follow its path), or nullopt;
// scenarios and the GM's laid features are checked alike.
std::optional<std::string> terrain_problem(const pb::TerrainFeature& feature);
// A checked feature as the state keeps it.
Terrain terrain_of(const pb::TerrainFeature& feature);

}  // namespace sandtable::oh
