// Battleground charges: the test, the defender's option, fleeing, the distance roll and the
// continued charge (BG-MEL-01..04, BG-MEL-12..14, BG-MEL-17/18, BG-DX-11).
#include "tests/engine/bg_melee_test_util.h"

namespace sandtable::bgtest {
namespace {

using bg::com;

// Axis unit "a" (n figures, 1 leader) at (10, 10) facing north; Allied "e" (m figures) 10" north
// facing south (face to face: no flank, not from behind).
Sc face_to_face(int n, int m, int a_leaders = 1, int e_leaders = 1) {
  Sc sc;
  sc.inf(0, "a", n, 10, 10, a_leaders);
  sc.inf(1, "e", m, 10, 20, e_leaders, 0, "C", 180);
  return sc;
}

// An Axis move card with the Allies still owed both of their cards (the option is offered).
TG axis_moving(const Sc& sc) {
  TG t(sc.s);
  t.draw(card(S, 9));
  return t;
}

const pb::BgChargeDeclared* declared(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_charge_declared(); });
  return e ? &e->charge_declared() : nullptr;
}
const pb::BgChargeMoved* charge_moved(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_charge_moved(); });
  return e ? &e->charge_moved() : nullptr;
}

// BG-DX-11 / BG-MEL-01: 6 charging 5 needs one net hit (one 5 among four white dice passes).
TEST(BgMeleeCharge, DX11SixChargingFiveNeedsOneNetHit) {
  TG t = axis_moving(face_to_face(6, 5));
  // White = ceil(6/2) + 1 leader = 4 (BG-FIRE-07); one 5 = one hit, no 1s.
  auto o = t.ok(charge("axis", "a", "e"), {5, 2, 3, 4});
  ASSERT_NE(declared(o), nullptr);
  EXPECT_EQ(declared(o)->needed(), 1);
  EXPECT_TRUE(declared(o)->passed());
  EXPECT_EQ(t.st().decisions.size(), 1u);  // BG-MEL-12: the defender is asked first
}

// BG-DX-11 / BG-MEL-01: 5 charging 5 needs two net hits; one is a failure and it does not move.
TEST(BgMeleeCharge, DX11FiveChargingFiveNeedsTwoAndFailureDoesNotMove) {
  TG t = axis_moving(face_to_face(5, 5));
  const geom::Vec2 before = com(t.u("a"));
  auto o = t.ok(charge("axis", "a", "e"), {5, 2, 3, 4});
  EXPECT_EQ(declared(o)->needed(), 2);
  EXPECT_FALSE(declared(o)->passed());
  EXPECT_TRUE(t.st().decisions.empty());
  EXPECT_NEAR(geom::distance(com(t.u("a")), before), 0.0, 1e-9);
  // The failed charge was its move on this card (BG-CARD-03): its only unit has acted.
  EXPECT_EQ(t.u("a").moved_card, t.st().action.serial);
  EXPECT_EQ(t.st().action.side, -1);
}

// BG-DX-11 / BG-MEL-02: 3 may not charge 7 (3 < 7/2).
TEST(BgMeleeCharge, DX11ThreeMayNotChargeSeven) {
  TG t = axis_moving(face_to_face(3, 7));
  EXPECT_EQ(t.refused(charge("axis", "a", "e")), "BG_TOO_FEW_TO_CHARGE");
}

// BG-MEL-02: non-standing units (3 figures, no leader or HW) never charge.
TEST(BgMeleeCharge, NonStandingMayNotCharge) {
  TG t = axis_moving(face_to_face(3, 4, 0));
  EXPECT_EQ(t.refused(charge("axis", "a", "e")), "BG_NON_STANDING");
}

// GAP-BG-MEL-01: the test includes the ran penalty (C that ran hits on 6 only).
TEST(BgMeleeCharge, TestUsesTheRanPenalty) {
  TG t = axis_moving(face_to_face(6, 5));
  t.ok(move("axis", "a", pb::BG_MOVE_RUN, {{10, 11}}), {1, 1});
  t.draw(card(S, 1));  // ace later: one more move for "a"
  auto o = t.ok(charge("axis", "a", "e"), {5, 5, 5, 5});
  EXPECT_FALSE(declared(o)->passed());  // fives do not hit one grade lower
}

