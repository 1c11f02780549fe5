// Battleground infantry movement, terrain and markers (BG-MOVE-*, BG-TER-02..04/10, BG-MARK-*).
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {
namespace {

using bg::com;

// A 4-figure Axis unit centred on (10, 10) facing north, an Allied unit far away.
Sc base() {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  return sc;
}

// Opens an Axis move card (all units).
TG axis_moving(const Sc& sc) {
  TG t(sc.s);
  t.draw(card(S, 9));
  return t;
}

double moved(const TG& t, const std::string& id, double x0, double y0) {
  return geom::distance(com(t.u(id)), {x0, y0});
}

const pb::BgUnitMoved* last_move(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_unit_moved(); });
  return e ? &e->unit_moved() : nullptr;
}

// BG-MOVE-05 (GAP-BG-MOVE-05): walking is 1D6"; BG-MOVE-04: distance is CoM to CoM.
TEST(BgMove, WalkIsOneDieMeasuredCentreToCentre) {
  TG t = axis_moving(base());
  auto o = t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 20}}), {4});
  EXPECT_NEAR(moved(t, "a", 10, 10), 4.0, 1e-9);
  ASSERT_NE(last_move(o), nullptr);
  EXPECT_EQ(last_move(o)->roll(), 4);
  EXPECT_FALSE(last_move(o)->reached());
  EXPECT_EQ(o.events.front().dice_size(), 1);  // the die is in the event
}

// BG-MOVE-03: a declared distance shorter than the roll need not use the surplus.
TEST(BgMove, DeclaredShortMoveStopsAtItsPoint) {
  TG t = axis_moving(base());
  auto o = t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 12}}), {6});
  EXPECT_NEAR(moved(t, "a", 10, 10), 2.0, 1e-9);
  EXPECT_TRUE(last_move(o)->reached());
}

// BG-MOVE-05, BG-MOVE-06, BG-MARK-02: running is 2D6 and marks "ran"; while marked the unit
// shoots one grade lower (C hits on 6 instead of 5-6); it may run again on the next turn; the
// next walk removes the marker.
TEST(BgMove, RunMarksRanAndTheNextWalkClearsIt) {
  TG t = axis_moving(base());
  EXPECT_EQ(bg::side_grade_penalties(t.st(), t.u("a")), 0);
  t.ok(move("axis", "a", pb::BG_MOVE_RUN, {{10, 30}}), {3, 4});
  EXPECT_NEAR(moved(t, "a", 10, 10), 7.0, 1e-9);
  EXPECT_TRUE(t.u("a").markers.ran);
  EXPECT_EQ(bg::side_grade_penalties(t.st(), t.u("a")), 1);  // BG-FIRE-06: one grade lower
  EXPECT_EQ(bg::hit_from(t.st().options, t.u("a").grade, bg::side_grade_penalties(t.st(), t.u("a"))), 6);
  {
    // BG-MOVE-06: running on consecutive turns is allowed.
    TG r = axis_moving(base());
    r.ok(move("axis", "a", pb::BG_MOVE_RUN, {{10, 30}}), {3, 4});
    r.draw(make_joker(1));  // its only unit has moved: the card is done
    ASSERT_EQ(r.st().turn, 2);
    r.draw(card(S, 5));
    r.ok(move("axis", "a", pb::BG_MOVE_RUN, {{10, 30}}), {2, 2});
    EXPECT_NEAR(moved(r, "a", 10, 10), 11.0, 1e-9);
    EXPECT_TRUE(r.u("a").markers.ran);
  }
  t.draw(card(S, 1));  // ace later: the unit moves again
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 30}}), {1});
  EXPECT_FALSE(t.u("a").markers.ran);
}

// BG-MOVE-07 (GAP-BG-MOVE-07): +1/3 (floored) on a road, marked white; off-road refused.
TEST(BgMove, RoadBonusAndWhiteMarker) {
  Sc sc = base();
  sc.area("road", "r", 9, 0, 11, 36);
  TG t = axis_moving(sc);
  EXPECT_EQ(t.refused(move("axis", "a", pb::BG_MOVE_WALK, {{20, 10}}, 90, true), {6}), "BG_NOT_ON_ROAD");
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 30}}, 0, true), {6});
  EXPECT_NEAR(moved(t, "a", 10, 10), 8.0, 1e-9);  // 6 + floor(6/3)
  EXPECT_TRUE(t.u("a").markers.road);
}

