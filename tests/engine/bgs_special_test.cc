// Shaffer's skirmish (profile b): step (1)'s special fire orders (BGM-GEN-02, BGM-SFO-01..04),
// the artillery of step (4) (BGM-ART-01..05) and the autocannon's burst (BGM-SA-02), played
// through the engine with the table's dice.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/model/payload.h"
#include "tests/engine/bgs_test_util.h"

namespace sandtable::bgtest {
namespace {

inline Die d10(int v) { return {pb::DIE_KIND_D10, v}; }
inline Die d8(int v) { return {pb::DIE_KIND_D8, v}; }

std::set<std::string> choice_ids(const pb::Decision& d) {
  std::set<std::string> out;
  for (const auto& c : d.choices()) out.insert(c.id());
  return out;
}

const pb::Decision& asked(const TG& t) { return t.g->state().decisions.front(); }

Outcome answer(TG& t, const std::string& choice, const std::vector<Die>& dice = {}) {
  const pb::Decision d = asked(t);
  return ok_dice(t, answer_cmd(d.seat(), d.id(), choice), dice);
}

// a (axis, 2 men with a leader) at (20, 10) facing north, e (allies, the same) 10" north facing it.
Sc facing_pair() {
  Sc sc = skirmish();
  sc.inf(0, "a", 2, 20, 10, 1);
  sc.inf(1, "e", 2, 20, 20, 1, 0, "C", 180);
  return sc;
}

// BGM-GEN-02 step (1): before any card each side marks special fire, unit by unit, until done;
// a unit already seen by an enemy where it stands may not be put in ambush (BGM-SFO-02/03).
TEST(BgsSpecial, StepOneMarksSpecialFireBeforeTheCards_BGM_GEN_02_SFO_03) {
  TG t(facing_pair().s);
  ASSERT_EQ(t.g->state().decisions.size(), 1u);
  EXPECT_EQ(asked(t).kind(), bg::kSpecialFireKind);
  EXPECT_EQ(asked(t).seat(), "axis");
  EXPECT_TRUE(t.st().skirmish_active.empty());  // no card before the step ends
  EXPECT_TRUE(t.u("a").bgs->sighted_here);       // e sees it from the start
  const auto ids = choice_ids(asked(t));
  EXPECT_TRUE(ids.count("done") && ids.count("opportunity:a") && ids.count("pinning:a"));
  EXPECT_FALSE(ids.count("ambush:a"));
  EXPECT_FALSE(ids.count("opportunity:e"));  // not the Allies' unit
  answer(t, "opportunity:a");
  EXPECT_EQ(t.u("a").bgs->special, "opportunity");
  // Nothing left for the Axis to mark: its marking closes and the Allies are asked.
  ASSERT_EQ(t.g->state().decisions.size(), 1u);
  EXPECT_EQ(asked(t).seat(), "allies");
  answer(t, "done");
  EXPECT_TRUE(t.g->state().decisions.empty());
  // a's card passes (it waits on special fire), so e has the card whatever the deck's order.
  EXPECT_EQ(t.st().skirmish_active, "e");
  bool passed = false;
  for (const auto& e : t.log) passed = passed || (has_bg(e) && bg_of(e).has_bgs_activated() && bg_of(e).bgs_activated().passed() == "special fire");
  EXPECT_TRUE(passed);
  // An order no longer offered is refused and changes nothing.
  TG u(facing_pair().s);
  const pb::Decision d = asked(u);
  const Outcome bad = run_dice(u, answer_cmd("axis", d.id(), "ambush:a"), {});
  EXPECT_FALSE(bad.accepted);
  EXPECT_EQ(u.u("a").bgs->special, "");
}

// BGM-SFO-01: a unit on opportunity fire answers an enemy's completed action in its front arc
// and range: the Axis are asked, the shot takes the ordinary modifiers (no reaction +2) and spends
// the order.
TEST(BgsSpecial, OpportunityFireAnswersACompletedAction_BGM_SFO_01) {
  TG t(facing_pair().s);
  answer(t, "opportunity:a");
  answer(t, "done");
  ASSERT_EQ(t.st().skirmish_active, "e");
  t.ok(move("allies", "e", pb::BG_MOVE_WALK, {{21, 20}}, 180), {3});
  ASSERT_EQ(t.g->state().decisions.size(), 1u);
  EXPECT_EQ(asked(t).kind(), bg::kReactionKind);
  EXPECT_EQ(asked(t).rule_id(), "BGM-SFO-01");
  EXPECT_EQ(asked(t).seat(), "axis");
  // Two men +3, leader -1, rof -1, stationary -2 = -1: natural 18 -> 17, no hit.
  const Outcome o = answer(t, "fire", {d20(18)});
  const pb::BgsFire* f = fire_of(o);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->special(), "opportunity");
  EXPECT_FALSE(f->reaction());
  EXPECT_EQ(modifier_total(*f), -1);
  EXPECT_EQ(t.u("a").bgs->special, "");  // fired once
  EXPECT_TRUE(t.u("a").bgs->fired_here);
}

// BGM-SFO-02 (c): in ambush a unit fires only once the enemy is within its weapon's effective
// range: e steps out from behind a building to 14" away, beyond a rifle's effective 12" but within
// an LMG's 15". h, out of every enemy's sight at step (1), may be put in ambush.
TEST(BgsSpecial, AmbushWaitsForEffectiveRange_BGM_SFO_02) {
  for (const std::string weapon : {"rifle", "lmg"}) {
    Sc sc = skirmish();
    sc.inf(0, "h", 2, 20, 10, 1).add_attributes("small_arm=" + weapon);
    sc.inf(1, "e", 2, 24, 24, 1, 0, "C", 180);
    sc.area("building", "farmhouse", 20, 18, 30, 21);
    TG t(sc.s);
    ASSERT_TRUE(choice_ids(asked(t)).count("ambush:h")) << "h sees no enemy";
    answer(t, "ambush:h");
    answer(t, "done");
    ASSERT_EQ(t.st().skirmish_active, "e");
    t.ok(move("allies", "e", pb::BG_MOVE_WALK, {{19, 24}}, 180), {6});
    const bool asked_now = !t.g->state().decisions.empty() && asked(t).kind() == bg::kReactionKind;
    EXPECT_EQ(asked_now, weapon == "lmg") << weapon;
    EXPECT_EQ(t.u("h").bgs->special, "ambush");
  }
}

// BGM-SFO-03: a friend firing within 6" while an enemy sees it gives a unit's position away
// (no ambush from there); moving on clears the unit's record.
TEST(BgsSpecial, FriendsFireNearbySpoilsAnAmbush_BGM_SFO_03) {
  Sc sc = facing_pair();
  sc.inf(0, "b", 2, 24, 10, 1);
  auto t = first_up(sc.s, "a");
  ASSERT_TRUE(t);
  ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(18)});
  EXPECT_TRUE(t->u("b").bgs->friend_fired_near);
  EXPECT_TRUE(t->u("a").bgs->fired_here);
  t->ok(move("axis", "a", pb::BG_MOVE_WALK, {{20, 8}}, 0), {3});
  EXPECT_FALSE(t->u("a").bgs->fired_here);
}