// GAP-BG-MEL-01 with BG-VEH-02: the charge test is a shooting roll in all but damage, so 8
// infantry with no HW charging a medium tank (armour 4, from its front: no flank die) have their
// net hits halved, rounded down: white 5 (ceil(8/2) + leader), red 4; two hits make net 2,
// halved to 1, which passes (8 > 0 needs 1); one hit is halved to 0 and fails. With a HW in the
// unit nothing is halved and one net hit passes.
TEST(BgMeleeCharge, GapMel01TestHalvedAgainstArmourWithoutHeavyWeapon) {
  auto game = [](int hws) {
    Sc sc;
    sc.inf(0, "a", 8, 10, 10, 1, hws);
    sc.vehicle(1, "v", "medium_tank", 10, 20, 180);
    TG t(sc.s);
    t.draw(card(S, 9));
    return t;
  };
  auto test_of = [](const Outcome& o) {
    return TG::find(o, [](const pb::BgEvent& b) { return b.has_attack() && b.attack().purpose() == "charge test"; });
  };
  {
    TG t = game(0);
    auto o = t.ok(charge("axis", "a", "v"), {5, 2, 2, 2, 2, 2, 2, 2, 2});
    const auto* a = test_of(o);
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->attack().white(), 5);
    EXPECT_EQ(a->attack().blue(), 0);
    EXPECT_EQ(a->attack().red(), 4);
    EXPECT_EQ(a->attack().hits(), 1);
    EXPECT_TRUE(a->attack().halved());
    EXPECT_EQ(a->attack().net(), 0);  // 1 halved, rounded down
    EXPECT_EQ(declared(o)->needed(), 1);
    EXPECT_FALSE(declared(o)->passed());
  }
  {
    TG t = game(0);
    auto o = t.ok(charge("axis", "a", "v"), {5, 6, 2, 2, 2, 2, 2, 2, 2});
    EXPECT_EQ(test_of(o)->attack().net(), 1);  // 2 halved
    EXPECT_TRUE(declared(o)->passed());
  }
  {
    TG t = game(1);  // one HW: a blue die and no halving
    auto o = t.ok(charge("axis", "a", "v"), {5, 2, 2, 2, 2, 2, 2, 2, 2, 2});
    const auto* a = test_of(o);
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->attack().blue(), 1);
    EXPECT_FALSE(a->attack().halved());
    EXPECT_EQ(a->attack().net(), 1);
    EXPECT_TRUE(declared(o)->passed());
  }
}

