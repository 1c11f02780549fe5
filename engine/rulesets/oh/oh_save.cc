// Snapshots (docs/engine.md "Save and load"): what play changes, as OhSavedState; the table,
// the options and the objectives' places are rebuilt from the scenario.
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules_impl.h"
#include "engine/rulesets/oh/oh_setup.h"
#include "sandtable/rulesets/oh/oh_state.pb.h"

namespace sandtable::oh {

std::string OneHourWw2::save_state(const GameState& state) const {
  const auto& st = static_cast<const OhState&>(state);
  pb::OhSavedState s;
  for (const auto& u : st.units) {
    auto* x = s.add_units();
    x->set_id(u.id);
    geom::to_proto(u.pos, x->mutable_position());
    x->set_facing_x(u.facing.forward().x);
    x->set_facing_y(u.facing.forward().y);
    x->set_hits(u.hits);
    x->set_permanent(u.permanent);
    x->set_alive(u.alive);
    x->set_dug_in(u.dug_in);
    x->set_ready(u.ready);
    x->set_acted(u.acted);
    x->set_fired(u.fired);
    x->set_moved(u.moved);
    x->set_exposed(u.exposed);
  }
  s.set_turn(st.turn);
  s.set_phasing(st.phasing);
  s.set_step(static_cast<int>(st.step));
  if (st.pending_move) {
    auto* p = s.mutable_pending_move();
    p->set_unit_id(st.pending_move->unit_id);
    p->set_allowance(st.pending_move->allowance);
    p->set_road_possible(st.pending_move->road_possible);
    p->set_march(st.pending_move->march);
  }
  for (const auto& h : st.holders) s.add_objective_holders(h);
  for (const auto& d : st.deciding) s.add_deciding(d);
  s.set_ready_window(st.ready_window ? 1 : 0);
  if (st.gm_terrain) {
    s.set_gm_terrain_edited(true);
    for (const auto& t : *st.gm_terrain) *s.add_gm_terrain() = t;
  }
  return s.SerializeAsString();
}

std::unique_ptr<GameState> OneHourWw2::load_state(const pb::Scenario& scenario, const std::string& bytes, std::string* error) const {
  pb::OhSavedState s;
  auto fail = [&](const std::string& why) -> std::unique_ptr<GameState> {
    if (error) *error = "One-Hour Wargames snapshot: " + why;
    return nullptr;
  };
  if (!s.ParseFromString(bytes)) return fail("the bytes are not a saved state");
  auto st = initial_state(scenario);
  if (s.units_size() != static_cast<int>(st->units.size())) return fail("it has " + std::to_string(s.units_size()) + " units, the scenario " + std::to_string(st->units.size()));
  for (int i = 0; i < s.units_size(); ++i) {
    const auto& x = s.units(i);
    Unit& u = st->units[static_cast<std::size_t>(i)];
    if (x.id() != u.id) return fail("unit " + std::to_string(i) + " is '" + x.id() + "', the scenario's is '" + u.id + "'");
    const auto facing = Facing::restore({x.facing_x(), x.facing_y()});
    if (!facing) return fail("the facing of " + u.id + " is not a direction");
    const Vec2 pos = geom::from_proto(x.position());
    if (!geom::is_finite(pos)) return fail("the position of " + u.id + " is not a number");
    if (x.hits() < 0 || x.permanent() < 0 || x.permanent() > x.hits() || x.hits() > 100) return fail("the Hits of " + u.id + " are out of range");
    u.pos = pos;
    u.facing = *facing;
    u.hits = x.hits();
    u.permanent = x.permanent();
    u.alive = x.alive();
    u.dug_in = x.dug_in();
    u.ready = x.ready();
    u.acted = x.acted();
    u.fired = x.fired();
    u.moved = x.moved();
    u.exposed = x.exposed();
  }
  if (s.turn() < 0 || s.phasing() < 0 || s.phasing() > 1 || s.step() < 0 || s.step() > 2) return fail("the turn or step is out of range");
  st->turn = s.turn();
  st->phasing = s.phasing();
  st->step = static_cast<Step>(s.step());
  if (!s.pending_move().unit_id().empty()) {
    if (!st->find(s.pending_move().unit_id())) return fail("the pending move names no unit");
    st->pending_move = PendingMove{s.pending_move().unit_id(), s.pending_move().allowance(), s.pending_move().road_possible(),
                                   s.pending_move().march()};
  }
  if (s.objective_holders_size() != static_cast<int>(st->holders.size())) return fail("it has the wrong number of objectives");
  for (int i = 0; i < s.objective_holders_size(); ++i) {
    const std::string& h = s.objective_holders(i);
    if (!h.empty() && h != scenario.sides(0).id() && h != scenario.sides(1).id()) return fail("an objective's holder is not a side");
    st->holders[static_cast<std::size_t>(i)] = h;
  }
  for (const auto& d : s.deciding()) st->deciding.push_back(d);
  st->ready_window = s.ready_window() != 0;
  std::optional<TerrainList> terrain;
  if (s.gm_terrain_edited()) terrain.emplace(s.gm_terrain().begin(), s.gm_terrain().end());
  if (terrain) {  // the GM's laid and removed features
    auto table = std::make_shared<Table>(*st->table);
    table->terrain.clear();
    for (const auto& t : *terrain) {
      if (terrain_problem(t)) return fail("its edited terrain is not terrain of these rules");
      table->terrain.push_back(terrain_of(t));
    }
    st->table = std::move(table);
    st->gm_terrain = std::move(terrain);
  }
  return st;
}

}  // namespace sandtable::oh
