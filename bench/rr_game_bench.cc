// Full Rookie Rules bot-vs-bot games: each iteration plays one whole game of a demo scenario
// with a new seed (every card, every shot on the chart, spotting after every move and shot).
#include "bench/bot_games.h"

namespace {

void BM_RrGameFarmAssault(benchmark::State& s) { sandtable::bench::play_bot_games(s, "rookie-rules", "rookie/farm-assault.json"); }
void BM_RrGameCrossroadsArmour(benchmark::State& s) {
  sandtable::bench::play_bot_games(s, "rookie-rules", "rookie/crossroads-armour.json");
}
BENCHMARK(BM_RrGameFarmAssault)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RrGameCrossroadsArmour)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