// BG-MOVE-13 with BG-MEL-07: a dug-in unit has no front or rear. Charged from behind, an
// ordinary unit gives the flank blue die in the test and the attackers' first-round +1; dug in,
// neither: the charge is not "from behind", the test has no blue die, and in the first round
// the attacking rifles fight at +0 while the defenders have the dug-in +1.
TEST(BgMeleeCharge, DugInDefenderIsNeverChargedFromBehind) {
  auto game = [](bool dug_in) {
    Sc sc;
    sc.option("bg.melee_pairing", "listed");  // the listed pairs (chosen pairs: BgMeleeChoice)
    sc.inf(0, "a", 6, 10, 10, 1);
    auto& e = sc.inf(1, "e", 4, 10, 20, 1, 0, "C", 0);  // facing away from "a"
    if (dug_in) e.add_attributes("dug_in");
    TG t(sc.s);
    t.draw(card(S, 9));
    return t;
  };
  for (bool dug_in : {false, true}) {
    SCOPED_TRACE(dug_in ? "dug in" : "in the open");
    TG t = game(dug_in);
    // White ceil(6/2) + 1 = 4; blue 1 from the rear unless dug in; red 1 when dug in.
    const std::vector<int> test{5, 5, 2, 2, 2};  // the fifth die is blue (open) or red (dug in)
    auto o = t.ok(charge("axis", "a", "e"), test);
    const auto* a = TG::find(o, [](const pb::BgEvent& b) { return b.has_attack(); });
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->attack().blue(), dug_in ? 0 : 1);
    EXPECT_EQ(a->attack().red(), dug_in ? 1 : 0);
    EXPECT_EQ(a->attack().flank(), !dug_in);
    ASSERT_TRUE(declared(o)->passed());
    auto m = t.ok(answer(t, "allies", "none"), {6, 6, 6});  // 18 reaches (CoM to CoM 10.17)
    ASSERT_NE(charge_moved(m), nullptr);
    ASSERT_TRUE(charge_moved(m)->reached());
    EXPECT_EQ(charge_moved(m)->from_behind(), !dug_in);
    ASSERT_EQ(t.st().melees.size(), 1u);
    ASSERT_EQ(t.st().melees[0].from_behind.size(), 1u);
    EXPECT_EQ(t.st().melees[0].from_behind[0], !dug_in);
    t.draw(make_joker(1));
    ASSERT_EQ(t.st().phase, bg::Phase::kMelee);
    // Four pairs, attacker 6 against defender 1: the rifle pair shows the modifiers.
    auto f = t.ok(fight("axis", t.st().melees[0].id), {6, 1, 6, 1, 6, 1, 6, 1});
    const auto* r = TG::find(f, [](const pb::BgEvent& b) { return b.has_melee_round(); });
    ASSERT_NE(r, nullptr);
    ASSERT_GE(r->melee_round().pairs_size(), 2);
    EXPECT_EQ(r->melee_round().pairs(1).mod_a(), dug_in ? 0 : 1);  // from behind +1
    EXPECT_EQ(r->melee_round().pairs(1).mod_b(), dug_in ? 1 : 0);  // dug in +1
    EXPECT_EQ(r->melee_round().pairs(0).mod_a(), dug_in ? 1 : 2);  // leader (+ from behind)
  }
}

// BG-MEL-12: the choices are the cards the defender's side has not had; the Game blocks other
// orders until the answer; "none" then rolls 3D6 and a charge reaching the CoM marks a melee
// (BG-MEL-03: distance CoM to CoM <= roll; BG-MEL-04 marker).
TEST(BgMeleeCharge, DefenderStandsAndTheChargeReachesExactly) {
  TG t = axis_moving(face_to_face(8, 4));
  t.ok(charge("axis", "a", "e"), {5, 2, 3, 4, 2});
  ASSERT_EQ(t.st().decisions.size(), 1u);
  const auto& d = t.st().decisions.front();
  EXPECT_EQ(d.seat(), "allies");
  EXPECT_EQ(d.rule_id(), "BG-MEL-12");
  ASSERT_EQ(d.choices_size(), 3);
  EXPECT_EQ(d.choices(1).id(), "move");
  EXPECT_EQ(d.choices(2).id(), "shoot");
  BgOrder other = cmd("axis");
  other.mutable_bg()->mutable_end_action();
  EXPECT_EQ(t.refused(other), "DECISION_PENDING");
  ASSERT_NEAR(geom::distance(com(t.u("a")), com(t.u("e"))), 10.0, 1e-9);
  auto o = t.ok(answer(t, "allies", "none"), {4, 3, 3});  // exactly 10: within reach
  ASSERT_NE(charge_moved(o), nullptr);
  EXPECT_EQ(charge_moved(o)->roll(), 10);
  EXPECT_TRUE(charge_moved(o)->reached());
  EXPECT_FALSE(charge_moved(o)->from_behind());
  ASSERT_EQ(t.st().melees.size(), 1u);
  EXPECT_EQ(t.st().melees[0].attackers, std::vector<std::string>{"a"});
  EXPECT_EQ(t.st().melees[0].defenders, std::vector<std::string>{"e"});
  EXPECT_TRUE(t.u("a").markers.melee);
  EXPECT_TRUE(t.u("e").markers.melee);
  EXPECT_FALSE(t.st().charge.has_value());
}

