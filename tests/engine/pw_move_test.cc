// Portable Wargame movement: allowances, corners, once per turn, stacking, contact, terrain.
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

void refused(TG& t, const pb::Command& c, const std::string& code, const std::string& rule) {
  const Outcome o = t.run(c);
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), code) << o.rejection.message();
  EXPECT_EQ(o.rejection.rule_id(), rule);
  EXPECT_FALSE(o.rejection.message().empty());
}

Sc base() {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(0, "b-cav", "mounted_cavalry", 6, 2).unit(0, "b-heavy", "heavy_artillery", 9, 1)
      .unit(1, "r1", "infantry", 10, 9, pb::GRID_FACING_SOUTH);
  return s;
}

// PW-MOVE-02: moves go through square edges, never corners.
TEST(PwMove, PW_MOVE_02_NoCorners) {
  TG t(base().spares().s);
  blue_first(t);
  refused(t, move("blue", "b1", {{3, 3}}), "PW_MOVE_CORNER", "PW-MOVE-02");
  const Outcome o = t.run(move("blue", "b1", {{3, 3}}));
  EXPECT_NE(o.rejection.message().find("diagonally from (2,2) to (3,3)"), std::string::npos);
  refused(t, move("blue", "b1", {{2, 4}}), "PW_MOVE_PATH", "PW-MOVE-02");
}

// PW-MOVE-01 / PW-DX-08: infantry 2, cavalry 3, heavy artillery 1.
TEST(PwMove, PW_MOVE_01_Allowances) {
  TG t(base().spares().s);
  blue_first(t);
  refused(t, move("blue", "b1", {{2, 3}, {2, 4}, {2, 5}}), "PW_MOVE_TOO_FAR", "PW-MOVE-01");
  t.ok(move("blue", "b1", {{2, 3}, {2, 4}}));
  t.ok(move("blue", "b-cav", {{6, 3}, {6, 4}, {6, 5}}));
  refused(t, move("blue", "b-heavy", {{9, 2}, {9, 3}}), "PW_MOVE_TOO_FAR", "PW-MOVE-01");
  t.ok(move("blue", "b-heavy", {{9, 2}}));
  // PW-MOVE-03: moving a unit twice.
  refused(t, move("blue", "b-heavy", {{9, 3}}), "PW_MOVE_TWICE", "PW-MOVE-03");
}

// PW-TER-01 / PW-DX-08: +1 along a road the whole way; firing costs 1 (PW-MOVE-05).
TEST(PwMove, PW_TER_01_RoadBonus) {
  Sc s = base();
  s.terrain("road", {{2, 2}, {2, 3}, {2, 4}, {2, 5}, {3, 2}});
  TG t(s.spares().s);
  blue_first(t);
  const Outcome o = t.ok(move("blue", "b1", {{2, 3}, {2, 4}, {2, 5}}));
  bool road = false;
  for (const auto& e : o.events) road = road || pw_of(e).unit_moved().road();
  EXPECT_TRUE(road);
  EXPECT_EQ(t.u("b1").sq, (pw::Sq{2, 5}));
}

// PW-MOVE-05 / PW-DX-08: a unit that fired has one square less.
TEST(PwMove, PW_MOVE_05_FiringCostsASquare) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 5).unit(1, "r1", "infantry", 5, 8, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 11, 9);
  TG t(s.spares().s);
  blue_first(t);
  t.ok(fire("blue", "b1", 5, 8), {1});  // miss
  refused(t, move("blue", "b1", {{4, 5}, {3, 5}}), "PW_MOVE_TOO_FAR", "PW-MOVE-05");
  t.ok(move("blue", "b1", {{4, 5}}));
}

// GAP-PW-MOVE-05: a unit that used its full allowance may not fire afterwards.
TEST(PwMove, GAP_PW_MOVE_05_NoFireAfterFullMove) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 3).unit(1, "r1", "infantry", 5, 8, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  t.ok(move("blue", "b1", {{5, 4}, {5, 5}}));
  refused(t, fire("blue", "b1", 5, 8), "PW_FIRE_AFTER_FULL_MOVE", "PW-MOVE-05");
}

// PW-MOVE-04: artillery that fired may not move.
TEST(PwMove, PW_MOVE_04_ArtilleryThatFiredStays) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(1, "r1", "infantry", 5, 7, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  t.ok(plan("blue", {{"b-gun", 5, 7}}), {1, 6, 1, 6});  // fall of shot 1+2=3 behind; initiative 6-1; blue die 6
  EXPECT_TRUE(t.u("b-gun").fired);
  refused(t, move("blue", "b-gun", {{5, 2}}), "PW_MOVE_ARTILLERY_FIRED", "PW-MOVE-04");
  refused(t, face("blue", "b-gun", pb::GRID_FACING_EAST), "PW_MOVE_ARTILLERY_FIRED", "PW-MOVE-04");
}

// PW-UNIT-05 / PW-MOVE-07: no ending in a friendly square (commanders and transport excepted);
// passing through is allowed.
TEST(PwMove, PW_UNIT_05_Stacking) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(0, "b2", "infantry", 2, 3).unit(0, "b-cmd", "commander", 3, 2)
      .unit(1, "r1", "infantry", 10, 9, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  refused(t, move("blue", "b1", {{2, 3}}), "PW_MOVE_STACKING", "PW-UNIT-05");
  t.ok(move("blue", "b1", {{2, 3}, {2, 4}}));   // through b2
  t.ok(move("blue", "b2", {{3, 3}, {3, 2}}));   // into the commander's square
}

