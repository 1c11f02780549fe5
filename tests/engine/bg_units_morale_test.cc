// Optional morale (BG-OPT-07, BG-MOR-01..04, GAP-BG-MOR-04): which test, routing and rallying.
#include <gtest/gtest.h>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {
namespace {

int morale_events(const Outcome& o) {
  int n = 0;
  for (const auto& e : o.events) n += has_bg(e) && bg_of(e).has_morale() ? 1 : 0;
  return n;
}
const pb::Event* morale_event(const Outcome& o) {
  for (const auto& e : o.events) {
    if (has_bg(e) && bg_of(e).has_morale()) return &e;
  }
  return nullptr;
}

Outcome draw_with(TG& t, pb::Card c, std::vector<int> dice) {
  BgOrder x = cmd("axis");
  *x.mutable_bg()->mutable_draw_card()->mutable_card() = c;
  return t.ok(x, std::move(dice));
}

// Axis "a" (6 figures) shoots Allied "e" (6 figures, facing the Axis from 8" away) and routs it:
// white 5 6 6 2 -> 3 hits of 6 (1/2); casualty picks; rout test die 2 fails; 2D6 = 3 + 3 -> 6".
// With `leader` the unit keeps its leader (picks 2 2 2 take f1..f3) and tests with 2 dice.
TG routed(bool leader, Outcome* shot = nullptr) {
  Sc sc;
  sc.inf(0, "a", 6, 10, 10);
  sc.inf(1, "e", 6, 10, 18, leader ? 1 : 0, 0, "C", 180);
  sc.option("bg.morale", "on");
  TG t(sc.s);
  t.draw(card(C, 9));
  std::vector<int> dice = leader ? std::vector<int>{5, 6, 6, 2, 2, 2, 2, 2, 2, 3, 3} : std::vector<int>{5, 6, 6, 2, 1, 1, 1, 2, 3, 3};
  Outcome o = t.ok(shoot_cmd("axis", "a", "e"), dice);
  if (shot) *shot = o;
  EXPECT_TRUE(t.u("e").markers.routing);
  return t;
}

// BG-MOR-03: losing 3 of 6 qualifies for both tests (>= 1/3 and >= 1/2); only the more severe
// (rout) is taken: one test, one die.
TEST(BgUnitsMorale, OnlyTheMoreSevereTestIsTaken) {
  Outcome o;
  TG t = routed(false, &o);
  ASSERT_EQ(morale_events(o), 1);
  const pb::Event* m = morale_event(o);
  EXPECT_EQ(bg_of(*m).morale().test(), "rout");
  EXPECT_EQ(bg_of(*m).morale().distance(), 6);
  // The test die and the two distance dice ride on the morale event.
  EXPECT_EQ(m->dice_size(), 3);
}

// BG-MOR-04: a routing unit may not shoot (and carries the red marker).
TEST(BgUnitsMorale, RoutingUnitMayNotShoot) {
  TG t = routed(false);
  ASSERT_LT(t.st().action.side, 0);
  // The red marker shows in both sides' views as "routing".
  for (const char* seat : {"axis", "allies"}) {
    bool shown = false;
    const auto view = t.g->view(seat);
    for (const auto& u : view.units()) {
      if (u.id() != "e") continue;
      shown = shown || has_marker(u, "routing");
    }
    EXPECT_TRUE(shown) << seat;
  }
  t.draw(card(H, 7));  // Allied shooting
  EXPECT_EQ(t.refused(shoot_cmd("allies", "e", "a")), "BG_ROUTING");
}

// BG-MOR-04 / GAP-BG-MOR-04: on its side's move card (all units) the routing unit rolls to rally
// with 1 die (no leader); a hit (5+ for grade C) rallies it, and that roll is its move.
TEST(BgUnitsMorale, RallyOnMoveCardWithAHit) {
  TG t = routed(false);
  const auto before = bg::com(t.u("e"));
  Outcome o = draw_with(t, card(D, 7), {5});
  const pb::Event* m = morale_event(o);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(bg_of(*m).morale().test(), "rally");
  EXPECT_TRUE(bg_of(*m).morale().passed());
  EXPECT_EQ(m->dice_size(), 1);
  EXPECT_FALSE(t.u("e").markers.routing);
  EXPECT_EQ(t.u("e").moved_card, t.st().action.serial);  // the rally roll was its move
  EXPECT_NEAR(bg::com(t.u("e")).y, before.y, 1e-9);
}

// GAP-BG-MOR-04: no hit -> it routs again 2D6" (3 + 4 = 7") straight away from the nearest enemy.
TEST(BgUnitsMorale, FailedRallyRoutsAgainAwayFromTheEnemy) {
  TG t = routed(false);
  const geom::Vec2 enemy = bg::aim_point(t.st(), t.u("a"));
  const geom::Vec2 before = bg::com(t.u("e"));
  Outcome o = draw_with(t, card(D, 7), {2, 3, 4});
  const pb::Event* m = morale_event(o);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(bg_of(*m).morale().test(), "rally");
  EXPECT_FALSE(bg_of(*m).morale().passed());
  EXPECT_EQ(bg_of(*m).morale().distance(), 7);
  EXPECT_TRUE(t.u("e").markers.routing);
  const geom::Vec2 after = bg::com(t.u("e"));
  EXPECT_NEAR(geom::distance(after, before), 7.0, 1e-9);
  EXPECT_NEAR(geom::distance(after, enemy) - geom::distance(before, enemy), 7.0, 1e-6);  // straight away
  const geom::Vec2 away = after - enemy;
  EXPECT_GT(t.u("e").facing.forward().x * away.x + t.u("e").facing.forward().y * away.y, 0);  // back to the enemy
}

// GAP-BG-MOR-04: with a leader the rally roll is 2 dice; one hit (1, 5) is enough.
TEST(BgUnitsMorale, LeaderRalliesWithTwoDice) {
  Outcome shot;
  TG t = routed(true, &shot);
  EXPECT_EQ(morale_event(shot)->dice_size(), 4);  // 2 test dice + 2 distance dice
  Outcome o = draw_with(t, card(D, 7), {1, 5});
  const pb::Event* m = morale_event(o);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->dice_size(), 2);
  EXPECT_TRUE(bg_of(*m).morale().passed());
  EXPECT_FALSE(t.u("e").markers.routing);
}

