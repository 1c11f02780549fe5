// Battleground: prisoners and melee casualties (BG-PRIS-02/04/05, BG-DMG-03, BG-UNIT-06,
// BG-MEL-05 / BG-LOS-08, BG-UNIT-04, BG-COMB-06).
#include "tests/engine/bg_fire_util.h"
#include "tests/engine/bg_melee_test_util.h"

namespace sandtable::bgtest {
namespace {

const pb::BgMeleeEnded* ended(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_ended(); });
  return e ? &e->melee_ended() : nullptr;
}

pb::Command surrender(const std::string& seat, const std::string& unit, const std::string& to) {
  BgOrder c = cmd(seat);
  c.mutable_bg()->mutable_surrender()->set_unit_id(unit);
  c.mutable_bg()->mutable_surrender()->set_to_unit_id(to);
  return c;
}

std::string group_of(const Outcome& o) {
  const auto* g = TG::find(o, [](const pb::BgEvent& b) { return b.has_prisoners(); });
  return g ? g->prisoners().group_id() : "";
}

// Axis "a" (8, 1 leader) at (10, 10); Allied "e" (n figures) at (10, 20) gives itself up to
// "a" (BG-PRIS-03), and Allied "s" (4 rifles) stands at (16, 18) facing south-west. The group's CoM is its guards'
// (prisoners are not counted in the CoM); "s" is in front of it (no flank die).
struct Captured {
  TG t;
  std::string group;
};
Captured captured(int n) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1);
  sc.inf(1, "e", n, 10, 20, 1, 0, "C", 180);
  sc.inf(1, "s", 4, 16, 18, 0, 0, "C", 225);
  Captured c{TG(sc.s), ""};
  c.group = group_of(c.t.ok(surrender("allies", "e", "a")));
  // BG-PRIS-01: the Axis keep the default guards (rifles from the back); choices: bg_guards_test.cc.
  BgOrder keep = cmd("axis");
  keep.mutable_bg()->mutable_prisoners()->set_group_id(c.group);
  c.t.ok(keep);
  return c;
}

// BG-PRIS-02: prisoners are never executed: their captors may not shoot at the unit holding
// them; nor can the prisoners' own side order them (no escape).
TEST(BgMeleePrisoners, PRIS02NoExecutionNoEscape) {
  Captured c = captured(4);
  ASSERT_FALSE(c.group.empty());
  c.t.draw(card(C, 9));  // Axis shoot
  EXPECT_EQ(c.t.refused(shoot_cmd("axis", "a", c.group)), "BG_NO_EXECUTION");
  c.t.end_action("axis");
  c.t.draw(card(D, 9));  // Allied move: the prisoners belong to the Axis group
  EXPECT_EQ(c.t.refused(move("allies", c.group, pb::BG_MOVE_WALK, {{10, 25}})), "BG_NOT_YOUR_UNIT");
}

// BG-PRIS-04: hits on a unit holding prisoners are randomised over everyone, prisoners included
// (group figures: guards a-f7, a-f6, then prisoners e-f0..e-f4; the d8 shows 3 -> e-f0, a
// prisoner: no save although it was a leader). Guards do not shoot (BG-FIRE-13 / BG-PRIS-01).
TEST(BgMeleePrisoners, PRIS04PrisonersAreHitLikeEveryoneElse) {
  Captured c = captured(5);
  const bg::Unit& g = c.t.u(c.group);
  ASSERT_EQ(g.living(), 7);
  EXPECT_EQ(g.living_fighters(), 2);
  c.t.draw(card(H, 9));  // Allied shoot: 2 white (4 rifles), one 5
  Outcome o = run_dice(c.t, shoot_cmd("allies", "s", c.group), {d6(5), d6(2), {pb::DIE_KIND_D8, 3}});
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  const auto* k = casualties_of(o);
  ASSERT_NE(k, nullptr);
  ASSERT_EQ(k->killed_size(), 1);
  EXPECT_EQ(k->killed(0), "e-f0");
  EXPECT_EQ(k->saves_size(), 0);
  EXPECT_EQ(c.t.st().action.side, -1);  // its only unit has shot: the card is over
  c.t.draw(card(C, 9));
  EXPECT_EQ(c.t.refused(shoot_cmd("axis", c.group, "s")), "BG_GUARDS");
}

