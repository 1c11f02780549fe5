// Battleground: the captors choose the guards of new prisoners (BG-PRIS-01: one figure may
// guard up to four prisoners; at least one victorious figure must become a guard; BG-MED-01: a
// medic never guards). bg.guards = players (default): the game waits on the captors' seat for
// a BgPrisoners; bg.guards = listed: rifles from the back, never asked.
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/bg/bg_actions.h"
#include "tests/engine/bg_melee_test_util.h"

namespace sandtable::bgtest {
namespace {

pb::Command surrender(const std::string& seat, const std::string& unit, const std::string& to) {
  BgOrder c = cmd(seat);
  c.mutable_bg()->mutable_surrender()->set_unit_id(unit);
  c.mutable_bg()->mutable_surrender()->set_to_unit_id(to);
  return c;
}

pb::Command guards(const std::string& seat, const std::string& group, std::vector<std::string> ids) {
  BgOrder c = cmd(seat);
  c.mutable_bg()->mutable_prisoners()->set_group_id(group);
  for (const auto& id : ids) c.mutable_bg()->mutable_prisoners()->add_guard_figure_ids(id);
  return c;
}

const pb::BgPrisonerGroup* group_event(const Outcome& o) {
  const auto* g = TG::find(o, [](const pb::BgEvent& b) { return b.has_prisoners(); });
  return g ? &g->prisoners() : nullptr;
}

const pb::BgGuardsChosen* chosen(const Outcome& o) {
  const auto* g = TG::find(o, [](const pb::BgEvent& b) { return b.has_guards_chosen(); });
  return g ? &g->guards_chosen() : nullptr;
}

// Axis "a" (8: a-f0 leader, a-f1..a-f7 rifles) at (10, 10); Allied "e" (n figures) gives itself
// up to "a" (BG-PRIS-03); Allied "s" stays on the table, so the game goes on.
Sc scene(int n) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1);
  sc.inf(1, "e", n, 10, 20, 1, 0, "C", 180);
  sc.inf(1, "s", 4, 30, 30, 0, 0, "C", 225);
  return sc;
}

using Ids = std::vector<std::string>;

Ids guard_ids(const bg::Unit& g) {
  Ids out;
  for (const auto& f : g.figures) {
    if (f.alive && !f.prisoner) out.push_back(f.id);
  }
  return out;
}

// BG-PRIS-01: the group forms with the default guard (a-f7, a rifle from the back) and the game
// waits on the Axis, who put their leader on guard instead: a-f0 joins the group where a-f7
// stood, and a-f7 goes back to "a" where a-f0 stood. Nothing else happens meanwhile.
TEST(BgGuards, PRIS01CaptorsChooseTheGuard) {
  TG t(scene(4).s);
  const Outcome s = t.ok(surrender("allies", "e", "a"));
  const auto* ge = group_event(s);
  ASSERT_NE(ge, nullptr);
  const std::string group = ge->group_id();
  ASSERT_EQ(ge->guards_size(), 1);
  EXPECT_EQ(ge->guards(0), "a-f7");
  EXPECT_EQ(ge->choosing_unit(), "a");
  EXPECT_EQ(t.g->waiting_for(), (Ids{"axis"}));
  BgOrder end = cmd("allies");
  end.mutable_bg()->mutable_end_action();
  EXPECT_EQ(t.refused(end), "BG_GUARDS_FIRST");
  BgOrder draw = cmd("axis");
  *draw.mutable_bg()->mutable_draw_card()->mutable_card() = card(C, 9);
  EXPECT_EQ(t.refused(draw), "BG_GUARDS_FIRST");
  const bg::Vec2 leader_at = t.u("a").figure("a-f0")->pos;
  const bg::Vec2 guard_at = t.u(group).figure("a-f7")->pos;
  const Outcome o = t.ok(guards("axis", group, {"a-f0"}));
  const auto* c = chosen(o);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(Ids(c->guards().begin(), c->guards().end()), (Ids{"a-f0"}));
  EXPECT_EQ(Ids(c->guards_in().begin(), c->guards_in().end()), (Ids{"a-f0"}));
  EXPECT_EQ(Ids(c->guards_out().begin(), c->guards_out().end()), (Ids{"a-f7"}));
  EXPECT_FALSE(c->kept());
  for (const char* viewer : {"allies", "spectator"}) EXPECT_TRUE(t.g->event_for(o.events[0], viewer)) << viewer;  // public
  EXPECT_EQ(guard_ids(t.u(group)), (Ids{"a-f0"}));
  EXPECT_EQ(t.u(group).figure("a-f0")->pos, guard_at);
  ASSERT_NE(t.u("a").figure("a-f7"), nullptr);
  EXPECT_EQ(t.u("a").figure("a-f7")->pos, leader_at);
  EXPECT_EQ(t.u("a").figure("a-f0"), nullptr);
  EXPECT_EQ(t.u("a").living_fighters(), 7);
  EXPECT_EQ(t.u(group).living_fighters(), 1);  // still one guard per four prisoners
  EXPECT_EQ(t.u(group).living() - t.u(group).living_fighters(), 4);
  EXPECT_TRUE(t.u(group).guards_from.empty());
  EXPECT_NE(t.g->waiting_for(), (Ids{"axis"}));  // the game goes on: either side turns the card
  EXPECT_EQ(t.refused(guards("axis", group, {"a-f1"})), "BG_GUARDS_NOT_DUE");  // chosen once
  EXPECT_EQ(rules().describe(t.g->state(), o.events[0], "allies"),
            "axis chooses a-f0 (leader) to guard prisoner group " + group + ": a-f0 (leader) takes over from a-f7 (BG-PRIS-01).");
}

