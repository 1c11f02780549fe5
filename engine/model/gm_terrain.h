#pragma once
// Shared pieces of the GM's terrain edits (GmTerrain, docs/engine.md "GM edits"): the table's
// terrain list as a rule set keeps it once the GM has edited it, and in its View.
// The rules (which kinds, which shapes, where) stay in each rule set.
#include <optional>
#include <string>
#include <vector>

#include "sandtable/v1/scenario.pb.h"
#include "sandtable/v1/view.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

using TerrainList = std::vector<pb::TerrainFeature>;

// The terrain list a state starts from: the scenario's, every feature (owners' secrets too).
TerrainList scenario_terrain(const pb::Scenario& scenario);

// Replaces the View's terrain (Game lists the scenario's) with `list`, each secret feature
// (TerrainFeature.owner) shown only to its owner and the GM.
void show_terrain(const TerrainList& list, const std::string& viewer, pb::View& view);

// A circle (TerrainFeature.circle) as a polygon of `sides` vertices, for rule sets whose
// areas are polygons: the GM lays an area by its centre and radius.
void circle_to_polygon(pb::TerrainFeature& feature, int sides = 16);

// Words for the log: "woods", "woods (Hill 203)".
std::string feature_words(const pb::TerrainFeature& feature);

}  // namespace sandtable
