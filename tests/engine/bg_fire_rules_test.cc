// Battleground shooting rules not covered elsewhere: declaration modes, no opportunity fire,
// range measurement, units in buildings, passengers, smoke, vehicle weapons, ranges and grades,
// removal effects and terrain defaults (BG-CARD-13/14, BG-FIRE-09/14, BG-TER-01/05/09/11,
// BG-LOS-07, BG-VEH-04/07/09/15/16, BG-DMG-04).
#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {
namespace {

TG axis_card(const Sc& sc, pb::Card c) {
  TG t(sc.s);
  t.draw(c);
  return t;
}

pb::Command volley(std::vector<std::pair<std::string, std::string>> shots) {
  BgOrder c = shoot_cmd("axis", shots[0].first, shots[0].second);
  for (std::size_t i = 1; i < shots.size(); ++i) {
    auto* x = c.mutable_bg()->mutable_shoot()->add_also();
    x->set_unit_id(shots[i].first);
    x->add_shots()->set_target_id(shots[i].second);
  }
  return c;
}

int attacks(const Outcome& o) {
  int n = 0;
  for (const auto& e : o.events) n += has_bg(e) && bg_of(e).has_attack();
  return n;
}

Sc two_on_two() {
  Sc sc;
  sc.inf(0, "a1", 4, 10, 10);
  sc.inf(0, "a2", 4, 20, 10);
  sc.inf(0, "a3", 4, 30, 10);
  sc.inf(1, "e1", 4, 10, 18, 1, 0, "C", 180);
  sc.inf(1, "e2", 4, 20, 18, 1, 0, "C", 180);
  return sc;
}

// BG-CARD-14 (a): with "declare_all" every shot of the action is declared in one order, all
// checked first, then resolved in order; no unit may shoot later on that card.
TEST(BgFireRules, BG_CARD_14_DeclareAllShotsInOneOrder) {
  Sc sc = two_on_two();
  sc.option("bg.shot_declaration", "declare_all");
  TG t = axis_card(sc, card(C, 9));
  EXPECT_EQ(t.refused(volley({{"a1", "e1"}, {"a1", "e2"}})), "BG_SHOOTS_TWICE");
  EXPECT_EQ(t.refused(volley({{"a1", "e1"}, {"a2", "nobody"}})), "BG_NO_TARGET");  // all checked first
  EXPECT_EQ(t.st().units[0].shot_card, 0);                                           // nothing happened
  auto o = t.ok(volley({{"a1", "e1"}, {"a2", "e2"}}), {2, 2, 2, 2, 2, 2});
  EXPECT_EQ(attacks(o), 2);
  EXPECT_EQ(attack_of(o)->target_id(), "e1");  // in the declared order
  EXPECT_EQ(t.refused(shoot_cmd("axis", "a3", "e2")), "BG_SHOTS_DECLARED");
}

// BG-CARD-14 (b): the default declares and resolves one unit at a time; a list is refused.
TEST(BgFireRules, BG_CARD_14_OneAtATimeIsTheDefault) {
  TG t = axis_card(two_on_two(), card(C, 9));
  EXPECT_EQ(t.refused(volley({{"a1", "e1"}, {"a2", "e2"}})), "BG_DECLARE_ONE");
  t.ok(shoot_cmd("axis", "a1", "e1"), {2, 2, 2});
  t.ok(shoot_cmd("axis", "a2", "e2"), {2, 2, 2});  // declared after seeing the first result
}

// BG-CARD-13: no opportunity fire: a unit may walk past an enemy unharmed; only dice of the move.
TEST(BgFireRules, BG_CARD_13_NoOpportunityFire) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10, 1, 0, "C", 90);
  sc.inf(1, "e", 4, 14, 16, 1, 0, "C", 180);  // facing the path, 6" away
  TG t = axis_card(sc, card(S, 9));           // Axis move
  auto o = t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{16, 10}}, 90), {6});
  EXPECT_EQ(attacks(o), 0);
  for (const auto& e : o.events) EXPECT_LE(e.dice_size(), 1);
  EXPECT_EQ(alive(t.u("a")), 4);
}

