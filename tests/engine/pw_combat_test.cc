// Portable Wargame close combat, hits and retreats, transport, cavalry and wire.
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

void refused(TG& t, const pb::Command& c, const std::string& code, const std::string& rule) {
  const Outcome o = t.run(c);
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), code) << o.rejection.message();
  EXPECT_EQ(o.rejection.rule_id(), rule);
}

const pb::PwCloseCombatFought* fought(const Outcome& o) {
  for (const auto& e : o.events) {
    if (pw_of(e).has_close_combat()) return &pw_of(e).close_combat();
  }
  return nullptr;
}

// PW-DX-04 / PW-CC-02/03/04: infantry attacks the flank of infantry in a wood: attacker
// front-on needs 3+, defender flank-on needs 5+ with +1 for the wood; rolls 2 and 3: both hit.
TEST(PwCombat, PW_DX_04_FlankAttackIntoWood) {
  Sc s;
  s.unit(0, "b1", "infantry", 4, 5, pb::GRID_FACING_EAST).unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_NORTH)
      .terrain("woods", {{5, 5}});
  TG t(s.spares().s);
  blue_first(t);
  const Outcome o = t.ok(cc("blue", "b1", "r1"), {2, 3, 1, 1});
  const auto* f = fought(o);
  ASSERT_TRUE(f);
  EXPECT_TRUE(f->defender_flank());
  EXPECT_EQ(f->defender_modifier(), 1);
  EXPECT_TRUE(f->attacker_hit());
  EXPECT_TRUE(f->defender_hit());
}

// PW-CC-03 row check: the same defender front-on is not hit on 3 (needs 3+ with +1 -> 4).
TEST(PwCombat, PW_CC_03_FrontOnDefenderSurvivesThree) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_SOUTH)
      .terrain("woods", {{5, 5}});
  TG t(s.spares().s);
  blue_first(t);
  const Outcome o = t.ok(cc("blue", "b1", "r1"), {3, 2});
  const auto* f = fought(o);
  ASSERT_TRUE(f);
  EXPECT_FALSE(f->defender_flank());
  EXPECT_FALSE(f->defender_hit());
  EXPECT_FALSE(f->attacker_hit());
}

// PW-CC-04 / PW-TER-02 / PW-TER-05: uphill -1 for the attacker, in a river -1.
TEST(PwCombat, PW_TER_02_UphillAndRiverModifiers) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_SOUTH)
      .terrain("hill", {{5, 5}}, 1).terrain("river", {{5, 4}}).terrain("ford", {{5, 4}});
  TG t(s.spares().s);
  blue_first(t);
  const Outcome o = t.ok(cc("blue", "b1", "r1"), {4, 4, 1});
  const auto* f = fought(o);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->attacker_modifier(), -2);
  EXPECT_TRUE(f->attacker_hit());  // 4 - 2 = 2, below infantry's 3
  EXPECT_EQ(f->defender_modifier(), 0);
}

// PW-DX-05 / PW-HIT-01/02: average unit: raw 2 loses 1 SP; raw 5: retreat or lose (decision).
TEST(PwCombat, PW_DX_05_HitResolution) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  t.ok(cc("blue", "b1", "r1"), {6, 1, 2});  // defender hit; hit roll 2 -> loses 1 SP
  EXPECT_EQ(t.u("r1").sp, 3);
  EXPECT_EQ(t.decision(), nullptr);
}

