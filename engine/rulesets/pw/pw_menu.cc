// The Portable Wargame action menu (docs/protocol.md, "Portable Wargame menu"). Every entry is
// read off legal_commands / unit_choices, which run the handlers' own checks, so the
// menu cannot offer what the handlers refuse; the orders are built back in pw_menu_order.cc.
#include <algorithm>

#include "engine/model/menu_build.h"
#include "engine/rulesets/pw/pw_actions.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_menu_words.h"
#include "engine/rulesets/pw/pw_rules_impl.h"

namespace sandtable::pw {

namespace {

// The enemy units in a square, in words, and the one a target names (a fighting unit before
// a commander or transport sharing its square). Carried units ride with their transport.
struct EnemiesAt {
  std::string words;
  std::string unit_id;
};
EnemiesAt enemies_at(const PwState& st, int side, Sq s) {
  EnemiesAt out;
  for (const Unit* e : st.units_at(s)) {
    if (e->side == side || !e->carried_by.empty()) continue;
    out.words += (out.words.empty() ? "" : " and ") + label(*e);
    const bool fights = e->type != UnitType::kCommander && e->type != UnitType::kTransport;
    if (out.unit_id.empty() || fights) out.unit_id = e->id;
  }
  return out;
}

pb::ActionTarget* square_target(pb::Action* a, Sq s, const std::string& label, int distance) {
  pb::ActionTarget* t = a->add_targets();
  t->set_id(square_id(s));
  t->set_label(label);
  *t->mutable_square() = to_pb(s);
  t->set_detail(squares(distance));
  return t;
}

void add_moves(const PwState& st, const Unit& u, const std::vector<Destination>& reach, pb::ActionMenu& menu) {
  if (reach.empty()) return;
  pb::Action* a = add_action(menu, "move:" + u.id, "move", "Move", u.id, "PW-MOVE-02");
  // The handler takes any end facing (contact then turns the unit, PW-MOVE-08).
  for (int g = 0; g < 4; ++g) a->add_facings(static_cast<pb::GridFacing>(g));
  for (const auto& d : reach) square_target(a, d.to, "To " + square_words(st, d.to), d.steps);
}

void add_face(const Unit& u, const std::vector<pb::PwCommand>& cmds, pb::ActionMenu& menu) {
  pb::Action* a = nullptr;
  for (const auto& c : cmds) {
    if (!c.has_face()) continue;
    if (!a) a = add_action(menu, "face:" + u.id, "face", "Turn in place", u.id, "PW-MOVE-03");
    a->add_facings(c.face().facing());
  }
}

void add_fire(const PwState& st, const Unit& u, const std::vector<pb::PwCommand>& cmds, pb::ActionMenu& menu) {
  pb::Action* a = nullptr;
  for (const auto& c : cmds) {
    if (!c.has_fire()) continue;
    if (!a) a = add_action(menu, "fire:" + u.id, "fire", "Fire", u.id, "PW-FIRE-01");
    const Sq s = to_sq(c.fire().target());
    const EnemiesAt e = enemies_at(st, u.side, s);
    square_target(a, s, "Fire at " + e.words, grid::distance(u.sq, s))->set_unit_id(e.unit_id);
  }
}

void add_close_combat(const PwState& st, const Unit& u, const std::vector<pb::PwCommand>& cmds, pb::ActionMenu& menu) {
  pb::Action* a = nullptr;
  for (const auto& c : cmds) {
    if (!c.has_close_combat()) continue;
    if (!a) a = add_action(menu, "cc:" + u.id, "close_combat", "Close combat", u.id, "PW-CC-01");
    const Unit& d = *st.alive_unit(c.close_combat().target_id());
    pb::ActionTarget* t = a->add_targets();
    t->set_id(d.id);
    t->set_unit_id(d.id);
    t->set_label("Attack " + label(d) + " at " + sq_text(d.sq));
    *t->mutable_square() = to_pb(d.sq);
  }
}

// One action per task; the other unit (a transport) is a target only when there is a choice.
void add_stationary(const PwState& st, const Unit& u, const std::vector<pb::PwCommand>& cmds, pb::ActionMenu& menu) {
  for (int k = pb::PW_LIMBER; k <= pb::PW_REMOVE_WIRE; ++k) {
    std::vector<std::string> others;
    for (const auto& c : cmds) {
      if (c.has_stationary() && c.stationary().kind() == k) others.push_back(c.stationary().other_id());
    }
    if (others.empty()) continue;
    const StationaryWords& w = stationary_words(static_cast<pb::PwStationaryKind>(k));
    pb::Action* a = add_action(menu, std::string(w.id) + ":" + u.id, "other", w.label, u.id, w.rule);
    if (others.size() < 2) continue;
    for (const auto& o : others) {
      pb::ActionTarget* t = a->add_targets();
      t->set_id(o);
      t->set_unit_id(o);
      t->set_label(label(*st.alive_unit(o)));
    }
  }
}

void add_unit(const PwState& st, const std::string& seat, const Unit& u, pb::ActionMenu& menu) {
  const UnitChoices choices = unit_choices(st, seat, u.id);
  const std::vector<pb::PwCommand>& cmds = choices.in_place;
  add_moves(st, u, choices.destinations, menu);
  add_face(u, cmds, menu);
  add_fire(st, u, cmds, menu);
  add_close_combat(st, u, cmds, menu);
  add_stationary(st, u, cmds, menu);
}

// Artillery Fire phase (PW-ART-01): one pick per battery, sent together as one plan.
void add_plans(const PwState& st, const std::string& seat, pb::ActionMenu& menu) {
  const std::vector<pb::PwCommand> cmds = legal_commands(st, seat);
  if (cmds.empty()) return;  // no plan due, or already given
  for (const auto& c : cmds) {
    const auto& plan = c.artillery_plan();
    if (plan.targets_size() != 1) continue;  // the hold order and the all-guns plan
    const Unit& gun = *st.alive_unit(plan.targets(0).unit_id());
    const std::string id = "plan:" + gun.id;
    auto it = std::find_if(menu.mutable_actions()->begin(), menu.mutable_actions()->end(),
                           [&](const pb::Action& a) { return a.id() == id; });
    pb::Action* a =
        it != menu.mutable_actions()->end() ? &*it : add_action(menu, id, "plan", "Order " + label(gun) + " to fire", gun.id, "PW-ART-01");
    const Sq s = to_sq(plan.targets(0).target());
    const EnemiesAt e = enemies_at(st, gun.side, s);
    square_target(a, s, "Bombard " + e.words + " at " + sq_text(s), grid::distance(gun.sq, s))->set_unit_id(e.unit_id);
  }
  add_action(menu, "plan-hold", "plan", "Hold fire with every battery", "", "PW-ART-01");
}

void add_activation(const PwState& st, const std::string& seat, int side, pb::ActionMenu& menu) {
  if (!st.active_unit.empty()) {
    // While a unit is active only it is offered: the player ends its activation first.
    if (const Unit* u = st.alive_unit(st.active_unit)) add_unit(st, seat, *u, menu);
    // Names no unit: the client shows unit-less actions with the turn's controls.
    add_action(menu, "end-activation", "end", "End this activation", "", "PW-ACT-04");
  } else {
    for (const auto& u : st.units) {
      if (u.alive && u.side == side) add_unit(st, seat, u, menu);
    }
  }
  pb::Action* end = add_action(menu, "end-side", "end", "End your turn", "", "PW-ACT-02");
  const int left = st.side_state[static_cast<std::size_t>(side)].activations_left;
  if (left > 0) {
    end->set_confirm("End your turn with " + std::to_string(left) + (left == 1 ? " activation" : " activations") + " unused?");
  }
}

}  // namespace

void PortableWargame::actions(const GameState& state, const std::string& seat, pb::ActionMenu& menu) const {
  const auto& st = static_cast<const PwState&>(state);
  const int side = st.side_index(seat);
  if (side < 0 || st.over) return;
  if (stalled(st)) {
    // Table dice: the game needs the next rolls and nobody owes an order (PwProceed).
    add_action(menu, "proceed", "other", "Roll the dice", "", "PW-SEQ-01");
    return;
  }
  if (st.phase == Phase::kArtilleryPlanning) {
    add_plans(st, seat, menu);
  } else if (st.phase == Phase::kActivation && st.active_side == side) {
    add_activation(st, seat, side, menu);
  }
}

}  // namespace sandtable::pw
