#pragma once
// The loop every bot-game benchmark times: one whole bot-vs-bot game of a demo scenario per
// iteration, each with a new seed, with the commands and events per game as counters.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable::bench {

// `file` is under scenarios/ (e.g. "pw/meeting-engagement.json").
inline void play_bot_games(benchmark::State& state, const char* ruleset, const std::string& file) {
  const auto scenario = load_scenario_file(file);
  const auto& rules = *builtin_registry().find(ruleset);
  std::uint64_t seed = 1, commands = 0, events = 0;
  for (auto _ : state) {
    AutoplayOptions o;
    o.seed = seed++;
    o.keep_log = true;
    auto r = autoplay(rules, scenario, o);
    if (!r.finished) state.SkipWithError(r.error.c_str());
    commands += r.commands;
    events += r.log.size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["commands/game"] = benchmark::Counter(static_cast<double>(commands), benchmark::Counter::kAvgIterations);
  state.counters["events/game"] = benchmark::Counter(static_cast<double>(events), benchmark::Counter::kAvgIterations);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

}  // namespace sandtable::bench
