// The scenario editor's palette (docs/engine.md "Scenario editor"): the unit types, terrain and
// options validate_scenario accepts, read from the same tables.
#include "engine/rulesets/oh/oh_rules_impl.h"
#include "engine/rulesets/oh/oh_setup.h"
#include "engine/rulesets/oh/oh_tables.h"

namespace sandtable::oh {

namespace {

pb::Point pt(double x, double y) {
  pb::Point p;
  p.set_x(x);
  p.set_y(y);
  return p;
}

// A rectangle w x h inches around the origin, where the editor puts it.
void rectangle(pb::TerrainFeature& f, double w, double h) {
  for (const auto& [x, y] : {std::pair{-w / 2, -h / 2}, {w / 2, -h / 2}, {w / 2, h / 2}, {-w / 2, h / 2}}) {
    *f.add_polygon() = pt(x, y);
  }
}

struct TerrainTemplate {
  const char* kind;
  const char* label;
  double w, h;  // inches; a river is a line w long
};
// Sizes of a usual feature on a 3' x 4' table (what a GM would lay first and then adjust).
constexpr TerrainTemplate kTerrain[] = {
    {"woods", "Woods", 8, 6},   {"town", "Town", 6, 6},   {"hill", "Hill", 10, 6},  {"cornfield", "Cornfield", 6, 6},
    {"marsh", "Marsh", 8, 5},   {"lake", "Lake", 8, 5},   {"road", "Road", 24, 1},  {"river", "River", 24, 0},
    {"ford", "Ford", 2, 3},     {"bridge", "Bridge", 2, 3},
};

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
  s.mutable_victory()->set_max_turns(15);
  s.mutable_victory()->set_text("Hold the objectives at the end of the last turn.");
  return s;
}

}  // namespace

pb::ScenarioPalette OneHourWw2::palette() const {
  pb::ScenarioPalette p;
  p.set_ruleset(std::string(id()));
  *p.mutable_blank() = blank(id());
  for (const char* key : {"infantry", "mortar", "atg", "tank"}) {
    const TypeRow* row = row_by_key(key);
    if (!row) continue;
    auto* u = p.add_units();
    u->set_label(std::string(row->words));
    u->mutable_unit()->set_type(key);
    *u->mutable_unit()->mutable_position() = pt(0, 0);  // its centre, facing north
  }
  for (const auto& t : kTerrain) {
    auto* x = p.add_terrain();
    x->set_label(t.label);
    auto& f = *x->mutable_feature();
    f.set_kind(t.kind);
    f.set_name(t.label);
    if (std::string_view(t.kind) == "river") {
      *f.add_polyline() = pt(-t.w / 2, 0);
      *f.add_polyline() = pt(t.w / 2, 0);
    } else {
      rectangle(f, t.w, t.h);
    }
  }
  for (const auto& o : option_specs()) {
    auto* x = p.add_options();
    x->set_key(o.key);
    x->set_label(o.label);
    x->set_help(o.help);
    x->set_side(o.values.empty());
    for (const auto& v : o.values) x->add_values(v);
  }
  p.set_objectives(true);
  p.set_objective_owner(true);
  return p;
}

}  // namespace sandtable::oh
