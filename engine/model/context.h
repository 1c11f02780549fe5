#pragma once
// What a rule set sees while it handles one command: a scratch copy of the state, the dice,
// and emit(), which stamps an event (seq, generator draws, dice rolled) and applies it to the
// scratch state at once, so later steps of the same command see its effect.
#include <string_view>
#include <vector>

#include "engine/core/dice.h"
#include "engine/model/game_state.h"
#include "sandtable/v1/event.pb.h"

namespace sandtable {

class RuleSet;

// Applies one event to a state: the shared part, then the rule set's (its own event, or the
// GM's edit). The one way events change state, live (Context::emit) and replayed (Game).
void apply_event(const RuleSet& rules, GameState& state, const pb::Event& event);
// The same for an event just emitted whose payload packs `body` (RuleSet::apply_emitted).
void apply_event(const RuleSet& rules, GameState& state, const pb::Event& event, const google::protobuf::Message* body);

class Context {
 public:
  Context(const RuleSet& rules, GameState& scratch, DiceSource& dice);

  GameState& state() { return state_; }
  const GameState& state() const { return state_; }

  // Rolls one die; it is recorded in the next emitted event. Throws Rejected when table dice
  // are needed and none are left.
  int roll(pb::DieKind kind, std::string_view label);
  std::vector<int> roll_pool(int count, pb::DieKind kind, std::string_view label);
  // The dice rolled since the last emit, oldest first: a rule says what each face did
  // (DieRoll.colour, .meaning) once it has read them, before the event that carries them.
  std::vector<pb::DieRoll>& pending_dice() { return pending_dice_; }

  // Stamps and applies the event; returns the stamped copy. `body`, when given, is the message
  // the event's payload packs: applying reads it rather than unpacking the payload.
  const pb::Event& emit(pb::Event event, const google::protobuf::Message* body = nullptr);

  // Ask a seat to choose; emits DecisionRequested (the decision's id is filled in).
  std::uint32_t ask(pb::Decision decision);
  // Ends the game, revealing the seed (or the dice secret).
  void end_game(const std::string& winner, const std::string& reason);

  std::vector<pb::Event>& events() { return events_; }

 private:
  const RuleSet& rules_;
  GameState& state_;
  DiceSource& dice_;
  std::uint64_t draws_mark_;
  std::size_t gm_dice_used_ = 0;  // GM-set dice rolled since the last emit
  int pool_left_ = 1;             // dice left in the pool being rolled (roll_pool), for DiceNeeded
  std::vector<pb::DieRoll> pending_dice_;
  std::vector<pb::Event> events_;
};

}  // namespace sandtable
