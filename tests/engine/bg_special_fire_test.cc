// Smoke (BG-SMK-*), flares and night (BG-FLR-*, BG-LOS-06), medics (BG-MED-02), artillery and
// air (BG-ART-*, BG-CARD-15, BG-DX-14, BG-EX-12).
#include "engine/rulesets/bg/bg_special.h"
#include "engine/geom/vec.h"
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {
namespace {

constexpr pb::DieKind D6 = pb::DIE_KIND_D6, D20 = pb::DIE_KIND_D20, D10Z = pb::DIE_KIND_D10_ZERO;

Outcome ok_dice(TG& g, BgOrder c, std::vector<std::pair<pb::DieKind, int>> dice) {
  TableDice t;
  for (auto [k, v] : dice) t.push(k, v);
  Outcome o = g.g->execute(c, &t);
  EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  return o;
}

pb::Command smoke(const std::string& id, double ax, double ay, double bx, double by) {
  BgOrder c = cmd("axis");
  auto* s = c.mutable_bg()->mutable_lay_smoke();
  s->set_unit_id(id);
  *s->mutable_a() = pt(ax, ay);
  *s->mutable_b() = pt(bx, by);
  return c;
}

// BG-SMK-01, BG-SMK-02, BG-SMK-03, BG-SMK-04: a designated unit lays a line exactly 6" long
// (5" and 7" refused) within 12"; it blocks sight; BG-SMK-03: it thins in the special phase of
// the turn it was laid (still blocking) and is removed in the special phase of the next turn.
TEST(BgSpecialSmoke, LaidBlocksThinsThenRemoved) {
  Sc sc;
  sc.inf(0, "a1", 4, 10, 10).add_attributes("smoke");
  sc.inf(0, "a2", 4, 30, 10);
  sc.inf(1, "b1", 4, 10, 30);
  TG g(sc.s);
  g.draw(card(C, 3));  // Axis shoot
  EXPECT_EQ(g.refused(smoke("a2", 27, 15, 33, 15)), "BG_NO_SMOKE");
  EXPECT_EQ(g.refused(smoke("a1", 7, 15, 12, 15)), "BG_SMOKE_LENGTH");   // 5" long
  EXPECT_EQ(g.refused(smoke("a1", 6, 15, 13, 15)), "BG_SMOKE_LENGTH");   // 7" long
  EXPECT_EQ(g.refused(smoke("a1", 7, 25, 13, 25)), "BG_SMOKE_RANGE");    // 15" away
  g.ok(smoke("a1", 7, 15, 13, 15));
  ASSERT_EQ(g.st().smoke.size(), 1u);
  EXPECT_FALSE(g.st().smoke[0].thinned);  // not before its turn's special phase
  EXPECT_EQ(g.st().turn, 1);
  EXPECT_TRUE(bg::smoke_blocks(g.st(), {10, 10}, {10, 30}));   // through the line
  EXPECT_FALSE(bg::smoke_blocks(g.st(), {20, 10}, {20, 30}));  // beside it
  g.end_action("axis");
  g.draw(make_joker(1));  // turn 1 ends: its special phase
  EXPECT_EQ(g.st().turn, 2);
  ASSERT_EQ(g.st().smoke.size(), 1u);
  EXPECT_TRUE(g.st().smoke[0].thinned);
  EXPECT_TRUE(bg::smoke_blocks(g.st(), {10, 10}, {10, 30}));  // thinned smoke still blocks
  g.draw(make_joker(2));  // turn 2's special phase
  EXPECT_TRUE(g.st().smoke.empty());
}

// BG-LOS-06 / BG-FLR-01 / BG-FLR-02: at night sight is 12" until a flare lights the whole table
// for the rest of that turn (and only that turn); a unit not designated may not launch one.
TEST(BgSpecialFlares, FlareLightsRestOfTurn) {
  Sc sc;
  sc.option("bg.night", "true");
  sc.inf(0, "a1", 4, 10, 10).add_attributes("flares");
  sc.inf(0, "a2", 4, 30, 10);
  sc.inf(1, "b1", 4, 10, 30);
  TG g(sc.s);
  g.draw(card(C, 3));
  ASSERT_TRUE(bg::night_sight_limit(g.st()).has_value());
  EXPECT_EQ(*bg::night_sight_limit(g.st()), 12.0);
  BgOrder bad = cmd("axis");
  bad.mutable_bg()->mutable_launch_flare()->set_unit_id("a2");
  EXPECT_EQ(g.refused(bad), "BG_NO_FLARES");
  BgOrder c = cmd("axis");
  c.mutable_bg()->mutable_launch_flare()->set_unit_id("a1");
  g.ok(c);
  EXPECT_FALSE(bg::night_sight_limit(g.st()).has_value());
  EXPECT_EQ(g.st().lit_until_turn, 1);
  g.end_action("axis");
  g.draw(card(H, 3));  // later in the same turn: still lit
  EXPECT_FALSE(bg::night_sight_limit(g.st()).has_value());
  g.end_action("allies");
  g.draw(make_joker(1));  // next turn: dark again
  ASSERT_TRUE(bg::night_sight_limit(g.st()).has_value());
  EXPECT_EQ(*bg::night_sight_limit(g.st()), 12.0);
}

// Random artillery: Allied mortar on the deck; a 5 of clubs triggers it before the Axis shoot.
Sc artillery(const std::string& deck) {
  Sc sc;
  sc.option("bg.random_artillery", "true").option("bg.artillery_deck", deck);
  auto& a = sc.inf(0, "a1", 4, 10, 10);
  a.mutable_figures(3)->set_kind("medic");
  sc.inf(1, "b1", 4, 40, 30);
  return sc;
}

pb::Command call_fire(const std::string& mission, std::vector<std::pair<double, double>> aims) {
  BgOrder c = cmd("allies");
  auto* f = c.mutable_bg()->mutable_call_fire();
  f->set_mission_id(mission);
  for (auto [x, y] : aims) *f->add_aim_points() = pt(x, y);
  return c;
}

// BG-CARD-15 / BG-ART-08/04/06, BG-MED-02: the 5 of clubs draws the mortar card; the Allies aim
// at the Axis unit; equal drift dice (no drift); 2 blue dice [6, 5] hit as grade C with no red
// dice; the casualty dice (GAP-BG-DMG-01: a D6 for up to 6 candidates) pick figure 2 (a1-f1),
// then 1 of those left (the leader a1-f0, whose save roll of 4 fails on grade C). Then the Axis medic brings one back on a 5.
TEST(BgSpecialArtillery, RandomCardBlastThenMedicHeals) {
  TG g(artillery("allies:mortar").s);
  TableDice t;
  t.push(D20, 1);  // the artillery card (the only one)
  BgOrder d = cmd("axis");
  *d.mutable_bg()->mutable_draw_card()->mutable_card() = card(C, 5);
  ASSERT_TRUE(g.g->execute(d, &t).accepted);
  ASSERT_EQ(g.st().missions.size(), 1u);
  const std::string fm = g.st().missions[0].id;
  EXPECT_EQ(g.g->waiting_for().front(), "allies");
  EXPECT_EQ(g.refused(call_fire(fm, {{10, 10}, {11, 10}})), "BG_AIM_COUNT");  // mortar: 1 blast
  Outcome o = ok_dice(g, call_fire(fm, {{10, 10}}), {{D6, 3}, {D6, 3}, {D6, 6}, {D6, 5}, {D6, 2}, {D6, 1}, {D6, 4}});
  const auto* b = TG::find(o, [](const pb::BgEvent& e) { return e.has_blast(); });
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->blast().units_size(), 1);
  const auto* a = TG::find(o, [](const pb::BgEvent& e) { return e.has_attack(); });
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->attack().blue(), 2);
  EXPECT_EQ(a->attack().net(), 2);
  EXPECT_FALSE(g.u("a1").figure("a1-f1")->alive);
  EXPECT_FALSE(g.u("a1").figure("a1-f0")->alive);
  EXPECT_TRUE(g.st().missions[0].done);
  // BG-MED-02: the medic's unit hits on 5-6 (grade C): a 4 fails, a 5 heals a1-f1 as a rifle.
  BgOrder h = cmd("axis");
  h.mutable_bg()->mutable_heal()->set_unit_id("a1");
  h.mutable_bg()->mutable_heal()->set_medic_figure_id("a1-f3");
  h.mutable_bg()->mutable_heal()->set_dead_figure_id("a1-f1");
  Outcome heal = g.ok(h, {5});
  EXPECT_TRUE(g.u("a1").figure("a1-f1")->alive);
  EXPECT_EQ(g.u("a1").living(), 3);
}

