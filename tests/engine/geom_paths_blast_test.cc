// Movement paths through terrain, linear obstacle crossings, blast rings and drift.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "engine/core/rng.h"
#include "engine/geom/blast.h"
#include "engine/geom/paths.h"

namespace sandtable::geom {
namespace {

double uniform(Pcg32& rng, double lo, double hi) { return lo + (hi - lo) * (rng.next() / 4294967296.0); }

// BG-TER-02: movement inside difficult terrain is halved = each inch inside costs 2.
TEST(GeomPaths, BG_TER_02_HalvedMovementInsideDifficultTerrain) {
  const Polygon woods = axis_rectangle(10, 0, 20, 10);
  const std::vector<Vec2> straight{{0, 5}, {30, 5}};
  const CostArea halving[] = {{&woods, 2}};
  EXPECT_DOUBLE_EQ(path_length(straight), 30);
  EXPECT_DOUBLE_EQ(path_inside_length(straight, woods), 10);
  EXPECT_DOUBLE_EQ(path_cost(straight, halving), 20 + 2 * 10);
  // A bent path: 5" in the open, then 4" in the woods, then 3" back out along y = 8 -> 11.
  const std::vector<Vec2> bent{{5, 5}, {10, 5}, {14, 5}, {14, 8}, {14, 13}};
  EXPECT_DOUBLE_EQ(path_length(bent), 17);
  EXPECT_DOUBLE_EQ(path_cost(bent, halving), 5 + 2 * 4 + 2 * 5 + 3);
  // Walking along the wood's edge is in the open.
  const std::vector<Vec2> edge{{10, 0}, {10, 10}};
  EXPECT_DOUBLE_EQ(path_cost(edge, halving), 10);
  // Overlapping areas: the largest factor applies, they do not stack (BG-TER-05 shale 1/3 = 3).
  const Polygon shale = axis_rectangle(15, 0, 25, 10);
  const CostArea both[] = {{&woods, 2}, {&shale, 3}};
  EXPECT_DOUBLE_EQ(path_cost(straight, both), 10 + 2 * 5 + 3 * 10 + 5);
  const CostArea bad[] = {{&woods, 0}};
  EXPECT_THROW(path_cost(straight, bad), std::invalid_argument);
}

// Property: cost lies between length and factor x length; inside length never exceeds length.
TEST(GeomPaths, PropertyCostBounds) {
  Pcg32 rng(17);
  const Polygon hill({{10, 10}, {20, 8}, {24, 16}, {16, 14}, {12, 22}});
  const CostArea halving[] = {{&hill, 2}};
  for (int i = 0; i < 2000; ++i) {
    std::vector<Vec2> path;
    for (int k = 0; k < 4; ++k) path.push_back({uniform(rng, 0, 30), uniform(rng, 0, 30)});
    const double len = path_length(path), in = path_inside_length(path, hill), cost = path_cost(path, halving);
    EXPECT_TRUE(within(in, len));
    EXPECT_NEAR(cost, len + in, 1e-9);
  }
}

// BG-TER-03: each crossing of a wall costs 3"; the geometry counts crossings.
TEST(GeomPaths, BG_TER_03_WallCrossings) {
  const std::vector<Vec2> wall{{10, 0}, {10, 10}};
  EXPECT_EQ(crossings(std::vector<Vec2>{{0, 5}, {20, 5}}, wall), 1);
  EXPECT_EQ(crossings(std::vector<Vec2>{{0, 5}, {20, 5}, {0, 7}}, wall), 2);
  EXPECT_EQ(crossings(std::vector<Vec2>{{0, 5}, {8, 5}}, wall), 0);
  EXPECT_EQ(crossings(std::vector<Vec2>{{0, 15}, {20, 15}}, wall), 0);  // past its end
  // Touching the wall and turning back, from either side: not a crossing.
  EXPECT_EQ(crossings(std::vector<Vec2>{{0, 5}, {10, 5}, {0, 6}}, wall), 0);
  EXPECT_EQ(crossings(std::vector<Vec2>{{20, 5}, {10, 5}, {20, 6}}, wall), 0);
  // Arriving on the wall, running along it, leaving on the far side: one crossing.
  EXPECT_EQ(crossings(std::vector<Vec2>{{5, 2}, {10, 2}, {10, 8}, {15, 8}}, wall), 1);
  // ...and leaving on the near side: none.
  EXPECT_EQ(crossings(std::vector<Vec2>{{5, 2}, {10, 2}, {10, 8}, {5, 8}}, wall), 0);
  // Through a bend of a wall (a vertex shared by two wall segments): once.
  const std::vector<Vec2> bent{{0, 0}, {10, 10}, {20, 0}};
  EXPECT_EQ(crossings(std::vector<Vec2>{{10, 20}, {10, 0}}, bent), 1);
  // Grazing the bend from outside: none.
  EXPECT_EQ(crossings(std::vector<Vec2>{{0, 10}, {20, 10}}, bent), 0);
  // Exactly through the wall's free end: going round its end, not over it.
  EXPECT_EQ(crossings(std::vector<Vec2>{{0, 0}, {20, 0}}, std::vector<Vec2>{{10, 0}, {10, 10}}), 0);
}

// BG-ART-02: the blast ring is 4" across.
TEST(GeomBlast, BG_ART_02_RingIsFourInchDiameter) {
  const Circle ring = blast_ring({10, 10});
  EXPECT_EQ(ring.radius, 2.0);
  EXPECT_EQ(kBlastDiameter, 4.0);
}

// BG-DX-14: aim point (20, 20); dice 2 and 5 drift 3" along the bearing; 4 and 4 do not drift.
TEST(GeomBlast, BG_DX_14_DriftDistanceAndDirection) {
  EXPECT_EQ(drift_inches(2, 5), 3);
  EXPECT_EQ(drift_inches(5, 2), 3);
  EXPECT_EQ(drifted_centre({20, 20}, 2, 5, compass_bearing(90)), (Vec2{23, 20}));
  EXPECT_EQ(drifted_centre({20, 20}, 2, 5, clock_bearing(12)), (Vec2{20, 23}));
  EXPECT_EQ(drifted_centre({20, 20}, 4, 4, compass_bearing(123)), (Vec2{20, 20}));
  const Vec2 d = drifted_centre({20, 20}, 1, 6, clock_bearing(2));  // 60 degrees, 5"
  EXPECT_NEAR(d.x, 20 + 5 * 0.8660254037844386, 1e-15);
  EXPECT_DOUBLE_EQ(d.y, 22.5);
  EXPECT_THROW(drift_inches(0, 3), std::invalid_argument);
  EXPECT_THROW(drift_inches(3, 7), std::invalid_argument);
  EXPECT_THROW(clock_bearing(13), std::invalid_argument);
  EXPECT_THROW(compass_bearing(360), std::invalid_argument);
}

// BG-EX-07 / BG-ART-04: after a 2" drift "down" the table some figures are still under the ring,
// and any part of a base under the ring counts (touching its edge included).
TEST(GeomBlast, BG_ART_04_AnyPartUnderTheRing) {
  const Vec2 centre = drifted_centre({30, 30}, 3, 5, compass_bearing(180));
  EXPECT_EQ(centre, (Vec2{30, 28}));
  const Circle ring = blast_ring(centre);
  const Polygon near_base = axis_rectangle(31.5, 29.5, 32.125, 30.125);  // corner 2.12" away
  const Polygon touching = axis_rectangle(32, 27, 33, 29);                // edge exactly 2" away
  const Polygon clear = axis_rectangle(32.01, 27, 33, 29);
  EXPECT_TRUE(under_ring(ring, axis_rectangle(29.5, 29.5, 30.125, 30.125)));
  EXPECT_FALSE(under_ring(ring, near_base));
  EXPECT_TRUE(under_ring(ring, touching));
  EXPECT_FALSE(under_ring(ring, clear));
  EXPECT_TRUE(under_ring(ring, Circle{{33, 28}, 1}));   // round base touching
  EXPECT_FALSE(under_ring(ring, Circle{{33.01, 28}, 1}));
}

// Property: "under the ring" is monotone in the ring's radius.
TEST(GeomBlast, PropertyUnderRingMonotoneInRadius) {
  Pcg32 rng(8);
  for (int i = 0; i < 5000; ++i) {
    const Polygon base = rectangle({uniform(rng, 0, 20), uniform(rng, 0, 20)}, Facing::from_degrees(static_cast<int>(rng.below(360))),
                                   uniform(rng, 0.5, 3), uniform(rng, 0.5, 2));
    const Vec2 c{uniform(rng, 0, 20), uniform(rng, 0, 20)};
    const double r = uniform(rng, 0, 4);
    EXPECT_TRUE(!under_ring({c, r}, base) || under_ring({c, r + uniform(rng, 0, 2)}, base));
  }
}

}  // namespace
}  // namespace sandtable::geom
