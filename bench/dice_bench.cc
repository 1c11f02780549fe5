// Dice and card throughput: how many draws per second the engine's seeded generator gives.
// Run: build/release/bench/dice_bench (a Release build; figures are per core).
#include <benchmark/benchmark.h>

#include "engine/core/cards.h"
#include "engine/core/dice.h"

namespace sandtable {
namespace {

void roll_kind(benchmark::State& state, pb::DieKind kind) {
  RngDice dice{Pcg32(1)};
  for (auto _ : state) benchmark::DoNotOptimize(dice.roll(kind));
  state.SetItemsProcessed(state.iterations());
}

void BM_D6(benchmark::State& state) { roll_kind(state, pb::DIE_KIND_D6); }
void BM_D20(benchmark::State& state) { roll_kind(state, pb::DIE_KIND_D20); }
void BM_AverageDie(benchmark::State& state) { roll_kind(state, pb::DIE_KIND_AVERAGE); }
void BM_Percentile(benchmark::State& state) { roll_kind(state, pb::DIE_KIND_PERCENTILE); }

// A 4D6 pool summed (items = pools).
void BM_4d6Pool(benchmark::State& state) {
  RngDice dice{Pcg32(2)};
  for (auto _ : state) {
    int sum = 0;
    for (int i = 0; i < 4; ++i) sum += *dice.roll(pb::DIE_KIND_D6);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations());
}

// Battleground-like play: 7 cards a turn, then end_turn, so run-outs (BG-CARD-11) and their
// reshuffles are included in the cost (items = cards drawn).
void BM_CardDrawWithReshuffle(benchmark::State& state) {
  Pcg32 rng(3);
  CardDeck deck = CardDeck::standard_54();
  deck.shuffle_all(rng);
  int in_turn = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(deck.draw(rng));
    if (++in_turn == 7) {
      deck.end_turn(rng);
      in_turn = 0;
    }
  }
  state.SetItemsProcessed(state.iterations());
}

// A full 54-card shuffle (items = shuffles).
void BM_Shuffle54(benchmark::State& state) {
  Pcg32 rng(4);
  CardDeck deck = CardDeck::standard_54();
  for (auto _ : state) {
    deck.shuffle_all(rng);
    benchmark::DoNotOptimize(deck.draw_pile().data());
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_D6);
BENCHMARK(BM_D20);
BENCHMARK(BM_AverageDie);
BENCHMARK(BM_Percentile);
BENCHMARK(BM_4d6Pool);
BENCHMARK(BM_CardDrawWithReshuffle);
BENCHMARK(BM_Shuffle54);

}  // namespace
}  // namespace sandtable

BENCHMARK_MAIN();