TEST(PwCombat, PW_HIT_02_RetreatOrLoseDecisionAndFollowUp) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(0, "b2", "infantry", 7, 5).unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  t.ok(cc("blue", "b1", "r1"), {6, 1, 5});  // defender hit; hit roll 5 -> choice
  ASSERT_TRUE(t.decision());
  EXPECT_EQ(t.decision()->kind(), "PW_RETREAT_OR_LOSE");
  EXPECT_EQ(t.decision()->seat(), "red");
  EXPECT_EQ(t.decision()->rule_id(), "PW-HIT-02");
  // PW-HIT-03: retreat squares are empty and not next to an enemy: not (6,5), next to b2.
  std::vector<std::string> ids;
  for (const auto& c : t.decision()->choices()) ids.push_back(c.id());
  EXPECT_EQ(ids, (std::vector<std::string>{"lose", "retreat:5,6", "retreat:4,5"}));
  t.answer("retreat:5,6");
  EXPECT_EQ(t.u("r1").sq, (pw::Sq{5, 6}));
  EXPECT_EQ(t.u("r1").sp, 4);
  // PW-CC-05: the winner may advance into the vacated square.
  ASSERT_TRUE(t.decision());
  EXPECT_EQ(t.decision()->kind(), "PW_ADVANCE");
  EXPECT_EQ(t.decision()->seat(), "blue");
  t.answer("advance");
  EXPECT_EQ(t.u("b1").sq, (pw::Sq{5, 5}));
  // Adjacent to r1 again: a further close combat is allowed in the same activation.
  t.ok(cc("blue", "b1", "r1"), {6, 6});
}

// PW-HIT-03: no legal retreat square -> the SP is lost without asking.
TEST(PwCombat, PW_HIT_03_NoRetreatSquareLosesSp) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(0, "b2", "infantry", 4, 6).unit(0, "b3", "infantry", 6, 6)
      .unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 5, 6, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  t.ok(cc("blue", "b1", "r1"), {6, 1, 6});
  EXPECT_EQ(t.decision(), nullptr);
  EXPECT_EQ(t.u("r1").sp, 3);
}

// PW-UNIT-03 / PW-HIT-01: elite loses only on 1-2, poor on 1-4.
TEST(PwCombat, PW_UNIT_03_QualityRows) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(0, "b2", "infantry", 7, 4, pb::GRID_FACING_NORTH)
      .unit(1, "r-elite", "infantry", 5, 5, pb::GRID_FACING_SOUTH, "elite")
      .unit(1, "r-poor", "infantry", 7, 5, pb::GRID_FACING_SOUTH, "poor");
  TG t(s.spares().s);
  blue_first(t);
  t.ok(cc("blue", "b1", "r-elite"), {6, 1, 3});
  ASSERT_TRUE(t.decision());  // elite on 3 survives: retreat or lose
  t.answer("lose");
  EXPECT_EQ(t.u("r-elite").sp, 3);
  EXPECT_EQ(t.decision(), nullptr);  // r-elite holds its square: no advance offered
  t.ok(cc("blue", "b2", "r-poor"), {6, 1, 4});  // poor loses on 4
  EXPECT_EQ(t.u("r-poor").sp, 3);
  EXPECT_EQ(t.decision(), nullptr);
}

// PW-UNIT-02: at 0 SP the unit is removed.
TEST(PwCombat, PW_UNIT_02_DestroyedAtZero) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(1, "r1", "transport", 5, 5, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  t.ok(cc("blue", "b1", "r1"), {6, 1, 1});
  EXPECT_FALSE(t.u("r1").alive);
  const pb::View v = t.g->view("blue");
  for (const auto& u : v.units()) EXPECT_NE(u.id(), "r1");
}

// PW-TRN-01/02: limber takes the turn; the transport tows the gun; a hit on the transport is
// a hit on the gun.
TEST(PwCombat, PW_TRN_01_02_LimberTowAndSharedHits) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 2, 2).unit(0, "b-tr", "transport", 2, 2).unit(0, "b-inf", "infantry", 8, 2)
      .unit(1, "r1", "infantry", 5, 8, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  t.ok(stationary("blue", "b-gun", pb::PW_LIMBER, "b-tr"));
  EXPECT_EQ(t.u("b-gun").carried_by, "b-tr");
  refused(t, move("blue", "b-tr", {{2, 3}}), "PW_UNIT_BUSY", "PW-TRN-01");  // the limbering took its turn
  t.ok(end_side("blue"), {6, 6});
  t.ok(end_side("red"), {6, 1, 6, 6});  // turn 2 (no battery able to fire: blue's is limbered)
  EXPECT_TRUE(t.st().side_state[0].plan_due == false);
  refused(t, move("blue", "b-gun", {{2, 3}}), "PW_MOVE_CARRIED", "PW-TRN-01");
  t.ok(move("blue", "b-tr", {{2, 3}, {2, 4}}));
  EXPECT_EQ(t.u("b-gun").sq, (pw::Sq{2, 4}));
}

