// One-Hour Wargames WWII movement and terrain (OH-MOVE-*, OH-TER-*): roll, then draw the path.
#include "oh_test_util.h"

namespace sandtable::ohtest {
namespace {

// OH-MOVE-01: rolling is the action; the path is at most the total; rolling counts as moving
// even if the unit stays (Ready and Dug-in are lost).
TEST(OhMove, OH_MOVE_01_RollThenDraw) {
  Sc s;
  s.unit(0, "a1", "infantry", 20, 10, 0, {"ready", "dug_in"}).unit(0, "a2", "infantry", 40, 10).unit(1, "x", "infantry", 30, 44, 180);
  TG t(s.s);
  t.refused(move("allies", "a1", {{20, 12}}), "OH_ROLL_FIRST", "OH-MOVE-01");
  const pb::OhMoveRolled r = rolled(t.ok(roll_move("allies", "a1"), {4}));
  EXPECT_EQ(r.allowance(), 4);  // 4 + 2 - 2 (leaving Dug-in)
  EXPECT_FALSE(t.u("a1").ready);
  EXPECT_FALSE(t.u("a1").dug_in);
  t.refused(roll_move("allies", "a2"), "OH_MOVE_PENDING", "OH-MOVE-01");
  t.refused(end_step("allies"), "OH_MOVE_PENDING", "OH-MOVE-01");
  t.refused(move("allies", "a1", {{20, 14.5}}), "OH_TOO_FAR", "OH-MOVE-01");
  t.ok(move("allies", "a1", {}));  // stays where it is
  EXPECT_TRUE(t.u("a1").moved);
  EXPECT_TRUE(t.u("a1").acted);
  t.refused(roll_move("allies", "a1"), "OH_ALREADY_ACTED", "OH-SEQ-04");
  t.ok(roll_move("allies", "a2"), {4});
  t.ok(move("allies", "a2", {{40, 11}, {41, 12}}, 45));  // 1 + 1.41 <= 6, the outer bases' ways too
  EXPECT_NEAR(t.u("a2").pos.x, 41, 1e-9);
  EXPECT_NEAR(t.u("a2").facing.degrees_for_display(), 45, 1e-9);
}

// OH-MOVE-02: Infantry Dx + 2", Tank Dx + 4", ATG and Mortar Dx.
TEST(OhMove, OH_MOVE_02_Allowances) {
  for (auto [type, expected] : std::vector<std::pair<std::string, int>>{{"infantry", 5}, {"tank", 7}, {"atg", 3}, {"mortar", 3}}) {
    Sc s;
    s.unit(0, "a", type, 20, 10).unit(1, "x", "infantry", 30, 44, 180);
    TG t(s.s);
    if (t.st().step == oh::Step::kMortar) t.ok(end_step("allies"));
    EXPECT_EQ(rolled(t.ok(roll_move("allies", "a"), {3})).allowance(), expected) << type;
  }
}

// OH-MOVE-03, GAP-OH-MOVE-03: marching adds Dx (2Dx for tanks); a Threatened unit may not
// march; the marching mark lasts until its side's next phase.
TEST(OhMove, OH_MOVE_03_March) {
  Sc s;
  s.unit(0, "a-inf", "infantry", 10, 10).unit(0, "a-tank", "tank", 30, 10).unit(0, "a-near", "infantry", 50, 10.25)
      .unit(1, "x", "infantry", 50, 12.75, 180);
  TG t(s.s);
  EXPECT_EQ(rolled(t.ok(roll_move("allies", "a-inf", true), {3, 4})).allowance(), 9);
  t.ok(move("allies", "a-inf", {{10, 18}}));
  EXPECT_TRUE(t.u("a-inf").exposed);
  t.refused(roll_move("allies", "a-near", true), "OH_NO_MARCH", "OH-MOVE-03");
  EXPECT_EQ(rolled(t.ok(roll_move("allies", "a-tank", true), {3, 4, 5})).allowance(), 16);
  t.ok(move("allies", "a-tank", {}));
  t.to_step("axis", oh::Step::kActions);
  EXPECT_TRUE(t.u("a-inf").exposed);  // still marked in the enemy's phase
  t.to_step("allies", oh::Step::kActions);
  EXPECT_FALSE(t.u("a-inf").exposed);
}

// OH-MOVE-04: Threatened (an enemy base within 2"): ATG and Mortar cannot move; Infantry and
// Tanks lose 2".
TEST(OhMove, OH_MOVE_04_Threatened) {
  Sc s;
  s.unit(0, "a-tank", "tank", 20, 10).unit(0, "a-mor", "mortar", 40, 10).unit(1, "x1", "infantry", 20, 13.75, 180)
      .unit(1, "x2", "infantry", 40, 12.25, 180).unit(1, "x3", "infantry", 50, 40, 180);
  TG t(s.s);
  if (t.st().step == oh::Step::kMortar) t.ok(end_step("allies"));
  EXPECT_TRUE(oh::threatened(t.st(), t.u("a-tank")));
  t.refused(roll_move("allies", "a-mor"), "OH_THREATENED", "OH-MOVE-04");
  EXPECT_EQ(rolled(t.ok(roll_move("allies", "a-tank"), {3})).allowance(), 5);
}

// OH-MOVE-05: a Dug-in unit that rolls to move subtracts 2" and is no longer Dug-in.
TEST(OhMove, OH_MOVE_05_LeavingDugIn) {
  Sc s;
  s.unit(0, "a", "atg", 20, 10, 0, {"dug_in"}).unit(1, "x", "infantry", 30, 44, 180);
  TG t(s.s);
  EXPECT_EQ(rolled(t.ok(roll_move("allies", "a"), {1})).allowance(), 0);  // 1 - 2, never below 0
  EXPECT_FALSE(t.u("a").dug_in);
  t.refused(move("allies", "a", {{20, 10.5}}), "OH_TOO_FAR", "OH-MOVE-01");
}

// OH-MOVE-06, OH-UNIT-03: bases turn freely and all face the same way at the end.
TEST(OhMove, OH_MOVE_06_Turning) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(1, "x", "infantry", 30, 44, 180);
  TG t(s.s);
  t.ok(roll_move("allies", "a"), {6});
  t.ok(move("allies", "a", {{20, 12}}, 90));  // the outer bases travel 5.1" of the 8"
  const pb::View v = t.g->view("allies");
  for (const auto& u : v.units()) {
    if (u.id() != "a") continue;
    EXPECT_NEAR(u.facing_deg(), 90, 1e-9);
    ASSERT_EQ(u.figures_size(), 3);
    // Facing east, the bases stand north-south of the unique one.
    EXPECT_NEAR(u.figures(1).position().x(), 20, 1e-9);
    EXPECT_NEAR(std::abs(u.figures(1).position().y() - 12), 2.5, 1e-9);
  }
}

// OH-MOVE-07: a unit passes only through friends and ends clear of every unit.
TEST(OhMove, OH_MOVE_07_Interpenetration) {
  Sc s;
  s.unit(0, "a", "tank", 20, 10).unit(0, "f", "infantry", 20, 14).unit(1, "x", "infantry", 32, 14, 180).unit(1, "x2", "infantry", 50, 44, 180);
  TG t(s.s);
  t.ok(roll_move("allies", "a"), {6});
  t.refused(move("allies", "a", {{20, 14}}), "OH_END_CLEAR", "OH-MOVE-07");
  t.refused(move("allies", "a", {{29, 14}}), "OH_THROUGH_ENEMY", "OH-MOVE-07");
  t.ok(move("allies", "a", {{20, 18}}));  // through the friendly infantry
}

// OH-MOVE-08, OH-TER-05: +4" only along the road all the way, never within 4" of an enemy.
TEST(OhMove, OH_MOVE_08_RoadBonus) {
  Sc s;
  s.unit(0, "a", "tank", 10, 10, 90).unit(0, "b", "infantry", 10, 30).unit(1, "x", "infantry", 24, 15, 180)
      .area("road", 0, 9, 60, 11, "Road");
  TG t(s.s);
  t.refused(move("allies", "b", {}), "OH_ROLL_FIRST", "OH-MOVE-01");
  t.ok(roll_move("allies", "a"), {3});
  // x's unique base is 3.8" from the tank's at (21, 10).
  t.refused(move("allies", "a", {{21, 10}}, -1, true), "OH_ROAD_CLOSE", "OH-MOVE-08");
  t.refused(move("allies", "a", {{15, 10}, {15, 13}}, -1, true), "OH_OFF_ROAD", "OH-MOVE-08");
  t.ok(move("allies", "a", {{17, 10}}));  // 7" without the bonus
  t.ok(roll_move("allies", "b"), {3});
  t.refused(move("allies", "b", {{10, 31}}, -1, true), "OH_NOT_ON_ROAD", "OH-MOVE-08");
}

// OH-TER-01: marsh and lakes are impassable.
TEST(OhTerrain, OH_TER_01_MarshAndLakes) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(1, "x", "infantry", 30, 44, 180).area("marsh", 15, 12, 25, 14).area("lake", 30, 5, 40, 15);
  TG t(s.s);
  t.ok(roll_move("allies", "a"), {6});
  t.refused(move("allies", "a", {{20, 16}}), "OH_IMPASSABLE", "OH-TER-01");
  t.refused(move("allies", "a", {{27, 10}}), "OH_IMPASSABLE", "OH-TER-01");
}

