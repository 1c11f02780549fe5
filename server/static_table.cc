#include "server/static_table.h"

namespace sandtable::server {

std::string static_table_of(const sandtable::v1::View& view) {
  sandtable::v1::View t;
  t.set_ruleset(view.ruleset());
  t.set_scenario_id(view.scenario_id());
  t.set_scenario_name(view.scenario_name());
  if (view.has_grid()) *t.mutable_grid() = view.grid();
  if (view.has_table()) *t.mutable_table() = view.table();
  *t.mutable_terrain() = view.terrain();
  *t.mutable_options() = view.options();
  t.set_seed_hash(view.seed_hash());
  std::string out;
  t.SerializeToString(&out);  // the same message built the same way serializes the same
  return out;
}

void strip_static_table(sandtable::v1::View& view) {
  view.clear_ruleset();
  view.clear_scenario_id();
  view.clear_scenario_name();
  view.clear_board();
  view.clear_terrain();
  view.clear_options();
  view.clear_seed_hash();
}

}  // namespace sandtable::server