// BG-MOR-04 on an ace (one unit moves): the owner may name the routing unit; the move order
// becomes its rally roll, and the ace's action is over.
TEST(BgUnitsMorale, AceMoveOfRoutingUnitIsItsRallyRoll) {
  TG t = routed(false);
  t.draw(card(D, 1));
  ASSERT_TRUE(t.st().action.one_unit);
  EXPECT_TRUE(t.u("e").markers.routing);  // nothing rolled when the ace opened
  Outcome o = t.ok(move("allies", "e", pb::BG_MOVE_WALK, {{10, 20}}, 180), {6});
  const pb::Event* m = morale_event(o);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(bg_of(*m).morale().test(), "rally");
  EXPECT_FALSE(t.u("e").markers.routing);
  EXPECT_LT(t.st().action.side, 0);
}

// BG-MOR-04: a routing unit does not charge; on an ace its charge order is its rally roll too.
TEST(BgUnitsMorale, AceChargeOfRoutingUnitIsItsRallyRoll) {
  TG t = routed(false);
  t.draw(card(D, 1));
  BgOrder c = cmd("allies");
  c.mutable_bg()->mutable_charge()->set_unit_id("e");
  c.mutable_bg()->mutable_charge()->set_target_id("a");
  Outcome o = t.ok(c, {2, 1, 1});
  ASSERT_NE(morale_event(o), nullptr);
  EXPECT_EQ(bg_of(*morale_event(o)).morale().test(), "rally");
  EXPECT_EQ(TG::find(o, [](const pb::BgEvent& b) { return b.has_charge_declared(); }), nullptr);
  EXPECT_TRUE(t.u("e").markers.routing);  // no hit: routs again 1 + 1 = 2"
  EXPECT_EQ(bg_of(*morale_event(o)).morale().distance(), 2);
}

}  // namespace
}  // namespace sandtable::bgtest
