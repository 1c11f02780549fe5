// Polygons, circles and the inside-length / overlap primitives of engine/geom/shapes.h.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/geom/shapes.h"

namespace sandtable::geom {
namespace {

double uniform(Pcg32& rng, double lo, double hi) { return lo + (hi - lo) * (rng.next() / 4294967296.0); }

// A star-shaped 6-10 gon around c (simple by construction; often not convex).
Polygon star(Pcg32& rng, Vec2 c) {
  const int n = 6 + static_cast<int>(rng.below(5));
  std::vector<Vec2> v;
  for (int k = 0; k < n; ++k) {
    const int half_deg = k * 720 / n + static_cast<int>(rng.below(720 / n / 2));
    v.push_back(c + Facing::from_half_degrees(half_deg).forward() * uniform(rng, 1.5, 4.0));
  }
  return Polygon(v);
}

std::string error_of(std::vector<Vec2> v) {
  try {
    Polygon p(std::move(v));
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(GeomPolygon, BadPolygonsAreRefusedWithASentence) {
  EXPECT_NE(error_of({{0, 0}, {1, 0}}).find("at least 3 vertices"), std::string::npos);
  EXPECT_NE(error_of({{0, 0}, {1, 1}, {2, 2}}).find("collinear"), std::string::npos);
  EXPECT_NE(error_of({{0, 0}, {4, 4}, {4, 0}, {0, 3}}).find("not simple"), std::string::npos);  // bow tie
  EXPECT_NE(error_of({{0, 0}, {1, 0}, {1, 0}, {0, 1}}).find("zero-length edge"), std::string::npos);
  EXPECT_NE(error_of({{0, 0}, {4, 0}, {2, 0}, {2, 3}}).find("fold back"), std::string::npos);
  EXPECT_EQ(error_of({{0, 0}, {4, 0}, {4, 4}, {0, 4}}), "");
}

TEST(GeomPolygon, ConvexityAreaWindingAndRectangles) {
  const Polygon sq = axis_rectangle(0, 0, 10, 10);
  EXPECT_TRUE(sq.convex());
  EXPECT_TRUE(sq.anticlockwise());
  EXPECT_DOUBLE_EQ(sq.area(), 100);
  const Polygon ell({{0, 0}, {6, 0}, {6, 2}, {2, 2}, {2, 6}, {0, 6}});
  EXPECT_FALSE(ell.convex());
  EXPECT_DOUBLE_EQ(ell.area(), 20);
  // A 4 x 2 footprint facing east: long side along x.
  const Polygon r = rectangle({10, 10}, Facing::from_degrees(90), 4, 2);
  EXPECT_EQ(r.box().lo, (Vec2{8, 9}));
  EXPECT_EQ(r.box().hi, (Vec2{12, 11}));
  EXPECT_THROW(rectangle({0, 0}, Facing(), 0, 1), std::invalid_argument);
}

TEST(GeomPolygon, LocateWithBoundaryBand) {
  const Polygon ell({{0, 0}, {6, 0}, {6, 2}, {2, 2}, {2, 6}, {0, 6}});
  EXPECT_EQ(locate(ell, {1, 1}), Where::kInside);
  EXPECT_EQ(locate(ell, {4, 4}), Where::kOutside);  // in the notch
  EXPECT_EQ(locate(ell, {4, 2}), Where::kBoundary);
  EXPECT_EQ(locate(ell, {4, 2 + kEps / 2}), Where::kBoundary);
  EXPECT_EQ(locate(ell, {4, 2 - 1e-6}), Where::kInside);
  EXPECT_EQ(locate(ell, {6, 0}), Where::kBoundary);  // a vertex
  EXPECT_EQ(locate(ell, {-1, 3}), Where::kOutside);
}

TEST(GeomInsideLength, ThroughAlongAndTouching) {
  const Polygon sq = axis_rectangle(0, 0, 10, 10);
  EXPECT_DOUBLE_EQ(inside_length(sq, {{-5, 5}, {15, 5}}), 10);
  EXPECT_DOUBLE_EQ(inside_length(sq, {{5, 5}, {15, 5}}), 5);
  EXPECT_EQ(inside_length(sq, {{-5, 0}, {15, 0}}), 0);   // along an edge: grazing, 0
  EXPECT_EQ(inside_length(sq, {{-1, 1}, {1, -1}}), 0);   // through a corner only: 0
  EXPECT_EQ(inside_length(sq, {{12, 12}, {20, 3}}), 0);
  EXPECT_FALSE(enters(sq, {{-5, 0}, {15, 0}}));
  EXPECT_TRUE(enters(sq, {{-5, 0.001}, {15, 0.001}}));
  // Non-convex: a line through both arms of a U, crossing the gap between them.
  const Polygon u({{0, 0}, {9, 0}, {9, 6}, {6, 6}, {6, 2}, {3, 2}, {3, 6}, {0, 6}});
  EXPECT_DOUBLE_EQ(inside_length(u, {{-1, 4}, {10, 4}}), 6);
  EXPECT_DOUBLE_EQ(inside_length(u, {{-1, 1}, {10, 1}}), 9);
  // Along the inner edge y = 2 between the arms: boundary run, not inside.
  EXPECT_DOUBLE_EQ(inside_length(u, {{-1, 2}, {10, 2}}), 6);
  // Through the reflex corner (6, 2) diagonally.
  EXPECT_NEAR(inside_length(u, {{5, 1}, {7, 3}}), std::sqrt(2.0) * 2, 1e-12);
}

// Properties on random star polygons: inside <= length; symmetric; additive when split;
// equal to the length when both ends are deep inside a convex polygon.
TEST(GeomInsideLength, PropertyBoundsSymmetryAndAdditivity) {
  Pcg32 rng(99);
  for (int i = 0; i < 3000; ++i) {
    const Polygon p = star(rng, {10, 10});
    const Vec2 a{uniform(rng, 4, 16), uniform(rng, 4, 16)}, b{uniform(rng, 4, 16), uniform(rng, 4, 16)};
    const double len = distance(a, b);
    const double in = inside_length(p, {a, b});
    EXPECT_GE(in, 0);
    EXPECT_TRUE(within(in, len));
    EXPECT_NEAR(in, inside_length(p, {b, a}), 1e-9);
    const double t = uniform(rng, 0.1, 0.9);
    const Vec2 m = a + (b - a) * t;
    EXPECT_NEAR(in, inside_length(p, {a, m}) + inside_length(p, {m, b}), 1e-9);
    if (p.convex() && locate(p, a) == Where::kInside && locate(p, b) == Where::kInside) {
      EXPECT_NEAR(in, len, 1e-9);
    }
  }
  // Deep inside a convex polygon: the whole length.
  const Polygon hex({{0, -4}, {3.5, -2}, {3.5, 2}, {0, 4}, {-3.5, 2}, {-3.5, -2}});
  for (int i = 0; i < 1000; ++i) {
    const Vec2 a{uniform(rng, -1, 1), uniform(rng, -1, 1)}, b{uniform(rng, -1, 1), uniform(rng, -1, 1)};
    EXPECT_NEAR(inside_length(hex, {a, b}), distance(a, b), 1e-12);
  }
}

TEST(GeomCircle, InsideLengthTangentAndOverlap) {
  const Circle c{{0, 0}, 2};
  EXPECT_DOUBLE_EQ(inside_length(c, {{-5, 0}, {5, 0}}), 4);
  EXPECT_DOUBLE_EQ(inside_length(c, {{0, 0}, {5, 0}}), 2);
  EXPECT_EQ(inside_length(c, {{-5, 2}, {5, 2}}), 0);  // tangent
  EXPECT_TRUE(touches(c, {{-5, 2}, {5, 2}}));
  EXPECT_FALSE(touches(c, {{-5, 2.001}, {5, 2.001}}));
  // Touching a polygon counts as overlapping; the centre inside counts too.
  EXPECT_TRUE(overlaps(c, axis_rectangle(2, -1, 4, 1)));
  EXPECT_FALSE(overlaps(c, axis_rectangle(2.001, -1, 4, 1)));
  EXPECT_TRUE(overlaps(c, axis_rectangle(-10, -10, 10, 10)));
  EXPECT_TRUE(overlaps(c, axis_rectangle(1.4, 1.4, 3, 3)));  // corner 1.98" away
  EXPECT_FALSE(overlaps(c, axis_rectangle(1.42, 1.42, 3, 3)));  // nearest corner 2.008" away
}

// Property: overlap is monotone in the radius.
TEST(GeomCircle, PropertyOverlapMonotoneInRadius) {
  Pcg32 rng(3);
  for (int i = 0; i < 3000; ++i) {
    const Polygon p = star(rng, {uniform(rng, 5, 15), uniform(rng, 5, 15)});
    const Vec2 c{uniform(rng, 0, 20), uniform(rng, 0, 20)};
    const double r1 = uniform(rng, 0, 6), r2 = r1 + uniform(rng, 0, 3);
    EXPECT_TRUE(!overlaps({c, r1}, p) || overlaps({c, r2}, p));
  }
}

}  // namespace
}  // namespace sandtable::geom
