// Full Portable Wargame bot-vs-bot games (the target: median <= 1 ms on one core).
// Each iteration plays one whole game of a demo scenario with a new seed.
#include "bench/bot_games.h"

namespace {

void BM_PwGameMeetingEngagement(benchmark::State& s) {
  sandtable::bench::play_bot_games(s, "portable-wargame-19c", "pw/meeting-engagement.json");
}
void BM_PwGameEntrenchedAssault(benchmark::State& s) {
  sandtable::bench::play_bot_games(s, "portable-wargame-19c", "pw/entrenched-assault.json");
}
BENCHMARK(BM_PwGameMeetingEngagement)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PwGameEntrenchedAssault)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
