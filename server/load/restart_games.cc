#include "server/load/restart_games.h"

#include <stdexcept>

#include "engine/core/rng.h"
#include "engine/model/game.h"
#include "engine/registry/builtin_registry.h"
#include "sandtable/v1/protocol.pb.h"

namespace sandtable::load {

namespace pb = ::sandtable::v1;

namespace {

GameSnapshotRow snapshot_of(const Game& game) {
  return GameSnapshotRow{game.seq(), game.view("gm").SerializeAsString(), game.save().SerializeAsString()};
}

}  // namespace

StoredGame play_stored_game(const pb::Scenario& scenario, std::uint64_t seed, std::uint64_t min_events,
                            std::uint64_t snapshot_every, bool exact) {
  const Registry& registry = builtin_registry();
  const RuleSet* rules = registry.find(scenario.ruleset());
  if (!rules) throw std::runtime_error("no rule set " + scenario.ruleset());
  StartOptions start;
  start.seed = seed;
  StoredGame stored;
  stored.seed = seed;
  std::string error;
  auto game = Game::start(*rules, scenario, start, &stored.events, &error);
  if (!game) throw std::runtime_error(error);
  stored.snapshots.push_back(snapshot_of(*game));  // as Rooms::create stores it
  auto bot = rules->make_bot();
  Pcg32 rng(seed, 0xb07b07b07ULL);
  while (game->seq() < min_events) {
    if (game->over()) throw std::runtime_error("the game ended at event " + std::to_string(game->seq()));
    const auto seats = game->waiting_for();
    if (seats.empty()) throw std::runtime_error("the game waits on nobody");
    const std::string& seat = seats.front();
    auto command = bot->choose(*game, seat, rng);
    if (!command) throw std::runtime_error("the bot for " + seat + " found nothing to do");
    command->set_seat(seat);
    const std::uint64_t from = game->seq();
    const Outcome out = game->execute(*command);
    if (!out.accepted) throw std::runtime_error("bot order refused: " + out.rejection.message());
    stored.events.insert(stored.events.end(), out.events.begin(), out.events.end());
    // As Room::commit: a snapshot with the order that crosses a multiple, and with the last one.
    if (from / snapshot_every != game->seq() / snapshot_every || game->over()) stored.snapshots.push_back(snapshot_of(*game));
  }
  if (game->over()) throw std::runtime_error("the game ended at event " + std::to_string(game->seq()));
  if (exact && game->seq() != min_events) {
    throw std::runtime_error("an order ends at event " + std::to_string(game->seq()) + ", past " +
                             std::to_string(min_events));
  }

  // What the server rebuilds from the stored log must be this game.
  auto rebuilt = Game::from_log(registry, stored.events, &error);
  if (!rebuilt) throw std::runtime_error("the log does not replay: " + error);
  if (rebuilt->seq() != game->seq() || rebuilt->save().SerializeAsString() != game->save().SerializeAsString()) {
    throw std::runtime_error("the replayed game differs from the played one");
  }
  const auto seats = rebuilt->waiting_for();
  if (seats.empty()) throw std::runtime_error("the game waits on nobody at event " + std::to_string(rebuilt->seq()));
  stored.next_seat = seats.front();
  if (rebuilt->state().bot_plays(stored.next_seat)) throw std::runtime_error("the server's bot plays " + stored.next_seat);
  Pcg32 next_rng(seed, 0x5eed);
  auto command = bot->choose(*rebuilt, stored.next_seat, next_rng);
  if (!command) throw std::runtime_error("the bot for " + stored.next_seat + " found nothing to do");
  command->set_seat(stored.next_seat);
  Outcome out;
  if (!rebuilt->next(*command, out)) throw std::runtime_error("the next order is refused: " + out.rejection.message());
  stored.seq_after = rebuilt->seq() + out.events.size();
  pb::Envelope env;
  env.set_request_id(2);
  env.mutable_order()->set_seq(rebuilt->seq());
  *env.mutable_order()->mutable_command() = std::move(*command);
  stored.next_envelope = env.SerializeAsString();
  return stored;
}

}  // namespace sandtable::load
