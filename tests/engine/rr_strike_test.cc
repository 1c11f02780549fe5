// Off-table artillery on the table (RR-ART-01..05, RR-SEQ-01 steps 1 and 4): plotted in secret
// before the turn, landing between the card sequences with its drift, attacking every unit under
// the template on the weapon's column, and forcing the morale test the weapon forces.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/engine/rr_test_util.h"

namespace sandtable::rrtest {
namespace {

pb::Command plot(const std::string& seat, const std::string& battery, double x, double y, const std::string& kind,
                 double orientation = 0) {
  pb::RrCommand c;
  auto* p = c.mutable_plot();
  p->set_battery_id(battery);
  p->mutable_point()->set_x(x);
  p->mutable_point()->set_y(y);
  p->set_template_kind(kind);
  p->set_orientation_deg(orientation);
  return order(seat, c);
}

// Reds have one battery of `weapon`; each side a leader and a squad, the blacks' squad in the
// open at (30, 40), a second black squad far off at (10, 40).
Sc battery_table(const std::string& weapon) {
  Sc sc;
  sc.unit(0, "r-ldr", "leader", 30, 5).unit(0, "r1", "squad", 30, 8);
  sc.unit(1, "b1", "squad", 30, 40).unit(1, "b2", "squad", 10, 40);
  pb::RrScenario x;
  auto* b = x.add_batteries();
  b->set_id("guns");
  b->set_name("105mm battery");
  b->set_side("reds");
  b->set_weapon(weapon);
  sc.s.mutable_extra()->PackFrom(x);
  return sc;
}

Outcome last_pass(TG& g, std::vector<std::pair<pb::DieKind, int>> dice) {
  return g.ok(pass(g.st().side_id(g.st().deck->pending()->side)), std::move(dice));
}

const pb::RrFired* attack_on(const std::vector<pb::RrEvent>& es, const std::string& id) {
  for (const auto& e : es) {
    if (e.has_fired() && e.fired().target_id() == id) return &e.fired();
  }
  return nullptr;
}

TEST(RrStrike, TheTurnStartsWithTheBatterySidesSecretPlot) {
  // RR-SEQ-01 step 1, RR-ART-01: the side with a battery writes its impact point before the turn;
  // only it (and the GM) sees the plot.
  TG g(battery_table("medium_artillery").s);
  ASSERT_EQ(g.st().phase, rr::Phase::kPlot);
  EXPECT_EQ(rr::waiting_side(g.st()), 0);
  const Outcome o = g.ok(plot("reds", "guns", 30, 40, "C"));
  ASSERT_EQ(o.events.size(), 1u);
  ASSERT_EQ(o.events[0].visible_to_size(), 1);
  EXPECT_EQ(o.events[0].visible_to(0), "reds");
  EXPECT_TRUE(has_terrain(*g.g, "reds", "plotted_fire"));
  EXPECT_TRUE(has_terrain(*g.g, "gm", "plotted_fire"));
  EXPECT_FALSE(has_terrain(*g.g, "blacks", "plotted_fire"));
  EXPECT_FALSE(has_terrain(*g.g, "spectator", "plotted_fire"));
  EXPECT_EQ(deck_view(*g.g, "blacks").plots_size(), 0);
  EXPECT_EQ(deck_view(*g.g, "reds").plots_size(), 1);
  // A new plot for the same battery replaces the first.
  g.ok(plot("reds", "guns", 20, 30, "C"));
  ASSERT_EQ(g.st().plots.size(), 1u);
  EXPECT_DOUBLE_EQ(g.st().plots[0].point.x, 20);
}

TEST(RrStrike, PlotsAreRefusedInWordsOffTheTableWithTheWrongTemplateOrOutOfTurn) {
  TG g(battery_table("medium_artillery").s);
  EXPECT_NE(g.refused(plot("reds", "guns", 70, 40, "C"), "RR_PLOT_OFF_TABLE", "RR-ART-01").find("105mm battery"), std::string::npos);
  // RR-ART-03: medium artillery fires template C only.
  g.refused(plot("reds", "guns", 30, 40, "B"), "RR_PLOT_TEMPLATE", "RR-ART-03");
  // The blacks have no battery: a battery of the other side is answered as no battery at all.
  g.refused(plot("blacks", "guns", 30, 10, "C"), "RR_NO_BATTERY", "RR-ART-01");
  g.ok(end_phase("reds"));
  g.refused(plot("reds", "guns", 30, 40, "C"), "RR_NOT_PLOTTING", "RR-ART-01");
}

TEST(RrStrike, HeavyArtilleryChoosesTemplateAOrBAndItsOrientation) {
  // RR-ART-03: heavy artillery A or B, oriented as the player wishes; light artillery D only.
  TG g(battery_table("heavy_artillery").s);
  g.refused(plot("reds", "guns", 30, 40, "C"), "RR_PLOT_TEMPLATE", "RR-ART-03");
  g.ok(plot("reds", "guns", 30, 40, "A", 90));
  EXPECT_EQ(g.st().plots[0].template_kind, "A");
  EXPECT_DOUBLE_EQ(g.st().plots[0].orientation_deg, 90);
  TG light(battery_table("light_artillery").s);
  light.refused(plot("reds", "guns", 30, 40, "C"), "RR_PLOT_TEMPLATE", "RR-ART-03");
  light.ok(plot("reds", "guns", 30, 40, "D"));
}

TEST(RrStrike, OnTargetTheStrikeAttacksEveryUnitUnderItOnTheWeaponsColumnThenMoraleIsTested) {
  // RR-ART-02: it lands between the card sequences; RR-ART-04: d10 1-4 is on target; RR-ART-05 /
  // GAP-RR-ART-05: each unit under template C is attacked on medium artillery's 51-55 column, then
  // tests morale at once (RR-MOR-01 (2)), casualty or not.
  TG g(battery_table("medium_artillery").s);
  g.ok(plot("reds", "guns", 30, 40, "C"));
  g.ok(end_phase("reds"));
  to_last_card_of_first_sequence(g);
  EXPECT_EQ(g.st().plots.size(), 1u);
  // impact d10 3; the chart's d10 9 on 51-55 is S/B3; b1's morale d% 95.
  const Outcome o = last_pass(g, {{kD10, 3}, {kD10, 9}, {kPct, 95}});
  const auto es = rr_events(o);
  const pb::RrStrikeLanded* landed = nullptr;
  for (const auto& e : es) {
    if (e.has_strike_landed()) landed = &e.strike_landed();
  }
  ASSERT_NE(landed, nullptr);
  EXPECT_EQ(landed->roll(), 3);
  EXPECT_EQ(landed->drift_inches(), 0);
  EXPECT_DOUBLE_EQ(landed->landed().x(), 30);
  EXPECT_DOUBLE_EQ(landed->landed().y(), 40);
  const pb::RrFired* hit = attack_on(es, "b1");
  ASSERT_NE(hit, nullptr);
  EXPECT_TRUE(hit->unit_id().empty());
  EXPECT_EQ(hit->source_rule_id(), "RR-ART-05");
  EXPECT_EQ(hit->start_column(), "51-55");
  EXPECT_EQ(hit->result(), "S/B3");
  EXPECT_EQ(hit->target_figures(), 2);
  EXPECT_EQ(attack_on(es, "b2"), nullptr);  // 30" away: not under the template
  bool tested = false;
  for (const auto& e : es) tested = tested || (e.has_morale_tested() && e.morale_tested().unit_id() == "b1");
  EXPECT_TRUE(tested);
  EXPECT_TRUE(g.st().plots.empty());
  EXPECT_EQ(g.u("b1").figures, 2);
  EXPECT_EQ(g.st().sequence, 2);
  // Revealed when it lands: everyone sees where it fell.
  EXPECT_TRUE(has_terrain(*g.g, "blacks", "strike"));
  EXPECT_TRUE(has_terrain(*g.g, "spectator", "strike"));
}

TEST(RrStrike, AStrikeThatDriftsMovesByTheD6TowardItsSector) {
  // RR-ART-04 / GAP-RR-ART-04: 7 drifts to sector 7 (120 degrees clockwise of "away from the
  // firer", the reds firing north from their edge), 1d6 inches: 4" lands at (33.46, 38).
  TG g(battery_table("medium_artillery").s);
  g.ok(plot("reds", "guns", 30, 40, "C"));
  g.ok(end_phase("reds"));
  to_last_card_of_first_sequence(g);
  const Outcome o = last_pass(g, {{kD10, 7}, {pb::DIE_KIND_D6, 4}, {kD10, 0}, {kPct, 95}});
  const auto es = rr_events(o);
  const pb::RrStrikeLanded* landed = nullptr;
  for (const auto& e : es) {
    if (e.has_strike_landed()) landed = &e.strike_landed();
  }
  ASSERT_NE(landed, nullptr);
  EXPECT_EQ(landed->drift_sector(), 7);
  EXPECT_EQ(landed->drift_inches(), 4);
  EXPECT_NEAR(landed->landed().x(), 30 + 4 * std::sqrt(3.0) / 2, 1e-9);
  EXPECT_NEAR(landed->landed().y(), 38, 1e-9);
  ASSERT_NE(attack_on(es, "b1"), nullptr);  // still within 3" of b1's stands
}

TEST(RrStrike, ALightMortarForcesNoTestWithoutACasualty) {
  // RR-MOR-01 (2): a light mortar's template does not force a test; a miss leaves the unit be.
  TG g(battery_table("light_mortar").s);
  g.ok(plot("reds", "guns", 30, 40, "D"));
  g.ok(end_phase("reds"));
  to_last_card_of_first_sequence(g);
  const auto es = rr_events(last_pass(g, {{kD10, 1}, {kD10, 0}}));
  const pb::RrFired* hit = attack_on(es, "b1");
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->start_column(), "21-25");
  EXPECT_EQ(hit->result(), "miss");
  for (const auto& e : es) EXPECT_FALSE(e.has_morale_tested());
}

TEST(RrStrike, AScenarioBatteryOrMinefieldIsCheckedWhenTheScenarioIsRead) {
  Sc sc = battery_table("howitzer");
  std::string err;
  EXPECT_FALSE(Game::start(rules(), sc.s, StartOptions{}, nullptr, &err));
  EXPECT_NE(err.find("extra.batteries[0].weapon"), std::string::npos) << err;
  Sc mines = battery_table("light_artillery");
  pb::RrScenario x;
  mines.s.extra().UnpackTo(&x);
  auto* m = x.add_minefields();
  m->set_side("blacks");
  m->set_at("7' 3'");  // 84" along a 60" table
  mines.s.mutable_extra()->PackFrom(x);
  EXPECT_FALSE(Game::start(rules(), mines.s, StartOptions{}, nullptr, &err));
  EXPECT_NE(err.find("extra.minefields[0].at"), std::string::npos) << err;
}

TEST(RrStrike, PlotsAndStrikesSurviveASnapshot) {
  TG g(battery_table("medium_artillery").s);
  g.ok(plot("reds", "guns", 30, 40, "C", 45));
  const std::string bytes = rules().save_state(g.g->state());
  std::string err;
  const auto back = rules().load_state(battery_table("medium_artillery").s, bytes, &err);
  ASSERT_TRUE(back) << err;
  const auto& st = static_cast<const RrState&>(*back);
  ASSERT_EQ(st.plots.size(), 1u);
  EXPECT_EQ(st.plots[0].battery_id, "guns");
  EXPECT_DOUBLE_EQ(st.plots[0].orientation_deg, 45);
}

}  // namespace
}  // namespace sandtable::rrtest
