// Snapshots (docs/engine.md "Save and load"): what play changes, as RrSavedState; the table,
// the unit types, the options and the objectives' places are rebuilt from the scenario.
#include <cmath>

#include "engine/model/rng_save.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"
#include "engine/rulesets/rookie/rr_setup.h"
#include "sandtable/rulesets/rookie/rr_state.pb.h"

namespace sandtable::rr {

std::string RookieRules::save_state(const GameState& state) const {
  const auto& st = static_cast<const RrState&>(state);
  pb::RrSavedState s;
  for (const auto& u : st.units) {
    auto* x = s.add_units();
    x->set_id(u.id);
    geom::to_proto(u.pos, x->mutable_position());
    x->set_facing_deg(u.facing_deg);
    x->set_figures(u.figures);
    x->set_marker(to_pb(u.marker));
    x->set_alive(u.alive);
    for (int side : u.spotted_by) x->add_spotted_by(side);
    x->set_fired(u.fired);
    x->set_moved(u.moved);
    x->set_immobile(u.immobile);
    x->set_one_function(u.one_function);
    x->set_sniper_fire_turns(u.sniper_fire_turns);
    x->set_last_fire_turn(u.last_fire_turn);
    x->set_tested(u.tested);
    x->set_packed(u.packed);
    x->set_set_up_functions(u.set_up_functions);
    x->set_set_up_turn(u.set_up_turn);
    x->set_stuck(u.stuck);
    x->set_breakdown_sequence(u.breakdown_sequence);
    x->set_temporary_marker(to_pb(u.temporary_marker));
    x->set_underlying_marker(to_pb(u.underlying_marker));
    x->set_temporary_armed(u.temporary_armed);
  }
  s.set_turn(st.turn);
  s.set_phase(static_cast<pb::RrPhase>(static_cast<int>(st.phase)));
  s.set_sequence(st.sequence);
  s.set_phase_side(st.phase_side);
  const ActivationDeck::Saved deck = st.deck->save();
  auto* d = s.mutable_deck();
  for (const auto& c : deck.draw) *d->add_draw() = c;
  for (const auto& c : deck.turned) *d->add_turned() = c;
  for (const auto& u : deck.acted) d->add_acted(u);
  for (const auto& u : deck.retired) d->add_retired(u);
  if (deck.pending) *d->mutable_pending() = *deck.pending;
  d->set_sequence(deck.sequence);
  s.set_active_unit(st.active_unit);
  s.set_functions_left(st.functions_left);
  for (const auto& t : st.fired_at) s.add_fired_at(t);
  s.set_split(st.split);
  for (const auto& h : st.holders) s.add_objective_holders(h);
  for (const auto& x : st.deciding) s.add_deciding(x);
  save_rng(st.deck_rng, s.mutable_deck_rng());
  for (const auto& p : st.plots) {
    auto* x = s.add_plots();
    x->set_side(st.side_id(p.side));
    x->set_battery_id(p.battery_id);
    geom::to_proto(p.point, x->mutable_point());
    x->set_template_kind(p.template_kind);
    x->set_orientation_deg(p.orientation_deg);
  }
  for (const auto& k : st.strikes) {
    auto* x = s.add_strikes();
    x->set_side(st.side_id(k.side));
    x->set_battery_id(k.battery_id);
    x->set_battery_name(k.name);
    x->set_aircraft(!k.name.empty());
    geom::to_proto(k.landed, x->mutable_landed());
    x->set_template_kind(k.template_kind);
    x->set_orientation_deg(k.orientation_deg);
  }
  if (st.gm_minefields) {
    s.set_gm_minefields_edited(true);
    for (const auto& m : st.minefields) {
      auto* x = s.add_gm_minefields();
      x->set_side(m.side);
      geom::to_proto(m.centre, x->mutable_centre());
      x->set_flats_deg(m.flats_deg);
      x->set_found(m.found);
    }
  } else {
    for (std::size_t i = 0; i < st.minefields.size(); ++i) {
      if (st.minefields[i].found) s.add_minefields_found(static_cast<int>(i));
    }
  }
  if (st.gm_terrain) {  // an unedited table saves exactly the bytes it did before
    s.set_gm_terrain_edited(true);
    for (const auto& t : *st.gm_terrain) *s.add_gm_terrain() = t;
  }
  for (const auto& a : st.aircraft) {
    auto* x = s.add_aircraft();
    x->set_id(a.id);
    x->set_side(a.side);
    x->set_support(a.support);
    geom::to_proto(a.aim, x->mutable_aim());
    x->set_heading_deg(a.heading_deg);
    x->set_planned(a.planned);
    x->set_on_table(a.on_table);
    for (const Vec2 p : a.path) geom::to_proto(p, x->add_path());
    x->set_airframe_hits(a.airframe_hits);
    x->set_location_modifier(a.location_modifier);
    x->set_out(a.out);
  }
  for (int side = 0; side < 2; ++side) {
    s.add_failed_checks(st.failed_checks[side]);
    s.add_sorties(st.sorties[side]);
  }
  return s.SerializeAsString();
}

std::unique_ptr<GameState> RookieRules::load_state(const pb::Scenario& scenario, const std::string& bytes, std::string* error) const {
  pb::RrSavedState s;
  auto fail = [&](const std::string& why) -> std::unique_ptr<GameState> {
    if (error) *error = "Rookie Rules snapshot: " + why;
    return nullptr;
  };
  if (!s.ParseFromString(bytes)) return fail("the bytes are not a saved state");
  auto st = initial_state(scenario);
  if (s.units_size() != static_cast<int>(st->units.size())) {
    return fail("it has " + std::to_string(s.units_size()) + " units, the scenario " + std::to_string(st->units.size()));
  }
  for (int i = 0; i < s.units_size(); ++i) {
    const auto& x = s.units(i);
    Unit& u = st->units[static_cast<std::size_t>(i)];
    if (x.id() != u.id) return fail("unit " + std::to_string(i) + " is '" + x.id() + "', the scenario's is '" + u.id + "'");
    const Vec2 pos = geom::from_proto(x.position());
    if (!geom::is_finite(pos) || !std::isfinite(x.facing_deg())) return fail("the place of " + u.id + " is not a number");
    if (x.figures() < 0 || x.figures() > u.original_figures) return fail("the figures of " + u.id + " are out of range");
    if (x.marker() < 0 || x.marker() > 3) return fail("the marker of " + u.id + " is not one");
    u.pos = pos;
    u.facing_deg = x.facing_deg();
    u.figures = x.figures();
    u.marker = from_pb(x.marker());
    u.alive = x.alive();
    u.spotted_by.clear();
    for (int side : x.spotted_by()) {
      if (side < 0 || side > 1) return fail("a side that spotted " + u.id + " is not one");
      u.spotted_by.push_back(side);
    }
    u.fired = x.fired();
    u.moved = x.moved();
    u.immobile = x.immobile();
    u.one_function = x.one_function();
    u.sniper_fire_turns = x.sniper_fire_turns();
    u.last_fire_turn = x.last_fire_turn();
    u.tested = x.tested();
    u.packed = x.packed();
    u.set_up_functions = x.set_up_functions();
    u.set_up_turn = x.set_up_turn();
    u.stuck = x.stuck();
    u.breakdown_sequence = x.breakdown_sequence();
    u.temporary_marker = from_pb(x.temporary_marker());
    u.underlying_marker = from_pb(x.underlying_marker());
    u.temporary_armed = x.temporary_armed();
  }
  if (s.turn() < 0 || s.phase() < 0 || s.phase() > 4 || s.sequence() < 1 || s.sequence() > 2 || s.phase_side() < 0 || s.phase_side() > 1) {
    return fail("the turn or phase is out of range");
  }
  st->turn = s.turn();
  st->phase = static_cast<Phase>(static_cast<int>(s.phase()));
  st->sequence = s.sequence();
  st->phase_side = s.phase_side();
  ActivationDeck::Saved deck;
  deck.draw.assign(s.deck().draw().begin(), s.deck().draw().end());
  deck.turned.assign(s.deck().turned().begin(), s.deck().turned().end());
  deck.acted.assign(s.deck().acted().begin(), s.deck().acted().end());
  deck.retired.assign(s.deck().retired().begin(), s.deck().retired().end());
  if (s.deck().has_pending()) deck.pending = s.deck().pending();
  deck.sequence = s.deck().sequence();
  if (auto why = st->deck->restore(deck)) return fail(*why);
  if (!s.active_unit().empty() && !st->find(s.active_unit())) return fail("the acting unit is not in the scenario");
  if (s.functions_left() < 0 || s.functions_left() > kMostFunctions) return fail("the functions left are out of range");
  st->active_unit = s.active_unit();
  st->functions_left = s.functions_left();
  st->fired_at.assign(s.fired_at().begin(), s.fired_at().end());
  st->split = s.split();
  if (s.objective_holders_size() != static_cast<int>(st->holders.size())) return fail("it has the wrong number of objectives");
  for (int i = 0; i < s.objective_holders_size(); ++i) {
    const std::string& h = s.objective_holders(i);
    if (!h.empty() && h != scenario.sides(0).id() && h != scenario.sides(1).id()) return fail("an objective's holder is not a side");
    st->holders[static_cast<std::size_t>(i)] = h;
  }
  for (const auto& x : s.deciding()) st->deciding.push_back(x);
  const auto rng = load_rng(s.deck_rng());
  if (!rng) return fail("the deck's generator is not a PCG32 state");
  st->deck_rng = *rng;
  for (const auto& x : s.plots()) {
    const Battery* b = st->battery(x.battery_id());
    if (!b || scenario.sides(b->side).id() != x.side()) return fail("a plot names no battery of its side");
    st->plots.push_back(Plot{b->side, x.battery_id(), geom::from_proto(x.point()), x.template_kind(), x.orientation_deg()});
  }
  for (const auto& x : s.strikes()) {
    const int side = x.side() == scenario.sides(1).id() ? 1 : 0;
    if (!x.aircraft() && !st->battery(x.battery_id())) return fail("a strike names no battery");
    st->strikes.push_back(Strike{side, x.battery_id(), x.aircraft() ? x.battery_name() : "", geom::from_proto(x.landed()), x.template_kind(),
                                 x.orientation_deg()});
  }
  for (const auto& x : s.aircraft()) {
    if (x.side() < 0 || x.side() > 1 || x.support() < 0 || x.support() >= static_cast<int>(st->air.size())) {
      return fail("an aircraft names no air support of the scenario");
    }
    Aircraft a;
    a.id = x.id();
    a.side = x.side();
    a.support = x.support();
    a.aim = geom::from_proto(x.aim());
    a.heading_deg = x.heading_deg();
    a.planned = x.planned();
    a.on_table = x.on_table();
    for (const auto& p : x.path()) a.path.push_back(geom::from_proto(p));
    a.airframe_hits = x.airframe_hits();
    a.location_modifier = x.location_modifier();
    a.out = x.out();
    st->aircraft.push_back(std::move(a));
  }
  for (int side = 0; side < 2 && side < s.failed_checks_size() && side < s.sorties_size(); ++side) {
    st->failed_checks[side] = s.failed_checks(side);
    st->sorties[side] = s.sorties(side);
  }
  for (const int i : s.minefields_found()) {
    if (i < 0 || i >= static_cast<int>(st->minefields.size())) return fail("a found minefield is not in the scenario");
    st->minefields[static_cast<std::size_t>(i)].found = true;
  }
  if (s.gm_minefields_edited()) {  // the GM's laid and removed minefields replace the scenario's
    st->minefields.clear();
    for (const auto& m : s.gm_minefields()) {
      const Vec2 c = geom::from_proto(m.centre());
      if (m.side() < 0 || m.side() > 1 || !geom::is_finite(c) || !std::isfinite(m.flats_deg())) return fail("an edited minefield is not one");
      st->minefields.push_back(Mines{m.side(), c, m.flats_deg(), m.found()});
    }
    st->gm_minefields = true;
  }
  if (s.gm_terrain_edited()) {  // the GM's laid and removed features
    TerrainList terrain(s.gm_terrain().begin(), s.gm_terrain().end());
    auto table = std::make_shared<Table>(*st->table);
    table->terrain.clear();
    for (const auto& t : terrain) {
      if (terrain_problem(t)) return fail("its edited terrain is not terrain of these rules");
      table->terrain.push_back(terrain_of(t));
    }
    st->table = std::move(table);
    st->gm_terrain = std::move(terrain);
  }
  return st;
}

}  // namespace sandtable::rr
