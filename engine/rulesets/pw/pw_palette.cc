// The scenario editor's palette (docs/engine.md "Scenario editor"): the unit types, terrain and
// options validate_scenario accepts, read from the same tables.
#include "engine/model/palette_util.h"
#include "engine/rulesets/pw/pw_rules_impl.h"
#include "engine/rulesets/pw/pw_setup.h"
#include "engine/rulesets/pw/pw_tables.h"

namespace sandtable::pw {

namespace {

pb::Scenario blank(std::string_view ruleset) {
  pb::Scenario s = palette::blank(ruleset, {{"blue", "Blue"}, {"red", "Red"}}, 12,
                                  "Break the enemy: a side that reaches its exhaustion point stops attacking. After the "
                                  "last turn the side that lost fewer strength points wins.");
  s.mutable_grid()->set_cols(12);
  s.mutable_grid()->set_rows(10);
  return s;
}

}  // namespace

pb::ScenarioPalette PortableWargame::palette() const {
  pb::ScenarioPalette p;
  p.set_ruleset(std::string(id()));
  *p.mutable_blank() = blank(id());
  int count = 0;
  const TypeRow* rows = type_rows(&count);
  for (int i = 0; i < count; ++i) {
    auto* u = p.add_units();
    u->set_label(palette::label(rows[i].words));
    u->mutable_unit()->set_type(rows[i].key);
    u->mutable_unit()->set_quality("average");
    u->mutable_unit()->mutable_square();  // placed on a square (col, row) of the grid
  }
  for (const char* q : {"elite", "average", "poor"}) p.add_qualities(q);
  for (const auto& kind : terrain_kinds()) {
    auto* t = p.add_terrain();
    t->set_label(palette::label(kind));
    t->mutable_feature()->set_kind(kind);
    t->mutable_feature()->set_name(palette::label(kind));
    if (kind == "hill") t->mutable_feature()->set_level(1);  // PW-TER: a hill has a level
  }
  for (const auto& o : option_specs()) {
    auto* x = p.add_options();
    x->set_key(o.key);
    x->set_label(o.label);
    x->set_help(o.help);
    for (const auto& v : o.values) x->add_values(v);
  }
  return p;
}

}  // namespace sandtable::pw
