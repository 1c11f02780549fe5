// Reorganising on the table: heavy weapons set up and taken down (RR-FUNC-03), understrength
// squads combined by a leader (RR-CMD-07), a fallen leader replaced by the GM (RR-CMD-11), and
// the scenario's leaders counted (RR-CMD-01).
#include <gtest/gtest.h>

#include "engine/rulesets/rookie/rr_setup.h"
#include "tests/engine/rr_test_util.h"

namespace sandtable::rrtest {
namespace {

pb::Command set_up(const std::string& seat, const std::string& unit) {
  pb::RrCommand c;
  c.mutable_set_up()->set_unit_id(unit);
  return order(seat, c);
}

pb::Command combine(const std::string& seat, const std::string& leader, const std::string& unit, const std::string& into) {
  pb::RrCommand c;
  c.mutable_combine()->set_leader_id(leader);
  c.mutable_combine()->set_unit_id(unit);
  c.mutable_combine()->set_into_id(into);
  return order(seat, c);
}

pb::Command gm(const google::protobuf::Message& edit) {
  pb::Command c;
  c.set_seat("gm");
  c.mutable_gm()->mutable_edit()->set_reason("the club decided");
  c.mutable_gm()->mutable_edit()->mutable_ruleset_edit()->PackFrom(edit);
  return c;
}

pb::RrEditUnit figures(const std::string& id, int n) {
  pb::RrEditUnit x;
  x.set_unit_id(id);
  x.set_figures(n);
  return x;
}

TEST(RrOrganise, RR_FUNC_03_AHeavyMortarTakesFourFunctionsInOneTurnToSetUpAndCannotFirePacked) {
  Sc sc;
  sc.unit(0, "r-ldr", "leader", 30, 5).unit(0, "r-hm", "heavy_mortar", 32, 6, 0, {"packed"});
  sc.unit(1, "b1", "squad", 30, 40);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "r-hm"));
  EXPECT_NE(g.refused(fire("reds", "r-hm", "b1"), "RR_PACKED", "RR-FUNC-03").find("packed for moving"), std::string::npos);
  g.ok(set_up("reds", "r-hm"));
  g.ok(set_up("reds", "r-hm"));
  EXPECT_TRUE(g.u("r-hm").packed);
  EXPECT_EQ(g.u("r-hm").set_up_functions, 2);
  ASSERT_TRUE(g.skip_until([&] { return g.st().sequence == 2; }, 200));
  g.to_card("reds");
  g.ok(activate("reds", "r-hm"));
  g.ok(set_up("reds", "r-hm"));
  const auto es = rr_events(g.ok(set_up("reds", "r-hm")));
  ASSERT_FALSE(es.empty());
  ASSERT_TRUE(es[0].has_setting_up());
  EXPECT_EQ(es[0].setting_up().functions(), 4);
  EXPECT_TRUE(es[0].setting_up().emplaced());
  EXPECT_FALSE(g.u("r-hm").packed);
  // Set up, it no longer moves.
  ASSERT_TRUE(g.skip_until([&] { return g.st().turn == 2; }, 200));
  g.to_card("reds");
  g.ok(activate("reds", "r-hm"));
  g.refused(move("reds", "r-hm", {{32, 8}}), "RR_EMPLACED", "RR-FUNC-03");
}

TEST(RrOrganise, RR_FUNC_03_FunctionsSpentInAnEarlierTurnDoNotCount) {
  Sc sc;
  sc.unit(0, "r-ldr", "leader", 30, 5).unit(0, "r-hm", "heavy_mortar", 32, 6, 0, {"packed"});
  sc.unit(1, "b1", "squad", 30, 40);
  TG g(sc.s);
  ASSERT_TRUE(g.skip_until([&] { return g.st().sequence == 2; }, 200));
  g.to_card("reds");
  g.ok(activate("reds", "r-hm"));
  g.ok(set_up("reds", "r-hm"));
  g.ok(set_up("reds", "r-hm"));
  ASSERT_TRUE(g.skip_until([&] { return g.st().turn == 2; }, 200));
  g.to_card("reds");
  g.ok(activate("reds", "r-hm"));
  const auto es = rr_events(g.ok(set_up("reds", "r-hm")));
  EXPECT_EQ(es[0].setting_up().functions(), 1);
  EXPECT_TRUE(g.u("r-hm").packed);
}

