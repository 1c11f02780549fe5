// Portable Wargame turn sequence: initiative, activation dice, sides' halves, exhaustion,
// end of battle, hidden artillery orders.
#include "engine/rulesets/pw/pw_actions.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

Sc small() {
  Sc s;
  s.unit(0, "b-cmd", "commander", 1, 1).unit(0, "b-inf", "infantry", 3, 1).unit(1, "r-cmd", "commander", 10, 8)
      .unit(1, "r-inf", "infantry", 8, 8, pb::GRID_FACING_SOUTH);
  return s;
}

// PW-SEQ-02: higher initiative roll goes first.
TEST(PwSequence, PW_SEQ_02_HigherRollActsFirst) {
  TG t(small().s);
  EXPECT_EQ(t.st().turn, 1);
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"blue", "red"}));  // table dice: proceed
  t.ok(proceed(), {2, 5, 3, 4});
  EXPECT_EQ(t.st().first_side, 1);
  EXPECT_EQ(t.st().active_side, 1);
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"red"}));
}

// PW-SEQ-02 / GAP-PW-SEQ-02: ties are re-rolled.
TEST(PwSequence, GAP_PW_SEQ_02_TiesAreRerolled) {
  TG t(small().s);
  const Outcome o = t.ok(proceed(), {4, 4, 3, 3, 6, 2, 1, 1});
  EXPECT_EQ(t.st().first_side, 0);
  int rounds = 0;
  for (const auto& e : o.events) rounds += pw_of(e).has_initiative() ? 1 : 0;
  EXPECT_EQ(rounds, 3);
}

// Option pw.initiative_ties = previous_first: last turn's first side wins a tie.
TEST(PwSequence, OptionTiesPreviousFirst) {
  Sc s = small();
  s.option("pw.initiative_ties", "previous_first");
  TG t(s.s);
  red_first(t, {1, 1});
  t.ok(end_side("red"), {1, 1});  // blue's activation dice
  t.ok(end_side("blue"), {3, 3, 1, 1});  // turn 2: tie 3-3 -> red (first last turn)
  EXPECT_EQ(t.st().turn, 2);
  EXPECT_EQ(t.st().first_side, 1);
}

// PW-ACT-01 + PW-DX-09: 1 commander + 7 others -> 3 dice; 15 -> all 8 units, 7 wasted.
TEST(PwSequence, PW_DX_09_ActivationDice) {
  Sc s;
  s.unit(0, "b-cmd", "commander", 0, 0);
  for (int i = 0; i < 7; ++i) {
    std::string id = "b";
    id += std::to_string(i);
    s.unit(0, id, "infantry", 1 + i, 0);
  }
  s.unit(1, "r-inf", "infantry", 8, 9, pb::GRID_FACING_SOUTH);
  TG t(s.s);
  const Outcome o = t.ok(proceed(), {6, 1, 6, 5, 4});
  const pb::PwActivationRolled* a = nullptr;
  for (const auto& e : o.events) {
    if (pw_of(e).has_activation_rolled()) a = &pw_of(e).activation_rolled();
  }
  ASSERT_TRUE(a);
  EXPECT_EQ(a->dice(), 3);
  EXPECT_EQ(a->total(), 15);
  EXPECT_EQ(a->activations(), 8);
  std::string dice;
  const pb::View blue = t.g->view("blue");
  for (const auto& m : blue.sides(0).markers()) {
    if (m.key() == "activation_dice") dice = m.value();
  }
  EXPECT_EQ(dice, "3");  // PW-ACT-01: shown as a labelled marker
}

// PW-EX-01 (and PW-ACT-03): commander + 12 others = 4 dice; commander lost -> 3; others
// falling from 11 to 10 -> 2.
TEST(PwSequence, PW_EX_01_ActivationDiceShrink) {
  PwState st;
  st.side_state.resize(2);
  pw::Unit c;
  c.type = pw::UnitType::kCommander;
  st.units.push_back(c);
  for (int i = 0; i < 12; ++i) st.units.push_back(pw::Unit{});
  EXPECT_EQ(pw::activation_dice_count(st, 0), 4);
  st.units[0].alive = false;
  EXPECT_EQ(pw::activation_dice_count(st, 0), 3);
  st.units[1].alive = false;  // 11 others
  EXPECT_EQ(pw::activation_dice_count(st, 0), 3);
  st.units[2].alive = false;  // 10 others
  EXPECT_EQ(pw::activation_dice_count(st, 0), 2);
}

