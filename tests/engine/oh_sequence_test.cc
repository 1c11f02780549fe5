// One-Hour Wargames WWII sequence of play, Rally & Ready, victory and set-up (OH-SEQ-*,
// OH-RR-*, OH-VIC-01, OH-UNIT-*, OH-CONV-*).
#include "oh_test_util.h"

namespace sandtable::ohtest {
namespace {

std::vector<std::string> steps(const std::vector<pb::Event>& log) {
  std::vector<std::string> out;
  for (const auto& e : log) {
    if (!carries<pb::OhEvent>(e)) continue;
    const auto x = payload_of<pb::OhEvent>(e);
    if (x.has_step_started()) out.push_back(x.step_started().side() + ":" + std::to_string(x.step_started().step()));
  }
  return out;
}

// OH-SEQ-01: player A's phase, then player D's; each Mortar Fire, Actions, Rally & Ready. The
// attacker is the scenario's choice; a step nobody can act in passes by itself.
TEST(OhSequence, OH_SEQ_01_AttackerThenDefender) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(1, "x-mor", "mortar", 20, 40, 180).unit(1, "x", "infantry", 40, 40, 180)
      .option("oh.attacker", "axis");
  TG t(s.s);
  EXPECT_EQ(t.st().side_id(t.st().phasing), "axis");
  EXPECT_EQ(t.st().step, oh::Step::kMortar);  // the axis mortar can fire
  t.ok(end_step("axis"));
  EXPECT_EQ(t.st().step, oh::Step::kActions);
  t.ok(end_step("axis"));
  EXPECT_EQ(t.st().step, oh::Step::kRally);
  t.ok(end_step("axis"));
  // The allies have no mortar: their Mortar Fire step passes at once.
  EXPECT_EQ(t.st().side_id(t.st().phasing), "allies");
  EXPECT_EQ(t.st().step, oh::Step::kActions);
  t.refused(end_step("axis"), "OH_NOT_YOUR_PHASE", "OH-SEQ-01");
  EXPECT_EQ(steps(t.log), (std::vector<std::string>{"axis:0", "axis:1", "axis:2", "allies:0", "allies:1"}));
}

// OH-SEQ-02, OH-VIC-01: victory is judged only at the end of a complete turn.
TEST(OhSequence, OH_SEQ_02_VictoryAtTheEndOfACompleteTurn) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(0, "b", "infantry", 40, 10).unit(1, "x", "infantry", 20, 15, 180);
  TG t(s.s);
  t.set_hits("x", 12, 5);
  EXPECT_TRUE(fired(t.ok(fire("allies", "a", "x"), {2})).destroyed());
  EXPECT_FALSE(t.g->over());  // the turn is not complete
  t.ok(end_step("allies"));  // Actions over
  t.ok(end_step("allies"));  // Rally & Ready over; the axis phase has nothing to do: the turn ends
  EXPECT_TRUE(t.g->over());
  EXPECT_EQ(t.st().winner, "allies");
}

// OH-SEQ-03: mortars fire only in the Mortar Fire step; one that fired has acted, one that did
// not may move in the Actions step.
TEST(OhSequence, OH_SEQ_03_MortarFireStep) {
  Sc s;
  s.unit(0, "m1", "mortar", 10, 5).unit(0, "m2", "mortar", 30, 5).unit(0, "a", "infantry", 50, 10).unit(1, "x", "infantry", 30, 30, 180);
  TG t(s.s);
  t.refused(fire("allies", "a", "x"), "OH_WRONG_STEP", "OH-SEQ-03");
  t.refused(roll_move("allies", "m1"), "OH_WRONG_STEP", "OH-SEQ-04");
  t.ok(fire("allies", "m1", "x"), {3});
  t.ok(end_step("allies"));
  t.refused(fire("allies", "m2", "x"), "OH_MORTAR_STEP", "OH-SEQ-03");
  t.refused(roll_move("allies", "m1"), "OH_ALREADY_ACTED", "OH-SEQ-04");
  t.ok(roll_move("allies", "m2"), {2});
}

