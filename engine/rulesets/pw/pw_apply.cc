// Applying events to the Portable Wargame state: the only place the state changes.
#include <algorithm>

#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_rules_impl.h"

namespace sandtable::pw {

namespace {

void reset_turn(PwState& st, const pb::PwTurnStarted& e) {
  st.turn = e.turn();
  st.phase = Phase::kArtilleryPlanning;
  st.previous_first = st.first_side;
  st.first_side = -1;
  st.active_side = -1;
  st.active_unit.clear();
  for (auto& u : st.units) {
    u.activated = u.moved = u.fired = u.cc_done = u.busy = false;
    u.squares_moved = u.move_allowance = 0;
    u.target_last_turn = u.target_this_turn;
    u.target_this_turn.reset();
  }
  for (auto& s : st.side_state) {
    s.plan_due = std::find(e.artillery_sides().begin(), e.artillery_sides().end(), s.id) != e.artillery_sides().end();
    s.plan_given = false;
    s.plan.clear();
    s.activation_dice = s.activations_left = 0;
    s.finished = false;
  }
}

// Moves a unit and whatever it tows or carries.
void place(PwState& st, Unit& u, Sq to) {
  if (!st.on_board(to)) return;  // a damaged log's square off the map (the engine emits none): passed over
  if (!(u.sq == to) && st.cell(to).trench) u.trench_entered_turn = st.turn;
  u.sq = to;
  if (!u.carrying.empty()) {
    if (Unit* p = st.find(u.carrying)) {
      p->sq = to;
      p->facing = u.facing;
    }
  }
}

void lose_strength(PwState& st, const pb::PwStrengthLost& e) {
  Unit* u = st.find(e.unit_id());
  if (!u) return;
  st.side_state[static_cast<std::size_t>(u->side)].sp_lost += u->sp - e.sp();
  u->sp = e.sp();
  if (!e.destroyed()) return;
  u->alive = false;
  if (!u->carrying.empty()) {
    if (Unit* p = st.find(u->carrying)) p->carried_by.clear();  // the passenger is set down
    u->carrying.clear();
  }
  if (!u->carried_by.empty()) {
    if (Unit* t = st.find(u->carried_by)) t->carrying.clear();
    u->carried_by.clear();
  }
  if (st.active_unit == u->id) st.active_unit.clear();
  std::erase_if(st.hits, [&](const PendingHit& h) { return h.unit_id == u->id; });
  if (st.follow_up && st.follow_up->attacker == u->id) st.follow_up.reset();
}

void stationary(PwState& st, const pb::PwStationaryDone& e) {
  Unit* u = st.find(e.unit_id());
  if (!u) return;
  u->busy = u->moved = true;
  Unit* other = e.other_id().empty() ? nullptr : st.find(e.other_id());
  if (!other && !u->carried_by.empty()) other = st.find(u->carried_by);
  switch (e.kind()) {
    case pb::PW_LIMBER:
    case pb::PW_EMBARK:
      if (other) {
        u->carried_by = other->id;
        other->carrying = u->id;
        u->facing = other->facing;
      }
      break;
    case pb::PW_UNLIMBER:
    case pb::PW_DISEMBARK:
      if (other) other->carrying.clear();
      u->carried_by.clear();
      break;
    case pb::PW_MOUNT: u->type = UnitType::kMountedCavalry; break;
    case pb::PW_DISMOUNT: u->type = UnitType::kDismountedCavalry; break;
    case pb::PW_LAY_WIRE: st.cell(u->sq).wire = true; break;
    case pb::PW_REMOVE_WIRE: st.cell(u->sq).wire = false; break;
    default: break;
  }
  if (other && e.kind() != pb::PW_MOUNT && e.kind() != pb::PW_DISMOUNT) other->busy = other->moved = true;
}

void apply_pw(PwState& st, const pb::PwEvent& e) {
  switch (e.body_case()) {
    case pb::PwEvent::kTurnStarted: reset_turn(st, e.turn_started()); break;
    case pb::PwEvent::kArtilleryPlanned: {
      const int s = st.side_index(e.artillery_planned().side());
      if (s < 0) break;
      auto& side = st.side_state[static_cast<std::size_t>(s)];
      side.plan_due = false;
      side.plan_given = true;
      for (const auto& t : e.artillery_planned().targets()) {
        if (st.on_board(to_sq(t.target()))) side.plan.push_back({t.unit_id(), to_sq(t.target())});  // else a damaged log's
      }
      break;
    }
    case pb::PwEvent::kArtilleryFired: {
      if (Unit* u = st.find(e.artillery_fired().unit_id())) {
        u->fired = true;
        u->target_this_turn = to_sq(e.artillery_fired().target());
      }
      break;
    }
    case pb::PwEvent::kHitsPending:
      for (const auto& h : e.hits_pending().hits()) st.hits.push_back({h.unit_id(), h.hits(), h.cause()});
      if (e.hits_pending().artillery_volley()) st.phase = Phase::kArtilleryEffects;
      break;
    case pb::PwEvent::kInitiative:
      if (!e.initiative().first_side().empty()) st.first_side = st.side_index(e.initiative().first_side());
      break;
    case pb::PwEvent::kActivationRolled: {
      const int s = st.side_index(e.activation_rolled().side());
      if (s < 0) break;  // a damaged log naming no side (found by fuzz_log): nothing to apply
      st.phase = Phase::kActivation;
      st.active_side = s;
      st.active_unit.clear();
      auto& side = st.side_state[static_cast<std::size_t>(s)];
      side.activation_dice = e.activation_rolled().dice();
      side.activations_left = e.activation_rolled().activations();
      break;
    }
    case pb::PwEvent::kUnitActivated: {
      Unit* u = st.find(e.unit_activated().unit_id());
      if (!u) break;
      u->activated = true;
      st.active_unit = u->id;
      st.side_state[static_cast<std::size_t>(u->side)].activations_left = e.unit_activated().activations_left();
      break;
    }
    case pb::PwEvent::kUnitMoved: {
      const auto& m = e.unit_moved();
      Unit* u = st.find(m.unit_id());
      if (!u) break;
      u->moved = true;
      u->squares_moved = m.path_size();
      u->move_allowance = m.allowance();
      u->facing = static_cast<Facing>(static_cast<int>(m.facing()));
      if (m.path_size() > 0) place(st, *u, to_sq(m.path(m.path_size() - 1)));
      else place(st, *u, u->sq);  // turned in place: the passenger turns too
      break;
    }
    case pb::PwEvent::kUnitFaced: {
      Unit* u = st.find(e.unit_faced().unit_id());
      if (!u) break;
      u->facing = static_cast<Facing>(static_cast<int>(e.unit_faced().facing()));
      if (!u->carrying.empty()) {
        if (Unit* p = st.find(u->carrying)) p->facing = u->facing;
      }
      break;
    }
    case pb::PwEvent::kUnitFired:
      if (Unit* u = st.find(e.unit_fired().unit_id())) u->fired = true;
      break;
    case pb::PwEvent::kCloseCombat: {
      Unit* a = st.find(e.close_combat().attacker_id());
      const Unit* d = st.find(e.close_combat().defender_id());
      if (!a || !d) break;
      a->cc_done = true;
      const bool may_follow = a->type == UnitType::kInfantry || is_cavalry(a->type);
      if (may_follow && st.options.cc_follow_up) st.follow_up = FollowUp{a->id, d->sq};
      break;
    }
    case pb::PwEvent::kHitRolled:
      if (!st.hits.empty()) {
        if (--st.hits.front().hits <= 0) st.hits.erase(st.hits.begin());
      }
      break;
    case pb::PwEvent::kStrengthLost: lose_strength(st, e.strength_lost()); break;
    case pb::PwEvent::kUnitRetreated:
      if (Unit* u = st.find(e.unit_retreated().unit_id())) place(st, *u, to_sq(e.unit_retreated().to()));
      break;
    case pb::PwEvent::kUnitAdvanced:
      if (Unit* u = st.find(e.unit_advanced().unit_id())) {
        place(st, *u, to_sq(e.unit_advanced().to()));
        u->cc_done = false;  // it may fight a further close combat (PW-CC-05)
      }
      st.follow_up.reset();
      break;
    case pb::PwEvent::kFollowUpEnded: st.follow_up.reset(); break;
    case pb::PwEvent::kStationaryDone: stationary(st, e.stationary_done()); break;
    case pb::PwEvent::kActivationEnded: st.active_unit.clear(); break;
    case pb::PwEvent::kSideFinished: {
      const int s = st.side_index(e.side_finished().side());
      if (s >= 0) {
        st.side_state[static_cast<std::size_t>(s)].finished = true;
        st.side_state[static_cast<std::size_t>(s)].activations_left = 0;
      }
      st.active_side = -1;
      st.active_unit.clear();
      break;
    }
    case pb::PwEvent::kExhausted: {
      const int s = st.side_index(e.exhausted().side());
      if (s >= 0) {
        st.side_state[static_cast<std::size_t>(s)].exhausted = true;
        st.side_state[static_cast<std::size_t>(s)].exhausted_turn = e.exhausted().turn();
      }
      break;
    }
    default: break;
  }
}

}  // namespace

void PortableWargame::apply(GameState& state, const pb::Event& event) const {
  auto& st = static_cast<PwState&>(state);
  if (event.has_game_ended()) {
    st.phase = Phase::kOver;
    st.active_side = -1;
    st.active_unit.clear();
    return;
  }
  if (carries<pb::PwEvent>(event)) apply_pw(st, payload_of<pb::PwEvent>(event));
}

void PortableWargame::apply_emitted(GameState& state, const pb::Event& event, const google::protobuf::Message& body) const {
  // emit_pw hands over the PwEvent it packed: unpacking it again was a tenth of a bot game.
  if (body.GetDescriptor() != pb::PwEvent::descriptor()) {
    apply(state, event);
    return;
  }
  apply_pw(static_cast<PwState&>(state), static_cast<const pb::PwEvent&>(body));
}

}  // namespace sandtable::pw
