// Square-grid geometry (engine/geom/grid.h) against the Portable Wargame conventions.
#include "engine/geom/grid.h"

#include <gtest/gtest.h>

namespace sandtable::grid {
namespace {

// PW-DX-07: unit at (5,5) facing north.
TEST(Grid, PW_DX_07_ArcAndRange) {
  const Sq at{5, 5};
  EXPECT_TRUE(in_arc(at, Facing::kNorth, {5, 8}));
  EXPECT_EQ(distance(at, {5, 8}), 3);
  EXPECT_TRUE(in_arc(at, Facing::kNorth, {7, 7}));  // on the diagonal
  EXPECT_EQ(distance(at, {7, 7}), 4);
  EXPECT_FALSE(in_arc(at, Facing::kNorth, {8, 7}));
  EXPECT_FALSE(in_arc(at, Facing::kNorth, {5, 4}));  // behind
  EXPECT_FALSE(in_arc(at, Facing::kNorth, at));
}

// PW-ART-03 / PW-FIRE-02: the arc rotates with the facing.
TEST(Grid, ArcRotatesWithFacing) {
  const Sq at{5, 5};
  EXPECT_TRUE(in_arc(at, Facing::kEast, {8, 6}));
  EXPECT_FALSE(in_arc(at, Facing::kEast, {6, 7}));
  EXPECT_TRUE(in_arc(at, Facing::kSouth, {4, 3}));
  EXPECT_TRUE(in_arc(at, Facing::kWest, {2, 8}));
  EXPECT_FALSE(in_arc(at, Facing::kWest, {6, 5}));
}

// PW-DEF-05 / PW-MOVE-02: orthogonal distance and adjacency never count corners.
TEST(Grid, PW_DEF_05_OrthogonalAdjacency) {
  EXPECT_TRUE(adjacent({2, 2}, {2, 3}));
  EXPECT_FALSE(adjacent({2, 2}, {3, 3}));
  EXPECT_EQ(distance({0, 0}, {3, 4}), 7);
  EXPECT_EQ(facing_toward({2, 2}, {1, 2}), Facing::kWest);
}

// PW-CC-02: which side of a defender an adjacent attacker touches.
TEST(Grid, PW_CC_02_SideTouched) {
  EXPECT_EQ(side_touched({5, 5}, Facing::kNorth, {5, 6}), Side::kFront);
  EXPECT_EQ(side_touched({5, 5}, Facing::kNorth, {4, 5}), Side::kFlank);
  EXPECT_EQ(side_touched({5, 5}, Facing::kNorth, {6, 5}), Side::kFlank);
  EXPECT_EQ(side_touched({5, 5}, Facing::kNorth, {5, 4}), Side::kRear);
  EXPECT_EQ(side_touched({5, 5}, Facing::kEast, {5, 6}), Side::kFlank);
}

// GAP-PW-ART-07: in front/behind along the larger axis; exact diagonal by facing axis.
TEST(Grid, GAP_PW_ART_07_DirectionTowardTarget) {
  EXPECT_EQ(direction_toward({0, 0}, {1, 5}, Facing::kEast), (Sq{0, 1}));
  EXPECT_EQ(direction_toward({0, 0}, {5, 1}, Facing::kNorth), (Sq{1, 0}));
  EXPECT_EQ(direction_toward({0, 0}, {3, 3}, Facing::kNorth), (Sq{0, 1}));
  EXPECT_EQ(direction_toward({0, 0}, {3, 3}, Facing::kEast), (Sq{1, 0}));
  EXPECT_EQ(direction_toward({4, 4}, {4, 0}, Facing::kSouth), (Sq{0, -1}));
}

// GAP-PW-DEF-03: supercover between centres, end squares excluded.
TEST(Grid, GAP_PW_DEF_03_SupercoverLine) {
  auto line = line_between({0, 0}, {3, 0});
  ASSERT_EQ(line.size(), 2u);
  EXPECT_EQ(line[0].a, (Sq{1, 0}));
  EXPECT_EQ(line[1].a, (Sq{2, 0}));
  // (0,0)->(2,1) passes (1,0) then (1,1).
  line = line_between({0, 0}, {2, 1});
  ASSERT_EQ(line.size(), 2u);
  EXPECT_EQ(line[0].a, (Sq{1, 0}));
  EXPECT_EQ(line[1].a, (Sq{1, 1}));
  EXPECT_FALSE(line[0].corner);
  // Exact diagonal: corner pairs and the diagonal squares.
  line = line_between({0, 0}, {2, 2});
  ASSERT_EQ(line.size(), 3u);
  EXPECT_TRUE(line[0].corner);
  EXPECT_EQ(line[1].a, (Sq{1, 1}));
  EXPECT_TRUE(line[2].corner);
  // Symmetric when reversed (same set of squares).
  EXPECT_EQ(line_between({2, 1}, {0, 0}).size(), 2u);
  EXPECT_TRUE(line_between({4, 4}, {4, 5}).empty());
}

// PW-DEF-03: a corner blocks only when both squares meeting there block.
TEST(Grid, PW_DEF_03_CornerBlocksOnlyIfBothSquaresBlock) {
  auto one = [](Sq s) { return s == Sq{1, 0}; };
  auto both = [](Sq s) { return s == Sq{1, 0} || s == Sq{0, 1}; };
  EXPECT_TRUE(clear_line({0, 0}, {1, 1}, one));
  EXPECT_FALSE(clear_line({0, 0}, {1, 1}, both));
  auto mid = [](Sq s) { return s == Sq{2, 0}; };
  EXPECT_FALSE(clear_line({0, 0}, {4, 0}, mid));
  EXPECT_TRUE(clear_line({0, 0}, {4, 1}, [](Sq s) { return s == Sq{2, 1} && false; }));
}

}  // namespace
}  // namespace sandtable::grid
