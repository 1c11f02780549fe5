// Minefields (BG-MINE-*): hidden from the other side until detected or entered; detection rolls
// (BG-DX-13); entering reveals and attacks; engineers clear strips (BG-EX-08).
#include "engine/rulesets/bg/bg_special.h"
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {
namespace {

// Axis unit of 4 figures in a row at y = 10 (x 8.5..11.5), facing north; an Allied secret
// minefield x 8..14, y 20..24 (only the Allies and the GM may see it).
Sc mined() {
  Sc sc;
  sc.inf(0, "a1", 4, 10, 10);
  sc.inf(1, "b1", 4, 40, 30);
  sc.area("minefield", "mf1", 8, 20, 14, 24, "allies");
  return sc;
}

bool sees_minefield(const TG& g, const std::string& viewer) {
  const pb::View v = g.g->view(viewer);
  for (const auto& t : v.terrain()) {
    if (t.name() == "mf1") return true;
  }
  return false;
}

int visible_reveals(const TG& g, const Outcome& o, const std::string& viewer) {
  int n = 0;
  for (const auto& e : o.events) {
    auto x = g.g->event_for(e, viewer);
    if (x && has_bg(*x) && bg_of(*x).has_minefield_revealed()) ++n;
  }
  return n;
}

// Runs a command with dice of several kinds (D6 unless named).
Outcome ok_dice(TG& g, BgOrder c, std::vector<std::pair<pb::DieKind, int>> dice) {
  TableDice t;
  for (auto [k, v] : dice) t.push(k, v);
  Outcome o = g.g->execute(c, &t);
  EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  return o;
}
constexpr pb::DieKind D6 = pb::DIE_KIND_D6;

// BG-MINE-02: a secret minefield is seen only by its owner and the GM.
TEST(BgSpecialMines, SecretMinefieldHiddenFromOpponentAndSpectators) {
  TG g(mined().s);
  EXPECT_TRUE(sees_minefield(g, "allies"));
  EXPECT_TRUE(sees_minefield(g, "gm"));
  EXPECT_FALSE(sees_minefield(g, "axis"));
  EXPECT_FALSE(sees_minefield(g, "spectator"));
  for (const auto& e : g.log) {
    auto x = g.g->event_for(e, "axis");
    if (x && x->has_game_started()) {
      for (const auto& t : x->game_started().scenario().terrain()) EXPECT_NE(t.name(), "mf1");
    }
  }
}

// BG-DX-13: the unit ends 4" from the hidden minefield; a D6 of 4 detects it. Only the detecting
// side, the owner and the GM hear of it; the spectator never sees the minefield.
TEST(BgSpecialMines, DX13DetectionRollOfFourAtFourInches) {
  TG g(mined().s);
  g.draw(card(S, 3));  // Axis move
  // CoM to y 15.6875: bases reach 16.0, 4" short of the minefield's edge at y 20.
  Outcome o = g.ok(move("axis", "a1", pb::BG_MOVE_WALK, {{10, 10}, {10, 15.6875}}), {6, 4});
  const auto* r = TG::find(o, [](const pb::BgEvent& e) { return e.has_minefield_revealed(); });
  ASSERT_NE(r, nullptr);
  EXPECT_NEAR(r->minefield_revealed().distance(), 4.0, 1e-9);
  EXPECT_EQ(r->minefield_revealed().roll(), 4);
  EXPECT_EQ(r->minefield_revealed().to_side(), "axis");
  EXPECT_TRUE(sees_minefield(g, "axis"));
  EXPECT_FALSE(sees_minefield(g, "spectator"));
  EXPECT_EQ(visible_reveals(g, o, "spectator"), 0);
  EXPECT_EQ(visible_reveals(g, o, "axis"), 1);
}

// BG-MINE-03: a roll below the distance finds nothing; the mover is not told why it rolled and
// the minefield stays hidden from it.
TEST(BgSpecialMines, DetectionRollBelowDistanceFailsAndStaysHidden) {
  TG g(mined().s);
  g.draw(card(S, 3));
  Outcome o = g.ok(move("axis", "a1", pb::BG_MOVE_WALK, {{10, 10}, {10, 15.6875}}), {6, 3});
  EXPECT_FALSE(sees_minefield(g, "axis"));
  EXPECT_EQ(visible_reveals(g, o, "axis"), 0);
  EXPECT_EQ(visible_reveals(g, o, "spectator"), 0);
  EXPECT_EQ(visible_reveals(g, o, "allies"), 1);  // the owner hears of the failed roll
  EXPECT_FALSE(g.st().minefields[0].known_to[0]);
}

// BG-DX-13: ending 0.8" from it detects automatically (no die is rolled).
TEST(BgSpecialMines, DX13AutomaticWithinOneInch) {
  TG g(mined().s);
  g.draw(card(S, 3));
  Outcome o = g.ok(move("axis", "a1", pb::BG_MOVE_RUN, {{10, 10}, {10, 18.8875}}), {5, 5});
  const auto* r = TG::find(o, [](const pb::BgEvent& e) { return e.has_minefield_revealed(); });
  ASSERT_NE(r, nullptr);
  EXPECT_TRUE(r->minefield_revealed().automatic());
  EXPECT_NEAR(r->minefield_revealed().distance(), 0.8, 1e-9);
  EXPECT_TRUE(g.st().minefields[0].known_to[0]);
}

// BG-MINE-04/05/07: a unit entering is attacked with one white die per figure inside, hitting on
// 6 only, each 1 cancelling, no red dice; casualties are randomized (BG-DMG-01/02).
TEST(BgSpecialMines, EnteringRevealsAndAttacksPerFigure) {
  TG g(mined().s);
  g.draw(card(S, 3));
  // run 12" into the minefield; 4 dice [6, 6, 2, 3] = 2 net hits; the casualty D6 picks 1 (the
  // leader), whose save 5 (grade C) passes: a D6 of 2 picks the second free rifle (f2) to die
  // instead; the next casualty D6 picks 1 of the two left (f1).
  Outcome o = ok_dice(g, move("axis", "a1", pb::BG_MOVE_RUN, {{10, 10}, {10, 22}}),
                      {{D6, 6}, {D6, 6}, {D6, 6}, {D6, 6}, {D6, 2}, {D6, 3}, {D6, 1}, {D6, 5}, {D6, 2}, {D6, 1}});
  const auto* a = TG::find(o, [](const pb::BgEvent& e) { return e.has_attack(); });
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->attack().white(), 4);
  EXPECT_EQ(a->attack().red(), 0);
  EXPECT_EQ(a->attack().net(), 2);
  EXPECT_EQ(g.u("a1").living(), 2);
  EXPECT_FALSE(g.u("a1").figure("a1-f1")->alive);
  EXPECT_FALSE(g.u("a1").figure("a1-f2")->alive);
  EXPECT_TRUE(g.u("a1").figure("a1-f0")->alive);  // saved leader
  EXPECT_EQ(visible_reveals(g, o, "spectator"), 1);  // explosions are public
}

// BG-MINE-02: a dummy minefield is harmless once entered, and is then known to be a dummy.
TEST(BgSpecialMines, DummyMinefieldRevealedWithoutAttack) {
  Sc sc;
  sc.inf(0, "a1", 4, 10, 10);
  sc.inf(1, "b1", 4, 40, 30);
  sc.area("dummy_minefield", "mf1", 8, 20, 14, 24, "allies");
  TG g(sc.s);
  g.draw(card(S, 3));
  Outcome o = g.ok(move("axis", "a1", pb::BG_MOVE_RUN, {{10, 10}, {10, 22}}), {6, 6});
  const auto* r = TG::find(o, [](const pb::BgEvent& e) { return e.has_minefield_revealed(); });
  ASSERT_NE(r, nullptr);
  EXPECT_TRUE(r->minefield_revealed().dummy());
  EXPECT_EQ(TG::find(o, [](const pb::BgEvent& e) { return e.has_attack(); }), nullptr);
  EXPECT_EQ(g.u("a1").living(), 4);
}

// BG-EX-08 / BG-MINE-10: six engineers clear six 2" x 1" strips (2" x 6") as a shooting action; a
// seventh strip is refused, as is an unknown minefield.
TEST(BgSpecialMines, EX08SixEngineersClearSixStrips) {
  Sc sc;
  auto& u = sc.inf(0, "eng", 8, 10, 18.5);
  for (int i = 2; i < 8; ++i) u.mutable_figures(i)->set_kind("engineer");
  sc.inf(1, "b1", 4, 40, 30);
  sc.area("minefield", "mf1", 8, 20, 14, 24);  // known minefield
  TG g(sc.s);
  g.draw(card(C, 3));  // Axis shoot
  BgOrder c = cmd("axis");
  auto* cm = c.mutable_bg()->mutable_clear_mines();
  cm->set_unit_id("eng");
  for (int i = 0; i < 7; ++i) {
    auto* s = cm->add_strips();
    s->set_minefield_id("mf1");
    *s->mutable_centre() = pt(10, 20.5 + i);
  }
  EXPECT_EQ(g.refused(c), "BG_TOO_MANY_STRIPS");
  cm->mutable_strips()->RemoveLast();
  g.ok(c);
  const auto& m = g.st().minefields[0];
  ASSERT_EQ(m.cleared.size(), 6u);
  double area = 0;
  for (const auto& p : m.cleared) area += p.area();
  EXPECT_NEAR(area, 12.0, 1e-9);  // 2" x 6"
}

}  // namespace
}  // namespace sandtable::bgtest