// BG-FIRE-09: range is CoM to CoM, not nearest figures: a 4-figure row whose CoM is 12.5" away
// is out of 12" range although its nearest figure is 11" from the shooter's CoM.
TEST(BgFireRules, BG_FIRE_09_RangeFromCentreToCentre) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10, 1, 0, "C", 90);
  sc.inf(1, "e", 4, 22.5, 10, 1, 0, "C", 270);
  TG t = axis_card(sc, card(C, 9));
  EXPECT_EQ(t.refused(shoot_cmd("axis", "a", "e")), "BG_OUT_OF_RANGE");
  Sc near;
  near.inf(0, "a", 4, 10, 10, 1, 0, "C", 90);
  near.inf(1, "e", 4, 21.9, 10, 1, 0, "C", 270);
  TG t2 = axis_card(near, card(C, 9));
  auto o = t2.ok(shoot_cmd("axis", "a", "e"), {2, 2, 2});
  EXPECT_NEAR(attack_of(o)->range(), 11.9, 1e-9);
}

// BG-TER-09: a unit in a building is measured from the building's centre and shoots in any
// direction (no front restriction).
TEST(BgFireRules, BG_TER_09_BuildingCentreAndAnyDirection) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "e", 4, 10, 21.5, 1, 0, "C", 0).add_attributes("building=h");  // faces away
  sc.area("building", "h", 8, 21, 12, 25);  // centre (10, 23): 13" from the shooter
  TG t = axis_card(sc, card(C, 9));
  EXPECT_EQ(t.refused(shoot_cmd("axis", "a", "e")), "BG_OUT_OF_RANGE");  // CoM 11.5", centre 13"

  Sc back;
  back.inf(0, "a", 4, 10, 15, 1, 0, "C", 0).add_attributes("building=h");  // faces north
  back.area("building", "h", 8, 13, 12, 17);
  back.inf(1, "e", 4, 10, 6, 1, 0, "C", 0);  // behind it, south
  TG t2 = axis_card(back, card(C, 9));
  auto o = t2.ok(shoot_cmd("axis", "a", "e"), {2, 2, 2});
  EXPECT_NEAR(attack_of(o)->range(), 9.0, 1e-9);  // from the building centre (10, 15)
}

// BG-FIRE-14: passengers may not shoot unless the scenario allows it; then one grade lower.
TEST(BgFireRules, BG_FIRE_14_PassengersShootOneGradeLowerIfAllowed) {
  auto setup = [](bool allowed) {
    Sc sc;
    sc.vehicle(0, "truck", "truck", 10, 10, 0);
    auto& p = sc.inf(0, "p", 4, 10, 10);
    p.set_towed_by("truck");
    if (allowed) p.add_attributes("passengers_may_shoot");
    sc.inf(1, "e", 4, 10, 18, 1, 0, "C", 180);
    return sc;
  };
  TG t = axis_card(setup(false), card(C, 9));
  EXPECT_EQ(t.refused(shoot_cmd("axis", "p", "e")), "BG_PASSENGER");
  TG t2 = axis_card(setup(true), card(C, 9));
  auto o = t2.ok(shoot_cmd("axis", "p", "e"), {5, 5, 5});
  EXPECT_EQ(attack_of(o)->grade(), "D");  // C shooters one grade lower: 5s miss
  EXPECT_EQ(attack_of(o)->hits(), 0);
}

// BG-LOS-07 / BG-SMK-04: no one may fire through smoke.
TEST(BgFireRules, BG_LOS_07_NoShotThroughSmoke) {
  Sc sc;
  sc.inf(0, "a1", 4, 10, 10).add_attributes("smoke");
  sc.inf(0, "a2", 4, 14, 10);
  sc.inf(1, "b1", 4, 10, 21, 1, 0, "C", 180);
  TG t = axis_card(sc, card(C, 3));
  BgOrder smoke = cmd("axis");
  auto* s = smoke.mutable_bg()->mutable_lay_smoke();
  s->set_unit_id("a1");
  *s->mutable_a() = pt(7, 15);
  *s->mutable_b() = pt(13, 15);
  t.ok(smoke);
  EXPECT_EQ(t.refused(shoot_cmd("axis", "a2", "b1")), "BG_NO_LOS");
}

