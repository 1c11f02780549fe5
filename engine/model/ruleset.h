#pragma once
// The one interface every rule set implements. A rule set is stateless: all game state lives
// in its GameState subclass, so one instance serves every room.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/rng.h"
#include "engine/model/context.h"
#include "engine/model/game_state.h"
#include "sandtable/v1/command.pb.h"
#include "sandtable/v1/event.pb.h"
#include "sandtable/v1/view.pb.h"

namespace sandtable {

class Game;

// A computer player: proposes the next command for a seat, or nothing if that seat has nothing
// to do now. It must only propose commands the game would accept, but the game checks anyway.
class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32& rng) = 0;
};

class RuleSet {
 public:
  virtual ~RuleSet() = default;

  virtual std::string_view id() const = 0;     // registry key, e.g. "portable-wargame-19c"
  virtual std::string_view title() const = 0;  // e.g. "Portable Wargame 19th century"

  // The first problem with the scenario for this rule set, naming the field
  // ("sides[0].units[2].type: ..."), or nullopt if it is playable.
  virtual std::optional<std::string> validate(const pb::Scenario& scenario) const = 0;
  // The initial state of a validated scenario (the Game fills in the shared fields).
  virtual std::unique_ptr<GameState> initial(const pb::Scenario& scenario) const = 0;
  // Emits the events that open the game (after GameStarted).
  virtual void start(Context& ctx) const = 0;
  // Handles a rule-set command from a seat; throws Rejected to refuse it.
  virtual void handle(Context& ctx, const pb::Command& command) const = 0;
  // Carries out the chosen answer to one of this rule set's decisions (already checked to be
  // among the allowed choices, and already removed from the pending list).
  virtual void answer(Context& ctx, const pb::Decision& decision, const std::string& choice) const = 0;
  // Applies one rule-set event to the state. Never fails: events are facts.
  virtual void apply(GameState& state, const pb::Event& event) const = 0;
  // Fills the rule-set part of a view for a viewer ("gm", "spectator" or a side id).
  virtual void fill_view(const GameState& state, const std::string& viewer, pb::View& view) const = 0;
  // The seats the game waits on now (to act or to decide).
  virtual std::vector<std::string> waiting_for(const GameState& state) const = 0;
  virtual std::unique_ptr<Bot> make_bot() const = 0;
};

}  // namespace sandtable
