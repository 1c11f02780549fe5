#include "cli/commands.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <map>

#include "cli/io.h"
#include "engine/core/sha256.h"
#include "engine/model/autoplay.h"
#include "engine/model/branch.h"
#include "engine/model/dice_mix.h"
#include "engine/model/game.h"
#include "engine/model/verify.h"
#include "engine/registry/builtin_registry.h"
#include "engine/model/scenario_io.h"

namespace sandtable::cli {

namespace {

constexpr int kUsage = 64;
constexpr int kIllegal = 2;
constexpr int kBadInput = 65;

std::string flag(const Flags& flags, const std::string& name, const std::string& fallback = "") {
  auto it = flags.find(name);
  return it == flags.end() ? fallback : it->second;
}

bool parse_u64(const std::string& text, std::uint64_t* out) {
  try {
    std::size_t used = 0;
    *out = std::stoull(text, &used, 0);
    return used == text.size();
  } catch (...) {
    return false;
  }
}

std::optional<pb::Scenario> load_scenario(const std::string& path) {
  auto text = read_file(path);
  if (!text) return std::nullopt;
  auto parsed = parse_scenario(*text, builtin_registry());
  if (!parsed.scenario) {
    std::cerr << path << ": " << parsed.error << "\n";
    return std::nullopt;
  }
  return parsed.scenario;
}

// Turns `options` (a bot game's) into a what-if branch of that game after its `at`-th order, or
// the first later one the game can go on from: the source game is played by the bots first.
bool branch_from(const RuleSet& rules, const pb::Scenario& scenario, AutoplayOptions& options, std::uint64_t at,
                 std::string& why) {
  const AutoplayResult source = autoplay(rules, scenario, options);
  StartOptions start;
  start.seed = options.seed;
  start.secret = options.secret;
  start.entropy_from = options.entropy_from;
  auto game = Game::start(rules, scenario, start, nullptr, &why);
  if (!game) return false;
  std::size_t k = 0;
  for (; k < source.orders.size() && (k < at || branch_problem(*game)); ++k) {
    if (!game->execute(source.orders[k]).accepted) {
      why = "the source game's order " + std::to_string(k + 1) + " is refused on the re-run";
      return false;
    }
  }
  if (auto problem = branch_problem(*game)) {
    why = *problem;
    return false;
  }
  options.branch_state = game->save();
  options.branch_of.set_room_id("bots");
  options.branch_of.set_step(static_cast<std::uint32_t>(k));
  options.branch_of.set_turn(game->turn());
  options.seed += 1'000'000;  // the branch's bots choose anew
  options.secret = secret_from_seed(options.seed);  // and its dice are its own
  return true;
}

}  // namespace

int cmd_play(const Flags& flags) {
  const std::string scenario_path = flag(flags, "scenario");
  const std::string orders_path = flag(flags, "orders");
  if (scenario_path.empty() || orders_path.empty()) {
    std::cerr << "play needs --scenario FILE and --orders FILE\n";
    return kUsage;
  }
  std::uint64_t seed = 1;
  if (flags.count("seed") && !parse_u64(flag(flags, "seed"), &seed)) {
    std::cerr << "--seed must be a whole number\n";
    return kUsage;
  }
  auto scenario = load_scenario(scenario_path);
  if (!scenario) return kBadInput;
  auto orders_text = read_file(orders_path);
  if (!orders_text) return kBadInput;

  TableDice table;
  const bool table_dice = flags.count("dice") > 0;
  if (table_dice) {
    auto dice_text = read_file(flag(flags, "dice"));
    if (!dice_text) return kBadInput;
    for (const auto& line : json_lines(*dice_text)) {
      pb::DieRoll roll;
      if (auto err = parse_json(line.text, &roll); !err.empty()) {
        std::cerr << flag(flags, "dice") << ":" << line.number << ": " << err << "\n";
        return kBadInput;
      }
      if (auto err = table.push(roll.kind(), roll.value())) {
        std::cerr << flag(flags, "dice") << ":" << line.number << ": " << *err << "\n";
        return kBadInput;
      }
    }
  }

  const RuleSet* rules = builtin_registry().find(scenario->ruleset());
  std::vector<pb::Event> events;
  std::string error;
  StartOptions options;
  options.seed = seed;
  options.table_dice = table_dice;
  auto game = Game::start(*rules, *scenario, options, &events, &error);
  if (!game) {
    std::cerr << scenario_path << ": " << error << "\n";
    return kBadInput;
  }
  for (const auto& e : events) std::cout << to_json(e) << "\n";
  for (const auto& line : json_lines(*orders_text)) {
    pb::Command command;
    if (auto err = parse_json(line.text, &command); !err.empty()) {
      std::cerr << orders_path << ":" << line.number << ": " << err << "\n";
      return kBadInput;
    }
    Outcome out = game->execute(command, &table);
    if (!out.accepted) {
      std::cout.flush();
      std::cerr << orders_path << ":" << line.number << ": " << out.rejection.code() << " (" << out.rejection.rule_id()
                << "): " << out.rejection.message() << "\n";
      return kIllegal;
    }
    for (const auto& e : out.events) std::cout << to_json(e) << "\n";
  }
  return 0;
}

int cmd_replay(const std::string& path, const Flags& flags) {
  if (path.empty()) {
    std::cerr << "replay needs the event log FILE\n";
    return kUsage;
  }
  auto text = read_file(path);
  if (!text) return kBadInput;
  std::vector<pb::Event> log;
  for (const auto& line : json_lines(*text)) {
    pb::Event e;
    if (auto err = parse_json(line.text, &e); !err.empty()) {
      std::cerr << path << ":" << line.number << ": " << err << "\n";
      return kBadInput;
    }
    log.push_back(std::move(e));
  }
  std::string error;
  auto game = Game::from_log(builtin_registry(), log, &error);
  if (!game) {
    std::cerr << path << ": " << error << "\n";
    return kBadInput;
  }
  std::cout << to_json(game->view(flag(flags, "viewer", "gm")), true);
  return 0;
}

int cmd_bots(const Flags& flags) {
  const std::string ruleset = flag(flags, "ruleset");
  std::uint64_t games = 0, seed = 0;
  if (ruleset.empty() || flag(flags, "scenario").empty() || !parse_u64(flag(flags, "games"), &games) ||
      !parse_u64(flag(flags, "seed"), &seed)) {
    std::cerr << "bots needs --ruleset R --scenario FILE --games N --seed S\n";
    return kUsage;
  }
  const RuleSet* rules = builtin_registry().find(ruleset);
  if (!rules) {
    std::cerr << "unknown rule set '" << ruleset << "'\n";
    return kUsage;
  }
  auto scenario = load_scenario(flag(flags, "scenario"));
  if (!scenario) return kBadInput;
  if (scenario->ruleset() != ruleset) {
    std::cerr << "the scenario is for " << scenario->ruleset() << ", not " << ruleset << "\n";
    return kUsage;
  }
  // The hash chains every game's serialised events, so it is the same on every machine
  // exactly when every event of every game is.
  std::ofstream log_out;
  if (flags.count("log")) {
    log_out.open(flag(flags, "log"));
    if (!log_out) {
      std::cerr << "cannot write " << flag(flags, "log") << "\n";
      return kUsage;
    }
  }
  std::ofstream orders_out;
  if (flags.count("orders")) {
    orders_out.open(flag(flags, "orders"));
    if (!orders_out) {
      std::cerr << "cannot write " << flag(flags, "orders") << "\n";
      return kUsage;
    }
  }
  // --verify yes: each game is also re-run from its seed and orders as `verify` would
  // (docs/fair-play.md), outside the games' own timing.
  const bool verify = flag(flags, "verify") == "yes";
  // --scheme 2: dice scheme 2 (docs/fair-play.md), each game's secret derived from its seed and
  // every side's randomness added by its bot before the first roll.
  const std::string scheme = flag(flags, "scheme");
  if (!scheme.empty() && scheme != "1" && scheme != "2") {
    std::cerr << "--scheme is 1 (the 64-bit seed) or 2 (secret and the seats' randomness)\n";
    return kUsage;
  }
  // --branch-at K: each game is a what-if branch (docs/fair-play.md) of another bot game after
  // its K-th order (or the first order after it the game can go on from), with its own secret.
  std::uint64_t branch_at = 0;
  const bool branching = flags.count("branch-at") > 0;
  if (branching && !parse_u64(flag(flags, "branch-at"), &branch_at)) {
    std::cerr << "--branch-at takes a number of orders\n";
    return kUsage;
  }
  double verify_secs = 0;
  std::uint64_t verified = 0;
  std::string chain = sha256_hex("sandtable-bots");
  std::map<std::string, int> wins;
  std::uint64_t events = 0, commands = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t g = 0; g < games; ++g) {
    AutoplayOptions options;
    options.seed = seed + g;
    if (scheme == "2") {
      options.secret = secret_from_seed(options.seed);
      for (const auto& side : scenario->sides()) options.entropy_from.push_back(side.id());
    }
    if (branching) {
      std::string why;
      if (!branch_from(*rules, *scenario, options, branch_at, why)) {
        std::cerr << "game " << g << " (seed " << options.seed << "): no branch: " << why << "\n";
        return 1;
      }
    }
    const AutoplayResult r = autoplay(*rules, *scenario, options);
    if (!r.finished) {
      std::cerr << "game " << g << " (seed " << options.seed << "): " << r.error << "\n";
      return 1;
    }
    for (const auto& o : r.orders) {
      if (orders_out.is_open()) orders_out << to_json(o) << "\n";
    }
    std::string bytes;
    for (const auto& e : r.log) {
      if (log_out.is_open()) log_out << to_json(e) << "\n";
      std::string one;
      e.SerializeToString(&one);
      bytes += one;
    }
    chain = sha256_hex(chain + bytes);
    ++wins[r.winner.empty() ? "draw" : r.winner];
    events += r.log.size();
    commands += r.commands;
    if (verify) {
      const auto v0 = std::chrono::steady_clock::now();
      const VerifyResult v = verify_game(builtin_registry(), export_of(r.log, r.orders));
      verify_secs += std::chrono::duration<double>(std::chrono::steady_clock::now() - v0).count();
      if (!v.ok) {
        std::cerr << "game " << g << " (seed " << options.seed << ") does not verify: " << v.summary << "\n";
        return 1;
      }
      ++verified;
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() - verify_secs;
  std::cout << "games: " << games << "\n";
  std::cout << "commands: " << commands << "\nevents: " << events << "\n";
  for (const auto& [who, n] : wins) std::cout << "result " << who << ": " << n << "\n";
  std::cout << "seconds: " << secs << "\n";
  std::cout << "games/s: " << (secs > 0 ? static_cast<double>(games) / secs : 0.0) << "\n";
  std::cout << "hash: " << chain << "\n";
  if (verify) std::cout << "verified: " << verified << " (" << verify_secs << " s)\n";
  return 0;
}

int cmd_rulesets() {
  for (const auto* r : builtin_registry().all()) std::cout << r->id() << "\t" << r->title() << "\n";
  return 0;
}

}  // namespace sandtable::cli