// PW-MOVE-08: stop on contact and face the enemy; two enemies -> the owner chooses.
TEST(PwMove, PW_MOVE_08_ContactStopAndFacing) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 3).unit(0, "b2", "mounted_cavalry", 1, 5).unit(1, "r1", "infantry", 6, 4, pb::GRID_FACING_SOUTH)
      .unit(1, "r2", "infantry", 2, 7, pb::GRID_FACING_SOUTH).unit(1, "r3", "infantry", 3, 6, pb::GRID_FACING_WEST);
  TG t(s.spares().s);
  blue_first(t);
  refused(t, move("blue", "b1", {{5, 4}, {5, 5}}), "PW_MOVE_MUST_STOP", "PW-MOVE-08");
  t.ok(move("blue", "b1", {{5, 4}}, pb::GRID_FACING_NORTH));
  EXPECT_EQ(t.u("b1").facing, pw::Facing::kEast);  // turned to face r1
  t.ok(move("blue", "b2", {{2, 5}, {2, 6}}));  // (2,6) touches r2 (north) and r3 (east)
  ASSERT_TRUE(t.decision());
  EXPECT_EQ(t.decision()->kind(), "PW_FACE_CHOICE");
  EXPECT_EQ(t.decision()->choices_size(), 2);
  EXPECT_EQ(t.run(end_side("blue")).rejection.code(), "DECISION_PENDING");
  t.answer("face:east");
  EXPECT_EQ(t.u("b2").facing, pw::Facing::kEast);
}

// PW-MOVE-09: withdrawal may not pass in front of another enemy.
TEST(PwMove, PW_MOVE_09_Withdrawal) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 5).unit(1, "r1", "infantry", 5, 6, pb::GRID_FACING_SOUTH)
      .unit(1, "r2", "infantry", 3, 4, pb::GRID_FACING_EAST);
  TG t(s.spares().s);
  blue_first(t);
  // (4,4) is the square in front of r2: a withdrawing unit may not enter it.
  refused(t, move("blue", "b1", {{4, 5}, {4, 4}}), "PW_MOVE_WITHDRAW", "PW-MOVE-09");
  t.ok(move("blue", "b1", {{5, 4}, {5, 3}}, pb::GRID_FACING_NORTH));
}

// PW-TER-03: entering a wood stops; in a wood at most 1 square.
TEST(PwMove, PW_TER_03_Woods) {
  Sc s = base();
  s.terrain("woods", {{2, 3}, {2, 4}});
  TG t(s.spares().s);
  blue_first(t);
  refused(t, move("blue", "b1", {{2, 3}, {2, 4}}), "PW_MOVE_MUST_STOP", "PW-TER-03");
  t.ok(move("blue", "b1", {{2, 3}}));
}

// PW-TER-05: rivers only at fords; entering stops; leaving is 1 square; no fire in a river.
TEST(PwMove, PW_TER_05_RiversAndFords) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(0, "b2", "infantry", 4, 2).unit(1, "r1", "infantry", 10, 9, pb::GRID_FACING_SOUTH);
  s.terrain("river", {{0, 3}, {1, 3}, {2, 3}, {3, 3}, {4, 3}, {5, 3}}).terrain("ford", {{2, 3}});
  TG t(s.spares().s);
  blue_first(t);
  refused(t, move("blue", "b2", {{4, 3}}), "PW_MOVE_RIVER", "PW-TER-05");
  refused(t, move("blue", "b1", {{2, 3}, {2, 4}}), "PW_MOVE_MUST_STOP", "PW-TER-05");
  t.ok(move("blue", "b1", {{2, 3}}));
  EXPECT_TRUE(has_marker(t.g->view("blue").units(0), "in_river"));
}

// PW-TER-07: entering a trench stops; crossing units may not fire.
TEST(PwMove, PW_TER_07_Trenches) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 2).unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 11, 9);
  s.terrain("trench", {{5, 3}});
  TG t(s.spares().s);
  blue_first(t);
  t.ok(move("blue", "b1", {{5, 3}}));
  refused(t, fire("blue", "b1", 5, 5), "PW_FIRE_CROSSING_TRENCH", "PW-TER-07");
}

// PW-TER-06: entering wire stops the unit.
TEST(PwMove, PW_TER_06_WireStops) {
  Sc s = base();
  s.terrain("wire", {{2, 3}});
  TG t(s.spares().s);
  blue_first(t);
  refused(t, move("blue", "b1", {{2, 3}, {2, 4}}), "PW_MOVE_MUST_STOP", "PW-TER-06");
  t.ok(move("blue", "b1", {{2, 3}}));
}

// PW-EXH-02: an exhausted side may not move closer to the enemy.
TEST(PwMove, PW_EXH_02_NoAdvanceWhenExhausted) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 5).unit(0, "b2", "infantry", 1, 1).unit(1, "r1", "infantry", 5, 6, pb::GRID_FACING_SOUTH)
      .unit(1, "r2", "infantry", 9, 9);
  s.s.mutable_sides(0)->mutable_units(0)->set_strength(1);
  s.s.mutable_sides(0)->mutable_units(1)->set_strength(1);
  TG t(s.spares().s);
  blue_first(t);
  t.ok(cc("blue", "b1", "r1"), {1, 6, 1});  // attacker hit, loses its only SP: blue exhausted
  ASSERT_TRUE(t.st().side_state[0].exhausted);
  refused(t, move("blue", "b2", {{1, 2}}), "PW_EXHAUSTED_ADVANCE", "PW-EXH-02");
  t.ok(move("blue", "b2", {{1, 0}}));
}

}  // namespace
}  // namespace sandtable::pwtest
