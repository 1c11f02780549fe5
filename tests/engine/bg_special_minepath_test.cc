// Where a move meets a minefield: along the path actually walked (BG-MINE-04), put back when it
// ran right through, attacked again each time a trapped unit moves (BG-MINE-08), vehicle dice by
// the inches driven inside (BG-MINE-06, GAP-BG-MINE-06), the mine-clearing vehicle (BG-MINE-09);
// minefield shapes (BG-MINE-01, BG-EX-13).
#include <cmath>

#include "engine/rulesets/bg/bg_special.h"
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {
namespace {

// A secret Allied 12" x 2" minefield across the Axis advance: x 4..16, y 20..22.
Sc strip_field() {
  Sc sc;
  sc.inf(1, "b1", 4, 40, 30);
  sc.area("minefield", "mf1", 4, 20, 16, 22, "allies");
  return sc;
}

const pb::BgEvent* first_of(const Outcome& o, bool (pb::BgEvent::*has)() const) {
  return TG::find(o, [has](const pb::BgEvent& e) { return (e.*has)(); });
}

// BG-MINE-04 / BG-MINE-07: a unit that runs right through (14 -> 24, roll 5 + 5) is put back
// where the damage occurred, the middle of the first live stretch (y 21), and attacked there
// with one die per figure that entered (4): [6, 2, 3, 4] = 1 hit; the casualty D6 2 (a1-f1).
TEST(BgSpecialMinePath, RunningThroughIsPutBackAndAttacked) {
  Sc sc = strip_field();
  sc.inf(0, "a1", 4, 10, 14);
  TG g(sc.s);
  g.draw(card(S, 3));
  Outcome o = g.ok(move("axis", "a1", pb::BG_MOVE_RUN, {{10, 24}}), {5, 5, 6, 2, 3, 4, 2});
  const auto* r = first_of(o, &pb::BgEvent::has_minefield_revealed);
  ASSERT_NE(r, nullptr);
  EXPECT_TRUE(r->minefield_revealed().entered());
  int moves = 0;
  for (const auto& e : o.events) moves += has_bg(e) && bg_of(e).has_unit_moved();
  EXPECT_EQ(moves, 2) << [&] { std::string s; for (const auto& e : o.events) s += e.ShortDebugString() + "\n"; return s; }();  // the run, then the put-back
  EXPECT_NEAR(g.u("a1").figure("a1-f0")->pos.x, 8.5, 1e-9);  // the formation, moved back whole
  EXPECT_NEAR(g.u("a1").figure("a1-f0")->pos.y, 21.0, 1e-9);
  const auto* a = first_of(o, &pb::BgEvent::has_attack);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->attack().white(), 4);
  EXPECT_EQ(a->attack().net(), 1);
  EXPECT_FALSE(g.u("a1").figure("a1-f1")->alive);
  EXPECT_TRUE(g.st().minefields[0].known_to[0]);
}

// BG-MINE-04: minefields are met in path order: running 17 -> 29 through mf1 (y 20..22) toward
// mf2 (y 25..27, listed first in the scenario), the unit is put back in mf1 (y 21) and attacked
// (4 dice [2, 3, 4, 5]: nothing); the rest of its path no longer counts, so mf2 is not entered:
// from 3.6875" away its detection roll of 2 fails and it stays hidden.
TEST(BgSpecialMinePath, MinefieldsMetInPathOrder) {
  Sc sc;
  sc.inf(1, "b1", 4, 40, 30);
  sc.area("minefield", "mf2", 4, 25, 16, 27, "allies");
  sc.area("minefield", "mf1", 4, 20, 16, 22, "allies");
  sc.inf(0, "a1", 4, 10, 17);
  TG g(sc.s);
  g.draw(card(S, 3));
  Outcome o = g.ok(move("axis", "a1", pb::BG_MOVE_RUN, {{10, 29}}), {6, 6, 2, 3, 4, 5, 2});
  int attacks = 0;
  for (const auto& e : o.events) attacks += has_bg(e) && bg_of(e).has_attack();
  EXPECT_EQ(attacks, 1);
  EXPECT_NEAR(g.u("a1").figure("a1-f0")->pos.y, 21.0, 1e-9);
  EXPECT_TRUE(g.st().minefield("mf1")->known_to[0]);
  EXPECT_FALSE(g.st().minefield("mf2")->known_to[0]);
}

// BG-MINE-08: survivors inside are attacked again each time they move (walk 4 from y 21 toward
// 25: put back in the middle of the live stretch, y 21.5; 3 dice [1, 2, 3] = no hit); standing
// still they may not even change facing.
TEST(BgSpecialMinePath, TrappedUnitAttackedAgainWhenItMoves) {
  Sc sc = strip_field();
  sc.inf(0, "a1", 4, 10, 14);
  TG g(sc.s);
  g.draw(card(S, 3));
  g.ok(move("axis", "a1", pb::BG_MOVE_RUN, {{10, 24}}), {5, 5, 6, 2, 3, 4, 2});
  g.draw(make_joker(1));
  g.draw(card(S, 4));
  EXPECT_EQ(g.refused(move("axis", "a1", pb::BG_MOVE_WALK, {}, 90)), "BG_TRAPPED");
  Outcome o = g.ok(move("axis", "a1", pb::BG_MOVE_WALK, {{10, 25}}), {4, 1, 2, 3});
  const auto* a = first_of(o, &pb::BgEvent::has_attack);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->attack().white(), 3);
  EXPECT_EQ(a->attack().net(), 0);
  EXPECT_NEAR(g.u("a1").figure("a1-f0")->pos.y, 21.5, 1e-9);
}