// BGM-SFO-04: a unit on pinning fire spends its card on one shot whose hits pin: no damage rolls,
// the target is suppressed and checks its morale; it may not move.
TEST(BgsSpecial, PinningFireSuppressesWithoutWounds_BGM_SFO_04) {
  for (std::uint64_t seed = 1; seed < 100; ++seed) {
    TG t(facing_pair().s, true, seed);
    answer(t, "pinning:a");
    answer(t, "done");
    if (t.st().skirmish_active != "a") continue;
    const pb::View v = t.g->view("axis");
    bool pin_entry = false, move_entry = false;
    for (const auto& a : v.menu().actions()) {
      pin_entry = pin_entry || (a.id() == "fire:a" && a.label().rfind("Pinning fire", 0) == 0);
      move_entry = move_entry || a.id().rfind("move", 0) == 0;
    }
    EXPECT_TRUE(pin_entry);
    EXPECT_FALSE(move_entry);
    EXPECT_EQ(t.refused(move("axis", "a", pb::BG_MOVE_WALK, {{20, 12}}, 0), {3}), "BGM_PINNING");
    // +3 two men, -1 leader, -1 rof, -2 stationary, and pinning fire's +4 for a rof below 3
    // (BGM-SA-04) = +3: natural 2 -> 5 -> two hits, none rolled for damage; e's morale d20 5 passes.
    const Outcome o = ok_dice(t, fire_cmd("axis", "a", "e"), {d20(2), d20(5)});
    const pb::BgsFire* f = fire_of(o);
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->special(), "pinning");
    EXPECT_EQ(modifier_total(*f), 3);
    EXPECT_EQ(f->hits(), 2);
    EXPECT_EQ(f->wounds_size(), 0);
    // Suppressed: still marked, or its next card (the turn's last) has passed on it.
    bool pinned = t.u("e").bgs->suppressed;
    for (const auto& e : o.events) {
      pinned = pinned || (has_bg(e) && bg_of(e).has_bgs_activated() && bg_of(e).bgs_activated().unit_id() == "e" &&
                          bg_of(e).bgs_activated().passed() == "suppressed");
    }
    EXPECT_TRUE(pinned);
    EXPECT_EQ(t.u("e").living(), 2);
    EXPECT_NE(TG::find(o, [](const pb::BgEvent& b) { return b.has_bgs_morale(); }), nullptr);
    EXPECT_NE(t.st().skirmish_active, "a");  // its card is spent
    return;
  }
  FAIL() << "no seed gives a the first card";
}

