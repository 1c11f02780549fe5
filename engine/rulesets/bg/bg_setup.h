#pragma once
// Battleground scenario validation and initial state (bg_setup.cc).
#include <memory>
#include <optional>
#include <string>

#include "engine/rulesets/bg/bg_state.h"

namespace sandtable::bg {

// The first problem with the scenario, naming the field, or nullopt.
std::optional<std::string> validate_scenario(const pb::Scenario& s);
// The first problem with one terrain feature as a scenario may hold it (its kind, its shape, its
// owner, a minefield's BG-MINE-01 shape), after the field it names (".kind: ...", ": a ...");
// the GM's laid features are checked by it too (bg_edit_table.cc).
std::optional<std::string> terrain_problem(const pb::TerrainFeature& t, const pb::Scenario& s);
// The state's terrain entries and minefields (as set-up leaves them) from checked features: the
// scenario's, or the GM's edited list. A feature without a name is "t<its index>".
void lay_out_terrain(BgState& st, const TerrainList& features, const pb::Scenario& s);
// The initial state of a validated scenario.
std::unique_ptr<BgState> initial_state(const pb::Scenario& s);

}  // namespace sandtable::bg