// BG-PRIS-01: nine prisoners need three guards (one per four, at least one); the answer must
// name exactly three of the captor unit's figures, each once; BG-MED-01: never its medic; only
// the captors answer; release is not a guard's choice.
TEST(BgGuards, PRIS01RefusalsNameTheRule) {
  Sc sc = scene(9);
  sc.s.mutable_sides(0)->mutable_units(0)->mutable_figures(3)->set_kind("medic");  // a-f3
  TG t(sc.s);
  const auto* ge = group_event(t.ok(surrender("allies", "e", "a")));
  ASSERT_NE(ge, nullptr);
  const std::string group = ge->group_id();
  EXPECT_EQ(Ids(ge->guards().begin(), ge->guards().end()), (Ids{"a-f7", "a-f6", "a-f5"}));
  auto refusal = [&](pb::Command c) {
    const Outcome o = t.run(c);
    EXPECT_FALSE(o.accepted);
    return o.rejection.code() + " " + o.rejection.rule_id();
  };
  EXPECT_EQ(refusal(guards("axis", group, {"a-f0", "a-f1"})), "BG_GUARDS_COUNT BG-PRIS-01");
  EXPECT_EQ(refusal(guards("axis", group, {"a-f0", "a-f1", "a-f2", "a-f4"})), "BG_GUARDS_COUNT BG-PRIS-01");
  EXPECT_EQ(refusal(guards("axis", group, {"a-f0", "a-f0", "a-f7"})), "BG_GUARD_TWICE BG-PRIS-01");
  EXPECT_EQ(refusal(guards("axis", group, {"a-f0", "a-f3", "a-f7"})), "BG_MEDIC_NEVER_GUARDS BG-MED-01");
  EXPECT_EQ(refusal(guards("axis", group, {"a-f0", "s-f1", "a-f7"})), "BG_GUARD_NOT_CAPTOR BG-PRIS-01");
  EXPECT_EQ(refusal(guards("axis", group, {"a-f0", "e-f1", "a-f7"})), "BG_GUARD_NOT_CAPTOR BG-PRIS-01");  // a prisoner
  EXPECT_EQ(refusal(guards("allies", group, {})), "BG_GUARDS_NOT_DUE BG-PRIS-01");
  EXPECT_EQ(refusal(guards("axis", "prisoners-99", {})), "BG_NO_SUCH_PRISONERS BG-PRIS-01");
  BgOrder release = guards("axis", group, {});
  release.mutable_bg()->mutable_prisoners()->set_release(true);
  EXPECT_EQ(refusal(release), "BG_PRISONERS_NOT_RELEASED BG-PRIS-06");
  const Outcome o = t.run(guards("axis", group, {"a-f0", "a-f3", "a-f7"}));
  EXPECT_NE(o.rejection.message().find("medic never guards"), std::string::npos) << o.rejection.message();
  // Two default guards kept, the leader for the third: a-f5 goes back.
  const auto* c = chosen(t.ok(guards("axis", group, {"a-f7", "a-f0", "a-f6"})));
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(Ids(c->guards_out().begin(), c->guards_out().end()), (Ids{"a-f5"}));
  EXPECT_EQ(t.u(group).living_fighters(), 3);
  EXPECT_NE(t.u("a").figure("a-f5"), nullptr);
  EXPECT_NE(t.u("a").figure("a-f3"), nullptr);  // the medic stays with its unit
}