// GAP-BG-MOVE-07 switch "bg.road_bonus" = "exact": 5 + 5/3.
TEST(BgMove, RoadBonusExactThirdsOption) {
  Sc sc = base();
  sc.area("road", "r", 9, 0, 11, 36);
  sc.option("bg.road_bonus", "exact");
  TG t = axis_moving(sc);
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 30}}, 0, true), {5});
  EXPECT_NEAR(moved(t, "a", 10, 10), 5.0 + 5.0 / 3.0, 1e-9);
}

// BG-MOVE-08 (GAP-BG-MOVE-08): ending up to 90 degrees off the direction of movement costs 1",
// more than 90 up to 180 costs 2".
TEST(BgMove, FacingChangeCost) {
  TG t = axis_moving(base());
  auto o = t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 20}}, 90), {4});  // exactly 90: "up to 90"
  EXPECT_DOUBLE_EQ(last_move(o)->facing_cost(), 1.0);
  EXPECT_NEAR(moved(t, "a", 10, 10), 3.0, 1e-9);
  t.draw(card(S, 1));
  o = t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 30}}, 180), {5});
  EXPECT_DOUBLE_EQ(last_move(o)->facing_cost(), 2.0);
  EXPECT_NEAR(moved(t, "a", 10, 13), 3.0, 1e-9);
}

// BG-MOVE-08 / GAP-BG-MOVE-08b: facings come in half-degree steps, a drawn leg points any way:
// ending on the step nearest the direction of movement (36.87 degrees -> 37) is free; half a
// degree further (36.5) is a turn and costs 1".
TEST(BgMove, FacingNearestTheLegIsNoTurn) {
  TG t = axis_moving(base());
  auto o = t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{13, 14}}, 37), {6});
  EXPECT_DOUBLE_EQ(last_move(o)->facing_cost(), 0.0);
  EXPECT_NEAR(moved(t, "a", 10, 10), 5.0, 1e-9);
  t.draw(card(S, 1));
  o = t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{16, 18}}, 36.5), {6});
  EXPECT_DOUBLE_EQ(last_move(o)->facing_cost(), 1.0);
}

// Hostile input (issue: a 58 KB move with 2,900 waypoints was accepted): BG-MOVE-04's path has
// at most 64 points, and an order over 16 KB is refused before any rule reads it; neither changes
// anything.
TEST(BgMove, BG_MOVE_04_PathsAndOrdersAreBounded) {
  TG t = axis_moving(base());
  const std::string before = t.g->save().SerializeAsString();
  std::vector<std::pair<double, double>> zigzag;
  for (int i = 0; i < 65; ++i) zigzag.emplace_back(10 + (i % 2) * 0.01, 10 + i * 0.01);
  EXPECT_EQ(t.run(move("axis", "a", pb::BG_MOVE_WALK, zigzag), {6}).rejection.code(), "BG_PATH_TOO_LONG");
  std::vector<std::pair<double, double>> huge;
  for (int i = 0; i < 2900; ++i) huge.emplace_back(10 + (i % 2) * 0.001, 10 + i * 0.001);
  const Outcome o = t.run(move("axis", "a", pb::BG_MOVE_WALK, huge), {6});
  EXPECT_EQ(o.rejection.code(), "ORDER_TOO_LARGE");
  EXPECT_FALSE(o.rejection.message().empty());
  pb::Command drawn;  // the same bound on a path drawn from the menu
  drawn.set_seat("axis");
  drawn.mutable_play()->set_action("move:a");
  for (int i = 0; i < 65; ++i) *drawn.mutable_play()->add_path() = pt(10, 10 + i * 0.01);
  EXPECT_EQ(t.run(drawn, {6}).rejection.code(), "PATH_TOO_LONG");
  EXPECT_EQ(t.g->save().SerializeAsString(), before) << "refusals change nothing";
  zigzag.resize(64);
  EXPECT_TRUE(t.ok(move("axis", "a", pb::BG_MOVE_WALK, zigzag), {6}).accepted) << "64 points are enough and allowed";
}

