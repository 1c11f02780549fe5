// Multi-figure stands (BG-OPT-04, BG-EX-11, GAP-BG-OPT-04; switch "bg.stands").
#include <gtest/gtest.h>

#include "engine/rulesets/bg/bg_units.h"
#include "tests/engine/bg_fire_util.h"
#include "tests/engine/bg_melee_test_util.h"

namespace sandtable::bgtest {
namespace {

// Axis "a" (`shooters` figures, 1 leader) shoots Allied "e" (`figures` figures on stands of
// `stand`, no leader) 8" away in the open, with method `method`.
TG stands_game(int shooters, int figures, int stand, const std::string& method) {
  Sc sc;
  sc.inf(0, "a", shooters, 10, 10);
  sc.inf(1, "e", figures, 10, 18, 0, 0, "C", 180).set_stand_size(stand);
  sc.option("bg.stands", method);
  TG t(sc.s);
  t.draw(card(C, 9));
  return t;
}

const pb::BgCasualties* cas(const Outcome& o) { return casualties_of(o); }

// BG-EX-11 / BG-OPT-04: a stand of 3 figures takes 2 hits: 1D6, 5-6 no casualties.
TEST(BgUnitsStands, EX11ThreeFigureStandTwoHitsSurvivesOnFive) {
  TG t = stands_game(4, 3, 3, "all_or_nothing");
  // 3 white (2 for 4 figures + the leader): 5 6 2 -> 2 hits; survival roll 5.
  Outcome o = t.ok(shoot_cmd("axis", "a", "e"), {5, 6, 2, 5});
  ASSERT_NE(cas(o), nullptr);
  EXPECT_EQ(cas(o)->killed_size(), 0);
  ASSERT_EQ(cas(o)->stands_size(), 1);
  EXPECT_EQ(cas(o)->stands(0).figures(), 3);
  EXPECT_EQ(cas(o)->stands(0).hits(), 2);
  EXPECT_EQ(cas(o)->stands(0).dies_up_to(), 4);
  EXPECT_EQ(cas(o)->stands(0).roll(), 5);
  EXPECT_FALSE(cas(o)->stands(0).died());
  EXPECT_EQ(t.u("e").living(), 3);
}

// BG-EX-11 / BG-OPT-04: ... 1-4, all 3 figures die.
TEST(BgUnitsStands, EX11ThreeFigureStandTwoHitsDiesOnFour) {
  TG t = stands_game(4, 3, 3, "all_or_nothing");
  Outcome o = t.ok(shoot_cmd("axis", "a", "e"), {5, 6, 2, 4});
  ASSERT_NE(cas(o), nullptr);
  EXPECT_EQ(cas(o)->killed_size(), 3);
  EXPECT_TRUE(cas(o)->wiped_out());
  EXPECT_TRUE(cas(o)->stands(0).died());
  EXPECT_EQ(t.u("e").living(), 0);
}

// BG-OPT-04: the survival chance is balanced to the hits (our generalisation of BG-EX-11).
TEST(BgUnitsStands, SurvivalChanceBalancedToHits) {
  EXPECT_EQ(bg::stand_dies_up_to(3, 2), 4);   // BG-EX-11
  EXPECT_EQ(bg::stand_dies_up_to(3, 1), 2);
  EXPECT_EQ(bg::stand_dies_up_to(2, 1), 3);
  EXPECT_EQ(bg::stand_dies_up_to(4, 1), 2);   // 1.5 rounds up
  EXPECT_EQ(bg::stand_dies_up_to(4, 3), 5);   // 4.5 rounds up
  EXPECT_EQ(bg::stand_dies_up_to(6, 1), 1);
  EXPECT_EQ(bg::stand_dies_up_to(12, 11), 5); // a stand hit fewer times than its figures keeps a chance
  EXPECT_EQ(bg::stand_dies_up_to(3, 3), 6);
}

// BG-OPT-04: hits fill whole stands first (in random order), the rest roll: two stands of 3,
// 4 hits: stand 1 (picked with a 1) dies outright; stand 2 has 1 hit, dies on 1-2, rolls 3.
TEST(BgUnitsStands, WholeStandsDieAndTheRemainderRolls) {
  TG t = stands_game(6, 6, 3, "all_or_nothing");
  Outcome o = t.ok(shoot_cmd("axis", "a", "e"), {5, 6, 6, 5, 1, 3});
  ASSERT_NE(cas(o), nullptr);
  ASSERT_EQ(cas(o)->stands_size(), 2);
  EXPECT_EQ(cas(o)->stands(0).stand(), 1);
  EXPECT_TRUE(cas(o)->stands(0).died());
  EXPECT_EQ(cas(o)->stands(1).stand(), 2);
  EXPECT_EQ(cas(o)->stands(1).hits(), 1);
  EXPECT_EQ(cas(o)->stands(1).dies_up_to(), 2);
  EXPECT_FALSE(cas(o)->stands(1).died());
  EXPECT_EQ(cas(o)->killed_size(), 3);
  EXPECT_FALSE(t.u("e").figures[0].alive);
  EXPECT_FALSE(t.u("e").figures[2].alive);
  EXPECT_TRUE(t.u("e").figures[3].alive);
}

// GAP-BG-OPT-04 (method 1, "track"): casualties are marked on one stand until it is gone:
// 2 hits, the stand picked with a 2 (stand 2: f3..f5) takes both (figure picks 1 then 2).
TEST(BgUnitsStands, TrackMethodFillsOneStandFirst) {
  TG t = stands_game(4, 6, 3, "track");
  Outcome o = t.ok(shoot_cmd("axis", "a", "e"), {5, 6, 2, 2, 1, 2});
  ASSERT_NE(cas(o), nullptr);
  ASSERT_EQ(cas(o)->killed_size(), 2);
  EXPECT_EQ(cas(o)->killed(0), "e-f3");
  EXPECT_EQ(cas(o)->killed(1), "e-f5");
  EXPECT_EQ(cas(o)->stands(1).stand(), 2);
  EXPECT_EQ(cas(o)->stands(1).hits(), 2);
  EXPECT_FALSE(cas(o)->stands(1).died());
  for (int i : {0, 1, 2, 4}) EXPECT_TRUE(t.u("e").figures[static_cast<std::size_t>(i)].alive) << i;
}

// Without "bg.stands" the stand size changes nothing: figures die one by one (BG-DMG-01).
TEST(BgUnitsStands, StandsOffKillsSingleFigures) {
  TG t = stands_game(4, 3, 3, "off");
  Outcome o = t.ok(shoot_cmd("axis", "a", "e"), {5, 6, 2, 1, 1});
  ASSERT_NE(cas(o), nullptr);
  EXPECT_EQ(cas(o)->killed_size(), 2);
  EXPECT_EQ(cas(o)->stands_size(), 0);
}

// Bad stand data is refused with a sentence naming the field.
TEST(BgUnitsStands, BadStandsRefused) {
  auto err = [](const Sc& sc) { return rules().validate(sc.s).value_or(""); };
  Sc one;
  one.inf(0, "a", 4, 10, 10).set_stand_size(1);
  one.inf(1, "e", 4, 10, 20);
  EXPECT_NE(err(one).find("stand_size"), std::string::npos);
  Sc big;
  big.inf(0, "a", 4, 10, 10).set_stand_size(5);
  big.inf(1, "e", 4, 10, 20);
  EXPECT_NE(err(big).find("stand_size"), std::string::npos);
  Sc veh;
  veh.inf(0, "a", 4, 10, 10);
  veh.vehicle(1, "t", "medium_tank", 30, 20).set_stand_size(2);
  EXPECT_NE(err(veh).find("BG-OPT-04"), std::string::npos);
  Sc opt;
  opt.inf(0, "a", 4, 10, 10);
  opt.inf(1, "e", 4, 10, 20);
  opt.option("bg.stands", "maybe");
  EXPECT_NE(err(opt).find("bg.stands"), std::string::npos);
}

// Axis "g" (6 figures, leader first, stands of 3) charges Allied "b" (5 figures, leader first,
// stands of 3 unless `b_stands` is 0) and the melee phase starts. Charge test: 4 white (3 + the
// leader) 5 2 3 4 -> 1 net hit, enough as 6 > 5 (BG-MEL-01); the charge distance 6 6 6.
TG stand_melee(const std::string& method, int b_stands = 3) {
  Sc sc;
  sc.inf(0, "g", 6, 10, 10, 1).set_stand_size(3);
  sc.inf(1, "b", 5, 10, 18, 1, 0, "C", 180).set_stand_size(b_stands);
  sc.option("bg.stands", method);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "g", "b"), {5, 2, 3, 4});
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  EXPECT_EQ(t.st().melees.size(), 1u);
  t.draw(make_joker(1));
  return t;
}

