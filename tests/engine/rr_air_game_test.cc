// Aircraft on the table (RR-AIR-01..10, RR-SEQ-03): arrival rolled at the end of a turn, a run
// plotted in secret, over the table for both card sequences' AA fire, the attack between them.
#include <gtest/gtest.h>

#include "tests/engine/rr_test_util.h"

namespace sandtable::rrtest {
namespace {

// Reds have a dive bomber on call from the end of turn 1 (and, with `both`, blacks a fighter).
Sc air_table(bool both = false, const std::string& kind = "dive_bomber", const std::string& attack = "dive_bombing") {
  Sc sc;
  sc.area("woods", 5, 35, 15, 45, "Wood");
  sc.unit(0, "r-ldr", "leader", 30, 5).unit(0, "r1", "squad", 30, 8).unit(0, "r-mg", "hmg", 36, 8);
  sc.unit(1, "b-ldr", "leader", 20, 44).unit(1, "b1", "squad", 30, 40).unit(1, "b2", "squad", 10, 40).unit(1, "b-mg", "hmg", 50, 40);
  pb::RrScenario x;
  auto* a = x.add_air();
  a->set_side("reds");
  a->set_name("Stuka");
  a->set_kind(kind);
  a->set_attack(attack);
  a->set_rating(1);
  if (both) {
    auto* b = x.add_air();
    b->set_side("blacks");
    b->set_name("Yak-9");
    b->set_kind("fighter");
    b->set_attack("strafing");
    b->set_rating(2);
  }
  sc.s.mutable_extra()->PackFrom(x);
  return sc;
}

pb::Command fly(const std::string& seat, const std::string& id, double x, double y, double heading) {
  pb::RrCommand c;
  auto* p = c.mutable_flight_plan();
  p->set_aircraft_id(id);
  p->mutable_aim()->set_x(x);
  p->mutable_aim()->set_y(y);
  p->set_heading_deg(heading);
  return order(seat, c);
}

pb::Command aa(const std::string& seat, const std::string& unit, const std::string& plane) {
  pb::RrCommand c;
  c.mutable_aa_fire()->set_unit_id(unit);
  c.mutable_aa_fire()->set_aircraft_id(plane);
  return order(seat, c);
}

// The least order of the side waited on; the dice go only to the order that asks for them.
Outcome skip_or_roll(TG& g, std::vector<std::pair<pb::DieKind, int>> dice) {
  const int w = rr::waiting_side(g.st());
  EXPECT_GE(w, 0);
  const std::string& who = g.st().side_id(w);
  const pb::Command c = g.st().phase != rr::Phase::kCards ? end_phase(who) : g.st().active_unit.empty() ? pass(who) : end_activation(who);
  Outcome o = g.run(c);
  if (!o.accepted && o.rejection.code() == "TABLE_DICE_NEEDED") o = g.ok(c, std::move(dice));
  EXPECT_TRUE(o.accepted) << o.rejection.message();
  return o;
}

// Plays to the start of `turn`, the end-of-turn arrival rolls taking `dice`; returns those events.
std::vector<pb::RrEvent> to_turn(TG& g, int turn, std::vector<std::pair<pb::DieKind, int>> dice) {
  std::vector<pb::RrEvent> out;
  for (int i = 0; i < 200 && g.st().turn < turn; ++i) {
    for (const auto& e : rr_events(skip_or_roll(g, dice))) out.push_back(e);
  }
  EXPECT_EQ(g.st().turn, turn);
  return out;
}

const pb::RrAirArrival* arrival(const std::vector<pb::RrEvent>& es) {
  for (const auto& e : es) {
    if (e.has_air_arrival()) return &e.air_arrival();
  }
  return nullptr;
}

TEST(RrAirGame, RR_SEQ_03_RR_AIR_01_ArrivalIsRolledAtTheEndOfEachTurn35ThenTenMoreUntilOneComes) {
  TG g(air_table().s);
  // The end of turn 1: 35 %, d% 40 fails; the end of turn 2: 45 %, d% 45 brings the Stuka.
  auto es = to_turn(g, 2, {{kPct, 40}});
  const pb::RrAirArrival* a = arrival(es);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->chance(), 35);
  EXPECT_FALSE(a->arrived());
  EXPECT_TRUE(g.st().aircraft.empty());
  es = to_turn(g, 3, {{kPct, 45}});
  a = arrival(es);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->chance(), 45);
  EXPECT_TRUE(a->arrived());
  ASSERT_EQ(g.st().aircraft.size(), 1u);
  EXPECT_EQ(g.st().failed_checks[0], 0);  // back to 35 % for the next one
  // The roll is the reds' own news.
  for (const auto& e : g.log) {
    if (carries<pb::RrEvent>(e) && payload_of<pb::RrEvent>(e).has_air_arrival()) {
      ASSERT_EQ(e.visible_to_size(), 1);
      EXPECT_EQ(e.visible_to(0), "reds");
    }
  }
  // RR-SEQ-01 step 1: with an aircraft on call the turn starts with the reds' plotting.
  EXPECT_EQ(g.st().phase, rr::Phase::kPlot);
}