// BG-MINE-06 / GAP-BG-MINE-06: a tank stopping 1.5" inside rolls 2 dice (rounded up): [6, 6] =
// 2 net hits immobilize an armoured vehicle. A tank driving right through (2" inside) rolls 2
// and is put back at y 21.
TEST(BgSpecialMinePath, VehicleDiceByInchesInside) {
  {
    Sc sc = strip_field();
    sc.vehicle(0, "t1", "medium_tank", 10, 16);
    TG g(sc.s);
    g.draw(card(S, 3));
    Outcome o = g.ok(vmove("axis", "t1", 2, {{10, 21.5}}), {3, 3, 6, 6});
    const auto* a = first_of(o, &pb::BgEvent::has_attack);
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->attack().white(), 2);
    EXPECT_TRUE(g.u("t1").vehicle->immobilized);
    EXPECT_NEAR(g.u("t1").position.y, 21.5, 1e-9);
  }
  {
    // BG-MINE-08 for a vehicle: trapped, it may not turn on the spot.
    Sc sc = strip_field();
    sc.vehicle(0, "t1", "medium_tank", 10, 16);
    TG g(sc.s);
    g.draw(card(S, 3));
    g.ok(vmove("axis", "t1", 2, {{10, 21.5}}), {3, 3, 1, 2});
    g.draw(make_joker(1));
    g.draw(card(S, 4));
    EXPECT_EQ(g.refused(vmove("axis", "t1", 1, {}, 90), {4}), "BG_TRAPPED");
  }
  {
    Sc sc = strip_field();
    sc.vehicle(0, "t1", "medium_tank", 10, 16);
    TG g(sc.s);
    g.draw(card(S, 3));
    Outcome o = g.ok(vmove("axis", "t1", 2, {{10, 27}}), {6, 5, 6, 3});
    const auto* a = first_of(o, &pb::BgEvent::has_attack);
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->attack().white(), 2);
    EXPECT_NEAR(g.u("t1").position.y, 21.0, 1e-9);
    EXPECT_FALSE(g.u("t1").vehicle->immobilized);  // armoured: 1 net hit does nothing
  }
}