const pb::BgMeleeRound* melee_round_of(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_round(); });
  return e ? &e->melee_round() : nullptr;
}
std::vector<const pb::BgCasualties*> all_casualties(const Outcome& o) {
  std::vector<const pb::BgCasualties*> out;
  for (const auto& e : o.events) {
    if (has_bg(e) && bg_of(e).has_casualties()) out.push_back(&bg_of(e).casualties());
  }
  return out;
}

// BG-OPT-05: stand against stand, 1D6 per figure plus bonuses: g#1 (3 dice 6 6 6 + leader 1 = 19)
// beats b#1 (1 1 1 + leader 1 = 4); b#2 (2 dice 6 6 = 12) beats g#2 (1 1 1 = 3). Each losing stand
// takes one hit, all or nothing: b#1 (3 figures) dies on 1-2, rolls 2 -> all 3 die; g#2 rolls 5.
TEST(BgUnitsStands, StandMeleeAllOrNothing) {
  TG t = stand_melee("all_or_nothing");
  const std::string id = t.st().melees[0].id;
  Outcome o = t.ok(fight("axis", id), {6, 6, 6, 1, 1, 1, 1, 1, 1, 6, 6, 2, 5});
  const auto* r = melee_round_of(o);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->pairs_size(), 2);
  EXPECT_EQ(r->pairs(0).a(), "g#1");
  EXPECT_EQ(r->pairs(0).b(), "b#1");
  EXPECT_EQ(r->pairs(0).roll_a(), 18);
  EXPECT_EQ(r->pairs(0).mod_a(), 1);
  EXPECT_EQ(r->pairs(0).roll_b(), 3);
  EXPECT_EQ(r->pairs(0).mod_b(), 1);
  EXPECT_EQ(r->pairs(0).loser(), "b#1");
  EXPECT_EQ(r->pairs(1).roll_b(), 12);  // two figures, two dice
  EXPECT_EQ(r->pairs(1).loser(), "g#2");
  const auto cs = all_casualties(o);
  ASSERT_EQ(cs.size(), 2u);
  EXPECT_EQ(cs[0]->unit_id(), "b");
  EXPECT_EQ(cs[0]->killed_size(), 3);
  EXPECT_EQ(cs[0]->stands(0).dies_up_to(), 2);
  EXPECT_EQ(cs[1]->unit_id(), "g");
  EXPECT_EQ(cs[1]->killed_size(), 0);
  EXPECT_EQ(t.u("b").living(), 2);
  EXPECT_EQ(t.u("g").living(), 6);
}

