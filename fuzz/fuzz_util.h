#pragma once
// What the fuzz targets share: a failed check that stops the run with a reason, inputs cut into
// length-prefixed parts, the states of real bot games to start from, and writing a target's
// seed corpus (fuzz/corpus/<target>/, made by the target itself: SANDTABLE_FUZZ_SEEDS=<dir>).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/stubs/logging.h>

#include "engine/model/autoplay.h"
#include "engine/model/game.h"
#include "tests/support/scenario_file.h"

namespace sandtable::fuzz {

// A property broken: libFuzzer keeps the input that did it (abort is a crash to it).
[[noreturn]] inline void fail(const char* file, int line, const char* cond, const std::string& what) {
  std::fprintf(stderr, "\n%s:%d: fuzz check failed: %s\n  %s\n", file, line, cond, what.c_str());
  std::abort();
}
#define FUZZ_CHECK(cond, what)                              \
  do {                                                      \
    if (!(cond)) ::sandtable::fuzz::fail(__FILE__, __LINE__, #cond, (what)); \
  } while (0)

// Parts, each after a 2-byte big-endian length; a last part shorter than its length takes what
// is left. Mutations that change a length move the cut, which is what a fuzzer should try.
inline std::vector<std::string_view> split_parts(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string_view> parts;
  std::size_t at = 0;
  while (at + 2 <= size) {
    const std::size_t len = (std::size_t{data[at]} << 8) | data[at + 1];
    at += 2;
    const std::size_t take = std::min(len, size - at);
    parts.emplace_back(reinterpret_cast<const char*>(data + at), take);
    at += take;
  }
  return parts;
}

inline std::string join_parts(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) {
    const std::size_t len = std::min<std::size_t>(p.size(), 0xffff);
    out.push_back(static_cast<char>(len >> 8));
    out.push_back(static_cast<char>(len & 0xff));
    out.append(p, 0, len);
  }
  return out;
}

// A moment of a bot game of a demo scenario: the game then, and the order the bot gave next.
struct GameMoment {
  std::string scenario;  // scenarios/<relative>
  std::shared_ptr<const Game> game;
  pb::Command next;  // empty when the game had ended
};

// One bot game (seed 1) of every demo scenario of every rule set, a few moments of each: after
// the first orders, in the middle and near the end, so checks meet early and late positions.
inline std::vector<GameMoment> bot_game_moments() {
  static const std::vector<std::uint64_t> kAfter = {1, 4, 10, 25, 50, 90, 140, 200, 300};
  std::vector<GameMoment> out;
  for (const auto& [ruleset, files] : demo_scenarios_by_ruleset()) {
    const RuleSet* rules = builtin_registry().find(ruleset);
    for (const auto& file : files) {
      AutoplayOptions opt;
      opt.seed = 1;
      std::uint64_t n = 0;
      std::vector<std::pair<std::uint64_t, std::shared_ptr<const Game>>> kept;
      opt.observer = [&](const Game& g, const std::vector<pb::Event>&) {
        ++n;
        if (std::find(kAfter.begin(), kAfter.end(), n) != kAfter.end()) kept.emplace_back(n, std::make_shared<Game>(g));
        return true;
      };
      const auto run = autoplay(*rules, load_scenario_file(file), opt);
      for (auto& [after, game] : kept) {
        GameMoment m{file, game, {}};
        if (after < run.orders.size()) m.next = run.orders[after];
        out.push_back(std::move(m));
      }
    }
  }
  return out;
}

// With SANDTABLE_FUZZ_SEEDS=<dir>: writes each seed to <dir>/seed-NNN and ends the process. The
// corpus in the tree is made this way, so it follows the input format of the target's code.
inline void write_seeds_if_asked(const std::vector<std::string>& seeds) {
  // Malformed strings are what a fuzzer sends; protobuf's log line for each would drown the run.
  google::protobuf::SetLogHandler(nullptr);
  const char* dir = std::getenv("SANDTABLE_FUZZ_SEEDS");
  if (!dir) return;
  std::filesystem::create_directories(dir);
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "/seed-%03zu", i);
    std::ofstream(std::string(dir) + name, std::ios::binary) << seeds[i];
  }
  std::fprintf(stderr, "wrote %zu seeds to %s\n", seeds.size(), dir);
  std::exit(0);
}

}  // namespace sandtable::fuzz
