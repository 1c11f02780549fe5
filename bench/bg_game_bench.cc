// Full Battleground bot-vs-bot games (the target: median <= 10 ms on one core).
// Each iteration plays one whole game of a demo scenario with a new seed.
#include "bench/bot_games.h"

namespace {

void BM_BgGameCrossroads(benchmark::State& s) { sandtable::bench::play_bot_games(s, "battleground", "bg/crossroads.json"); }
void BM_BgGameVillageAssault(benchmark::State& s) { sandtable::bench::play_bot_games(s, "battleground", "bg/village-assault.json"); }
void BM_BgGameCombinedArms(benchmark::State& s) { sandtable::bench::play_bot_games(s, "battleground", "bg/combined-arms.json"); }
BENCHMARK(BM_BgGameCrossroads)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BgGameVillageAssault)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BgGameCombinedArms)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
