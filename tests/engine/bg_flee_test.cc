// Battleground: the charged unit's flee is its player's to draw (BG-MEL-14). Answering "move" to
// the defender's option (BG-MEL-12) rolls the 2D6 at once and asks the defender (BG_FLEE) to
// draw the way away (BgFlee, on the menu as a free-table move) or to flee straight away.
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/bg/bg_actions.h"
#include "tests/engine/bg_melee_test_util.h"

namespace sandtable::bgtest {
namespace {

using bg::com;

const pb::BgChargeMoved* charge_moved(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_charge_moved(); });
  return e ? &e->charge_moved() : nullptr;
}

const pb::BgUnitMoved* fled(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_unit_moved(); });
  return e ? &e->unit_moved() : nullptr;
}

// Axis "a" (8 figures) at (10, 10) facing north charges Allied "e" (4 figures in a row, facing
// south toward it) at (10, ey) on an Axis move card; the Allies answer "move" and roll 3 + 4 = 7.
TG fleeing(double ey = 20, bool dug_in = false) {
  Sc sc;
  sc.inf(0, "a", 8, 10, ey - 10, 1);
  auto& e = sc.inf(1, "e", 4, 10, ey, 1, 0, "C", 180);
  if (dug_in) e.add_attributes("dug_in");
  TG t(sc.s);
  t.draw(card(S, 9));
  // One net hit passes (8 > 4); dug in adds a red die (a 6, no cancel).
  t.ok(charge("axis", "a", "e"), dug_in ? std::vector<int>{5, 2, 3, 4, 2, 6} : std::vector<int>{5, 2, 3, 4, 2});
  t.ok(answer(t, "allies", "move"), {3, 4});
  return t;
}

pb::Command flee(const std::string& id, std::vector<std::pair<double, double>> path, double facing,
                 const std::string& seat = "allies") {
  BgOrder c = cmd(seat);
  auto* f = c.mutable_bg()->mutable_flee();
  f->set_unit_id(id);
  for (auto [x, y] : path) *f->add_path() = pt(x, y);
  f->set_facing_deg(facing);
  return c;
}

// BG-MEL-14: the 2D6 is rolled at once (an event the log reads) and the defender's seat is asked
// to draw the way; nothing else moves until it has.
TEST(BgFlee, MoveRollsAtOnceAndAsksTheDefenderToDraw) {
  TG t = fleeing();
  ASSERT_TRUE(t.st().charge.has_value());
  EXPECT_EQ(t.st().charge->flee_roll, 7);
  ASSERT_EQ(t.st().decisions.size(), 1u);
  const auto& d = t.st().decisions.front();
  EXPECT_EQ(d.kind(), "BG_FLEE");
  EXPECT_EQ(d.rule_id(), "BG-MEL-14");
  EXPECT_EQ(d.seat(), "allies");
  EXPECT_EQ(d.prompt(), "e flees 7\": draw its way away from a");
  ASSERT_EQ(d.choices_size(), 1);
  EXPECT_EQ(d.choices(0).id(), "straight");
  const pb::BgEvent* rolled = find_in(t.log, [](const pb::BgEvent& b) { return b.has_flee_rolled(); });
  ASSERT_NE(rolled, nullptr);
  EXPECT_EQ(rolled->flee_rolled().roll(), 7);
  for (const auto& e : t.log) {  // the log line, for the other side too
    if (!has_bg(e) || !bg_of(e).has_flee_rolled()) continue;
    const auto seen = t.g->event_for(e, "axis");
    ASSERT_TRUE(seen);
    EXPECT_EQ(seen->text(), "e must flee 7\" (2D6) away from a; its player draws the way, or it flees straight away (BG-MEL-14).");
  }
  EXPECT_EQ(find_in(t.log, [](const pb::BgEvent& b) { return b.has_charge_moved(); }), nullptr);
  EXPECT_NEAR(com(t.u("e")).y, 20, 1e-9);
  // The menu: the answer "Flee straight away" and the drawn move of exactly the roll.
  const pb::ActionMenu m = t.g->menu("allies");
  const pb::Action* drawn = nullptr;
  bool straight = false;
  for (const auto& a : m.actions()) {
    if (a.kind() == "move") drawn = &a;
    if (a.kind() == "answer") {
      for (const auto& x : a.targets()) straight = straight || x.id() == "straight";
    }
  }
  EXPECT_TRUE(straight);
  ASSERT_NE(drawn, nullptr);
  EXPECT_EQ(drawn->id(), "flee:e");
  EXPECT_EQ(drawn->rule_id(), "BG-MEL-14");
  EXPECT_DOUBLE_EQ(drawn->move().max_inches(), 7);
  ASSERT_EQ(drawn->move().modes_size(), 1);
  EXPECT_EQ(drawn->move().modes(0), "flee");
  EXPECT_TRUE(drawn->move().facing_free());
  // Any other order waits for the answer.
  EXPECT_EQ(t.refused(move("allies", "e", pb::BG_MOVE_WALK, {{10, 22}})), "DECISION_PENDING");
}

