// What one check of the scenario editor costs the server (CheckScenario: read, validate, set the
// game up with seed 0, the GM's view of the opening, the palette, the JSON): the editor sends one
// after each change, so this is the price of a click. Every built-in scenario, as the message the
// editor sends.
//
//   build/release/bench/scenario_check_bench
#include <benchmark/benchmark.h>

#include "engine/model/scenario_check.h"
#include "tests/support/scenario_file.h"

namespace {

void BM_CheckScenario(benchmark::State& s, const std::string& file) {
  sandtable::pb::CheckScenario req;
  *req.mutable_scenario() = sandtable::load_scenario_file(file);
  const auto& registry = sandtable::builtin_registry();
  std::size_t bytes = 0;
  for (auto _ : s) {
    const auto out = sandtable::check_scenario(req, nullptr, registry);
    if (!out.problem().empty()) s.SkipWithError(out.problem().c_str());
    bytes = out.ByteSizeLong();
    benchmark::DoNotOptimize(bytes);
  }
  s.counters["reply_bytes"] = static_cast<double>(bytes);
}

const int kRegistered = [] {
  for (const auto& [ruleset, files] : sandtable::demo_scenarios_by_ruleset()) {
    for (const auto& file : files) {
      benchmark::RegisterBenchmark(("CheckScenario/" + file).c_str(), BM_CheckScenario, file)->Unit(benchmark::kMillisecond);
    }
  }
  return 0;
}();

}  // namespace

BENCHMARK_MAIN();
