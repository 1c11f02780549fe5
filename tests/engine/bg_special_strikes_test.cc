// Scheduled off-table strikes (BG-ART-01): written down by the scenario or by the side in play,
// secret until they land in the special-actions phase of their turn; smoke (BG-SMK-05) and
// flare (BG-FLR-03) missions.
#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_special.h"
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {
namespace {

constexpr pb::DieKind D6 = pb::DIE_KIND_D6, D10Z = pb::DIE_KIND_D10_ZERO;

Outcome ok_dice(TG& g, BgOrder c, std::vector<std::pair<pb::DieKind, int>> dice) {
  TableDice t;
  for (auto [k, v] : dice) t.push(k, v);
  Outcome o = g.g->execute(c, &t);
  EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  if (o.accepted) g.log.insert(g.log.end(), o.events.begin(), o.events.end());
  return o;
}

// Turns a joker: the turn's card play ends, its special-actions phase runs (BG-SEQ-03).
Outcome joker(TG& g, int which, std::vector<std::pair<pb::DieKind, int>> dice = {}) {
  BgOrder c = cmd("axis");
  *c.mutable_bg()->mutable_draw_card()->mutable_card() = make_joker(which);
  return ok_dice(g, c, std::move(dice));
}

// Ends a turn by turning one card of each suit (BG-CARD-05), no unit acting; the special phase
// runs with `dice`.
void four_suits(TG& g, int rank, std::vector<std::pair<pb::DieKind, int>> dice = {}) {
  const std::pair<pb::Suit, const char*> order[] = {{S, "axis"}, {C, "axis"}, {H, "allies"}, {D, "allies"}};
  for (int i = 0; i < 4; ++i) {
    g.draw(card(order[i].first, rank), order[i].second);
    BgOrder c = cmd(order[i].second);
    c.mutable_bg()->mutable_end_action();
    ok_dice(g, c, i == 3 ? dice : std::vector<std::pair<pb::DieKind, int>>{});
  }
}

void strike(Sc& sc, const std::string& id, const std::string& side, int turn, const std::string& system,
            std::vector<std::pair<double, double>> aims = {}) {
  std::vector<pb::Point> points;
  for (auto [x, y] : aims) points.push_back(pt(x, y));
  sc.add_strike(id, side, turn, system, points);
}

Sc base() {
  Sc sc;
  sc.inf(0, "a1", 4, 10, 10);
  sc.inf(1, "b1", 4, 40, 30);
  return sc;
}

pb::Command plan(const std::string& seat, const std::string& id, int turn, std::vector<std::pair<double, double>> aims) {
  BgOrder c = cmd(seat);
  auto* p = c.mutable_bg()->mutable_plan_strike();
  p->set_strike_id(id);
  p->set_turn(turn);
  for (auto [x, y] : aims) *p->add_aim_points() = pt(x, y);
  return c;
}

int strikes_seen_at_start(const TG& g, const std::string& viewer) {
  for (const auto& e : g.log) {
    if (!e.has_game_started()) continue;
    auto x = g.g->event_for(e, viewer);
    return x ? payload_of<pb::BgScenario>(x->game_started().scenario()).strikes_size() : -1;
  }
  return -1;
}

// BG-ART-01: a scenario strike is written down for turn 1; only its side and the GM know of it
// (GameStarted copies, views) until it lands in turn 1's special-actions phase, in public.
TEST(BgSpecialStrikes, ScenarioStrikeSecretUntilItLands) {
  Sc sc = base();
  strike(sc, "s1", "allies", 1, "mortar", {{10, 10}});
  TG g(sc.s);
  EXPECT_EQ(strikes_seen_at_start(g, "allies"), 1);
  EXPECT_EQ(strikes_seen_at_start(g, "gm"), 1);
  EXPECT_EQ(strikes_seen_at_start(g, "axis"), 0);
  EXPECT_EQ(strikes_seen_at_start(g, "spectator"), 0);
  EXPECT_EQ(g.g->view("axis").DebugString().find("s1"), std::string::npos);
  // The refusal to the other side reads exactly as for a strike that does not exist.
  Outcome r1 = g.run(plan("axis", "s1", 0, {{30, 30}}));
  Outcome r2 = g.run(plan("axis", "zz", 0, {{30, 30}}));
  EXPECT_EQ(r1.rejection.code(), "BG_NO_STRIKE");
  EXPECT_EQ(r1.rejection.message(), "axis has no scheduled strike 's1'.");
  EXPECT_EQ(r2.rejection.message(), "axis has no scheduled strike 'zz'.");
  // Card play: nothing has landed yet.
  g.draw(card(S, 3));
  EXPECT_FALSE(g.st().missions[0].done);
  g.end_action("axis");
  // Special phase of turn 1: no drift (3, 3); 2 blue [6, 5] as grade C, no red dice in the open;
  // casualty D6 2 (a1-f1), then 1 of three (the leader, save 4 fails).
  Outcome o = joker(g, 1, {{D6, 3}, {D6, 3}, {D6, 6}, {D6, 5}, {D6, 2}, {D6, 1}, {D6, 4}});
  const auto* called = TG::find(o, [](const pb::BgEvent& e) { return e.has_fire_mission() && e.fire_mission().state() == "called"; });
  ASSERT_NE(called, nullptr);
  EXPECT_EQ(called->fire_mission().mission_id(), "s1");
  for (const auto& e : o.events) {
    if (has_bg(e) && (bg_of(e).has_fire_mission() || bg_of(e).has_blast() || bg_of(e).has_attack())) {
      EXPECT_TRUE(g.g->event_for(e, "axis").has_value());  // public once it lands
    }
  }
  const auto* a = TG::find(o, [](const pb::BgEvent& e) { return e.has_attack(); });
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->attack().net(), 2);
  EXPECT_EQ(g.u("a1").living(), 2);
  EXPECT_TRUE(g.st().missions[0].done);
}

// BG-ART-01: the side writes a strike's turn and aim point during play; the order is secret
// (its event reaches only that side and the GM) and lands on the written turn.
TEST(BgSpecialStrikes, PlayerWrittenStrikeHiddenThenLandsOnItsTurn) {
  Sc sc = base();
  strike(sc, "s2", "allies", 0, "mortar");
  TG g(sc.s);
  g.draw(card(S, 3));
  EXPECT_EQ(g.refused(plan("allies", "s2", 1, {{10, 10}})), "BG_STRIKE_TURN");  // not a later turn
  EXPECT_EQ(g.refused(plan("allies", "s2", 2, {{10, 10}, {11, 10}})), "BG_AIM_COUNT");
  EXPECT_EQ(g.refused(plan("allies", "s2", 2, {{70, 10}})), "BG_AIM_OFF_TABLE");
  Outcome o = g.ok(plan("allies", "s2", 2, {{10, 10}}));
  ASSERT_EQ(o.events.size(), 1u);
  EXPECT_FALSE(g.g->event_for(o.events[0], "axis").has_value());
  EXPECT_FALSE(g.g->event_for(o.events[0], "spectator").has_value());
  EXPECT_TRUE(g.g->event_for(o.events[0], "allies").has_value());
  EXPECT_TRUE(g.g->event_for(o.events[0], "gm").has_value());
  EXPECT_EQ(g.g->view("axis").DebugString().find("s2"), std::string::npos);
  g.end_action("axis");
  Outcome t1 = joker(g, 1);  // turn 1: nothing lands (no dice are rolled)
  EXPECT_EQ(TG::find(t1, [](const pb::BgEvent& e) { return e.has_blast(); }), nullptr);
  EXPECT_EQ(g.st().turn, 2);
  // Turn 2's special phase: drift (4, 4) none; blue [6, 2]: 1 hit; casualty D6 2 (a1-f1).
  Outcome t2 = joker(g, 2, {{D6, 4}, {D6, 4}, {D6, 6}, {D6, 2}, {D6, 2}});
  ASSERT_NE(TG::find(t2, [](const pb::BgEvent& e) { return e.has_blast(); }), nullptr);
  EXPECT_FALSE(g.u("a1").figure("a1-f1")->alive);
  EXPECT_EQ(g.refused(plan("allies", "s2", 3, {{10, 10}})), "BG_STRIKE_LANDED");
}

// BG-ART-01: the bot offers to write an unwritten strike of its side (turn 0: the next turn), at
// an enemy unit; once written it is not offered again.
TEST(BgSpecialStrikes, BotOffersToWriteUnwrittenStrike) {
  Sc sc = base();
  strike(sc, "s4", "allies", 0, "mortar");
  TG g(sc.s);
  g.draw(card(H, 3), "allies");
  auto plans = [&] {
    std::vector<pb::BgPlanStrike> out;
    for (const auto& c : bg::legal_actions(g.st(), "allies")) {
      if (bg_of(c).has_plan_strike()) out.push_back(bg_of(c).plan_strike());
    }
    return out;
  };
  const auto p = plans();
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].turn(), 2);
  ASSERT_EQ(p[0].aim_points_size(), 1);
  EXPECT_NEAR(p[0].aim_points(0).x(), 10.0, 1e-9);
  BgOrder c = cmd("allies");
  *c.mutable_bg()->mutable_plan_strike() = p[0];
  g.ok(c);
  EXPECT_TRUE(plans().empty());
}

