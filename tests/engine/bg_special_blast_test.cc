// Blasts (BG-ART-02/04/06/07, GAP-BG-ART-06) on infantry, vehicles (BG-VEH-12) and emplacements
// (BG-EMP-03); walls give nothing against them (BG-TER-07); friends are hit too (BG-FIRE-18);
// the photo example of the air attack on Australians with mules (BG-EX-07); the per-turn
// artillery card (BG-ART-09). Strikes are scheduled for turn 1 and land when its joker is turned.
#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_special.h"
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {
namespace {

constexpr pb::DieKind D6 = pb::DIE_KIND_D6, D10Z = pb::DIE_KIND_D10_ZERO, D20 = pb::DIE_KIND_D20;

Outcome joker(TG& g, std::vector<std::pair<pb::DieKind, int>> dice) {
  BgOrder c = cmd("axis");
  *c.mutable_bg()->mutable_draw_card()->mutable_card() = make_joker(1);
  TableDice t;
  for (auto [k, v] : dice) t.push(k, v);
  Outcome o = g.g->execute(c, &t);
  EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  return o;
}

void strike(Sc& sc, const std::string& side, const std::string& system, std::vector<std::pair<double, double>> aims) {
  std::vector<pb::Point> points;
  for (auto [x, y] : aims) points.push_back(pt(x, y));
  sc.add_strike("", side, 1, system, points);
}

std::vector<pb::BgAttack> attacks(const Outcome& o) {
  std::vector<pb::BgAttack> out;
  for (const auto& e : o.events) {
    if (has_bg(e) && bg_of(e).has_attack()) out.push_back(bg_of(e).attack());
  }
  return out;
}

// BG-VEH-12 via a blast: 2 net hits on an undamaged medium tank (4 red dice, GAP-BG-ART-06: no
// halving) then a D6 of 5: total 7, destroyed; with a D6 of 2 (total 4) the second D6 of 1
// immobilizes it.
TEST(BgSpecialBlast, BlastOnVehicleRollsVehicleDamage) {
  for (int first : {5, 2}) {
    Sc sc;
    sc.vehicle(0, "t1", "medium_tank", 20, 20);
    sc.inf(1, "b1", 4, 40, 30);
    strike(sc, "allies", "mortar", {{20, 20}});
    TG g(sc.s);
    std::vector<std::pair<pb::DieKind, int>> dice = {{D6, 3}, {D6, 3}, {D6, 6}, {D6, 6}, {D6, 2}, {D6, 3}, {D6, 4}, {D6, 5}, {D6, first}};
    if (first == 2) dice.push_back({D6, 1});
    Outcome o = joker(g, dice);
    const auto a = attacks(o);
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].red(), 4);
    EXPECT_EQ(a[0].net(), 2);
    EXPECT_FALSE(a[0].halved());
    EXPECT_FALSE(a[0].doubled());
    const auto* d = TG::find(o, [](const pb::BgEvent& e) { return e.has_vehicle_damaged(); });
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->vehicle_damaged().roll(), first);
    EXPECT_EQ(d->vehicle_damaged().total(), first + 2);
    if (first == 5) {
      EXPECT_TRUE(d->vehicle_damaged().destroyed());
      EXPECT_TRUE(g.u("t1").destroyed);
    } else {
      EXPECT_TRUE(d->vehicle_damaged().immobilized());
      EXPECT_TRUE(g.u("t1").vehicle->immobilized);
      EXPECT_FALSE(g.u("t1").destroyed);
    }
  }
}

// BG-EMP-03 via a blast: a pillbox (3 red dice) takes 1 net hit (damaged, still there), then in a
// second game 2 net hits destroy it.
TEST(BgSpecialBlast, BlastOnEmplacementCountsHits) {
  for (int second_blue : {2, 5}) {
    Sc sc;
    sc.vehicle(0, "p1", "pillbox", 20, 20);
    sc.inf(1, "b1", 4, 40, 30);
    strike(sc, "allies", "mortar", {{20, 20}});
    TG g(sc.s);
    Outcome o = joker(g, {{D6, 3}, {D6, 3}, {D6, 6}, {D6, second_blue}, {D6, 2}, {D6, 3}, {D6, 4}});
    const auto a = attacks(o);
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].red(), 3);
    const auto* e = TG::find(o, [](const pb::BgEvent& x) { return x.has_emplacement(); });
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->emplacement().hits_total(), second_blue == 5 ? 2 : 1);
    EXPECT_EQ(e->emplacement().destroyed(), second_blue == 5);
    EXPECT_EQ(g.u("p1").destroyed, second_blue == 5);
  }
}