// PW-ACT-02: a unit is activated at most once per turn; activations run out.
TEST(PwSequence, PW_ACT_02_ActivationsLimitAndOnce) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(0, "b2", "infantry", 3, 1).unit(0, "b3", "infantry", 6, 1)
      .unit(1, "r1", "infantry", 3, 5, pb::GRID_FACING_SOUTH);
  TG t(s.s);
  blue_first(t, {2});  // one die (3 others, no commander) showing 2
  EXPECT_EQ(t.st().side_state[0].activation_dice, 1);
  EXPECT_EQ(t.st().side_state[0].activations_left, 2);
  t.ok(move("blue", "b1", {{2, 3}}));
  EXPECT_EQ(t.st().side_state[0].activations_left, 1);
  t.ok(move("blue", "b2", {{3, 2}}));  // b2 may still fire, so it stays activated
  EXPECT_EQ(t.st().active_unit, "b2");
  Outcome o = t.run(fire("blue", "b1", 3, 5));
  EXPECT_EQ(o.rejection.code(), "PW_ALREADY_ACTIVATED");
  EXPECT_EQ(o.rejection.rule_id(), "PW-ACT-02");
  o = t.run(move("blue", "b3", {{6, 2}}));
  EXPECT_EQ(o.rejection.code(), "PW_NO_ACTIVATIONS");
  // PW-MOVE-03: moving a unit twice.
  o = t.run(move("blue", "b2", {{3, 3}}));
  EXPECT_EQ(o.rejection.code(), "PW_MOVE_TWICE");
  EXPECT_EQ(o.rejection.rule_id(), "PW-MOVE-03");
  EXPECT_NE(o.rejection.message().find("b2"), std::string::npos);
  // Ending b2's activation with none left ends blue's half; red's dice are rolled.
  t.ok(end_activation("blue"), {4});
  EXPECT_EQ(t.st().active_side, 1);
  EXPECT_TRUE(t.st().side_state[0].finished);
}

// PW-EXH-01..03 / PW-VIC-01: exhaustion at once; the battle ends in step 5 when both are;
// both exhausted in the same turn is a draw.
TEST(PwSequence, PW_EXH_03_BattleEndsWhenBothExhausted) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 5).unit(0, "bt", "transport", 0, 0).unit(1, "r1", "infantry", 5, 6, pb::GRID_FACING_SOUTH)
      .unit(1, "rt", "transport", 11, 9);
  s.s.mutable_sides(0)->mutable_units(0)->set_strength(1);
  s.s.mutable_sides(1)->mutable_units(0)->set_strength(1);
  TG t(s.s);
  EXPECT_EQ(t.st().side_state[0].exhaustion_point, 1);  // ceil(2/3)
  blue_first(t, {6});
  t.ok(cc("blue", "b1", "r1"), {1, 1, 1, 1});  // both hit; both hit rolls 1: both destroyed
  EXPECT_TRUE(t.st().side_state[0].exhausted);
  EXPECT_TRUE(t.st().side_state[1].exhausted);
  EXPECT_FALSE(t.g->over());  // checked only at the end of the turn (step 5)
  t.ok(end_side("blue"), {3});
  t.ok(end_side("red"));
  EXPECT_TRUE(t.g->over());
  EXPECT_EQ(t.st().winner, "");
  EXPECT_NE(t.st().end_reason.find("PW-EXH-03"), std::string::npos);
}

// PW-VIC-01 with a turn limit: the side that lost fewer SP wins.
TEST(PwSequence, PW_VIC_01_TurnLimitWinnerBySpLost) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 5).unit(1, "r1", "infantry", 5, 6, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 9, 9);
  s.s.mutable_victory()->set_max_turns(1);
  TG t(s.s);
  blue_first(t, {6});
  t.ok(cc("blue", "b1", "r1"), {6, 1, 1});  // attacker not hit; defender hit, loses 1 SP
  t.ok(end_side("blue"), {3});
  t.ok(end_side("red"));
  EXPECT_TRUE(t.g->over());
  EXPECT_EQ(t.st().winner, "blue");
}

// The hidden artillery orders: the other side and spectators see only that orders were given.
TEST(PwSequence, PW_ART_01_PlansHiddenUntilFired) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(0, "b-inf", "infantry", 2, 1)
      .unit(1, "r-gun", "field_artillery", 5, 8, pb::GRID_FACING_SOUTH).unit(1, "r-inf", "infantry", 2, 8, pb::GRID_FACING_SOUTH);
  TG t(s.s);
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"blue", "red"}));
  const Outcome o = t.ok(plan("blue", {{"b-gun", 5, 8}}));
  ASSERT_EQ(o.events.size(), 2u);
  bool hidden_seen_by_red = false, targets_public = false;
  for (const auto& e : o.events) {
    const auto red = t.g->event_for(e, "red");
    const auto spec = t.g->event_for(e, "spectator");
    if (red && pw_of(*red).artillery_planned().targets_size() > 0) hidden_seen_by_red = true;
    if (spec && pw_of(*spec).artillery_planned().targets_size() > 0) targets_public = true;
    const auto blue = t.g->event_for(e, "blue");
    ASSERT_TRUE(blue);
  }
  EXPECT_FALSE(hidden_seen_by_red);
  EXPECT_FALSE(targets_public);
  const pb::View rv = t.g->view("red");
  EXPECT_TRUE(has_marker(rv.sides(0), "orders_given"));
  EXPECT_EQ(rv.DebugString().find("(5,8)"), std::string::npos);
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"red"}));
  // A second plan from blue is refused (PW-ART-01).
  EXPECT_EQ(t.run(plan("blue", {})).rejection.code(), "PW_ART_ALREADY_PLANNED");
}

}  // namespace
}  // namespace sandtable::pwtest