// BG-MEL-03: a roll short of the CoM distance stops short (moved the full roll), no melee;
// BG-MEL-18: an ace move later that turn continues it with a new distance roll and no test.
TEST(BgMeleeCharge, ShortChargeStopsAndContinuesOnAnAce) {
  TG t = axis_moving(face_to_face(8, 4));
  t.ok(charge("axis", "a", "e"), {5, 2, 3, 4, 2});
  auto o = t.ok(answer(t, "allies", "none"), {2, 2, 2});  // 6 < 10: the full 6" toward it
  EXPECT_FALSE(charge_moved(o)->reached());
  EXPECT_TRUE(t.st().melees.empty());
  EXPECT_NEAR(geom::distance(com(t.u("a")), com(t.u("e"))), 4.0, 1e-9);
  EXPECT_EQ(t.u("a").charge_short_of, "e");
  t.draw(card(S, 1));  // ace after another spade: one Axis unit moves again
  auto o2 = t.ok(charge("axis", "a", "e"), {1, 1, 2});  // distance dice only: 4 >= 4
  EXPECT_EQ(declared(o2), nullptr);                      // no new test
  ASSERT_NE(charge_moved(o2), nullptr);
  EXPECT_TRUE(charge_moved(o2)->continued());
  EXPECT_TRUE(charge_moved(o2)->reached());
  EXPECT_EQ(t.st().melees.size(), 1u);
}

// BG-MEL-14: the defender that moves flees 2D6 straight away (even dug in: digging out is free);
// the charger then rolls for the new distance.
TEST(BgMeleeCharge, DefenderFleesTwoDiceAwayThenTheChargeRolls) {
  Sc sc = face_to_face(8, 4);
  sc.s.mutable_sides(1)->mutable_units(0)->add_attributes("dug_in");
  TG t = axis_moving(sc);
  t.ok(charge("axis", "a", "e"), {5, 2, 3, 4, 2, 6});  // 5 white + 1 red (dug in): 6, no cancel
  const geom::Vec2 before = com(t.u("e"));
  t.ok(answer(t, "allies", "move"), {3, 4});  // BG-MEL-14: the 2D6 at once, then its player's way
  auto o = t.ok(answer(t, "allies", "straight"), {6, 6, 4});
  EXPECT_NEAR(com(t.u("e")).y - before.y, 7.0, 1e-9);
  EXPECT_NEAR(com(t.u("e")).x, before.x, 1e-9);
  EXPECT_FALSE(t.u("e").markers.dug_in);
  EXPECT_EQ(charge_moved(o)->roll(), 16);
  EXPECT_FALSE(charge_moved(o)->reached());  // 16 < 17
}

// BG-MEL-12: a side that has had both its cards this turn has no option: the distance is rolled
// at once.
TEST(BgMeleeCharge, NoOptionWhenTheDefenderHadBothCards) {
  TG t(face_to_face(8, 4).s);
  t.draw(card(D, 5));
  t.end_action("allies");
  t.draw(card(H, 5));
  t.end_action("allies");
  t.draw(card(S, 9));
  auto o = t.ok(charge("axis", "a", "e"), {5, 2, 3, 4, 2, 6, 6, 6});
  EXPECT_TRUE(t.st().decisions.empty());
  ASSERT_NE(charge_moved(o), nullptr);
  EXPECT_EQ(charge_moved(o)->roll(), 18);
  EXPECT_TRUE(charge_moved(o)->reached());
}

// BG-MEL-17: mounted cavalry charge 4D6 (and test one grade lower, BG-CAV-02).
TEST(BgMeleeCharge, CavalryChargeIsFourDice) {
  Sc sc;
  sc.inf(0, "c", 4, 10, 10, 0, 0, "C", 0, "cavalry");
  sc.inf(1, "e", 4, 10, 20, 0, 0, "C", 180);
  TG t = axis_moving(sc);
  auto o = t.ok(charge("axis", "c", "e"), {6, 6});  // white 2; only 6s hit when mounted
  EXPECT_TRUE(declared(o)->passed());
  auto o2 = t.ok(answer(t, "allies", "none"), {3, 3, 3, 1});
  EXPECT_EQ(charge_moved(o2)->roll(), 10);
  EXPECT_TRUE(charge_moved(o2)->reached());
}

}  // namespace
}  // namespace sandtable::bgtest
