// Full Battleground bot-vs-bot games (the target: median <= 10 ms on one core).
// Each iteration plays one whole game of a demo scenario with a new seed.
#include <benchmark/benchmark.h>

#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "engine/model/scenario_io.h"
#include "tests/support/scenario_file.h"

namespace {

sandtable::pb::Scenario load(const std::string& name) { return sandtable::load_scenario_file("bg/" + name + ".json"); }

void play(benchmark::State& state, const char* name) {
  const auto scenario = load(name);
  const auto& rules = *sandtable::builtin_registry().find("battleground");
  std::uint64_t seed = 1, commands = 0, events = 0;
  for (auto _ : state) {
    sandtable::AutoplayOptions o;
    o.seed = seed++;
    o.keep_log = true;
    auto r = sandtable::autoplay(rules, scenario, o);
    if (!r.finished) state.SkipWithError(r.error.c_str());
    commands += r.commands;
    events += r.log.size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["commands/game"] = benchmark::Counter(static_cast<double>(commands), benchmark::Counter::kAvgIterations);
  state.counters["events/game"] = benchmark::Counter(static_cast<double>(events), benchmark::Counter::kAvgIterations);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_BgGameCrossroads(benchmark::State& s) { play(s, "crossroads"); }
void BM_BgGameVillageAssault(benchmark::State& s) { play(s, "village-assault"); }
void BM_BgGameCombinedArms(benchmark::State& s) { play(s, "combined-arms"); }
BENCHMARK(BM_BgGameCrossroads)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BgGameVillageAssault)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BgGameCombinedArms)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
