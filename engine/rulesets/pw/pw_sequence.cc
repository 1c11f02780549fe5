// The turn sequence (PW-SEQ-01): artillery fire, initiative, activation dice, the two sides'
// halves, exhaustion and the end of the battle. settle() carries the game forward after every
// command or answer until it needs another command or decision.
#include <algorithm>

#include "engine/model/game_words.h"
#include "engine/rulesets/pw/pw_internal.h"

namespace sandtable::pw {

namespace {

bool battery_ready(const PwState& st, const Unit& u) {
  if (!u.alive || u.type != UnitType::kArtillery || !u.carried_by.empty() || in_river(st, u)) return false;
  for (int r = 0; r < st.rows; ++r) {
    for (int c = 0; c < st.cols; ++c) {
      if (!check_artillery_target(st, u, {c, r}, Say::kCodeOnly)) return true;
    }
  }
  return false;
}

void start_turn(Context& ctx, PwState& st, int turn) {
  pb::PwEvent e;
  auto* t = e.mutable_turn_started();
  t->set_turn(turn);
  for (std::size_t s = 0; s < st.side_state.size(); ++s) {
    const bool any = std::any_of(st.units.begin(), st.units.end(), [&](const Unit& u) {
      return u.side == static_cast<int>(s) && battery_ready(st, u);
    });
    if (any) t->add_artillery_sides(st.side_state[s].id);  // others are not waited for
  }
  emit_pw(ctx, e);
}

// PW-SEQ-02: both roll 1d6, higher acts first; ties re-rolled (GAP-PW-SEQ-02) or, with
// "pw.initiative_ties": "previous_first", won by last turn's first side.
void roll_initiative(Context& ctx, PwState& st) {
  for (int round = 1; round <= 1000; ++round) {
    const int a = ctx.roll(pb::DIE_KIND_D6, "initiative " + side_name(ctx.state(), side_id(st, 0)));
    const int b = ctx.roll(pb::DIE_KIND_D6, "initiative " + side_name(ctx.state(), side_id(st, 1)));
    pb::PwEvent e;
    auto* i = e.mutable_initiative();
    i->set_round(round);
    auto* ra = i->add_rolls();
    ra->set_side(side_id(st, 0));
    ra->set_roll(a);
    auto* rb = i->add_rolls();
    rb->set_side(side_id(st, 1));
    rb->set_roll(b);
    int first = a > b ? 0 : (b > a ? 1 : -1);
    if (first < 0 && !st.options.ties_reroll && st.previous_first >= 0) first = st.previous_first;
    if (first >= 0) i->set_first_side(side_id(st, first));
    // The tray says what each die did: the higher goes first, a tie is rolled again (or goes to last turn's first side).
    if (auto& dice = ctx.pending_dice(); dice.size() >= 2) {
      const bool tie = a == b;
      for (int s = 0; s < 2; ++s) {
        auto& d = dice[dice.size() - 2 + static_cast<std::size_t>(s)];
        d.set_meaning(first < 0 ? "tie, again" : first == s ? (tie ? "tie, first as last turn" : "goes first") : (tie ? "tie, second" : "second"));
      }
    }
    emit_pw(ctx, e);
    if (first >= 0) return;
  }
}

// PW-ACT-01/02/03: dice counted now; the total is the number of activations.
void roll_activation(Context& ctx, PwState& st, int side) {
  const int dice = activation_dice_count(st, side);
  const auto rolls = ctx.roll_pool(dice, pb::DIE_KIND_D6, "activation " + side_name(ctx.state(), side_id(st, side)));
  int total = 0;
  for (int r : rolls) total += r;
  pb::PwEvent e;
  auto* a = e.mutable_activation_rolled();
  a->set_side(side_id(st, side));
  a->set_dice(dice);
  a->set_total(total);
  a->set_activations(std::min(total, living_units(st, side)));
  emit_pw(ctx, e);
}

// PW-VIC-01 (default) and the turn limit.
void end_of_turn(Context& ctx, PwState& st) {
  const SideState& a = st.side_state[0];
  const SideState& b = st.side_state[1];
  if (a.exhausted && b.exhausted) {  // PW-EXH-03
    std::string winner;
    if (a.exhausted_turn > b.exhausted_turn) winner = a.id;
    if (b.exhausted_turn > a.exhausted_turn) winner = b.id;
    ctx.end_game(winner, winner.empty() ? "Both sides became exhausted in the same turn: a draw (PW-EXH-03, PW-VIC-01)."
                                        : "Both sides are exhausted; " + winner +
                                              " held out longer and wins (PW-EXH-03, PW-VIC-01).");
    return;
  }
  if (st.max_turns > 0 && st.turn >= st.max_turns) {
    std::string winner;
    std::string why;
    if (a.exhausted != b.exhausted) {
      winner = a.exhausted ? b.id : a.id;
      why = "only " + (a.exhausted ? a.id : b.id) + " is exhausted";
    } else if (a.sp_lost != b.sp_lost) {
      winner = a.sp_lost < b.sp_lost ? a.id : b.id;
      why = winner + " lost fewer strength points (" + std::to_string(std::min(a.sp_lost, b.sp_lost)) + " against " +
            std::to_string(std::max(a.sp_lost, b.sp_lost)) + ")";
    } else {
      why = "both sides lost " + std::to_string(a.sp_lost) + " strength points";
    }
    ctx.end_game(winner, "The turn limit (" + std::to_string(st.max_turns) + ") is reached: " + why +
                             (winner.empty() ? "; a draw." : "; " + winner + " wins."));
    return;
  }
  start_turn(ctx, st, st.turn + 1);
}

bool check_exhaustion(Context& ctx, PwState& st) {
  for (const auto& s : st.side_state) {
    if (!s.exhausted && s.sp_lost >= s.exhaustion_point) {  // PW-EXH-02: at once
      pb::PwEvent e;
      auto* x = e.mutable_exhausted();
      x->set_side(s.id);
      x->set_sp_lost(s.sp_lost);
      x->set_exhaustion_point(s.exhaustion_point);
      x->set_turn(st.turn);
      emit_pw(ctx, e);
      return true;
    }
  }
  return false;
}

bool can_be_activated(const PwState& st, const Unit& u) { return u.alive && !u.activated && unit_can_act(st, u); }

}  // namespace

void settle(Context& ctx, PwState& st) {
  for (int guard = 0; guard < 100000; ++guard) {
    if (st.over || !st.decisions.empty()) return;
    if (!st.hits.empty()) {
      resolve_next_hit(ctx, st);
      continue;
    }
    if (st.follow_up) {
      resolve_follow_up(ctx, st);
      continue;
    }
    if (check_exhaustion(ctx, st)) continue;
    for (int s = 0; s < 2; ++s) {
      if (living_units(st, s) == 0) {
        ctx.end_game(side_id(st, 1 - s), side_id(st, s) + " has no units left on the table.");
        return;
      }
    }
    switch (st.phase) {
      case Phase::kOver: return;
      case Phase::kArtilleryPlanning: {
        if (st.turn == 0) {
          start_turn(ctx, st, 1);
          continue;
        }
        const bool waiting = std::any_of(st.side_state.begin(), st.side_state.end(),
                                         [](const SideState& s) { return s.plan_due; });
        if (waiting) return;
        fire_all_artillery(ctx, st);  // PW-ART-01: every battery fires, then hits are resolved
        continue;
      }
      case Phase::kArtilleryEffects:
        roll_initiative(ctx, st);
        roll_activation(ctx, st, st.first_side);
        continue;
      case Phase::kActivation: {
        if (st.active_side < 0) {
          const int second = 1 - st.first_side;
          if (!st.side_state[static_cast<std::size_t>(second)].finished) {
            roll_activation(ctx, st, second);
          } else {
            end_of_turn(ctx, st);
          }
          continue;
        }
        if (!st.active_unit.empty()) {
          const Unit* u = st.alive_unit(st.active_unit);
          if (u && unit_can_act(st, *u)) return;
          pb::PwEvent e;
          e.mutable_activation_ended()->set_unit_id(st.active_unit);
          emit_pw(ctx, e);
          continue;
        }
        const SideState& side = st.side_state[static_cast<std::size_t>(st.active_side)];
        const bool any = side.activations_left > 0 &&
                         std::any_of(st.units.begin(), st.units.end(), [&](const Unit& u) {
                           return u.side == st.active_side && can_be_activated(st, u);
                         });
        if (any) return;
        pb::PwEvent e;
        e.mutable_side_finished()->set_side(side.id);
        e.mutable_side_finished()->set_activations_unused(side.activations_left);
        emit_pw(ctx, e);
        continue;
      }
    }
  }
}

}  // namespace sandtable::pw