// BG-MEL-14: a drawn flee (4" north, then 3" east: the whole 7") is accepted; the unit ends
// where drawn, facing as drawn (east, the way it last went: no facing cost); the charge goes on.
TEST(BgFlee, DrawnFleeEndsWhereDrawnFacingAsDrawn) {
  TG t = fleeing();
  const bg::Vec2 before = com(t.u("e"));
  auto o = t.ok(flee("e", {{10, 24}, {13, 24}}, 90), {6, 6, 6});
  ASSERT_NE(fled(o), nullptr);
  EXPECT_EQ(fled(o)->intent(), pb::BG_MOVE_FLEE);
  EXPECT_EQ(fled(o)->roll(), 7);
  EXPECT_NEAR(fled(o)->used(), 7, 1e-9);
  EXPECT_NEAR(fled(o)->facing_cost(), 0, 1e-9);
  EXPECT_NEAR(com(t.u("e")).x - before.x, 3, 1e-9);
  EXPECT_NEAR(com(t.u("e")).y - before.y, 4, 1e-9);
  EXPECT_NEAR(bg::facing_degrees(t.u("e").facing), 90, 1e-9);
  EXPECT_TRUE(t.st().decisions.empty());
  ASSERT_NE(charge_moved(o), nullptr);  // then the distance roll: 18 reaches (14.3")
  EXPECT_EQ(charge_moved(o)->roll(), 18);
  EXPECT_TRUE(charge_moved(o)->reached());
}

// BG-MEL-14 from the menu: the client draws the way with its ruler (PlayAction on "flee:e").
TEST(BgFlee, DrawnFleeFromTheMenu) {
  TG t = fleeing();
  pb::Command c;
  c.set_seat("allies");
  c.mutable_play()->set_action("flee:e");
  c.mutable_play()->set_mode("flee");
  *c.mutable_play()->add_path() = pt(10, 27);
  c.mutable_play()->set_facing_deg(0);
  // The preview of the pick gives the handler's answer (here: accepted; 3" short: refused).
  pb::Query q;
  *q.mutable_preview() = c.play();
  EXPECT_TRUE(t.g->query("allies", q).ok());
  pb::Query shorter = q;
  shorter.mutable_preview()->mutable_path(0)->set_y(23);
  const pb::QueryAnswer refused = t.g->query("allies", shorter);
  EXPECT_FALSE(refused.ok());
  EXPECT_EQ(refused.refusal().code(), "BG_FLEE_SHORT");
  TableDice td;
  for (int v : {1, 1, 1}) td.push(pb::DIE_KIND_D6, v);
  Outcome o = t.g->execute(c, &td);
  ASSERT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  EXPECT_NEAR(com(t.u("e")).y, 27, 1e-9);
  ASSERT_NE(charge_moved(o), nullptr);
  EXPECT_FALSE(charge_moved(o)->reached());  // 3 < 17
}

// BG-MEL-14 "generally away" (GAP-BG-MEL-14b): a way that comes nearer the charger at any point
// is refused, though it ends farther away; nothing changes and the question stays.
TEST(BgFlee, FleeTowardTheChargerRefused) {
  TG t = fleeing();
  Outcome o = t.run(flee("e", {{17, 19}}, 90));  // 7.07" east and a little south
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "BG_FLEE_TOWARD");
  EXPECT_EQ(o.rejection.rule_id(), "BG-MEL-14");
  EXPECT_EQ(o.rejection.message(), "e must flee away from a: the way drawn comes nearer to it than where e stands.");
  EXPECT_NEAR(com(t.u("e")).y, 20, 1e-9);
  EXPECT_NEAR(com(t.u("e")).x, 10, 1e-9);
  EXPECT_EQ(t.st().decisions.size(), 1u);
  EXPECT_EQ(t.st().charge->flee_roll, 7);
  // Straight toward it is refused too.
  EXPECT_EQ(t.refused(flee("e", {{10, 13}}, 180)), "BG_FLEE_TOWARD");
}

