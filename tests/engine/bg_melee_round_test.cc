// Battleground melee rounds, surrender and prisoners (BG-MEL-04..11, BG-PRIS-01/03, BG-EX-09,
// GAP-BG-MEL-06/07, BG-SEQ-02).
#include "tests/engine/bg_melee_test_util.h"

namespace sandtable::bgtest {
namespace {

using bg::com;

const pb::BgMeleeRound* round_of(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_round(); });
  return e ? &e->melee_round() : nullptr;
}
const pb::BgMeleeEnded* ended(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_ended(); });
  return e ? &e->melee_ended() : nullptr;
}

// BG-EX-09 (Arnhem): 7 German figures (grade C, 1 leader) charge 5 elite British paratroopers
// (grade A, 1 leader) dug in in a house.
// The listed pairs (bg.melee_pairing = listed): the example's pairing without asking; the
// sides' choice is tested in bg_melee_choice_test.cc.
Sc arnhem() {
  Sc sc;
  sc.option("bg.melee_pairing", "listed");
  sc.inf(0, "g", 7, 10, 10, 1);
  sc.inf(1, "b", 5, 10, 20, 1, 0, "A", 180).add_attributes("dug_in");
  sc.area("house", "house", 7, 17, 13, 23);
  return sc;
}

// Charges "g" into "b" (stand) and turns a joker so the melee phase starts.
TG arnhem_in_melee_phase() {
  TG t(arnhem().s);
  t.draw(card(S, 9));
  // 7 > 5: >= 1 net hit (BG-MEL-01); white ceil(7/2) + 1 leader = 5; red: house 2 + dug in 1.
  auto o = t.ok(charge("axis", "g", "b"), {5, 2, 3, 4, 2, 3, 4, 5});
  const auto* a = TG::find(o, [](const pb::BgEvent& b) { return b.has_attack(); });
  EXPECT_NE(a, nullptr);
  if (a) {
    EXPECT_EQ(a->attack().white(), 5);
    EXPECT_EQ(a->attack().red(), 3);  // BG-EX-09: the British roll house (2) + dug in (1)
    EXPECT_EQ(a->attack().purpose(), "charge test");
  }
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  EXPECT_EQ(t.st().melees.size(), 1u);
  t.draw(make_joker(1));  // BG-SEQ-02: melee follows the card phase
  EXPECT_EQ(t.st().phase, bg::Phase::kMelee);
  return t;
}

// BG-EX-09: first round 5 pairs, 2 Germans wait; British +1 dug in/building (first round), +1
// better grade, +1 leader; BG-MEL-08: 1 British left vs 6 Germans surrenders; BG-PRIS-01 one
// guard takes the prisoner away; BG-MEL-11: the winner is marked as having run.
TEST(BgMeleeRound, EX09ArnhemFirstRoundAndSurrender) {
  TG t = arnhem_in_melee_phase();
  const std::string id = t.st().melees[0].id;
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"axis", "allies"}));
  // Pairs (German, British): four British lose (6 vs 1), the fifth wins (1 vs 6).
  auto o = t.ok(fight("axis", id), {6, 1, 6, 1, 6, 1, 6, 1, 1, 6});
  const auto* r = round_of(o);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->pairs_size(), 5);
  EXPECT_EQ(r->waiting_size(), 2);
  EXPECT_EQ(r->pairs(0).mod_a(), 1);  // German leader
  EXPECT_EQ(r->pairs(0).mod_b(), 3);  // British leader + grade + dug in/house
  EXPECT_EQ(r->pairs(1).mod_a(), 0);
  EXPECT_EQ(r->pairs(1).mod_b(), 2);
  EXPECT_EQ(r->pairs(4).loser(), "g-f4");
  // The dice tray reads each die with its modifiers counted in: the German leader's 6+1 beats
  // the British leader's 1+3; the fifth pair's German 1 falls to a 6+2.
  std::vector<std::string> said;
  for (const auto& e : o.events) {
    if (!has_bg(e) || !bg_of(e).has_melee_round()) continue;
    for (const auto& d : e.dice()) said.push_back(d.meaning());
  }
  EXPECT_EQ(said, (std::vector<std::string>{"wins", "falls", "wins", "falls", "wins", "falls", "wins", "falls", "falls", "wins"}));
  ASSERT_NE(ended(o), nullptr);
  EXPECT_EQ(ended(o)->how(), "surrendered");
  EXPECT_EQ(ended(o)->winner_side(), "axis");
  EXPECT_TRUE(t.u("b").destroyed);
  EXPECT_TRUE(t.u("g").markers.ran);
  EXPECT_FALSE(t.u("g").markers.melee);
  EXPECT_TRUE(t.st().melees.empty());
  const auto* grp = TG::find(o, [](const pb::BgEvent& b) { return b.has_prisoners(); });
  ASSERT_NE(grp, nullptr);
  EXPECT_EQ(grp->prisoners().guards_size(), 1);
  EXPECT_EQ(grp->prisoners().prisoners_size(), 1);
  const bg::Unit* g = t.st().find(grp->prisoners().group_id());
  ASSERT_NE(g, nullptr);
  EXPECT_TRUE(g->prisoner_group);
  EXPECT_EQ(g->living_fighters(), 1);  // the guard; the prisoner does not fight
  EXPECT_EQ(t.u("g").living_fighters(), 5);  // 6 survivors less the guard
  EXPECT_TRUE(t.st().over);  // BG-VIC-01: the Allies have nothing left on the table
}

