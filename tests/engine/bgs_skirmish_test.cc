// Shaffer's skirmish, profile (b) (GAP-BGM-GEN-01): the recovered turn (BGM-GEN-02), small arms
// and damage (BGM-SA-*, BGM-DMG-*, BGM-COV-*), morale (GAP-BGM-GEN-02), assault (BGM-ASLT-*) and
// reaction fire (BGM-RF-*), played through the engine with the table's dice so every d20 is ours.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/rulesets/bg/bgs_skirmish.h"
#include "tests/engine/bgs_test_util.h"

namespace sandtable::bgtest {
namespace {

// BGM-DX-05 with exactly its numbers: six regular riflemen (bolt action, rof 1), stationary,
// target 10" away (effective, column C) in light woods: -4 (two extra pairs) -1 (rof) -2
// (stationary) = -7; natural 12 -> 5 -> 2 hits; a damage roll of 9 + 2 (light woods) = 11 ->
// column C row 11 = LtW.
TEST(BgsSkirmish, DX05SixRiflemenAtTenInchesIntoLightWoods_BGM_SA_01_SA_04_DMG_01_COV_01) {
  Sc sc = skirmish();
  sc.inf(0, "a", 6, 20, 10, 0);
  sc.inf(1, "e", 4, 20, 20, 0, 0, "C", 180);
  sc.area("woods", "copse", 16, 19, 24, 23);
  auto t = first_up(sc.s, "a");
  ASSERT_TRUE(t);
  // Two hits: each picks a man (a d6 until it names one of 4) and rolls damage.
  Outcome o = ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(12), d6(2), d20(9), d6(3), d20(20)});
  const pb::BgsFire* f = fire_of(o);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->band(), "effective");
  EXPECT_EQ(f->column(), "C");
  EXPECT_EQ(f->men(), 6);
  EXPECT_EQ(modifier_total(*f), -7);
  EXPECT_EQ(f->modified(), 5);
  EXPECT_EQ(f->hits(), 2);
  ASSERT_EQ(f->wounds_size(), 2);
  EXPECT_EQ(f->wounds(0).figure_id(), "e-f1");
  EXPECT_EQ(f->wounds(0).modified(), 11);
  EXPECT_EQ(f->wounds(0).modifiers(0).name(), "light woods");
  EXPECT_EQ(f->wounds(0).result(), "LtW");
  EXPECT_EQ(f->wounds(1).result(), "-");  // 20 + 2 = 22: column C has nothing below row 20
  EXPECT_EQ(t->u("e").figures[1].light_wounds, 1);
  EXPECT_TRUE(t->u("e").figures[1].alive);
}

// BGM-SA-05/06, GAP-BGM-GEN-02: two men firing (+3), a leader (-1), rof 1 (-1), stationary (-2):
// a natural 15 is a modified 14, a morale check and no hits; the regular target (rating 11, no leader) fails
// on 12 and breaks; its card then passes, and it rallies in the next turn's rally step on 11.
TEST(BgsSkirmish, MoraleCheckBreaksAndTheRallyStepBringsItBack_BGM_SA_06_GEN_02) {
  auto t = pair_up(2, 1, 4, 0, "a");
  ASSERT_TRUE(t);
  Outcome o = ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(15), d20(12)});
  const pb::BgsFire* f = fire_of(o);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->modified(), 14);
  EXPECT_TRUE(f->morale_check());
  EXPECT_EQ(f->hits(), 0);
  const auto* m = TG::find(o, [](const pb::BgEvent& b) { return b.has_bgs_morale(); });
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->bgs_morale().needed(), 11);
  EXPECT_TRUE(m->bgs_morale().broken());
  EXPECT_TRUE(t->u("e").bgs->broken);
  // The second action closes a's card; e's card passes (broken); the turn ends; turn 2's special
  // fire step, then its rally.
  Outcome next = ok_dice(*t, stance("axis", "a", true), {});
  const auto* passed = TG::find(next, [](const pb::BgEvent& b) { return b.has_bgs_activated() && b.bgs_activated().unit_id() == "e"; });
  ASSERT_NE(passed, nullptr);
  EXPECT_EQ(passed->bgs_activated().passed(), "broken");
  EXPECT_EQ(t->st().turn, 2);
  EXPECT_EQ(TG::find(next, [](const pb::BgEvent& b) { return b.has_bgs_morale(); }), nullptr);  // step (1) comes first
  const std::size_t before = t->log.size();
  past_marking(*t, {d20(11)});
  const std::vector<pb::Event> after(t->log.begin() + static_cast<std::ptrdiff_t>(before), t->log.end());
  const pb::BgEvent* rally = nullptr;
  for (const auto& e : after) {
    if (has_bg(e) && bg_of(e).has_bgs_morale() && bg_of(e).bgs_morale().kind() == "rally") rally = &bg_of(e);
  }
  ASSERT_NE(rally, nullptr);
  EXPECT_TRUE(rally->bgs_morale().rallied());
  EXPECT_FALSE(t->u("e").bgs->broken);
  EXPECT_EQ(t->st().turn, 2);
}