// BG-PRIS-04: a unit holding prisoners may exceed 12 figures: 10 prisoners and their 3 guards
// (one per four, BG-PRIS-01) stay one unit of 13.
TEST(BgMeleePrisoners, PRIS04GroupMayExceedTwelveFigures) {
  Captured c = captured(10);
  EXPECT_EQ(c.t.u(c.group).living(), 13);
  EXPECT_EQ(c.t.u(c.group).living_fighters(), 3);
  EXPECT_FALSE(c.t.u(c.group).destroyed);
}

// BG-PRIS-05: when every guard of a group is killed the prisoners are removed: the group leaves
// the table (4 prisoners, one guard a-f7; the d6 pick 1 kills it).
TEST(BgMeleePrisoners, PRIS05LossOfGuardsRemovesThePrisoners) {
  Captured c = captured(4);
  ASSERT_EQ(c.t.u(c.group).living(), 5);
  c.t.draw(card(H, 9));
  auto o = c.t.ok(shoot_cmd("allies", "s", c.group), {5, 2, 1});
  ASSERT_NE(casualties_of(o), nullptr);
  EXPECT_EQ(casualties_of(o)->killed(0), "a-f7");
  EXPECT_EQ(c.t.u(c.group).living_fighters(), 0);
  EXPECT_EQ(c.t.u(c.group).living(), 4);
  EXPECT_TRUE(c.t.u(c.group).destroyed);
  EXPECT_EQ(c.t.st().active_unit(c.group), nullptr);
}

// BG-PRIS-01 / BG-MOVE-10: the prisoners of a new group are gathered near their guard, in a block
// clear of every other unit's figures (they surrendered 10" away, among their own side).
TEST(BgMeleePrisoners, PRIS01PrisonersGatheredClearOfOtherUnits) {
  Captured c = captured(4);
  const bg::Unit& g = c.t.u(c.group);
  const geom::Vec2 guard = g.figure("a-f7")->pos;
  for (const auto& f : g.figures) {
    if (!f.prisoner) continue;
    EXPECT_LT(geom::distance(f.pos, guard), 6.0) << f.id;
    for (const auto& o : c.t.st().units) {
      if (o.id == g.id || o.destroyed) continue;
      for (const auto& x : o.figures) {
        if (x.alive) {
          EXPECT_GT(geom::distance(f.pos, x.pos), c.t.st().options.base_size) << f.id << " on " << x.id;
        }
      }
    }
  }
}

// Charges "a" (n figures, `leaders`) into "e" (m figures, no leader) and starts the melee phase.
TG in_melee(int n, int leaders, int m, std::vector<int> test_dice, std::vector<int> distance) {
  Sc sc;
  sc.inf(0, "a", n, 10, 10, leaders);
  sc.inf(1, "e", m, 10, 20, 0, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "e"), std::move(test_dice));
  if (!t.st().decisions.empty()) t.ok(answer(t, "allies", "none"), std::move(distance));
  EXPECT_EQ(t.st().melees.size(), 1u);
  t.draw(make_joker(1));
  return t;
}

// BG-DMG-03: a leader that loses its pair dies without a save (no save die, no normal figure
// dying instead).
TEST(BgMeleePrisoners, DMG03NoSavesInMelee) {
  TG t = in_melee(4, 1, 4, {5, 5, 2}, {6, 3, 1});  // 4 vs 4: two hits of 3 white
  // Pairs (attacker, defender): a-f0 (leader +1) 1 vs 6 loses; the others 6 vs 1 win.
  auto o = t.ok(fight("axis", t.st().melees[0].id), {1, 6, 6, 1, 6, 1, 6, 1});
  const pb::BgCasualties* mine = nullptr;
  for (const auto& e : o.events) {
    if (bg_of(e).has_casualties() && bg_of(e).casualties().unit_id() == "a") mine = &bg_of(e).casualties();
  }
  ASSERT_NE(mine, nullptr);
  ASSERT_EQ(mine->killed_size(), 1);
  EXPECT_EQ(mine->killed(0), "a-f0");
  EXPECT_EQ(mine->saves_size(), 0);
  EXPECT_FALSE(t.u("a").figure("a-f0")->alive);
}

