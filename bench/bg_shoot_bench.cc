// Battleground shooting resolutions per second on one core (target >= 5M/s). A resolution is the
// pure step from a unit's state and the dice faces to net hits: shooters counted, pool built,
// hit face from the grade ladder, dice resolved (BG-FIRE-01..07, BG-VEH-02/06). LOS and
// protection (geometry) and Game::execute are not included.
// Run: build/release/bench/bg_shoot_bench (Release build).
#include <benchmark/benchmark.h>

#include <array>
#include <vector>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/core/rng.h"

namespace sandtable::bg {
namespace {

// 256 pre-rolled sets of faces so the loop measures resolution, not the generator.
struct Faces {
  std::array<std::array<int, 16>, 256> sets{};
  Faces() {
    Pcg32 rng(7);
    for (auto& s : sets) {
      for (int& f : s) f = static_cast<int>(rng.below(6)) + 1;
    }
  }
};

Unit nine_figures() {
  Unit u;
  u.id.assign(1, 'a');  // GCC 12 misreports string literal assignment here (-Wrestrict)
  for (int i = 0; i < 9; ++i) {
    Figure f;
    f.id = std::to_string(i);
    f.id.insert(f.id.begin(), 'f');
    f.kind = i < 2 ? FigureKind::kLeader : i < 4 ? FigureKind::kHeavyWeapon : FigureKind::kRifle;
    u.figures.push_back(f);
  }
  return u;
}

// The dice alone: BG-EX-02's pool (6 white, 2 blue, 3 red).
void BM_ResolveDice(benchmark::State& state) {
  static const Faces faces;
  DicePool p;
  p.white = 6;
  p.blue = 2;
  p.red = 3;
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& s = faces.sets[i++ & 255];
    const std::span<const int> all(s);
    benchmark::DoNotOptimize(resolve(p, all.subspan(0, 6), all.subspan(6, 2), all.subspan(8, 3)));
  }
  state.SetItemsProcessed(state.iterations());
}

// From the shooter's state: count shooters, build the pool, grade ladder, resolve.
void BM_ResolveFromState(benchmark::State& state) {
  static const Faces faces;
  const Unit u = nine_figures();
  Options o;
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& s = faces.sets[i++ & 255];
    const Shooters sh = count_shooters(o, u, TargetClass::kInfantry, 8.0);
    DicePool p = infantry_dice(sh, (i & 1) != 0, false, false);
    p.red = 3;
    p.hit_from = hit_from(o, u.grade, 0);
    const std::span<const int> all(s);
    benchmark::DoNotOptimize(resolve(p, all.subspan(0, static_cast<std::size_t>(p.white)),
                                     all.subspan(8, static_cast<std::size_t>(p.blue)), all.subspan(12, 3)));
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_ResolveDice);
BENCHMARK(BM_ResolveFromState);

}  // namespace
}  // namespace sandtable::bg

BENCHMARK_MAIN();
