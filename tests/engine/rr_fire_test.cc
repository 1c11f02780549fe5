// Rookie Rules firing: RR-FIRE-01..10, RR-CMD-04, RR-PEN-02 marker order, GAP-RR-FIRE-02,
// GAP-RR-FIRE-06, GAP-RR-CMD-04, worked examples RR-EX-01..03, RR-DX-01, RR-DX-02, RR-DX-04.
#include "engine/rulesets/rookie/rr_fire_chart.h"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <tuple>
#include <vector>

namespace sandtable::rr {
namespace {

// The catalogue's chart (rookie-rules.md RR-FIRE-02), typed independently of the engine table.
constexpr std::array<std::array<const char*, kChartColumns>, kChartRows> kCatalogueChart = {{
    {"miss", "miss", "miss", "miss", "miss", "miss", "miss", "D/R", "D/R", "D/R", "P/W1", "P/W1", "S/B"},
    {"miss", "miss", "miss", "miss", "miss", "miss", "miss", "D/R", "D/R1", "P/W1", "P/W1", "P/W2", "S/B1"},
    {"miss", "miss", "miss", "miss", "miss", "miss", "D/R", "D/R1", "P/W1", "P/W1", "P/W2", "S/B", "S/B1"},
    {"miss", "miss", "miss", "miss", "D/R", "D/R", "D/R1", "D/R1", "P/W1", "P/W2", "P/W2", "S/B1", "S/B2"},
    {"miss", "miss", "miss", "D/R", "D/R", "D/R1", "D/R1", "P/W1", "P/W2", "P/W2", "S/B", "S/B1", "S/B2"},
    {"miss", "miss", "D/R", "D/R1", "D/R1", "D/R1", "P/W1", "P/W1", "P/W2", "S/B", "S/B1", "S/B2", "S/B3"},
    {"miss", "D/R", "D/R1", "D/R1", "D/R1", "P/W1", "P/W1", "P/W2", "S/B", "S/B1", "S/B1", "S/B2", "S/B3"},
    {"D/R", "D/R", "D/R1", "D/R1", "P/W1", "P/W1", "P/W2", "P/W2", "S/B1", "S/B2", "S/B2", "S/B3", "S/B4"},
    {"D/R", "D/R1", "D/R1", "P/W", "P/W1", "P/W2", "P/W2", "S/B1", "S/B1", "S/B2", "S/B2", "S/B3", "S/B4"},
    {"D/R1", "D/R1", "P/W", "P/W1", "P/W2", "P/W2", "S/B", "S/B1", "S/B2", "S/B2", "S/B3", "S/B4", "S/B5"},
}};

constexpr ChartResult kMiss{Effect::kMiss, 0};
constexpr ChartResult kDR{Effect::kDisrupted, 0};
constexpr ChartResult kDR1{Effect::kDisrupted, 1};
constexpr ChartResult kPW{Effect::kPinned, 0};

std::tuple<int, int> severity(const ChartResult& r) { return {static_cast<int>(r.effect), r.casualties}; }

ShotInput squad(int ff, double range, FireSituation s = {}) {
  return ShotInput{WeaponKind::kSquadSmallArms, ff, range, s};
}

// RR-FIRE-01: the column of an ff, both sides of every column edge.
TEST(RrFire, RR_FIRE_01_ColumnOfAnFf) {
  for (int c = 0; c < kChartColumns; ++c) {
    EXPECT_EQ(column_for_ff(kColumnLowFf[c]), c) << kColumnLowFf[c];
    if (c > 0) {
      EXPECT_EQ(column_for_ff(kColumnLowFf[c] - 1), c - 1) << kColumnLowFf[c] - 1;
    }
  }
  EXPECT_EQ(column_for_ff(1), 0);
  EXPECT_EQ(column_for_ff(5), 0);
  EXPECT_EQ(column_for_ff(6), 1);
  EXPECT_EQ(column_for_ff(60), 11);
  EXPECT_EQ(column_for_ff(61), 12);
  EXPECT_EQ(column_for_ff(500), 12);
  EXPECT_EQ(column_label(0), "1-5");
  EXPECT_EQ(column_label(4), "21-25");
  EXPECT_EQ(column_label(12), "61+");
  EXPECT_EQ(column_label(-2), "off the chart left");
}

// RR-FIRE-01: the column comes from the ff after the range multiplier; shifts add up.
TEST(RrFire, RR_FIRE_01_ProcedureUsesFfAfterRangeThenCumulativeShifts) {
  FireSituation s;
  s.target_cover = Cover::kClass1;
  s.firer_marker = Marker::kDisrupted;
  ShotPlan p = plan_shot(squad(10, 5, s));  // 20 ff -> 16-20, 1 + 1 left -> 6-10
  ASSERT_FALSE(p.refusal);
  EXPECT_EQ(p.ff_after_range, 20);
  EXPECT_EQ(p.start_column, 3);
  EXPECT_EQ(p.total_shift, -2);
  EXPECT_EQ(p.final_column, 1);
  EXPECT_EQ(resolve_shot(squad(10, 5, s), 6).result, kDR);   // 6-10 row 6
  EXPECT_EQ(resolve_shot(squad(10, 5, s), 5).result, kMiss); // 6-10 row 5
  EXPECT_EQ(plan_shot(squad(0, 5)).refusal.has_value(), true);
}

// RR-FIRE-02: every cell equals the catalogue's chart.
TEST(RrFire, RR_FIRE_02_ChartMatchesTheCatalogueCellByCell) {
  for (int row = 0; row < kChartRows; ++row) {
    for (int col = 0; col < kChartColumns; ++col) {
      EXPECT_EQ(chart_code(read_chart(col, row)), kCatalogueChart[row][col]) << "row " << row << " col " << col;
    }
  }
}

// GAP-RR-FIRE-02: "D/W" -> D/R, "DW1"/"D/W1" -> D/R1, row 5 of 16-20 -> D/R1, header 46-50; the chart
// stays monotonic both ways.
TEST(RrFire, GAP_RR_FIRE_02_GarbledCellsReadAsDisruption) {
  EXPECT_EQ(read_chart(3, 5), kDR1);  // printed D/W, read D/R1 for RR-EX-03
  EXPECT_EQ(read_chart(4, 5), kDR1);  // printed D/W1
  EXPECT_EQ(read_chart(1, 6), kDR);   // printed D/W
  EXPECT_EQ(read_chart(2, 6), kDR1);  // printed DW1
  EXPECT_EQ(read_chart(3, 6), kDR1);  // printed D/W1
  EXPECT_EQ(read_chart(2, 7), kDR1);  // printed D/W1
  EXPECT_EQ(read_chart(1, 8), kDR1);  // printed D/W1
  EXPECT_EQ(column_for_ff(45), 8);
  EXPECT_EQ(column_for_ff(46), 9);
  EXPECT_EQ(column_label(9), "46-50");
  for (int row = 0; row < kChartRows; ++row) {
    for (int col = 0; col < kChartColumns; ++col) {
      if (col > 0) {
        EXPECT_LE(severity(read_chart(col - 1, row)), severity(read_chart(col, row)));
      }
      if (row > 0) {
        EXPECT_LE(severity(read_chart(col, row - 1)), severity(read_chart(col, row)));
      }
    }
  }
}

// RR-FIRE-03: result codes, their markers and casualties.
TEST(RrFire, RR_FIRE_03_ResultCodesGiveMarkerAndCasualties) {
  EXPECT_EQ(read_chart(12, 9), (ChartResult{Effect::kSuppressed, 5}));
  EXPECT_EQ(read_chart(10, 2), (ChartResult{Effect::kPinned, 2}));
  EXPECT_EQ(chart_code(read_chart(12, 9)), "S/B5");
  EXPECT_EQ(chart_code(kPW), "P/W");
  EXPECT_EQ(chart_code(kMiss), "miss");
  EXPECT_EQ(describe(kDR1), "disrupted (red marker), 1 casualty");
  EXPECT_EQ(describe(ChartResult{Effect::kPinned, 2}), "pinned (white marker), 2 casualties");
  EXPECT_EQ(marker_for(Effect::kMiss), Marker::kNone);
  EXPECT_EQ(marker_for(Effect::kDisrupted), Marker::kDisrupted);
  EXPECT_EQ(marker_for(Effect::kPinned), Marker::kPinned);
  EXPECT_EQ(marker_for(Effect::kSuppressed), Marker::kSuppressed);
  UnitFireState s = apply_result({5, 15, Marker::kNone}, ChartResult{Effect::kSuppressed, 2});
  EXPECT_EQ(s, (UnitFireState{3, 9, Marker::kSuppressed}));
  // Casualties never take a unit below zero figures.
  EXPECT_EQ(apply_result({1, 3, Marker::kNone}, ChartResult{Effect::kSuppressed, 5}),
            (UnitFireState{0, 0, Marker::kSuppressed}));
  // 4 ff per figure (Americans): the per-figure value goes with each casualty.
  EXPECT_EQ(apply_result({5, 20, Marker::kNone}, kDR1), (UnitFireState{4, 16, Marker::kDisrupted}));
}

// RR-FIRE-04: only the worst marker is kept; casualties always apply.
TEST(RrFire, RR_FIRE_04_WorstMarkerOnlyCasualtiesAlwaysApply) {
  EXPECT_EQ(worst_marker(Marker::kNone, Marker::kDisrupted), Marker::kDisrupted);
  EXPECT_EQ(worst_marker(Marker::kDisrupted, Marker::kPinned), Marker::kPinned);
  EXPECT_EQ(worst_marker(Marker::kPinned, Marker::kDisrupted), Marker::kPinned);
  EXPECT_EQ(worst_marker(Marker::kSuppressed, Marker::kPinned), Marker::kSuppressed);
  EXPECT_EQ(worst_marker(Marker::kPinned, Marker::kSuppressed), Marker::kSuppressed);
  EXPECT_EQ(worst_marker(Marker::kPinned, Marker::kNone), Marker::kPinned);
  EXPECT_EQ(apply_result({4, 12, Marker::kSuppressed}, kDR1), (UnitFireState{3, 9, Marker::kSuppressed}));
  EXPECT_EQ(apply_result({4, 12, Marker::kPinned}, kMiss), (UnitFireState{4, 12, Marker::kPinned}));
}

// RR-PEN-02 / RR-CMD-06 / RR-MOR-03 41+: lowering a marker one step.
TEST(RrFire, RR_PEN_02_LowerMarkerOneStepBlueWhiteRedNone) {
  EXPECT_EQ(lower_marker_one_step(Marker::kSuppressed), Marker::kPinned);
  EXPECT_EQ(lower_marker_one_step(Marker::kPinned), Marker::kDisrupted);
  EXPECT_EQ(lower_marker_one_step(Marker::kDisrupted), Marker::kNone);
  EXPECT_EQ(lower_marker_one_step(Marker::kNone), Marker::kNone);
}

// RR-FIRE-05: shifts beyond 61+ read 61+.
TEST(RrFire, RR_FIRE_05_RightOfTheChartStaysAt61Plus) {
  for (int row = 0; row < kChartRows; ++row) {
    EXPECT_EQ(read_chart(13, row), read_chart(12, row));
    EXPECT_EQ(read_chart(20, row), read_chart(12, row));
  }
  EXPECT_NE(read_chart(12, 9), read_chart(11, 9));
  ShotInput big{WeaponKind::kCrewServed, 70, 10, {}};
  big.situation.target_armour = ArmourClass::kA;
  big.situation.target_is_vehicle = true;
  big.situation.aspect = HitAspect::kRear;  // 2 left + 3 right = 1 right
  ShotPlan p = plan_shot(big);
  EXPECT_EQ(p.raw_column, 13);
  EXPECT_EQ(p.final_column, 12);
  EXPECT_FALSE(p.off_chart_left);
}

// RR-FIRE-05: left of 1-5 roll anyway; only a 9 has effect and it is a D/R without casualty.
TEST(RrFire, RR_FIRE_05_LeftOfTheChartOnlyANineCountsAsDisrupted) {
  for (int column : {-1, -4, -12}) {
    for (int row = 0; row < 9; ++row) EXPECT_EQ(read_chart(column, row), kMiss) << column << " " << row;
    EXPECT_EQ(read_chart(column, 9), kDR) << column;
  }
  // On the chart, column 1-5 still has a 7 and an 8 and a casualty on 9.
  EXPECT_EQ(read_chart(0, 7), kDR);
  EXPECT_EQ(read_chart(0, 8), kDR);
  EXPECT_EQ(read_chart(0, 9), kDR1);
  EXPECT_EQ(read_chart(0, 6), kMiss);
  FireSituation s;
  s.target_cover = Cover::kClass1;
  ShotPlan p = plan_shot(squad(4, 30, s));  // 1-5, 1 left range, 1 left cover
  EXPECT_EQ(p.raw_column, -2);
  EXPECT_TRUE(p.off_chart_left);
}

// RR-FIRE-06: squad range bands, both sides of each boundary.
TEST(RrFire, RR_FIRE_06_SquadSmallArmsRangeBands) {
  auto ff = [](double r) { return range_effect(WeaponKind::kSquadSmallArms, 10, r).ff_after; };
  auto cols = [](double r) {
    auto s = range_effect(WeaponKind::kSquadSmallArms, 10, r).shift;
    return s ? s->columns : 0;
  };
  EXPECT_EQ(ff(0), 20);
  EXPECT_EQ(ff(8.0), 20);
  EXPECT_EQ(ff(8.1), 15);
  EXPECT_EQ(ff(25.0), 15);
  EXPECT_EQ(ff(25.1), 10);
  EXPECT_EQ(cols(25.0), 0);
  EXPECT_EQ(cols(25.1), -1);
  EXPECT_EQ(cols(50.0), -1);
  EXPECT_EQ(cols(50.1), -2);
  EXPECT_EQ(cols(75.0), -2);
  EXPECT_EQ(cols(75.1), -3);
  EXPECT_EQ(cols(100.0), -3);
  EXPECT_EQ(ff(100.0), 10);
  EXPECT_FALSE(range_effect(WeaponKind::kSquadSmallArms, 10, 100.0).refusal);
  auto over = range_effect(WeaponKind::kSquadSmallArms, 10, 100.1);
  ASSERT_TRUE(over.refusal);
  EXPECT_EQ(*over.refusal, "Only snipers may fire more than 100\" (RR-FIRE-06).");
  EXPECT_TRUE(plan_shot(squad(10, 101)).refusal);
  EXPECT_EQ(range_effect(WeaponKind::kSquadSmallArms, 10, 60).shift->phrase, "range 50.1-75\": 2 left");
  EXPECT_EQ(range_effect(WeaponKind::kSquadSmallArms, 10, 3).multiplier_phrase, "range 0-8\": ff x2");
}

// GAP-RR-FIRE-06: x1.5 rounds down.
TEST(RrFire, GAP_RR_FIRE_06_OneAndAHalfRoundsDown) {
  EXPECT_EQ(range_effect(WeaponKind::kSquadSmallArms, 15, 12).ff_after, 22);
  EXPECT_EQ(range_effect(WeaponKind::kSquadSmallArms, 3, 12).ff_after, 4);
  EXPECT_EQ(range_effect(WeaponKind::kSquadSmallArms, 7, 12).ff_after, 10);
  EXPECT_EQ(range_effect(WeaponKind::kSquadSmallArms, 12, 12).ff_after, 18);
  // 7 x 1.5 = 10.5: rounding down keeps it in 6-10, rounding up would give 11-15.
  EXPECT_EQ(plan_shot(squad(7, 12)).start_column, 1);
}

// GAP-RR-FIRE-06: crew-served and vehicle weapons: x1 up to 25", the same left shifts beyond;
// on-table artillery needs more than 8" (RR-ART-06).
TEST(RrFire, GAP_RR_FIRE_06_CrewServedWeaponsHaveNoMultiplier) {
  for (double r : {0.0, 8.0, 8.1, 25.0}) {
    RangeEffect e = range_effect(WeaponKind::kCrewServed, 18, r);
    EXPECT_EQ(e.ff_after, 18) << r;
    EXPECT_FALSE(e.shift) << r;
    EXPECT_TRUE(e.multiplier_phrase.empty());
  }
  EXPECT_EQ(range_effect(WeaponKind::kCrewServed, 18, 25.1).shift->columns, -1);
  EXPECT_EQ(range_effect(WeaponKind::kCrewServed, 18, 50.1).shift->columns, -2);
  EXPECT_EQ(range_effect(WeaponKind::kCrewServed, 18, 75.1).shift->columns, -3);
  EXPECT_TRUE(range_effect(WeaponKind::kCrewServed, 18, 100.1).refusal);
  EXPECT_TRUE(range_effect(WeaponKind::kOnTableArtillery, 43, 8.0).refusal);
  RangeEffect art = range_effect(WeaponKind::kOnTableArtillery, 43, 8.1);
  EXPECT_FALSE(art.refusal);
  EXPECT_EQ(art.ff_after, 43);
  ShotPlan mg = plan_shot(ShotInput{WeaponKind::kCrewServed, 18, 4, {}});
  EXPECT_EQ(mg.start_column, 3);  // 16-20, not doubled
}

// RR-FIRE-07: the firer's own marker.
TEST(RrFire, RR_FIRE_07_FirerMarkerShiftsAndSuppressedCannotFire) {
  FireSituation s;
  EXPECT_EQ(column_shifts(s).total, 0);
  EXPECT_TRUE(column_shifts(s).shifts.empty());
  s.firer_marker = Marker::kDisrupted;
  EXPECT_EQ(column_shifts(s).total, -1);
  s.firer_marker = Marker::kPinned;
  ShiftList pinned = column_shifts(s);
  EXPECT_EQ(pinned.total, -2);
  ASSERT_EQ(pinned.shifts.size(), 1u);
  EXPECT_EQ(pinned.shifts[0], (ColumnShift{"RR-FIRE-07", "firer pinned (white): 2 left", -2}));
  s.firer_marker = Marker::kSuppressed;
  ShiftList blue = column_shifts(s);
  ASSERT_TRUE(blue.refusal);
  EXPECT_EQ(*blue.refusal, "A suppressed (blue) unit cannot fire (RR-FIRE-07).");
  EXPECT_TRUE(plan_shot(squad(15, 5, s)).refusal);
  ShotResolution r = resolve_shot(squad(15, 5, s), 9);
  EXPECT_TRUE(r.plan.refusal);
  EXPECT_EQ(r.result, kMiss);
}

// RR-FIRE-07: target cover classes 1-4 and armour/bunker classes A-E.
TEST(RrFire, RR_FIRE_07_CoverAndArmourClassShifts) {
  const std::array<std::pair<Cover, int>, 5> cover = {{
      {Cover::kOpen, 0}, {Cover::kClass1, -1}, {Cover::kClass2, -2}, {Cover::kClass3, -3}, {Cover::kClass4, -3}}};
  for (auto [c, want] : cover) {
    FireSituation s;
    s.target_cover = c;
    EXPECT_EQ(column_shifts(s).total, want) << static_cast<int>(c);
  }
  FireSituation two;
  two.target_cover = Cover::kClass2;
  EXPECT_EQ(column_shifts(two).shifts[0].phrase, "target in class 2 cover: 2 left");
  const std::array<std::pair<ArmourClass, int>, 6> armour = {{{ArmourClass::kNone, 0},
                                                              {ArmourClass::kA, -2},
                                                              {ArmourClass::kB, -3},
                                                              {ArmourClass::kC, -4},
                                                              {ArmourClass::kD, -5},
                                                              {ArmourClass::kE, -6}}};
  for (auto [a, want] : armour) {
    FireSituation s;
    s.target_armour = a;  // a bunker
    EXPECT_EQ(column_shifts(s).total, want) << static_cast<int>(a);
    s.target_is_vehicle = true;
    EXPECT_EQ(column_shifts(s).total, want) << static_cast<int>(a);
  }
  FireSituation d;
  d.target_armour = ArmourClass::kD;
  d.target_is_vehicle = true;
  EXPECT_EQ(column_shifts(d).shifts[0].phrase, "target armour class D: 5 left");
}

// RR-FIRE-07: armour hit from the side 2 right, rear 3 right; only armoured vehicles.
TEST(RrFire, RR_FIRE_07_ArmourHitFromSideOrRearShiftsRight) {
  FireSituation s;
  s.target_armour = ArmourClass::kB;
  s.target_is_vehicle = true;
  EXPECT_EQ(column_shifts(s).total, -3);
  s.aspect = HitAspect::kSide;
  EXPECT_EQ(column_shifts(s).total, -1);
  s.aspect = HitAspect::kRear;
  ShiftList rear = column_shifts(s);
  EXPECT_EQ(rear.total, 0);
  EXPECT_EQ(rear.shifts.back(), (ColumnShift{"RR-FIRE-07", "armour hit from the rear: 3 right", 3}));
  s.target_is_vehicle = false;  // a bunker has no rear aspect
  EXPECT_EQ(column_shifts(s).total, -3);
  FireSituation soft;
  soft.aspect = HitAspect::kRear;  // a soft target: no armour, no aspect shift
  EXPECT_EQ(column_shifts(soft).total, 0);
}

// RR-FIRE-07: vehicle MG after moving, blind fire; every shift adds up.
TEST(RrFire, RR_FIRE_07_VehicleMgBlindFireAndCumulativeShifts) {
  FireSituation s;
  s.vehicle_mg_moved_this_phase = true;
  EXPECT_EQ(column_shifts(s).total, -2);
  s = {};
  s.blind_fire = true;
  EXPECT_EQ(column_shifts(s).total, -3);
  EXPECT_EQ(column_shifts(s).shifts[0].phrase, "blind fire, target not observed: 3 left");
  FireSituation all;
  all.firer_marker = Marker::kPinned;       // -2
  all.target_cover = Cover::kClass3;        // -3
  all.target_armour = ArmourClass::kA;      // -2
  all.target_is_vehicle = true;
  all.aspect = HitAspect::kSide;            // +2
  all.vehicle_mg_moved_this_phase = true;   // -2
  all.blind_fire = true;                    // -3
  all.firer_out_of_command = true;          // -2
  all.switching_targets = true;             // -2
  all.target_unattached_leader = true;      // -3
  ShiftList l = column_shifts(all);
  EXPECT_EQ(l.shifts.size(), 9u);
  EXPECT_EQ(l.total, -17);
  int sum = 0;
  for (const ColumnShift& c : l.shifts) sum += c.columns;
  EXPECT_EQ(sum, l.total);
}

// RR-FIRE-08: two fire functions at different targets: both shots take 2 left.
TEST(RrFire, RR_FIRE_08_SwitchingTargetsShiftsBothShots) {
  EXPECT_TRUE(switching_targets({"g1", "g2"}));
  EXPECT_FALSE(switching_targets({"g1", "g1"}));
  EXPECT_FALSE(switching_targets({"g1"}));
  EXPECT_FALSE(switching_targets({}));
  FireSituation s;
  s.switching_targets = true;
  ShiftList l = column_shifts(s);
  EXPECT_EQ(l.total, -2);
  EXPECT_EQ(l.shifts[0].rule_id, "RR-FIRE-08");
}

// RR-FIRE-09: snipers use 1-5 and ignore every modifier, at any range.
TEST(RrFire, RR_FIRE_09_SniperAlwaysFirstColumnNoModifiers) {
  FireSituation s;
  s.firer_marker = Marker::kPinned;
  s.target_cover = Cover::kClass4;
  s.blind_fire = true;
  s.firer_out_of_command = true;
  s.target_unattached_leader = true;
  ShotInput sniper{WeaponKind::kSniper, 30, 150, s};
  ShotPlan p = plan_shot(sniper);
  ASSERT_FALSE(p.refusal);
  EXPECT_EQ(p.start_column, 0);
  EXPECT_TRUE(p.shifts.empty());
  EXPECT_EQ(p.total_shift, 0);
  EXPECT_EQ(p.final_column, 0);
  EXPECT_FALSE(p.off_chart_left);
  EXPECT_EQ(resolve_shot(sniper, 6).result, kMiss);
  EXPECT_EQ(resolve_shot(sniper, 7).result, kDR);
  EXPECT_EQ(resolve_shot(sniper, 9).result, kDR1);  // on the chart: the casualty counts
  EXPECT_EQ(read_sniper_shot(9), kDR1);
  EXPECT_EQ(read_sniper_shot(8), kDR);
  EXPECT_EQ(read_sniper_shot(0), kMiss);
  // Blue means cannot fire (RR-FIRE-03), sniper or not.
  sniper.situation.firer_marker = Marker::kSuppressed;
  EXPECT_TRUE(plan_shot(sniper).refusal);
}

// RR-FIRE-10: unattached leaders are fired at 3 left; a sniper fires at them without modifier.
TEST(RrFire, RR_FIRE_10_UnattachedLeaderThreeLeftButNotForSnipers) {
  FireSituation s;
  s.target_unattached_leader = true;
  ShiftList l = column_shifts(s);
  EXPECT_EQ(l.total, -3);
  EXPECT_EQ(l.shifts[0], (ColumnShift{"RR-FIRE-10", "target is an unattached leader: 3 left", -3}));
  ShotPlan squad_plan = plan_shot(squad(15, 5, s));  // 30 ff -> 26-30 -> 3 left -> 11-15
  EXPECT_EQ(squad_plan.final_column, 2);
  ShotPlan sniper_plan = plan_shot(ShotInput{WeaponKind::kSniper, 3, 40, s});
  EXPECT_EQ(sniper_plan.final_column, 0);
  EXPECT_EQ(sniper_plan.total_shift, 0);
}

// RR-CMD-04: a firer out of command radius shifts 2 left.
TEST(RrFire, RR_CMD_04_OutOfCommandRadiusFiresTwoLeft) {
  FireSituation s;
  s.firer_out_of_command = true;
  ShiftList l = column_shifts(s);
  EXPECT_EQ(l.total, -2);
  EXPECT_EQ(l.shifts[0], (ColumnShift{"RR-CMD-04", "firer out of command radius: 2 left", -2}));
}

// GAP-RR-CMD-04: only the column shift applies; the ff is not also halved.
TEST(RrFire, GAP_RR_CMD_04_OutOfCommandFfIsNotHalved) {
  FireSituation s;
  s.firer_out_of_command = true;
  ShotPlan p = plan_shot(squad(15, 5, s));
  EXPECT_EQ(p.ff_after_range, 30);  // halved it would be 15 ff, column 11-15
  EXPECT_EQ(p.start_column, 5);
  EXPECT_EQ(p.total_shift, -2);
  EXPECT_EQ(p.final_column, 3);
}

TEST(RrFire, RR_FIRE_01_DieFaceOutsideZeroToNineIsRefused) {
  ShotResolution r = resolve_shot(squad(15, 5), 10);
  EXPECT_TRUE(r.plan.refusal);
  EXPECT_EQ(r.result, kMiss);
  EXPECT_TRUE(resolve_shot(squad(15, 5), -1).plan.refusal);
}

// RR-EX-01: 4 men 12 ff, two targets; German squad in the open at 7": 24 ff -> 21-25, 2 left for
// switching -> 11-15; roll 6 -> D/R1.
TEST(RrFire, RR_EX_01_RussianFirstShotSwitchingAppliesToTheFirstShotToo) {
  FireSituation s;
  s.switching_targets = switching_targets({"german_open", "german_woods"});
  ShotResolution r = resolve_shot(squad(12, 7, s), 6);
  ASSERT_FALSE(r.plan.refusal);
  EXPECT_EQ(r.plan.ff_after_range, 24);
  EXPECT_EQ(column_label(r.plan.start_column), "21-25");
  EXPECT_EQ(r.plan.total_shift, -2);
  EXPECT_EQ(column_label(r.plan.final_column), "11-15");
  EXPECT_EQ(r.result, kDR1);
  UnitFireState germans = apply_result({5, 15, Marker::kNone}, r.result);
  EXPECT_EQ(germans, (UnitFireState{4, 12, Marker::kDisrupted}));
}

// RR-EX-02: second target 26" away in woods, observed: 11-15, 1 + 2 + 2 left = 5 left -> off the
// chart; roll 3 misses (only a 9 would count, as D/R).
TEST(RrFire, RR_EX_02_RussianSecondShotGoesOffTheChart) {
  FireSituation s;
  s.target_cover = Cover::kClass2;
  s.switching_targets = true;
  ShotResolution r = resolve_shot(squad(12, 26, s), 3);
  ASSERT_FALSE(r.plan.refusal);
  EXPECT_EQ(r.plan.ff_after_range, 12);
  EXPECT_EQ(column_label(r.plan.start_column), "11-15");
  ASSERT_EQ(r.plan.shifts.size(), 3u);
  EXPECT_EQ(r.plan.shifts[0].columns, -1);
  EXPECT_EQ(r.plan.shifts[1].columns, -2);
  EXPECT_EQ(r.plan.shifts[2].columns, -2);
  EXPECT_EQ(r.plan.total_shift, -5);
  EXPECT_TRUE(r.plan.off_chart_left);
  EXPECT_EQ(r.result, kMiss);
  EXPECT_EQ(resolve_shot(squad(12, 26, s), 9).result, kDR);
  EXPECT_EQ(resolve_shot(squad(12, 26, s), 8).result, kMiss);
}

// RR-EX-03 (a): Germans in the woods, 15 ff at 26": 1 left -> 6-10; two shots at one target in the
// open; 4 misses, 7 disrupts the Russians.
TEST(RrFire, RR_EX_03a_GermansInTheWoodsReturnFire) {
  FireSituation s;
  s.switching_targets = switching_targets({"russians", "russians"});
  ShotResolution first = resolve_shot(squad(15, 26, s), 4);
  ShotResolution second = resolve_shot(squad(15, 26, s), 7);
  EXPECT_EQ(first.plan.ff_after_range, 15);
  EXPECT_EQ(column_label(first.plan.start_column), "11-15");
  EXPECT_EQ(first.plan.total_shift, -1);
  EXPECT_EQ(column_label(first.plan.final_column), "6-10");
  EXPECT_EQ(first.result, kMiss);
  EXPECT_EQ(second.result, kDR);
  UnitFireState russians{4, 12, Marker::kNone};
  russians = apply_result(russians, first.result);
  russians = apply_result(russians, second.result);
  EXPECT_EQ(russians, (UnitFireState{4, 12, Marker::kDisrupted}));
}

// RR-EX-03 (b): the other German squad, 12 ff after its loss and disrupted, at 7": 24 -> 21-25,
// 1 left -> 16-20; 5 -> D/R1 (casualty only, already red), 8 -> P/W replaces red. Russians end
// with 3 men, 9 ff, pinned.
TEST(RrFire, RR_EX_03b_DisruptedGermansPinTheRussians) {
  UnitFireState germans = apply_result({5, 15, Marker::kNone}, kDR1);  // RR-EX-01's hit
  ASSERT_EQ(germans, (UnitFireState{4, 12, Marker::kDisrupted}));
  FireSituation s;
  s.firer_marker = germans.marker;
  ShotResolution first = resolve_shot(squad(germans.ff, 7, s), 5);
  ShotResolution second = resolve_shot(squad(germans.ff, 7, s), 8);
  EXPECT_EQ(first.plan.ff_after_range, 24);
  EXPECT_EQ(column_label(first.plan.start_column), "21-25");
  EXPECT_EQ(first.plan.total_shift, -1);
  EXPECT_EQ(column_label(first.plan.final_column), "16-20");
  EXPECT_EQ(first.result, kDR1);
  EXPECT_EQ(second.result, kPW);
  UnitFireState russians{4, 12, Marker::kDisrupted};  // after RR-EX-03 (a)
  russians = apply_result(russians, first.result);
  EXPECT_EQ(russians, (UnitFireState{3, 9, Marker::kDisrupted}));
  russians = apply_result(russians, second.result);
  EXPECT_EQ(russians, (UnitFireState{3, 9, Marker::kPinned}));
}

// RR-DX-01: 3 ff squad at 60" into class 2 woods: 1-5, 2 + 2 left -> off chart; 9 -> D/R, 8 -> miss.
TEST(RrFire, RR_DX_01_OffChartLeft) {
  FireSituation s;
  s.target_cover = Cover::kClass2;
  ShotResolution nine = resolve_shot(squad(3, 60, s), 9);
  ShotResolution eight = resolve_shot(squad(3, 60, s), 8);
  EXPECT_EQ(nine.plan.ff_after_range, 3);
  EXPECT_EQ(nine.plan.start_column, 0);
  EXPECT_EQ(nine.plan.total_shift, -4);
  EXPECT_TRUE(nine.plan.off_chart_left);
  EXPECT_EQ(nine.result, kDR);
  EXPECT_EQ(eight.result, kMiss);
}

// RR-DX-02: a 61+ weapon at a tank's rear: 3 right stays at 61+.
TEST(RrFire, RR_DX_02_RightCapAt61Plus) {
  for (int row = 0; row < kChartRows; ++row) EXPECT_EQ(read_chart(12 + 3, row), read_chart(12, row));
  FireSituation s;
  s.target_armour = ArmourClass::kA;
  s.target_is_vehicle = true;
  s.aspect = HitAspect::kRear;
  ShotResolution r = resolve_shot(ShotInput{WeaponKind::kCrewServed, 61, 20, s}, 9);
  EXPECT_EQ(column_label(r.plan.start_column), "61+");
  EXPECT_EQ(r.plan.raw_column, 13);
  EXPECT_EQ(column_label(r.plan.final_column), "61+");
  EXPECT_EQ(r.result, (ChartResult{Effect::kSuppressed, 5}));
}

// RR-DX-04: white + D/R2 keeps white, loses 2; then S/B -> blue; morale 41+ -> white.
TEST(RrFire, RR_DX_04_MarkerOrder) {
  UnitFireState u{5, 15, Marker::kPinned};
  u = apply_result(u, ChartResult{Effect::kDisrupted, 2});
  EXPECT_EQ(u, (UnitFireState{3, 9, Marker::kPinned}));
  u = apply_result(u, ChartResult{Effect::kSuppressed, 0});
  EXPECT_EQ(u, (UnitFireState{3, 9, Marker::kSuppressed}));
  u.marker = lower_marker_one_step(u.marker);
  EXPECT_EQ(u.marker, Marker::kPinned);
}

}  // namespace
}  // namespace sandtable::rr
