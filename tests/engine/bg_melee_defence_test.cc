// Battleground: the charged unit's defensive fire (BG-MEL-12/13). Answering "shoot" to the
// defender's option fires a real shooting attack at the charger, outside the card, before the
// distance roll.
#include "tests/engine/bg_fire_util.h"
#include "tests/engine/bg_melee_test_util.h"

namespace sandtable::bgtest {
namespace {

using bg::com;

const pb::BgChargeMoved* charge_moved(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_charge_moved(); });
  return e ? &e->charge_moved() : nullptr;
}

bool offers(const TG& t, const std::string& choice) {
  if (t.st().decisions.empty()) return false;
  for (const auto& c : t.st().decisions.front().choices()) {
    if (c.id() == choice) return true;
  }
  return false;
}

// Axis "a" (n figures, 1 leader) at (10, 10) facing north charges Allied "e" (m figures, 1
// leader) 10" north facing south, on an Axis move card (the Allies still owe both cards).
TG charge_passed(int n, int m, std::vector<int> test_dice, double e_facing = 180) {
  Sc sc;
  sc.inf(0, "a", n, 10, 10, 1);
  sc.inf(1, "e", m, 10, 20, 1, 0, "C", e_facing);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "e"), std::move(test_dice));
  return t;
}

// BG-MEL-12: "shoot" fires at the charger before the distance roll with the shooting rules:
// 4 figures with a leader roll ceil(4/2) + 1 = 3 white (BG-FIRE-07), no red in the open; two 5+
// kill two chargers (d8 picks among 8: the 2nd and 3rd figures, rifles, no saves). The shot is
// out of the card: it does not use up the defender's shooting on a later card.
TEST(BgMeleeDefence, ShootFiresAtTheChargerBeforeTheDistanceRoll) {
  TG t = charge_passed(8, 4, {5, 2, 3, 4, 2});  // 8 > 4: one net hit of 5 white passes
  ASSERT_TRUE(offers(t, "shoot"));
  // Dice: white 5, 6, 2; casualty picks d8 2 then d8 2 (of the 7 left); distance 6+6+6.
  TableDice td;
  for (int v : {5, 6, 2}) td.push(pb::DIE_KIND_D6, v);
  td.push(pb::DIE_KIND_D8, 2);
  td.push(pb::DIE_KIND_D8, 2);
  for (int v : {6, 6, 6}) td.push(pb::DIE_KIND_D6, v);
  Outcome o = t.g->execute(answer(t, "allies", "shoot"), &td);
  ASSERT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  const auto* a = attack_of(o);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->attacker_id(), "e");
  EXPECT_EQ(a->target_id(), "a");
  EXPECT_EQ(a->white(), 3);
  EXPECT_EQ(a->red(), 0);
  EXPECT_EQ(a->net(), 2);
  const auto* c = casualties_of(o);
  ASSERT_NE(c, nullptr);
  ASSERT_EQ(c->killed_size(), 2);
  EXPECT_EQ(c->killed(0), "a-f1");
  EXPECT_EQ(c->killed(1), "a-f2");
  EXPECT_EQ(t.u("a").living_fighters(), 6);
  // The shot comes before the distance roll (event order), and the charge then goes on.
  int attack_at = -1, moved_at = -1;
  for (int i = 0; i < static_cast<int>(o.events.size()); ++i) {
    if (bg_of(o.events[i]).has_attack()) attack_at = i;
    if (bg_of(o.events[i]).has_charge_moved()) moved_at = i;
  }
  EXPECT_LT(attack_at, moved_at);
  ASSERT_NE(charge_moved(o), nullptr);
  EXPECT_EQ(charge_moved(o)->roll(), 18);
  EXPECT_TRUE(charge_moved(o)->reached());
  EXPECT_EQ(t.u("e").shot_card, 0);  // no card used up (out-of-card action)
}

