// The scenario editor's palette (docs/engine.md "Scenario editor"): the unit types, terrain and
// options validate_scenario accepts, read from the same tables. The scenario's own part
// (RrScenario: off-table batteries, minefields) is not in it: the editor keeps it as it is.
#include <string>
#include <utility>

#include "engine/rulesets/rookie/rr_rules_impl.h"
#include "engine/rulesets/rookie/rr_tables.h"

namespace sandtable::rr {

namespace {

pb::Point pt(double x, double y) {
  pb::Point p;
  p.set_x(x);
  p.set_y(y);
  return p;
}

void rectangle(pb::TerrainFeature& f, double w, double h) {
  for (const auto& [x, y] : {std::pair{-w / 2, -h / 2}, {w / 2, -h / 2}, {w / 2, h / 2}, {-w / 2, h / 2}}) {
    *f.add_polygon() = pt(x, y);
  }
}

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

std::string capitalised(std::string_view words) {
  std::string out(words);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

pb::Scenario blank(std::string_view ruleset) {
  pb::Scenario s;
  s.set_id("new-battle");
  s.set_name("New battle");
  s.set_ruleset(std::string(ruleset));
  s.mutable_table()->set_width(48);
  s.mutable_table()->set_height(36);
  const char* const sides[][2] = {{"allies", "Allies"}, {"axis", "Axis"}};
  for (const auto& side : sides) {
    auto* sd = s.add_sides();
    sd->set_id(side[0]);
    sd->set_name(side[1]);
  }
  s.mutable_victory()->set_max_turns(10);
  s.mutable_victory()->set_text("The side holding more objectives after the last turn wins.");
  return s;
}

}  // namespace

pb::ScenarioPalette RookieRules::palette() const {
  pb::ScenarioPalette p;
  p.set_ruleset(std::string(id()));
  *p.mutable_blank() = blank(id());
  for (const TypeRow& row : type_rows()) {
    auto* u = p.add_units();
    // Two half-tracks read the same; the key tells them apart (their move tables differ).
    const bool halftrack = row.key == "german_halftrack" || row.key == "allied_halftrack";
    u->set_label(capitalised(halftrack ? (row.key == "german_halftrack" ? "German half-track" : "Allied half-track") : row.words));
    u->mutable_unit()->set_type(std::string(row.key));
    u->mutable_unit()->set_quality("C");
    *u->mutable_unit()->mutable_position() = pt(0, 0);
  }
  for (const char* q : {"A", "B", "C", "D", "E"}) p.add_qualities(q);  // RR-UNIT-05
  for (const auto& t : kTerrain) {
    auto* x = p.add_terrain();
    x->set_label(t.label);
    x->mutable_feature()->set_kind(t.kind);
    x->mutable_feature()->set_name(t.label);
    rectangle(*x->mutable_feature(), t.w, t.h);
  }
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
