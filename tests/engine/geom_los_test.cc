// Line of sight (engine/geom/los.h): the BG worked examples, the tie rules and properties.
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <vector>

#include "engine/core/rng.h"
#include "engine/geom/los.h"

namespace sandtable::geom {
namespace {

double uniform(Pcg32& rng, double lo, double hi) { return lo + (hi - lo) * (rng.next() / 4294967296.0); }

// A disc of radius r as a 72-gon circumscribing it (so the polygon covers the whole disc).
Polygon disc(Vec2 c, double r) {
  std::vector<Vec2> v;
  const double R = r / table_cos_half_degrees(5);  // circumradius: apothem = r
  for (int k = 0; k < 72; ++k) v.push_back(c + Facing::from_half_degrees(10 * k).forward() * R);
  return Polygon(v);
}

// BG-EX-04 (LOS diagram 1): units as solid 1"-radius discs; an opaque building square.
TEST(GeomLos, BG_EX_04_LosDiagramOne) {
  const Vec2 u1{4.2, 0.0}, u2{5.6, 3.5}, u3{9.8, 2.8}, u4{11.9, 7.0}, u5{2.8, 9.8}, u6{2.8, 14.7}, u7{14.0, 11.2};
  const Vec2 units[] = {u1, u2, u3, u4, u5, u6, u7};
  LosWorld w;
  constexpr int kBuilding = 100;
  w.add_terrain(kBuilding, axis_rectangle(5.6, 5.6, 8.4, 8.4), SightRule::opaque());
  for (int i = 0; i < 7; ++i) w.add_footprint(i + 1, disc(units[i], 1.0), true);  // all >= 3 figures
  auto clear = [&](int from, int to) {
    const int ignore[] = {from, to};
    return w.clear(units[from - 1], units[to - 1], ignore);
  };
  EXPECT_FALSE(clear(1, 6));  // blocked by U5
  EXPECT_EQ(*w.blocker(u1, u6, std::vector<int>{1, 6}), 5);
  EXPECT_TRUE(clear(1, 5));
  EXPECT_TRUE(clear(2, 5));
  EXPECT_TRUE(clear(2, 6));   // passes between the building and U5
  EXPECT_FALSE(clear(3, 5));  // the building
  EXPECT_EQ(*w.blocker(u3, u5, std::vector<int>{3, 5}), kBuilding);
  EXPECT_FALSE(clear(3, 7));  // U4
  EXPECT_EQ(*w.blocker(u3, u7, std::vector<int>{3, 7}), 4);
  // An oval unit in the building: target point = building centre, the building itself ignored
  // (BG-TER-09 ranges from the building centre).
  const Vec2 house{7, 7};
  auto at_house = [&](int from) {
    const int ignore[] = {from, kBuilding};
    return w.clear(units[from - 1], house, ignore);
  };
  EXPECT_FALSE(at_house(1));  // blocked by U2
  EXPECT_TRUE(at_house(2));
  EXPECT_TRUE(at_house(3));
  EXPECT_TRUE(at_house(4));
}

// BG-EX-05 / BG-LOS-03: figure-level blocking by 5/8" square bases; BG-LOS-02: a 2-figure unit
// never blocks.
TEST(GeomLos, BG_EX_05_FigureLevelBlockingAndSmallUnitsTransparent) {
  const double xs[] = {6.0, 6.7, 7.4, 8.1, 8.8}, ys[] = {1.0, 1.7};
  LosWorld big, small;
  int fig = 0;
  for (double y : ys)
    for (double x : xs) {
      const Polygon base = axis_rectangle(x - 0.3125, y - 0.3125, x + 0.3125, y + 0.3125);
      big.add_footprint(7, base, true);  // 10 figures: blocks
      if (fig++ < 2) small.add_footprint(7, base, false);  // BG-LOS-02: 2 figures never block
    }
  const Vec2 shooter{0, 0}, t1{12, 4.2}, t2{12, 0.6};
  EXPECT_FALSE(big.clear(shooter, t1));  // crosses exactly one base (6.0, 1.7)
  EXPECT_TRUE(big.clear(shooter, t2));   // passes 0.23" clear of the nearest base
  EXPECT_TRUE(small.clear(shooter, t1));
  EXPECT_TRUE(small.clear(shooter, t2));
  // The same bases as two 2-figure units side by side... each unit decides for itself.
  LosWorld pairwise;
  pairwise.add_footprint(1, axis_rectangle(5.6875, 1.3875, 6.3125, 2.0125), false);
  pairwise.add_footprint(1, axis_rectangle(6.3875, 1.3875, 7.0125, 2.0125), false);
  EXPECT_TRUE(pairwise.clear(shooter, t1));
}

// BG-LOS-04: woods can be seen into/through for 6" only; exactly 6" is still clear; the part next
// to a viewer inside the woods counts too.
TEST(GeomLos, BG_LOS_04_WoodsSixInchLimit) {
  LosWorld w;
  w.add_terrain(1, axis_rectangle(10, 0, 20, 10), SightRule::limited(6));
  EXPECT_TRUE(w.clear({0, 5}, {16, 5}));    // 6" inside exactly
  EXPECT_FALSE(w.clear({0, 5}, {16.01, 5}));
  EXPECT_FALSE(w.clear({0, 5}, {30, 5}));   // 10" through
  EXPECT_TRUE(w.clear({0, 11}, {30, 11}));  // beside the wood over clear ground
  EXPECT_TRUE(w.clear({0, 10}, {30, 10}));  // along its edge: not inside
  // A viewer inside the wood: its own stretch of wood counts (documented; keeps LOS symmetric).
  EXPECT_TRUE(w.clear({14, 5}, {30, 5}));   // 6" of wood between viewer and the far edge
  EXPECT_FALSE(w.clear({12, 5}, {30, 5}));  // 8" of wood
  EXPECT_FALSE(w.clear({30, 5}, {12, 5}));  // and the same the other way round
  // Each wood is measured on its own: two 4" woods in a row do not add up.
  LosWorld two;
  two.add_terrain(1, axis_rectangle(10, 0, 14, 10), SightRule::limited(6));
  two.add_terrain(2, axis_rectangle(20, 0, 24, 10), SightRule::limited(6));
  EXPECT_TRUE(two.clear({0, 5}, {30, 5}));
}

// Tie rules for opaque terrain: grazing an edge or touching a corner does not block.
TEST(GeomLos, BG_LOS_04_OpaqueGrazingAndCorners) {
  LosWorld w;
  w.add_terrain(1, axis_rectangle(10, 10, 20, 20), SightRule::opaque());  // a hill
  w.add_terrain(2, axis_rectangle(30, 0, 40, 10), SightRule::transparent());  // brush
  EXPECT_FALSE(w.clear({0, 15}, {30, 15}));
  EXPECT_TRUE(w.clear({0, 10}, {30, 10}));   // along the edge
  EXPECT_TRUE(w.clear({0, 20}, {10, 10}));   // ends on the corner
  EXPECT_FALSE(w.clear({5, 25}, {25, 5}));   // through the middle
  EXPECT_TRUE(w.clear({10, 30}, {30, 10}));  // x + y = 40 touches only the corner (20, 20)
  EXPECT_FALSE(w.clear({10, 30}, {30, 9.99}));
  EXPECT_TRUE(w.clear({25, 5}, {45, 5}));    // brush is transparent

}

TEST(GeomLos, BG_LOS_01_ViewerAndTargetFootprintsAreIgnored) {
  LosWorld w;
  w.add_footprint(1, rectangle({0, 0}, Facing(), 2, 3), true);    // the shooter's own unit
  w.add_footprint(2, rectangle({10, 0}, Facing(), 2, 3), true);   // the target
  w.add_footprint(3, rectangle({20, 0}, Facing(), 2, 3), true);   // a unit behind the target
  EXPECT_FALSE(w.clear({0, 0}, {10, 0}));
  EXPECT_EQ(*w.blocker({0, 0}, {10, 0}), 1);
  const int ignore[] = {1, 2};
  EXPECT_TRUE(w.clear({0, 0}, {10, 0}, ignore));
  EXPECT_FALSE(w.clear({0, 0}, {20, 0}, ignore));  // the target itself now blocks a shot beyond it
  EXPECT_TRUE(w.clear({5, 5}, {5, 5}));            // a zero-length line is clear
}

// The index is built at the first question, not at each addition: what is added after a question
// must be indexed again, including what widens the indexed area.
TEST(GeomLos, WhatIsAddedAfterAQuestionCountsInTheNext) {
  LosWorld w;
  w.add_footprint(1, rectangle({0, 0}, Facing(), 1, 1), true);
  EXPECT_TRUE(w.clear({5, -5}, {5, 5}));
  w.add_terrain(7, axis_rectangle(4, -1, 6, 1), SightRule::opaque());  // inside the area indexed so far
  EXPECT_EQ(w.blocker({5, -5}, {5, 5}), std::optional<int>(7));
  EXPECT_TRUE(w.clear({40, -5}, {40, 5}));
  w.add_footprint(2, rectangle({40, 0}, Facing(), 1, 1), true);  // far outside it
  EXPECT_EQ(w.blocker({40, -5}, {40, 5}), std::optional<int>(2));
  EXPECT_EQ(w.blocker({5, -5}, {5, 5}), std::optional<int>(7));
}

TEST(GeomLos, BadWorldsAreRefused) {
  LosWorld w;
  w.add_terrain(1, axis_rectangle(0, 0, 1, 1), SightRule::opaque());
  EXPECT_THROW(w.add_terrain(1, axis_rectangle(0, 0, 1, 1), SightRule::opaque()), std::invalid_argument);
  EXPECT_THROW(w.add_footprint(1, axis_rectangle(0, 0, 1, 1), true), std::invalid_argument);
  EXPECT_THROW(w.add_terrain(2, axis_rectangle(0, 0, 1, 1), SightRule::limited(-1)), std::invalid_argument);
  w.add_footprint(5, axis_rectangle(3, 3, 4, 4), true);
  w.add_footprint(5, axis_rectangle(5, 3, 6, 4), true);  // a second base of the same unit is fine
  EXPECT_THROW(w.add_terrain(5, axis_rectangle(0, 0, 1, 1), SightRule::opaque()), std::invalid_argument);
}

Polygon star(Pcg32& rng, Vec2 c) {
  const int n = 6 + static_cast<int>(rng.below(5));
  std::vector<Vec2> v;
  for (int k = 0; k < n; ++k) {
    const int half_deg = k * 720 / n + static_cast<int>(rng.below(720 / n / 2));
    v.push_back(c + Facing::from_half_degrees(half_deg).forward() * uniform(rng, 1.5, 4.0));
  }
  return Polygon(v);
}

// Properties on the benchmark's kind of table: LOS is symmetric, and the grid-indexed answer
// equals a brute-force test of every feature (the index never hides a blocker).
TEST(GeomLos, PropertySymmetricAndEqualToBruteForce) {
  Pcg32 rng(2024);
  LosWorld w;
  struct Feature {
    Polygon shape;
    double limit;
    bool blocks;
  };
  std::vector<Feature> all;
  for (int i = 0; i < 40; ++i) {
    Polygon p = star(rng, {uniform(rng, 4, 56), uniform(rng, 4, 44)});
    const int kind = i % 4;
    const SightRule rule = kind == 0 ? SightRule::opaque() : kind == 3 ? SightRule::transparent() : SightRule::limited(6);
    all.push_back({p, rule.limit, kind != 3});
    w.add_terrain(i, p, rule);
  }
  for (int i = 0; i < 60; ++i) {
    Polygon p = rectangle({uniform(rng, 1, 59), uniform(rng, 1, 47)}, Facing::from_degrees(static_cast<int>(rng.below(360))),
                          uniform(rng, 1, 3), uniform(rng, 0.75, 2));
    all.push_back({p, 0, i % 5 != 0});
    w.add_footprint(1000 + i, p, i % 5 != 0);
  }
  int clear_count = 0;
  for (int i = 0; i < 5000; ++i) {
    Vec2 a{uniform(rng, 0, 60), uniform(rng, 0, 48)}, b{uniform(rng, 0, 60), uniform(rng, 0, 48)};
    if (i % 10 == 0) b = {a.x, b.y};  // some vertical
    if (i % 10 == 1) b = {b.x, a.y};  // and horizontal lines
    const bool c = w.clear(a, b);
    EXPECT_EQ(c, w.clear(b, a));
    const Vec2 lo = lex_less(a, b) ? a : b, hi = lex_less(a, b) ? b : a;
    bool brute = true;
    for (const Feature& f : all)
      if (f.blocks && beyond(inside_length(f.shape, {lo, hi}), f.limit)) brute = false;
    EXPECT_EQ(c, brute) << i;
    clear_count += c;
  }
  EXPECT_GT(clear_count, 300);
  EXPECT_LT(clear_count, 4700);
}

}  // namespace
}  // namespace sandtable::geom
