// The Portable Wargame's words on the table (issue 12): the briefing's rules with this
// scenario's numbers (PW-EXH-01..03, PW-VIC-01, PW-DX-06), each side's standing, the viewer's
// task (PW-ACT-02, PW-ART-01) and the events that decided a finished game.
#include "engine/model/autoplay.h"
#include "engine/rulesets/pw/pw_view_words.h"
#include "pw_test_util.h"
#include "tests/support/scenario_file.h"

namespace sandtable::pwtest {
namespace {

// PW-DX-06's force: 6 infantry (24), 2 mounted cavalry (6), 1 MG (2), 2 artillery (4) and a
// commander (2) = 38 SP.
Sc dx06() {
  Sc s;
  for (int i = 0; i < 6; ++i) {
    std::string id = "inf";
    id += std::to_string(i);
    s.unit(0, id, "infantry", i, 0);
  }
  s.unit(0, "cav1", "mounted_cavalry", 0, 1).unit(0, "cav2", "mounted_cavalry", 1, 1).unit(0, "mg", "machine_gun", 2, 1)
      .unit(0, "art1", "field_artillery", 3, 1).unit(0, "art2", "heavy_artillery", 4, 1).unit(0, "cmd", "commander", 5, 1)
      .unit(1, "r1", "infantry", 9, 9, pb::GRID_FACING_SOUTH);
  s.s.mutable_sides(0)->set_name("Union");
  s.s.mutable_victory()->set_max_turns(8);
  return s;
}

// PW-DX-06 / PW-EXH-01: 38 SP -> exhaustion point 13, in the briefing's words.
TEST(PwViewWords, PW_DX_06_BriefingNamesTheExhaustionPoint) {
  TG t(dx06().s);
  const pb::View v = t.g->view("blue");
  ASSERT_EQ(v.briefing().rules_size(), 4);
  EXPECT_EQ(v.briefing().rules(0),
            "Union: exhaustion point 13 SP (a third of 38, rounded up): at 13 SP lost it can no longer advance or start "
            "close combats (PW-EXH-01, PW-EXH-02).");
  EXPECT_EQ(v.briefing().rules(1),
            "red: exhaustion point 2 SP (a third of 4, rounded up): at 2 SP lost it can no longer advance or start close "
            "combats (PW-EXH-01, PW-EXH-02).");
  EXPECT_NE(v.briefing().rules(2).find("both sides are exhausted"), std::string::npos);  // PW-EXH-03
  EXPECT_EQ(v.briefing().rules(3).substr(0, 23), "Turn limit: 8 turns. Th");              // PW-VIC-01
  EXPECT_EQ(v.briefing().max_turns(), 8);
  EXPECT_EQ(v.sides(0).standing(), "lost 0 of 13: at 13 this side can no longer advance");
  // The spectator reads the same briefing (nothing in it is hidden).
  EXPECT_EQ(t.g->view("").briefing().rules(0), v.briefing().rules(0));
}

// PW-EXH-02: the standing follows the losses, and says when the side is exhausted.
TEST(PwViewWords, PW_EXH_02_StandingFollowsLosses) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 5).unit(0, "bt", "transport", 0, 0).unit(1, "r1", "infantry", 5, 6, pb::GRID_FACING_SOUTH)
      .unit(1, "r2", "infantry", 11, 9, pb::GRID_FACING_SOUTH);
  TG t(s.s);
  EXPECT_EQ(t.g->view("red").sides(1).standing(), "lost 0 of 3: at 3 this side can no longer advance");
  blue_first(t, {6});
  t.ok(cc("blue", "b1", "r1"), {6, 1, 1});  // attacker not hit; the defender loses 1 SP
  EXPECT_EQ(t.g->view("red").sides(1).standing(), "lost 1 of 3: at 3 this side can no longer advance");
  EXPECT_EQ(t.g->view("red").sides(1).strength_lost(), 1);
  // A GM edit makes red exhausted: the standing says what it may no longer do.
  pw::SideState red = t.st().side_state[1];
  red.exhausted = true;
  red.exhausted_turn = 1;
  EXPECT_EQ(pw::standing_words(red), "exhausted on turn 1 (1 of 8 SP lost): it may not advance or start close combats (PW-EXH-02)");
}