// BG-MOVE-09: at least 1" and any facing whatever the roll and deductions.
TEST(BgMove, MinimumMoveOneInch) {
  TG t = axis_moving(base());
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 20}}, 180), {1});
  EXPECT_NEAR(moved(t, "a", 10, 10), 1.0, 1e-9);
  EXPECT_NEAR(t.u("a").facing.forward().y, -1.0, 1e-12);
}

// BG-TER-02: woods halve infantry movement for the part made in them, not along a road.
TEST(BgMove, WoodsHalveExceptOnARoad) {
  Sc sc = base();
  sc.area("woods", "w", 0, 12, 30, 30);
  TG t = axis_moving(sc);
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 30}}), {6});
  EXPECT_NEAR(moved(t, "a", 10, 10), 2.0 + 4.0 / 2, 1e-9);  // 2" clear, then 4" of cost in woods
  Sc sr = base();
  sr.area("woods", "w", 0, 12, 30, 30);
  sr.area("road", "r", 9, 0, 11, 36);
  TG r = axis_moving(sr);
  r.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 30}}), {6});
  EXPECT_NEAR(moved(r, "a", 10, 10), 6.0, 1e-9);
}

// BG-TER-03: crossing a wall or fence costs 3".
TEST(BgMove, WallCrossingCostsThreeInches) {
  Sc sc = base();
  sc.line("wall", "w", {{0, 11}, {30, 11}});
  TG t = axis_moving(sc);
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 30}}), {5});
  EXPECT_NEAR(moved(t, "a", 10, 10), 2.0, 1e-9);  // 1" to the wall, 3" to cross, 1" beyond
}

// BG-TER-04: rivers are impassable except at fords (halved) and bridges.
TEST(BgMove, RiversOnlyAtFordsAndBridges) {
  Sc sc = base();
  sc.inf(0, "b", 4, 22, 8);
  sc.line("river", "river", {{0, 12}, {60, 12}});
  sc.area("ford", "ford", 20, 11, 24, 13);
  TG t = axis_moving(sc);
  EXPECT_EQ(t.refused(move("axis", "a", pb::BG_MOVE_WALK, {{10, 16}}), {6}), "BG_RIVER");
  // 3" of clear ground, then the ford halves: 3" of budget carry 1.5" into it.
  t.ok(move("axis", "b", pb::BG_MOVE_WALK, {{22, 16}}), {6});
  EXPECT_NEAR(com(t.u("b")).y, 12.5, 1e-9);
}

// BG-MOVE-10: infantry passes through friends, never through the enemy.
TEST(BgMove, ThroughFriendsNotEnemies) {
  Sc sc = base();
  sc.inf(0, "friend", 4, 10, 13);
  sc.inf(1, "foe", 4, 20, 13, 1, 0, "C", 180);
  TG t = axis_moving(sc);
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 16}}), {6});
  TG u = axis_moving(sc);
  EXPECT_EQ(u.refused(move("axis", "a", pb::BG_MOVE_WALK, {{20, 10}, {20, 16}}, 0), {6}), "BG_THROUGH_ENEMY");
}

// BG-MOVE-10 (ours): a unit pressed against the enemy (an enemy figure within a base of its
// CoM, where a path starts) may step back away from it; a path toward it still passes through.
TEST(BgMove, PressedAgainstTheEnemyItMayStepBack_BG_MOVE_10) {
  Sc sc = base();
  sc.inf(1, "foe", 2, 10.5, 9.5, 1, 0, "C", 0);  // a figure 0.5" south of a's CoM
  TG t = axis_moving(sc);
  EXPECT_EQ(t.refused(move("axis", "a", pb::BG_MOVE_WALK, {{10, 7}}), {6}), "BG_THROUGH_ENEMY");
  EXPECT_EQ(t.refused(move("axis", "a", pb::BG_MOVE_WALK, {{13, 9}}), {6}), "BG_THROUGH_ENEMY");  // sideways, nearer first
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 13}}), {6});
  EXPECT_NEAR(moved(t, "a", 10, 13), 0.0, 1e-9);
}

// BG-MOVE-11 / BG-EX-10: digging in takes the whole move and marks dug-in and ran.
TEST(BgMove, DigInMarksBrownAndGreen) {
  TG t = axis_moving(base());
  EXPECT_EQ(t.refused(move("axis", "a", pb::BG_MOVE_DIG_IN, {{10, 12}})), "BG_DIG_IN_MOVE");
  auto o = t.ok(move("axis", "a", pb::BG_MOVE_DIG_IN, {}));
  EXPECT_TRUE(o.events.front().dice().empty());
  EXPECT_TRUE(t.u("a").markers.dug_in);
  EXPECT_TRUE(t.u("a").markers.ran);
  EXPECT_NEAR(moved(t, "a", 10, 10), 0.0, 1e-12);
}

