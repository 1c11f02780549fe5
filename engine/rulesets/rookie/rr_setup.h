#pragma once
// Rookie Rules scenarios: the first problem (naming the field) and the initial state.
#include <memory>
#include <optional>
#include <string>

#include "engine/rulesets/rookie/rr_state.h"
#include "sandtable/v1/scenario.pb.h"

namespace sandtable::rr {

std::optional<std::string> validate_scenario(const pb::Scenario& sc);
// The first problem with one terrain feature as a scenario may hold it (a kind of the table, an
// outline), after the field it names (".kind: ..."); the GM's laid features are checked by it too
// (rr_edit_table.cc). And the table's feature for a checked one.
std::optional<std::string> terrain_problem(const pb::TerrainFeature& t);
Terrain terrain_of(const pb::TerrainFeature& t);
std::unique_ptr<RrState> initial_state(const pb::Scenario& sc);

}  // namespace sandtable::rr