// BG-MED-02: a failed roll brings nobody back.
TEST(BgSpecialMedics, FailedHealRollLeavesFigureDead) {
  TG g(artillery("allies:mortar").s);
  TableDice t;
  t.push(D20, 1);
  BgOrder d = cmd("axis");
  *d.mutable_bg()->mutable_draw_card()->mutable_card() = card(C, 6);
  ASSERT_TRUE(g.g->execute(d, &t).accepted);
  ok_dice(g, call_fire(g.st().missions[0].id, {{10, 10}}), {{D6, 3}, {D6, 3}, {D6, 6}, {D6, 2}, {D6, 2}});
  ASSERT_FALSE(g.u("a1").figure("a1-f1")->alive);
  BgOrder h = cmd("axis");
  h.mutable_bg()->mutable_heal()->set_unit_id("a1");
  h.mutable_bg()->mutable_heal()->set_medic_figure_id("a1-f3");
  h.mutable_bg()->mutable_heal()->set_dead_figure_id("a1-f1");
  g.ok(h, {4});
  EXPECT_FALSE(g.u("a1").figure("a1-f1")->alive);
}

// BG-DX-14: aim (20, 20), dice 2 and 5 -> the ring drifts 3" on the drawn bearing
// (GAP-BG-ART-03: 36*d10 + 6*(D6-1) + (D6-1) = 36*2 + 18 + 0 = 90, east) -> centre (23, 20).
TEST(BgSpecialArtillery, DX14DriftThreeInchesOnDrawnBearing) {
  TG g(artillery("allies:mortar").s);
  TableDice t;
  t.push(D20, 1);
  BgOrder d = cmd("axis");
  *d.mutable_bg()->mutable_draw_card()->mutable_card() = card(H, 5);
  ASSERT_TRUE(g.g->execute(d, &t).accepted);
  Outcome o = ok_dice(g, call_fire(g.st().missions[0].id, {{20, 20}}), {{D6, 2}, {D6, 5}, {D10Z, 2}, {D6, 4}, {D6, 1}});
  const auto* b = TG::find(o, [](const pb::BgEvent& e) { return e.has_blast(); });
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->blast().bearing_deg(), 90);
  EXPECT_NEAR(b->blast().centre().x(), 23.0, 1e-9);
  EXPECT_NEAR(b->blast().centre().y(), 20.0, 1e-9);
  EXPECT_EQ(b->blast().units_size(), 0);  // BG-ART-04: clear of everything, nothing happens
}

