// Rookie Rules morale: RR-MOR-01..06, GAP-RR-MOR-03/-04/-05/-06, RR-PEN-01 (morale way), RR-DX-06.
#include "engine/rulesets/rookie/rr_morale.h"

#include <gtest/gtest.h>

namespace sandtable::rr {
namespace {

MoraleResult roll(int d100, int modifiers = 0, bool within_8 = false) {
  MoraleRollQuery q;
  q.d100 = d100;
  q.modifiers = modifiers;
  q.within_8_of_enemy = within_8;
  return morale_result(q);
}

int total_for(const MoraleQuery& q) { return morale_modifiers(q).total; }

TEST(RrMorale, RR_MOR_01_FiveMandatoryTriggers) {
  for (MoraleTrigger t : {MoraleTrigger::kCasualty, MoraleTrigger::kHeavyAttack, MoraleTrigger::kInDisabledVehicle,
                          MoraleTrigger::kFriendRanAwayWithin8}) {
    EXPECT_TRUE(trigger_applies(t, false));
    EXPECT_TRUE(trigger_applies(t, true));
  }
  // (4) enemy tank within 8": non-armoured units only.
  EXPECT_TRUE(trigger_applies(MoraleTrigger::kEnemyTankWithin8, false));
  EXPECT_FALSE(trigger_applies(MoraleTrigger::kEnemyTankWithin8, true));
}

TEST(RrMorale, RR_MOR_01_HeavyAttacksForceATestLightMortarsAndDirectFireDoNot) {
  EXPECT_TRUE(attack_forces_morale(MoraleAttack::kArtillery));
  EXPECT_TRUE(attack_forces_morale(MoraleAttack::kMediumMortar));
  EXPECT_TRUE(attack_forces_morale(MoraleAttack::kHeavyMortar));
  EXPECT_TRUE(attack_forces_morale(MoraleAttack::kAirStrike));
  EXPECT_TRUE(attack_forces_morale(MoraleAttack::kFlameThrower));
  EXPECT_FALSE(attack_forces_morale(MoraleAttack::kLightMortar));
  EXPECT_FALSE(attack_forces_morale(MoraleAttack::kDirectFire));
}

TEST(RrMorale, RR_MOR_02_VoluntaryTestOnlyToTryToRemoveAMarker) {
  EXPECT_FALSE(may_test_voluntarily(Marker::kNone));
  EXPECT_TRUE(may_test_voluntarily(Marker::kDisrupted));
  EXPECT_TRUE(may_test_voluntarily(Marker::kPinned));
  EXPECT_TRUE(may_test_voluntarily(Marker::kSuppressed));
}

TEST(RrMorale, RR_MOR_03_BelowZeroRunsOffTheTable) {
  const MoraleResult r = roll(5, -6);
  EXPECT_EQ(r.total, -1);
  EXPECT_EQ(r.outcome, MoraleOutcome::kRunsOff);
  EXPECT_TRUE(r.removed_from_play);
  EXPECT_EQ(roll(5, -5).total, 0);
  EXPECT_EQ(roll(5, -5).outcome, MoraleOutcome::kLosesTwoSuppressed);
}

TEST(RrMorale, RR_MOR_03_ZeroToFifteenSurrendersWithinEightInches) {
  for (int total : {0, 15}) {
    const MoraleResult r = roll(total + 20, -20, true);
    EXPECT_EQ(r.total, total);
    EXPECT_EQ(r.outcome, MoraleOutcome::kSurrenders);
    EXPECT_TRUE(r.removed_from_play);
    EXPECT_FALSE(r.runs_away);
  }
  EXPECT_EQ(roll(16, 0, true).outcome, MoraleOutcome::kFallsBack);
  EXPECT_EQ(roll(1, -2, true).outcome, MoraleOutcome::kRunsOff);
}

TEST(RrMorale, RR_MOR_03_ZeroToFifteenFurtherAwayLosesTwoAndIsSuppressed) {
  for (int total : {0, 15}) {
    const MoraleResult r = roll(total + 20, -20, false);
    EXPECT_EQ(r.outcome, MoraleOutcome::kLosesTwoSuppressed);
    EXPECT_EQ(r.figures_lost, 2);
    EXPECT_EQ(r.marker, Marker::kSuppressed);
    EXPECT_FALSE(r.removed_from_play);
    EXPECT_FALSE(r.runs_away);
  }
}

TEST(RrMorale, RR_MOR_03_SixteenToThirtyFallsBackLosesAFigureAndIsPinned) {
  for (int d : {16, 30}) {
    const MoraleResult r = roll(d);
    EXPECT_EQ(r.outcome, MoraleOutcome::kFallsBack);
    EXPECT_EQ(r.figures_lost, 1);
    EXPECT_EQ(r.marker, Marker::kPinned);
    EXPECT_EQ(r.fall_back_functions, 4);
    EXPECT_EQ(r.fall_back_inches, 16);
  }
  MoraleRollQuery tank;
  tank.d100 = 20;
  tank.class_a_inches = 8;
  EXPECT_EQ(morale_result(tank).fall_back_inches, 32);
  EXPECT_EQ(roll(15).outcome, MoraleOutcome::kLosesTwoSuppressed);
  EXPECT_EQ(roll(31).outcome, MoraleOutcome::kNoChange);
}

TEST(RrMorale, RR_MOR_03_ThirtyOneToFortyNoChange) {
  for (int d : {31, 40}) {
    const MoraleResult r = roll(d);
    EXPECT_EQ(r.outcome, MoraleOutcome::kNoChange);
    EXPECT_EQ(r.figures_lost, 0);
    EXPECT_EQ(r.marker, Marker::kNone);
    EXPECT_FALSE(r.may_remove_one_level);
  }
  EXPECT_EQ(roll(41).outcome, MoraleOutcome::kMayRemoveOneLevel);
}

TEST(RrMorale, RR_MOR_03_FortyOneOrMoreMayRemoveOnePenaltyLevel) {
  const MoraleResult r = roll(100, 30);
  EXPECT_EQ(r.total, 130);
  EXPECT_EQ(r.outcome, MoraleOutcome::kMayRemoveOneLevel);
  EXPECT_TRUE(r.may_remove_one_level);
  EXPECT_EQ(marker_after_morale(Marker::kSuppressed, r, true), Marker::kPinned);
  EXPECT_EQ(marker_after_morale(Marker::kSuppressed, r, false), Marker::kSuppressed);
  EXPECT_EQ(marker_after_morale(Marker::kDisrupted, r, true), Marker::kNone);
  EXPECT_EQ(marker_after_morale(Marker::kNone, r, true), Marker::kNone);
  // 40 gives no such option.
  EXPECT_EQ(marker_after_morale(Marker::kPinned, roll(40), true), Marker::kPinned);
}

TEST(RrMorale, RR_MOR_03_ImposedMarkerNeverImprovesAWorseOne) {
  EXPECT_EQ(marker_after_morale(Marker::kSuppressed, roll(20), false), Marker::kSuppressed);
  EXPECT_EQ(marker_after_morale(Marker::kDisrupted, roll(20), false), Marker::kPinned);
  EXPECT_EQ(marker_after_morale(Marker::kPinned, roll(5), false), Marker::kSuppressed);
}

TEST(RrMorale, RR_MOR_04_BelowZeroAndSixteenToThirtyCountAsRunningAway) {
  EXPECT_TRUE(roll(1, -2).runs_away);
  EXPECT_TRUE(roll(16).runs_away);
  EXPECT_TRUE(roll(30).runs_away);
  EXPECT_FALSE(roll(15).runs_away);
  EXPECT_FALSE(roll(31).runs_away);
  EXPECT_FALSE(roll(80).runs_away);
}

TEST(RrMorale, GAP_RR_MOR_04_SurrenderAndLosingTwoAreNotRunningAway) {
  EXPECT_FALSE(roll(10, 0, true).runs_away);
  EXPECT_FALSE(roll(10, 0, false).runs_away);
}

TEST(RrMorale, RR_MOR_05_TrainingModifiers) {
  MoraleQuery q;
  const int expected[5] = {20, 10, 0, -10, -20};
  const TroopClass classes[5] = {TroopClass::kA, TroopClass::kB, TroopClass::kC, TroopClass::kD, TroopClass::kE};
  for (int i = 0; i < 5; ++i) {
    q.troops = classes[i];
    EXPECT_EQ(total_for(q), expected[i]);
  }
}

TEST(RrMorale, RR_MOR_05_TerrainAndBunkerModifiers) {
  MoraleQuery q;
  const int terrain[5] = {0, 5, 10, 15, 20};
  for (int c = 0; c <= 4; ++c) {
    q.terrain = static_cast<Cover>(c);
    EXPECT_EQ(total_for(q), terrain[c]);
  }
  q.terrain = Cover::kOpen;
  const int bunker[6] = {0, 5, 10, 15, 20, 20};
  for (int b = 0; b <= 5; ++b) {
    q.bunker = static_cast<ArmourClass>(b);
    EXPECT_EQ(total_for(q), bunker[b]);
  }
}

TEST(RrMorale, RR_MOR_05_CommandAndRunningFriendModifiers) {
  MoraleQuery q;
  q.in_command_radius = false;
  EXPECT_EQ(total_for(q), -10);
  q.in_command_radius = true;
  q.friend_ran_away_within_8 = true;
  EXPECT_EQ(total_for(q), -10);
  q.friend_ran_away_within_8 = false;
  q.leader_attached = true;
  EXPECT_EQ(total_for(q), 20);
  const MoraleModifiers m = morale_modifiers(q);
  ASSERT_EQ(m.items.size(), 1u);
  EXPECT_EQ(m.items[0].rule, "RR-MOR-05");
  EXPECT_EQ(m.items[0].phrase, "command directly attached");
}

TEST(RrMorale, GAP_RR_MOR_05_CasualtyRateByOriginalSquadSize) {
  EXPECT_EQ(casualty_rate(8), -10);
  EXPECT_EQ(casualty_rate(6), -10);
  EXPECT_EQ(casualty_rate(5), -10);
  EXPECT_EQ(casualty_rate(4), -12);
  EXPECT_EQ(casualty_rate(3), -16);
  EXPECT_EQ(casualty_rate(2), -25);
  MoraleQuery q;
  q.original_figures = 4;
  q.figures_now = 2;  // a 4-man squad now at 2 still uses the 4-man rate
  EXPECT_EQ(total_for(q), -24);
  q.original_figures = 3;
  q.figures_now = 2;
  EXPECT_EQ(total_for(q), -16);
  q.original_figures = 2;
  q.figures_now = 1;
  EXPECT_EQ(total_for(q), -25);
  q.original_figures = 6;
  q.figures_now = 3;
  EXPECT_EQ(total_for(q), -30);
  q.original_figures = 5;
  q.figures_now = 5;
  EXPECT_EQ(total_for(q), 0);
}

TEST(RrMorale, RR_MOR_06_MandatoryTestsAtOnceDeferredAndVoluntaryInStepSix) {
  EXPECT_EQ(mandatory_test_timing(false), MoraleTiming::kImmediately);
  EXPECT_EQ(voluntary_test_timing(), MoraleTiming::kStepSix);
}

TEST(RrMorale, GAP_RR_MOR_06_TestsRaisedDuringSimultaneousResolutionWaitForStepSix) {
  EXPECT_EQ(mandatory_test_timing(true), MoraleTiming::kStepSix);
}

TEST(RrMorale, GAP_RR_MOR_03_JapaneseExceptionOffByDefault) {
  MoraleRollQuery q;
  q.d100 = 10;
  q.within_8_of_enemy = true;
  q.japanese = true;
  EXPECT_EQ(morale_result(q).outcome, MoraleOutcome::kSurrenders);
  MoraleOptions on;
  on.japanese_exception = true;
  const MoraleResult r = morale_result(q, on);
  EXPECT_EQ(r.outcome, MoraleOutcome::kChargesNearestEnemy);
  EXPECT_FALSE(r.removed_from_play);
  EXPECT_EQ(r.rule, "GAP-RR-MOR-03");
  // Only surrender is replaced: further than 8" the Japanese unit loses 2 and is suppressed.
  q.within_8_of_enemy = false;
  EXPECT_EQ(morale_result(q, on).outcome, MoraleOutcome::kLosesTwoSuppressed);
  // Non-Japanese units still surrender with the switch on.
  q.within_8_of_enemy = true;
  q.japanese = false;
  EXPECT_EQ(morale_result(q, on).outcome, MoraleOutcome::kSurrenders);
}

TEST(RrMorale, RR_PEN_01_MoraleTestRemovesOnlyOneLevel) {
  const MoraleResult r = roll(60);
  EXPECT_EQ(marker_after_morale(Marker::kSuppressed, r, true), Marker::kPinned);
  EXPECT_EQ(marker_after_morale(Marker::kPinned, r, true), Marker::kDisrupted);
}

TEST(RrMorale, RR_DX_06_GreenSquadOfFiveDownTwoInWoodsWithLeaderFallsBackSixteen) {
  MoraleQuery q;
  q.troops = TroopClass::kD;
  q.terrain = Cover::kClass2;
  q.original_figures = 5;
  q.figures_now = 3;
  q.leader_attached = true;
  const MoraleModifiers m = morale_modifiers(q);
  ASSERT_EQ(m.items.size(), 4u);
  EXPECT_EQ(m.items[0].value, -10);  // green
  EXPECT_EQ(m.items[1].value, 10);   // class 2 woods
  EXPECT_EQ(m.items[2].value, -20);  // 2 casualties in a 5-man squad
  EXPECT_EQ(m.items[3].value, 20);   // leader attached
  EXPECT_EQ(m.total, 0);
  MoraleRollQuery rq;
  rq.d100 = 25;
  rq.modifiers = m.total;
  rq.class_a_inches = 4;
  const MoraleResult r = morale_result(rq);
  EXPECT_EQ(r.total, 25);
  EXPECT_EQ(r.outcome, MoraleOutcome::kFallsBack);
  EXPECT_EQ(r.fall_back_inches, 16);
  EXPECT_EQ(r.figures_lost, 1);
  EXPECT_EQ(r.marker, Marker::kPinned);
}

}  // namespace
}  // namespace sandtable::rr