// OH-SEQ-04: one unit at a time, one action each (Fire or Move), resolved before the next.
TEST(OhSequence, OH_SEQ_04_OneActionPerUnit) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(0, "b", "infantry", 40, 10).unit(1, "x", "infantry", 30, 18, 180);
  TG t(s.s);
  t.ok(fire("allies", "a", "x"), {1});
  t.refused(fire("allies", "a", "x"), "OH_ALREADY_ACTED", "OH-SEQ-04");
  t.refused(roll_move("allies", "a"), "OH_ALREADY_ACTED", "OH-SEQ-04");
  t.ok(roll_move("allies", "b"), {1});
  t.refused(fire("allies", "a", "x"), "OH_MOVE_PENDING", "OH-MOVE-01");
  const pb::ActionMenu m = t.g->menu("allies");
  ASSERT_EQ(m.actions_size(), 2);  // only b's move (drawn, or staying put)
  EXPECT_EQ(m.actions(0).kind(), "move");
  EXPECT_EQ(m.actions(0).unit_id(), "b");
}

// OH-SEQ-05, OH-RR-03: after each phasing action the other side may fire with its Ready units
// (one at a time, at -1), each then losing Ready; the phasing side waits.
TEST(OhSequence, OH_SEQ_05_ReadyFireWindow) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(0, "b", "infantry", 40, 10).unit(1, "r1", "infantry", 20, 20, 180, {"ready"})
      .unit(1, "r2", "infantry", 40, 20, 180, {"ready"});
  TG t(s.s);
  t.refused(fire("axis", "r1", "a"), "OH_NOT_YOUR_PHASE", "OH-SEQ-01");
  t.ok(fire("allies", "a", "r1"), {1});
  ASSERT_TRUE(t.decision());
  EXPECT_EQ(t.decision()->seat(), "axis");
  EXPECT_EQ(t.run(roll_move("allies", "b")).rejection.code(), "DECISION_PENDING");
  const pb::ActionMenu m = t.g->menu("axis");
  int ready_entries = 0;
  for (const auto& a : m.actions()) ready_entries += a.kind() == "fire" ? 1 : 0;
  EXPECT_EQ(ready_entries, 2);
  EXPECT_EQ(fired(t.ok(fire("axis", "r1", "a"), {3})).modifiers(0).words(), "firing while Ready");
  EXPECT_FALSE(t.u("r1").ready);
  ASSERT_TRUE(t.decision());  // r2 may still fire
  t.answer(oh::kHoldFire);
  EXPECT_TRUE(t.u("r2").ready);
  EXPECT_FALSE(t.st().ready_window);
  t.ok(roll_move("allies", "b"), {1});
  EXPECT_FALSE(t.decision());  // the move is not over until it is drawn
  t.ok(move("allies", "b", {{40, 11}}));
  ASSERT_TRUE(t.decision());
  t.answer(oh::kHoldFire);
}

// OH-SEQ-06, OH-RR-01: only units that took no action may Rally, become Ready or Dig in, one
// of them each.
TEST(OhSequence, OH_SEQ_06_RallyAndReadyStep) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(0, "b", "infantry", 40, 10).unit(0, "c", "infantry", 55, 10).unit(1, "x", "infantry", 20, 20, 180);
  TG t(s.s);
  t.refused(rally_ready("allies", "b", pb::OH_READY), "OH_WRONG_STEP", "OH-SEQ-06");
  t.ok(fire("allies", "a", "x"), {2});
  t.ok(end_step("allies"));
  t.refused(rally_ready("allies", "a", pb::OH_READY), "OH_ALREADY_ACTED", "OH-RR-01");
  t.ok(rally_ready("allies", "b", pb::OH_READY));
  t.refused(rally_ready("allies", "b", pb::OH_DIG_IN), "OH_ALREADY_ACTED", "OH-RR-01");
}