TEST(RrAirGame, RR_AIR_02_TheRunIsPlottedInSecretAndCrossesTheTableToTheOppositeEdge) {
  TG g(air_table().s);
  to_turn(g, 2, {{kPct, 10}});
  ASSERT_EQ(g.st().phase, rr::Phase::kPlot);
  // Heading 45 through (58, 24) comes in by the bottom edge and leaves by the right: not opposite edges.
  g.refused(fly("reds", "reds-air-1", 58, 24, 45), "RR_FLIGHT_PATH", "RR-AIR-02");
  g.refused(fly("blacks", "reds-air-1", 30, 40, 0), "RR_NO_AIRCRAFT", "RR-AIR-01");
  const Outcome o = g.ok(fly("reds", "reds-air-1", 30, 40, 0));
  ASSERT_EQ(o.events.size(), 1u);
  EXPECT_EQ(o.events[0].visible_to(0), "reds");
  EXPECT_TRUE(has_terrain(*g.g, "reds", "plotted_fire"));
  EXPECT_FALSE(has_terrain(*g.g, "blacks", "plotted_fire"));
  EXPECT_EQ(deck_view(*g.g, "blacks").aircraft_size(), 0);
  // RR-AIR-04: it comes over the table as the first card sequence begins; its path is public,
  // its aim is not.
  g.ok(end_phase("reds"));
  EXPECT_TRUE(g.st().aircraft[0].on_table);
  EXPECT_TRUE(has_terrain(*g.g, "blacks", "flight_path"));
  const pb::RrView v = deck_view(*g.g, "blacks");
  ASSERT_EQ(v.aircraft_size(), 1);
  EXPECT_EQ(v.aircraft(0).path_size(), 2);
  EXPECT_FALSE(v.aircraft(0).has_aim());
  EXPECT_DOUBLE_EQ(v.aircraft(0).path(0).x(), 30);
  EXPECT_DOUBLE_EQ(v.aircraft(0).path(0).y(), 0);
  EXPECT_DOUBLE_EQ(v.aircraft(0).path(1).y(), 48);
}