// BG-MEL-14 "move that full distance": 5" of a 7" roll in the open is refused.
TEST(BgFlee, ShortFleeRefused) {
  TG t = fleeing();
  Outcome o = t.run(flee("e", {{10, 25}}, 0));
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "BG_FLEE_SHORT");
  EXPECT_EQ(o.rejection.message(), "e must flee the whole 7\": the way drawn uses 5\", and it could go farther.");
  EXPECT_NEAR(com(t.u("e")).y, 20, 1e-9);
  // Drawn longer than the roll: walked as far as the 7" go.
  t.ok(flee("e", {{10, 35}}, 0), {1, 1, 1});
  EXPECT_NEAR(com(t.u("e")).y, 27, 1e-9);
}

// GAP-BG-MEL-14c: short is allowed where it cannot go on: 5" from y 31 to the table edge (36)
// with 7" rolled; stopping 3" short of the edge is refused.
TEST(BgFlee, ShortFleeAllowedAtTheTableEdge) {
  TG t = fleeing(31);
  EXPECT_EQ(t.refused(flee("e", {{10, 33}}, 0)), "BG_FLEE_SHORT");
  auto o = t.ok(flee("e", {{10, 36}}, 0), {1, 1, 1});
  EXPECT_NEAR(com(t.u("e")).y, 36, 1e-9);
  ASSERT_NE(fled(o), nullptr);
  EXPECT_NEAR(fled(o)->used(), 5, 1e-9);
  // Drawn on past the edge: it stops where it still stands on the table (0.05" steps).
  TG t2 = fleeing(31);
  t2.ok(flee("e", {{10, 45}}, 0), {1, 1, 1});
  EXPECT_LE(com(t2.u("e")).y, 36.0);
  EXPECT_GE(com(t2.u("e")).y, 35.95 - 1e-9);
}

// BG-MEL-14 "facing changes still cost" (BG-MOVE-08): fleeing north but ending facing south (the
// charger) costs 2", so the 7" walk ends after 5"; the same way facing north goes the full 7".
TEST(BgFlee, ATurnCostsInches) {
  TG t = fleeing();
  auto o = t.ok(flee("e", {{10, 35}}, 180), {1, 1, 1});
  ASSERT_NE(fled(o), nullptr);
  EXPECT_NEAR(fled(o)->facing_cost(), 2, 1e-9);
  EXPECT_NEAR(com(t.u("e")).y, 25, 1e-9);
  EXPECT_NEAR(bg::facing_degrees(t.u("e").facing), 180, 1e-9);
  // Up to 90 degrees off costs 1": 6" walked.
  TG t2 = fleeing();
  t2.ok(flee("e", {{10, 35}}, 90), {1, 1, 1});
  EXPECT_NEAR(com(t2.u("e")).y, 26, 1e-9);
  // Exactly 5" drawn with the 2" turn is the whole roll: accepted.
  TG t3 = fleeing();
  t3.ok(flee("e", {{10, 25}}, 180), {1, 1, 1});
  EXPECT_NEAR(com(t3.u("e")).y, 25, 1e-9);
}

// BG-MEL-14: a dug-in defender digs out for free when it flees along a drawn way.
TEST(BgFlee, DugInIsLostForFree) {
  TG t = fleeing(20, true);
  ASSERT_TRUE(t.u("e").markers.dug_in);
  t.ok(flee("e", {{10, 27}}, 0), {1, 1, 1});
  EXPECT_FALSE(t.u("e").markers.dug_in);
  EXPECT_NEAR(com(t.u("e")).y, 27, 1e-9);
}

// BG-MEL-14 with BG-UNIT-09: a hidden Axis unit on the drawn way (6.6" off, so still hidden) does
// not refuse the flee (that would reveal it): the flee stops short of it and finds it.
TEST(BgFlee, DrawnFleeRunsIntoAHiddenUnitAndStopsShort) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1);
  sc.inf(0, "h", 4, 10, 26.6, 1, 0, "C", 180).add_attributes("hidden");
  sc.inf(1, "e", 4, 10, 20, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "e"), {5, 2, 3, 4, 2});
  t.ok(answer(t, "allies", "move"), {3, 4});
  ASSERT_TRUE(t.u("h").hidden);
  auto o = t.ok(flee("e", {{10, 35}}, 0), {1, 1, 1});
  EXPECT_LT(com(t.u("e")).y, 26.0);
  EXPECT_GT(com(t.u("e")).y, 24.0);
  EXPECT_FALSE(t.u("h").hidden);
  ASSERT_NE(fled(o), nullptr);
  EXPECT_FALSE(fled(o)->reached());
}

