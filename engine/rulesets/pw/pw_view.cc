// What a viewer sees: units, sides and the turn. Artillery targets never appear here; the
// hidden PwArtilleryPlanned copy is the only place they are recorded before the guns fire.
#include <algorithm>
#include <utility>

#include "engine/model/markers.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_rules_impl.h"
#include "engine/rulesets/pw/pw_view_words.h"

namespace sandtable::pw {

namespace {

const char* phase_words(Phase p) {
  switch (p) {
    case Phase::kArtilleryPlanning: return "artillery fire: orders";
    case Phase::kArtilleryEffects: return "artillery fire: effects";
    case Phase::kActivation: return "activation";
    case Phase::kOver: return "over";
  }
  return "";
}

// Checked for the unit in hand and without sentences: unit_can_act is asked of every unit for
// every view and bot choice, and reads only whether some target passes.
bool any_fire_target(const PwState& st, const Unit& u) {
  if (!orders_now(st, u.side)) return false;  // check_unit_order would refuse every target
  for (const auto& e : st.units) {
    if (!e.alive || e.side == u.side || !in_fire_reach(st, u, e.sq)) continue;
    if (!check_fire_at(st, u.side, u, e.sq, Say::kCodeOnly)) return true;
  }
  return false;
}

bool any_cc_target(const PwState& st, const Unit& u) {
  if (!orders_now(st, u.side)) return false;
  for (const auto& e : st.units) {
    if (!e.alive || e.side == u.side || !grid::adjacent(e.sq, u.sq)) continue;
    if (!check_close_combat_of(st, u.side, u, e.id, Say::kCodeOnly)) return true;
  }
  return false;
}

}  // namespace

bool unit_can_act(const PwState& st, const Unit& u) {
  if (!u.alive || u.busy) return false;
  if (check_activation_available(st, u)) return false;
  const bool can_move = u.carried_by.empty() && !u.moved && !(u.type == UnitType::kArtillery && u.fired);
  if (can_move) return true;  // it can at least turn in place
  if (!u.carried_by.empty() && !u.moved) {  // it may unlimber or disembark
    pb::PwStationary s;
    s.set_unit_id(u.id);
    s.set_kind(u.type == UnitType::kArtillery ? pb::PW_UNLIMBER : pb::PW_DISEMBARK);
    if (!check_stationary(st, u.side, s)) return true;
  }
  return any_fire_target(st, u) || any_cc_target(st, u);
}

namespace {

void fill_terrain(const PwState& st, const std::string& viewer, pb::View& view) {
  if (st.gm_terrain) show_terrain(*st.gm_terrain, viewer, view);  // the GM's laid and removed features
  // Wire is laid and removed in play: show the current wire instead of the scenario's.
  auto* terrain = view.mutable_terrain();
  for (int i = terrain->size() - 1; i >= 0; --i) {
    if (terrain->Get(i).kind() == "wire") terrain->DeleteSubrange(i, 1);
  }
  pb::TerrainFeature wire;
  wire.set_kind("wire");
  wire.set_name("barbed wire");
  for (int r = 0; r < st.rows; ++r) {
    for (int c = 0; c < st.cols; ++c) {
      if (st.cell({c, r}).wire) *wire.add_squares() = to_pb({c, r});
    }
  }
  if (wire.squares_size() > 0) *view.add_terrain() = wire;
}

// What the rule set adds to the static table: the same for every viewer (table_key).
void fill_table(const PwState& st, const std::string& viewer, pb::View& view) {
  fill_terrain(st, viewer, view);
  for (auto& line : briefing_rules(st)) view.mutable_briefing()->add_rules(std::move(line));
}

// Units and sides: the same for every viewer (pieces_key).
void fill_pieces(const PwState& st, pb::View& view) {
  for (const auto& u : st.units) {
    if (!u.alive) continue;
    pb::UnitView* v = view.add_units();
    const TypeRow& row = row_of(u);
    v->set_id(u.id);
    v->set_side(side_id(st, u.side));
    v->set_type(row.key);
    v->set_name(label(u));
    *v->mutable_square() = to_pb(u.sq);
    v->set_facing(static_cast<pb::GridFacing>(u.facing));
    v->set_strength(u.sp);
    v->set_max_strength(u.max_sp);
    v->set_carried_by(u.carried_by);
    add_marker(*v, "quality", "Quality", quality_name(u.quality));
    if (u.activated) add_marker(*v, "activated", "Activated");
    if (u.moved) add_marker(*v, "moved", "Moved");
    if (u.fired) add_marker(*v, "fired", "Fired");
    if (u.cc_done) add_marker(*v, "fought", "Fought in close combat");
    if (in_river(st, u)) add_marker(*v, "in_river", "In the river");
    if (crossing_trench(st, u)) add_marker(*v, "crossing_trench", "Crossing a trench");
    else if (st.cell(u.sq).trench) add_marker(*v, "holding_trench", "Holding a trench");
    if (st.cell(u.sq).wire) add_marker(*v, "on_wire", "On wire");
    if (!u.carried_by.empty()) {
      if (u.type == UnitType::kArtillery) add_marker(*v, "limbered", "Limbered");
      else add_marker(*v, "embarked", "Embarked");
    }
    if (st.active_unit == u.id) add_marker(*v, "active", "Active");
  }
  for (std::size_t s = 0; s < st.side_state.size(); ++s) {
    const SideState& ss = st.side_state[s];
    pb::SideView* sv = view.add_sides();
    sv->set_id(ss.id);
    sv->set_name(ss.name);
    int sp = 0;
    for (const auto& u : st.units) sp += (u.alive && u.side == static_cast<int>(s)) ? u.sp : 0;
    sv->set_strength(sp);
    sv->set_strength_lost(ss.sp_lost);
    add_marker(*sv, "exhaustion_point", "Exhaustion point", std::to_string(ss.exhaustion_point));
    if (ss.exhausted) add_marker(*sv, "exhausted", "Exhausted");
    // Dice rolled this turn once rolled; before that, the dice the side would roll now (PW-ACT-03).
    const int dice = ss.activation_dice > 0 ? ss.activation_dice : activation_dice_count(st, static_cast<int>(s));
    add_marker(*sv, "activation_dice", "Activation dice", std::to_string(dice));
    if (ss.activations_left > 0) add_marker(*sv, "activations_left", "Activations left", std::to_string(ss.activations_left));
    if (ss.plan_given) add_marker(*sv, "orders_given", "Artillery orders given");
  }
}

void fill_turn(const PwState& st, const std::string& viewer, pb::View& view) {
  pb::TurnView* t = view.mutable_turn();
  t->set_turn(st.turn);
  t->set_phase(phase_words(st.phase));
  t->set_active_side(side_id(st, st.active_side));
  t->set_active_unit(st.active_unit);
  t->set_first_side(side_id(st, st.first_side));
  fill_view_words(st, viewer, view);  // everything is seen; only the task is the viewer's own
}

}  // namespace

void PortableWargame::fill_view(const GameState& state, const std::string& viewer, pb::View& view) const {
  const auto& st = static_cast<const PwState&>(state);
  fill_table(st, viewer, view);
  fill_pieces(st, view);
  fill_turn(st, viewer, view);
}

void PortableWargame::fill_view_without_pieces(const GameState& state, const std::string& viewer, pb::View& view) const {
  const auto& st = static_cast<const PwState&>(state);
  fill_table(st, viewer, view);
  fill_turn(st, viewer, view);
}

void PortableWargame::fill_view_without_table(const GameState& state, const std::string& viewer, bool pieces, pb::View& view) const {
  const auto& st = static_cast<const PwState&>(state);
  if (pieces) fill_pieces(st, view);
  fill_turn(st, viewer, view);
}

// Nothing on a Portable Wargame table is hidden: every viewer sees the same units and sides.
std::string PortableWargame::pieces_key(const GameState& state, const std::string& viewer) const {
  (void)state;
  (void)viewer;
  return "all";
}

// The table too. Nothing on a Portable Wargame table is secret (a feature with an owner is
// refused, pw_setup.cc); one in the GM's list would still set the seats apart (show_terrain).
std::string PortableWargame::table_key(const GameState& state, const std::string& viewer) const {
  const auto& st = static_cast<const PwState&>(state);
  if (st.gm_terrain && std::any_of(st.gm_terrain->begin(), st.gm_terrain->end(), [](const auto& t) { return !t.owner().empty(); })) {
    return viewer;
  }
  return "all";
}

}  // namespace sandtable::pw
