#include "engine/model/autoplay.h"

#include <map>

namespace sandtable {

namespace {
constexpr std::uint64_t kBotStream = 0xb07b07b07ULL;
}

AutoplayResult autoplay(const RuleSet& rules, const pb::Scenario& scenario, const AutoplayOptions& options) {
  AutoplayResult result;
  std::vector<pb::Event> events;
  std::string error;
  StartOptions start;
  start.seed = options.seed;
  auto game = Game::start(rules, scenario, start, &events, &error);
  if (!game) {
    result.error = error;
    return result;
  }
  if (options.keep_log) result.log = events;
  std::unique_ptr<Bot> shared = options.bot_for ? nullptr : rules.make_bot();
  std::map<std::string, std::unique_ptr<Bot>> per_seat;
  Pcg32 bot_rng(options.seed, kBotStream);
  while (!game->over()) {
    if (result.commands >= options.max_commands) {
      result.error = "step limit of " + std::to_string(options.max_commands) + " commands reached";
      return result;
    }
    const auto seats = game->waiting_for();
    if (seats.empty()) {
      result.error = "the game waits on nobody but is not over";
      return result;
    }
    const std::string& seat = seats.front();
    Bot* bot = shared.get();
    if (!bot) {
      auto& own = per_seat[seat];
      if (!own) own = options.bot_for(seat);
      bot = own.get();
    }
    auto command = bot->choose(*game, seat, bot_rng);
    if (!command) {
      result.error = "the bot for " + seat + " found nothing to do";
      return result;
    }
    Outcome out = game->execute(*command);
    ++result.commands;
    if (!out.accepted) {
      result.error = "bot order refused for " + seat + ": " + out.rejection.code() + " (" + out.rejection.rule_id() +
                     "): " + out.rejection.message() + " [" + command->ShortDebugString() + "]";
      return result;
    }
    if (options.observer && !options.observer(*game, out.events)) {
      result.error = "stopped by the observer";
      if (options.keep_log) result.log.insert(result.log.end(), out.events.begin(), out.events.end());
      return result;
    }
    if (options.keep_log) {
      result.log.insert(result.log.end(), out.events.begin(), out.events.end());
      result.orders.push_back(std::move(*command));
    }
  }
  result.finished = true;
  result.winner = game->state().winner;
  return result;
}

}  // namespace sandtable