// BGM-GEN-02: one card per unit per turn, two actions on it; only that unit acts.
TEST(BgsSkirmish, EachUnitGetsOneCardAndTwoActions_BGM_GEN_02) {
  Sc sc = skirmish();
  sc.inf(0, "a", 4, 10, 10, 0);
  sc.inf(0, "b", 4, 30, 10, 0);
  sc.inf(1, "e", 4, 10, 30, 0, 0, "C", 180);
  sc.inf(1, "f", 4, 30, 30, 0, 0, "C", 180);
  TG t(sc.s, true, 7);
  past_marking(t);
  std::vector<std::string> seen;
  for (int card = 0; card < 4; ++card) {
    const std::string id = t.st().skirmish_active;
    ASSERT_FALSE(id.empty());
    seen.push_back(id);
    const std::string seat = t.u(id).side == 0 ? "axis" : "allies";
    for (const auto& other : {"a", "b", "e", "f"}) {
      if (other == id || t.u(other).side != t.u(id).side) continue;
      EXPECT_EQ(t.refused(stance(seat, other, true)), "BGM_NOT_ITS_CARD");
    }
    EXPECT_EQ(t.st().turn, 1);
    t.ok(stance(seat, id, true));
    EXPECT_EQ(t.st().skirmish_active, id);  // one action taken, one left
    t.ok(stance(seat, id, false));          // the second closes the card
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "b", "e", "f"}));
  EXPECT_EQ(t.st().turn, 2);
}