// OH-RR-02: a Concealed unit or a Tank removes the roll; any other unit half, rounded up;
// permanent Hits never.
TEST(OhRally, OH_RR_02_Rally) {
  Sc s;
  s.unit(0, "tank", "tank", 20, 10).unit(0, "inf", "infantry", 40, 10).unit(0, "fresh", "infantry", 10, 30).unit(1, "x", "infantry", 50, 44, 180);
  TG t(s.s);
  t.set_hits("tank", 11, 5);
  t.set_hits("inf", 4);
  t.to_step("allies", oh::Step::kRally);
  t.refused(rally_ready("allies", "fresh", pb::OH_RALLY), "OH_NOTHING_TO_RALLY", "OH-RR-02");
  t.ok(rally_ready("allies", "tank", pb::OH_RALLY), {5});
  EXPECT_EQ(t.u("tank").hits, 6);
  t.ok(rally_ready("allies", "inf", pb::OH_RALLY), {5});
  EXPECT_EQ(t.u("inf").hits, 1);  // half of 5 rounded up
}

// OH-RR-03, GAP-OH-RR-03: Infantry, Tanks and ATGs may be Ready, Mortars not; Ready is kept
// while later rallying or digging in, and lost by moving.
TEST(OhRally, OH_RR_03_Ready) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(0, "m", "mortar", 40, 5).unit(1, "x", "infantry", 50, 44, 180);
  TG t(s.s);
  t.to_step("allies", oh::Step::kRally);
  t.refused(rally_ready("allies", "m", pb::OH_READY), "OH_CANNOT_READY", "OH-RR-03");
  t.ok(rally_ready("allies", "a", pb::OH_READY));
  t.refused(rally_ready("allies", "a", pb::OH_DIG_IN), "OH_ALREADY_ACTED", "OH-RR-01");  // one thing a step
  t.ok(end_step("allies"));
  t.to_step("allies", oh::Step::kRally);
  t.ok(rally_ready("allies", "a", pb::OH_DIG_IN));
  EXPECT_TRUE(t.u("a").ready);
  EXPECT_TRUE(t.u("a").dug_in);
  t.ok(end_step("allies"));
  t.to_step("allies", oh::Step::kActions);
  t.ok(roll_move("allies", "a"), {2});
  EXPECT_FALSE(t.u("a").ready);
}

// OH-RR-04, OH-UNIT-06, OH-CONV-07: a non-Tank unit that neither fired nor moved may dig in;
// it then counts as Concealed.
TEST(OhRally, OH_RR_04_DigIn) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(0, "t", "tank", 40, 10).unit(1, "x", "infantry", 50, 44, 180);
  TG t(s.s);
  t.to_step("allies", oh::Step::kRally);
  t.refused(rally_ready("allies", "t", pb::OH_DIG_IN), "OH_CANNOT_DIG_IN", "OH-UNIT-06");
  EXPECT_FALSE(oh::concealed(t.st(), t.u("a")));
  t.ok(rally_ready("allies", "a", pb::OH_DIG_IN));
  EXPECT_TRUE(oh::concealed(t.st(), t.u("a")));
  Sc bad = s;
  bad.s.mutable_sides(0)->mutable_units(1)->add_attributes("dug_in");
  EXPECT_NE(rules().validate(bad.s), std::nullopt);
}

// OH-CONV-07: Concealed = Dug-in, or in woods or a town.
TEST(OhRally, OH_CONV_07_Concealed) {
  Sc s;
  s.unit(0, "w", "infantry", 10, 10).unit(0, "t", "infantry", 30, 10).unit(0, "o", "infantry", 50, 10).unit(1, "x", "infantry", 50, 44, 180)
      .area("woods", 5, 8, 15, 12).area("town", 25, 8, 35, 12);
  TG t(s.s);
  EXPECT_TRUE(oh::concealed(t.st(), t.u("w")));
  EXPECT_TRUE(oh::concealed(t.st(), t.u("t")));
  EXPECT_FALSE(oh::concealed(t.st(), t.u("o")));
  int marked = 0;
  const pb::View axis_view = t.g->view("axis");
  for (const auto& u : axis_view.units()) marked += has_marker(u, "concealed") ? 1 : 0;
  EXPECT_EQ(marked, 2);
}