// BG-MEL-10: with several units of a side in one melee, the figures of the unit that charged
// first fight before those of the second, whatever the units' order in the scenario: "a2"
// (listed second) charges first, "a1" joins; against 5 defenders the pairs are a2's four figures
// then a1's leader, and a1's other three figures wait.
TEST(BgMeleeRound, Mel10FirstChargerFightsFirst) {
  Sc sc;
  sc.option("bg.melee_pairing", "listed");  // the listed order (chosen pairs: BgMeleeChoice)
  sc.inf(0, "a1", 4, 6, 10, 1);
  sc.inf(0, "a2", 4, 14, 10, 1);
  sc.inf(1, "e", 5, 10, 20, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  // 4 charging 5 needs 2 net hits: white ceil(4/2) + 1 = 3, the target in the open.
  t.ok(charge("axis", "a2", "e"), {5, 5, 2});
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  ASSERT_EQ(t.st().melees.size(), 1u);
  t.ok(charge("axis", "a1", "e"), {5, 5, 2});
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  ASSERT_EQ(t.st().melees.size(), 1u);
  EXPECT_EQ(t.st().melees[0].attackers, (std::vector<std::string>{"a2", "a1"}));
  t.draw(make_joker(1));
  ASSERT_EQ(t.st().phase, bg::Phase::kMelee);
  auto o = t.ok(fight("axis", t.st().melees[0].id), {6, 1, 6, 1, 6, 1, 6, 1, 6, 1});
  const auto* r = round_of(o);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->pairs_size(), 5);
  EXPECT_EQ(r->pairs(0).a(), "a2-f0");
  EXPECT_EQ(r->pairs(1).a(), "a2-f1");
  EXPECT_EQ(r->pairs(2).a(), "a2-f2");
  EXPECT_EQ(r->pairs(3).a(), "a2-f3");
  EXPECT_EQ(r->pairs(4).a(), "a1-f0");
  EXPECT_EQ(r->waiting_size(), 3);
}

// GAP-BG-MEL-06: a tie re-rolls the pair; BG-MEL-09: rounds go on to the finish; the
// first-round bonuses apply to the first round only (BG-MEL-07).
TEST(BgMeleeRound, TiesRerollAndFirstRoundBonusesEnd) {
  TG t = arnhem_in_melee_phase();
  const std::string id = t.st().melees[0].id;
  // Round 1: every pair British +2/+3 at best; Germans roll 6, British 4: 6 vs 6 tie (pair 1),
  // then 6 vs 1 -> British dies. Others: pair 0 G 1 vs B 6 -> German dies; 2..4 B wins.
  auto o = t.ok(fight("axis", id), {1, 6, 6, 4, 6, 1, 1, 6, 1, 6, 1, 6});
  const auto* r = round_of(o);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->pairs_size(), 6);      // one tie recorded, then its re-roll
  EXPECT_EQ(r->pairs(1).loser(), "");  // the tie
  EXPECT_EQ(r->pairs(2).loser(), "b-f1");
  EXPECT_EQ(t.st().melees[0].round, 1);
  // Round 2: 3 Germans vs 4 British; no more dug-in bonus: British non-leaders +1 (grade) only.
  auto o2 = t.ok(fight("axis", id), {6, 1, 6, 1, 6, 1});
  const auto* r2 = round_of(o2);
  ASSERT_NE(r2, nullptr);
  EXPECT_EQ(r2->pairs(1).mod_b(), 1);
  EXPECT_EQ(r2->pairs(0).mod_b(), 2);  // leader + grade
}

// BG-MEL-08 eliminated: a side with no figures left loses; the melee ends "eliminated".
TEST(BgMeleeRound, EliminationEndsTheMelee) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10, 0);
  sc.inf(1, "e", 4, 10, 20, 0, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "e"), {5, 5});  // 4 vs 4: two hits needed
  t.ok(answer(t, "allies", "none"), {6, 3, 1});
  t.draw(make_joker(1));
  const std::string id = t.st().melees[0].id;
  // All four Axis figures lose: after the round 0 vs 4.
  auto o = t.ok(fight("allies", id), {1, 2, 1, 2, 1, 2, 1, 2});
  ASSERT_NE(ended(o), nullptr);
  EXPECT_EQ(ended(o)->how(), "eliminated");
  EXPECT_EQ(ended(o)->winner_side(), "allies");
  EXPECT_TRUE(t.u("a").destroyed);
  EXPECT_TRUE(t.u("e").markers.ran);
}

// BG-PRIS-03: a side may give a unit up by agreement; one guard per four prisoners.
TEST(BgMeleeRound, SurrenderByAgreementFormsAPrisonerGroup) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10);
  sc.inf(1, "e", 5, 10, 20, 1, 0, "C", 180);
  TG t(sc.s);
  BgOrder c = cmd("allies");
  c.mutable_bg()->mutable_surrender()->set_unit_id("e");
  c.mutable_bg()->mutable_surrender()->set_to_unit_id("a");
  auto o = t.ok(c);
  const auto* grp = TG::find(o, [](const pb::BgEvent& b) { return b.has_prisoners(); });
  ASSERT_NE(grp, nullptr);
  EXPECT_EQ(grp->prisoners().prisoners_size(), 5);
  EXPECT_EQ(grp->prisoners().guards_size(), 2);  // 5 prisoners: two guards
  EXPECT_TRUE(t.u("e").destroyed);
  EXPECT_EQ(t.u("a").living_fighters(), 6);
}

}  // namespace
}  // namespace sandtable::bgtest
