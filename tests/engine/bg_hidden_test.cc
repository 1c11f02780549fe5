// BG-UNIT-09: hidden units never leak through the checks of the other side's orders. A move is
// checked as if they were not there; when the dice carry the mover into one it stops short and
// the unit is revealed. Sight lines pass through them until they are found.
#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {
namespace {

Sc with_allied_unit(bool hidden, double hx, double hy) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  auto& h = sc.inf(1, "h", 4, hx, hy, 1, 0, "C", 180);
  if (hidden) h.add_attributes("hidden");
  return sc;
}

const pb::BgUnitRevealed* revealed(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_revealed(); });
  return e ? &e->revealed() : nullptr;
}

// A path through a visible enemy is refused; through a hidden one the order stands, the unit
// runs into it, stops a base short, and the hidden unit is revealed.
TEST(BgHidden, BG_UNIT_09_MoveRunsIntoAHiddenUnitAndStopsShort) {
  TG seen(with_allied_unit(false, 10, 20).s);
  seen.draw(card(S, 9));
  EXPECT_EQ(seen.refused(move("axis", "a", pb::BG_MOVE_RUN, {{10, 26}})), "BG_THROUGH_ENEMY");

  TG t(with_allied_unit(true, 10, 20).s);
  t.draw(card(S, 9));
  EXPECT_EQ(t.g->view("axis").units_size(), 1);  // the Axis player does not see it
  auto o = t.ok(move("axis", "a", pb::BG_MOVE_RUN, {{10, 26}}), {6, 6});
  // 12" would end at y 22, through the hidden row at y 20; it backs off in 0.05" steps until
  // its front rank is a base (5/8") short: y 19.35.
  EXPECT_NEAR(t.u("a").position.y, 19.35, 1e-6);
  ASSERT_NE(revealed(o), nullptr);
  EXPECT_EQ(revealed(o)->unit_id(), "h");
  EXPECT_EQ(revealed(o)->reason(), "an enemy unit ran into it");
  EXPECT_FALSE(t.u("h").hidden);
  EXPECT_EQ(t.g->view("axis").units_size(), 2);
}

// The seats share one build of the units and sides (RuleSet::pieces_key, OrderPatches) only
// while no unit on the table is hidden: while one is, the side that owns it sees more than the
// other, and once it is revealed they see alike again.
TEST(BgHidden, BG_UNIT_09_SeatsSeeTheUnitsAlikeOnlyWhileNoneIsHidden) {
  TG t(with_allied_unit(true, 10, 20).s);
  t.draw(card(S, 9));
  EXPECT_NE(t.g->pieces_key("axis"), t.g->pieces_key("allies"));
  EXPECT_NE(t.g->pieces_key("axis"), t.g->pieces_key("gm"));
  EXPECT_NE(t.g->pieces_key("spectator"), t.g->pieces_key("allies"));
  EXPECT_EQ(t.g->view("axis").units_size(), 1);
  EXPECT_EQ(t.g->view("allies").units_size(), 2);
  t.ok(move("axis", "a", pb::BG_MOVE_RUN, {{10, 26}}), {6, 6});  // runs into it: revealed
  for (const char* seat : {"allies", "gm", "spectator"}) EXPECT_EQ(t.g->pieces_key(seat), t.g->pieces_key("axis")) << seat;
  EXPECT_EQ(t.g->view("axis").units_size(), 2);
}

// A vehicle driving into a hidden unit stops short of it too (no overrun of what it cannot see).
TEST(BgHidden, BG_UNIT_09_VehicleStopsShortOfAHiddenUnit) {
  Sc sc;
  sc.vehicle(0, "tank", "medium_tank", 10, 8, 0);
  sc.inf(1, "h", 4, 10, 20, 1, 0, "C", 180).add_attributes("hidden");
  TG t(sc.s);
  t.draw(card(S, 9));
  auto o = t.ok(vmove("axis", "tank", 3, {{10, 30}}), {6, 6, 6});
  EXPECT_LT(t.u("tank").position.y, 20 - 1.5);  // hull front short of the row
  EXPECT_GT(t.u("tank").position.y, 8);
  ASSERT_NE(revealed(o), nullptr);
  EXPECT_EQ(revealed(o)->unit_id(), "h");
  EXPECT_EQ(alive(t.u("h")), 4);
}

// A hidden unit is not an obstacle to the other side's sight (a "blocked by" refusal would
// name it); once visible it blocks like any unit of 3+ figures (BG-LOS-02).
TEST(BgHidden, BG_UNIT_09_HiddenUnitsDoNotBlockTheOtherSidesSight) {
  for (bool hidden : {true, false}) {
    Sc sc = with_allied_unit(hidden, 10.5, 17);  // a figure right on the line
    sc.inf(1, "e", 4, 10, 21.5, 1, 0, "C", 180);
    TG t(sc.s);
    t.draw(card(C, 9));
    if (hidden) {
      EXPECT_EQ(t.refused(shoot_cmd("axis", "a", "h")), "BG_NO_TARGET");  // answered as if absent
      t.ok(shoot_cmd("axis", "a", "e"), {2, 2, 2});
    } else {
      EXPECT_EQ(t.refused(shoot_cmd("axis", "a", "e")), "BG_NO_LOS");
    }
  }
}

// BG-UNIT-09: a hidden unit stays hidden until it shoots: its own moves and markers are told to
// its side only; its first shot reveals it to everyone before the dice.
TEST(BgHidden, BG_UNIT_09_OwnActsStaySecretUntilItShoots) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "h", 4, 10, 21, 1, 0, "C", 180).add_attributes("hidden");
  TG t(sc.s);
  t.draw(card(D, 9), "allies");  // Allied move
  auto o = t.ok(move("allies", "h", pb::BG_MOVE_RUN, {{14, 21}}, 180), {1, 1});
  int about_h = 0;
  for (const auto& e : o.events) {
    const auto& b = bg_of(e);
    if (!b.has_unit_moved() && !b.has_markers() && !b.has_unit_acted()) continue;  // (card events are public)
    ++about_h;
    EXPECT_FALSE(t.g->event_for(e, "axis")) << e.ShortDebugString();
    EXPECT_FALSE(t.g->event_for(e, "spectator")) << e.ShortDebugString();
    EXPECT_TRUE(t.g->event_for(e, "allies"));
  }
  EXPECT_EQ(about_h, 3);        // moved, marked "ran", acted
  t.draw(card(H, 9), "allies");  // Allied shoot (the move card closed: its only unit acted)
  o = t.ok(shoot_cmd("allies", "h", "a"), {2, 2, 2});
  ASSERT_NE(revealed(o), nullptr);
  EXPECT_EQ(revealed(o)->reason(), "it opened fire");
  EXPECT_EQ(bg_of(o.events.front()).has_revealed(), true);  // before the attack and its dice
  EXPECT_FALSE(t.u("h").hidden);
  for (const auto& e : o.events) EXPECT_TRUE(t.g->event_for(e, "axis"));
}

}  // namespace
}  // namespace sandtable::bgtest
