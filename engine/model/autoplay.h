#pragma once
// Bot-vs-bot play: the one loop used by the CLI's `bots`, the invariant fuzzer, the
// benchmarks and the server's solo opponents.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/model/game.h"

namespace sandtable {

struct AutoplayResult {
  bool finished = false;       // the game reached GameEnded
  std::string error;           // why it stopped early (a bot's order refused, step limit)
  std::string winner;
  std::uint64_t commands = 0;
  std::vector<pb::Event> log;  // every event, GameStarted first
  std::vector<pb::Command> orders;  // every accepted command, in order (with keep_log)
};

struct AutoplayOptions {
  std::uint64_t seed = 0;      // the game's seed; bots draw from their own stream of it
  // Dice scheme 2 (engine/model/dice_mix.h) when set: the game's secret, and the sides whose
  // randomness the first roll waits for (the bots add theirs, drawn from their own stream).
  std::string secret;
  std::vector<std::string> entropy_from;
  // A "what if" branch (engine/model/branch.h): the game goes on from this table (needs a secret).
  std::optional<pb::GameSnapshot> branch_state;
  pb::BranchOf branch_of;
  std::uint64_t max_commands = 20000;
  bool keep_log = true;
  // Called after every accepted command with the game and the new events; return false to
  // stop (the fuzzer uses it to check invariants).
  std::function<bool(const Game&, const std::vector<pb::Event>&)> observer;
  // The bot for a seat (made once per seat, on its first turn); unset: the rule set's own
  // make_bot() plays every seat. Lets two different bots meet (bench/bg_bot_bench.cc) or the
  // fuzzer keep a random bot.
  std::function<std::unique_ptr<Bot>(const std::string& seat)> bot_for;
};

AutoplayResult autoplay(const RuleSet& rules, const pb::Scenario& scenario, const AutoplayOptions& options);

// A bot's seat randomness for dice scheme 2 (AddEntropy): 32 bytes of its own stream.
pb::Command bot_entropy_order(const std::string& seat, Pcg32& rng);

}  // namespace sandtable