void add_strike(Sc& sc, const std::string& id, const std::string& side, int turn, std::vector<std::pair<double, double>> aims,
                int call, bool observed, int mm) {
  pb::BgScenario extra = payload_of<pb::BgScenario>(sc.s);
  auto* k = extra.add_strikes();
  k->set_id(id);
  k->set_side(side);
  k->set_turn(turn);
  k->set_system("mortar");
  for (auto [x, y] : aims) *k->add_aim_points() = pt(x, y);
  k->set_call_number(call);
  k->set_observed(observed);
  k->set_calibre_mm(mm);
  sc.s.mutable_extra()->PackFrom(extra);
}

const pb::BgsBarrage* barrage_of(const std::vector<pb::Event>& log) {
  for (const auto& e : log) {
    if (has_bg(e) && bg_of(e).has_bgs_barrage()) return &bg_of(e).bgs_barrage();
  }
  return nullptr;
}

// BGM-ART-02/03/04, BGM-COV-01: an observed 81 mm mortar: the call d20 8 - 5 = 3 is within 12;
// the d10 3 (east) and d6 2 move it 2" from a's centre, a tight pattern; the two men within 2" of
// where it lands roll damage on column E with the 71-100 mm barrage's -2.
TEST(BgsSpecial, ObservedMortarCallsDeviatesAndLands_BGM_ART_01_02_03_04) {
  Sc sc = skirmish();
  sc.inf(0, "a", 4, 20, 10, 1);
  sc.inf(1, "e", 2, 20, 30, 1, 0, "C", 180);
  add_strike(sc, "s1", "allies", 1, {{20, 10}}, 12, true, 81);
  TG t(sc.s);
  past_marking(t, {d20(8), d10(3), d6(2), d20(1), d20(20)});
  const pb::BgsBarrage* b = barrage_of(t.log);
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(b->called());
  EXPECT_EQ(b->call_modifier(), -5);
  EXPECT_EQ(b->call_number(), 12);
  EXPECT_EQ(b->deviation_dice(), "1d10 + 1d6");
  EXPECT_EQ(b->direction_roll(), 3);
  EXPECT_DOUBLE_EQ(b->drift(), 2.0);
  EXPECT_DOUBLE_EQ(b->landed().x(), 22.0);
  EXPECT_DOUBLE_EQ(b->landed().y(), 10.0);
  EXPECT_EQ(b->pattern(), "tight");
  EXPECT_EQ(b->column(), "E");
  ASSERT_EQ(b->wounds_size(), 2);  // a-f2 at 20.5 and a-f3 at 21.5; a-f1 at 19.5 is 2.5" off
  EXPECT_EQ(b->wounds(0).modifiers(0).name(), "barrage 71-100 mm");
  EXPECT_EQ(b->wounds(0).modifiers(0).value(), -2);
  EXPECT_EQ(b->wounds(0).result(), "KIA");  // 1 - 2: row 1, column E
  EXPECT_EQ(t.u("a").living(), 3);
  EXPECT_TRUE(t.st().missions[0].done);
}