TEST(RrAirGame, RR_AIR_02_AHelicopterComesInFromAnEdgeAndCirclesItsAimThenAttacksThere) {
  TG g(air_table(false, "helicopter", "rockets").s);
  to_turn(g, 2, {{kPct, 10}});
  // Heading 90 at (59, 24): its 3" loop, left of the heading, would reach past the right edge (60").
  const Outcome far = g.run(fly("reds", "reds-air-1", 59, 24, 90));
  ASSERT_FALSE(far.accepted);
  EXPECT_EQ(far.rejection.code(), "RR_FLIGHT_PATH");
  EXPECT_NE(far.rejection.message().find("aim it further from the edge"), std::string::npos) << far.rejection.message();
  // An aeroplane may not fly this heading through (58, 24) (the test above); a helicopter may: it
  // need only come in from an edge.
  g.ok(fly("reds", "reds-air-1", 30, 40, 0));
  g.ok(end_phase("reds"));
  const pb::RrView v = deck_view(*g.g, "blacks");
  ASSERT_EQ(v.aircraft_size(), 1);
  const auto& path = v.aircraft(0).path();
  ASSERT_EQ(path.size(), 14);  // in from the edge, to the aim, 12 steps round the loop
  EXPECT_DOUBLE_EQ(path[0].x(), 30);
  EXPECT_DOUBLE_EQ(path[0].y(), 0);
  EXPECT_DOUBLE_EQ(path[1].y(), 40);
  EXPECT_DOUBLE_EQ(path[13].x(), 30);
  EXPECT_DOUBLE_EQ(path[13].y(), 40);
  // Half way round the loop it is 6" left of its aim (heading north: west of it).
  EXPECT_NEAR(path[7].x(), 24, 1e-9);
  EXPECT_NEAR(path[7].y(), 40, 1e-9);
  to_last_card_of_first_sequence(g);
  // Rockets, template C; a helicopter's attack-location roll has no modifier (RR-AIR-08): d10 4 is on target.
  const Outcome o = g.ok(pass(g.st().side_id(g.st().deck->pending()->side)), {{kD10, 4}, {kD10, 0}, {kPct, 95}});
  const pb::RrStrikeLanded* landed = nullptr;
  const auto es = rr_events(o);
  for (const auto& e : es) {
    if (e.has_strike_landed()) landed = &e.strike_landed();
  }
  ASSERT_NE(landed, nullptr);
  EXPECT_EQ(landed->modifier(), 0);
  EXPECT_EQ(landed->template_kind(), "C");
  EXPECT_DOUBLE_EQ(landed->landed().x(), 30);
  EXPECT_DOUBLE_EQ(landed->landed().y(), 40);
}

TEST(RrAirGame, RR_AIR_07_08_09_ADiveBomberAttacksBetweenTheSequencesWithTemplateDMinus3OnItsRoll) {
  TG g(air_table().s);
  to_turn(g, 2, {{kPct, 10}});
  g.ok(fly("reds", "reds-air-1", 30, 40, 0));
  g.ok(end_phase("reds"));
  to_last_card_of_first_sequence(g);
  // Attack location d10 7 - 3 = 4: on target (RR-AIR-08); the chart's d10 9 on 51-55 is S/B3
  // (GAP-RR-ART-05); b1 tests morale (RR-MOR-01 (2)), d% 95.
  const Outcome o = g.ok(pass(g.st().side_id(g.st().deck->pending()->side)), {{kD10, 7}, {kD10, 9}, {kPct, 95}});
  const auto es = rr_events(o);
  const pb::RrStrikeLanded* landed = nullptr;
  const pb::RrFired* hit = nullptr;
  bool left = false;
  for (const auto& e : es) {
    if (e.has_strike_landed()) landed = &e.strike_landed();
    if (e.has_fired() && e.fired().target_id() == "b1") hit = &e.fired();
    left = left || e.has_aircraft_left();
  }
  ASSERT_NE(landed, nullptr);
  EXPECT_TRUE(landed->aircraft());
  EXPECT_EQ(landed->modifier(), -3);
  EXPECT_EQ(landed->template_kind(), "D");
  EXPECT_EQ(landed->drift_inches(), 0);
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->source_rule_id(), "RR-AIR-07");
  EXPECT_EQ(hit->start_column(), "51-55");
  EXPECT_EQ(hit->result(), "S/B3");
  EXPECT_FALSE(hit->blind());
  EXPECT_TRUE(left);
  EXPECT_TRUE(g.st().aircraft.empty());
}

TEST(RrAirGame, RR_AIR_10_AnAirAttackOnATargetInCoverIsBlindFire) {
  TG g(air_table().s);
  to_turn(g, 2, {{kPct, 10}});
  g.ok(fly("reds", "reds-air-1", 10, 40, 0));  // b2, in the wood (class 2 cover)
  g.ok(end_phase("reds"));
  to_last_card_of_first_sequence(g);
  const auto es = rr_events(g.ok(pass(g.st().side_id(g.st().deck->pending()->side)), {{kD10, 1}, {kD10, 0}, {kPct, 95}}));
  const pb::RrFired* hit = nullptr;
  for (const auto& e : es) {
    if (e.has_fired() && e.fired().target_id() == "b2") hit = &e.fired();
  }
  ASSERT_NE(hit, nullptr);
  EXPECT_TRUE(hit->blind());
  EXPECT_EQ(hit->shift_total(), -5);  // class 2 cover 2 left, blind fire 3 left
}