// BG-MEL-13: fire that leaves the charger below the usual size requirement (3 < 8/2) does not
// stop the charge: 5 (leader) charge 8; 5 white (8 figures + leader) hit twice; 3 figures with a
// leader are still standing; 6+6+6 reaches.
TEST(BgMeleeDefence, ChargerBelowTheSizeRequirementStillCharges) {
  TG t = charge_passed(5, 8, {5, 5, 2, 3});  // 5 <= 8: two net hits of 4 white
  ASSERT_TRUE(offers(t, "shoot"));
  // White 5,5,2,3,4: two hits; picks (d6, re-rolled above 5 then 4): 2 -> a-f1, 2 -> a-f2.
  auto o = t.ok(answer(t, "allies", "shoot"), {5, 5, 2, 3, 4, 2, 2, 6, 6, 6});
  EXPECT_EQ(t.u("a").living_fighters(), 3);
  EXPECT_FALSE(bg::non_standing(t.u("a")));
  ASSERT_NE(charge_moved(o), nullptr);
  EXPECT_TRUE(charge_moved(o)->reached());
  ASSERT_EQ(t.st().melees.size(), 1u);
}

// BG-MEL-13: fire that makes the charger non-standing makes it stop 6" short of the target,
// whatever it rolls: 4 (leader) charge 4; 3 white hit 3 times, leaving the leader alone.
TEST(BgMeleeDefence, NonStandingChargerStopsSixInchesShort) {
  TG t = charge_passed(4, 4, {5, 5, 2});  // 4 vs 4: two net hits of 3 white
  // White 5,6,5: three hits; picks d6 (<= 4, 3, 2): 2 -> a-f1, 2 -> a-f2, 2 -> a-f3.
  auto o = t.ok(answer(t, "allies", "shoot"), {5, 6, 5, 2, 2, 2, 6, 6, 6});
  EXPECT_EQ(t.u("a").living_fighters(), 1);
  EXPECT_TRUE(bg::non_standing(t.u("a")));
  ASSERT_NE(charge_moved(o), nullptr);
  EXPECT_EQ(charge_moved(o)->roll(), 18);
  EXPECT_FALSE(charge_moved(o)->reached());
  EXPECT_NEAR(geom::distance(com(t.u("a")), com(t.u("e"))), 6.0, 1e-6);
  EXPECT_TRUE(t.st().melees.empty());
}

// BG-MEL-13: a charger wiped out by the defensive fire does not move; no melee.
TEST(BgMeleeDefence, ChargerDestroyedByTheFireDoesNotMove) {
  TG t = charge_passed(4, 8, {5, 5, 2});  // 4 vs 8: 4 >= 8/2; two net hits of 3 white
  // 5 white (8 figures + leader): four hits wipe out the four chargers; no distance dice.
  auto o = t.ok(answer(t, "allies", "shoot"), {5, 5, 5, 5, 2});
  EXPECT_TRUE(t.u("a").destroyed);
  ASSERT_NE(charge_moved(o), nullptr);
  EXPECT_EQ(charge_moved(o)->roll(), 0);
  EXPECT_FALSE(charge_moved(o)->reached());
  EXPECT_TRUE(t.st().melees.empty());
}

// BG-MEL-12: "shoot" is offered only when the shooting rules allow that shot: a defender facing
// away (BG-LOS-05: infantry shoot to the front) may still stand or flee, not shoot.
TEST(BgMeleeDefence, ShootNotOfferedWhenTheShotIsNotAllowed) {
  // "e" faces north, away from "a": the test has the flank blue die (BG-FIRE-12).
  TG t = charge_passed(8, 4, {5, 2, 3, 4, 2, 2}, 0);
  ASSERT_EQ(t.st().decisions.size(), 1u);
  EXPECT_TRUE(offers(t, "none"));
  EXPECT_TRUE(offers(t, "move"));
  EXPECT_FALSE(offers(t, "shoot"));
  EXPECT_EQ(t.refused(answer(t, "allies", "shoot")), "NOT_A_CHOICE");
}

// BG-MEL-12: a side that already had its shoot card this turn cannot answer by shooting.
TEST(BgMeleeDefence, NoShootAfterTheSideHadItsShootCard) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1);
  sc.inf(1, "e", 4, 10, 20, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(H, 5));  // Allied shoot card (BG-CARD-02)
  t.end_action("allies");
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "e"), {5, 2, 3, 4, 2});
  EXPECT_TRUE(offers(t, "move"));
  EXPECT_FALSE(offers(t, "shoot"));
}

}  // namespace
}  // namespace sandtable::bgtest
