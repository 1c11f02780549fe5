#pragma once
// Pieces every rule set's palette (RuleSet::palette, docs/engine.md "Scenario editor") builds
// from: templates drawn around the origin, where the editor puts them, and the editor's blank
// scenario. Shapes and words only; which units, terrain and options exist is each rule set's.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sandtable/v1/palette.pb.h"

namespace sandtable::palette {

namespace pb = ::sandtable::v1;

pb::Point point(double x, double y);
// A feature template: a w x h rectangle around the origin, or (h == 0) a straight east-west line w
// long through it (a river, a wall).
pb::PaletteTerrain area_or_line(std::string_view kind, std::string_view label, double w, double h);
// The editor's empty table: "New battle" of `ruleset` with these sides (id, name) and turn limit;
// the caller sets the board.
pb::Scenario blank(std::string_view ruleset, const std::vector<std::pair<std::string, std::string>>& sides,
                   int max_turns, std::string_view victory_text);
// "mounted cavalry" -> "Mounted cavalry"; "half_track" -> "Half track".
std::string label(std::string_view words);

}  // namespace sandtable::palette
