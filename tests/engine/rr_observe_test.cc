// Rookie Rules observation numbers: RR-OBS-01/03/04, GAP-RR-OBS-03, RR-LOS-02, GAP-RR-LOS-02,
// RR-SNIP-02, RR-EX-04, RR-EX-05, RR-DX-07.
#include "engine/rulesets/rookie/rr_observe.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace sandtable::rr {
namespace {

ObserveQuery query(Cover terrain, double distance) {
  ObserveQuery q;
  q.terrain = terrain;
  q.distance_inches = distance;
  return q;
}

int chance(const ObserveQuery& q) { return observation_chance(q).percent; }

TEST(RrObserve, RR_OBS_01_TargetInTheOpenIsSpottedAutomatically) {
  const ObserveChance c = observation_chance(query(Cover::kOpen, 90));
  EXPECT_TRUE(c.automatic);
  EXPECT_TRUE(observation_succeeds(c, 100));
  EXPECT_FALSE(observation_chance(query(Cover::kClass1, 90)).automatic);
}

TEST(RrObserve, RR_OBS_03_TableValuesAtEachHeading) {
  const int table[4][5] = {{90, 70, 50, 25, 10}, {70, 50, 25, 10, 1}, {50, 25, 10, 5, 1}, {25, 10, 5, 1, -1}};
  const double headings[5] = {12, 25, 50, 75, 100};
  const Cover classes[4] = {Cover::kClass1, Cover::kClass2, Cover::kClass3, Cover::kClass4};
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 5; ++c) {
      EXPECT_EQ(observation_base(classes[r], headings[c]), table[r][c]) << "class " << r + 1 << " col " << c;
    }
  }
}

TEST(RrObserve, RR_OBS_03_ClassFourAtAHundredCannotBeObserved) {
  const ObserveChance c = observation_chance(query(Cover::kClass4, 100));
  EXPECT_TRUE(c.impossible);
  EXPECT_FALSE(observation_succeeds(c, 1));
  // Just short of 100": the 75" column, 1 %.
  const ObserveChance near = observation_chance(query(Cover::kClass4, 99.9));
  EXPECT_FALSE(near.impossible);
  EXPECT_EQ(near.percent, 1);
  EXPECT_TRUE(observation_succeeds(near, 1));
  EXPECT_FALSE(observation_succeeds(near, 2));
}

TEST(RrObserve, GAP_RR_OBS_03_LargestHeadingNotAboveTheDistance) {
  EXPECT_EQ(observation_column(0), 0);
  EXPECT_EQ(observation_column(11), 0);
  EXPECT_EQ(observation_column(12), 0);
  EXPECT_EQ(observation_column(24.9), 0);
  EXPECT_EQ(observation_column(25), 1);
  EXPECT_EQ(observation_column(49.9), 1);
  EXPECT_EQ(observation_column(50), 2);
  EXPECT_EQ(observation_column(74.9), 2);
  EXPECT_EQ(observation_column(75), 3);
  EXPECT_EQ(observation_column(78), 3);
  EXPECT_EQ(observation_column(99.9), 3);
  EXPECT_EQ(observation_column(100), 4);
  EXPECT_EQ(observation_column(250), 4);
  EXPECT_EQ(observation_base(Cover::kClass1, 24.9), 90);
  EXPECT_EQ(observation_base(Cover::kClass1, 25), 70);
  EXPECT_EQ(observation_base(Cover::kClass2, 150), 1);
  EXPECT_TRUE(observation_chance(query(Cover::kClass4, 150)).impossible);
}

TEST(RrObserve, RR_OBS_04_EachModifierAddsItsValue) {
  const ObserveQuery base = query(Cover::kClass1, 30);  // 70 %
  ASSERT_EQ(chance(base), 70);
  ObserveQuery q = base;
  q.smoke = true;
  EXPECT_EQ(chance(q), 20);
  q = base;
  q.observer = TroopClass::kE;
  EXPECT_EQ(chance(q), 20);
  q.observer = TroopClass::kD;
  EXPECT_EQ(chance(q), 45);
  q.observer = TroopClass::kC;
  EXPECT_EQ(chance(q), 70);
  q.observer = TroopClass::kB;
  EXPECT_EQ(chance(q), 70);
  q.observer = TroopClass::kA;
  EXPECT_EQ(chance(q), 90);
  q = base;
  q.specialist = true;
  EXPECT_EQ(chance(q), 100);
  q = base;
  q.target_moved = true;
  EXPECT_EQ(chance(q), 120);
  q = base;
  q.target_camouflaged = true;
  EXPECT_EQ(chance(q), 20);
}

TEST(RrObserve, RR_OBS_04_ButtonedUpTankUnlessInfantryAlongside) {
  ObserveQuery q = query(Cover::kClass2, 12);  // 70 %
  q.buttoned_up_tank = true;
  EXPECT_EQ(chance(q), 20);
  q.infantry_alongside_tank = true;
  EXPECT_EQ(chance(q), 70);
}

TEST(RrObserve, RR_OBS_04_TargetThatFiredAtTheObserverIsSeenAutomatically) {
  ObserveQuery q = query(Cover::kClass4, 120);  // n/a otherwise
  q.target_camouflaged = true;
  q.smoke = true;
  q.target_fired_at_observer = true;
  const ObserveChance c = observation_chance(q);
  EXPECT_TRUE(c.automatic);
  EXPECT_FALSE(c.impossible);
  EXPECT_TRUE(observation_succeeds(c, 100));
  ASSERT_EQ(c.items.size(), 1u);
  EXPECT_EQ(c.items[0].rule, "RR-OBS-04");
  q.target_fired_at_observer = false;
  EXPECT_FALSE(observation_chance(q).automatic);
}