// BG-PRIS-01: naming nobody keeps the default guards (the menu's hold entry); the event says so.
TEST(BgGuards, PRIS01KeepTheDefaultGuards) {
  TG t(scene(5).s);
  const std::string group = group_event(t.ok(surrender("allies", "e", "a")))->group_id();
  const Outcome o = t.ok(guards("axis", group, {}));
  const auto* c = chosen(o);
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->kept());
  EXPECT_EQ(Ids(c->guards().begin(), c->guards().end()), (Ids{"a-f7", "a-f6"}));
  EXPECT_TRUE(c->guards_in().empty());
  EXPECT_EQ(guard_ids(t.u(group)), (Ids{"a-f7", "a-f6"}));
  EXPECT_EQ(rules().describe(t.g->state(), o.events[0], "axis"),
            "axis keeps a-f7 and a-f6 guarding prisoner group " + group + " (rifles from the back, BG-PRIS-01).");
}

// bg.guards = listed: rifles from the back without asking; BgPrisoners is refused.
TEST(BgGuards, PRIS01ListedOptionNeverAsks) {
  Sc sc = scene(4);
  sc.option("bg.guards", "listed");
  TG t(sc.s);
  const auto* ge = group_event(t.ok(surrender("allies", "e", "a")));
  ASSERT_NE(ge, nullptr);
  EXPECT_TRUE(ge->choosing_unit().empty());
  EXPECT_NE(t.g->waiting_for(), (Ids{"axis"}));
  EXPECT_EQ(t.refused(guards("axis", ge->group_id(), {"a-f0"})), "BG_GUARDS_NOT_DUE");
  EXPECT_EQ(guard_ids(t.u(ge->group_id())), (Ids{"a-f7"}));
  Sc bad = scene(4);
  bad.option("bg.guards", "rifles");
  EXPECT_TRUE(rules().validate(bad.s).has_value());
}

// BG-PRIS-01 / BG-MED-01: a captor unit of a leader and a medic has one figure that may guard,
// the one guard needed: nothing to choose, the game does not wait, and the medic never guards.
TEST(BgGuards, PRIS01NoChoiceWhenOnlyOneFigureMayGuard) {
  Sc sc;
  sc.inf(0, "a", 2, 10, 10, 1).mutable_figures(1)->set_kind("medic");
  sc.inf(1, "e", 3, 10, 20, 1, 0, "C", 180);
  sc.inf(1, "s", 4, 30, 30, 0, 0, "C", 225);
  TG t(sc.s);
  const auto* ge = group_event(t.ok(surrender("allies", "e", "a")));
  ASSERT_NE(ge, nullptr);
  EXPECT_EQ(Ids(ge->guards().begin(), ge->guards().end()), (Ids{"a-f0"}));
  EXPECT_TRUE(ge->choosing_unit().empty());
  EXPECT_NE(t.g->waiting_for(), (Ids{"axis"}));
}

// The menu: while the Axis choose, their menu has one "plan" entry per guard (targets: the guard
// now, then the captor unit's figures that may guard: no medic) and the hold entry; the Allies'
// menu is empty. A pick becomes a BgPrisoners.
TEST(BgGuards, PRIS01MenuPlanOfGuards) {
  Sc sc = scene(4);
  sc.s.mutable_sides(0)->mutable_units(0)->mutable_figures(3)->set_kind("medic");  // a-f3
  TG t(sc.s);
  const std::string group = group_event(t.ok(surrender("allies", "e", "a")))->group_id();
  const pb::ActionMenu m = t.g->menu("axis");
  const pb::Action* slot = nullptr;
  const pb::Action* keep = nullptr;
  for (const auto& a : m.actions()) {
    if (a.id() == "guard:" + group + ":1") slot = &a;
    if (a.id() == "guards-kept:" + group) keep = &a;
  }
  ASSERT_NE(slot, nullptr);
  ASSERT_NE(keep, nullptr);
  EXPECT_EQ(slot->kind(), "plan");
  EXPECT_EQ(slot->rule_id(), "BG-PRIS-01");
  EXPECT_TRUE(keep->targets().empty());
  Ids targets;
  for (const auto& x : slot->targets()) targets.push_back(x.id());
  EXPECT_EQ(targets, (Ids{"a-f7", "a-f0", "a-f1", "a-f2", "a-f4", "a-f5", "a-f6"}));
  EXPECT_EQ(slot->targets(1).label(), "Leader a-f0 — a");
  EXPECT_EQ(slot->targets(0).detail(), "guards now");
  for (const auto& a : m.actions()) {
    EXPECT_TRUE(a.id().starts_with("guard") || a.id().starts_with("plan-strike")) << a.id();
  }
  EXPECT_TRUE(t.g->menu("allies").actions().empty());
  pb::Command c;
  c.set_seat("axis");
  c.mutable_play()->set_action("guard:" + group + ":1");
  c.mutable_play()->set_target("a-f2");
  TableDice none;
  const Outcome o = t.g->execute(c, &none);
  ASSERT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  EXPECT_EQ(guard_ids(t.u(group)), (Ids{"a-f2"}));
}