// BGM-ART-02 failing, then the base game's deviation: the call d20 13 is over 12, no fire this
// turn (it calls again next turn); unobserved, it deviates 1d8 + 2d6 and 7" is a loose pattern
// (BGM-ART-04): each man within 4" is hit on a d6 of 4 or more.
TEST(BgsSpecial, FailedCallThenUnobservedLoosePattern_BGM_ART_02_04) {
  Sc sc = skirmish();
  sc.inf(0, "a", 4, 20, 10, 1);
  sc.inf(1, "e", 2, 20, 30, 1, 0, "C", 180);
  add_strike(sc, "s1", "allies", 1, {{20, 17}}, 12, false, 105);
  TG t(sc.s);
  past_marking(t, {d20(13)});
  const pb::BgsBarrage* b = barrage_of(t.log);
  ASSERT_NE(b, nullptr);
  EXPECT_FALSE(b->called());
  EXPECT_EQ(t.st().missions[0].turn, 2);
  EXPECT_FALSE(t.st().missions[0].done);
  TG l(sc.s);
  // d8 5 (south) and 2d6 3 + 4: 7" south of (20, 17) is (20, 10), a's centre. Four men within 4":
  // d6 1 spares one, 4, 6, 5 hit; each damage d20 20 - 3 (101-150 mm) = 17: nothing on column E.
  past_marking(l, {d20(1), d8(5), d6(3), d6(4), d6(1), d6(4), d20(20), d6(6), d20(20), d6(5), d20(20)});
  const pb::BgsBarrage* lb = barrage_of(l.log);
  ASSERT_NE(lb, nullptr);
  EXPECT_EQ(lb->deviation_dice(), "1d8 + 2d6");
  EXPECT_EQ(lb->pattern(), "loose");
  EXPECT_DOUBLE_EQ(lb->drift(), 7.0);
  EXPECT_EQ(lb->wounds_size(), 3);
  EXPECT_EQ(lb->wounds(0).modifiers(0).value(), -3);
}

// BGM-ART-05: a strike the side plots during play for a later turn is seen only by that side
// (and the GM) until it lands in that turn's step (4); this turn is too late in the skirmish.
TEST(BgsSpecial, PlottedStrikeIsSecretUntilItLands_BGM_ART_05) {
  Sc sc = skirmish();
  sc.inf(0, "a", 4, 20, 10, 1);
  sc.inf(1, "e", 2, 20, 30, 1, 0, "C", 180);
  add_strike(sc, "s2", "allies", 0, {}, 0, false, 0);
  TG t(sc.s);
  past_marking(t);
  BgOrder late = cmd("allies");
  late.mutable_bg()->mutable_plan_strike()->set_strike_id("s2");
  late.mutable_bg()->mutable_plan_strike()->set_turn(1);
  *late.mutable_bg()->mutable_plan_strike()->add_aim_points() = pt(20, 10);
  EXPECT_EQ(t.refused(late), "BG_STRIKE_TURN");
  BgOrder plot = late;
  plot.mutable_bg()->mutable_plan_strike()->set_turn(2);
  const Outcome o = t.ok(plot);
  ASSERT_EQ(o.events.size(), 1u);
  EXPECT_FALSE(t.g->event_for(o.events[0], "axis").has_value());
  EXPECT_TRUE(t.g->event_for(o.events[0], "allies").has_value());
  // Both cards pass unplayed: the turn ends and turn 2's step (4) lands the strike (default call
  // number 11: d20 1; unobserved: d8 1, 2d6 1 + 1 = 2" north; the men under it roll 20s).
  for (int i = 0; i < 2 && t.st().turn == 1; ++i) t.end_action(t.st().sides[static_cast<std::size_t>(t.st().action.side)]);
  ASSERT_EQ(t.st().turn, 2);
  const std::size_t before = t.log.size();
  past_marking(t, {d20(1), d8(1), d6(1), d6(1), d20(20), d20(20), d20(20), d20(20)});
  const std::vector<pb::Event> after(t.log.begin() + static_cast<std::ptrdiff_t>(before), t.log.end());
  const pb::BgsBarrage* b = barrage_of(after);
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(b->called());
  EXPECT_EQ(b->call_number(), 11);
  for (const auto& e : after) {
    if (has_bg(e) && bg_of(e).has_bgs_barrage()) {
      EXPECT_TRUE(t.g->event_for(e, "axis").has_value());
    }
  }
}

