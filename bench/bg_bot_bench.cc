// How well the Battleground bots play (not a timing benchmark; a plain main, run on demand):
// N games per demo scenario and matchup, each with its own seed, and a table of results.
//
//   build/release/bench/bg_bot_bench [--games N] [--seed S] [--scenario NAME]
//
// (Defaults: 200 games, seeds 1..200, the three demo scenarios; about 35 s. Google Benchmark's
// --benchmark_* flags from script/bench are ignored.)
//
// Matchups: smart attacker vs random defender, random vs random, random attacker vs smart
// defender, smart vs smart. The attacker is the side that owns no objective at the start (it
// must take them, bg_victory.cc). The target: the smart attacker wins >= 35% against the
// random defender on every demo scenario.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_bot.h"
#include "tests/support/scenario_file.h"

namespace {

using namespace sandtable;


struct Matchup {
  const char* name;
  bool smart_attacker;
  bool smart_defender;
};

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t games = 200, seed = 1;
  std::vector<std::string> scenarios{"crossroads", "village-assault", "combined-arms", "hedgerow-raid"};
  for (int i = 1; i < argc; ++i) {
    if (!std::strncmp(argv[i], "--benchmark", 11)) continue;  // script/bench passes these to every bench
    if (i + 1 < argc && !std::strcmp(argv[i], "--games")) games = std::stoull(argv[++i]);
    else if (i + 1 < argc && !std::strcmp(argv[i], "--seed")) seed = std::stoull(argv[++i]);
    else if (i + 1 < argc && !std::strcmp(argv[i], "--scenario")) scenarios = {argv[++i]};
    else {
      std::fprintf(stderr, "usage: bg_bot_bench [--games N] [--seed S] [--scenario NAME]\n");
      return 2;
    }
  }
  const Matchup matchups[] = {
      {"smart attacker vs random", true, false},
      {"random vs random", false, false},
      {"random attacker vs smart", false, true},
      {"smart vs smart", true, true},
  };
  const auto& rules = *builtin_registry().find("battleground");
  std::printf("| scenario | attacker | matchup | games | attacker wins | defender wins | draws | attacker win %% |\n");
  std::printf("|---|---|---|---:|---:|---:|---:|---:|\n");
  int failures = 0;
  for (const auto& name : scenarios) {
    const pb::Scenario scenario = load_scenario_file("bg/" + name + ".json");
    const std::string attacker = bg::attacking_side(scenario);
    for (const auto& m : matchups) {
      std::uint64_t won = 0, lost = 0, drawn = 0;
      for (std::uint64_t g = 0; g < games; ++g) {
        AutoplayOptions o;
        o.seed = seed + g;
        o.keep_log = false;
        o.bot_for = [&](const std::string& seat) {
          const bool smart = seat == attacker ? m.smart_attacker : m.smart_defender;
          return smart ? bg::make_bg_smart_bot() : bg::make_bg_random_bot();
        };
        const AutoplayResult r = autoplay(rules, scenario, o);
        if (!r.finished) {
          std::fprintf(stderr, "%s, %s, seed %llu: %s\n", name.c_str(), m.name, static_cast<unsigned long long>(o.seed),
                       r.error.c_str());
          ++failures;
          continue;
        }
        if (r.winner.empty()) ++drawn;
        else if (r.winner == attacker) ++won;
        else ++lost;
      }
      std::printf("| %s | %s | %s | %llu | %llu | %llu | %llu | %.1f |\n", name.c_str(), attacker.c_str(), m.name,
                  static_cast<unsigned long long>(games), static_cast<unsigned long long>(won),
                  static_cast<unsigned long long>(lost), static_cast<unsigned long long>(drawn),
                  games ? 100.0 * static_cast<double>(won) / static_cast<double>(games) : 0.0);
      std::fflush(stdout);
    }
  }
  if (failures) std::fprintf(stderr, "%d game(s) did not finish\n", failures);
  return failures ? 1 : 0;
}