// BG-MOVE-12: digging out costs the walk; moving on as well rolls 1D6 and marks ran.
// BG-MARK-03: the brown (dug-in) marker stays from digging in, through other cards and the end
// of the turn, until the unit digs out.
TEST(BgMove, DigOut) {
  TG t = axis_moving(base());
  t.ok(move("axis", "a", pb::BG_MOVE_DIG_IN, {}));
  t.draw(card(C, 4));  // a shooting card: still dug in
  EXPECT_TRUE(t.u("a").markers.dug_in);
  t.end_action("axis");
  t.draw(make_joker(1));  // the turn ends: still dug in
  EXPECT_TRUE(t.u("a").markers.dug_in);
  t.draw(card(S, 1));
  EXPECT_TRUE(t.u("a").markers.dug_in);
  auto o = t.ok(move("axis", "a", pb::BG_MOVE_DIG_OUT, {}));
  EXPECT_FALSE(t.u("a").markers.dug_in);
  EXPECT_FALSE(t.u("a").markers.ran);  // BG-MARK-02: a plain move clears green
  TG u = axis_moving(base());
  u.ok(move("axis", "a", pb::BG_MOVE_DIG_IN, {}));
  u.draw(card(S, 1));
  u.ok(move("axis", "a", pb::BG_MOVE_DIG_OUT, {{10, 20}}), {3});
  EXPECT_FALSE(u.u("a").markers.dug_in);
  EXPECT_TRUE(u.u("a").markers.ran);
  EXPECT_NEAR(moved(u, "a", 10, 10), 3.0, 1e-9);
}

// BG-MOVE-01: every figure within 1" (base edge to base edge) of another of its unit.
TEST(BgMove, CohesionOfTheNewFormation) {
  TG t = axis_moving(base());
  BgOrder c = move("axis", "a", pb::BG_MOVE_WALK, {});
  auto* m = c.mutable_bg()->mutable_move();
  const double xs[4] = {8, 9, 10, 14};  // the last figure 3.4" clear of the others
  for (int i = 0; i < 4; ++i) {
    auto* f = m->add_figures();
    f->set_figure_id("a-f" + std::to_string(i));
    *f->mutable_position() = pt(xs[i], 11);
  }
  EXPECT_EQ(t.refused(c, {6}), "BG_COHESION");
  m->mutable_figures(3)->mutable_position()->set_x(11);  // a line at 1" spacing
  t.ok(c, {6});
  EXPECT_NEAR(com(t.u("a")).x, 9.5, 1e-9);
  EXPECT_NEAR(com(t.u("a")).y, 11.0, 1e-9);
}

// BG-TER-08 with BG-MOVE-17: a building model stands for a block; a unit whose figures stand
// around its base (within 1" of the model's edge, outside it) occupies it; 1.5" out does not.
TEST(BgMove, FiguresAroundTheBaseOccupyTheBuilding) {
  Sc sc;
  sc.area("building", "house", 20, 20, 23, 23);
  sc.inf(0, "round", 4, 21.5, 19.5);  // a row at y 19.5: 0.5" below the model
  sc.inf(0, "near", 4, 21.5, 24);     // 1" above it: still around the base
  sc.inf(0, "off", 4, 21.5, 18.5);    // 1.5" below: not in it
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  TG t(sc.s);
  EXPECT_EQ(t.u("round").building, "house");
  EXPECT_EQ(t.u("near").building, "house");
  EXPECT_EQ(t.u("off").building, "");
}

