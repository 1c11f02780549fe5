// Rookie Rules close combat, overrun and minefields: RR-MEL-01/02, GAP-RR-MEL-01, RR-OVR-01/02,
// RR-MINE-01.
#include "engine/rulesets/rookie/rr_close.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

namespace sandtable::rr {
namespace {

using geom::Facing;
using geom::Vec2;

// A 1" square stand with its lower-left corner at (x, y).
MeleeStand stand(double x, double y, int figures = 1) { return {geom::axis_rectangle(x, y, x + 1, y + 1), figures}; }

TEST(RrClose, RR_MEL_01_StandsWithin1InchPairFigureAgainstFigure) {
  std::vector<MeleeStand> a{stand(0, 0)};
  std::vector<MeleeStand> b_at_1{stand(2, 0)};     // 1" gap: within
  std::vector<MeleeStand> b_beyond{stand(2.01, 0)};  // 1.01": no melee
  EXPECT_EQ(footprint_gap(a[0].footprint, b_at_1[0].footprint), 1);
  EXPECT_EQ(pair_figures(a, b_at_1), (std::vector<MeleePair>{{{0, 0}, {0, 0}}}));
  EXPECT_TRUE(pair_figures(a, b_beyond).empty());
  EXPECT_EQ(footprint_gap(a[0].footprint, stand(0.5, 0.5).footprint), 0);  // overlapping bases

  // The higher die wins, the loser dies.
  std::vector<int> a_wins{5, 3};
  MeleeResult r = resolve_melee(a, b_at_1, a_wins);
  ASSERT_EQ(r.fights.size(), 1u);
  EXPECT_EQ(r.fights[0].rolls, (std::vector<MeleeRoll>{{5, 3}}));
  EXPECT_TRUE(r.fights[0].a_won);
  EXPECT_EQ(r.a_losses, 0);
  EXPECT_EQ(r.b_losses, 1);
  EXPECT_EQ(r.b_losses_by_stand, (std::vector<int>{1}));
  std::vector<int> b_wins{2, 3};
  MeleeResult r2 = resolve_melee(a, b_at_1, b_wins);
  EXPECT_FALSE(r2.fights[0].a_won);
  EXPECT_EQ(r2.a_losses, 1);
  EXPECT_EQ(r2.b_losses, 0);
  // Out of reach: nobody rolls.
  std::vector<int> none;
  MeleeResult apart = resolve_melee(a, b_beyond, none);
  EXPECT_TRUE(apart.fights.empty());
  EXPECT_EQ(apart.dice_used, 0);
}

TEST(RrClose, GAP_RR_MEL_01_TiesAreRerolled) {
  std::vector<MeleeStand> a{stand(0, 0)};
  std::vector<MeleeStand> b{stand(1, 0)};
  std::vector<int> faces{4, 4, 6, 6, 2, 6};
  MeleeResult r = resolve_melee(a, b, faces);
  ASSERT_EQ(r.fights.size(), 1u);
  EXPECT_EQ(r.fights[0].rolls, (std::vector<MeleeRoll>{{4, 4}, {6, 6}, {2, 6}}));
  EXPECT_FALSE(r.fights[0].a_won);
  EXPECT_EQ(r.a_losses, 1);
  EXPECT_EQ(r.b_losses, 0);
  EXPECT_EQ(r.dice_used, 6);
  // A callback works the same; running out of faces or a bad face is an error.
  int calls = 0;
  MeleeResult cb = resolve_melee(a, b, [&calls] { return ++calls == 1 ? 3 : 1; });
  EXPECT_TRUE(cb.fights[0].a_won);
  std::vector<int> short_list{3, 3};
  EXPECT_THROW(resolve_melee(a, b, short_list), std::invalid_argument);
  std::vector<int> seven{7, 1};
  EXPECT_THROW(resolve_melee(a, b, seven), std::invalid_argument);
  EXPECT_THROW(resolve_melee(a, b, [] { return 2; }), std::invalid_argument);  // ties for ever
}

TEST(RrClose, GAP_RR_MEL_01_EveryFigureInReachIsPairedOutnumberedFiguresFightEach) {
  // Two stands of A each touching B's single stand.
  std::vector<MeleeStand> a{stand(0, 0), stand(2, 0)};
  std::vector<MeleeStand> b{stand(1, 0)};
  EXPECT_EQ(pair_figures(a, b), (std::vector<MeleePair>{{{0, 0}, {0, 0}}, {{1, 0}, {0, 0}}}));
  // B's figure wins the first fight and loses the second: one dead on each side.
  std::vector<int> split{1, 6, 6, 1};
  MeleeResult r = resolve_melee(a, b, split);
  EXPECT_EQ(r.a_losses_by_stand, (std::vector<int>{1, 0}));
  EXPECT_EQ(r.b_losses_by_stand, (std::vector<int>{1}));
  // Losing both fights, it still dies only once.
  std::vector<int> both{6, 1, 5, 2};
  MeleeResult r2 = resolve_melee(a, b, both);
  EXPECT_EQ(r2.b_losses, 1);
  EXPECT_EQ(r2.a_losses, 0);

  // A crew stand of three figures against one rifleman: three pairs, all against him.
  std::vector<MeleeStand> crew{stand(0, 0, 3)};
  std::vector<MeleeStand> rifleman{stand(1.5, 0)};
  std::vector<MeleePair> pairs = pair_figures(crew, rifleman);
  EXPECT_EQ(pairs, (std::vector<MeleePair>{{{0, 0}, {0, 0}}, {{0, 1}, {0, 0}}, {{0, 2}, {0, 0}}}));

  // The outnumbered side's extra figures spread over the opponents with the fewest pairs.
  std::vector<MeleeStand> two{stand(0, 0), stand(0, 1)};
  std::vector<MeleeStand> three{stand(1, 0), stand(1, 1), stand(1, 2)};
  std::vector<MeleePair> spread = pair_figures(three, two);
  ASSERT_EQ(spread.size(), 3u);
  EXPECT_EQ(spread[0], (MeleePair{{0, 0}, {0, 0}}));
  EXPECT_EQ(spread[1], (MeleePair{{1, 0}, {1, 0}}));
  EXPECT_EQ(spread[2], (MeleePair{{2, 0}, {1, 0}}));  // stand at y 2..3 reaches only the upper one
}

TEST(RrClose, GAP_RR_MEL_01_PairsAsManyOneToOneAsTheReachAllows) {
  // A0 reaches B0 (0.5") and B1 (0.8"); A1 reaches only B0. Pairing A0 with its nearer B0 would
  // leave B1 without a partner; the maximum matching gives A0-B1 and A1-B0.
  std::vector<MeleeStand> a{stand(0, 0), stand(3, 0)};
  std::vector<MeleeStand> b{stand(1.5, 0), stand(0, 1.8)};
  EXPECT_EQ(pair_figures(a, b), (std::vector<MeleePair>{{{0, 0}, {1, 0}}, {{1, 0}, {0, 0}}}));
  // A stand of nobody fights nobody.
  std::vector<MeleeStand> empty_stand{stand(1, 0, 0)};
  EXPECT_TRUE(pair_figures(a, empty_stand).empty());
  std::vector<MeleeStand> negative{stand(1, 0, -1)};
  EXPECT_THROW(pair_figures(a, negative), std::invalid_argument);
}

TEST(RrClose, RR_MEL_02_MeleeIsDeclaredWithTheMoveThatBringsTheUnitWithin1Inch) {
  std::vector<MeleeStand> movers{stand(0, 0), stand(0, 1)};
  std::vector<MeleeStand> enemy_at_1{stand(2, 1)};
  std::vector<MeleeStand> enemy_beyond{stand(2.01, 1)};
  EXPECT_FALSE(melee_declaration_refusal(true, movers, enemy_at_1));
  ASSERT_TRUE(melee_declaration_refusal(false, movers, enemy_at_1));
  EXPECT_EQ(*melee_declaration_refusal(false, movers, enemy_at_1),
            "Melee is declared as part of a move function that brings the unit into contact.");
  ASSERT_TRUE(melee_declaration_refusal(true, movers, enemy_beyond));
  EXPECT_EQ(*melee_declaration_refusal(true, movers, enemy_beyond),
            "No stand of the unit is within 1\" of an enemy stand, so there is no melee.");
}

TEST(RrClose, RR_OVR_01_ArmourDrivingThroughAnEnemyAttacksItOnThe41To45Column) {
  EXPECT_EQ(kOverrunBand, (WeaponFfBand{41, 45}));
  static_assert(kOverrunBand.contains(41) && kOverrunBand.contains(45) && !kOverrunBand.contains(40) &&
                !kOverrunBand.contains(46));
  EXPECT_TRUE(overrun_applies(true, false, true, false));   // enemy infantry
  EXPECT_TRUE(overrun_applies(true, false, false, false));  // any enemy unit
  EXPECT_FALSE(overrun_applies(false, false, true, false)); // trucks do not overrun

  // A 4" x 2" hull driving east along y = 10 from x = 0 to x = 10.
  std::vector<Vec2> path{{0, 10}, {10, 10}};
  EXPECT_TRUE(hull_passes_over(path, 4, 2, geom::axis_rectangle(5, 9.5, 6, 10.5)));   // in its way
  EXPECT_TRUE(hull_passes_over(path, 4, 2, geom::axis_rectangle(11.5, 9.5, 12.5, 10.5)));  // under the final bow
  EXPECT_FALSE(hull_passes_over(path, 4, 2, geom::axis_rectangle(12, 9.5, 13, 10.5)));  // touching the bow only
  EXPECT_FALSE(hull_passes_over(path, 4, 2, geom::axis_rectangle(5, 11, 6, 12)));       // grazing its side
  EXPECT_TRUE(hull_passes_over(path, 4, 2, geom::axis_rectangle(5, 10.99, 6, 12)));
  std::vector<Vec2> parked{{0, 10}, {0, 10}};
  EXPECT_FALSE(hull_passes_over(parked, 4, 2, geom::axis_rectangle(-0.5, 9.5, 0.5, 10.5)));  // no movement
  EXPECT_THROW(hull_passes_over(path, 0, 2, geom::axis_rectangle(5, 9.5, 6, 10.5)), std::invalid_argument);
}

TEST(RrClose, RR_OVR_02_ArmourForcedToBackUpOverrunsFriendlyInfantry) {
  EXPECT_TRUE(overrun_applies(true, true, true, true));
  EXPECT_FALSE(overrun_applies(true, true, true, false));   // friendly infantry, not forced back
  EXPECT_FALSE(overrun_applies(true, true, false, true));   // friendly vehicles are not overrun
  EXPECT_FALSE(overrun_applies(false, true, true, true));
  EXPECT_TRUE(overrun_applies(true, false, true, true));    // enemies behind are overrun too
  // Backing up: the path runs backwards; the swept ground is the same.
  std::vector<Vec2> back{{10, 10}, {4, 10}};
  EXPECT_TRUE(hull_passes_over(back, 4, 2, geom::axis_rectangle(1.5, 9.5, 2.5, 10.5)));
  EXPECT_FALSE(hull_passes_over(back, 4, 2, geom::axis_rectangle(0.5, 9.5, 1.5, 10.5)));
}

TEST(RrClose, RR_MINE_01_TwelveInchHexAcrossTheFlatsAttacksOnThe16To20Column) {
  EXPECT_EQ(kMinefieldBand, (WeaponFfBand{16, 20}));
  MinefieldPlot plot = plot_minefield(TableSize{84, 72}, "40, 30");
  ASSERT_FALSE(plot.refusal);
  const Minefield field = plot.field;
  EXPECT_EQ(field.centre, (Vec2{40, 30}));
  geom::Polygon hex = minefield_hex(field);
  EXPECT_EQ(hex.size(), 6);
  EXPECT_NEAR(hex.area(), 2 * std::sqrt(3.0) * 36, 1e-9);  // 12" across the flats
  // Flats 6" north and south of the centre.
  EXPECT_TRUE(in_minefield(field, Vec2{40, 35.99}));
  EXPECT_FALSE(in_minefield(field, Vec2{40, 36}));  // on the edge: not entered
  EXPECT_FALSE(in_minefield(field, Vec2{40, 36.01}));
  EXPECT_TRUE(in_minefield(field, Vec2{40, 24.01}));
  // Corners 12 / sqrt(3) = 6.93" east and west.
  EXPECT_TRUE(in_minefield(field, Vec2{46.9, 30}));
  EXPECT_FALSE(in_minefield(field, Vec2{46.95, 30}));
  // Turned 90 degrees the flats face east and west instead.
  Minefield turned{{40, 30}, Facing::from_degrees(90)};
  EXPECT_TRUE(in_minefield(turned, Vec2{40, 36.5}));
  EXPECT_FALSE(in_minefield(turned, Vec2{46.5, 30}));

  // Stands and paths.
  EXPECT_TRUE(footprint_in_minefield(field, geom::axis_rectangle(39.5, 35.5, 40.5, 36.5)));
  EXPECT_FALSE(footprint_in_minefield(field, geom::axis_rectangle(39.5, 36, 40.5, 37)));  // on the edge
  std::vector<Vec2> through{{40, 50}, {40, 20}};
  std::vector<Vec2> along_edge{{38, 36}, {42, 36}};
  std::vector<Vec2> stops_inside{{40, 50}, {40, 35}};
  std::vector<Vec2> stops_short{{40, 50}, {40, 36.01}};
  EXPECT_TRUE(path_enters_minefield(field, through));
  EXPECT_FALSE(path_enters_minefield(field, along_edge));
  EXPECT_TRUE(path_enters_minefield(field, stops_inside));
  EXPECT_FALSE(path_enters_minefield(field, stops_short));

  // The centre is written like an impact point: off the table is refused.
  EXPECT_TRUE(plot_minefield(TableSize{84, 72}, "40, 80").refusal);
  EXPECT_EQ(plot_minefield(TableSize{84, 72}, "3'4\" 2'6\"").field.centre, (Vec2{40, 30}));
}

}  // namespace
}  // namespace sandtable::rr