// BG-TER-07 / GAP-BG-TER-07: a wall in front of the target gives no red dice against a blast;
// digging in keeps its +1.
TEST(BgSpecialBlast, WallsGiveNothingAgainstBlastsDugInDoes) {
  Sc sc;
  sc.inf(0, "a1", 4, 20, 20);
  sc.inf(0, "a2", 4, 40, 20).add_attributes("dug_in");
  sc.inf(1, "b1", 4, 40, 34);
  sc.line("wall", "w1", {{15, 19}, {25, 19}});
  sc.line("wall", "w2", {{35, 19}, {45, 19}});
  strike(sc, "allies", "mortar", {{20, 20}});
  strike(sc, "allies", "mortar", {{40, 20}});
  TG g(sc.s);
  Outcome o = joker(g, {{D6, 3}, {D6, 3}, {D6, 2}, {D6, 3}, {D6, 3}, {D6, 3}, {D6, 2}, {D6, 3}, {D6, 4}});
  const auto a = attacks(o);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].target_id(), "a1");
  EXPECT_EQ(a[0].red(), 0);  // behind a wall: nothing
  EXPECT_EQ(a[1].target_id(), "a2");
  EXPECT_EQ(a[1].red(), 1);  // dug in: +1
}

// BG-ART-04 / BG-ART-07 / BG-FIRE-18: a ring over two units (one of them the firing side's own)
// attacks each on its own, in scenario order; the friendly one is attacked like any other.
TEST(BgSpecialBlast, TwoUnitsUnderOneRingFriendIncluded) {
  Sc sc;
  sc.inf(0, "a1", 2, 19, 20);  // figures at x 18.5 and 19.5
  sc.inf(1, "b1", 2, 22, 20);  // figures at x 21.5 and 22.5
  sc.inf(1, "b2", 4, 40, 30);
  strike(sc, "allies", "mortar", {{20.5, 20}});
  TG g(sc.s);
  // No drift; a1: blue [2, 3] no hit; b1 (friendly): blue [6, 6] 2 hits, both figures die.
  Outcome o = joker(g, {{D6, 3}, {D6, 3}, {D6, 2}, {D6, 3}, {D6, 6}, {D6, 6}});
  const auto* b = TG::find(o, [](const pb::BgEvent& e) { return e.has_blast(); });
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(b->blast().units_size(), 2);
  EXPECT_EQ(b->blast().units(0), "a1");
  EXPECT_EQ(b->blast().units(1), "b1");
  const auto a = attacks(o);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[1].target_id(), "b1");
  EXPECT_EQ(a[1].net(), 2);
  EXPECT_TRUE(g.u("b1").destroyed || g.u("b1").living() == 0);
}

// BG-ART-02: the ring is 4" across: a unit whose nearest base comes to 1.8875" of the centre is
// under it, one whose nearest base stays 2.0957" away is not (bases 0.625" square).
TEST(BgSpecialBlast, RingIsFourInchesAcross) {
  Sc sc;
  sc.inf(0, "n1", 2, 22.7, 20);  // nearest figure at (22.2, 20)
  sc.inf(0, "n2", 2, 20, 22.4);  // nearest figures at (19.5 / 20.5, 22.4)
  sc.inf(1, "b1", 4, 40, 30);
  strike(sc, "allies", "mortar", {{20, 20}});
  TG g(sc.s);
  Outcome o = joker(g, {{D6, 3}, {D6, 3}, {D6, 2}, {D6, 3}});
  const auto* b = TG::find(o, [](const pb::BgEvent& e) { return e.has_blast(); });
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(b->blast().units_size(), 1);
  EXPECT_EQ(b->blast().units(0), "n1");
}

// BG-EX-07: the ring as aimed covers 4 soldiers and 2 mules of one Australian unit; the dice
// differ by 2 (3, 5): 2" drift "down" the table (bearing 36*5 = 180, south). Some figures are
// still under it, so the unit is attacked with dive-bomb dice (2 blue), its own red dice (none
// in the open); casualties over the whole unit: the D6 picks 5 (a mule), saved on 5 (grade C)
// and a soldier dies instead (D6 1 of the 4 soldiers); then 4 of the 4 left (the other mule),
// whose save of 2 fails.
TEST(BgSpecialBlast, EX07AirAttackOnAustraliansWithMules) {
  Sc sc;
  sc.inf(0, "jp", 4, 40, 30);
  auto& aus = sc.inf(1, "aus", 6, 20, 20, 0);
  aus.mutable_figures(4)->set_kind("mule");
  aus.mutable_figures(5)->set_kind("mule");
  strike(sc, "axis", "dive_bomb", {{20, 20}});
  TG g(sc.s);
  Outcome o = joker(g, {{D6, 3}, {D6, 5}, {D10Z, 5}, {D6, 1}, {D6, 1}, {D6, 6}, {D6, 6}, {D6, 5}, {D6, 5}, {D6, 1}, {D6, 4}, {D6, 2}});
  const auto* b = TG::find(o, [](const pb::BgEvent& e) { return e.has_blast(); });
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->blast().bearing_deg(), 180);
  EXPECT_NEAR(geom::distance(bg::to_vec(b->blast().centre()), {20, 20}), 2.0, 1e-9);
  ASSERT_EQ(b->blast().units_size(), 1);
  const auto a = attacks(o);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].blue(), 2);
  EXPECT_EQ(a[0].red(), 0);
  EXPECT_EQ(a[0].net(), 2);
  EXPECT_TRUE(g.u("aus").figure("aus-f4")->alive);   // mule saved
  EXPECT_FALSE(g.u("aus").figure("aus-f0")->alive);  // a soldier died instead
  EXPECT_FALSE(g.u("aus").figure("aus-f5")->alive);  // the other mule's save failed
  EXPECT_EQ(g.u("aus").living(), 4);
}