// The random bot (legal_actions) answers: keep, or a swap, each accepted; the other side has
// nothing to do meanwhile.
TEST(BgGuards, PRIS01BotAnswers) {
  TG t(scene(4).s);
  const std::string group = group_event(t.ok(surrender("allies", "e", "a")))->group_id();
  const auto axis = bg::legal_actions(t.st(), "axis");
  ASSERT_GE(axis.size(), 2u);
  EXPECT_TRUE(bg::legal_actions(t.st(), "allies").empty());
  for (const auto& c : axis) {
    ASSERT_TRUE(has_bg(c));
    TG copy(scene(4).s);
    copy.ok(surrender("allies", "e", "a"));
    const Outcome o = copy.run(c);
    EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  }
}

// Save and load while the game waits for the guards: the wait survives, and so does the answer.
TEST(BgGuards, PRIS01WaitSurvivesSaveAndReplay) {
  TG t(scene(4).s);
  const std::string group = group_event(t.ok(surrender("allies", "e", "a")))->group_id();
  std::string error;
  auto loaded = Game::load(builtin_registry(), t.log.front(), t.g->save(), &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->waiting_for(), (Ids{"axis"}));
  EXPECT_EQ(static_cast<const BgState&>(loaded->state()).find(group)->guards_from, "a");
  auto replayed = Game::from_log(builtin_registry(), t.log, &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_EQ(replayed->waiting_for(), (Ids{"axis"}));
  TableDice none;
  const Outcome o = loaded->execute(guards("axis", group, {"a-f0"}), &none);
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(guard_ids(*static_cast<const BgState&>(loaded->state()).find(group)), (Ids{"a-f0"}));
}

// BG-UNIT-06 then BG-PRIS-01 in a melee: "e" (3 rifles, no leader) facing 9 gives itself up
// before the first round; another Allied unit is still on the table, so the Axis choose the
// guard before the game goes on (the melee phase waits; nobody may turn the next card).
TEST(BgGuards, PRIS01AfterASurrenderInMelee) {
  Sc sc;
  sc.inf(0, "a", 9, 10, 10, 1);
  sc.inf(1, "e", 3, 10, 20, 0, 0, "C", 180);
  sc.inf(1, "s", 4, 50, 30, 0, 0, "C", 225);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "e"), {5, 2, 2, 2, 2, 2});
  if (!t.st().decisions.empty()) t.ok(answer(t, "allies", "none"), {6, 6, 6});
  ASSERT_EQ(t.st().melees.size(), 1u);
  t.draw(make_joker(1));
  const Outcome o = t.ok(fight("axis", t.st().melees[0].id));
  EXPECT_EQ(TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_round(); }), nullptr);
  const auto* ge = group_event(o);
  ASSERT_NE(ge, nullptr);
  EXPECT_EQ(ge->choosing_unit(), "a");
  EXPECT_EQ(ge->guards_size(), 1);
  EXPECT_EQ(t.g->waiting_for(), (Ids{"axis"}));
  EXPECT_EQ(t.st().phase, bg::Phase::kMelee);
  BgOrder proceed = cmd("allies");
  proceed.mutable_bg()->mutable_proceed();
  EXPECT_EQ(t.refused(proceed), "BG_GUARDS_FIRST");
  t.ok(guards("axis", ge->group_id(), {"a-f0"}));
  EXPECT_EQ(guard_ids(t.u(ge->group_id())), (Ids{"a-f0"}));
  EXPECT_NE(t.g->waiting_for(), (Ids{"axis"}));
}

}  // namespace
}  // namespace sandtable::bgtest
