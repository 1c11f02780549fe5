// The turn (RR-SEQ-01): command phase, first card sequence, off-table fire, command phase,
// second card sequence, morale; then the turn ends and the next begins, or the game ends on the
// scenario's turn limit (GAP-RR-VIC-01). settle() turns the cards and skips what nobody can do.
#include <algorithm>

#include "engine/model/rejection.h"
#include "engine/rulesets/rookie/rr_command.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_morale.h"

namespace sandtable::rr {

namespace {

void start_phase(Context& ctx, RrState& st, pb::RrPhase phase, int sequence, int side) {
  pb::RrEvent e;
  auto* p = e.mutable_phase_started();
  p->set_turn(st.turn);
  p->set_phase(phase);
  p->set_sequence(sequence);
  if (side >= 0) p->set_side(st.side_id(side));
  emit_rr(ctx, e);
}

// RR-CMD-05: a leader who could remove a marker now: alive, not suppressed, not yet acted, with
// a marked unit (itself excluded) inside its radius and sight.
bool may_command(const RrState& st, int side) {
  for (const auto& l : st.units) {
    if (!l.alive || l.side != side || l.kind != Kind::kLeader || st.deck->acted(l.id)) continue;
    const int radius = command_radius_inches(l.marker);
    if (radius <= 0) continue;
    for (const auto& u : st.units) {
      if (!u.alive || u.side != side || u.id == l.id || u.marker == Marker::kNone) continue;
      if (geom::within(geom::distance(l.pos, u.pos), radius) && line_of_sight(st, l.pos, u.pos)) return true;
    }
  }
  return false;
}

bool may_test(const RrState& st, int side) {
  return std::any_of(st.units.begin(), st.units.end(),
                     [&](const Unit& u) { return u.alive && u.side == side && may_test_voluntarily(u.marker); });
}

void start_sequence(Context& ctx, RrState& st, int sequence) {
  pb::RrEvent e;
  e.mutable_deck_shuffled()->set_sequence(sequence);
  e.mutable_deck_shuffled()->set_cards(static_cast<int>(st.deck->save().draw.size() + st.deck->save().turned.size()));
  emit_rr(ctx, e);
  start_phase(ctx, st, pb::RR_PHASE_COMMAND, sequence, 0);
}

// RR-SEQ-01 step 1: a side with off-table batteries plots their fire before the turn (RR-ART-01);
// then the first command phase.
void start_turn_body(Context& ctx, RrState& st) {
  if (may_plot(st, 0)) {
    start_phase(ctx, st, pb::RR_PHASE_PLOT, 1, 0);
  } else if (may_plot(st, 1)) {
    start_phase(ctx, st, pb::RR_PHASE_PLOT, 1, 1);
  } else {
    start_sequence(ctx, st, 1);
  }
}

// GAP-RR-VIC-01: an objective is held by the side with units within its radius and no enemy
// there; otherwise it stays with its holder.
std::vector<std::string> holders_now(const RrState& st) {
  std::vector<std::string> out = st.holders;
  for (std::size_t i = 0; i < st.objectives.size(); ++i) {
    bool near[2] = {false, false};
    for (const auto& u : st.units) {
      if (!u.alive || u.kind == Kind::kBunker) continue;
      if (geom::within_distance(u.pos, st.objectives[i].point, st.objectives[i].radius)) near[u.side] = true;
    }
    if (near[0] != near[1]) out[i] = st.side_id(near[0] ? 0 : 1);
  }
  return out;
}

void end_turn(Context& ctx, RrState& st) {
  pb::RrEvent e;
  e.mutable_turn_ended()->set_turn(st.turn);
  for (const auto& h : holders_now(st)) e.mutable_turn_ended()->add_objective_holders(h);
  emit_rr(ctx, e);
  const bool wiped[2] = {
      std::none_of(st.units.begin(), st.units.end(), [](const Unit& u) { return u.alive && u.side == 0; }),
      std::none_of(st.units.begin(), st.units.end(), [](const Unit& u) { return u.alive && u.side == 1; })};
  if (wiped[0] || wiped[1]) {
    const int winner = wiped[0] ? (wiped[1] ? -1 : 1) : 0;
    ctx.end_game(winner < 0 ? "" : st.side_id(winner),
                 winner < 0 ? "No unit of either side is left" : side_name(st, 1 - winner) + " has no unit left on the table");
    return;
  }
  if (st.turn >= st.max_turns) {
    int points[2] = {0, 0};
    for (std::size_t i = 0; i < st.objectives.size(); ++i) {
      const int s = st.side_index(st.holders[i]);
      if (s >= 0) points[s] += st.objectives[i].points;
    }
    const std::string score = std::to_string(points[0]) + " to " + std::to_string(points[1]);
    if (points[0] == points[1]) {
      ctx.end_game("", "The last turn is over and the objectives are shared " + score + ": a draw (GAP-RR-VIC-01)");
    } else {
      const int w = points[0] > points[1] ? 0 : 1;
      ctx.end_game(st.side_id(w), side_name(st, w) + " holds more objectives when the last turn ends, " + score + " (GAP-RR-VIC-01)");
    }
    return;
  }
  check_air_arrivals(ctx, st);  // RR-SEQ-03
  pb::RrEvent t;
  t.mutable_turn_started()->set_turn(st.turn + 1);
  emit_rr(ctx, t);
  start_turn_body(ctx, st);
}

// Turns the next card, or ends the card sequence.
void next_card(Context& ctx, RrState& st) {
  const auto& pile = st.deck->draw_pile();
  if (pile.empty()) {
    if (st.sequence == 1) {
      // RR-SEQ-01 step 4, RR-ART-02: off-table fire lands between the sequences.
      const bool flying = std::any_of(st.aircraft.begin(), st.aircraft.end(), [](const Aircraft& a) { return a.on_table && !a.out; });
      if (!st.plots.empty() || flying) {
        start_phase(ctx, st, pb::RR_PHASE_STRIKES, 1, -1);
        land_air_attacks(ctx, st);
        land_strikes(ctx, st);
        if (st.over) return;
      }
      start_sequence(ctx, st, 2);
    } else {
      start_phase(ctx, st, pb::RR_PHASE_MORALE, 2, 0);
    }
    return;
  }
  const pb::Card card = pile.back();
  const int side = card.suit() == pb::SUIT_HEARTS || card.suit() == pb::SUIT_DIAMONDS ? 0 : 1;
  pb::RrEvent e;
  auto* t = e.mutable_card_turned();
  *t->mutable_card() = card;
  t->set_side(st.side_id(side));
  t->set_ignored(eligible_units(st, side).empty());  // RR-CARD-04
  emit_rr(ctx, e);
}

}  // namespace

bool has_phase_work(const RrState& st, int side) {
  switch (st.phase) {
    case Phase::kPlot: return may_plot(st, side);
    case Phase::kCommand: return may_command(st, side) || may_combine(st, side);
    case Phase::kMorale: return may_test(st, side);
    default: return false;
  }
}

int waiting_side(const RrState& st) {
  if (st.over || st.turn == 0) return -1;
  switch (st.phase) {
    case Phase::kPlot:
    case Phase::kCommand:
    case Phase::kMorale: return st.phase_side;
    case Phase::kCards:
      if (!st.active_unit.empty()) {
        const Unit* u = st.find(st.active_unit);
        return u ? u->side : -1;
      }
      if (st.deck->pending()) return st.deck->pending()->side;
      return -1;
    case Phase::kStrikes: return -1;
  }
  return -1;
}

std::string phase_words(const RrState& st) {
  const std::string seq = st.sequence == 1 ? "first" : "second";
  switch (st.phase) {
    case Phase::kPlot: return "plotting off-table fire";
    case Phase::kCommand: return "command phase before the " + seq + " card sequence";
    case Phase::kCards: return seq + " card sequence";
    case Phase::kStrikes: return "off-table fire";
    case Phase::kMorale: return "morale";
  }
  return "";
}

Check check_end_phase(const RrState& st, int side) {
  if (st.phase == Phase::kCards || waiting_side(st) != side) {
    return Refusal{"RR_NOT_YOUR_PHASE", "RR-SEQ-01", "There is no phase of " + side_name(st, side) + "'s to end now."};
  }
  return std::nullopt;
}

void do_end_phase(Context& ctx, RrState& st, int side) {
  if (auto bad = check_end_phase(st, side)) refuse(*bad);
  if (st.phase == Phase::kPlot) {
    if (side == 0 && may_plot(st, 1)) {
      start_phase(ctx, st, pb::RR_PHASE_PLOT, 1, 1);
    } else {
      bring_aircraft_on(ctx, st);  // RR-AIR-04: over the table for both card sequences' AA fire
      start_sequence(ctx, st, 1);
    }
    return;
  }
  const pb::RrPhase phase = st.phase == Phase::kCommand ? pb::RR_PHASE_COMMAND : pb::RR_PHASE_MORALE;
  if (side == 0) {
    start_phase(ctx, st, phase, st.sequence, 1);
  } else if (phase == pb::RR_PHASE_COMMAND) {
    start_phase(ctx, st, pb::RR_PHASE_CARDS, st.sequence, -1);
  } else {
    end_turn(ctx, st);
  }
}

void settle(Context& ctx, RrState& st) {
  for (int guard = 0; guard < 10000 && !st.over && st.decisions.empty(); ++guard) {
    if (st.turn == 0) {
      pb::RrEvent t;
      t.mutable_turn_started()->set_turn(1);
      emit_rr(ctx, t);
      start_turn_body(ctx, st);
      continue;
    }
    switch (st.phase) {
      case Phase::kPlot:
        if (may_plot(st, st.phase_side)) return;  // the side plots, or says it is done
        do_end_phase(ctx, st, st.phase_side);
        continue;
      case Phase::kStrikes:
        start_phase(ctx, st, pb::RR_PHASE_COMMAND, st.sequence, 0);
        continue;
      case Phase::kCommand:
        if (may_command(st, st.phase_side) || may_combine(st, st.phase_side)) return;
        do_end_phase(ctx, st, st.phase_side);
        continue;
      case Phase::kMorale:
        if (may_test(st, st.phase_side)) return;
        do_end_phase(ctx, st, st.phase_side);
        continue;
      case Phase::kCards:
        if (!st.active_unit.empty()) return;
        if (st.deck->pending()) {
          if (!eligible_units(st, st.deck->pending()->side).empty()) return;
          pb::RrEvent p;  // every unit of that side that could act has: nothing to choose
          p.mutable_card_passed()->set_side(st.side_id(st.deck->pending()->side));
          emit_rr(ctx, p);
          continue;
        }
        next_card(ctx, st);
        continue;
    }
  }
}

}  // namespace sandtable::rr