// BG-DMG-02 (regression: crashed on an empty candidate list): 3 hits on 4 figures (leader, HW, 2
// rifles); the leader and the HW are both saved (5s) by the two rifles, so the third hit has only
// the saved specials left: the leader is chosen (pick 1 of 2) and, no normal figure remaining to
// die instead, dies.
TEST(BgMeleePrisoners, DMG02ThirdHitAfterTwoSavesKillsASavedSpecial) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1);
  sc.inf(1, "e", 4, 10, 20, 1, 1, "C", 180);
  TG t(sc.s);
  t.draw(card(C, 9));
  auto o = t.ok(shoot_cmd("axis", "a", "e"), {5, 5, 5, 2, 2, 1, 5, 1, 1, 5, 1});
  const auto* k = casualties_of(o);
  ASSERT_NE(k, nullptr);
  ASSERT_EQ(k->killed_size(), 3);
  EXPECT_EQ(k->killed(0), "e-f2");
  EXPECT_EQ(k->killed(1), "e-f3");
  EXPECT_EQ(k->killed(2), "e-f0");
  EXPECT_EQ(t.u("e").living_fighters(), 1);
  EXPECT_TRUE(t.u("e").figure("e-f1")->alive);
}

// BG-UNIT-06: a non-standing unit (3 rifles) outnumbered 3:1 (9 vs 3) surrenders before the first
// round (BG-MEL-08's quarter would not: 3 > 9/4); no round is fought.
TEST(BgMeleePrisoners, UNIT06NonStandingOutnumberedThreeToOneSurrenders) {
  // 9 > 3: one net hit of ceil(9/2) + 1 = 6 white; "e" cannot shoot; distance 18.
  TG t = in_melee(9, 1, 3, {5, 2, 2, 2, 2, 2}, {6, 6, 6});
  auto o = t.ok(fight("axis", t.st().melees[0].id));
  EXPECT_EQ(TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_round(); }), nullptr);
  ASSERT_NE(ended(o), nullptr);
  EXPECT_EQ(ended(o)->how(), "surrendered");
  EXPECT_EQ(ended(o)->winner_side(), "axis");
  EXPECT_TRUE(t.u("e").destroyed);
  const std::string gid = group_of(o);
  ASSERT_FALSE(gid.empty());
  EXPECT_EQ(t.u(gid).living() - t.u(gid).living_fighters(), 3);
}

// BG-UNIT-06 (limit): 8 vs 3 is less than 3:1, so nobody surrenders: the melee goes on to its
// first round, which first waits for the attackers to choose their 3 pairs of 8 (BG-MEL-06/10),
// and is then fought.
TEST(BgMeleePrisoners, UNIT06BelowThreeToOneFightsARound) {
  TG t = in_melee(8, 1, 3, {5, 2, 2, 2, 2}, {6, 6, 6});
  const std::string id = t.st().melees[0].id;
  EXPECT_EQ(t.refused(fight("axis", id)), "BG_MELEE_ORDER_AWAITED");
  EXPECT_FALSE(t.u("e").destroyed);
  EXPECT_EQ(t.u("e").living_fighters(), 3);
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"axis"}));
  BgOrder keep = cmd("axis");
  keep.mutable_bg()->mutable_melee_order()->set_melee_id(id);  // the listed pairs
  t.ok(keep);
  auto o = t.ok(fight("axis", id), {6, 1, 6, 1, 6, 1});
  EXPECT_EQ(TG::find(o, [](const pb::BgEvent& b) { return b.has_prisoners(); }), nullptr);
  const auto* r = TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_round(); });
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->melee_round().pairs_size(), 3);
}

