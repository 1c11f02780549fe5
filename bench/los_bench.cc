// Line-of-sight and segment-in-polygon throughput on a busy free table: 60" x 48", 40 terrain
// polygons (6-10 vertices, star-shaped, some not convex; opaque / limited 6" / transparent) and
// 60 unit footprints (rectangles, 4 in 5 blocking). Endpoints are uniform on the table, drawn from
// Pcg32 so every run measures the same lines. items_per_second = LOS checks per second.
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/core/rng.h"
#include "engine/geom/los.h"

namespace sandtable::geom {
namespace {

constexpr double kTableW = 60, kTableH = 48;

double uniform(Pcg32& rng, double lo, double hi) { return lo + (hi - lo) * (rng.next() / 4294967296.0); }

Polygon star(Pcg32& rng, Vec2 c) {
  const int n = 6 + static_cast<int>(rng.below(5));
  std::vector<Vec2> v;
  for (int k = 0; k < n; ++k) {
    const int half_deg = k * 720 / n + static_cast<int>(rng.below(720 / n / 2));
    v.push_back(c + Facing::from_half_degrees(half_deg).forward() * uniform(rng, 1.5, 4.0));
  }
  return Polygon(v);
}

struct Table {
  LosWorld world;
  std::vector<Polygon> terrain;
  std::vector<std::pair<Vec2, Vec2>> lines;
  std::vector<std::pair<Vec2, Vec2>> clear_lines;
};

const Table& table() {
  static const Table t = [] {
    Table t;
    Pcg32 rng(2024);
    for (int i = 0; i < 40; ++i) {
      Polygon p = star(rng, {uniform(rng, 4, kTableW - 4), uniform(rng, 4, kTableH - 4)});
      t.terrain.push_back(p);
      const int kind = i % 4;  // hills/buildings, woods, woods, brush
      t.world.add_terrain(i, p, kind == 0 ? SightRule::opaque() : kind == 3 ? SightRule::transparent() : SightRule::limited(6));
    }
    for (int i = 0; i < 60; ++i) {
      const Vec2 c{uniform(rng, 1, kTableW - 1), uniform(rng, 1, kTableH - 1)};
      t.world.add_footprint(1000 + i, rectangle(c, Facing::from_degrees(static_cast<int>(rng.below(360))),
                                                uniform(rng, 1, 3), uniform(rng, 0.75, 2)),
                            i % 5 != 0);
    }
    for (int i = 0; i < 8192; ++i) {
      const Vec2 a{uniform(rng, 0, kTableW), uniform(rng, 0, kTableH)};
      const Vec2 b{uniform(rng, 0, kTableW), uniform(rng, 0, kTableH)};
      t.lines.push_back({a, b});
      if (t.world.clear(a, b)) t.clear_lines.push_back({a, b});
    }
    return t;
  }();
  return t;
}

void run_lines(benchmark::State& state, const std::vector<std::pair<Vec2, Vec2>>& lines) {
  const Table& t = table();
  std::size_t i = 0;
  long clear = 0;
  for (auto _ : state) {
    const auto& [a, b] = lines[i];
    const bool c = t.world.clear(a, b);
    clear += c;
    benchmark::DoNotOptimize(c);
    if (++i == lines.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["clear_fraction"] = static_cast<double>(clear) / static_cast<double>(state.iterations());
}

// Random endpoints: most lines are blocked and stop at the first blocker.
void BM_LosRandomLines(benchmark::State& state) { run_lines(state, table().lines); }
BENCHMARK(BM_LosRandomLines);

// Only lines that turn out clear: every candidate feature must be tested (the worst case).
void BM_LosClearLinesOnly(benchmark::State& state) { run_lines(state, table().clear_lines); }
BENCHMARK(BM_LosClearLinesOnly);

// Viewer and target footprints ignored, as a rule would call it.
void BM_LosRandomLinesWithIgnore(benchmark::State& state) {
  const Table& t = table();
  const int ignore[2] = {1003, 1017};
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = t.lines[i];
    benchmark::DoNotOptimize(t.world.clear(a, b, ignore));
    if (++i == t.lines.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LosRandomLinesWithIgnore);

// Length of a random segment inside one 6-10 vertex terrain polygon (segments that hit its box).
void BM_SegmentInsideLength(benchmark::State& state) {
  const Table& t = table();
  Pcg32 rng(7);
  std::vector<std::pair<const Polygon*, Segment>> cases;
  for (int i = 0; i < 4096; ++i) {
    const Polygon& p = t.terrain[rng.below(static_cast<std::uint32_t>(t.terrain.size()))];
    const Box& b = p.box();
    cases.push_back({&p, {{uniform(rng, b.lo.x - 2, b.hi.x + 2), uniform(rng, b.lo.y - 2, b.hi.y + 2)},
                          {uniform(rng, b.lo.x - 2, b.hi.x + 2), uniform(rng, b.lo.y - 2, b.hi.y + 2)}}});
  }
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(inside_length(*cases[i].first, cases[i].second));
    if (++i == cases.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SegmentInsideLength);

}  // namespace
}  // namespace sandtable::geom

BENCHMARK_MAIN();
