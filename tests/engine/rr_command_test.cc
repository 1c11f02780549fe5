// Rookie Rules leadership numbers: RR-CMD-02/04/05/06/08, GAP-RR-CMD-04, RR-PEN-01, RR-DX-03.
#include "engine/rulesets/rookie/rr_command.h"

#include <gtest/gtest.h>

#include "engine/rulesets/rookie/rr_speed.h"

namespace sandtable::rr {
namespace {

CommandTarget target(std::string unit, Marker marker, int steps = 1, double distance = 6) {
  CommandTarget t;
  t.unit = std::move(unit);
  t.marker = marker;
  t.steps = steps;
  t.distance_inches = distance;
  return t;
}

TEST(RrCommand, RR_CMD_02_RadiusByTheLeadersMarker) {
  EXPECT_EQ(command_radius_inches(Marker::kNone), 12);
  EXPECT_EQ(command_radius_inches(Marker::kDisrupted), 8);
  EXPECT_EQ(command_radius_inches(Marker::kPinned), 4);
  EXPECT_EQ(command_radius_inches(Marker::kSuppressed), 0);
}

TEST(RrCommand, RR_CMD_02_InsideIsInclusiveAndNeedsLineOfSight) {
  EXPECT_TRUE(in_command_radius(Marker::kNone, 12.0, true));
  EXPECT_FALSE(in_command_radius(Marker::kNone, 12.1, true));
  EXPECT_FALSE(in_command_radius(Marker::kNone, 3.0, false));
  EXPECT_TRUE(in_command_radius(Marker::kDisrupted, 8.0, true));
  EXPECT_FALSE(in_command_radius(Marker::kDisrupted, 8.1, true));
  EXPECT_TRUE(in_command_radius(Marker::kPinned, 4.0, true));
  EXPECT_FALSE(in_command_radius(Marker::kPinned, 4.1, true));
  // A suppressed leader commands nobody, not even a unit it touches.
  EXPECT_FALSE(in_command_radius(Marker::kSuppressed, 0.0, true));
}

TEST(RrCommand, GAP_RR_CMD_04_OutOfCommandCostsAClassAndTwoColumnsNotHalving) {
  EXPECT_EQ(kOutOfCommand.move_classes_slower, 1);
  EXPECT_EQ(kOutOfCommand.fire_columns_left, 2);
  EXPECT_FALSE(kOutOfCommand.fire_factors_halved);
  EXPECT_EQ(kOutOfCommand.morale_modifier, -10);
}

TEST(RrCommand, RR_CMD_05_TwoStepsOnOneUnitOrOneEachOnTwo) {
  EXPECT_EQ(refuse_command_plan(Marker::kNone, {target("1st squad", Marker::kPinned, 2)}), std::nullopt);
  EXPECT_EQ(refuse_command_plan(Marker::kNone, {target("1st squad", Marker::kDisrupted),
                                                target("2nd squad", Marker::kSuppressed)}),
            std::nullopt);
  EXPECT_EQ(refuse_command_plan(Marker::kNone, {target("1st squad", Marker::kSuppressed)}), std::nullopt);
  EXPECT_EQ(refuse_command_plan(Marker::kNone, {}), std::nullopt);
  // Three steps: refused.
  auto three = refuse_command_plan(Marker::kNone, {target("1st squad", Marker::kSuppressed, 2),
                                                   target("2nd squad", Marker::kPinned)});
  ASSERT_TRUE(three.has_value());
  EXPECT_NE(three->find("two"), std::string::npos);
  EXPECT_TRUE(refuse_command_plan(Marker::kNone, {target("a", Marker::kPinned), target("b", Marker::kPinned),
                                                  target("c", Marker::kPinned)})
                  .has_value());
  EXPECT_TRUE(refuse_command_plan(Marker::kNone, {target("a", Marker::kSuppressed, 3)}).has_value());
}

TEST(RrCommand, RR_CMD_05_EachUnitMustBeUnderCommandInRadiusAndLosWithAMarker) {
  // Pinned leader: 4".
  EXPECT_EQ(refuse_command_plan(Marker::kPinned, {target("1st squad", Marker::kPinned, 1, 4.0)}), std::nullopt);
  auto far = refuse_command_plan(Marker::kPinned, {target("1st squad", Marker::kPinned, 1, 4.1)});
  ASSERT_TRUE(far.has_value());
  EXPECT_EQ(*far, "1st squad is outside the leader's command radius of 4\"");

  CommandTarget hidden = target("1st squad", Marker::kPinned);
  hidden.in_los = false;
  EXPECT_EQ(*refuse_command_plan(Marker::kNone, {hidden}), "1st squad is not in the leader's line of sight");

  CommandTarget other = target("3rd platoon squad", Marker::kPinned);
  other.under_this_leader = false;
  EXPECT_EQ(*refuse_command_plan(Marker::kNone, {other}), "3rd platoon squad is not under this leader's command");

  EXPECT_EQ(*refuse_command_plan(Marker::kNone, {target("1st squad", Marker::kNone)}),
            "1st squad has no penalty marker to remove");
  EXPECT_EQ(*refuse_command_plan(Marker::kNone, {target("1st squad", Marker::kDisrupted, 2)}),
            "1st squad has only one marker step left to remove");
  EXPECT_TRUE(refuse_command_plan(Marker::kNone, {target("x", Marker::kPinned), target("x", Marker::kPinned)})
                  .has_value());
  EXPECT_TRUE(refuse_command_plan(Marker::kNone, {target("x", Marker::kPinned, 0)}).has_value());
  // A suppressed leader cannot help anyone.
  EXPECT_TRUE(refuse_command_plan(Marker::kSuppressed, {target("1st squad", Marker::kPinned, 1, 0)}).has_value());
}

TEST(RrCommand, RR_CMD_05_StepsLowerBlueToWhiteToRedToNone) {
  EXPECT_EQ(marker_after_removals(Marker::kSuppressed, 1), Marker::kPinned);
  EXPECT_EQ(marker_after_removals(Marker::kSuppressed, 2), Marker::kDisrupted);
  EXPECT_EQ(marker_after_removals(Marker::kPinned, 2), Marker::kNone);
  EXPECT_EQ(marker_after_removals(Marker::kDisrupted, 1), Marker::kNone);
  EXPECT_EQ(marker_after_removals(Marker::kNone, 1), Marker::kNone);
  EXPECT_EQ(marker_after_removals(Marker::kPinned, 0), Marker::kPinned);
}

TEST(RrCommand, RR_CMD_06_SelfHelpInRadiusOneStepPerFunction) {
  EXPECT_EQ(refuse_self_help(Marker::kPinned, 1, true), std::nullopt);
  EXPECT_EQ(refuse_self_help(Marker::kPinned, 2, true), std::nullopt);
  EXPECT_EQ(marker_after_removals(Marker::kPinned, 2), Marker::kNone);
  EXPECT_EQ(refuse_self_help(Marker::kSuppressed, 2, true), std::nullopt);
  EXPECT_EQ(marker_after_removals(Marker::kSuppressed, 2), Marker::kDisrupted);
  EXPECT_EQ(*refuse_self_help(Marker::kPinned, 1, false),
            "only a unit inside its leader's command radius may remove its own markers");
  EXPECT_TRUE(refuse_self_help(Marker::kPinned, 3, true).has_value());
  EXPECT_TRUE(refuse_self_help(Marker::kPinned, 0, true).has_value());
  EXPECT_TRUE(refuse_self_help(Marker::kNone, 1, true).has_value());
  EXPECT_TRUE(refuse_self_help(Marker::kDisrupted, 2, true).has_value());
  EXPECT_EQ(refuse_self_help(Marker::kDisrupted, 1, true), std::nullopt);
}

TEST(RrCommand, RR_CMD_08_LeaderHitChanceByUnitSize) {
  EXPECT_EQ(leader_hit_chance(8), 16);
  EXPECT_EQ(leader_hit_chance(6), 16);
  EXPECT_EQ(leader_hit_chance(5), 16);
  EXPECT_EQ(leader_hit_chance(4), 20);
  EXPECT_EQ(leader_hit_chance(3), 25);
  EXPECT_EQ(leader_hit_chance(2), 33);
  EXPECT_EQ(leader_hit_chance(1), 50);
  EXPECT_TRUE(leader_is_hit(5, 16));
  EXPECT_FALSE(leader_is_hit(5, 17));
  EXPECT_TRUE(leader_is_hit(4, 20));
  EXPECT_FALSE(leader_is_hit(4, 21));
  EXPECT_TRUE(leader_is_hit(3, 25));
  EXPECT_FALSE(leader_is_hit(3, 26));
  EXPECT_TRUE(leader_is_hit(2, 33));
  EXPECT_FALSE(leader_is_hit(2, 34));
  EXPECT_TRUE(leader_is_hit(1, 50));
  EXPECT_FALSE(leader_is_hit(1, 51));
}

TEST(RrCommand, RR_PEN_01_ThreeWaysToRemoveMarkers) {
  ASSERT_EQ(kPenaltyRemovalWays.size(), 3u);
  EXPECT_EQ(kPenaltyRemovalWays[0].way, PenaltyRemoval::kLeaderInCommandPhase);
  EXPECT_EQ(kPenaltyRemovalWays[0].max_steps, 2);
  EXPECT_EQ(kPenaltyRemovalWays[1].way, PenaltyRemoval::kSelfHelpInRadius);
  EXPECT_EQ(kPenaltyRemovalWays[1].max_steps, 2);
  EXPECT_EQ(kPenaltyRemovalWays[2].way, PenaltyRemoval::kMoraleTest);
  EXPECT_EQ(kPenaltyRemovalWays[2].max_steps, 1);
}

TEST(RrCommand, RR_DX_03_PinnedLeaderFourInchRadiusUnitAtFiveIsOutMovesSlowerFiresTwoLeft) {
  EXPECT_EQ(command_radius_inches(Marker::kPinned), 4);
  const bool in = in_command_radius(Marker::kPinned, 5.0, true);
  EXPECT_FALSE(in);
  MoveQuery q;
  q.mover = MoverType::kInfantry;
  q.in_command = in;
  const MoveAllowance a = move_allowance(q);
  EXPECT_EQ(a.speed_class, SpeedClass::kB);  // one class slower than open-ground A
  EXPECT_EQ(a.inches, 2);
  EXPECT_EQ(kOutOfCommand.fire_columns_left, 2);
}

}  // namespace
}  // namespace sandtable::rr
