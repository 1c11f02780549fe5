// Portable Wargame close combat: who may start one (PW-CC-01) and the Commander bonus (PW-CC-04).
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

// PW-CC-01: "an activated unit" adjacent to an enemy may attack: a Commander, an artillery unit
// and a transport each start one (rolls 6 and 6: nobody is hit, nothing else is asked).
TEST(PwCloseCombat, PW_CC_01_CommanderArtilleryAndTransportMayAttack) {
  Sc s;
  s.unit(0, "b-cmd", "commander", 2, 4).unit(0, "b-gun", "field_artillery", 5, 4).unit(0, "b-tr", "transport", 8, 4)
      .unit(1, "r1", "infantry", 2, 5, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 5, 5, pb::GRID_FACING_SOUTH)
      .unit(1, "r3", "infantry", 8, 5, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  for (auto [attacker, defender] : std::vector<std::pair<std::string, std::string>>{{"b-cmd", "r1"}, {"b-gun", "r2"}, {"b-tr", "r3"}}) {
    const Outcome o = t.ok(cc("blue", attacker, defender), {6, 6});
    const auto* f = fought(o);
    ASSERT_TRUE(f) << attacker;
    EXPECT_EQ(f->attacker_id(), attacker);
    EXPECT_EQ(f->defender_id(), defender);
    EXPECT_TRUE(t.u(attacker).cc_done) << attacker;
  }
}

// PW-CC-01 / GAP-PW-CC-01: what still limits an attack holds for every type: adjacent, facing
// the defender, once a turn.
TEST(PwCloseCombat, PW_CC_01_AdjacentFacingOnce) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 5, pb::GRID_FACING_EAST).unit(0, "b-gun", "field_artillery", 4, 6)
      .unit(0, "b-cmd", "commander", 7, 4).unit(1, "r1", "infantry", 5, 6, pb::GRID_FACING_SOUTH)
      .unit(1, "r2", "infantry", 8, 8).unit(1, "r3", "infantry", 7, 5, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  refused(t, cc("blue", "b1", "r2"), "PW_CC_NOT_ADJACENT", "PW-CC-01");
  refused(t, cc("blue", "b1", "r1"), "PW_CC_NOT_FACING", "PW-CC-01");
  refused(t, cc("blue", "b-gun", "r1"), "PW_CC_NOT_FACING", "PW-CC-01");  // the gun faces north, r1 is east
  t.ok(cc("blue", "b-cmd", "r3"), {6, 6});
  refused(t, cc("blue", "b-cmd", "r3"), "PW_CC_TWICE", "PW-CC-01");
}

// PW-CC-04: +1 for a friendly Commander orthogonally adjacent, to attacker and defender alike;
// a diagonal Commander is not adjacent (PW-DEF-05).
TEST(PwCloseCombat, PW_CC_04_CommanderAdjacentAddsOne) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(0, "b-cmd", "commander", 4, 4)
      .unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_SOUTH).unit(1, "r-cmd", "commander", 6, 6);
  TG t(s.spares().s);
  blue_first(t);
  const Outcome o = t.ok(cc("blue", "b1", "r1"), {6, 6});
  const auto* f = fought(o);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->attacker_modifier(), 1);
  EXPECT_EQ(f->defender_modifier(), 0);  // r-cmd is diagonal to r1
}

// PW-CC-04 says "orthogonally adjacent" only (fire says "same square or adjacent"): by default a
// Commander in the unit's own square adds nothing, for attacker and defender. The scenario
// option pw.cc_commander_same_square = on counts it (our gap decision).
Outcome same_square_fight(const std::string& option) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(0, "b-cmd", "commander", 5, 4)
      .unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_SOUTH).unit(1, "r-cmd", "commander", 5, 5);
  if (!option.empty()) s.option("pw.cc_commander_same_square", option);
  TG t(s.spares().s);
  blue_first(t);
  return t.ok(cc("blue", "b1", "r1"), {6, 6});
}

TEST(PwCloseCombat, PW_CC_04_CommanderInSameSquareNoBonusByDefault) {
  for (const std::string opt : {"", "off"}) {
    const Outcome o = same_square_fight(opt);
    const auto* f = fought(o);
    ASSERT_TRUE(f) << opt;
    EXPECT_EQ(f->attacker_modifier(), 0) << opt;
    EXPECT_EQ(f->defender_modifier(), 0) << opt;
  }
}

TEST(PwCloseCombat, PW_CC_04_OptionCountsCommanderInSameSquare) {
  const Outcome o = same_square_fight("on");
  const auto* f = fought(o);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->attacker_modifier(), 1);
  EXPECT_EQ(f->defender_modifier(), 1);
  ASSERT_GE(f->notes_size(), 1);
  EXPECT_EQ(f->notes(0), "attacker +1 commander in its square");
}

}  // namespace
}  // namespace sandtable::pwtest