// BG-MINE-09: a mine-clearing tank moves through at half speed (roll 12: 4" to the edge, the
// 2" inside cost 4, then 4" more: it ends at y 26, not 28), is not attacked, and clears the strip
// its hull sweeps; a unit walking up that lane into the minefield is not attacked.
TEST(BgSpecialMinePath, MineClearerHalfSpeedClearsLane) {
  Sc sc = strip_field();
  sc.vehicle(0, "t1", "medium_tank", 10, 16).add_attributes("mine_clearer");
  sc.inf(0, "a2", 2, 10, 14);  // figures at x 9.5 and 10.5, inside the 1.75" lane
  TG g(sc.s);
  g.draw(card(S, 3));
  Outcome o = g.ok(vmove("axis", "t1", 2, {{10, 30}}), {6, 6});
  EXPECT_EQ(first_of(o, &pb::BgEvent::has_attack), nullptr);
  EXPECT_NEAR(g.u("t1").position.y, 26.0, 1e-9);
  EXPECT_TRUE(g.st().minefields[0].known_to[0]);
  ASSERT_FALSE(g.st().minefields[0].cleared.empty());
  Outcome w = g.ok(move("axis", "a2", pb::BG_MOVE_RUN, {{10, 21}}), {4, 3});
  EXPECT_EQ(first_of(w, &pb::BgEvent::has_attack), nullptr);
  EXPECT_NEAR(g.u("a2").position.y, 21.0, 1e-9);
}

pb::TerrainFeature poly(std::vector<std::pair<double, double>> pts) {
  pb::TerrainFeature t;
  t.set_kind("minefield");
  for (auto [x, y] : pts) *t.add_polygon() = pt(x, y);
  return t;
}

// BG-MINE-01 / BG-EX-13: 2x12, 3x8, 4x6 = 24 sq in each (in any orientation); a 5.5" circle is
// about 23.8 sq in; any other shape is refused by the scenario check.
TEST(BgSpecialMinePath, EX13MinefieldShapesAndAreas) {
  bg::MinefieldShape s;
  ASSERT_FALSE(bg::minefield_shape(poly({{0, 0}, {12, 0}, {12, 2}, {0, 2}}), &s));
  EXPECT_EQ(s.name, "2x12");
  EXPECT_DOUBLE_EQ(s.area, 24);
  ASSERT_FALSE(bg::minefield_shape(poly({{0, 0}, {3, 0}, {3, 8}, {0, 8}}), &s));
  EXPECT_EQ(s.name, "3x8");
  EXPECT_DOUBLE_EQ(s.area, 24);
  // 4x6 turned by the 3-4-5 angle.
  ASSERT_FALSE(bg::minefield_shape(poly({{0, 0}, {2.4, 3.2}, {-2.4, 6.8}, {-4.8, 3.6}}), &s));
  EXPECT_EQ(s.name, "4x6");
  EXPECT_DOUBLE_EQ(s.area, 24);
  pb::TerrainFeature c;
  c.set_kind("minefield");
  *c.mutable_circle()->mutable_centre() = pt(10, 10);
  c.mutable_circle()->set_radius(2.75);
  ASSERT_FALSE(bg::minefield_shape(c, &s));
  EXPECT_NEAR(s.area, 23.8, 0.05);
  EXPECT_TRUE(bg::minefield_shape(poly({{0, 0}, {5, 0}, {5, 4.8}, {0, 4.8}}), &s));  // 24 sq in, not listed
  EXPECT_TRUE(bg::minefield_shape(poly({{0, 0}, {2, 0}, {2, 10}, {0, 10}}), &s));
  Sc sc = strip_field();
  sc.inf(0, "a1", 4, 10, 14);
  sc.area("dummy_minefield", "big", 30, 2, 40, 12);
  const auto err = rules().validate(sc.s);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->find("BG-MINE-01"), std::string::npos);
}

}  // namespace
}  // namespace sandtable::bgtest