// BGM-DX-08 with exactly its numbers: four regular men with grenades assault an infantry group:
// -2 (one pair beyond 2) -2 (grenades) +2 (regular) = -2; natural 8 -> 6 -> 5 'B' hits; a damage
// roll of 10 - 3 (infantry target) = 7 -> column B row 7 = HW; every attacker with a grenade
// spends one. The target, its card still to come, may counter-assault (BGM-ASLT-05).
TEST(BgsSkirmish, DX08FourMenWithGrenadesAssaultAndTheCounterAssault_BGM_ASLT_01_02_03_04_05_08) {
  Sc sc = skirmish();
  auto& a = sc.inf(0, "a", 4, 20, 10, 0);
  a.add_attributes("grenades=1");
  sc.inf(1, "e", 8, 20, 11.5, 0, 0, "A", 180);  // rows at 11 and 12: its first row is 1" away
  auto t = first_up(sc.s, "a");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->refused(assault_cmd("axis", "a", "missing", true)), "BG_NO_TARGET");
  // Four morale rolls to go in (regular: 11 or less), the assault d20, then five hits (pick, damage).
  std::vector<Die> dice{d20(3), d20(4), d20(5), d20(6), d20(8)};
  for (int i = 1; i <= 5; ++i) {
    dice.push_back({pb::DIE_KIND_D10, i});  // which of the 8 men
    dice.push_back(d20(i == 1 ? 10 : 20));
  }
  Outcome o = ok_dice(*t, assault_cmd("axis", "a", "e", true), dice);
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_bgs_assault(); });
  ASSERT_NE(e, nullptr);
  const auto& x = e->bgs_assault();
  EXPECT_EQ(x.figures_size(), 4);
  int total = 0;
  for (const auto& m : x.modifiers()) total += m.value();
  EXPECT_EQ(total, -2);
  EXPECT_EQ(x.modified(), 6);
  EXPECT_EQ(x.hits(), 5);
  EXPECT_EQ(x.column(), "B");
  ASSERT_EQ(x.wounds_size(), 5);
  EXPECT_EQ(x.wounds(0).modified(), 7);
  EXPECT_EQ(x.wounds(0).result(), "HW");
  EXPECT_TRUE(x.wounds(0).out());
  EXPECT_FALSE(x.wounds(0).killed());
  EXPECT_EQ(x.grenades_spent(), 4);
  for (const auto& f : t->u("a").figures) EXPECT_EQ(f.grenades, 0);
  EXPECT_TRUE(t->u("e").figures[0].out_of_action);
  ASSERT_EQ(t->g->state().decisions.size(), 1u);
  EXPECT_EQ(t->g->state().decisions.front().kind(), bg::kCounterAssaultKind);
  EXPECT_EQ(t->g->state().decisions.front().seat(), "allies");
  // BGM-ASLT-05: the counter-assault: the three men of e's front row still in the fight roll
  // again to go in; e is elite (-4), halved to -2; natural 20 -> 18: a half morale check on a.
  const pb::Command c = answer_cmd("allies", t->g->state().decisions.front().id(), "counter:a");
  Outcome back = ok_dice(*t, c, {d20(1), d20(1), d20(1), d20(20), d20(1)});
  const auto* ce = TG::find(back, [](const pb::BgEvent& b) { return b.has_bgs_assault(); });
  ASSERT_NE(ce, nullptr);
  EXPECT_TRUE(ce->bgs_assault().counter());
  EXPECT_EQ(ce->bgs_assault().figures_size(), 3);
  bool halved = false;
  for (const auto& m : ce->bgs_assault().modifiers()) halved = halved || (m.name() == "morale grade (halved)" && m.value() == -2);
  EXPECT_TRUE(halved);
  EXPECT_EQ(ce->bgs_assault().modified(), 18);
  const auto* half = TG::find(back, [](const pb::BgEvent& b) { return b.has_bgs_morale() && b.bgs_morale().kind() == "half"; });
  ASSERT_NE(half, nullptr);
  EXPECT_EQ(half->bgs_morale().needed(), 16);  // regular 11 + 5
}

// BGM-ASLT-01: only from within 1".
TEST(BgsSkirmish, AssaultNeedsToBeWithinOneInch_BGM_ASLT_01) {
  Sc sc = skirmish();
  sc.inf(0, "a", 4, 20, 10, 0);
  sc.inf(1, "e", 4, 20, 14, 0, 0, "C", 180);
  auto t = first_up(sc.s, "a");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->refused(assault_cmd("axis", "a", "e", false)), "BGM_ASSAULT_REACH");
  EXPECT_EQ(t->refused(assault_cmd("axis", "a", "e", true)), "BGM_ASSAULT_REACH");
}

// BGM-RF-01..06: e goes on reaction fire on its card; a fires at it from its front arc; e's side
// is asked; e fires back with +2 for reaction fire, only once.
TEST(BgsSkirmish, ReactionFireIsAskedAndAnswered_BGM_RF_01_02_03_04_05_06) {
  auto t = pair_up(2, 1, 2, 1, "e");
  ASSERT_TRUE(t);
  t->ok(react("allies", "e"));
  EXPECT_TRUE(t->u("e").bgs->reaction);
  ASSERT_EQ(t->st().skirmish_active, "a");  // e's card closed: it only waits now (BGM-RF-05)
  EXPECT_EQ(t->refused(stance("allies", "e", true)), "BG_NOT_YOUR_CARD");
  // a: two men (+3), a leader -1, rof -1, stationary -2 = -1: natural 18 -> 17, no hits.
  Outcome o = ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(18)});
  ASSERT_EQ(t->g->state().decisions.size(), 1u);
  const pb::Decision d = t->g->state().decisions.front();
  EXPECT_EQ(d.kind(), bg::kReactionKind);
  EXPECT_EQ(d.seat(), "allies");
  const pb::Command c = answer_cmd("allies", d.id(), "fire");
  Outcome r = ok_dice(*t, c, {d20(16)});
  const pb::BgsFire* f = fire_of(r);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(f->reaction());
  bool plus_two = false;
  for (const auto& m : f->modifiers()) plus_two = plus_two || (m.name() == "reaction fire" && m.value() == 2);
  EXPECT_TRUE(plus_two);
  EXPECT_EQ(modifier_total(*f), 1);  // +3 two men, -1 leader, -1 rof, -2 stationary, +2 reaction
  EXPECT_FALSE(t->u("e").bgs->reaction);  // fired once
}