// BGM-SA-02: an autocannon fires as a large-calibre MG, and each man it hits also takes a burst
// hit: column G under 30 mm, D from 30 mm.
TEST(BgsSpecial, AutocannonBurstHit_BGM_SA_02) {
  for (const int mm : {20, 37}) {
    Sc sc = skirmish();
    sc.inf(0, "a", 2, 20, 10, 1).add_attributes("small_arm=autocannon:" + std::to_string(mm));
    sc.inf(1, "e", 2, 20, 20, 1, 0, "C", 180);
    auto t = first_up(sc.s, "a");
    ASSERT_TRUE(t);
    // +3 two men, -1 leader, -4 rof, -2 stationary = -4: natural 12 -> 8, two hits (BGM-SA-05);
    // each picks a man (d6), rolls its column A damage (20: SUP) and the burst (20: nothing).
    const Outcome o = ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(12), d6(1), d20(20), d20(20), d6(2), d20(20), d20(20)});
    const pb::BgsFire* f = fire_of(o);
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->weapon(), std::to_string(mm) + " mm autocannon");
    ASSERT_EQ(f->wounds_size(), 4);
    EXPECT_FALSE(f->wounds(0).burst());
    EXPECT_TRUE(f->wounds(1).burst());
    EXPECT_EQ(f->wounds(1).figure_id(), f->wounds(0).figure_id());
    EXPECT_EQ(f->wounds(1).column(), mm < 30 ? "G" : "D");
  }
  Sc bad = skirmish();
  bad.inf(0, "a", 2, 20, 10, 1).add_attributes("small_arm=autocannon:7");
  bad.inf(1, "e", 2, 20, 20, 1, 0, "C", 180);
  EXPECT_NE(rules().validate(bad.s).value_or("").find("autocannon"), std::string::npos);
}

// BGM-DMG-03 / BGM-SFO-05: an LMG firing down from a hill onto men on the flat within 12" gives
// their damage rolls -3; a rifle (not automatic) does not.
TEST(BgsSpecial, PlungingAutomaticFire_BGM_DMG_03_SFO_05) {
  for (const std::string weapon : {"lmg", "rifle"}) {
    Sc sc = skirmish();
    sc.inf(0, "a", 2, 20, 10, 1).add_attributes("small_arm=" + weapon);
    sc.inf(1, "e", 2, 20, 20, 1, 0, "C", 180);
    sc.area("hill", "knoll", 14, 5, 26, 14);
    auto t = first_up(sc.s, "a");
    ASSERT_TRUE(t);
    const Outcome o = ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(1), d6(1), d20(20), d6(1), d20(20), d6(1), d20(20), d6(1), d20(20)});
    const pb::BgsFire* f = fire_of(o);
    ASSERT_NE(f, nullptr);
    ASSERT_GE(f->wounds_size(), 1);
    bool plunging = false;
    for (const auto& m : f->wounds(0).modifiers()) plunging = plunging || (m.name() == "plunging fire" && m.value() == -3);
    EXPECT_EQ(plunging, weapon == "lmg") << weapon;
  }
}

// BGM-SA-04's other lines: a sniper -3; a crew-served weapon (MMG) whose crew is not qualified +2,
// and +3 once half its crew or more is down.
TEST(BgsSpecial, SniperAndCrewServedModifiers_BGM_SA_04) {
  Sc sc = skirmish();
  sc.inf(0, "a", 2, 20, 10, 1).add_attributes("sniper");
  sc.inf(1, "e", 4, 20, 20, 1, 0, "C", 180).add_attributes("small_arm=mmg");
  sc.s.mutable_sides(1)->mutable_units(0)->add_attributes("unqualified");
  auto t = first_up(sc.s, "a");
  ASSERT_TRUE(t);
  auto mods_of = [](const pb::BgsFire& f) {
    std::map<std::string, int> m;
    for (const auto& x : f.modifiers()) m[x.name()] = x.value();
    return m;
  };
  // a: +3 two men, -3 sniper, -1 leader, -1 rof, -2 stationary = -4: natural 6 -> 2, three hits on
  // column C: each picks a man (d6) and rolls damage: 2 is KIA for the first two, 20 SUP the third.
  const Outcome o = ok_dice(*t, fire_cmd("axis", "a", "e"), {d20(6), d6(2), d20(2), d6(2), d20(2), d6(1), d20(20)});
  const pb::BgsFire* f = fire_of(o);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(mods_of(*f).at("sniper"), -3);
  EXPECT_EQ(t->u("e").living(), 2);
  const bg::SaPlan p = bg::plan_bgs_fire(t->st(), t->u("e"), t->u("a"), false);
  std::map<std::string, int> m;
  for (const auto& [name, v] : p.modifiers) m[name] = v;
  EXPECT_EQ(m.at("crew not qualified on the weapon"), 2);
  EXPECT_EQ(m.at("half crew or less"), 3);  // 2 of its 4 left
  EXPECT_EQ(m.count("sniper"), 0u);
}

}  // namespace
}  // namespace sandtable::bgtest