TEST(RrAirGame, RR_AIR_05_06_AHeavyMgHitsOnTwentyPercentAndAKilledPilotNeverAttacks) {
  TG g(air_table().s);
  to_turn(g, 2, {{kPct, 10}});
  g.ok(fly("reds", "reds-air-1", 30, 40, 0));
  g.ok(end_phase("reds"));
  g.to_card("blacks");
  g.ok(activate("blacks", "b-mg"));
  const pb::ActionMenu m = g.g->menu("blacks");
  bool offered = false;
  for (const auto& a : m.actions()) offered = offered || (a.id() == "aa:b-mg" && a.targets_size() == 1 && a.targets(0).detail() == "20% to hit");
  EXPECT_TRUE(offered);
  g.refused(aa("blacks", "b1", "reds-air-1"), "RR_NOT_THE_ACTIVE_UNIT", "RR-CARD-03");
  const auto es = rr_events(g.ok(aa("blacks", "b-mg", "reds-air-1"), {{kPct, 20}, {kD10, 1}}));
  ASSERT_FALSE(es.empty());
  ASSERT_TRUE(es[0].has_aa_fired());
  EXPECT_TRUE(es[0].aa_fired().hit());
  EXPECT_EQ(es[0].aa_fired().effect_roll(), 1);
  EXPECT_TRUE(es[0].aa_fired().out());
  EXPECT_TRUE(g.st().aircraft.empty());  // crashed: nothing attacks between the sequences
}

TEST(RrAirGame, RR_AIR_06_AirframeHitsAndLocationModifiersAddUp) {
  TG g(air_table().s);
  to_turn(g, 2, {{kPct, 10}});
  g.ok(fly("reds", "reds-air-1", 30, 40, 0));
  g.ok(end_phase("reds"));
  g.to_card("blacks");
  g.ok(activate("blacks", "b-mg"));
  g.ok(aa("blacks", "b-mg", "reds-air-1"), {{kPct, 5}, {kD10, 3}});   // +2 on its attack-location roll
  g.ok(aa("blacks", "b-mg", "reds-air-1"), {{kPct, 99}});              // a miss
  ASSERT_EQ(g.st().aircraft.size(), 1u);
  EXPECT_EQ(g.st().aircraft[0].location_modifier, 2);
  to_last_card_of_first_sequence(g);
  // 7 - 3 + 2 = 6: it drifts 2" (d6) toward sector 6, still over b1's end stand; the chart's d10 0
  // on 51-55 is P/W1, and b1 tests morale.
  const auto es = rr_events(g.ok(pass(g.st().side_id(g.st().deck->pending()->side)),
                                 {{kD10, 7}, {pb::DIE_KIND_D6, 2}, {kD10, 0}, {kPct, 95}, {kD10, 0}, {kPct, 95}}));
  const pb::RrStrikeLanded* landed = nullptr;
  for (const auto& e : es) {
    if (e.has_strike_landed()) landed = &e.strike_landed();
  }
  ASSERT_NE(landed, nullptr);
  EXPECT_EQ(landed->modifier(), -1);
  EXPECT_EQ(landed->drift_sector(), 6);
  EXPECT_EQ(landed->drift_inches(), 2);
}

TEST(RrAirGame, RR_AIR_03_OpposingAircraftCancelOneForOne) {
  TG g(air_table(true).s);
  to_turn(g, 2, {{kPct, 10}, {kPct, 10}});
  ASSERT_EQ(g.st().aircraft.size(), 2u);
  g.ok(fly("reds", "reds-air-1", 30, 40, 0));
  g.ok(end_phase("reds"));
  ASSERT_EQ(g.st().phase, rr::Phase::kPlot);  // then the blacks plot theirs
  const Outcome o = g.ok(fly("blacks", "blacks-air-1", 30, 8, 180));
  (void)o;
  const auto es = rr_events(g.ok(end_phase("blacks")));
  const pb::RrDogfight* d = nullptr;
  for (const auto& e : es) {
    if (e.has_dogfight()) d = &e.dogfight();
  }
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->removed_size(), 2);
  EXPECT_TRUE(g.st().aircraft.empty());
}

}  // namespace
}  // namespace sandtable::rrtest