// BG-VEH-07: vehicle MG 12", light gun 18", heavy gun 24". BG-VEH-04: an MG rolls 2 white dice.
TEST(BgFireRules, BG_VEH_04_07_WeaponRangesAndDice) {
  Sc sc;
  sc.vehicle(0, "t", "medium_tank", 10, 10, 0);
  sc.vehicle(0, "l", "light_tank", 30, 10, 0);
  sc.inf(1, "near", 4, 10, 21.5, 1, 0, "C", 180);  // 11.5" from t
  sc.inf(1, "mid", 4, 30, 27.5, 1, 0, "C", 180);   // 17.5" from l
  sc.inf(1, "far", 4, 20, 31.5, 1, 0, "C", 180);   // 23.7" from t, 23.7" from l
  TG t = axis_card(sc, card(C, 9));
  EXPECT_EQ(t.refused(shoot_cmd("axis", "t", "far", "mg2")), "BG_OUT_OF_RANGE");
  EXPECT_EQ(t.refused(shoot_cmd("axis", "l", "far", "light_gun2")), "BG_OUT_OF_RANGE");
  auto o = t.ok(shoot_cmd("axis", "t", "near", "mg2"), {2, 2});
  EXPECT_EQ(attack_of(o)->white(), 2);
  EXPECT_EQ(attack_of(o)->blue(), 0);
  t.ok(shoot_cmd("axis", "l", "mid", "light_gun2"), {2, 2, 2, 2, 2, 2});
  TG t2 = axis_card(sc, card(C, 9));
  t2.ok(shoot_cmd("axis", "t", "far", "heavy_gun3"), {2, 2, 2, 2, 2, 2});
}

// BG-VEH-09: vehicles have a grade like infantry: a crack (B) crew hits on 4s, C on 5s.
TEST(BgFireRules, BG_VEH_09_VehicleGrade) {
  Sc sc;
  sc.vehicle(0, "crack", "medium_tank", 10, 10, 0, "B");
  sc.vehicle(0, "green", "medium_tank", 30, 10, 0);
  sc.inf(1, "e1", 4, 10, 18, 1, 0, "C", 180);
  sc.inf(1, "e2", 4, 30, 18, 1, 0, "C", 180);
  TG t = axis_card(sc, card(C, 9));
  auto o = t.ok(shoot_cmd("axis", "crack", "e1", "mg2"), {4, 4, 2, 2});  // two casualty picks
  EXPECT_EQ(attack_of(o)->grade(), "B");
  EXPECT_EQ(attack_of(o)->hits(), 2);
  o = t.ok(shoot_cmd("axis", "green", "e2", "mg2"), {4, 4});
  EXPECT_EQ(attack_of(o)->grade(), "C");
  EXPECT_EQ(attack_of(o)->hits(), 0);
}

// BG-DMG-04 / BG-UNIT-05: after casualties the unit's standing is re-evaluated: a 3-figure unit
// reduced to 2 is non-standing and may no longer shoot.
TEST(BgFireRules, BG_DMG_04_NonStandingAfterCasualties) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10);
  sc.inf(1, "e", 3, 10, 18, 0, 0, "C", 180);  // three rifles, no leader
  TG t = axis_card(sc, card(C, 9));
  // 5 white: 6 2 2 2 2 -> one hit; casualty pick d6 1 -> e-f0.
  auto o = t.ok(shoot_cmd("axis", "a", "e"), {6, 2, 2, 2, 2, 1});
  ASSERT_NE(casualties_of(o), nullptr);
  EXPECT_EQ(alive(t.u("e")), 2);
  t.draw(card(H, 9), "allies");  // (the Axis card closed: its only unit has shot)  // Allied shoot
  EXPECT_EQ(t.refused(shoot_cmd("allies", "e", "a")), "BG_NON_STANDING");
}

// BG-TER-01: open ground is clear terrain: no red dice.
TEST(BgFireRules, BG_TER_01_ClearTerrainGivesNoRedDice) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "e", 4, 10, 18, 1, 0, "C", 180);
  TG t = axis_card(sc, card(C, 9));
  auto o = t.ok(shoot_cmd("axis", "a", "e"), {2, 2, 2});
  EXPECT_EQ(attack_of(o)->red(), 0);
}

// BG-TER-05: special scenario terrain: a shale beach costs three times the distance and allows
// no digging in.
TEST(BgFireRules, BG_TER_05_ShaleBeach) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.area("shale_beach", "beach", 0, 0, 60, 20);
  TG t = axis_card(sc, card(S, 9));
  EXPECT_EQ(t.refused(move("axis", "a", pb::BG_MOVE_DIG_IN, {})), "BG_NO_DIGGING");
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 19}}), {6});
  EXPECT_NEAR(t.u("a").position.y, 12.0, 1e-9);  // 6" of allowance = 2" of beach
}

