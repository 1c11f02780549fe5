// Rookie Rules aircraft and anti-aircraft fire: RR-AIR-01..10 and the air columns of GAP-RR-ART-05.
#include "engine/rulesets/rookie/rr_air.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace sandtable::rr {
namespace {

using geom::Facing;
using geom::Vec2;

constexpr TableSize kTable{84, 72};

TEST(RrAir, RR_AIR_01_ArrivalChanceStartsAt35AndRisesTenAturnUntilArrival) {
  EXPECT_EQ(arrival_chance(0), 35);
  EXPECT_EQ(arrival_chance(1), 45);
  EXPECT_EQ(arrival_chance(6), 95);
  EXPECT_EQ(arrival_chance(7), 100);
  EXPECT_EQ(arrival_chance(50), 100);
  EXPECT_THROW(arrival_chance(-1), std::invalid_argument);

  // First turn: 35 or less arrives.
  EXPECT_TRUE(check_arrival(0, 35).arrived);
  ArrivalCheck miss = check_arrival(0, 36);
  EXPECT_FALSE(miss.arrived);
  EXPECT_EQ(miss.failed_checks_after, 1);
  // Second turn 45 %, third 55 %.
  EXPECT_EQ(check_arrival(miss.failed_checks_after, 46).chance, 45);
  EXPECT_FALSE(check_arrival(1, 46).arrived);
  EXPECT_TRUE(check_arrival(1, 45).arrived);
  ArrivalCheck third = check_arrival(2, 55);
  EXPECT_TRUE(third.arrived);
  // After an arrival the chance goes back to 35.
  EXPECT_EQ(third.failed_checks_after, 0);
  EXPECT_EQ(check_arrival(third.failed_checks_after, 40).chance, 35);
  EXPECT_TRUE(check_arrival(7, 100).arrived);  // "00" reads 100
  EXPECT_THROW(check_arrival(0, 0), std::invalid_argument);
  EXPECT_THROW(check_arrival(0, 101), std::invalid_argument);
  // The scenario may set other numbers.
  EXPECT_EQ(arrival_chance(2, 20, 5), 30);
  // RR-SEQ-03: checked at the end of the turn only.
  EXPECT_TRUE(aircraft_arrival_checked_in(TurnWindow::kEndOfTurn));
  EXPECT_FALSE(aircraft_arrival_checked_in(TurnWindow::kBetweenSequences));
  EXPECT_FALSE(aircraft_arrival_checked_in(TurnWindow::kPlotting));
}

TEST(RrAir, RR_AIR_02_FlightPathEntersAndLeavesByOppositeEdges) {
  std::vector<Vec2> across{{0, 10}, {40, 30}, {84, 50}};
  EXPECT_FALSE(flight_path_refusal(kTable, across, false));
  std::vector<Vec2> width_wise{{10, 0}, {30, 72}};
  EXPECT_FALSE(flight_path_refusal(kTable, width_wise, false));
  std::vector<Vec2> reversed{{84, 50}, {0, 10}};
  EXPECT_FALSE(flight_path_refusal(kTable, reversed, false));
  std::vector<Vec2> adjacent{{0, 10}, {40, 72}};
  ASSERT_TRUE(flight_path_refusal(kTable, adjacent, false));
  EXPECT_EQ(*flight_path_refusal(kTable, adjacent, false),
            "An aircraft's flight path must leave by the table edge opposite the one it entered by.");
  std::vector<Vec2> same_edge{{0, 10}, {40, 30}, {0, 50}};
  EXPECT_TRUE(flight_path_refusal(kTable, same_edge, false));
  std::vector<Vec2> starts_inside{{1, 10}, {84, 10}};
  EXPECT_TRUE(flight_path_refusal(kTable, starts_inside, false));
  std::vector<Vec2> stops_short{{0, 10}, {83.9, 10}};
  EXPECT_TRUE(flight_path_refusal(kTable, stops_short, false));
  std::vector<Vec2> off_table{{0, 10}, {40, 80}, {84, 10}};
  EXPECT_TRUE(flight_path_refusal(kTable, off_table, false));
  std::vector<Vec2> one_point{{0, 10}};
  EXPECT_TRUE(flight_path_refusal(kTable, one_point, false));
  // Helicopters enter on an edge and may circle.
  std::vector<Vec2> circling{{0, 10}, {40, 40}, {30, 30}, {40, 40}};
  EXPECT_FALSE(flight_path_refusal(kTable, circling, true));
  EXPECT_TRUE(flight_path_refusal(kTable, circling, false));
  std::vector<Vec2> heli_inside{{5, 10}, {40, 40}};
  EXPECT_TRUE(flight_path_refusal(kTable, heli_inside, true));
}

TEST(RrAir, RR_AIR_03_DogfightsCancelOneForOneAndTheLargerSideLosesItsBest) {
  std::vector<int> a{5, 9};
  std::vector<int> b{7};
  DogfightOutcome two_v_one = dogfight(a, b);
  EXPECT_EQ(two_v_one.removed_a, (std::vector<int>{1}));  // its best (rating 9)
  EXPECT_EQ(two_v_one.removed_b, (std::vector<int>{0}));
  DogfightOutcome one_v_two = dogfight(b, a);
  EXPECT_EQ(one_v_two.removed_a, (std::vector<int>{0}));
  EXPECT_EQ(one_v_two.removed_b, (std::vector<int>{1}));
  std::vector<int> equal{3, 3, 1};
  std::vector<int> pair{2, 2};
  DogfightOutcome tie = dogfight(equal, pair);
  EXPECT_EQ(tie.removed_a, (std::vector<int>{0, 1}));
  EXPECT_EQ(tie.removed_b, (std::vector<int>{0, 1}));
  std::vector<int> none;
  DogfightOutcome alone = dogfight(a, none);
  EXPECT_TRUE(alone.removed_a.empty());
  EXPECT_TRUE(alone.removed_b.empty());
}

TEST(RrAir, RR_AIR_04_AircraftActBetweenSequencesAndAreFiredOnDuringBoth) {
  for (TurnWindow w : {TurnWindow::kPlotting, TurnWindow::kFirstCommand, TurnWindow::kFirstSequence,
                       TurnWindow::kBetweenSequences, TurnWindow::kSecondCommand, TurnWindow::kSecondSequence,
                       TurnWindow::kEndOfTurn}) {
    EXPECT_EQ(aircraft_may_act_in(w), w == TurnWindow::kBetweenSequences);
    EXPECT_EQ(ground_may_fire_at_aircraft_in(w),
              w == TurnWindow::kFirstSequence || w == TurnWindow::kSecondSequence);
  }
}

TEST(RrAir, RR_AIR_05_AaHitChances) {
  EXPECT_EQ(aa_hit_chance(AaShooter::kSquad), 5);
  EXPECT_TRUE(aa_hits(AaShooter::kSquad, 1, 5));
  EXPECT_FALSE(aa_hits(AaShooter::kSquad, 1, 6));
  EXPECT_EQ(aa_hit_chance(AaShooter::kDedicatedHeavyMg), 20);
  EXPECT_TRUE(aa_hits(AaShooter::kDedicatedHeavyMg, 1, 20));
  EXPECT_FALSE(aa_hits(AaShooter::kDedicatedHeavyMg, 1, 21));
  EXPECT_EQ(aa_hit_chance(AaShooter::kDedicatedHeavyMg, 4), 80);
  EXPECT_TRUE(aa_hits(AaShooter::kDedicatedHeavyMg, 4, 80));
  EXPECT_FALSE(aa_hits(AaShooter::kDedicatedHeavyMg, 4, 81));
  EXPECT_EQ(aa_hit_chance(AaShooter::kDedicatedHeavyMg, 6), 100);
  EXPECT_EQ(aa_hit_chance(AaShooter::kAaGun), 50);
  EXPECT_TRUE(aa_hits(AaShooter::kAaGun, 1, 50));
  EXPECT_FALSE(aa_hits(AaShooter::kAaGun, 1, 51));
  EXPECT_EQ(aa_hit_chance(AaShooter::kSquad, 4), 5);  // barrels count only for the heavy MG
  EXPECT_THROW(aa_hit_chance(AaShooter::kDedicatedHeavyMg, 0), std::invalid_argument);
  EXPECT_THROW(aa_hits(AaShooter::kSquad, 1, 0), std::invalid_argument);
  EXPECT_THROW(aa_hits(AaShooter::kSquad, 1, 101), std::invalid_argument);
}

TEST(RrAir, RR_AIR_06_AaHitResults) {
  EXPECT_EQ(aa_hit_effect(0), AaHitEffect::kNoEffect);
  EXPECT_EQ(aa_hit_effect(1), AaHitEffect::kPilotKilled);
  EXPECT_EQ(aa_hit_effect(2), AaHitEffect::kOilLine);
  EXPECT_EQ(aa_hit_effect(3), AaHitEffect::kLocationPlus2);
  EXPECT_EQ(aa_hit_effect(4), AaHitEffect::kLocationPlus1);
  for (int face = 5; face <= 9; ++face) EXPECT_EQ(aa_hit_effect(face), AaHitEffect::kAirframeHit) << face;
  EXPECT_THROW(aa_hit_effect(10), std::invalid_argument);
  EXPECT_THROW(aa_hit_effect(-1), std::invalid_argument);

  AircraftDamage d;
  EXPECT_EQ(apply_aa_hit(d, 0), d);
  EXPECT_TRUE(can_attack(apply_aa_hit(d, 0)));
  EXPECT_TRUE(apply_aa_hit(d, 1).crashed);
  EXPECT_FALSE(can_attack(apply_aa_hit(d, 1)));
  EXPECT_TRUE(apply_aa_hit(d, 2).leaves_end_of_phase);
  EXPECT_FALSE(can_attack(apply_aa_hit(d, 2)));
  EXPECT_EQ(apply_aa_hit(d, 3).location_modifier, 2);
  EXPECT_EQ(apply_aa_hit(d, 4).location_modifier, 1);
  for (int i = 0; i < 3; ++i) d = apply_aa_hit(d, 5 + i);
  EXPECT_EQ(d.airframe_hits, 3);
  EXPECT_FALSE(d.forced_off);  // three hits: still flying
  EXPECT_TRUE(can_attack(d));
  d = apply_aa_hit(d, 9);
  EXPECT_EQ(d.airframe_hits, 4);
  EXPECT_TRUE(d.forced_off);  // the fourth forces it off
  EXPECT_FALSE(can_attack(d));
}

TEST(RrAir, RR_AIR_07_TargetsWithin12InchesOfThePathString) {
  std::vector<Vec2> path{{0, 10}, {40, 10}, {84, 50}};
  EXPECT_DOUBLE_EQ(distance_to_path(path, Vec2{20, 22}), 12);
  EXPECT_TRUE(eligible_air_target(path, Vec2{20, 22}));
  EXPECT_FALSE(eligible_air_target(path, Vec2{20, 22.01}));
  EXPECT_TRUE(eligible_air_target(path, Vec2{20, 0}));  // either side of the string
  // Near the bend the nearest leg counts: 12" straight past the corner.
  EXPECT_TRUE(eligible_air_target(path, Vec2{40, -2}));
  EXPECT_FALSE(eligible_air_target(path, Vec2{40, -2.01}));
  // Stands: their nearest edge.
  UnitStands near{geom::axis_rectangle(19.5, 22, 20.5, 23)};
  UnitStands far{geom::axis_rectangle(19.5, 22.01, 20.5, 23)};
  EXPECT_TRUE(eligible_air_target(path, near));
  EXPECT_FALSE(eligible_air_target(path, far));
  UnitStands mixed{geom::axis_rectangle(60, 70, 61, 71), geom::axis_rectangle(19.5, 22, 20.5, 23)};
  EXPECT_TRUE(eligible_air_target(path, mixed));
  EXPECT_EQ(distance_to_path(path, geom::axis_rectangle(10, 9, 11, 11)), 0);  // the string crosses it
  EXPECT_EQ(distance_to_path(path, geom::axis_rectangle(0, 0, 84, 72)), 0);
  std::vector<Vec2> empty;
  EXPECT_THROW(distance_to_path(empty, Vec2{0, 0}), std::invalid_argument);

  // The impact point is diced as for artillery, "away from the firer" being the flight direction.
  Facing fly = flight_direction_near(path, Vec2{20, 20});
  EXPECT_EQ(fly.forward(), (Vec2{1, 0}));
  ImpactOutcome over = resolve_impact({20, 20}, fly, 5, 0, 3);
  EXPECT_NEAR(over.point.x, 23, 1e-12);
  EXPECT_NEAR(over.point.y, 20, 1e-12);
  Facing second_leg = flight_direction_near(path, Vec2{70, 30});
  EXPECT_NEAR(second_leg.forward().x, 44 / std::sqrt(44.0 * 44 + 40 * 40), 1e-12);
}

TEST(RrAir, RR_AIR_02_AHelicopterCirclesItsAimOnALoopThatSetsOffAlongItsHeading) {
  const std::vector<Vec2> loop = helicopter_loop({20, 20}, geom::Facing::from_degrees(90));  // heading east
  ASSERT_EQ(loop.size(), 12u);
  EXPECT_EQ(loop.back(), (Vec2{20, 20}));
  // The loop's centre is 3" to the heading's left (north of the aim): every point is 3" from it.
  for (const Vec2 p : loop) EXPECT_NEAR(geom::distance(p, Vec2{20, 23}), kHelicopterCircleRadius, 1e-9);
  EXPECT_GT(loop[0].x, 20);  // the first step is ahead of the aim
  EXPECT_NEAR(loop[5].x, 20, 1e-9);  // half way round: 6" north of the aim
  EXPECT_NEAR(loop[5].y, 26, 1e-9);
}

TEST(RrAir, RR_AIR_08_AttackLocationModifiers) {
  EXPECT_EQ(aircraft_kind_modifier(AircraftKind::kMediumBomber), 2);
  EXPECT_EQ(aircraft_kind_modifier(AircraftKind::kDiveBomber), -3);
  EXPECT_EQ(aircraft_kind_modifier(AircraftKind::kModern), -3);
  EXPECT_EQ(aircraft_kind_modifier(AircraftKind::kFighterBomber), 0);
  EXPECT_EQ(aircraft_kind_modifier(AircraftKind::kFighter), 0);
  EXPECT_EQ(aircraft_kind_modifier(AircraftKind::kHelicopter), 0);

  AircraftDamage hit3 = apply_aa_hit({}, 3);
  AircraftDamage hit4 = apply_aa_hit({}, 4);
  EXPECT_EQ(attack_location_modifier(AircraftKind::kFighterBomber, hit3), 2);
  EXPECT_EQ(attack_location_modifier(AircraftKind::kFighterBomber, hit4), 1);
  EXPECT_EQ(attack_location_modifier(AircraftKind::kMediumBomber, apply_aa_hit(hit3, 4)), 5);
  EXPECT_EQ(attack_location_modifier(AircraftKind::kDiveBomber, hit4), -2);

  // Fed to the impact roll: a 4 is on target unless AA damage pushes it to a drift.
  EXPECT_TRUE(read_impact_roll(4, attack_location_modifier(AircraftKind::kFighterBomber, {})).on_target);
  EXPECT_FALSE(read_impact_roll(4, attack_location_modifier(AircraftKind::kFighterBomber, hit4)).on_target);
  // A dive bomber's 7 is on target (4), its 8 drifts (5).
  EXPECT_TRUE(read_impact_roll(7, attack_location_modifier(AircraftKind::kDiveBomber, {})).on_target);
  EXPECT_FALSE(read_impact_roll(8, attack_location_modifier(AircraftKind::kDiveBomber, {})).on_target);
  // A medium bomber's 2 is on target (4), its 3 drifts (5); its 9 counts as 0 (11).
  EXPECT_TRUE(read_impact_roll(2, attack_location_modifier(AircraftKind::kMediumBomber, {})).on_target);
  EXPECT_FALSE(read_impact_roll(3, attack_location_modifier(AircraftKind::kMediumBomber, {})).on_target);
  EXPECT_EQ(read_impact_roll(9, attack_location_modifier(AircraftKind::kMediumBomber, {})).sector, 0);
}

TEST(RrAir, RR_AIR_09_AirTemplates) {
  EXPECT_EQ(air_template(AirAttack::kStrafing), StrikeTemplate::kD);
  EXPECT_EQ(air_template(AirAttack::kDiveBombing), StrikeTemplate::kD);
  EXPECT_EQ(air_template(AirAttack::kFighterBomber), StrikeTemplate::kD);
  EXPECT_EQ(air_template(AirAttack::kRockets), StrikeTemplate::kC);
  EXPECT_EQ(air_template(AirAttack::kNapalm), StrikeTemplate::kC);
  EXPECT_EQ(air_template(AirAttack::kMediumBombing), StrikeTemplate::kB);
  // The bombers' templates are the artillery ones (RR-AIR-07): B is the 10" x 6" rectangle.
  PlacedTemplate bombs{air_template(AirAttack::kMediumBombing), {40, 40}, Facing::from_degrees(90)};
  EXPECT_TRUE(under_template(bombs, Vec2{45, 43}));
  EXPECT_FALSE(under_template(bombs, Vec2{45.01, 43}));
}

TEST(RrAir, GAP_RR_ART_05_AirAttackColumns) {
  EXPECT_EQ(air_attack_band(AirAttack::kStrafing), (WeaponFfBand{21, 25}));
  EXPECT_EQ(air_attack_band(AirAttack::kFighterBomber), (WeaponFfBand{51, 55}));
  EXPECT_EQ(air_attack_band(AirAttack::kDiveBombing), (WeaponFfBand{51, 55}));
  EXPECT_EQ(air_attack_band(AirAttack::kRockets), (WeaponFfBand{51, 55}));
  EXPECT_EQ(air_attack_band(AirAttack::kNapalm), (WeaponFfBand{51, 55}));
  EXPECT_EQ(air_attack_band(AirAttack::kMediumBombing), (WeaponFfBand{61, kOpenFf}));
  static_assert(air_attack_forces_morale(AirAttack::kStrafing));
}

TEST(RrAir, RR_AIR_10_TargetsInAnyCoverAreBlindFire) {
  EXPECT_EQ(air_attack_blind_fire_left(Cover::kOpen), 0);
  for (Cover c : {Cover::kClass1, Cover::kClass2, Cover::kClass3, Cover::kClass4}) {
    EXPECT_EQ(air_attack_blind_fire_left(c), 3);
  }
}

}  // namespace
}  // namespace sandtable::rr
