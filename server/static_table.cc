#include "server/static_table.h"

namespace sandtable::server {

void copy_static_table(const sandtable::v1::View& from, sandtable::v1::View& to) {
  to.set_ruleset(from.ruleset());
  to.set_scenario_id(from.scenario_id());
  to.set_scenario_name(from.scenario_name());
  to.clear_board();
  if (from.has_grid()) *to.mutable_grid() = from.grid();
  if (from.has_table()) *to.mutable_table() = from.table();
  *to.mutable_terrain() = from.terrain();
  *to.mutable_options() = from.options();
  to.set_seed_hash(from.seed_hash());
  if (from.has_briefing()) *to.mutable_briefing() = from.briefing();
  else to.clear_briefing();
}

std::string static_table_of(const sandtable::v1::View& view) {
  sandtable::v1::View t;
  copy_static_table(view, t);
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
  view.clear_briefing();
}

}  // namespace sandtable::server