TEST(PwCombat, PW_TRN_02_HitOnTransportHitsPassenger) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(1, "r-tr", "transport", 5, 5, pb::GRID_FACING_SOUTH)
      .unit(1, "r-gun", "field_artillery", 5, 5, pb::GRID_FACING_SOUTH, "", "r-tr");
  TG t(s.spares().s);
  blue_first(t);
  t.ok(cc("blue", "b1", "r-tr"), {6, 1, 1, 1});  // transport hit: rolls 1 (destroyed); gun rolls 1
  EXPECT_FALSE(t.u("r-tr").alive);
  EXPECT_EQ(t.u("r-gun").sp, 1);
  EXPECT_EQ(t.u("r-gun").carried_by, "");
}

// GAP-PW-TRN-03: infantry embarks, rides, disembarks.
TEST(PwCombat, GAP_PW_TRN_03_Carrying) {
  Sc s;
  s.unit(0, "b-inf", "infantry", 2, 2).unit(0, "b-tr", "transport", 2, 2).unit(1, "r1", "infantry", 9, 9, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  t.ok(stationary("blue", "b-inf", pb::PW_EMBARK, "b-tr"));
  EXPECT_EQ(t.u("b-inf").carried_by, "b-tr");
  refused(t, fire("blue", "b-inf", 2, 3), "PW_FIRE_CARRIED", "PW-TRN-03");
}

// GAP-PW-CAV-01: mounting/dismounting instead of moving.
TEST(PwCombat, PW_CAV_01_MountAndDismount) {
  Sc s;
  s.unit(0, "b-cav", "dismounted_cavalry", 2, 2).unit(1, "r1", "infantry", 9, 9, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  refused(t, stationary("blue", "b-cav", pb::PW_DISMOUNT), "PW_CANNOT_DISMOUNT", "PW-CAV-01");
  t.ok(stationary("blue", "b-cav", pb::PW_MOUNT));
  EXPECT_EQ(t.u("b-cav").type, pw::UnitType::kMountedCavalry);
  EXPECT_EQ(t.u("b-cav").sp, 3);
  refused(t, move("blue", "b-cav", {{2, 3}}), "PW_UNIT_BUSY", "PW-TRN-01");
}

// PW-TER-06: laying and removing wire take the unit's turn.
TEST(PwCombat, PW_TER_06_LayAndRemoveWire) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(0, "b2", "infantry", 4, 2).unit(1, "r1", "infantry", 9, 9, pb::GRID_FACING_SOUTH)
      .terrain("wire", {{4, 2}});
  TG t(s.spares().s);
  blue_first(t);
  t.ok(stationary("blue", "b1", pb::PW_LAY_WIRE));
  EXPECT_TRUE(t.st().cell({2, 2}).wire);
  refused(t, stationary("blue", "b2", pb::PW_LAY_WIRE), "PW_WIRE_THERE", "PW-TER-06");
  t.ok(stationary("blue", "b2", pb::PW_REMOVE_WIRE));
  EXPECT_FALSE(t.st().cell({4, 2}).wire);
  bool shown = false;
  const pb::View v = t.g->view("red");
  for (const auto& f : v.terrain()) {
    if (f.kind() == "wire") shown = f.squares_size() == 1 && f.squares(0).col() == 2;
  }
  EXPECT_TRUE(shown);
}

}  // namespace
}  // namespace sandtable::pwtest