// BG-EX-12 / BG-ART-08: drawing "Reload" returns every artillery card to the pool.
TEST(BgSpecialArtillery, EX12ReloadReturnsAllCards) {
  TG g(artillery("reload,allies:mortar").s);
  TableDice t;
  t.push(D20, 1);  // "reload"
  BgOrder d = cmd("axis");
  *d.mutable_bg()->mutable_draw_card()->mutable_card() = card(C, 5);
  Outcome o = g.g->execute(d, &t);
  ASSERT_TRUE(o.accepted);
  const auto* a = TG::find(o, [](const pb::BgEvent& e) { return e.has_artillery_card(); });
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->artillery_card().reload());
  EXPECT_TRUE(g.st().artillery_drawn.empty());
  EXPECT_TRUE(g.st().missions.empty());
}

// BG-ART-05: several aim points must lie pairwise within 6".
TEST(BgSpecialArtillery, AimPointsWithinSixInches) {
  TG g(artillery("allies:light_artillery").s);
  TableDice t;
  t.push(D20, 1);
  BgOrder d = cmd("axis");
  *d.mutable_bg()->mutable_draw_card()->mutable_card() = card(C, 5);
  ASSERT_TRUE(g.g->execute(d, &t).accepted);
  EXPECT_EQ(g.refused(call_fire(g.st().missions[0].id, {{20, 20}, {26.5, 20}})), "BG_AIM_SPREAD");
}

}  // namespace
}  // namespace sandtable::bgtest