// GAP-BGM-COV-02: a prone target takes -2 on the damage roll as printed; the switch makes it +2.
TEST(BgsSkirmish, ProneModifierAsPrintedOrSwitched_BGM_COV_02) {
  for (const bool protects : {false, true}) {
    Sc sc = skirmish();
    if (protects) sc.option("bg.mods_prone", "protects");
    sc.inf(0, "a", 2, 20, 10, 1);
    sc.inf(1, "e", 2, 20, 20, 1, 0, "C", 180);
    auto t = first_up(sc.s, "e");
    ASSERT_TRUE(t);
    t->ok(stance("allies", "e", true));
    t->ok(react("allies", "e"));
    // Two men (+3), a leader -1, rof -1, stationary -2: natural 2 -> 1 -> 3 hits, each a man
    // picked and a damage roll.
    Outcome o = ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(2), d6(1), d20(20), d6(1), d20(20), d6(1), d20(20)});
    const pb::BgsFire* f = fire_of(o);
    ASSERT_NE(f, nullptr);
    ASSERT_GE(f->wounds_size(), 1);
    ASSERT_EQ(f->wounds(0).modifiers_size(), 1);
    EXPECT_EQ(f->wounds(0).modifiers(0).name(), "prone");
    EXPECT_EQ(f->wounds(0).modifiers(0).value(), protects ? 2 : -2);
    EXPECT_EQ(f->wounds(0).result(), protects ? "-" : "SUP");
  }
}


// BGM-RF-03 (b), BGM-RF-04: an enemy ending a move within point-blank range sets the reaction
// off after the move; the side may hold; the marker lapses when the turn ends (BGM-RF-01).
TEST(BgsSkirmish, PointBlankMoveSetsOffReactionFire_BGM_RF_03_RF_04) {
  auto t = pair_up(2, 1, 2, 1, "e");
  ASSERT_TRUE(t);
  t->ok(react("allies", "e"));
  ASSERT_EQ(t->st().skirmish_active, "a");
  t->ok(move("axis", "a", pb::BG_MOVE_WALK, {{20, 12}}, 0), {2});  // 10" away: not point blank
  EXPECT_TRUE(t->g->state().decisions.empty());
  t->ok(move("axis", "a", pb::BG_MOVE_WALK, {{20, 16.5}}, 0), {5});  // 3.5": within the rifle's 4"
  ASSERT_EQ(t->g->state().decisions.size(), 1u);
  EXPECT_EQ(t->g->state().decisions.front().kind(), bg::kReactionKind);
  const pb::Command c = answer_cmd("allies", t->g->state().decisions.front().id(), "hold");
  Outcome held = t->ok(c);
  const auto* a = TG::find(held, [](const pb::BgEvent& b) { return b.has_bgs_reaction_answered(); });
  ASSERT_NE(a, nullptr);
  EXPECT_FALSE(a->bgs_reaction_answered().fired());
  EXPECT_EQ(fire_of(held), nullptr);
  // a's two actions are spent, so the turn ends, and with it the reaction marker (BGM-RF-01).
  EXPECT_EQ(t->st().turn, 2);
  EXPECT_FALSE(t->u("e").bgs->reaction);
}