// BG-OPT-05 with method 1 ("track", GAP-BG-OPT-04): the losing stand loses one figure (picks 1).
TEST(BgUnitsStands, StandMeleeTrackLosesOneFigure) {
  TG t = stand_melee("track");
  const std::string id = t.st().melees[0].id;
  Outcome o = t.ok(fight("axis", id), {6, 6, 6, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1});
  const auto cs = all_casualties(o);
  ASSERT_EQ(cs.size(), 2u);
  ASSERT_EQ(cs[0]->killed_size(), 1);
  EXPECT_EQ(cs[0]->killed(0), "b-f0");
  ASSERT_EQ(cs[1]->killed_size(), 1);
  EXPECT_EQ(cs[1]->killed(0), "g-f3");
}

// BG-OPT-05 applies only when every unit in the melee is on stands; otherwise figures pair off.
TEST(BgUnitsStands, MixedMeleePairsFigures) {
  TG t = stand_melee("all_or_nothing", 0);
  const std::string id = t.st().melees[0].id;
  Outcome o = t.ok(fight("axis", id), {6, 1, 6, 1, 6, 1, 6, 1, 6, 1});
  const auto* r = melee_round_of(o);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->pairs_size(), 5);
  EXPECT_EQ(r->pairs(0).a(), "g-f0");
}

}  // namespace
}  // namespace sandtable::bgtest
