// Rookie Rules movement numbers: RR-MOVE-01..10, GAP-RR-MOVE-02/-09/-10, GAP-RR-CMD-04 (movement),
// RR-PEN-02 (movement), RR-DX-08.
#include "engine/rulesets/rookie/rr_speed.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace sandtable::rr {
namespace {

using T = MoveTerrain;
using M = MoverType;
using S = SpeedClass;

constexpr M kAllMovers[] = {M::kInfantry,        M::kCavalry,         M::kTruck, M::kMotorcycleOrArmouredCar,
                            M::kGermanHalfTrack, M::kAlliedHalfTrack, M::kTank,  M::kSpecialTank};

MoveAllowance move(M mover, std::vector<T> path = {}, Marker marker = Marker::kNone, bool in_command = true,
                   Wire wire = Wire::kNone, Road road = Road::kNone) {
  MoveQuery q;
  q.mover = mover;
  q.path = std::move(path);
  q.marker = marker;
  q.in_command = in_command;
  q.wire = wire;
  q.road = road;
  return move_allowance(q);
}

bool has_reason(const MoveAllowance& a, const std::string& rule) {
  return std::any_of(a.reasons.begin(), a.reasons.end(), [&](const MoveReason& r) { return r.rule == rule; });
}

TEST(RrSpeed, RR_MOVE_01_InchesPerClassForEveryMover) {
  const int expected[3][8] = {{4, 12, 12, 12, 8, 12, 8, 12}, {2, 6, 6, 6, 4, 6, 4, 6}, {1, 3, 3, 3, 2, 3, 2, 3}};
  const S classes[3] = {S::kA, S::kB, S::kC};
  for (int c = 0; c < 3; ++c) {
    for (int m = 0; m < 8; ++m) {
      EXPECT_EQ(class_inches(kAllMovers[m], classes[c]), expected[c][m]) << "class " << c << " mover " << m;
    }
  }
  for (M m : kAllMovers) EXPECT_EQ(class_inches(m, S::kNone), 0);
}

TEST(RrSpeed, RR_MOVE_01_OpenGroundIsClassAForEveryone) {
  for (M m : kAllMovers) {
    const MoveAllowance a = move(m, {T::kOpen});
    EXPECT_EQ(a.speed_class, S::kA);
    EXPECT_EQ(a.inches, class_inches(m, S::kA));
    EXPECT_TRUE(a.reasons.empty());
  }
}

TEST(RrSpeed, RR_MOVE_02_TerrainTableCellByCell) {
  // 'A','B','C' = class; 'X' = not allowed; lower case = breakdown risk (asterisk).
  const char* rows[] = {
      "AAAAAAAA",  // open
      "BBccbbcc",  // mud (special tanks: C, risk on a 1 only - checked below)
      "BCCCCCCC",  // light woods
      "CCXXXXXX",  // woods
      "CCXCCCCC",  // steep slopes
      "BBCBBBBB",  // slopes
      "BXXXXXXX",  // inside buildings
      "ABCCCCCC",  // built-up areas
      "Bccccccc",  // rubble
  };
  const T terrains[] = {T::kOpen,  T::kMud,             T::kLightWoods, T::kWoods, T::kSteepSlopes,
                        T::kSlopes, T::kInsideBuildings, T::kBuiltUp,    T::kRubble};
  for (int t = 0; t < 9; ++t) {
    for (int m = 0; m < 8; ++m) {
      const TerrainCell cell = terrain_cell(terrains[t], kAllMovers[m]);
      const char want = rows[t][m];
      SCOPED_TRACE(testing::Message() << terrain_name(terrains[t]) << " / " << mover_name(kAllMovers[m]));
      if (want == 'X') {
        EXPECT_FALSE(cell.allowed);
        EXPECT_EQ(move(kAllMovers[m], {terrains[t]}).speed_class, S::kNone);
        continue;
      }
      EXPECT_TRUE(cell.allowed);
      const char upper = static_cast<char>(want >= 'a' ? want - 'a' + 'A' : want);
      EXPECT_EQ(cell.best, static_cast<S>(upper - 'A'));
      const bool asterisk = want >= 'a';
      if (terrains[t] == T::kMud && kAllMovers[m] == M::kSpecialTank) {
        EXPECT_EQ(cell.breakdown_on, 1);
      } else {
        EXPECT_EQ(cell.breakdown_on, asterisk ? 2 : 0);
      }
    }
  }
}

TEST(RrSpeed, RR_MOVE_02_NotAllowedTerrainStopsTheMoveAndSaysWhy) {
  const MoveAllowance a = move(M::kTank, {T::kOpen, T::kWoods});
  EXPECT_EQ(a.speed_class, S::kNone);
  EXPECT_EQ(a.inches, 0);
  ASSERT_EQ(a.reasons.size(), 1u);
  EXPECT_EQ(a.reasons[0].rule, "RR-MOVE-02");
  EXPECT_EQ(a.reasons[0].phrase, "woods not allowed for tanks");
  // The same woods are fine for infantry, at class C.
  EXPECT_EQ(move(M::kInfantry, {T::kWoods}).inches, 1);
}

TEST(RrSpeed, GAP_RR_MOVE_02_SlowestTerrainOnThePathSetsTheWholeMove) {
  EXPECT_EQ(slowest_class(M::kInfantry, {T::kOpen, T::kSlopes}), S::kB);
  EXPECT_EQ(slowest_class(M::kInfantry, {T::kOpen, T::kSlopes, T::kWoods}), S::kC);
  EXPECT_EQ(slowest_class(M::kInfantry, {T::kOpen, T::kBuiltUp}), S::kA);
  EXPECT_EQ(slowest_class(M::kInfantry, {}), S::kA);
  const MoveAllowance a = move(M::kInfantry, {T::kOpen, T::kLightWoods, T::kOpen});
  EXPECT_EQ(a.speed_class, S::kB);
  EXPECT_EQ(a.inches, 2);
  EXPECT_TRUE(has_reason(a, "RR-MOVE-02"));
  EXPECT_TRUE(has_reason(a, "GAP-RR-MOVE-02"));
  // A single terrain needs no "slowest of several" explanation.
  EXPECT_FALSE(has_reason(move(M::kInfantry, {T::kLightWoods}), "GAP-RR-MOVE-02"));
}

TEST(RrSpeed, RR_MOVE_03_GoodRoadDoublesAAndPoorRoadDoublesB) {
  const MoveAllowance good = move(M::kTruck, {}, Marker::kNone, true, Wire::kNone, Road::kGood);
  EXPECT_EQ(good.speed_class, S::kA);
  EXPECT_EQ(good.inches, 24);
  EXPECT_TRUE(good.reasons.empty());
  const MoveAllowance poor = move(M::kTruck, {}, Marker::kNone, true, Wire::kNone, Road::kPoor);
  EXPECT_EQ(poor.speed_class, S::kB);
  EXPECT_EQ(poor.inches, 12);
  EXPECT_TRUE(has_reason(poor, "RR-MOVE-03"));
  EXPECT_EQ(move(M::kInfantry, {}, Marker::kNone, true, Wire::kNone, Road::kGood).inches, 8);
  EXPECT_EQ(move(M::kInfantry, {}, Marker::kNone, true, Wire::kNone, Road::kPoor).inches, 4);
}

TEST(RrSpeed, RR_MOVE_03_RoadIgnoresTheTerrainItCrossesButNotTheSlowings) {
  // A road through woods carries a truck the woods would forbid.
  const MoveAllowance through_woods = move(M::kTruck, {T::kWoods}, Marker::kNone, true, Wire::kNone, Road::kGood);
  EXPECT_EQ(through_woods.inches, 24);
  // Disrupted on a good road: class B, doubled.
  const MoveAllowance disrupted = move(M::kTruck, {}, Marker::kDisrupted, true, Wire::kNone, Road::kGood);
  EXPECT_EQ(disrupted.speed_class, S::kB);
  EXPECT_EQ(disrupted.inches, 12);
  // Disrupted on a poor road: class C, doubled; pinned on a poor road: no move.
  EXPECT_EQ(move(M::kTruck, {}, Marker::kDisrupted, true, Wire::kNone, Road::kPoor).inches, 6);
  EXPECT_EQ(move(M::kTruck, {}, Marker::kPinned, true, Wire::kNone, Road::kPoor).speed_class, S::kNone);
}

TEST(RrSpeed, RR_MOVE_04_DisruptedOneClassSlower) {
  EXPECT_EQ(move(M::kInfantry, {}, Marker::kDisrupted).speed_class, S::kB);
  EXPECT_EQ(move(M::kInfantry, {T::kSlopes}, Marker::kDisrupted).speed_class, S::kC);
  EXPECT_EQ(move(M::kInfantry, {T::kWoods}, Marker::kDisrupted).speed_class, S::kNone);
  const MoveAllowance a = move(M::kInfantry, {}, Marker::kDisrupted);
  EXPECT_EQ(a.inches, 2);
  ASSERT_EQ(a.reasons.size(), 1u);
  EXPECT_EQ(a.reasons[0].rule, "RR-MOVE-04");
  EXPECT_EQ(a.reasons[0].phrase, "disrupted (red): one class slower");
}

TEST(RrSpeed, RR_MOVE_04_PinnedTwoClassesSlower) {
  EXPECT_EQ(move(M::kTank, {}, Marker::kPinned).speed_class, S::kC);
  EXPECT_EQ(move(M::kTank, {}, Marker::kPinned).inches, 2);
  EXPECT_EQ(move(M::kTank, {T::kSlopes}, Marker::kPinned).speed_class, S::kNone);
  EXPECT_EQ(move(M::kTank, {T::kMud}, Marker::kPinned).speed_class, S::kNone);
}

TEST(RrSpeed, RR_MOVE_04_SuppressedNeverMoves) {
  for (M m : kAllMovers) {
    const MoveAllowance a = move(m, {}, Marker::kSuppressed, true, Wire::kNone, Road::kGood);
    EXPECT_EQ(a.speed_class, S::kNone);
    EXPECT_EQ(a.inches, 0);
    EXPECT_TRUE(has_reason(a, "RR-MOVE-04"));
    EXPECT_FALSE(has_reason(a, "RR-MOVE-07"));
  }
}

TEST(RrSpeed, RR_PEN_02_MarkersSlowMovementOneTwoOrAllClasses) {
  EXPECT_EQ(marker_slowing(Marker::kNone), 0);
  EXPECT_EQ(marker_slowing(Marker::kDisrupted), 1);
  EXPECT_EQ(marker_slowing(Marker::kPinned), 2);
  EXPECT_EQ(slower_by(S::kA, marker_slowing(Marker::kSuppressed)), S::kNone);
}

TEST(RrSpeed, RR_MOVE_05_OutOfCommandRadiusOneClassSlower) {
  const MoveAllowance a = move(M::kInfantry, {}, Marker::kNone, false);
  EXPECT_EQ(a.speed_class, S::kB);
  EXPECT_EQ(a.inches, 2);
  ASSERT_EQ(a.reasons.size(), 1u);
  EXPECT_EQ(a.reasons[0].rule, "RR-MOVE-05");
  EXPECT_EQ(move(M::kInfantry, {}, Marker::kNone, true).speed_class, S::kA);
}

TEST(RrSpeed, GAP_RR_CMD_04_OutOfCommandIsAClassStepNotHalvedDistance) {
  // Halving class C (1") would leave half an inch; one class slower than C is no move at all.
  const MoveAllowance a = move(M::kInfantry, {T::kWoods}, Marker::kNone, false);
  EXPECT_EQ(a.speed_class, S::kNone);
  EXPECT_EQ(a.inches, 0);
  // And a German half-track in open ground: A 8" -> B 4" (not 8" / 2 on top of the step = 2").
  EXPECT_EQ(move(M::kGermanHalfTrack, {}, Marker::kNone, false).inches, 4);
}

TEST(RrSpeed, RR_MOVE_06_WireStopsInfantryAndCavalryWhereTheyEnterIt) {
  for (M m : {M::kInfantry, M::kCavalry}) {
    const MoveAllowance entering = move(m, {}, Marker::kNone, true, Wire::kEntersThisMove);
    EXPECT_TRUE(entering.stops_at_wire);
    EXPECT_EQ(entering.speed_class, S::kA);  // up to the wire at its normal pace
    EXPECT_TRUE(has_reason(entering, "RR-MOVE-06"));
    const MoveAllowance later = move(m, {}, Marker::kNone, true, Wire::kEnteredEarlierThisPhase);
    EXPECT_EQ(later.speed_class, S::kNone);
    EXPECT_EQ(later.inches, 0);
    EXPECT_FALSE(later.stops_at_wire);
    EXPECT_FALSE(move(m).stops_at_wire);
  }
}

TEST(RrSpeed, RR_MOVE_06_WireSlowsOtherMoversOneClassForThePhase) {
  for (Wire w : {Wire::kEntersThisMove, Wire::kEnteredEarlierThisPhase}) {
    const MoveAllowance a = move(M::kTank, {}, Marker::kNone, true, w);
    EXPECT_EQ(a.speed_class, S::kB);
    EXPECT_EQ(a.inches, 4);
    EXPECT_FALSE(a.stops_at_wire);
    // C -> stop.
    EXPECT_EQ(move(M::kTank, {T::kLightWoods}, Marker::kNone, true, w).speed_class, S::kNone);
  }
}

TEST(RrSpeed, RR_MOVE_07_AllSlowingsStackAndPastCNothingMoves) {
  // Tank: open A -> disrupted B -> out of command C -> 2".
  const MoveAllowance two = move(M::kTank, {}, Marker::kDisrupted, false);
  EXPECT_EQ(two.speed_class, S::kC);
  EXPECT_EQ(two.inches, 2);
  EXPECT_EQ(two.reasons.size(), 2u);
  // ... and wire on top: past C.
  const MoveAllowance three = move(M::kTank, {}, Marker::kDisrupted, false, Wire::kEntersThisMove);
  EXPECT_EQ(three.speed_class, S::kNone);
  EXPECT_EQ(three.inches, 0);
  EXPECT_TRUE(has_reason(three, "RR-MOVE-04"));
  EXPECT_TRUE(has_reason(three, "RR-MOVE-05"));
  EXPECT_TRUE(has_reason(three, "RR-MOVE-06"));
  EXPECT_TRUE(has_reason(three, "RR-MOVE-07"));
  // Terrain stacks with the rest: slopes B, out of command C, disrupted -> stop.
  EXPECT_EQ(move(M::kInfantry, {T::kSlopes}, Marker::kNone, false).speed_class, S::kC);
  EXPECT_EQ(move(M::kInfantry, {T::kSlopes}, Marker::kDisrupted, false).speed_class, S::kNone);
  // Never faster than the terrain: the result is never better than the terrain's class.
  EXPECT_EQ(move(M::kCavalry, {T::kBuiltUp}).speed_class, S::kB);
}

TEST(RrSpeed, RR_MOVE_08_VehiclesInAsteriskTerrainBreakDownOnOneOrTwo) {
  const BreakdownRisk risk = breakdown_risk(M::kTruck, {T::kOpen, T::kMud});
  ASSERT_TRUE(risk.roll_needed);
  EXPECT_EQ(risk.terrain, T::kMud);
  EXPECT_EQ(risk.immobilized_on, 2);
  EXPECT_EQ(resolve_breakdown(risk, 0), Breakdown::kNone);
  EXPECT_EQ(resolve_breakdown(risk, 1), Breakdown::kStuck);
  EXPECT_EQ(resolve_breakdown(risk, 2), Breakdown::kStuck);
  EXPECT_EQ(resolve_breakdown(risk, 3), Breakdown::kNone);
  EXPECT_EQ(resolve_breakdown(risk, 9), Breakdown::kNone);
  // No asterisk, no roll.
  EXPECT_FALSE(breakdown_risk(M::kTruck, {T::kOpen, T::kSlopes}).roll_needed);
  EXPECT_FALSE(breakdown_risk(M::kInfantry, {T::kMud, T::kRubble}).roll_needed);
  EXPECT_EQ(resolve_breakdown(breakdown_risk(M::kTruck, {T::kSlopes}), 1), Breakdown::kNone);
}

TEST(RrSpeed, RR_MOVE_09_SpecialTanksInMudBreakDownOnlyOnOne) {
  const BreakdownRisk risk = breakdown_risk(M::kSpecialTank, {T::kMud});
  ASSERT_TRUE(risk.roll_needed);
  EXPECT_EQ(risk.immobilized_on, 1);
  EXPECT_EQ(resolve_breakdown(risk, 1), Breakdown::kStuck);
  EXPECT_EQ(resolve_breakdown(risk, 2), Breakdown::kNone);
  // A regular tank in the same mud: 1-2.
  EXPECT_EQ(resolve_breakdown(breakdown_risk(M::kTank, {T::kMud}), 2), Breakdown::kStuck);
  // In rubble a special tank has no such relief.
  EXPECT_EQ(resolve_breakdown(breakdown_risk(M::kSpecialTank, {T::kRubble}), 2), Breakdown::kStuck);
}

TEST(RrSpeed, GAP_RR_MOVE_09_BreakingFreeOneToThreeOrOneToFourForSpecialTanks) {
  EXPECT_EQ(break_free_on(M::kTank), 3);
  EXPECT_EQ(break_free_on(M::kTruck), 3);
  EXPECT_EQ(break_free_on(M::kSpecialTank), 4);
  EXPECT_FALSE(breaks_free(M::kTank, 0));
  EXPECT_TRUE(breaks_free(M::kTank, 1));
  EXPECT_TRUE(breaks_free(M::kTank, 3));
  EXPECT_FALSE(breaks_free(M::kTank, 4));
  EXPECT_TRUE(breaks_free(M::kSpecialTank, 4));
  EXPECT_FALSE(breaks_free(M::kSpecialTank, 5));
  EXPECT_FALSE(breaks_free(M::kSpecialTank, 0));
}

TEST(RrSpeed, RR_MOVE_10_RubbleOneImmobilizesForTheGame) {
  const BreakdownRisk risk = breakdown_risk(M::kTank, {T::kRubble});
  ASSERT_TRUE(risk.roll_needed);
  EXPECT_EQ(risk.terrain, T::kRubble);
  EXPECT_EQ(resolve_breakdown(risk, 1), Breakdown::kImmobilizedForGame);
  EXPECT_EQ(resolve_breakdown(risk, 3), Breakdown::kNone);
  // Mud's 1 is not permanent.
  EXPECT_EQ(resolve_breakdown(breakdown_risk(M::kTank, {T::kMud}), 1), Breakdown::kStuck);
  // One roll per phase; rubble governs when both were crossed.
  const BreakdownRisk both = breakdown_risk(M::kTank, {T::kMud, T::kRubble, T::kMud});
  EXPECT_EQ(both.terrain, T::kRubble);
  EXPECT_EQ(resolve_breakdown(both, 1), Breakdown::kImmobilizedForGame);
}

TEST(RrSpeed, GAP_RR_MOVE_10_RubbleTwoOnlySticksUntilFreedAsInMud) {
  const BreakdownRisk risk = breakdown_risk(M::kTank, {T::kRubble});
  EXPECT_EQ(resolve_breakdown(risk, 2), Breakdown::kStuck);
  EXPECT_TRUE(breaks_free(M::kTank, 3));
}

TEST(RrSpeed, RR_DX_08_GermanHalfTrackInMudAndT34InMud) {
  const MoveAllowance ht = move(M::kGermanHalfTrack, {T::kMud});
  EXPECT_EQ(ht.speed_class, S::kB);
  EXPECT_EQ(ht.inches, 4);
  const BreakdownRisk ht_risk = breakdown_risk(M::kGermanHalfTrack, {T::kMud});
  ASSERT_TRUE(ht_risk.roll_needed);
  EXPECT_EQ(resolve_breakdown(ht_risk, 1), Breakdown::kStuck);
  EXPECT_EQ(resolve_breakdown(ht_risk, 2), Breakdown::kStuck);
  EXPECT_EQ(resolve_breakdown(ht_risk, 3), Breakdown::kNone);
  const BreakdownRisk t34 = breakdown_risk(M::kSpecialTank, {T::kMud});
  ASSERT_TRUE(t34.roll_needed);
  EXPECT_EQ(resolve_breakdown(t34, 1), Breakdown::kStuck);
  EXPECT_EQ(resolve_breakdown(t34, 2), Breakdown::kNone);
}

}  // namespace
}  // namespace sandtable::rr