// OH-VIC-01, GAP-OH-SEQ-02: at the turn limit (15 unless the scenario says) the side holding
// more objective points wins; a contested objective stays with its last holder.
TEST(OhVictory, OH_VIC_01_ObjectivesAtTheTurnLimit) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(1, "x", "infantry", 40, 40, 180).objective("Farm", 20, 10, 2).objective("Hill", 40, 40, 1, "axis").turns(1);
  TG t(s.s);
  EXPECT_EQ(t.st().max_turns, 1);
  t.to_step("axis", oh::Step::kRally);
  t.ok(end_step("axis"));
  ASSERT_TRUE(t.g->over());
  EXPECT_EQ(t.st().winner, "allies");
  EXPECT_NE(t.st().end_reason.find("2 to 1"), std::string::npos);
  Sc d;
  d.unit(0, "a", "infantry", 20, 10).unit(1, "x", "infantry", 40, 40, 180);
  TG u(d.s);
  EXPECT_EQ(u.st().max_turns, 15);
}

// OH-UNIT-01, OH-UNIT-02: four unit types, all of a type rated alike (a quality is ignored).
TEST(OhSetup, OH_UNIT_01_02_FourTypesRatedAlike) {
  Sc s;
  s.unit(0, "a", "cavalry", 20, 10).unit(1, "x", "infantry", 40, 40, 180);
  const auto why = rules().validate(s.s);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("sides[0].units[0].type"), std::string::npos);
  Sc q;
  q.unit(0, "a", "infantry", 20, 10).unit(0, "b", "infantry", 40, 10).unit(1, "x", "infantry", 20, 17, 180).unit(1, "y", "infantry", 40, 17, 180);
  q.s.mutable_sides(0)->mutable_units(0)->set_quality("elite");
  TG t(q.s);
  const auto p1 = oh::plan_fire(t.st(), t.u("a"), t.u("x"), false);
  const auto p2 = oh::plan_fire(t.st(), t.u("b"), t.u("y"), false);
  EXPECT_EQ(p1.modifier_total, p2.modifier_total);
  EXPECT_EQ(fired(t.ok(fire("allies", "a", "x"), {4})).hits(), fired(t.ok(fire("allies", "b", "y"), {4})).hits());
}

// OH-UNIT-03, OH-UNIT-04, OH-UNIT-05, GAP-OH-UNIT-05: three bases facing one way, the unique
// base at the unit's place with the others level with it; gaps within 1" (tanks 2").
TEST(OhSetup, OH_UNIT_03_04_05_ThreeBases) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10, 30).unit(0, "t", "tank", 40, 10).unit(1, "x", "infantry", 40, 40, 180);
  TG t(s.s);
  const pb::View allies_view = t.g->view("allies");
  for (const auto& u : allies_view.units()) {
    ASSERT_EQ(u.figures_size(), 3);
    EXPECT_EQ(u.figures(0).kind(), u.type() + "_unique");
    EXPECT_EQ(u.figures(1).kind(), u.type());
    EXPECT_DOUBLE_EQ(u.figures(0).position().x(), u.position().x());
    EXPECT_DOUBLE_EQ(u.figures(0).position().y(), u.position().y());
  }
  for (const char* id : {"a", "t"}) {
    const auto b = oh::bases(t.u(id));
    const double limit = t.u(id).type == oh::UnitType::kTank ? 2 : 1;
    EXPECT_LE(oh::gap(b[0], b[1]), limit + 1e-9) << id;
    EXPECT_LE(oh::gap(b[0], b[2]), limit + 1e-9) << id;
    EXPECT_GT(oh::gap(b[0], b[1]), 0) << id;
    // Level with the unique base: the same distance ahead along the facing.
    EXPECT_NEAR(geom::dot(geom::centroid(b[1].vertices()) - t.u(id).pos, t.u(id).facing.forward()), 0, 1e-9);
  }
}

// OH-CONV-03: distances and sight may be measured by anyone at any time.
TEST(OhSetup, OH_CONV_03_FreeMeasuring) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(1, "x", "infantry", 20, 17, 180);
  TG t(s.s);
  pb::Query q;
  q.mutable_measure()->mutable_from()->set_unit_id("a");
  q.mutable_measure()->mutable_to()->set_unit_id("x");
  for (const char* seat : {"allies", "axis", "spectator", "gm"}) {
    const pb::QueryAnswer a = t.g->query(seat, q);
    EXPECT_TRUE(a.ok()) << seat;
    EXPECT_DOUBLE_EQ(a.distance(), 6);
    EXPECT_TRUE(a.line_of_sight());
  }
}

}  // namespace
}  // namespace sandtable::ohtest
