// Full One-Hour Wargames WWII bot-vs-bot games: each iteration plays one whole game of a demo
// scenario with a new seed (every move's line of sight, Threat and path checks included).
#include "bench/bot_games.h"

namespace {

void BM_OhGameVillageAttack(benchmark::State& s) { sandtable::bench::play_bot_games(s, "one-hour-ww2", "oh/village-attack.json"); }
void BM_OhGameRiverCrossing(benchmark::State& s) { sandtable::bench::play_bot_games(s, "one-hour-ww2", "oh/river-crossing.json"); }
BENCHMARK(BM_OhGameVillageAttack)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OhGameRiverCrossing)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
