// Applying events: the only place the state changes (live through Context::emit, and replayed).
#include <algorithm>
#include <cmath>

#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules_impl.h"

namespace sandtable::oh {

void OneHourWw2::apply(GameState& state, const pb::Event& event) const {
  auto& st = static_cast<OhState&>(state);
  if (event.has_decision_requested()) {
    if (event.decision_requested().decision().kind() == kReadyDecision) st.ready_window = true;
    return;
  }
  if (!carries<pb::OhEvent>(event)) return;
  const pb::OhEvent e = payload_of<pb::OhEvent>(event);
  switch (e.body_case()) {
    case pb::OhEvent::kStepStarted: {
      const auto& x = e.step_started();
      const int side = st.side_index(x.side());
      if (x.step() == pb::OH_STEP_MORTAR) {
        // A side's phase begins: its units' marks of the last phase go (OH-FIRE-08, OH-MOVE-03).
        for (auto& u : st.units) {
          if (u.side != side) continue;
          u.acted = u.fired = u.moved = u.exposed = false;
        }
      }
      st.turn = x.turn();
      st.phasing = side;
      st.step = static_cast<Step>(x.step());
      st.pending_move.reset();
      break;
    }
    case pb::OhEvent::kFired: {
      const auto& x = e.fired();
      if (Unit* u = st.find(x.unit_id())) {
        u->fired = true;
        if (u->side == st.phasing && !x.ready_fire()) u->acted = true;
        u->ready = false;  // OH-RR-03: Ready is lost by firing
      }
      if (Unit* t = st.find(x.target_id())) {
        t->hits = x.target_hits();
        t->permanent = x.target_permanent();
        if (x.destroyed()) {
          t->alive = false;
          const Unit* u = st.find(x.unit_id());
          st.deciding.push_back("Turn " + std::to_string(st.turn) + ": " + label(*t) + " destroyed by " + (u ? label(*u) : x.unit_id()));
        }
      }
      break;
    }
    case pb::OhEvent::kMoveRolled: {
      const auto& x = e.move_rolled();
      if (Unit* u = st.find(x.unit_id())) {
        u->acted = u->moved = true;  // rolling counts as moving (OH-MOVE-01)
        u->ready = false;
        u->dug_in = false;           // OH-MOVE-05
        if (x.march()) u->exposed = true;
      }
      st.pending_move = PendingMove{x.unit_id(), x.allowance(), x.road_possible(), x.march()};
      break;
    }
    case pb::OhEvent::kMoved: {
      const auto& x = e.moved();
      if (Unit* u = st.find(x.unit_id())) {
        u->pos = geom::from_proto(x.to());
        if (x.facing_deg() >= 0) u->facing = Facing::from_half_degrees(static_cast<int>(std::lround(x.facing_deg() * 2)));
        if (x.road()) u->exposed = true;
      }
      st.pending_move.reset();
      break;
    }
    case pb::OhEvent::kRallied: {
      if (Unit* u = st.find(e.rallied().unit_id())) {
        u->hits = e.rallied().hits();
        u->acted = true;
      }
      break;
    }
    case pb::OhEvent::kReadied:
      if (Unit* u = st.find(e.readied().unit_id())) u->ready = u->acted = true;
      break;
    case pb::OhEvent::kDugIn:
      if (Unit* u = st.find(e.dug_in().unit_id())) u->dug_in = u->acted = true;
      break;
    case pb::OhEvent::kTurnEnded: {
      const auto& x = e.turn_ended();
      for (int i = 0; i < x.objective_holders_size() && i < static_cast<int>(st.holders.size()); ++i) {
        st.holders[static_cast<std::size_t>(i)] = x.objective_holders(i);
      }
      break;
    }
    case pb::OhEvent::kReadyWindowClosed:
      st.ready_window = false;
      break;
    case pb::OhEvent::BODY_NOT_SET:
      break;
  }
}

}  // namespace sandtable::oh
