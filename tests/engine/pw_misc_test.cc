// Portable Wargame: sequence refusals, facing, line of sight over units, trenches as
// fortifications.
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

void refused(TG& t, const pb::Command& c, const std::string& code, const std::string& rule) {
  const Outcome o = t.run(c);
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), code) << o.rejection.message();
  EXPECT_EQ(o.rejection.rule_id(), rule);
}

// PW-SEQ-01: units act only after the Artillery Fire phase and initiative, on their side's half.
TEST(PwMisc, PW_SEQ_01_OrderOfTheTurn) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 5, 8, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  EXPECT_EQ(t.st().phase, pw::Phase::kArtilleryPlanning);
  refused(t, move("blue", "b1", {{2, 3}}), "PW_NOT_YOUR_TURN", "PW-SEQ-01");
  refused(t, plan("red", {}), "PW_ART_NO_BATTERIES", "PW-ART-01");  // red has no guns: not waited for
  blue_first(t);
  refused(t, move("red", "r1", {{5, 7}}), "PW_NOT_YOUR_TURN", "PW-SEQ-01");
  refused(t, plan("blue", {}), "PW_ART_NOT_NOW", "PW-SEQ-01");
}

// PW-ACT-04: one activated unit at a time; activating another ends the first.
TEST(PwMisc, PW_ACT_04_OneUnitAtATime) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(0, "b2", "infantry", 4, 2).unit(1, "r1", "infantry", 2, 6, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  refused(t, end_activation("blue"), "PW_NO_ACTIVE_UNIT", "PW-ACT-04");
  t.ok(move("blue", "b1", {{2, 3}}));  // may still fire at r1, so it stays activated
  EXPECT_EQ(t.st().active_unit, "b1");
  const Outcome o = t.ok(move("blue", "b2", {{4, 3}}));
  EXPECT_TRUE(pw_of(o.events[0]).has_activation_ended());
  EXPECT_EQ(pw_of(o.events[0]).activation_ended().unit_id(), "b1");
}

// PW-MOVE-06: turning in place is the unit's move; it must name a new facing.
TEST(PwMisc, PW_MOVE_06_Facing) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 9, 9, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  refused(t, face("blue", "b1", pb::GRID_FACING_NORTH), "PW_FACE_SAME", "PW-MOVE-06");
  refused(t, move("blue", "b1", {}), "PW_MOVE_EMPTY", "PW-MOVE-06");
  t.ok(move("blue", "b1", {{2, 3}, {3, 3}}, pb::GRID_FACING_WEST));
  EXPECT_EQ(t.u("b1").facing, pw::Facing::kWest);
}

// PW-ART-04 / PW-DEF-03: artillery fires over units (direct), small arms do not see through them.
TEST(PwMisc, PW_ART_04_OverUnits) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(0, "b1", "infantry", 5, 3).unit(0, "b2", "infantry", 3, 2)
      .unit(1, "r1", "infantry", 5, 6, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 3, 5, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  const Outcome o = t.ok(plan("blue", {{"b-gun", 5, 6}}), {6, 6, 1, 6, 6, 6, 6});
  for (const auto& e : o.events) {
    if (pw_of(e).has_artillery_fired()) {
      EXPECT_TRUE(pw_of(e).artillery_fired().direct());
    }
  }
  // b2 at (3,2) -> r2 at (3,5): b-x in between blocks small arms.
  Sc s2;
  s2.unit(0, "b1", "infantry", 3, 2).unit(0, "b2", "infantry", 3, 3).unit(1, "r2", "infantry", 3, 5, pb::GRID_FACING_SOUTH);
  TG t2(s2.spares().s);
  blue_first(t2);
  refused(t2, fire("blue", "b1", 3, 5), "PW_FIRE_NO_LOS", "PW-FIRE-02");
}

// PW-DEF-04 / PW-TER-07: a held trench is fortifications (-1 to fire at, +1 in close combat);
// a unit crossing one has -1 in close combat.
TEST(PwMisc, PW_DEF_04_TrenchesAreFortifications) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(0, "b2", "infantry", 8, 5, pb::GRID_FACING_NORTH)
      .unit(1, "r1", "infantry", 5, 6, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 8, 7, pb::GRID_FACING_SOUTH)
      .terrain("trench", {{5, 5}, {5, 6}, {8, 7}});
  TG t(s.spares().s);
  blue_first(t);
  Outcome o = t.ok(fire("blue", "b2", 8, 7), {1});
  for (const auto& e : o.events) {
    if (pw_of(e).has_unit_fired()) {
      EXPECT_EQ(pw_of(e).unit_fired().modifier(), 0);  // +1 not moved, -1 fortifications
    }
  }
  t.ok(move("blue", "b1", {{5, 5}}));  // into the trench, next to r1: crossing
  o = t.ok(cc("blue", "b1", "r1"), {6, 6});
  for (const auto& e : o.events) {
    if (!pw_of(e).has_close_combat()) continue;
    EXPECT_EQ(pw_of(e).close_combat().attacker_modifier(), -1);  // crossing a trench
    EXPECT_EQ(pw_of(e).close_combat().defender_modifier(), 1);   // holding a trench
  }
}

}  // namespace
}  // namespace sandtable::pwtest
