// Saving and loading the Portable Wargame's part of a game state (snapshots): PwState to
// sandtable.v1.PwSavedState (proto/sandtable/rulesets/pw/pw_state.proto) and back.
//
// Everything play can change is saved. What the scenario fixes is rebuilt from it by
// initial_state() instead of being stored: the board's size, its terrain (except the wire,
// which is laid and removed in play, PW-TER-06, and is saved square by square), the options
// and the turn limit. A field added to PwState must be saved here or rebuilt there.
#include <set>

#include "engine/rulesets/pw/pw_rules_impl.h"
#include "engine/rulesets/pw/pw_setup.h"
#include "engine/rulesets/pw/pw_state.h"
#include "sandtable/rulesets/pw/pw_state.pb.h"

namespace sandtable::pw {

namespace {

pb::GridSquare square_of(Sq s) {
  pb::GridSquare g;
  g.set_col(s.col);
  g.set_row(s.row);
  return g;
}

Sq sq_of(const pb::GridSquare& g) { return {g.col(), g.row()}; }

bool in_range(int v, int lo, int hi) { return v >= lo && v <= hi; }

void save_unit(const Unit& u, pb::PwSavedUnit* out) {
  out->set_id(u.id);
  out->set_name(u.name);
  out->set_side(u.side);
  out->set_type(static_cast<int>(u.type));
  out->set_artillery(static_cast<int>(u.artillery));
  out->set_quality(static_cast<int>(u.quality));
  *out->mutable_square() = square_of(u.sq);
  out->set_facing(static_cast<pb::GridFacing>(static_cast<int>(u.facing)));
  out->set_sp(u.sp);
  out->set_max_sp(u.max_sp);
  out->set_alive(u.alive);
  out->set_activated(u.activated);
  out->set_moved(u.moved);
  out->set_squares_moved(u.squares_moved);
  out->set_move_allowance(u.move_allowance);
  out->set_fired(u.fired);
  out->set_cc_done(u.cc_done);
  out->set_busy(u.busy);
  out->set_trench_entered_turn(u.trench_entered_turn);
  out->set_carried_by(u.carried_by);
  out->set_carrying(u.carrying);
  if (u.target_this_turn) *out->mutable_target_this_turn() = square_of(*u.target_this_turn);
  if (u.target_last_turn) *out->mutable_target_last_turn() = square_of(*u.target_last_turn);
}

void save_side(const SideState& s, pb::PwSavedSide* out) {
  out->set_id(s.id);
  out->set_name(s.name);
  out->set_initial_sp(s.initial_sp);
  out->set_sp_lost(s.sp_lost);
  out->set_exhaustion_point(s.exhaustion_point);
  out->set_exhausted(s.exhausted);
  out->set_exhausted_turn(s.exhausted_turn);
  out->set_plan_due(s.plan_due);
  out->set_plan_given(s.plan_given);
  for (const auto& o : s.plan) {
    auto* p = out->add_plan();
    p->set_unit_id(o.unit_id);
    *p->mutable_target() = square_of(o.target);
  }
  out->set_activation_dice(s.activation_dice);
  out->set_activations_left(s.activations_left);
  out->set_finished(s.finished);
}

// Reads the saved message into `st` (built from the scenario); the first problem, or empty.
std::string load_into(const pb::PwSavedState& in, PwState& st) {
  const int sides = static_cast<int>(st.side_state.size());
  if (in.sides_size() != sides) {
    return "it has " + std::to_string(in.sides_size()) + " sides; the scenario has " + std::to_string(sides);
  }
  std::vector<SideState> side_state;
  for (int i = 0; i < sides; ++i) {
    const auto& s = in.sides(i);
    if (s.id() != st.side_state[static_cast<std::size_t>(i)].id) {
      return "sides[" + std::to_string(i) + "] is '" + s.id() + "', not the scenario's '" +
             st.side_state[static_cast<std::size_t>(i)].id + "'";
    }
    SideState x;
    x.id = s.id();
    x.name = s.name();
    x.initial_sp = s.initial_sp();
    x.sp_lost = s.sp_lost();
    x.exhaustion_point = s.exhaustion_point();
    x.exhausted = s.exhausted();
    x.exhausted_turn = s.exhausted_turn();
    x.plan_due = s.plan_due();
    x.plan_given = s.plan_given();
    for (const auto& o : s.plan()) {
      if (!st.on_board(sq_of(o.target()))) return "an artillery order of " + s.id() + " aims off the board";
      x.plan.push_back({o.unit_id(), sq_of(o.target())});
    }
    x.activation_dice = s.activation_dice();
    x.activations_left = s.activations_left();
    x.finished = s.finished();
    side_state.push_back(std::move(x));
  }
  // Units are never added or removed in play (destroyed ones stay): the scenario's, in order.
  if (in.units_size() != static_cast<int>(st.units.size())) {
    return "it has " + std::to_string(in.units_size()) + " units; the scenario has " + std::to_string(st.units.size());
  }
  for (int i = 0; i < in.units_size(); ++i) {
    if (in.units(i).id() != st.units[static_cast<std::size_t>(i)].id) {
      return "units[" + std::to_string(i) + "] is '" + in.units(i).id() + "', not the scenario's '" +
             st.units[static_cast<std::size_t>(i)].id + "'";
    }
  }
  std::set<std::string> ids;
  std::vector<Unit> units;
  for (const auto& u : in.units()) {
    const std::string where = "unit '" + u.id() + "'";
    if (u.id().empty() || !ids.insert(u.id()).second) return "a unit id is empty or used twice ('" + u.id() + "')";
    if (!in_range(u.side(), 0, sides - 1)) return where + " belongs to side " + std::to_string(u.side());
    if (!in_range(u.type(), 0, static_cast<int>(UnitType::kCommander))) return where + " has no unit type";
    if (!in_range(u.artillery(), 0, static_cast<int>(ArtilleryKind::kMountain))) return where + " has no artillery kind";
    if (!in_range(u.quality(), 0, static_cast<int>(Quality::kPoor))) return where + " has no quality";
    if (!in_range(static_cast<int>(u.facing()), 0, 3)) return where + " has no facing";
    if (!st.on_board(sq_of(u.square()))) return where + " stands off the board";
    Unit x;
    x.id = u.id();
    x.name = u.name();
    x.side = u.side();
    x.type = static_cast<UnitType>(u.type());
    x.artillery = static_cast<ArtilleryKind>(u.artillery());
    x.quality = static_cast<Quality>(u.quality());
    x.sq = sq_of(u.square());
    x.facing = static_cast<Facing>(static_cast<int>(u.facing()));
    x.sp = u.sp();
    x.max_sp = u.max_sp();
    x.alive = u.alive();
    x.activated = u.activated();
    x.moved = u.moved();
    x.squares_moved = u.squares_moved();
    x.move_allowance = u.move_allowance();
    x.fired = u.fired();
    x.cc_done = u.cc_done();
    x.busy = u.busy();
    x.trench_entered_turn = u.trench_entered_turn();
    x.carried_by = u.carried_by();
    x.carrying = u.carrying();
    if (u.has_target_this_turn()) x.target_this_turn = sq_of(u.target_this_turn());
    if (u.has_target_last_turn()) x.target_last_turn = sq_of(u.target_last_turn());
    units.push_back(std::move(x));
  }
  const auto known = [&](const std::string& id) { return id.empty() || ids.count(id) > 0; };
  for (const auto& u : units) {
    if (!known(u.carried_by) || !known(u.carrying)) return "unit '" + u.id + "' rides with or carries an unknown unit";
  }
  for (const auto& s : side_state) {
    for (const auto& o : s.plan) {
      if (!known(o.unit_id)) return "an artillery order of " + s.id + " names an unknown unit";
    }
  }
  if (!known(in.active_unit())) return "the active unit '" + in.active_unit() + "' is unknown";
  if (!in_range(in.phase(), 0, static_cast<int>(Phase::kOver))) return "the phase " + std::to_string(in.phase()) + " is unknown";
  for (int v : {in.first_side(), in.previous_first(), in.active_side()}) {
    if (!in_range(v, -1, sides - 1)) return "a side index " + std::to_string(v) + " is out of range";
  }
  std::vector<PendingHit> hits;
  for (const auto& h : in.hits()) {
    if (!known(h.unit_id())) return "a pending hit names an unknown unit";
    hits.push_back({h.unit_id(), h.hits(), h.cause()});
  }
  std::optional<FollowUp> follow_up;
  if (in.has_follow_up()) {
    if (!known(in.follow_up().attacker()) || !st.on_board(sq_of(in.follow_up().square()))) {
      return "the follow-up names an unknown unit or a square off the board";
    }
    follow_up = FollowUp{in.follow_up().attacker(), sq_of(in.follow_up().square())};
  }
  for (auto& c : st.cells) c.wire = false;
  for (const auto& w : in.wire()) {
    if (!st.on_board(sq_of(w))) return "wire is laid off the board";
    st.cell(sq_of(w)).wire = true;
  }
  st.units = std::move(units);
  st.side_state = std::move(side_state);
  st.turn = in.turn();
  st.phase = static_cast<Phase>(in.phase());
  st.first_side = in.first_side();
  st.previous_first = in.previous_first();
  st.active_side = in.active_side();
  st.active_unit = in.active_unit();
  st.hits = std::move(hits);
  st.follow_up = follow_up;
  return {};
}

}  // namespace

std::string PortableWargame::save_state(const GameState& state) const {
  const auto& st = static_cast<const PwState&>(state);
  pb::PwSavedState out;
  for (const auto& u : st.units) save_unit(u, out.add_units());
  for (const auto& s : st.side_state) save_side(s, out.add_sides());
  for (int row = 0; row < st.rows; ++row) {
    for (int col = 0; col < st.cols; ++col) {
      if (st.cell({col, row}).wire) *out.add_wire() = square_of({col, row});
    }
  }
  out.set_turn(st.turn);
  out.set_phase(static_cast<int>(st.phase));
  out.set_first_side(st.first_side);
  out.set_previous_first(st.previous_first);
  out.set_active_side(st.active_side);
  out.set_active_unit(st.active_unit);
  for (const auto& h : st.hits) {
    auto* x = out.add_hits();
    x->set_unit_id(h.unit_id);
    x->set_hits(h.hits);
    x->set_cause(h.cause);
  }
  if (st.follow_up) {
    out.mutable_follow_up()->set_attacker(st.follow_up->attacker);
    *out.mutable_follow_up()->mutable_square() = square_of(st.follow_up->square);
  }
  if (st.gm_terrain) {
    out.set_gm_terrain_edited(true);
    for (const auto& t : *st.gm_terrain) *out.add_gm_terrain() = t;
  }
  return out.SerializeAsString();
}

std::unique_ptr<GameState> PortableWargame::load_state(const pb::Scenario& scenario, const std::string& bytes,
                                                       std::string* error) const {
  pb::PwSavedState in;
  if (!in.ParseFromString(bytes)) {
    if (error) *error = "the Portable Wargame state is not readable (not a PwSavedState)";
    return nullptr;
  }
  auto st = initial_state(scenario);
  if (const std::string problem = load_into(in, *st); !problem.empty()) {
    if (error) *error = "the Portable Wargame state does not fit this scenario: " + problem;
    return nullptr;
  }
  std::optional<TerrainList> terrain;
  if (in.gm_terrain_edited()) terrain.emplace(in.gm_terrain().begin(), in.gm_terrain().end());
  if (terrain) {  // the GM's laid and removed features: the cells from them, the wire kept
    std::vector<Cell> cells(st->cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) cells[i].wire = st->cells[i].wire;
    st->cells.swap(cells);
    for (const auto& t : *terrain) {
      if (terrain_problem(t, st->cols, st->rows)) {
        if (error) *error = "the Portable Wargame state has terrain off its board";
        return nullptr;
      }
      paint_terrain(*st, t);
    }
    st->gm_terrain = std::move(terrain);
  }
  return st;
}

}  // namespace sandtable::pw
