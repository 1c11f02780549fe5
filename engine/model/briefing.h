#pragma once
// What every game shows from its scenario before play: the briefing (the scenario's words, its
// victory conditions and turn limit, its objectives) and each side's home edge. Rule sets add
// their own words to the briefing (break points, exhaustion) in fill_view.
#include <string>

#include "sandtable/v1/scenario.pb.h"
#include "sandtable/v1/view.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

// The scenario's part of the briefing: description, victory text, turn limit, objectives.
void fill_briefing(const pb::Scenario& scenario, pb::Briefing& briefing);

// The edge the side's units start nearest, as a compass word ("south", "north", "east",
// "west"), or "" when its units start near the middle or it has none at the start.
std::string home_edge(const pb::Scenario& scenario, const std::string& side);

}  // namespace sandtable