// BG-TER-10 with "dice-dependent outcomes never refuse": a move that does not declare the
// building, whose roll would carry it into a full one, stops short of it (it was refused after
// the roll). A unit standing in a building that others crowd (figures around the base count)
// may still stay put: it is not entering it.
TEST(BgMove, ARollIntoAFullBuildingStopsShortAndStayingIsNoEntry_BG_TER_10) {
  Sc sc;
  sc.area("building", "house", 20, 20, 23, 23);
  sc.inf(0, "in1", 4, 21.5, 21.5);
  sc.inf(0, "in2", 4, 21.5, 21.5);
  sc.inf(0, "third", 4, 21.5, 15);
  sc.inf(0, "round", 4, 21.5, 19.5);  // around the base: a third unit in the house
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  TG t(sc.s);
  ASSERT_EQ(t.u("round").building, "house");
  t.draw(card(S, 9));
  t.ok(move("axis", "third", pb::BG_MOVE_WALK, {{21.5, 21.5}}), {6});
  EXPECT_EQ(t.u("third").building, "");
  EXPECT_LT(com(t.u("third")).y, 19.0);
  t.ok(move("axis", "in1", pb::BG_MOVE_DIG_IN, {}), {});
  EXPECT_EQ(t.u("in1").building, "house");
}

// BG-MOVE-17 / BG-TER-10: a building holds at most 2 units and 18 figures.
TEST(BgMove, BuildingOccupancyLimits) {
  Sc sc;
  sc.area("building", "house", 20, 20, 23, 23);
  sc.inf(0, "in1", 4, 21.5, 21.5);
  sc.inf(0, "in2", 4, 21.5, 21.5);
  sc.inf(0, "third", 4, 21.5, 15);
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  TG t(sc.s);
  EXPECT_EQ(t.u("in1").building, "house");
  t.draw(card(S, 9));
  BgOrder c = move("axis", "third", pb::BG_MOVE_WALK, {{21.5, 21.5}});
  c.mutable_bg()->mutable_move()->set_building("house");
  EXPECT_EQ(t.refused(c, {6}), "BG_BUILDING_FULL");
  // 18 figures: 12 + 4 inside, a 4-figure unit may not make it 20.
  Sc s2;
  s2.area("building", "house", 20, 20, 23, 23);
  s2.inf(0, "big", 12, 21.5, 21.5, 3, 2);
  s2.inf(0, "four", 4, 21.5, 15);
  s2.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  TG u(s2.s);
  u.draw(card(S, 9));
  BgOrder d = move("axis", "four", pb::BG_MOVE_WALK, {{21.5, 21.5}});
  d.mutable_bg()->mutable_move()->set_building("house");
  u.ok(d, {6});  // 16 figures: fine
  EXPECT_EQ(u.u("four").building, "house");
}

// BG-UNIT-05: a non-standing unit retreats or joins; it may not advance on the enemy.
TEST(BgMove, NonStandingUnitsRetreatOrJoin) {
  Sc sc;
  sc.inf(0, "weak", 3, 10, 10, 0);  // 3 figures, no leader, no HW: non-standing
  sc.inf(0, "friend", 4, 20, 10);
  sc.inf(1, "e", 4, 10, 30, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  EXPECT_EQ(t.refused(move("axis", "weak", pb::BG_MOVE_WALK, {{10, 14}}), {3}), "BG_NON_STANDING_ADVANCE");
  t.ok(move("axis", "weak", pb::BG_MOVE_WALK, {{10, 6}}, 180), {3});
  EXPECT_NEAR(com(t.u("weak")).y, 7.0, 1e-9);
}

// BG-MARK-04: several markers at once (dug in + ran after digging in, road after a road move).
// BG-GEN-05: markers are state: the unit's flags, and the view shows exactly those flags.
TEST(BgMove, SeveralMarkersAtOnce) {
  TG t = axis_moving(base());
  t.ok(move("axis", "a", pb::BG_MOVE_DIG_IN, {}));
  EXPECT_TRUE(t.u("a").markers.dug_in);
  EXPECT_TRUE(t.u("a").markers.ran);
  EXPECT_FALSE(t.u("a").markers.road);
  EXPECT_FALSE(t.u("a").markers.melee);
  const auto v = t.g->view("allies");
  for (const auto& u : v.units()) {
    if (u.id() != "a") continue;
    EXPECT_TRUE(has_marker(u, "dug_in"));
    EXPECT_TRUE(has_marker(u, "ran"));
    EXPECT_FALSE(has_marker(u, "road"));
    EXPECT_FALSE(has_marker(u, "melee"));
    EXPECT_EQ(u.strength(), 4);
    EXPECT_EQ(u.figures_size(), 4);
  }
}

}  // namespace
}  // namespace sandtable::bgtest