// PW-ACT-02: the acting seat reads its activations left; the other seat, the GM and spectators
// have no task. PW-ART-01: in the artillery phase a side with guns plans them.
TEST(PwViewWords, PW_ACT_02_TaskForTheActingSeatOnly) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(0, "b2", "infantry", 3, 1).unit(0, "b3", "infantry", 6, 1)
      .unit(1, "r1", "infantry", 3, 5, pb::GRID_FACING_SOUTH);
  TG t(s.s);
  blue_first(t, {3});  // one die showing 3: three activations
  EXPECT_EQ(t.g->view("blue").turn().task(), "Your activation: 3 units left");
  EXPECT_EQ(t.g->view("red").turn().task(), "");
  EXPECT_EQ(t.g->view("gm").turn().task(), "");
  EXPECT_EQ(t.g->view("").turn().task(), "");
  t.ok(move("blue", "b2", {{3, 2}}));  // b2 may still fire: it stays active
  EXPECT_EQ(t.g->view("blue").turn().task(), "Your activation: finish with b2 (then 2 units left)");
}

TEST(PwViewWords, PW_ART_01_TaskToPlanTheBatteries) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(1, "r-inf", "infantry", 5, 8, pb::GRID_FACING_SOUTH);
  TG t(s.s);
  ASSERT_EQ(t.st().phase, pw::Phase::kArtilleryPlanning);
  EXPECT_EQ(t.g->view("blue").turn().task(), "Your artillery fire: plan your batteries");
  EXPECT_EQ(t.g->view("red").turn().task(), "");
}

// PW-EXH-03 / PW-VIC-01: after both sides are exhausted the deciding lines say when each was.
TEST(PwViewWords, PW_EXH_03_DecidingLinesAfterTheGame) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 5).unit(0, "bt", "transport", 0, 0).unit(1, "r1", "infantry", 5, 6, pb::GRID_FACING_SOUTH)
      .unit(1, "rt", "transport", 11, 9);
  s.s.mutable_sides(0)->mutable_units(0)->set_strength(1);
  s.s.mutable_sides(1)->mutable_units(0)->set_strength(1);
  TG t(s.s);
  blue_first(t, {6});
  EXPECT_EQ(t.g->view("blue").result().deciding_size(), 0);
  t.ok(cc("blue", "b1", "r1"), {1, 1, 1, 1});  // both destroyed: both exhausted on turn 1
  t.ok(end_side("blue"), {3});
  t.ok(end_side("red"));
  ASSERT_TRUE(t.g->over());
  const pb::View v = t.g->view("red");
  ASSERT_EQ(v.result().deciding_size(), 2);
  EXPECT_EQ(v.result().deciding(0), "Turn 1: blue became exhausted (its losses reached 1 of 2 SP)");
  EXPECT_EQ(v.result().deciding(1), "Turn 1: red became exhausted (its losses reached 1 of 2 SP)");
  EXPECT_EQ(v.turn().task(), "");  // nothing to do after the game
}

// The demo scenario played to its end by the bot with a fixed seed: the game ends, and the
// view says why in deciding lines (exhaustion or the turn limit, PW-EXH-03 / PW-VIC-01).
TEST(PwViewWords, PW_VIC_01_DemoGameEndsWithDecidingLines) {
  const pb::Scenario sc = load_scenario_file("pw/meeting-engagement.json");
  AutoplayOptions o;
  o.seed = 7;
  o.keep_log = false;
  pb::View v;
  o.observer = [&](const Game& g, const std::vector<pb::Event>&) {
    if (g.over()) v = g.view("blue");
    return true;
  };
  const AutoplayResult r = autoplay(rules(), sc, o);
  ASSERT_TRUE(r.finished) << r.error;
  ASSERT_TRUE(v.result().over());
  EXPECT_GT(v.result().deciding_size(), 0) << v.result().reason();
  for (const auto& line : v.result().deciding()) EXPECT_EQ(line.substr(0, 5), "Turn ");
}

}  // namespace
}  // namespace sandtable::pwtest