// BG-ART-01/05: a strike written without aim points waits, when it lands, for the side's
// BgCallFire (the bot offers one); scenario checks refuse bad strikes.
TEST(BgSpecialStrikes, StrikeWithoutAimsWaitsForCallFire) {
  Sc sc = base();
  strike(sc, "s3", "allies", 1, "light_artillery");
  TG g(sc.s);
  joker(g, 1);
  ASSERT_EQ(g.g->waiting_for().front(), "allies");
  const auto acts = bg::legal_actions(g.st(), "allies");
  ASSERT_EQ(acts.size(), 1u);
  EXPECT_EQ(bg_of(acts[0]).call_fire().aim_points_size(), 2);  // light artillery: 2 blasts
  BgOrder c = cmd("allies");
  c.mutable_bg()->mutable_call_fire()->set_mission_id("s3");
  *c.mutable_bg()->mutable_call_fire()->add_aim_points() = pt(30, 20);
  *c.mutable_bg()->mutable_call_fire()->add_aim_points() = pt(32, 20);
  ok_dice(g, c, {{D6, 1}, {D6, 1}, {D6, 2}, {D6, 2}});
  EXPECT_TRUE(g.st().missions[0].done);

  Sc bad = base();
  strike(bad, "x", "allies", 1, "catapult");
  EXPECT_NE(rules().validate(bad.s)->find("extra.strikes[0].system"), std::string::npos);
  Sc spread = base();
  strike(spread, "x", "allies", 1, "light_artillery", {{10, 10}, {17, 10}});
  EXPECT_NE(rules().validate(spread.s)->find("within 6"), std::string::npos);
  Sc who = base();
  strike(who, "x", "russians", 1, "mortar", {{10, 10}});
  EXPECT_NE(rules().validate(who.s)->find("extra.strikes[0].side"), std::string::npos);
}

