// Rookie Rules artillery and mortars: RR-ART-01..07, RR-EX-06, RR-EX-07, GAP-RR-ART-03/04/05/07.
#include "engine/rulesets/rookie/rr_artillery.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

namespace sandtable::rr {
namespace {

using geom::Facing;
using geom::Vec2;

constexpr TableSize kSevenBySix{84, 72};

void expect_point(Vec2 got, Vec2 want) {
  EXPECT_NEAR(got.x, want.x, 1e-9);
  EXPECT_NEAR(got.y, want.y, 1e-9);
}

TEST(RrArtillery, RR_ART_01_PlotIsLengthThenWidthAndOffTableIsRefused) {
  PlotCheck p = check_plot(kSevenBySix, 10, 20);
  EXPECT_FALSE(p.refusal);
  EXPECT_EQ(p.point, (Vec2{10, 20}));  // first along the length (x), then along the width (y)

  EXPECT_FALSE(check_plot(kSevenBySix, 0, 0).refusal);    // corner: on the table
  EXPECT_FALSE(check_plot(kSevenBySix, 84, 72).refusal);  // far corner: on the table
  PlotCheck off = check_plot(kSevenBySix, 84.01, 10);
  ASSERT_TRUE(off.refusal);
  EXPECT_EQ(*off.refusal,
            "The plotted point (84.01\", 10\") is off the table: it must be 0 to 84\" along the length and 0 "
            "to 72\" along the width.");
  EXPECT_TRUE(check_plot(kSevenBySix, -0.01, 10).refusal);
  EXPECT_TRUE(check_plot(kSevenBySix, 10, 72.01).refusal);
  EXPECT_TRUE(check_plot(kSevenBySix, 10, -0.01).refusal);
  // The width is y: 80 along the width is off a 72" wide table even though 80 < 84.
  EXPECT_TRUE(check_plot(kSevenBySix, 10, 80).refusal);
  EXPECT_TRUE(check_plot(kSevenBySix, NAN, 10).refusal);
  EXPECT_TRUE(check_plot(TableSize{0, 72}, 0, 0).refusal);
}

TEST(RrArtillery, RR_ART_01_ParsesWrittenPlotsInInchesAndRefusesOthers) {
  expect_point(parse_plot(kSevenBySix, "42, 36").point, {42, 36});
  expect_point(parse_plot(kSevenBySix, "  42 36 ").point, {42, 36});
  expect_point(parse_plot(kSevenBySix, "12.5\",7\"").point, {12.5, 7});
  EXPECT_FALSE(parse_plot(kSevenBySix, "12.5\",7\"").refusal);
  EXPECT_TRUE(parse_plot(kSevenBySix, "90, 36").refusal);  // parsed, but off the table
  EXPECT_NE(parse_plot(kSevenBySix, "90, 36").refusal->find("off the table"), std::string::npos);
  for (const char* bad : {"", "42", "42,", "4236x", "x 36", "42, 36, 1", "42;36", "nan 3"}) {
    PlotCheck p = parse_plot(kSevenBySix, bad);
    EXPECT_TRUE(p.refusal) << bad;
  }
}

TEST(RrArtillery, RR_EX_06_ThreeFeetSixAndThreeFeetIsTheCentreOfASevenBySixTable) {
  const TableSize table{feet_and_inches(7, 0), feet_and_inches(6, 0)};
  EXPECT_EQ(table.length, 84);
  EXPECT_EQ(table.width, 72);
  EXPECT_EQ(feet_and_inches(3, 6), 42);
  EXPECT_EQ(feet_and_inches(3, 0), 36);
  PlotCheck written = parse_plot(table, "3'6\" 3'");
  ASSERT_FALSE(written.refusal);
  EXPECT_EQ(written.point, (Vec2{42, 36}));
  EXPECT_EQ(written.point, (Vec2{table.length / 2, table.width / 2}));  // exactly the centre
  EXPECT_EQ(parse_plot(table, "42, 36").point, (Vec2{42, 36}));
  EXPECT_EQ(check_plot(table, 42, 36).point, (Vec2{42, 36}));
}

TEST(RrArtillery, RR_ART_02_OffBoardFireIsPlottedFirstAndResolvedBetweenSequences) {
  for (TurnWindow w : {TurnWindow::kPlotting, TurnWindow::kFirstCommand, TurnWindow::kFirstSequence,
                       TurnWindow::kBetweenSequences, TurnWindow::kSecondCommand, TurnWindow::kSecondSequence,
                       TurnWindow::kEndOfTurn}) {
    EXPECT_EQ(off_board_fire_resolves_in(w), w == TurnWindow::kBetweenSequences);
    EXPECT_EQ(off_board_fire_plotted_in(w), w == TurnWindow::kPlotting);
  }
}

TEST(RrArtillery, RR_ART_03_TemplateChoiceByWeapon) {
  using T = StrikeTemplate;
  EXPECT_EQ(allowed_templates(ArtilleryWeapon::kHeavyArtillery), (std::vector<T>{T::kA, T::kB}));
  EXPECT_EQ(allowed_templates(ArtilleryWeapon::kMediumArtillery), (std::vector<T>{T::kC}));
  EXPECT_EQ(allowed_templates(ArtilleryWeapon::kHeavyMortar), (std::vector<T>{T::kC}));
  EXPECT_EQ(allowed_templates(ArtilleryWeapon::kLightArtillery), (std::vector<T>{T::kD}));
  EXPECT_EQ(allowed_templates(ArtilleryWeapon::kLightMortar), (std::vector<T>{T::kD}));
  EXPECT_EQ(allowed_templates(ArtilleryWeapon::kMediumMortar), (std::vector<T>{T::kD}));

  EXPECT_TRUE(template_is_players_choice(ArtilleryWeapon::kHeavyArtillery));
  EXPECT_FALSE(template_is_players_choice(ArtilleryWeapon::kMediumArtillery));
  EXPECT_FALSE(template_is_players_choice(ArtilleryWeapon::kLightArtillery));

  EXPECT_FALSE(template_refusal(ArtilleryWeapon::kHeavyArtillery, T::kA));
  EXPECT_FALSE(template_refusal(ArtilleryWeapon::kHeavyArtillery, T::kB));
  ASSERT_TRUE(template_refusal(ArtilleryWeapon::kHeavyArtillery, T::kC));
  EXPECT_EQ(*template_refusal(ArtilleryWeapon::kHeavyArtillery, T::kC),
            "Fire from heavy artillery uses template A or template B, not template C.");
  EXPECT_TRUE(template_refusal(ArtilleryWeapon::kMediumArtillery, T::kD));
  EXPECT_TRUE(template_refusal(ArtilleryWeapon::kLightArtillery, T::kC));
  EXPECT_TRUE(template_refusal(ArtilleryWeapon::kMediumMortar, T::kC));
  EXPECT_FALSE(template_refusal(ArtilleryWeapon::kHeavyMortar, T::kC));
}

TEST(RrArtillery, GAP_RR_ART_03_TemplateShapesAndWhatIsUnderThem) {
  const Vec2 c{20, 20};
  // A: 12" x 4", the length along the chosen orientation (east here).
  PlacedTemplate a{StrikeTemplate::kA, c, Facing::from_degrees(90)};
  EXPECT_TRUE(under_template(a, Vec2{26, 20}));  // on the end edge
  EXPECT_FALSE(under_template(a, Vec2{26.01, 20}));
  EXPECT_TRUE(under_template(a, Vec2{20, 22}));
  EXPECT_FALSE(under_template(a, Vec2{20, 22.01}));
  // Turned north, the same template reaches 6" north, not 6" east.
  PlacedTemplate a_north{StrikeTemplate::kA, c, Facing::from_degrees(0)};
  EXPECT_TRUE(under_template(a_north, Vec2{20, 26}));
  EXPECT_FALSE(under_template(a_north, Vec2{26, 20}));
  EXPECT_NEAR(template_rectangle(a)->area(), 48, 1e-9);

  PlacedTemplate b{StrikeTemplate::kB, c, Facing::from_degrees(90)};
  EXPECT_TRUE(under_template(b, Vec2{25, 20}));
  EXPECT_FALSE(under_template(b, Vec2{25.01, 20}));
  EXPECT_TRUE(under_template(b, Vec2{20, 23}));
  EXPECT_FALSE(under_template(b, Vec2{20, 23.01}));
  EXPECT_NEAR(template_rectangle(b)->area(), 60, 1e-9);

  PlacedTemplate tc{StrikeTemplate::kC, c, {}};
  EXPECT_FALSE(template_rectangle(tc));
  EXPECT_EQ(template_circle(tc)->radius, 3);
  EXPECT_TRUE(under_template(tc, Vec2{23, 20}));
  EXPECT_FALSE(under_template(tc, Vec2{23.01, 20}));
  EXPECT_TRUE(under_template(tc, Vec2{22.1, 22.1}));   // 2.97" from the centre
  EXPECT_FALSE(under_template(tc, Vec2{22.2, 22.2}));  // 3.11"

  PlacedTemplate d{StrikeTemplate::kD, c, {}};
  EXPECT_EQ(template_circle(d)->radius, 1.5);
  EXPECT_TRUE(under_template(d, Vec2{21.5, 20}));
  EXPECT_FALSE(under_template(d, Vec2{21.51, 20}));

  // Footprints: any part under the template, touching its edge included.
  EXPECT_TRUE(under_template(d, geom::axis_rectangle(21.5, 19.5, 22.5, 20.5)));
  EXPECT_FALSE(under_template(d, geom::axis_rectangle(21.51, 19.5, 22.51, 20.5)));
  EXPECT_TRUE(under_template(a, geom::axis_rectangle(26, 19, 27, 21)));
  EXPECT_FALSE(under_template(a, geom::axis_rectangle(26.01, 19, 27, 21)));
  // A stand straddling the long edge, no corner of either inside the other: edges cross.
  EXPECT_TRUE(under_template(a, geom::axis_rectangle(19.5, 21, 20.5, 23)));
  // A big footprint covering the whole template.
  EXPECT_TRUE(under_template(d, geom::axis_rectangle(0, 0, 40, 40)));
  // Orientation 45 degrees: the corner region of the unturned rectangle is no longer covered.
  PlacedTemplate a45{StrikeTemplate::kA, c, Facing::from_degrees(45)};
  EXPECT_TRUE(under_template(a45, Vec2{24, 24}));    // 5.66" along the diagonal length
  EXPECT_FALSE(under_template(a45, Vec2{25.5, 21.5}));
  EXPECT_TRUE(under_template(a, Vec2{25.5, 21.5}));
}

TEST(RrArtillery, RR_ART_04_OneToFourOnTargetFiveToZeroDrift) {
  for (int face = 1; face <= 4; ++face) EXPECT_TRUE(read_impact_roll(face).on_target) << face;
  for (int face = 5; face <= 9; ++face) {
    ImpactReading r = read_impact_roll(face);
    EXPECT_FALSE(r.on_target) << face;
    EXPECT_EQ(r.sector, face);
  }
  ImpactReading zero = read_impact_roll(0);
  EXPECT_FALSE(zero.on_target);
  EXPECT_EQ(zero.sector, 0);
  EXPECT_EQ(zero.value, 10);
  EXPECT_THROW(read_impact_roll(10), std::invalid_argument);
  EXPECT_THROW(read_impact_roll(-1), std::invalid_argument);
}

TEST(RrArtillery, GAP_RR_ART_04_ModifiedRollsAndDriftDistance) {
  // Modified below 1: on target; 4 on target, 5 drifts.
  EXPECT_TRUE(read_impact_roll(1, -3).on_target);
  EXPECT_TRUE(read_impact_roll(5, -1).on_target);
  EXPECT_FALSE(read_impact_roll(4, 1).on_target);
  EXPECT_EQ(read_impact_roll(4, 1).sector, 5);
  // Above 10 counts as sector 0; 9 stays 9.
  EXPECT_EQ(read_impact_roll(9, 2).sector, 0);
  EXPECT_EQ(read_impact_roll(0, 3).sector, 0);
  EXPECT_EQ(read_impact_roll(8, 1).sector, 9);
  EXPECT_EQ(read_impact_roll(7, 2).sector, 9);

  // The rose: 5 centred away from the firer, then clockwise 60 degrees a sector.
  const Facing east = Facing::from_degrees(90);
  expect_point(drift_direction(east, 5).forward(), {1, 0});                         // over
  expect_point(drift_direction(east, 6).forward(), {0.5, -std::sqrt(3.0) / 2});      // compass 150
  expect_point(drift_direction(east, 7).forward(), {-0.5, -std::sqrt(3.0) / 2});     // compass 210
  expect_point(drift_direction(east, 8).forward(), {-1, 0});                        // short
  expect_point(drift_direction(east, 9).forward(), {-0.5, std::sqrt(3.0) / 2});      // compass 330
  expect_point(drift_direction(east, 0).forward(), {0.5, std::sqrt(3.0) / 2});       // compass 30
  EXPECT_THROW(drift_direction(east, 4), std::invalid_argument);
  EXPECT_THROW(drift_direction(east, 10), std::invalid_argument);

  // 1d6 inches toward the sector's centre direction.
  ImpactOutcome over = resolve_impact({30, 30}, east, 5, 0, 4);
  EXPECT_EQ(over.drift_inches, 4);
  expect_point(over.point, {34, 30});
  ImpactOutcome short_one = resolve_impact({30, 30}, east, 8, 0, 1);
  expect_point(short_one.point, {29, 30});
  ImpactOutcome on = resolve_impact({30, 30}, east, 3, 0, 0);  // the d6 is not needed on target
  EXPECT_TRUE(on.reading.on_target);
  EXPECT_EQ(on.drift_inches, 0);
  EXPECT_EQ(on.point, (Vec2{30, 30}));
  EXPECT_THROW(resolve_impact({30, 30}, east, 6, 0, 0), std::invalid_argument);
  EXPECT_THROW(resolve_impact({30, 30}, east, 6, 0, 7), std::invalid_argument);
  expect_point(away_from_firer({0, 30}, {30, 30}).forward(), {1, 0});
}

TEST(RrArtillery, GAP_RR_ART_05_TemplateAttackUsesTheWeaponsColumn) {
  EXPECT_EQ(template_attack_band(ArtilleryWeapon::kLightArtillery), (WeaponFfBand{41, 45}));
  EXPECT_EQ(template_attack_band(ArtilleryWeapon::kMediumArtillery), (WeaponFfBand{51, 55}));
  EXPECT_EQ(template_attack_band(ArtilleryWeapon::kHeavyMortar), (WeaponFfBand{51, 55}));
  EXPECT_EQ(template_attack_band(ArtilleryWeapon::kHeavyArtillery), (WeaponFfBand{61, kOpenFf}));
  EXPECT_EQ(template_attack_band(ArtilleryWeapon::kLightMortar), (WeaponFfBand{21, 25}));
  EXPECT_EQ(template_attack_band(ArtilleryWeapon::kMediumMortar), (WeaponFfBand{36, 40}));
  constexpr WeaponFfBand light{41, 45};
  static_assert(light.ff() == 41 && light.contains(45) && !light.contains(46) && !light.contains(40));
  EXPECT_TRUE(template_attack_band(ArtilleryWeapon::kHeavyArtillery).contains(200));
  EXPECT_FALSE(template_attack_band(ArtilleryWeapon::kHeavyArtillery).contains(60));
}

TEST(RrArtillery, RR_ART_05_EveryUnitUnderTheTemplateIsAttackedOnceThenChecksMorale) {
  PlacedTemplate c{StrikeTemplate::kC, {20, 20}, {}};
  std::vector<UnitStands> units;
  units.push_back({geom::axis_rectangle(19, 19, 20, 20), geom::axis_rectangle(20, 20, 21, 21)});  // two stands under
  units.push_back({geom::axis_rectangle(30, 30, 31, 31)});                                       // far away
  units.push_back({geom::axis_rectangle(40, 40, 41, 41), geom::axis_rectangle(22.9, 19.5, 23.9, 20.5)});  // one under
  units.push_back({geom::axis_rectangle(23.01, 19.5, 24, 20.5)});                                // just clear
  EXPECT_EQ(units_under(c, units), (std::vector<int>{0, 2}));

  WeaponFfBand band = template_attack_band(ArtilleryWeapon::kMediumArtillery);
  std::vector<TemplateAttack> attacks =
      template_attacks(c, band, template_attack_forces_morale(ArtilleryWeapon::kMediumArtillery), units);
  ASSERT_EQ(attacks.size(), 2u);  // once each, however many stands are under
  EXPECT_EQ(attacks[0].unit, 0);
  EXPECT_EQ(attacks[1].unit, 2);
  for (const TemplateAttack& a : attacks) {
    EXPECT_EQ(a.band, (WeaponFfBand{51, 55}));
    EXPECT_TRUE(a.mandatory_morale);
  }
  // RR-MOR-01 (2): artillery and medium/heavy mortars force the check, a light mortar does not.
  EXPECT_TRUE(template_attack_forces_morale(ArtilleryWeapon::kLightArtillery));
  EXPECT_TRUE(template_attack_forces_morale(ArtilleryWeapon::kHeavyArtillery));
  EXPECT_TRUE(template_attack_forces_morale(ArtilleryWeapon::kMediumMortar));
  EXPECT_TRUE(template_attack_forces_morale(ArtilleryWeapon::kHeavyMortar));
  EXPECT_FALSE(template_attack_forces_morale(ArtilleryWeapon::kLightMortar));
  EXPECT_FALSE(template_attacks(c, band, false, units)[0].mandatory_morale);
}

TEST(RrArtillery, RR_ART_06_OnTableArtilleryIsDirectFireWithMinimumRange8_1) {
  for (ArtilleryWeapon w :
       {ArtilleryWeapon::kLightArtillery, ArtilleryWeapon::kMediumArtillery, ArtilleryWeapon::kHeavyArtillery}) {
    EXPECT_FALSE(uses_template_on_table(w));
    EXPECT_EQ(printed_minimum_range(w), 8.1);
    EXPECT_TRUE(minimum_range_refusal(w, 8.0));
    EXPECT_TRUE(minimum_range_refusal(w, 3));
    EXPECT_FALSE(minimum_range_refusal(w, 8.01));
    EXPECT_FALSE(minimum_range_refusal(w, 8.1));
    EXPECT_FALSE(minimum_range_refusal(w, 60));
  }
  EXPECT_EQ(*minimum_range_refusal(ArtilleryWeapon::kLightArtillery, 8),
            "The target is 8\" away; light artillery on the table has a minimum range of 8.1\".");
  EXPECT_TRUE(minimum_range_refusal(ArtilleryWeapon::kLightArtillery, -1));
}

TEST(RrArtillery, RR_ART_07_OnTableMortarsUseTemplatesAndMinimumRanges) {
  EXPECT_TRUE(uses_template_on_table(ArtilleryWeapon::kLightMortar));
  EXPECT_TRUE(uses_template_on_table(ArtilleryWeapon::kMediumMortar));
  EXPECT_TRUE(uses_template_on_table(ArtilleryWeapon::kHeavyMortar));
  EXPECT_EQ(printed_minimum_range(ArtilleryWeapon::kLightMortar), 8.1);
  EXPECT_EQ(printed_minimum_range(ArtilleryWeapon::kMediumMortar), 25.1);
  EXPECT_EQ(printed_minimum_range(ArtilleryWeapon::kHeavyMortar), 75.1);
  EXPECT_TRUE(minimum_range_refusal(ArtilleryWeapon::kLightMortar, 8));
  EXPECT_FALSE(minimum_range_refusal(ArtilleryWeapon::kLightMortar, 8.1));
  EXPECT_TRUE(minimum_range_refusal(ArtilleryWeapon::kMediumMortar, 25));
  EXPECT_FALSE(minimum_range_refusal(ArtilleryWeapon::kMediumMortar, 25.1));
  EXPECT_FALSE(minimum_range_refusal(ArtilleryWeapon::kMediumMortar, 25.01));
  EXPECT_TRUE(minimum_range_refusal(ArtilleryWeapon::kHeavyMortar, 75));
  EXPECT_FALSE(minimum_range_refusal(ArtilleryWeapon::kHeavyMortar, 75.1));
  EXPECT_TRUE(minimum_range_refusal(ArtilleryWeapon::kHeavyMortar, 50));  // fine for a light one
  EXPECT_FALSE(minimum_range_refusal(ArtilleryWeapon::kLightMortar, 50));
}

TEST(RrArtillery, GAP_RR_ART_07_UnobservedMortarTargetTakesBlindFire) {
  EXPECT_EQ(mortar_blind_fire_left(false), 3);
  EXPECT_EQ(mortar_blind_fire_left(true), 0);
}

// RR-EX-07: the whole bombardment, step by step, on a 7' x 6' table.
TEST(RrArtillery, RR_EX_07_BunkerLineBombardment) {
  // A bunker line of four 2" x 2" bunkers along y = 40.
  std::vector<UnitStands> bunkers;
  for (double x : {44.0, 50.0, 56.0, 62.0}) bunkers.push_back({geom::axis_rectangle(x - 1, 39, x + 1, 41)});

  // Before the turn: the written estimate.
  ASSERT_TRUE(off_board_fire_plotted_in(TurnWindow::kPlotting));
  PlotCheck plot = parse_plot(kSevenBySix, "50, 40");
  ASSERT_FALSE(plot.refusal);

  // Between the card sequences: heavy artillery picks template A, oriented along the line.
  ASSERT_TRUE(off_board_fire_resolves_in(TurnWindow::kBetweenSequences));
  const ArtilleryWeapon gun = ArtilleryWeapon::kHeavyArtillery;
  ASSERT_TRUE(template_is_players_choice(gun));
  ASSERT_FALSE(template_refusal(gun, StrikeTemplate::kA));
  PlacedTemplate at_plot{StrikeTemplate::kA, plot.point, Facing::from_degrees(90)};
  // Had it landed on the estimate, three bunkers would be under it (the first touches its end).
  EXPECT_EQ(units_under(at_plot, bunkers), (std::vector<int>{0, 1, 2}));

  // The impact roll: the battery fires from the y = 0 edge, so "away" is north. A 7 drifts to the
  // sector centred 120 degrees clockwise of north; the d6 says 4".
  const Facing away = away_from_firer({50, 0}, plot.point);
  ImpactOutcome impact = resolve_impact(plot.point, away, 7, 0, 4);
  ASSERT_FALSE(impact.reading.on_target);
  EXPECT_EQ(impact.reading.sector, 7);
  expect_point(impact.point, {50 + 2 * std::sqrt(3.0), 38});

  // The template moves there keeping its orientation, and every bunker under it is diced for.
  PlacedTemplate landed = moved_to(at_plot, impact.point);
  EXPECT_EQ(landed.orientation.forward(), at_plot.orientation.forward());
  std::vector<TemplateAttack> attacks =
      template_attacks(landed, template_attack_band(gun), template_attack_forces_morale(gun), bunkers);
  ASSERT_EQ(attacks.size(), 2u);
  EXPECT_EQ(attacks[0].unit, 1);
  EXPECT_EQ(attacks[1].unit, 2);
  EXPECT_EQ(attacks[0].band, (WeaponFfBand{61, kOpenFf}));
  EXPECT_TRUE(attacks[0].mandatory_morale);
}

}  // namespace
}  // namespace sandtable::rr