// OH-TER-02: only Infantry moves through woods; an ATG enters the edge (1") and loses 2";
// Tanks and Mortars may not enter.
TEST(OhTerrain, OH_TER_02_Woods) {
  Sc s;
  s.unit(0, "a-inf", "infantry", 10, 10).unit(0, "a-tank", "tank", 25, 8).unit(0, "a-atg", "atg", 45, 12)
      .unit(1, "x", "infantry", 30, 44, 180).area("woods", 0, 14, 60, 30, "Forest");
  TG t(s.s);
  t.ok(roll_move("allies", "a-inf"), {6});
  t.ok(move("allies", "a-inf", {{10, 18}}));
  t.ok(roll_move("allies", "a-tank"), {6});
  t.refused(move("allies", "a-tank", {{25, 15}}), "OH_NO_WOODS", "OH-TER-02");
  t.ok(move("allies", "a-tank", {{25, 9}}));
  t.ok(roll_move("allies", "a-atg"), {6});
  t.refused(move("allies", "a-atg", {{45, 15.5}}), "OH_ATG_WOODS", "OH-TER-02");  // 1.5" into the wood
  t.refused(move("allies", "a-atg", {{39, 12}, {39, 14.9}}), "OH_TOO_FAR", "OH-MOVE-01");  // 8.9" + 2"
  t.ok(move("allies", "a-atg", {{45, 14.5}}));  // 2.5" + 2" for the wood <= 6"
}

