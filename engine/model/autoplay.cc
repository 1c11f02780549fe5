#include "engine/model/autoplay.h"

#include <iterator>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace sandtable {

namespace {
constexpr std::uint64_t kBotStream = 0xb07b07b07ULL;

// The order's events join the log moved, not copied: a copy of each event was 3 % of a Portable
// Wargame bot game's instructions (docs/PERFORMANCE.md).
void keep(std::vector<pb::Event>& log, std::vector<pb::Event>& events) {
  log.insert(log.end(), std::make_move_iterator(events.begin()), std::make_move_iterator(events.end()));
}
}  // namespace

pb::Command bot_entropy_order(const std::string& seat, Pcg32& rng) {
  pb::Command c;
  c.set_seat(seat);
  std::string bytes;
  for (int i = 0; i < 8; ++i) {
    const std::uint32_t v = rng.next();
    for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<char>((v >> (8 * b)) & 0xff));
  }
  c.mutable_add_entropy()->set_entropy(bytes);
  return c;
}

AutoplayResult autoplay(const RuleSet& rules, const pb::Scenario& scenario, const AutoplayOptions& options) {
  AutoplayResult result;
  std::vector<pb::Event> events;
  std::string error;
  StartOptions start;
  start.seed = options.seed;
  start.secret = options.secret;
  start.entropy_from = options.entropy_from;
  start.branch_state = options.branch_state;
  start.branch_of = options.branch_of;
  auto game = Game::start(rules, scenario, start, &events, &error);
  if (!game) {
    result.error = error;
    return result;
  }
  if (options.keep_log) result.log = std::move(events);
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
    std::optional<pb::Command> command;
    if (!game->state().dice_sealed) {
      command = bot_entropy_order(seat, bot_rng);  // before the first roll: the seat's randomness
    } else {
      Bot* bot = shared.get();
      if (!bot) {
        auto& own = per_seat[seat];
        if (!own) own = options.bot_for(seat);
        bot = own.get();
      }
      command = bot->choose(*game, seat, bot_rng);
    }
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
      if (options.keep_log) keep(result.log, out.events);
      return result;
    }
    if (options.keep_log) {
      keep(result.log, out.events);
      result.orders.push_back(std::move(*command));
    }
  }
  result.finished = true;
  result.winner = game->state().winner;
  return result;
}

}  // namespace sandtable