// BG-MEL-05 / BG-LOS-08: no one may shoot into a melee, and units in a melee do not shoot.
TEST(BgMeleePrisoners, MEL05NoShootingIntoAMelee) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1);
  sc.inf(1, "e", 4, 10, 20, 1, 0, "C", 180);
  sc.inf(1, "s", 4, 20, 12, 0, 0, "C", 270);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "e"), {5, 2, 3, 4, 2});
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  ASSERT_TRUE(t.u("a").markers.melee);
  t.draw(card(H, 9));  // the Axis card ended with its only unit's charge
  EXPECT_EQ(t.refused(shoot_cmd("allies", "s", "a")), "BG_TARGET_IN_MELEE");
  EXPECT_EQ(t.refused(shoot_cmd("allies", "e", "a")), "BG_IN_MELEE");
}

// BG-UNIT-04: every HW adds a blue die, but only one leader adds a white die to a shooting
// attack: 8 figures with 2 leaders and 2 HWs roll ceil(8/2) + 1 = 5 white and 2 blue. In melee
// every leader counts (+1 each, BG-MEL-07).
TEST(BgMeleePrisoners, UNIT04EveryHwAtMostOneLeader) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 2, 2);
  sc.inf(1, "e", 8, 10, 20, 0, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(C, 9));
  auto o = t.ok(shoot_cmd("axis", "a", "e"), {2, 2, 2, 2, 2, 2, 2});
  ASSERT_NE(attack_of(o), nullptr);
  EXPECT_EQ(attack_of(o)->white(), 5);
  EXPECT_EQ(attack_of(o)->blue(), 2);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "e"), {5, 5, 2, 2, 2, 2, 2});  // 8 vs 8: two hits
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  t.draw(make_joker(1));
  auto f = t.ok(fight("axis", t.st().melees[0].id), {6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1});
  const auto* r = TG::find(f, [](const pb::BgEvent& b) { return b.has_melee_round(); });
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->melee_round().pairs(0).mod_a(), 1);
  EXPECT_EQ(r->melee_round().pairs(1).mod_a(), 1);
  EXPECT_EQ(r->melee_round().pairs(2).mod_a(), 0);
}

// BG-COMB-06 / BG-UNIT-05: a non-standing unit may not move toward the enemy unless it is going
// to join another unit, which it does with the combining procedure.
TEST(BgMeleePrisoners, COMB06NonStandingJoinsAnotherUnit) {
  Sc sc;
  sc.inf(0, "A", 7, 10, 10, 1);
  sc.inf(0, "N", 3, 10, 14, 0, 0, "C", 180);  // non-standing: 3 figures, no leader or HW
  sc.inf(1, "e", 4, 10, 2, 1, 0, "C", 0);     // the enemy is south, beyond "A"
  TG t(sc.s);
  ASSERT_TRUE(bg::non_standing(t.u("N")));
  t.draw(card(S, 9));
  EXPECT_EQ(t.refused(move("axis", "N", pb::BG_MOVE_WALK, {{10, 11.9}}, 180), {6}), "BG_NON_STANDING_ADVANCE");
  BgOrder c = move("axis", "N", pb::BG_MOVE_WALK, {{10, 11.9}}, 180);
  c.mutable_bg()->mutable_move()->set_combine_with("A");
  auto o = t.ok(c, {6});  // same grade: no grade roll (BG-COMB-04)
  ASSERT_NE(TG::find(o, [](const pb::BgEvent& b) { return b.has_combined(); }), nullptr);
  EXPECT_TRUE(t.u("N").destroyed);
  EXPECT_EQ(t.u("A").living_fighters(), 10);
  EXPECT_FALSE(bg::non_standing(t.u("A")));
}

}  // namespace
}  // namespace sandtable::bgtest