// OH-TER-03: only Infantry may end a move inside a town; others pass through.
TEST(OhTerrain, OH_TER_03_Towns) {
  Sc s;
  s.unit(0, "a-tank", "tank", 20, 8).unit(0, "a-inf", "infantry", 40, 8).unit(1, "x", "infantry", 30, 44, 180)
      .area("town", 10, 11, 50, 15, "Village");
  TG t(s.s);
  t.ok(roll_move("allies", "a-tank"), {6});
  t.refused(move("allies", "a-tank", {{20, 13}}), "OH_TOWN", "OH-TER-03");
  t.ok(move("allies", "a-tank", {{20, 18}}));
  t.ok(roll_move("allies", "a-inf"), {4});
  t.ok(move("allies", "a-inf", {{40, 13}}));
}

// OH-TER-04: rivers are crossed only at bridges or fords.
TEST(OhTerrain, OH_TER_04_Rivers) {
  Sc s;
  s.unit(0, "a", "infantry", 10, 10).unit(0, "b", "infantry", 30, 10).unit(0, "c", "tank", 50, 10).unit(1, "x", "infantry", 30, 44, 180)
      .line("river", {{0, 13}, {60, 13}}, "Stream").area("ford", 28, 12, 32, 14, "Ford").area("bridge", 48, 12, 52, 14, "Bridge");
  TG t(s.s);
  t.ok(roll_move("allies", "a"), {6});
  t.refused(move("allies", "a", {{10, 16}}), "OH_RIVER", "OH-TER-04");
  t.ok(move("allies", "a", {{10, 11}}));
  t.ok(roll_move("allies", "b"), {6});
  t.ok(move("allies", "b", {{30, 16}}));
  t.ok(roll_move("allies", "c"), {6});
  t.ok(move("allies", "c", {{50, 17}}));
}

