#include "engine/model/context.h"

#include <algorithm>

#include "engine/model/branch.h"
#include "engine/model/game.h"
#include "engine/model/rejection.h"
#include "engine/model/ruleset.h"

namespace sandtable {

Context::Context(const RuleSet& rules, GameState& scratch, DiceSource& dice)
    : rules_(rules), state_(scratch), dice_(dice), draws_mark_(dice.draws()) {
  events_.reserve(8);  // most orders emit a handful; regrowing moves every event already emitted
}

int Context::roll(pb::DieKind kind, std::string_view label) {
  // A die the GM set (GmSetDice) is used before any other, when it is a face of the die asked
  // for (a 6 is no average die's face); emit() takes the dice it used off the list.
  if (gm_dice_used_ < state_.gm_dice.size() && die_value_valid(kind, state_.gm_dice[gm_dice_used_])) {
    pb::DieRoll d;
    d.set_kind(kind);
    d.set_value(state_.gm_dice[gm_dice_used_++]);
    d.set_source(pb::DIE_SOURCE_GM);
    d.set_label(std::string(label));
    pending_dice_.push_back(d);
    return d.value();
  }
  const std::optional<int> value = dice_.roll(kind);
  if (!value) {
    throw DiceNeeded(kind, pool_left_, std::string(label),
                     "Roll a " + die_name(kind) + " at the table for " + std::string(label) + " and enter it with the order.");
  }
  pb::DieRoll d;
  d.set_kind(kind);
  d.set_value(*value);
  d.set_source(dice_.source());
  d.set_label(std::string(label));
  pending_dice_.push_back(std::move(d));
  return *value;
}

std::vector<int> Context::roll_pool(int count, pb::DieKind kind, std::string_view label) {
  std::vector<int> out;
  out.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    pool_left_ = count - i;  // a table asked for the rest of the pool enters them at once
    out.push_back(roll(kind, label));
  }
  pool_left_ = 1;
  return out;
}

const pb::Event& Context::emit(pb::Event event, const google::protobuf::Message* body) {
  event.set_seq(state_.seq + 1);
  const std::uint64_t draws = dice_.draws();
  event.set_rng_draws(static_cast<std::uint32_t>(draws - draws_mark_));
  draws_mark_ = draws;
  for (auto& d : pending_dice_) *event.add_dice() = std::move(d);
  pending_dice_.clear();
  apply_event(rules_, state_, event, body);
  gm_dice_used_ = 0;  // applying the event took the GM's dice it used off the list
  events_.push_back(std::move(event));
  return events_.back();
}

namespace {

// A Rewound event puts its earlier state back. What goes on instead: the sequence (the log only
// grows), the generator (dice once rolled are never rolled again, or a seat could rewind to
// fish for better ones), the GM's next dice, the bot seats, decision ids and the rulings asked
// (talk at the table, not the table).
void restore(const RuleSet& rules, GameState& state, const pb::GameSnapshot& snap) {
  std::string why;
  auto back = rules.load_state(*state.scenario, snap.state(), &why);
  if (!back) return;  // cannot happen: the game wrote the snapshot itself when it accepted the rewind
  read_shared(snap, *back);  // the table then: decisions, pause, a parked order's dice
  back->scenario = state.scenario;
  back->rng = state.rng;
  back->seq = state.seq;
  back->next_decision_id = std::max(state.next_decision_id, snap.next_decision_id());
  back->gm_dice = state.gm_dice;
  back->bot_seats = state.bot_seats;
  back->rulings = state.rulings;
  back->next_ruling_id = state.next_ruling_id;
  back->dice_trusted = state.dice_trusted;
  back->spectators = state.spectators;
  back->secret_shown = state.secret_shown;  // what the GM saw stays seen
  back->branched = state.branched;
  state.assign_from(*back);
}

}  // namespace

void apply_event(const RuleSet& rules, GameState& state, const pb::Event& event) { apply_event(rules, state, event, nullptr); }

void apply_event(const RuleSet& rules, GameState& state, const pb::Event& event, const google::protobuf::Message* body) {
  apply_shared_event(state, event);
  if (event.has_rewound()) {
    restore(rules, state, event.rewound().state());
  } else if (event.has_game_started() && event.game_started().has_start_state()) {
    start_from_branch(rules, state, event.game_started());  // branch.cc: another game's table
  } else if (event.has_gm_edited()) {
    // The next dice and a bot in a seat are the Game's own edits (apply_shared_event did them);
    // a rule set sees only the edits of its table.
    const pb::GmEdit& edit = event.gm_edited().edit();
    if (!edit.has_set_dice() && !edit.has_seat_bot() && !edit.has_trust_dice() && !edit.has_spectators()) {
      rules.apply_edit(state, edit);
    }
  } else {
    if (body && event.has_payload()) {
      rules.apply_emitted(state, event, *body);
    } else {
      rules.apply(state, event);
    }
    // A branch's cards are its own too: what was unseen in the original is drawn again.
    if (event.has_dice_sealed() && state.branched) rules.fresh_decks(state);
  }
}

std::uint32_t Context::ask(pb::Decision decision) {
  const std::uint32_t id = state_.next_decision_id;
  decision.set_id(id);
  pb::Event e;
  *e.mutable_decision_requested()->mutable_decision() = std::move(decision);
  emit(std::move(e));
  return id;
}

void Context::end_game(const std::string& winner, const std::string& reason) {
  pb::Event e;
  e.mutable_game_ended()->set_winner(winner);
  e.mutable_game_ended()->set_reason(reason);
  if (state_.dice_scheme.empty()) {
    e.mutable_game_ended()->set_seed(state_.seed);
  } else {
    e.mutable_game_ended()->set_secret(state_.secret);
  }
  emit(std::move(e));
}

}  // namespace sandtable
