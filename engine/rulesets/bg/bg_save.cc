// Battleground snapshots: BgState to sandtable.v1.BgSavedState and back (units in
// bg_save_units.cc).
//
// Everything play can change is saved: the units (those made in play too), the minefields'
// knowledge and cleared strips, smoke, fire missions, melees, the pending charge, flares, the
// artillery cards, the deck's three piles and its own generator, the card-play bookkeeping, the
// acting card, the turn and phase. What the scenario fixes and initial_state() rebuilds from it
// is not stored: the options, the table's size, the turn limit, the objectives and victory
// points, and the terrain (nothing in play changes a terrain entry; the GM's edited list is saved
// when there is one). A field added to BgState must be saved here or rebuilt there.
#include <set>

#include "engine/model/rng_save.h"
#include "engine/rulesets/bg/bg_rules_impl.h"
#include "engine/rulesets/bg/bg_save.h"
#include "engine/rulesets/bg/bg_setup.h"

namespace sandtable::bg {

namespace {

void save_cards(const std::vector<pb::Card>& cards, google::protobuf::RepeatedPtrField<pb::Card>* out) {
  for (const auto& c : cards) *out->Add() = c;
}

// The cards, or the first one that is not one of the 54.
std::string load_cards(const google::protobuf::RepeatedPtrField<pb::Card>& in, std::vector<pb::Card>* out) {
  for (const auto& c : in) {
    if (!card_valid(c)) return "a card (" + c.ShortDebugString() + ") is not one of the 54";
    out->push_back(c);
  }
  return {};
}

void save_minefield(const Minefield& m, pb::BgSavedMinefield* out) {
  out->set_terrain(m.terrain);
  out->set_dummy(m.dummy);
  for (bool k : m.known_to) out->add_known_to(k);
  out->set_entered(m.entered);
  for (const auto& poly : m.cleared) {
    auto* p = out->add_cleared();
    for (const auto& v : poly.vertices()) save_point(v, p->add_vertices());
  }
}

void save_smoke(const Smoke& s, pb::BgSavedSmoke* out) {
  out->set_id(s.id);
  out->set_circle(s.circle);
  save_point(s.a, out->mutable_a());
  save_point(s.b, out->mutable_b());
  save_point(s.centre, out->mutable_centre());
  out->set_radius(s.radius);
  out->set_laid_turn(s.laid_turn);
  out->set_thin_turn(s.thin_turn);
  out->set_thinned(s.thinned);
}

void save_mission(const FireMission& f, pb::BgSavedMission* out) {
  out->set_id(f.id);
  out->set_side(f.side);
  out->set_system(f.system);
  out->set_turn(f.turn);
  out->set_blasts(f.blasts);
  out->set_dice(f.dice);
  out->set_smoke(f.smoke);
  out->set_flare(f.flare);
  out->set_awaiting_aim(f.awaiting_aim);
  out->set_done(f.done);
  out->set_scheduled(f.scheduled);
  for (const auto& a : f.aims) save_point(a, out->add_aims());
  out->set_call_number(f.call_number);
  out->set_observed(f.observed);
  out->set_calibre_mm(f.calibre_mm);
}

void save_melee(const Melee& m, pb::BgSavedMelee* out) {
  out->set_id(m.id);
  for (const auto& a : m.attackers) out->add_attackers(a);
  for (const auto& d : m.defenders) out->add_defenders(d);
  for (bool b : m.from_behind) out->add_from_behind(b);
  save_point(m.place, out->mutable_place());
  out->set_round(m.round);
  out->set_over(m.over);
  for (const auto& f : m.order[0]) out->add_attacker_order(f);
  out->set_attacker_order_round(m.order_round[0]);
  for (const auto& f : m.order[1]) out->add_defender_order(f);
  out->set_defender_order_round(m.order_round[1]);
}

std::vector<Vec2> load_points(const google::protobuf::RepeatedPtrField<pb::Point>& in) {
  std::vector<Vec2> out;
  for (const auto& p : in) out.push_back(load_point(p));
  return out;
}

// The minefields: the scenario's, in its order, with what play changed.
std::string load_minefields(const pb::BgSavedState& in, int sides, BgState& st) {
  if (in.minefields_size() != static_cast<int>(st.minefields.size())) {
    return "it has " + std::to_string(in.minefields_size()) + " minefields; the scenario has " +
           std::to_string(st.minefields.size());
  }
  for (int i = 0; i < in.minefields_size(); ++i) {
    const auto& m = in.minefields(i);
    Minefield& x = st.minefields[static_cast<std::size_t>(i)];
    if (m.terrain() != x.terrain || m.dummy() != x.dummy) return "minefield '" + m.terrain() + "' is not the scenario's";
    if (m.known_to_size() != sides) return "minefield '" + m.terrain() + "' has no knowledge for every side";
    x.known_to.assign(m.known_to().begin(), m.known_to().end());
    x.entered = m.entered();
    x.cleared.clear();
    for (const auto& poly : m.cleared()) {
      try {
        x.cleared.emplace_back(load_points(poly.vertices()));
      } catch (const std::invalid_argument& e) {
        return "a cleared strip of minefield '" + m.terrain() + "' is no polygon: " + e.what();
      }
    }
  }
  return {};
}

// Everything but the units and minefields; `known` tells whether a unit id exists.
template <class Known>
std::string load_rest(const pb::BgSavedState& in, int sides, const Known& known, BgState& st) {
  for (const auto& s : in.smoke()) {
    Smoke x;
    x.id = s.id();
    x.circle = s.circle();
    x.a = load_point(s.a());
    x.b = load_point(s.b());
    x.centre = load_point(s.centre());
    x.radius = s.radius();
    x.laid_turn = s.laid_turn();
    x.thin_turn = s.thin_turn();
    x.thinned = s.thinned();
    st.smoke.push_back(std::move(x));
  }
  // The scenario's scheduled strikes are replaced too: their state (aims, done) is in the save.
  st.missions.clear();
  for (const auto& f : in.missions()) {
    if (!in_range(f.side(), 0, sides - 1)) return "fire mission '" + f.id() + "' belongs to no side";
    FireMission x;
    x.id = f.id();
    x.side = f.side();
    x.system = f.system();
    x.turn = f.turn();
    x.blasts = f.blasts();
    x.dice = f.dice();
    x.smoke = f.smoke();
    x.flare = f.flare();
    x.awaiting_aim = f.awaiting_aim();
    x.done = f.done();
    x.scheduled = f.scheduled();
    x.aims = load_points(f.aims());
    x.call_number = f.call_number();
    x.observed = f.observed();
    x.calibre_mm = f.calibre_mm();
    st.missions.push_back(std::move(x));
  }
  for (const auto& m : in.melees()) {
    if (m.from_behind_size() != m.attackers_size()) return "melee '" + m.id() + "' does not say how each attacker came";
    Melee x;
    x.id = m.id();
    x.attackers.assign(m.attackers().begin(), m.attackers().end());
    x.defenders.assign(m.defenders().begin(), m.defenders().end());
    for (const auto& id : x.attackers) {
      if (!known(id)) return "melee '" + m.id() + "' names an unknown unit";
    }
    for (const auto& id : x.defenders) {
      if (!known(id)) return "melee '" + m.id() + "' names an unknown unit";
    }
    x.from_behind.assign(m.from_behind().begin(), m.from_behind().end());
    x.place = load_point(m.place());
    x.round = m.round();
    x.over = m.over();
    x.order[0].assign(m.attacker_order().begin(), m.attacker_order().end());
    x.order[1].assign(m.defender_order().begin(), m.defender_order().end());
    x.order_round[0] = m.attacker_order_round();
    x.order_round[1] = m.defender_order_round();
    st.melees.push_back(std::move(x));
  }
  if (in.has_charge()) {
    const auto& c = in.charge();
    if (!known(c.charger()) || !known(c.target())) return "the pending charge names an unknown unit";
    st.charge = PendingCharge{c.charger(), c.target(), load_points(c.path()), c.response(), c.response_done(), c.flee_roll()};
  }
  st.lit_until_turn = in.lit_until_turn();
  st.artillery_drawn.assign(in.artillery_drawn().begin(), in.artillery_drawn().end());
  st.artillery_turn_drawn = in.artillery_turn_drawn();
  st.next_id = in.next_id();
  std::vector<pb::Card> draw, turn, discards;
  for (auto problem : {load_cards(in.deck().draw_pile(), &draw), load_cards(in.deck().this_turn(), &turn),
                       load_cards(in.deck().discards(), &discards)}) {
    if (!problem.empty()) return "the deck: " + problem;
  }
  const std::size_t cards = draw.size() + turn.size() + discards.size();
  if (cards != 0 && cards != 54) return "the deck has " + std::to_string(cards) + " cards, not 54";
  st.deck = CardDeck::restore(std::move(draw), std::move(turn), std::move(discards), in.deck().run_out_this_turn());
  const auto deck_rng = load_rng(in.deck_rng());
  if (!deck_rng) return "the deck's generator is not a PCG32 state";
  st.deck_rng = *deck_rng;
  if (in.card_play_suits_size() != 4) return "the card play does not record the four suits";
  std::array<int, 4> suits{};
  for (int i = 0; i < 4; ++i) suits[static_cast<std::size_t>(i)] = in.card_play_suits(i);
  const auto play = BgCardPlay::restore(suits, in.card_play_over());
  if (!play) return "the card play records a suit in no known state";
  st.play = *play;
  if (!in_range(in.action_side(), -1, sides - 1)) return "the acting card belongs to no side";
  if (!in_range(in.action(), 0, static_cast<int>(BgAction::kMove))) return "the acting card has no action";
  st.action.side = in.action_side();
  st.action.action = static_cast<BgAction>(in.action());
  st.action.one_unit = in.action_one_unit();
  st.action.serial = in.action_serial();
  if (!in_range(in.phase(), 0, static_cast<int>(Phase::kOver))) return "the phase " + std::to_string(in.phase()) + " is unknown";
  st.turn = in.turn();
  st.phase = static_cast<Phase>(in.phase());
  st.card_phase_over = in.card_phase_over();
  st.reaction_due.assign(in.reaction_due().begin(), in.reaction_due().end());
  st.reaction_trigger = in.reaction_trigger();
  st.skirmish_active = in.skirmish_active();
  st.special_step = in.special_step();
  return {};
}

std::string load_into(const pb::BgSavedState& in, BgState& st) {
  const int sides = static_cast<int>(st.sides.size());
  // Units are never removed (destroyed ones stay), only added (prisoner groups, split units):
  // the scenario's come first, in order.
  if (in.units_size() < static_cast<int>(st.units.size())) {
    return "it has " + std::to_string(in.units_size()) + " units; the scenario alone has " + std::to_string(st.units.size());
  }
  for (std::size_t i = 0; i < st.units.size(); ++i) {
    if (in.units(static_cast<int>(i)).id() != st.units[i].id) {
      return "units[" + std::to_string(i) + "] is '" + in.units(static_cast<int>(i)).id() + "', not the scenario's '" +
             st.units[i].id + "'";
    }
  }
  std::vector<Unit> units;
  std::set<std::string> ids;
  for (const auto& u : in.units()) {
    Unit x;
    if (auto e = load_unit(u, sides, &x); !e.empty()) return e;
    if (!ids.insert(x.id).second) return "the unit id '" + x.id + "' is used twice";
    units.push_back(std::move(x));
  }
  const auto known = [&](const std::string& id) { return ids.count(id) > 0; };
  for (const auto& u : units) {
    for (const std::string* ref : {&u.carried_by, &u.pair_with, &u.escort_vehicle, &u.charge_short_of}) {
      if (!ref->empty() && !known(*ref)) return "unit '" + u.id + "' refers to an unknown unit '" + *ref + "'";
    }
    if (u.vehicle) {
      for (const auto& p : u.vehicle->passengers) {
        if (!known(p)) return "vehicle '" + u.id + "' carries an unknown unit '" + p + "'";
      }
    }
  }
  st.units = std::move(units);
  if (auto e = load_minefields(in, sides, st); !e.empty()) return e;
  return load_rest(in, sides, known, st);
}

}  // namespace

std::string Battleground::save_state(const GameState& state) const {
  const auto& st = static_cast<const BgState&>(state);
  pb::BgSavedState out;
  for (const auto& u : st.units) save_unit(u, out.add_units());
  for (const auto& m : st.minefields) save_minefield(m, out.add_minefields());
  for (const auto& s : st.smoke) save_smoke(s, out.add_smoke());
  for (const auto& f : st.missions) save_mission(f, out.add_missions());
  for (const auto& m : st.melees) save_melee(m, out.add_melees());
  if (st.charge) {
    auto* c = out.mutable_charge();
    c->set_charger(st.charge->charger);
    c->set_target(st.charge->target);
    for (const auto& p : st.charge->path) save_point(p, c->add_path());
    c->set_response(st.charge->response);
    c->set_response_done(st.charge->response_done);
    c->set_flee_roll(st.charge->flee_roll);
  }
  out.set_lit_until_turn(st.lit_until_turn);
  for (const auto& c : st.artillery_drawn) out.add_artillery_drawn(c);
  out.set_artillery_turn_drawn(st.artillery_turn_drawn);
  out.set_next_id(st.next_id);
  auto* deck = out.mutable_deck();
  save_cards(st.deck.draw_pile(), deck->mutable_draw_pile());
  save_cards(st.deck.this_turn(), deck->mutable_this_turn());
  save_cards(st.deck.discards(), deck->mutable_discards());
  deck->set_run_out_this_turn(st.deck.run_out_this_turn());
  save_rng(st.deck_rng, out.mutable_deck_rng());
  for (int s : st.play.suit_states()) out.add_card_play_suits(s);
  out.set_card_play_over(st.play.over());
  out.set_action_side(st.action.side);
  out.set_action(static_cast<int>(st.action.action));
  out.set_action_one_unit(st.action.one_unit);
  out.set_action_serial(st.action.serial);
  out.set_turn(st.turn);
  out.set_phase(static_cast<int>(st.phase));
  out.set_card_phase_over(st.card_phase_over);
  for (const auto& id : st.reaction_due) out.add_reaction_due(id);
  out.set_reaction_trigger(st.reaction_trigger);
  out.set_skirmish_active(st.skirmish_active);
  out.set_special_step(st.special_step);
  if (st.gm_terrain) {  // an unedited table saves exactly the bytes it did before
    out.set_gm_terrain_edited(true);
    for (const auto& t : *st.gm_terrain) *out.add_gm_terrain() = t;
  }
  return out.SerializeAsString();
}

std::unique_ptr<GameState> Battleground::load_state(const pb::Scenario& scenario, const std::string& bytes,
                                                    std::string* error) const {
  pb::BgSavedState in;
  if (!in.ParseFromString(bytes)) {
    if (error) *error = "the Battleground state is not readable (not a BgSavedState)";
    return nullptr;
  }
  auto st = initial_state(scenario);
  // BgState reads its sides from the shared GameState (side_index, side_of); Game sets them
  // again after loading.
  st->sides.clear();
  for (const auto& side : scenario.sides()) st->sides.push_back(side.id());
  if (in.gm_terrain_edited()) {  // the GM's laid and removed features, before their minefields load
    TerrainList terrain(in.gm_terrain().begin(), in.gm_terrain().end());
    std::set<std::string> names;
    for (const auto& t : terrain) {
      if (t.name().empty() || !names.insert(t.name()).second || terrain_problem(t, scenario)) {
        if (error) *error = "the Battleground state's edited terrain is not terrain of these rules";
        return nullptr;
      }
    }
    lay_out_terrain(*st, terrain, scenario);
    st->gm_terrain = std::move(terrain);
  }
  st->smoke.clear();
  st->melees.clear();
  st->charge.reset();
  st->artillery_drawn.clear();
  if (const std::string problem = load_into(in, *st); !problem.empty()) {
    if (error) *error = "the Battleground state does not fit this scenario: " + problem;
    return nullptr;
  }
  return st;
}

}  // namespace sandtable::bg