// BG-SMK-05: artillery smoke is a 4" circle placed with drift (2 and 4: 2" on bearing
// 36*2 + 6*3 + 0 = 90, east); laid in the special phase of turn 1 it thins at the next special
// phase (turn 2) and goes at the one after (turn 3). It blocks sight like any smoke (BG-SMK-04).
TEST(BgSpecialStrikes, SmokeStrikeCircleThinsNextSpecialPhase) {
  Sc sc = base();
  strike(sc, "sm", "allies", 1, "smoke", {{30, 20}});
  TG g(sc.s);
  Outcome o = joker(g, 1, {{D6, 2}, {D6, 4}, {D10Z, 2}, {D6, 4}, {D6, 1}});
  ASSERT_EQ(g.st().smoke.size(), 1u);
  const auto& s = g.st().smoke[0];
  EXPECT_TRUE(s.circle);
  EXPECT_NEAR(s.centre.x, 32.0, 1e-9);
  EXPECT_NEAR(s.centre.y, 20.0, 1e-9);
  EXPECT_DOUBLE_EQ(s.radius, 2.0);
  EXPECT_EQ(TG::find(o, [](const pb::BgEvent& e) { return e.has_attack(); }), nullptr);  // smoke only
  EXPECT_TRUE(bg::smoke_blocks(g.st(), {32, 10}, {32, 30}));
  EXPECT_FALSE(bg::smoke_blocks(g.st(), {34.5, 10}, {34.5, 30}));
  EXPECT_FALSE(g.st().smoke[0].thinned);
  joker(g, 2);
  ASSERT_EQ(g.st().smoke.size(), 1u);
  EXPECT_TRUE(g.st().smoke[0].thinned);
  four_suits(g, 7);
  EXPECT_EQ(g.st().turn, 4);
  EXPECT_TRUE(g.st().smoke.empty());
}