// BGM-GEN-05: a natural 20 misses and jams the group's weapon; it fires again only after an
// Unjam action.
TEST(BgsSkirmish, NaturalTwentyJamsTheGroupsWeapon_BGM_GEN_05) {
  auto t = pair_up(4, 1, 4, 1, "a");
  ASSERT_TRUE(t);
  Outcome o = ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(20)});
  ASSERT_NE(fire_of(o), nullptr);
  EXPECT_TRUE(fire_of(o)->jammed());
  EXPECT_EQ(fire_of(o)->hits(), 0);
  EXPECT_TRUE(t->u("a").bgs->jammed);
  EXPECT_EQ(t->refused(fire_cmd("axis", "a", "e")), "BGM_JAMMED");
  BgOrder unjam = cmd("axis");
  unjam.mutable_bg()->mutable_unjam()->set_unit_id("a");
  t->ok(unjam);
  EXPECT_FALSE(t->u("a").bgs->jammed);
}

// GAP-BGM-GEN-02: SUP: the unit's next card passes, and the suppression is spent with it.
TEST(BgsSkirmish, SuppressedUnitsNextCardPasses_GAP_BGM_GEN_02) {
  auto t = pair_up(6, 0, 4, 0, "a");
  ASSERT_TRUE(t);
  // -7: natural 15 -> 8: 2 hits; damage 16 on column C = SUP for the first, 20 for the second.
  Outcome o = ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(15), d6(1), d20(16), d6(2), d20(20)});
  ASSERT_NE(fire_of(o), nullptr);
  EXPECT_EQ(fire_of(o)->wounds(0).result(), "SUP");
  EXPECT_TRUE(t->u("e").bgs->suppressed);
  Outcome next = t->ok(stance("axis", "a", true));
  const auto* passed = TG::find(next, [](const pb::BgEvent& b) { return b.has_bgs_activated() && b.bgs_activated().unit_id() == "e"; });
  ASSERT_NE(passed, nullptr);
  EXPECT_EQ(passed->bgs_activated().passed(), "suppressed");
  EXPECT_FALSE(t->u("e").bgs->suppressed);
}


// GAP-BGM-DMG-01: GD kills, and every friendly unit with a man within 2" of the victim takes a
// morale check: four men at point blank (-2 pairs, -1 rof, -2 stationary, -4 point blank = -9),
// natural 18 -> 9: one hit; the fourth man picked, damage 1 on column B = GD; e (his own unit)
// passes on 1, f beside it (1.5" away) fails on 20 and breaks.
TEST(BgsSkirmish, GruesomeDeathShakesFriendsWithinTwoInches_GAP_BGM_DMG_01) {
  Sc sc = skirmish();
  sc.inf(0, "a", 4, 20, 10, 0);
  sc.inf(1, "e", 4, 20, 14, 0, 0, "C", 180);
  sc.inf(1, "f", 4, 24.5, 14, 0, 0, "C", 180);
  auto t = first_up(sc.s, "a");
  ASSERT_TRUE(t);
  Outcome o = ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(18), d6(4), d20(1), d20(1), d20(20)});
  const pb::BgsFire* f = fire_of(o);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->band(), "point blank");
  EXPECT_EQ(f->modified(), 9);
  ASSERT_EQ(f->wounds_size(), 1);
  EXPECT_EQ(f->wounds(0).figure_id(), "e-f3");
  EXPECT_EQ(f->wounds(0).result(), "GD");
  EXPECT_TRUE(f->wounds(0).killed());
  std::vector<std::string> checked;
  for (const auto& e : o.events) {
    if (has_bg(e) && bg_of(e).has_bgs_morale()) checked.push_back(bg_of(e).bgs_morale().unit_id());
  }
  EXPECT_EQ(checked, (std::vector<std::string>{"e", "f"}));
  EXPECT_FALSE(t->u("e").bgs->broken);
  EXPECT_TRUE(t->u("f").bgs->broken);
}