// OH-TER-05: a unit on a road may follow it into terrain it may not otherwise enter.
TEST(OhTerrain, OH_TER_05_RoadsThroughWoods) {
  Sc s;
  s.unit(0, "a", "tank", 20, 8).unit(1, "x", "infantry", 50, 44, 180).area("woods", 0, 12, 60, 20, "Forest")
      .area("road", 19, 0, 21, 48, "Lane");
  TG t(s.s);
  t.ok(roll_move("allies", "a"), {6});
  t.refused(move("allies", "a", {{23, 14}}), "OH_NO_WOODS", "OH-TER-02");
  t.ok(move("allies", "a", {{20, 16}}));
}

}  // namespace
}  // namespace sandtable::ohtest

namespace sandtable::ohtest {
namespace {

// Bad input gets a sentence and changes nothing: points off the table or not numbers, a facing
// that is not a number.
TEST(OhMove, HostilePathsAreRefusedInWords) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(1, "x", "infantry", 30, 44, 180);
  TG t(s.s);
  t.ok(roll_move("allies", "a"), {6});
  const std::uint64_t seq = t.g->seq();
  t.refused(move("allies", "a", {{1e300, 10}}), "OH_BAD_PATH", "OH-MOVE-01");
  t.refused(move("allies", "a", {{20, -3}}), "OH_BAD_PATH", "OH-MOVE-01");
  t.refused(move("allies", "a", {{std::nan(""), 10}}), "OH_BAD_PATH", "OH-MOVE-01");
  t.refused(move("allies", "a", {{20, 12}}, std::nan("")), "OH_BAD_FACING", "OH-MOVE-06");
  EXPECT_EQ(t.g->seq(), seq);
  t.ok(move("allies", "a", {{20, 12}}, 1e9));  // any number is a facing, reduced to the compass
}

}  // namespace
}  // namespace sandtable::ohtest

namespace sandtable::ohtest {
namespace {

// OH-MOVE-01: no base moves farther than the total. Wheeling a line of 7" through 90° carries
// its outer bases 3.54" even where the unique base stands still; an about-face carries none (the
// line is the same line, its ends changed places).
TEST(OhMove, OH_MOVE_01_NoBaseFartherThanTheTotal) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(0, "b", "infantry", 40, 10).unit(1, "x", "infantry", 30, 44, 180);
  TG t(s.s);
  t.ok(roll_move("allies", "a"), {1});  // 1 + 2 = 3"
  const std::string why = t.refused(move("allies", "a", {}, 90), "OH_BASE_TOO_FAR", "OH-MOVE-01");
  EXPECT_NE(why.find("3.54\""), std::string::npos) << why;
  t.ok(move("allies", "a", {}, 180));
  EXPECT_NEAR(t.u("a").facing.degrees_for_display(), 180, 1e-9);
  t.ok(roll_move("allies", "b"), {2});  // 4"
  t.ok(move("allies", "b", {}, 90));
}

}  // namespace
}  // namespace sandtable::ohtest