TEST(RrOrganise, RR_CMD_07_ALeaderCombinesTwoUnderstrengthSquadsInItsRadius) {
  Sc sc;
  sc.unit(0, "r-ldr", "leader", 30, 10).unit(0, "r1", "squad", 26, 12).unit(0, "r2", "squad", 34, 12).unit(0, "r3", "squad", 30, 30);
  sc.unit(1, "b1", "squad", 30, 46);
  TG g(sc.s);
  g.ok(gm(figures("r1", 2)));
  g.ok(gm(figures("r2", 3)));
  g.ok(gm(figures("r3", 1)));
  // The next command phase stops for the reds: their leader may combine squads.
  ASSERT_TRUE(g.skip_until([&] { return g.st().phase == rr::Phase::kCommand && g.st().phase_side == 0; }, 200));
  g.refused(combine("reds", "r-ldr", "r3", "r2"), "RR_OUT_OF_COMMAND", "RR-CMD-07");  // 20" off
  g.refused(combine("reds", "r-ldr", "b1", "r2"), "RR_NO_SUCH_UNIT", "RR-CMD-07");
  g.ok(gm(figures("r1", 3)));
  g.refused(combine("reds", "r-ldr", "r1", "r2"), "RR_TOO_MANY_FIGURES", "RR-CMD-07");  // 6 > 5
  g.ok(gm(figures("r1", 2)));
  g.ok(combine("reds", "r-ldr", "r1", "r2"));
  EXPECT_EQ(g.u("r2").figures, 5);
  EXPECT_FALSE(g.u("r1").alive);
  EXPECT_TRUE(g.st().deck->acted("r-ldr"));  // its command for the sequence
}

TEST(RrOrganise, RR_CMD_11_TheGmReplacesAFallenLeaderWithAFigureOfASquad) {
  Sc sc;
  sc.unit(0, "r-ldr", "leader", 30, 10).unit(0, "r1", "squad", 30, 14);
  sc.unit(1, "b1", "squad", 30, 46);
  TG g(sc.s);
  pb::RrReplaceLeader x;
  x.set_leader_id("r-ldr");
  x.set_from_unit_id("r1");
  Outcome o = g.run(gm(x));
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "RR_GM_NOT_FALLEN");
  pb::GmEdit remove;
  remove.set_reason("hit");
  remove.mutable_remove_unit()->set_unit_id("r-ldr");
  pb::Command c;
  c.set_seat("gm");
  *c.mutable_gm()->mutable_edit() = remove;
  g.ok(c);
  o = g.ok(gm(x));
  EXPECT_TRUE(g.u("r-ldr").alive);
  EXPECT_EQ(g.u("r1").figures, 4);
  EXPECT_FALSE(g.st().deck->acted("r-ldr"));  // eligible for cards again
  const pb::View v = g.g->view("blacks");
  ASSERT_FALSE(v.units().empty());
}

TEST(RrOrganise, RR_CMD_01_ASideHasAtMostFourLeadersAtCompanyLevelAndTwoAtPlatoonLevel) {
  Sc sc;
  for (const char* id : {"l0", "l1", "l2", "l3", "l4"}) sc.unit(0, id, "leader", 10 + 5 * (id[1] - '0'), 5);
  sc.unit(1, "b1", "squad", 30, 40);
  auto why = rr::validate_scenario(sc.s);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("at most 4 leaders"), std::string::npos) << *why;
  Sc platoon;
  platoon.unit(0, "l1", "leader", 10, 5).unit(0, "l2", "leader", 20, 5).unit(0, "l3", "leader", 30, 5).unit(1, "b1", "squad", 30, 40);
  EXPECT_FALSE(rr::validate_scenario(platoon.s).has_value());  // company level: up to 4
  platoon.option("rr.level.reds", "platoon");
  why = rr::validate_scenario(platoon.s);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("at most 2 leaders"), std::string::npos) << *why;
}

}  // namespace
}  // namespace sandtable::rrtest
