// The scenario editor's palette (docs/engine.md "Scenario editor"): the unit types, terrain and
// options validate_scenario accepts, read from the same tables.
#include "engine/model/palette_util.h"
#include "engine/rulesets/oh/oh_rules_impl.h"
#include "engine/rulesets/oh/oh_setup.h"
#include "engine/rulesets/oh/oh_tables.h"

namespace sandtable::oh {

namespace {

struct TerrainTemplate {
  const char* kind;
  const char* label;
  double w, h;  // inches; a river is a line w long (h 0)
};
// Sizes of a usual feature on a 3' x 4' table (what a GM would lay first and then adjust).
constexpr TerrainTemplate kTerrain[] = {
    {"woods", "Woods", 8, 6},   {"town", "Town", 6, 6},   {"hill", "Hill", 10, 6},  {"cornfield", "Cornfield", 6, 6},
    {"marsh", "Marsh", 8, 5},   {"lake", "Lake", 8, 5},   {"road", "Road", 24, 1},  {"river", "River", 24, 0},
    {"ford", "Ford", 2, 3},     {"bridge", "Bridge", 2, 3},
};

}  // namespace

pb::ScenarioPalette OneHourWw2::palette() const {
  pb::ScenarioPalette p;
  p.set_ruleset(std::string(id()));
  *p.mutable_blank() = palette::blank(id(), {{"allies", "Allies"}, {"axis", "Axis"}}, 15,
                                      "Hold the objectives at the end of the last turn.");
  p.mutable_blank()->mutable_table()->set_width(48);
  p.mutable_blank()->mutable_table()->set_height(36);
  for (const char* key : {"infantry", "mortar", "atg", "tank"}) {
    const TypeRow* row = row_by_key(key);
    if (!row) continue;
    auto* u = p.add_units();
    u->set_label(std::string(row->words));
    u->mutable_unit()->set_type(key);
    *u->mutable_unit()->mutable_position() = palette::point(0, 0);  // its centre, facing north
  }
  for (const auto& t : kTerrain) *p.add_terrain() = palette::area_or_line(t.kind, t.label, t.w, t.h);
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
