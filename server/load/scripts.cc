#include "server/load/scripts.h"

#include <stdexcept>

#include "engine/core/rng.h"
#include "engine/model/game.h"
#include "engine/registry/builtin_registry.h"
#include "sandtable/v1/protocol.pb.h"

namespace sandtable::load {

namespace pb = ::sandtable::v1;

Script make_script(const pb::Scenario& scenario, std::uint64_t seed) {
  const RuleSet* rules = builtin_registry().find(scenario.ruleset());
  if (!rules) throw std::runtime_error("no rule set " + scenario.ruleset());
  StartOptions start;
  start.seed = seed;
  std::vector<pb::Event> events;
  std::string error;
  auto game = Game::start(*rules, scenario, start, &events, &error);
  if (!game) throw std::runtime_error(error);
  auto bot = rules->make_bot();
  Pcg32 rng(seed, 0xb07b07b07ULL);  // autoplay()'s bot stream
  Script script;
  script.seed = seed;
  while (!game->over()) {
    if (script.steps.size() > 20000) throw std::runtime_error("the bots do not finish the game");
    const auto seats = game->waiting_for();
    if (seats.empty()) throw std::runtime_error("the game waits on nobody");
    // As autoplay(): the first seat waited on plays. With several (BG: decisions of both sides,
    // a melee's pairs) that is any one of them; the server takes the seat from the token of
    // the connection the order comes on, so the step is sent from that seat's connection.
    const std::string& seat = seats.front();
    auto command = bot->choose(*game, seat, rng);
    if (!command) throw std::runtime_error("the bot for " + seat + " found nothing to do");
    command->set_seat(seat);
    Step step;
    step.seat = seat;
    step.seq_before = game->seq();
    const Outcome out = game->execute(*command);
    if (!out.accepted) throw std::runtime_error("bot order refused: " + out.rejection.message());
    step.seq_after = game->seq();
    pb::Envelope env;
    env.set_request_id(script.steps.size() + 1);
    env.mutable_order()->set_seq(step.seq_before);
    *env.mutable_order()->mutable_command() = std::move(*command);
    step.envelope = env.SerializeAsString();
    script.steps.push_back(std::move(step));
  }
  script.winner = game->state().winner;
  return script;
}

}  // namespace sandtable::load
