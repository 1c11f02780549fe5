// The sequence of play (OH-SEQ-*): the attacker's phase then the defender's, each a Mortar
// Fire, an Actions and a Rally & Ready step; the Ready-fire window after each phasing action;
// victory at the end of a complete turn (OH-SEQ-02, OH-VIC-01, GAP-OH-SEQ-02).
#include <algorithm>

#include "engine/model/rejection.h"
#include "engine/rulesets/oh/oh_internal.h"

namespace sandtable::oh {

namespace {

void start_step(Context& ctx, OhState& st, int turn, int side, Step step) {
  pb::OhEvent e;
  auto* x = e.mutable_step_started();
  x->set_turn(turn);
  x->set_side(st.side_id(side));
  x->set_step(static_cast<pb::OhStep>(step));
  emit_oh(ctx, e);
}

int living(const OhState& st, int side) {
  int n = 0;
  for (const auto& u : st.units) n += (u.alive && u.side == side) ? 1 : 0;
  return n;
}

std::string holder_of(const OhState& st, std::size_t i) {
  const Objective& o = st.objectives[i];
  bool present[2] = {false, false};
  for (const auto& u : st.units) {
    if (u.alive && geom::within(geom::distance(u.pos, o.point), o.radius)) present[u.side] = true;
  }
  if (present[0] && !present[1]) return st.side_id(0);
  if (present[1] && !present[0]) return st.side_id(1);
  return st.holders[i];  // contested or empty: the last holder keeps it
}

void end_turn(Context& ctx, OhState& st) {
  pb::OhEvent e;
  auto* x = e.mutable_turn_ended();
  x->set_turn(st.turn);
  for (std::size_t i = 0; i < st.objectives.size(); ++i) x->add_objective_holders(holder_of(st, i));
  emit_oh(ctx, e);
  const int a = living(st, 0), b = living(st, 1);
  if (a == 0 || b == 0) {
    if (a == 0 && b == 0) ctx.end_game("", "Both sides were destroyed");
    else {
      const int loser = a == 0 ? 0 : 1;
      ctx.end_game(st.side_id(1 - loser), side_name(st, loser) + " has no units left");
    }
    return;
  }
  if (st.turn >= st.max_turns) {
    int pts[2] = {0, 0};
    for (std::size_t i = 0; i < st.objectives.size(); ++i) {
      const int s = st.side_index(st.holders[i]);
      if (s >= 0) pts[s] += st.objectives[i].points;
    }
    const std::string score = " (" + std::to_string(pts[0]) + " to " + std::to_string(pts[1]) + " objective points)";
    if (pts[0] == pts[1]) ctx.end_game("", "The turn limit was reached with the objectives even" + score);
    else {
      const int w = pts[0] > pts[1] ? 0 : 1;
      ctx.end_game(st.side_id(w), "The turn limit was reached and " + side_name(st, w) + " holds more objectives" + score);
    }
    return;
  }
  start_step(ctx, st, st.turn + 1, st.attacker, Step::kMortar);
}

// Whether the phasing side has anything to do in the step it is in.
bool step_has_work(const OhState& st) {
  if (st.pending_move) return true;
  for (const auto& u : st.units) {
    if (u.alive && u.side == st.phasing && may_act_in_step(st, u)) return true;
  }
  return false;
}

void next_step(Context& ctx, OhState& st) {
  if (st.step == Step::kMortar) start_step(ctx, st, st.turn, st.phasing, Step::kActions);
  else if (st.step == Step::kActions) start_step(ctx, st, st.turn, st.phasing, Step::kRally);
  else if (st.phasing == st.attacker) start_step(ctx, st, st.turn, st.defender(), Step::kMortar);
  else end_turn(ctx, st);
}

}  // namespace

bool may_act_in_step(const OhState& st, const Unit& u) {
  if (!u.alive || u.acted) return false;
  switch (st.step) {
    case Step::kMortar: return u.type == UnitType::kMortar && !fire_targets(st, u).empty();
    case Step::kActions: return true;  // it may at least roll to move (or is kept by a Threat)
    case Step::kRally: {
      for (auto k : {pb::OH_RALLY, pb::OH_READY, pb::OH_DIG_IN}) {
        pb::OhRallyReady r;
        r.set_unit_id(u.id);
        r.set_kind(k);
        if (!check_rally_ready(st, u.side, r)) return true;
      }
      return false;
    }
  }
  return false;
}

std::vector<const Unit*> ready_shooters(const OhState& st) {
  std::vector<const Unit*> out;
  for (const auto& u : st.units) {
    if (!u.alive || u.side == st.phasing || !u.ready) continue;
    // Checked as if the window were open (that is when it would fire).
    OhState probe = st;
    probe.ready_window = true;
    const Unit* pu = probe.alive_unit(u.id);
    if (!fire_targets(probe, *pu).empty()) out.push_back(&u);
  }
  return out;
}

Check check_end_step(const OhState& st, int side) {
  if (st.over) return Refusal{"GAME_OVER", "OH-SEQ-02", "The game is over."};
  if (side != st.phasing || st.ready_window) return Refusal{"OH_NOT_YOUR_PHASE", "OH-SEQ-01", "It is not your phase."};
  if (st.pending_move) return Refusal{"OH_MOVE_PENDING", "OH-MOVE-01", "Finish the move you rolled for first (an empty path stays where it is)."};
  return std::nullopt;
}

void do_end_step(Context& ctx, OhState& st, int side) {
  if (auto r = check_end_step(st, side)) refuse(*r);
  next_step(ctx, st);
}

void after_action(Context& ctx, OhState& st) {
  if (st.over || st.step != Step::kActions) return;
  if (ready_shooters(st).empty()) {
    if (st.ready_window) {
      pb::OhEvent e;
      e.mutable_ready_window_closed()->set_side(st.side_id(st.other(st.phasing)));
      emit_oh(ctx, e);
    }
    return;
  }
  pb::Decision d;
  d.set_seat(st.side_id(st.other(st.phasing)));
  d.set_rule_id("OH-SEQ-05");
  d.set_kind(kReadyDecision);
  d.set_prompt("An enemy unit has acted: fire with a Ready unit (at -1), or hold your fire.");
  auto* c = d.add_choices();
  c->set_id(kHoldFire);
  c->set_label("Hold fire");
  ctx.ask(std::move(d));
}

void answer_decision(Context& ctx, OhState& st, const pb::Decision& d, const std::string& choice) {
  (void)st;
  if (d.kind() == kReadyDecision && choice == kHoldFire) {
    pb::OhEvent e;
    e.mutable_ready_window_closed()->set_side(d.seat());
    e.mutable_ready_window_closed()->set_held(true);
    emit_oh(ctx, e);
  }
}

void settle(Context& ctx, OhState& st) {
  for (int guard = 0; guard < 64 && !st.over && st.decisions.empty() && !st.ready_window; ++guard) {
    if (st.turn == 0) {
      start_step(ctx, st, 1, st.attacker, Step::kMortar);
      continue;
    }
    // A step nobody can act in passes by itself; the Actions step waits for the player unless
    // the side has no unit left to act with.
    if (step_has_work(st)) return;
    next_step(ctx, st);
  }
}

}  // namespace sandtable::oh