TEST(RrObserve, RR_OBS_04_RollAtOrUnderTheChanceSucceeds) {
  ObserveQuery q = query(Cover::kClass3, 30);  // 25 %
  const ObserveChance c = observation_chance(q);
  EXPECT_TRUE(observation_succeeds(c, 25));
  EXPECT_FALSE(observation_succeeds(c, 26));
  q.target_camouflaged = true;  // -25: no roll can succeed
  EXPECT_FALSE(observation_succeeds(observation_chance(q), 1));
  q.target_camouflaged = false;
  q.target_moved = true;
  q.specialist = true;  // 105: even 100 succeeds
  EXPECT_TRUE(observation_succeeds(observation_chance(q), 100));
}

TEST(RrObserve, RR_EX_04_InfantryElevenInchesFromClassOneSpotsCamouflagedUnitOnForty) {
  ObserveQuery q = query(Cover::kClass1, 11);
  q.target_camouflaged = true;
  const ObserveChance c = observation_chance(q);
  EXPECT_EQ(c.percent, 40);
  ASSERT_EQ(c.items.size(), 2u);
  EXPECT_EQ(c.items[0].rule, "RR-OBS-03");
  EXPECT_EQ(c.items[0].value, 90);
  EXPECT_EQ(c.items[1].value, -50);
  EXPECT_TRUE(observation_succeeds(c, 40));
  EXPECT_FALSE(observation_succeeds(c, 41));
}

TEST(RrObserve, RR_EX_05_SpecialistEliteJungleFightersSpotCamouflagedEnemyInWoodsAt78OnTen) {
  ObserveQuery q = query(Cover::kClass2, 78);
  q.observer = TroopClass::kA;
  q.specialist = true;
  q.target_camouflaged = true;
  const ObserveChance c = observation_chance(q);
  EXPECT_EQ(c.percent, 10);
  ASSERT_EQ(c.items.size(), 4u);
  EXPECT_EQ(c.items[0].value, 10);  // 75" column
  int sum = 0;
  for (const ObserveItem& i : c.items) sum += i.value;
  EXPECT_EQ(sum, 10);
  EXPECT_TRUE(observation_succeeds(c, 10));
  EXPECT_FALSE(observation_succeeds(c, 11));
}

TEST(RrObserve, RR_LOS_02_HowFarIntoEachCoverClass) {
  EXPECT_TRUE(can_see_into(Cover::kClass1, 8.0));
  EXPECT_FALSE(can_see_into(Cover::kClass1, 8.1));
  EXPECT_TRUE(can_see_into(Cover::kClass2, 4.0));
  EXPECT_FALSE(can_see_into(Cover::kClass2, 4.1));
  EXPECT_TRUE(can_see_into(Cover::kClass3, 2.0));
  EXPECT_FALSE(can_see_into(Cover::kClass3, 2.1));
  EXPECT_TRUE(can_see_into(Cover::kClass4, 2.0));
  EXPECT_FALSE(can_see_into(Cover::kClass4, 2.1));
  EXPECT_TRUE(can_see_into(Cover::kOpen, 500));
  EXPECT_EQ(cover_sight(Cover::kClass2).into_inches, 4.0);
}

TEST(RrObserve, GAP_RR_LOS_02_ThroughClassOneUpToEightInchesNeverThroughTwoToFour) {
  EXPECT_TRUE(can_see_through(Cover::kClass1, 8.0));
  EXPECT_FALSE(can_see_through(Cover::kClass1, 8.1));
  for (Cover c : {Cover::kClass2, Cover::kClass3, Cover::kClass4}) {
    EXPECT_FALSE(can_see_through(c, 0.5));
    EXPECT_FALSE(cover_sight(c).see_through);
  }
  EXPECT_TRUE(cover_sight(Cover::kClass1).see_through);
  EXPECT_TRUE(can_see_through(Cover::kOpen, 100));
}

TEST(RrObserve, RR_SNIP_02_FirstTurnUndetectableThenTwentyFivePercentMorePerTurn) {
  const ObserveChance first = sniper_detection_chance(1);
  EXPECT_TRUE(first.impossible);
  EXPECT_FALSE(observation_succeeds(first, 1));
  EXPECT_EQ(sniper_detection_chance(2).percent, 25);
  EXPECT_EQ(sniper_detection_chance(3).percent, 50);
  EXPECT_EQ(sniper_detection_chance(4).percent, 75);
  EXPECT_EQ(sniper_detection_chance(5).percent, 100);
  EXPECT_EQ(sniper_detection_chance(9).percent, 100);
  EXPECT_EQ(sniper_detection_chance(2).items.at(0).rule, "RR-SNIP-02");
}

TEST(RrObserve, RR_DX_07_SniperFiringOnTurnsOneTwoThreeAndFive) {
  EXPECT_FALSE(observation_succeeds(sniper_detection_chance(1), 1));
  EXPECT_TRUE(observation_succeeds(sniper_detection_chance(2), 25));
  EXPECT_FALSE(observation_succeeds(sniper_detection_chance(2), 26));
  EXPECT_TRUE(observation_succeeds(sniper_detection_chance(3), 50));
  EXPECT_FALSE(observation_succeeds(sniper_detection_chance(3), 51));
  for (int d = 1; d <= 100; ++d) EXPECT_TRUE(observation_succeeds(sniper_detection_chance(5), d)) << d;
  EXPECT_FALSE(observation_succeeds(sniper_detection_chance(4), 76));
}

}  // namespace
}  // namespace sandtable::rr