// BG-TER-11: building spacing is advice to scenario designers, not enforced: houses 2" apart
// are accepted.
TEST(BgFireRules, BG_TER_11_BuildingSpacingNotEnforced) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.area("building", "h1", 20, 20, 23, 23);
  sc.area("building", "h2", 25, 20, 28, 23);
  TG t(sc.s);
  EXPECT_EQ(t.st().terrain.size(), 2u);
}

// Allied truck (unarmoured, 1 red) carrying a 4-figure unit, shot by an 8-figure Axis unit.
Sc truck_with_passengers() {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10);
  sc.vehicle(1, "truck", "truck", 10, 18, 180);
  sc.inf(1, "p", 4, 10, 18).set_towed_by("truck");
  return sc;
}

// BG-VEH-15 / BG-VEH-16: destroyed with passengers aboard: the crew is simply lost (no crew
// figures appear) and each passenger dies on 1-2; the survivors are set down by the hull.
TEST(BgFireRules, BG_VEH_15_16_DestroyedTruckPassengers) {
  TG t = axis_card(truck_with_passengers(), card(C, 9));
  const std::size_t units = t.st().units.size();
  // 5 white 6 6 6 2 2, 1 red 2 -> net 3; damage D6 4: 4 + 3 = 7 destroys; passengers 1 2 3 6.
  auto o = t.ok(shoot_cmd("axis", "a", "truck"), {6, 6, 6, 2, 2, 2, 4, 1, 2, 3, 6});
  EXPECT_EQ(attack_of(o)->net(), 3);
  EXPECT_TRUE(t.u("truck").destroyed);
  EXPECT_EQ(t.st().units.size(), units);
  for (const auto& u : t.st().units) {
    for (const auto& f : u.figures) EXPECT_NE(f.kind, bg::FigureKind::kCrew) << f.id;
  }
  EXPECT_EQ(alive(t.u("p")), 2);
  EXPECT_FALSE(t.u("p").figures[0].alive);
  EXPECT_FALSE(t.u("p").figures[1].alive);
  EXPECT_TRUE(t.u("p").carried_by.empty());
}

// BG-VEH-16: damaged but not destroyed: each passenger dies only on a 1.
TEST(BgFireRules, BG_VEH_16_DamagedTruckPassengers) {
  TG t = axis_card(truck_with_passengers(), card(C, 9));
  // net 3; damage D6 1: 1 + 3 = 4, second D6 3 -> half weapons; passengers 1 2 2 2.
  t.ok(shoot_cmd("axis", "a", "truck"), {6, 6, 6, 2, 2, 2, 1, 3, 1, 2, 2, 2});
  EXPECT_FALSE(t.u("truck").destroyed);
  EXPECT_EQ(alive(t.u("p")), 3);
  EXPECT_EQ(t.u("p").carried_by, "truck");
}

// BG-DMG-02: a leader and a heavy weapon saved with both rifles dying instead leave only the two
// special figures for the third hit: one of them dies (found by the fuzzer: the choice list ran
// empty).
TEST(BgFireRules, BG_DMG_02_ThirdHitAfterTwoSavesKillsASpecialFigure) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10);
  sc.inf(1, "e", 4, 10, 18, 1, 1, "C", 180);  // e-f0 leader, e-f1 heavy weapon, e-f2/e-f3 rifles
  TG t = axis_card(sc, card(C, 9));
  // 5 white 6 6 6 2 2 -> 3 hits. Hit 1: pick 1 (e-f0), save 6, instead pick 1 of 2 rifles (e-f2).
  // Hit 2: pick 1 of {e-f1, e-f3} (e-f1), save 6, e-f3 dies instead. Hit 3: pick 2 of the
  // two special figures -> e-f1 dies.
  auto o = t.ok(shoot_cmd("axis", "a", "e"), {6, 6, 6, 2, 2, 1, 6, 1, 1, 6, 2});
  ASSERT_NE(casualties_of(o), nullptr);
  EXPECT_EQ(casualties_of(o)->killed_size(), 3);
  EXPECT_EQ(alive(t.u("e")), 1);
  EXPECT_TRUE(t.u("e").figures[0].alive);
}

}  // namespace
}  // namespace sandtable::bgtest