// GAP-BG-ART-06: the fire-system table (dive bomb/strafe stated; the rest the catalogue's
// defaults), plus the smoke and flare missions.
TEST(BgSpecialBlast, GapArt06FireSystemTable) {
  struct Row {
    const char* system;
    int blasts, dice;
  };
  for (const Row& r : {Row{"dive_bomb", 1, 2}, Row{"mortar", 1, 2}, Row{"light_artillery", 2, 2}, Row{"medium_artillery", 3, 2},
                       Row{"heavy_artillery", 3, 3}, Row{"level_bombing", 2, 3}, Row{"smoke", 1, 0}, Row{"flare", 0, 0}}) {
    const auto k = bg::mission_kind(r.system);
    ASSERT_TRUE(k.has_value()) << r.system;
    EXPECT_EQ(k->blasts, r.blasts) << r.system;
    EXPECT_EQ(k->dice, r.dice) << r.system;
  }
  EXPECT_FALSE(bg::mission_kind("catapult").has_value());
}

// BG-ART-09: with the per-turn variant one artillery card is drawn in each special phase.
TEST(BgSpecialBlast, PerTurnArtilleryCardInSpecialPhase) {
  Sc sc;
  sc.option("bg.artillery_per_turn", "true").option("bg.artillery_deck", "allies:mortar,reload");
  sc.inf(0, "a1", 4, 10, 10);
  sc.inf(1, "b1", 4, 40, 30);
  TG g(sc.s);
  Outcome o = joker(g, {{D20, 1}});
  const auto* c = TG::find(o, [](const pb::BgEvent& e) { return e.has_artillery_card(); });
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->artillery_card().card(), "allies:mortar");
  EXPECT_EQ(g.st().artillery_turn_drawn, 1);
  EXPECT_EQ(g.g->waiting_for().front(), "allies");
}

// BG-ART-08 / BG-EX-12: the 5 of clubs draws the Allied mortar card before its own action: the
// mission is resolved first (only the Allies are waited for; the Axis shooting waits), then the
// Axis shoot.
TEST(BgSpecialBlast, EX12MissionResolvedBeforeTheCardsAction) {
  Sc sc;
  sc.option("bg.random_artillery", "true").option("bg.artillery_deck", "allies:mortar");
  sc.inf(0, "a1", 4, 10, 10);
  sc.inf(1, "b1", 4, 40, 30);
  TG g(sc.s);
  BgOrder d = cmd("axis");
  *d.mutable_bg()->mutable_draw_card()->mutable_card() = card(C, 5);
  TableDice t;
  t.push(D20, 1);
  ASSERT_TRUE(g.g->execute(d, &t).accepted);
  EXPECT_EQ(g.g->waiting_for(), std::vector<std::string>{"allies"});
  BgOrder end = cmd("axis");
  end.mutable_bg()->mutable_end_action();
  EXPECT_EQ(g.refused(end), "BG_FIRE_MISSION_FIRST");
  BgOrder c = cmd("allies");
  c.mutable_bg()->mutable_call_fire()->set_mission_id(g.st().missions[0].id);
  *c.mutable_bg()->mutable_call_fire()->add_aim_points() = pt(30, 30);
  g.ok(c, {4, 4, 2, 3});
  EXPECT_EQ(g.g->waiting_for(), std::vector<std::string>{"axis"});
  g.ok(end);
}

// BG-MED-01: a medic never counts as a shooter, and when a blast's casualty die picks it (D6 4 of
// four figures) it is saved like any special figure: its save of 6 (grade C) passes and a rifle
// dies instead (D6 1 of the two rifles: a1-f1).
TEST(BgSpecialBlast, MED01MedicNeverShootsAndIsSavedLikeSpecialFigures) {
  Sc sc;
  auto& a = sc.inf(0, "a1", 4, 20, 20);
  a.mutable_figures(3)->set_kind("medic");
  sc.inf(1, "b1", 4, 40, 30);
  strike(sc, "allies", "mortar", {{20, 20}});
  TG g(sc.s);
  EXPECT_EQ(bg::count_shooters(g.st().options, g.u("a1"), bg::TargetClass::kInfantry, 5).figures, 3);
  joker(g, {{D6, 3}, {D6, 3}, {D6, 6}, {D6, 2}, {D6, 4}, {D6, 6}, {D6, 1}});
  EXPECT_TRUE(g.u("a1").figure("a1-f3")->alive);
  EXPECT_FALSE(g.u("a1").figure("a1-f1")->alive);
  EXPECT_EQ(g.u("a1").living(), 3);
}

}  // namespace
}  // namespace sandtable::bgtest
