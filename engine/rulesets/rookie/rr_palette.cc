// The scenario editor's palette (docs/engine.md "Scenario editor"): the unit types, terrain and
// options validate_scenario accepts, read from the same tables. The scenario's own part
// (RrScenario: off-table batteries, minefields) is not in it: the editor keeps it as it is.
#include <string>
#include <utility>

#include "engine/model/palette_util.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"
#include "engine/rulesets/rookie/rr_tables.h"

namespace sandtable::rr {

namespace {

struct TerrainTemplate {
  const char* kind;
  const char* label;
  double w, h;
};
// Every kind is an area in Rookie Rules (a road is a long thin one); usual first sizes.
constexpr TerrainTemplate kTerrain[] = {
    {"woods", "Woods", 8, 6},         {"light_woods", "Light woods", 8, 6}, {"brush", "Brush", 6, 4},
    {"building", "Building", 3, 3},   {"built_up", "Built-up area", 8, 8},  {"rubble", "Rubble", 4, 4},
    {"hill", "Hill", 10, 6},          {"slope", "Slope", 8, 3},              {"steep_slope", "Steep slope", 8, 2},
    {"mud", "Mud", 6, 4},             {"ditch", "Ditch", 10, 1},             {"trench", "Trench", 8, 1},
    {"road", "Road", 24, 1.5},        {"trail", "Trail", 24, 1},             {"wire", "Wire", 8, 1},
};

}  // namespace

pb::ScenarioPalette RookieRules::palette() const {
  pb::ScenarioPalette p;
  p.set_ruleset(std::string(id()));
  *p.mutable_blank() = palette::blank(id(), {{"allies", "Allies"}, {"axis", "Axis"}}, 10,
                                      "The side holding more objectives after the last turn wins.");
  p.mutable_blank()->mutable_table()->set_width(48);
  p.mutable_blank()->mutable_table()->set_height(36);
  for (const TypeRow& row : type_rows()) {
    auto* u = p.add_units();
    // Two half-tracks read the same; the key tells them apart (their move tables differ).
    const bool halftrack = row.key == "german_halftrack" || row.key == "allied_halftrack";
    u->set_label(palette::label(halftrack ? (row.key == "german_halftrack" ? "German half-track" : "Allied half-track") : row.words));
    u->mutable_unit()->set_type(std::string(row.key));
    u->mutable_unit()->set_quality("C");
    *u->mutable_unit()->mutable_position() = palette::point(0, 0);
  }
  for (const char* q : {"A", "B", "C", "D", "E"}) p.add_qualities(q);  // RR-UNIT-05
  for (const auto& t : kTerrain) *p.add_terrain() = palette::area_or_line(t.kind, t.label, t.w, t.h);
  const auto option = [&p](const char* key, std::vector<std::string> values, const char* label, const char* help,
                           bool per_side) {
    auto* o = p.add_options();
    o->set_key(key);
    o->set_label(label);
    o->set_help(help);
    o->set_per_side(per_side);
    for (auto& v : values) o->add_values(std::move(v));
  };
  option("rr.fog", {"flagged", "hidden"}, "Unseen units", "Shown as flags, or hidden altogether.", false);
  option("rr.japanese", {"off", "on"}, "Japanese rules", "The Japanese special rules.", false);
  option("rr.level.", {"company", "platoon"}, "Command level", "Company (up to four leaders) or platoon (RR-CMD-01).", true);
  option("rr.cards.", {"0", "1", "2", "3", "-1", "-2", "-3"}, "Cards added", "Activation cards added or taken away (RR-CARD-02).", true);
  p.set_objectives(true);
  p.set_objective_owner(true);
  return p;
}

}  // namespace sandtable::rr