// BG-MEL-12 still works: the answer "Flee straight away" moves it 7" straight away, facing kept.
TEST(BgFlee, StraightFleeIsStillAnAnswer) {
  TG t = fleeing();
  auto o = t.ok(answer(t, "allies", "straight"), {6, 6, 4});
  EXPECT_NEAR(com(t.u("e")).y, 27, 1e-9);
  EXPECT_NEAR(com(t.u("e")).x, 10, 1e-9);
  EXPECT_NEAR(bg::facing_degrees(t.u("e").facing), 180, 1e-9);
  ASSERT_NE(charge_moved(o), nullptr);
  EXPECT_EQ(charge_moved(o)->roll(), 16);
}

// BG-MEL-14: a BgFlee with no flee waiting is refused; so is one for another unit.
TEST(BgFlee, FleeOnlyWhenOneIsWaiting) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1);
  sc.inf(1, "e", 4, 10, 20, 1, 0, "C", 180);
  sc.inf(1, "f", 4, 30, 20, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(H, 9));  // an Allied move card
  EXPECT_EQ(t.refused(flee("e", {{10, 27}}, 0)), "BG_FLEE_WITH_ANSWER");
  TG u = fleeing();
  EXPECT_EQ(u.refused(flee("a", {{10, 2}}, 180)), "BG_NOT_FLEEING");  // not the unit that flees
  // Not the defender's seat: the question is not theirs.
  EXPECT_EQ(u.refused(flee("e", {{10, 27}}, 0, "axis")), "DECISION_PENDING");
}

// BG-MEL-14 with BG-VMOV-05: a charged tank (facing south, toward the charger) draws its flee
// east: the 90-degree turn costs 3", so 4" of the 7" are driven; it ends facing east.
TEST(BgFlee, VehicleDrawsItsFleeAndPaysItsTurn) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1);
  sc.vehicle(1, "v", "medium_tank", 10, 20, 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "v"), {5, 5, 2, 2, 2, 2, 2, 2, 2});  // 2 hits, halved: 1 passes
  t.ok(answer(t, "allies", "move"), {3, 4});
  ASSERT_EQ(t.st().decisions.size(), 1u);
  EXPECT_EQ(t.st().decisions.front().kind(), "BG_FLEE");
  auto o = t.ok(flee("v", {{30, 20}}, 90), {1, 1, 1});
  const auto* mv = TG::find(o, [](const pb::BgEvent& b) { return b.has_vehicle_moved(); });
  ASSERT_NE(mv, nullptr);
  EXPECT_EQ(mv->vehicle_moved().roll(), 7);
  EXPECT_NEAR(mv->vehicle_moved().turn_cost(), 3, 1e-9);
  EXPECT_NEAR(geom::distance(t.u("v").position, {14, 20}), 0, 1e-9);
  EXPECT_NEAR(bg::facing_degrees(t.u("v").facing), 90, 1e-9);
  ASSERT_NE(charge_moved(o), nullptr);
}

// A game saved while the flee waits comes back with its roll and question: the same drawn flee
// is accepted with the same outcome.
TEST(BgFlee, ASavedGameKeepsTheWaitingFlee) {
  TG t = fleeing();
  std::string err;
  auto g2 = Game::load(builtin_registry(), t.log.front(), t.g->save(), &err);
  ASSERT_TRUE(g2) << err;
  const auto& st2 = static_cast<const BgState&>(g2->state());
  ASSERT_TRUE(st2.charge.has_value());
  EXPECT_EQ(st2.charge->flee_roll, 7);
  ASSERT_EQ(st2.decisions.size(), 1u);
  EXPECT_EQ(st2.decisions.front().kind(), "BG_FLEE");
  TableDice td;
  for (int v : {1, 1, 1}) td.push(pb::DIE_KIND_D6, v);
  Outcome o = g2->execute(flee("e", {{10, 35}}, 0), &td);
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_NEAR(com(*static_cast<const BgState&>(g2->state()).find("e")).y, 27, 1e-9);  // a new state
}

// The bot can answer the flee: its candidates are drawn ways the checks accept.
TEST(BgFlee, BotCandidatesAreAccepted) {
  TG t = fleeing();
  const auto acts = bg::legal_actions(t.st(), "allies");
  int drawn = 0;
  for (const auto& c : acts) {
    if (!has_bg(c)) continue;
    ++drawn;
    Game g2(*t.g);
    TableDice td;
    for (int v : {1, 1, 1}) td.push(pb::DIE_KIND_D6, v);
    EXPECT_TRUE(g2.execute(c, &td).accepted);
  }
  EXPECT_GE(drawn, 1);
  EXPECT_GT(acts.size(), static_cast<std::size_t>(drawn));  // and "Flee straight away"
}

}  // namespace
}  // namespace sandtable::bgtest
