// Facing, fronts, arcs, flanks, quadrants, distances and the tie rules of engine/geom/arcs.h and
// vec.h (docs/geometry.md).
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "engine/core/rng.h"
#include "engine/geom/arcs.h"

namespace sandtable::geom {
namespace {

double uniform(Pcg32& rng, double lo, double hi) { return lo + (hi - lo) * (rng.next() / 4294967296.0); }
Vec2 random_point(Pcg32& rng) { return {uniform(rng, 0, 60), uniform(rng, 0, 48)}; }

TEST(GeomFacing, QuarterTurnsAreExact) {
  EXPECT_EQ(Facing::from_degrees(0).forward(), (Vec2{0, 1}));    // north = +y
  EXPECT_EQ(Facing::from_degrees(90).forward(), (Vec2{1, 0}));   // clockwise: east
  EXPECT_EQ(Facing::from_degrees(180).forward(), (Vec2{0, -1}));
  EXPECT_EQ(Facing::from_degrees(270).forward(), (Vec2{-1, 0}));
  EXPECT_EQ(Facing::from_degrees(-90).forward(), (Vec2{-1, 0}));
  EXPECT_EQ(Facing::from_degrees(450).forward(), (Vec2{1, 0}));
  EXPECT_EQ(Facing::from_degrees(0).right(), (Vec2{1, 0}));
}

TEST(GeomFacing, TableMatchesTrueSineAndIsExactAtThirty) {
  EXPECT_EQ(table_sin_half_degrees(60), 0.5);  // sin 30
  EXPECT_EQ(table_cos_half_degrees(120), 0.5);  // cos 60
  for (int k = 0; k < 720; ++k) {
    const double rad = k * 0.5 * 3.14159265358979323846 / 180;
    EXPECT_NEAR(table_sin_half_degrees(k), std::sin(rad), 4e-15) << k;
    EXPECT_NEAR(table_cos_half_degrees(k), std::cos(rad), 4e-15) << k;
  }
}

TEST(GeomFacing, TowardNormalisesAndRejectsAPoint) {
  const Facing f = Facing::toward({1, 1}, {4, 5});
  EXPECT_DOUBLE_EQ(f.forward().x, 0.6);
  EXPECT_DOUBLE_EQ(f.forward().y, 0.8);
  EXPECT_NEAR(Facing::from_degrees(37).degrees_for_display(), 37.0, 1e-9);
  EXPECT_THROW(Facing::toward({2, 2}, {2, 2}), std::invalid_argument);
}

// BG-MOVE-02 / BG-LOS-05: the front is the open half-plane ahead of the facing line.
TEST(GeomFront, BG_MOVE_02_FrontHalfPlaneAndTheLineItself) {
  const Vec2 c{10, 10};
  const Facing north = Facing::from_degrees(0);
  EXPECT_TRUE(in_front(c, north, {30, 10.5}));
  EXPECT_FALSE(in_front(c, north, {30, 9.5}));
  // Exactly on the facing line: neither in front nor behind (documented tie rule).
  EXPECT_FALSE(in_front(c, north, {30, 10}));
  EXPECT_FALSE(behind(c, north, {30, 10}));
  // Within kEps of the line still counts as on it.
  EXPECT_FALSE(in_front(c, north, {30, 10 + kEps / 2}));
  EXPECT_TRUE(in_front(c, north, {30, 10 + 2 * kEps}));
}

// BG-FIRE-12 / BG-VEH-08: flank = shooter's CoM behind the target's facing line.
TEST(GeomFront, BG_FIRE_12_FlankAttackOnlyFromBehindTheCentreline) {
  const Vec2 target{20, 20};
  const Facing east = Facing::from_degrees(90);
  EXPECT_TRUE(flank_attack(target, east, {15, 40}));   // behind (west of the line x = 20)
  EXPECT_FALSE(flank_attack(target, east, {25, 0}));   // in front
  EXPECT_FALSE(flank_attack(target, east, {20, 35}));  // on the centreline: not a flank shot
}

// BG-VEH-10: bow arc 90 degrees from the centre of the front edge.
TEST(GeomArcs, BG_VEH_10_BowArcFromTheFrontEdgeCentre) {
  const Hull tank{{10, 10}, Facing::from_degrees(0), 4, 2};
  EXPECT_EQ(tank.front_edge_centre(), (Vec2{10, 12}));
  EXPECT_TRUE(in_bow_arc(tank, {10, 20}));
  EXPECT_TRUE(in_bow_arc(tank, {13.9, 16}));
  EXPECT_FALSE(in_bow_arc(tank, {14, 16}));   // exactly on the 45-degree edge: outside
  EXPECT_FALSE(in_bow_arc(tank, {14.1, 16}));
  // Ahead of the centre but not of the front edge's arc apex.
  EXPECT_TRUE(in_front(tank.centre, tank.facing, {12, 11.5}));
  EXPECT_FALSE(in_bow_arc(tank, {12, 11.5}));
  EXPECT_FALSE(in_bow_arc(tank, tank.front_edge_centre()));  // the apex itself
}

TEST(GeomArcs, WidthLimitsAndFullCircle) {
  const Facing f = Facing::from_degrees(45);
  EXPECT_TRUE(in_arc({0, 0}, f, 360, {0, 0}));
  EXPECT_TRUE(in_arc({0, 0}, f, 360, {-3, -3}));
  EXPECT_TRUE(in_arc({0, 0}, f, 270, {3, -2}));
  EXPECT_FALSE(in_arc({0, 0}, f, 270, {-3, -3.1}));
  EXPECT_FALSE(in_arc({0, 0}, f, 1, {3, 2}));
  EXPECT_TRUE(in_arc({0, 0}, f, 1, {3, 3}));
  EXPECT_THROW(in_arc({0, 0}, f, 0, {1, 1}), std::invalid_argument);
  EXPECT_THROW(in_arc({0, 0}, f, 361, {1, 1}), std::invalid_argument);
}

// Property: a point in a 90-degree arc is in the 180-degree front; the 180 arc IS the front.
TEST(GeomArcs, PropertyNarrowArcsLieInTheFront) {
  Pcg32 rng(11);
  int in90 = 0;
  for (int i = 0; i < 20000; ++i) {
    const Vec2 c = random_point(rng);
    const Facing f = Facing::from_degrees(static_cast<int>(rng.below(360)));
    const Vec2 p = random_point(rng);
    const int w = 1 + static_cast<int>(rng.below(180));
    if (in_arc(c, f, 90, p)) {
      ++in90;
      EXPECT_TRUE(in_front(c, f, p));
    }
    EXPECT_TRUE(!in_arc(c, f, w, p) || in_front(c, f, p));
    EXPECT_EQ(in_arc(c, f, 180, p), in_front(c, f, p));
    const Hull h{c, f, uniform(rng, 1, 5), uniform(rng, 1, 3)};
    EXPECT_TRUE(!in_bow_arc(h, p) || in_front(c, f, p));
  }
  EXPECT_GT(in90, 3000);  // the property was exercised
}

// BG-OPT-01: attack quarter by the hull's diagonals.
TEST(GeomQuadrant, BG_OPT_01_QuadrantsByDiagonals) {
  const Hull tank{{0, 0}, Facing::from_degrees(0), 4, 2};  // diagonals through (+-1, +-2)
  EXPECT_EQ(hull_quadrant(tank, {0, 5}), Quadrant::kFront);
  EXPECT_EQ(hull_quadrant(tank, {5, 0}), Quadrant::kSide);
  EXPECT_EQ(hull_quadrant(tank, {-5, 1}), Quadrant::kSide);
  EXPECT_EQ(hull_quadrant(tank, {0, -5}), Quadrant::kRear);
  // On a diagonal: front or rear, never side (documented tie rule).
  EXPECT_EQ(hull_quadrant(tank, {2, 4}), Quadrant::kFront);
  EXPECT_EQ(hull_quadrant(tank, {-2, -4}), Quadrant::kRear);
  EXPECT_EQ(hull_quadrant(tank, {2.01, 4}), Quadrant::kSide);
  const Hull turned{{0, 0}, Facing::from_degrees(90), 4, 2};  // facing east
  EXPECT_EQ(hull_quadrant(turned, {5, 0}), Quadrant::kFront);
  EXPECT_EQ(hull_quadrant(turned, {0, 5}), Quadrant::kSide);
}

// BG-MOVE-08 facing-change cost bands need "turned at most 90 / 180 degrees".
TEST(GeomTurn, BG_MOVE_08_TurnBands) {
  const Facing n = Facing::from_degrees(0);
  EXPECT_TRUE(turn_at_most(n, Facing::from_degrees(90), 90));  // exactly 90 is "up to 90"
  EXPECT_TRUE(turn_at_most(n, Facing::from_degrees(-90), 90));
  EXPECT_FALSE(turn_at_most(n, Facing::from_degrees(91), 90));
  EXPECT_TRUE(turn_at_most(n, Facing::from_degrees(45), 90));
  EXPECT_TRUE(turn_at_most(n, Facing::from_degrees(180), 180));
  EXPECT_TRUE(turn_at_most(n, n, 0));
  EXPECT_FALSE(turn_at_most(n, Facing::from_degrees(1), 0));
  EXPECT_THROW(turn_at_most(n, n, 181), std::invalid_argument);
}

TEST(GeomDistance, WithinIsInclusiveAndTolerant) {
  EXPECT_TRUE(within_distance({0, 0}, {6, 0}, 6));  // exactly 6" is within 6"
  EXPECT_TRUE(within_distance({0, 0}, {3, 4}, 5));
  EXPECT_TRUE(within(6 + kEps / 2, 6));
  EXPECT_FALSE(within(6 + 1e-6, 6));
  EXPECT_TRUE(beyond(6 + 1e-6, 6));
  EXPECT_FALSE(beyond(6, 6));
  // 0.1 + 0.2 != 0.3 in doubles; the tolerance makes the rule outcome exact.
  EXPECT_TRUE(same_length(0.1 + 0.2, 0.3));
}

TEST(GeomDistance, PropertySymmetryAndTriangleInequality) {
  Pcg32 rng(5);
  for (int i = 0; i < 20000; ++i) {
    const Vec2 a = random_point(rng), b = random_point(rng), c = random_point(rng);
    EXPECT_EQ(distance(a, b), distance(b, a));
    EXPECT_TRUE(within(distance(a, c), distance(a, b) + distance(b, c)));
  }
}

TEST(GeomCentroid, MeanOfFigurePositions) {
  const std::vector<Vec2> figures{{0, 0}, {2, 0}, {2, 2}, {0, 2}};
  EXPECT_EQ(centroid(figures), (Vec2{1, 1}));
  EXPECT_THROW(centroid(std::vector<Vec2>{}), std::invalid_argument);
}

}  // namespace
}  // namespace sandtable::geom