// BG-SMK-05: smoke from the random deck laid during card play thins at that turn's special
// phase (the next one) and is gone at the following one.
TEST(BgSpecialStrikes, DeckSmokeLaidInCardPlayThinsSameTurn) {
  Sc sc = base();
  sc.option("bg.random_artillery", "true").option("bg.artillery_deck", "allies:smoke");
  TG g(sc.s);
  ok_dice(g, [] {
    BgOrder d = cmd("axis");
    *d.mutable_bg()->mutable_draw_card()->mutable_card() = card(C, 5);
    return d;
  }(), {{pb::DIE_KIND_D20, 1}});
  ASSERT_EQ(g.st().missions.size(), 1u);
  EXPECT_EQ(g.st().missions[0].blasts, 1);
  BgOrder c = cmd("allies");
  c.mutable_bg()->mutable_call_fire()->set_mission_id(g.st().missions[0].id);
  *c.mutable_bg()->mutable_call_fire()->add_aim_points() = pt(30, 20);
  ok_dice(g, c, {{D6, 5}, {D6, 5}});
  ASSERT_EQ(g.st().smoke.size(), 1u);
  g.end_action("axis");
  joker(g, 1);
  ASSERT_EQ(g.st().smoke.size(), 1u);
  EXPECT_TRUE(g.st().smoke[0].thinned);
  joker(g, 2);
  EXPECT_TRUE(g.st().smoke.empty());
}

// BG-FLR-03: an artillery flare delivered in turn 1's special phase lights the table for the
// whole of turn 2 (no 12" night limit); turn 3 is dark again.
TEST(BgSpecialStrikes, FlareStrikeLightsWholeNextTurn) {
  Sc sc = base();
  sc.option("bg.night", "true");
  strike(sc, "fl", "axis", 1, "flare");
  TG g(sc.s);
  ASSERT_TRUE(bg::night_sight_limit(g.st()).has_value());
  Outcome o = joker(g, 1);
  const auto* f = TG::find(o, [](const pb::BgEvent& e) { return e.has_flare(); });
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->flare().until_turn(), 2);
  EXPECT_EQ(g.st().turn, 2);
  EXPECT_FALSE(bg::night_sight_limit(g.st()).has_value());
  joker(g, 2);
  EXPECT_EQ(g.st().turn, 3);
  ASSERT_TRUE(bg::night_sight_limit(g.st()).has_value());
  EXPECT_EQ(*bg::night_sight_limit(g.st()), 12.0);
}

}  // namespace
}  // namespace sandtable::bgtest