// GAP-BGM-ASLT-07: the first row against infantry puts every man assaulted out, a d6 each: 1-3
// KIA, 4-6 HW; with nobody left there is no counter-assault. Four regulars with grenades: -2;
// natural 5 -> 3.
TEST(BgsSkirmish, AssaultFirstRowPutsEveryManOut_GAP_BGM_ASLT_07) {
  Sc sc = skirmish();
  sc.inf(0, "a", 4, 20, 10, 0).add_attributes("grenades=1");
  sc.inf(1, "e", 4, 20, 11, 0, 0, "C", 180);
  auto t = first_up(sc.s, "a");
  ASSERT_TRUE(t);
  Outcome o = ok_dice(*t, assault_cmd("axis", "a", "e", true),
                      {d20(1), d20(1), d20(1), d20(1), d20(5), d6(1), d6(3), d6(4), d6(6)});
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_bgs_assault(); });
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->bgs_assault().modified(), 3);
  EXPECT_TRUE(e->bgs_assault().silenced());
  std::vector<std::string> results;
  for (const auto& w : e->bgs_assault().wounds()) results.push_back(w.result());
  EXPECT_EQ(results, (std::vector<std::string>{"KIA", "KIA", "HW", "HW"}));
  EXPECT_TRUE(t->u("e").destroyed);
  EXPECT_TRUE(t->g->state().decisions.empty());
}


// BGM-ASLT-06: a dug-in unit is assaulted on the fighting-position column; its first row
// silences the position (+4 'B' hits, each with the fighting position's -2) and every survivor
// is broken. Four regulars with grenades: -2; natural 5 -> 3.
TEST(BgsSkirmish, SilencedPositionsSurvivorsAreBroken_BGM_ASLT_06) {
  Sc sc = skirmish();
  sc.inf(0, "a", 4, 20, 10, 0).add_attributes("grenades=1");
  sc.inf(1, "e", 4, 20, 11, 0, 0, "C", 180);
  auto t = first_up(sc.s, "e");
  ASSERT_TRUE(t);
  t->ok(move("allies", "e", pb::BG_MOVE_DIG_IN, {}, 180));
  ASSERT_TRUE(t->u("e").markers.dug_in);
  t->ok(stance("allies", "e", true));
  ASSERT_EQ(t->st().skirmish_active, "a");
  std::vector<Die> dice{d20(1), d20(1), d20(1), d20(1), d20(5)};
  for (int i = 1; i <= 4; ++i) {
    dice.push_back(d6(i));
    dice.push_back(d20(20));  // 20 - 2 = 18 on column B: SUP
  }
  Outcome o = ok_dice(*t, assault_cmd("axis", "a", "e", true), dice);
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_bgs_assault(); });
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->bgs_assault().target_type(), "fighting position");
  EXPECT_TRUE(e->bgs_assault().silenced());
  EXPECT_EQ(e->bgs_assault().hits(), 4);
  ASSERT_EQ(e->bgs_assault().wounds_size(), 4);
  EXPECT_EQ(e->bgs_assault().wounds(0).modifiers(0).value(), -2);
  EXPECT_EQ(e->bgs_assault().wounds(0).result(), "SUP");
  EXPECT_FALSE(t->u("e").destroyed);
  EXPECT_TRUE(t->u("e").bgs->broken);
}


// Only infantry, and no hidden units yet: the scenario is refused in words.
TEST(BgsSkirmish, ScenarioLimitsOfTheExperimentalProfile_GAP_BGM_GEN_01) {
  Sc hidden = skirmish();
  hidden.inf(0, "a", 4, 20, 10, 0).add_attributes("hidden");
  hidden.inf(1, "e", 4, 20, 20, 0, 0, "C", 180);
  EXPECT_NE(rules().validate(hidden.s).value_or("").find("no hidden units"), std::string::npos);
  Sc armour = skirmish();
  armour.inf(0, "a", 4, 20, 10, 0);
  armour.vehicle(1, "t", "medium_tank", 20, 20, 180);
  EXPECT_NE(rules().validate(armour.s).value_or("").find("infantry only"), std::string::npos);
  Sc weapon = skirmish();
  weapon.inf(0, "a", 4, 20, 10, 0).add_attributes("small_arm=musket");
  weapon.inf(1, "e", 4, 20, 20, 0, 0, "C", 180);
  EXPECT_NE(rules().validate(weapon.s).value_or("").find("BGM-SA-03"), std::string::npos);
}

}  // namespace
}  // namespace sandtable::bgtest
