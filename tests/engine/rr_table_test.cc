// Rookie Rules on the table: what units are made of (RR-UNIT-*), functions (RR-FUNC-*), line of
// sight (RR-LOS-01/03/04), how long a spot lasts (RR-OBS-05), snipers (RR-SNIP-01/02), leaders
// (RR-CMD-03/10), the two card sequences of a turn (RR-SEQ-02) and the end of the game (RR-VIC-01).
#include <algorithm>

#include "tests/engine/rr_test_util.h"

namespace sandtable::rrtest {
namespace {

const pb::RrFired* first_shot(const std::vector<pb::RrEvent>& ev) {
  for (const auto& e : ev) {
    if (e.has_fired()) return &e.fired();
  }
  return nullptr;
}

TEST(RrTable, RR_UNIT_01_02_03_ASquadIsOneUnitOfFiguresAtThreeFfEachAmericansFour) {
  Sc sc;
  sc.unit(0, "sq", "squad", 10, 10).unit(0, "us", "squad", 20, 10, 0, {"ff=4"}).unit(0, "it", "squad", 30, 10, 4).unit(1, "e", "squad", 10, 40);
  TG g(sc.s);
  EXPECT_EQ(g.u("sq").figures, 5);  // a WWII squad: 5 figures, 3 ff each = 15 ff
  EXPECT_EQ(g.u("sq").ff(), 15);
  EXPECT_EQ(g.u("us").ff(), 20);    // Americans: 4 ff a figure
  EXPECT_EQ(g.u("it").ff(), 12);    // a 4-man squad
  // RR-UNIT-01: one card for each unit.
  EXPECT_EQ(g.st().deck->cards_of(0), 3);
  // RR-UNIT-02: one 1" stand per figure in the view.
  const pb::View v = g.g->view("gm");
  const auto it = std::find_if(v.units().begin(), v.units().end(), [](const pb::UnitView& u) { return u.id() == "sq"; });
  ASSERT_NE(it, v.units().end());
  EXPECT_EQ(it->figures_size(), 5);
}

TEST(RrTable, RR_UNIT_04_05_06_WeaponBandsTroopClassesAndArmourClasses) {
  Sc sc;
  sc.unit(0, "mmg", "mmg", 10, 10)
      .unit(0, "gun", "at_gun_57", 20, 10)
      .unit(0, "tank", "tank", 30, 10)
      .unit(0, "panther", "tank", 40, 10, 0, {"armour=E", "weapon_ff=48"})
      .unit(1, "elite", "squad", 10, 40, 0, {}, "A")
      .unit(1, "raw", "squad", 20, 40, 0, {}, "raw");
  TG g(sc.s);
  EXPECT_EQ(rr::column_for_ff(g.u("mmg").ff()), rr::column_for_ff(16));  // medium MG: 16-20
  EXPECT_EQ(rr::column_for_ff(g.u("gun").ff()), rr::column_for_ff(31));  // 57 mm AT gun: 31-35
  EXPECT_EQ(g.u("tank").armour, rr::ArmourClass::kC);                    // Sherman-class: C
  EXPECT_EQ(g.u("panther").armour, rr::ArmourClass::kE);
  EXPECT_EQ(g.u("panther").ff(), 48);
  EXPECT_EQ(g.u("elite").troop, rr::TroopClass::kA);
  EXPECT_EQ(g.u("raw").troop, rr::TroopClass::kE);
  Sc bad;
  bad.unit(0, "x", "squad", 10, 10, 0, {"armour=F"}).unit(1, "y", "squad", 10, 40);
  std::string err;
  EXPECT_TRUE(rules().validate(bad.s).has_value());
}

TEST(RrTable, RR_FUNC_01_02_RR_CMD_03_AUnitMayMoveThenFireOrFireTwiceALeaderFiresLikeAUnit) {
  Sc sc;
  sc.unit(0, "a", "squad", 30, 10).unit(0, "l", "leader", 30, 8).unit(1, "b", "squad", 30, 30).unit(1, "m", "leader", 32, 32);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "a"));
  g.ok(move("reds", "a", {{30, 14}}));
  g.ok(fire("reds", "a", "b"), {{kD10, 0}});
  EXPECT_TRUE(g.st().active_unit.empty());
  g.to_card("reds");
  g.ok(activate("reds", "l"));
  g.ok(fire("reds", "l", "b"), {{kD10, 0}});  // RR-CMD-03: a leader may fire like a unit
  g.ok(fire("reds", "l", "b"), {{kD10, 0}});
  EXPECT_TRUE(g.st().active_unit.empty());
}

TEST(RrTable, RR_LOS_01_HillsAndCoverBlockFireButOneMayFireIntoCover) {
  Sc sc;
  sc.area("hill", 25, 18, 35, 22, "Knoll")
      .area("woods", 40, 18, 50, 24, "Wood")
      .unit(0, "a", "squad", 30, 10)
      .unit(0, "c", "squad", 45, 10)
      .unit(0, "l", "leader", 36, 9)
      .unit(1, "b", "squad", 30, 30)
      .unit(1, "d", "squad", 45, 30)
      .unit(1, "e", "squad", 45, 19);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "a"));
  std::string why = g.refused(fire("reds", "a", "b"), "RR_NO_LINE_OF_SIGHT", "RR-LOS-01");
  EXPECT_NE(why.find("Knoll"), std::string::npos) << why;
  g.ok(end_activation("reds"));
  g.to_card("reds");
  g.ok(activate("reds", "c"));
  why = g.refused(fire("reds", "c", "d"), "RR_NO_LINE_OF_SIGHT", "RR-LOS-01");  // through 6" of wood
  EXPECT_NE(why.find("Wood"), std::string::npos) << why;
  g.ok(fire("reds", "c", "e"), {{kD10, 0}});  // 1" into the wood: class 2 may be seen 4" into
}

TEST(RrTable, RR_LOS_03_MortarsFireOverWhatBlocksSight) {
  Sc sc;
  sc.area("hill", 25, 18, 35, 22, "Knoll").unit(0, "mortar", "light_mortar", 30, 10).unit(0, "l", "leader", 31, 9).unit(1, "b", "squad", 30, 30);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "mortar"));
  g.ok(fire("reds", "mortar", "b"), {{kD10, 1}, {kD10, 0}});  // RR-ART-07: the impact roll, then the chart
}

TEST(RrTable, RR_ART_07_AnOnTableMortarAttacksEveryUnitUnderItsTemplateAtTheTarget) {
  // A medium mortar (ff 38: 36-40) aims at b (two stands, 29.5 and 30.5); template D (3" across) at
  // b's centre also reaches the stand of c beside it (31.9). Impact d10 2: on target. b in the open: d10 9 on 36-40 is S/B1; c, in
  // the open too: d10 0 is D/R. Both test morale (a medium mortar forces it, RR-MOR-01 (2)).
  Sc sc;
  sc.unit(0, "mortar", "medium_mortar", 30, 2).unit(0, "l", "leader", 31, 3);
  sc.unit(1, "b", "squad", 30, 30, 2).unit(1, "c", "squad", 31.9, 30, 1).unit(1, "far", "squad", 50, 30, 1);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "mortar"));
  const auto es = rr_events(g.ok(fire("reds", "mortar", "b"), {{kD10, 2}, {kD10, 9}, {kPct, 95}, {kD10, 0}, {kPct, 95}}));
  std::vector<std::string> hit;
  for (const auto& e : es) {
    if (!e.has_fired()) continue;
    hit.push_back(e.fired().target_id() + " " + e.fired().result());
    EXPECT_EQ(e.fired().source_rule_id(), "RR-ART-07");
    EXPECT_EQ(e.fired().start_column(), "36-40");
  }
  EXPECT_EQ(hit, (std::vector<std::string>{"b S/B1", "c D/R"}));
  EXPECT_EQ(g.u("b").figures, 1);
  EXPECT_EQ(g.st().functions_left, 1);  // one fire function spent
}

// A medium mortar and its leader, two enemy squads in the open at 28" and about 34".
pb::Scenario mortar_and_two_squads() {
  Sc sc;
  sc.unit(0, "mortar", "medium_mortar", 30, 2).unit(0, "l", "leader", 31, 3);
  sc.unit(1, "b", "squad", 30, 30, 1).unit(1, "far", "squad", 50, 30, 1);
  return sc.s;
}

TEST(RrTable, RR_FIRE_08_AMortarFiresAtASecondTargetOnlyIfItsFirstShotSaidSo) {
  TG g(mortar_and_two_squads());
  g.to_card("reds");
  g.ok(activate("reds", "mortar"));
  // Impact d10 2: on target; b in the open, d10 1 on 36-40.
  g.ok(fire("reds", "mortar", "b"), {{kD10, 2}, {kD10, 1}, {kPct, 95}});
  g.refused(fire("reds", "mortar", "far"), "RR_SWITCH_UNDECLARED", "RR-FIRE-08");
}

TEST(RrTable, RR_FIRE_08_AMortarSplittingItsTwoShotsTakesTwoLeftOnBoth) {
  TG g(mortar_and_two_squads());
  g.to_card("reds");
  g.ok(activate("reds", "mortar"));
  // A medium mortar's 36-40, two left for the split: 26-30, at b and then at far.
  for (const std::string target : {"b", "far"}) {
    const auto es = rr_events(g.ok(fire("reds", "mortar", target, target == "b"), {{kD10, 2}, {kD10, 1}, {kPct, 95}}));
    const pb::RrFired* shot = nullptr;
    for (const auto& e : es) {
      if (e.has_fired() && e.fired().target_id() == target) shot = &e.fired();
    }
    ASSERT_NE(shot, nullptr) << target;
    EXPECT_EQ(shot->start_column(), "36-40") << target;
    EXPECT_EQ(shot->column(), "26-30") << target;
  }
}

TEST(RrTable, RR_LOS_04_TrenchesDoNotBlockSight) {
  Sc sc;
  sc.area("trench", 20, 18, 40, 20, "Trench line").unit(0, "a", "squad", 30, 10).unit(0, "l", "leader", 31, 9).unit(1, "b", "squad", 30, 30);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "a"));
  g.ok(fire("reds", "a", "b"), {{kD10, 0}});
}

TEST(RrTable, RR_OBS_05_GAP_RR_OBS_05_ASpotLastsWhileInSightAndIsLostOutOfIt) {
  Sc sc;
  sc.area("woods", 25, 28, 35, 34, "Wood")
      .area("hill", 31.5, 21, 33, 26, "Ridge")
      .unit(0, "a", "squad", 30, 20)
      .unit(1, "b", "squad", 30, 29)
      .unit(1, "m", "leader", 60, 47);
  TG g(sc.s);
  EXPECT_FALSE(g.u("b").spotted(0));  // in cover: not spotted until observed (RR-OBS-02)
  g.to_card("reds");
  g.ok(activate("reds", "a"));
  g.ok(observe("reds", "a", "b"), {{kPct, 1}});
  EXPECT_TRUE(g.u("b").spotted(0));
  // The only red unit (out of command: class B, 2") steps behind the ridge's end: no red unit sees
  // the wood's edge now.
  Outcome o = g.ok(move("reds", "a", {{32, 20}}));
  EXPECT_FALSE(g.u("b").spotted(0));
  const auto ev = rr_events(o);
  EXPECT_TRUE(std::any_of(ev.begin(), ev.end(), [](const pb::RrEvent& e) { return e.has_spotted() && !e.spotted().spotted(); }));
}

TEST(RrTable, RR_SNIP_01_02_ASniperFiresAtAnyRangeHiddenAndIsDetectedFromItsSecondTurn) {
  Sc sc;
  sc.unit(0, "snp", "sniper", 30, 5).unit(1, "b", "squad", 30, 47).unit(1, "m", "leader", 40, 47);
  sc.s.mutable_table()->set_height(120);
  sc.s.mutable_sides(1)->mutable_units(0)->mutable_position()->set_y(115);
  sc.s.mutable_sides(1)->mutable_units(1)->mutable_position()->set_y(116);
  TG g(sc.s);
  // RR-SNIP-02: hidden from the enemy until spotted.
  EXPECT_EQ(g.g->view("blacks").SerializeAsString().find("snp"), std::string::npos);
  g.to_card("reds");
  g.ok(activate("reds", "snp"));
  // RR-SNIP-01: 110" away, beyond every other weapon; the 1-5 column, no modifiers.
  Outcome o = g.ok(fire("reds", "snp", "b"), {{kD10, 9}, {kPct, 50}});
  const auto events = rr_events(o);
  const pb::RrFired* shot = first_shot(events);
  ASSERT_NE(shot, nullptr);
  EXPECT_EQ(shot->column(), "1-5");
  EXPECT_EQ(shot->result(), "D/R1");
  // The Germans get the shot without the firer; in its first turn the sniper cannot be spotted.
  for (const auto& e : o.events) {
    if (auto seen = g.g->event_for(e, "blacks")) {
      EXPECT_EQ(seen->ShortDebugString().find("snp"), std::string::npos) << seen->text();
    }
  }
  EXPECT_FALSE(g.u("snp").spotted(1));
  // The shot is recorded whole for the sniper's side and without the firer for the enemy: each
  // side reads one line of it, and so does the GM, who sees both copies (the whole one).
  const auto shot_lines = [&](const std::string& viewer) {
    std::vector<std::string> out;
    for (const auto& e : o.events) {
      auto line = g.g->log_line_for(e, viewer);
      EXPECT_FALSE(line && line->text().empty()) << viewer << " is sent a line without words";
      if (line && line->text().find(" fires at ") != std::string::npos) out.push_back(line->text());
    }
    return out;
  };
  const auto reds = shot_lines("reds"), blacks = shot_lines("blacks"), gm = shot_lines("gm");
  ASSERT_EQ(reds.size(), 1u);
  ASSERT_EQ(blacks.size(), 1u);
  EXPECT_EQ(gm, reds);
  EXPECT_NE(reds[0].rfind("An unseen unit", 0), 0u) << reds[0];
  EXPECT_EQ(blacks[0].rfind("An unseen unit", 0), 0u) << blacks[0];
}

TEST(RrTable, RR_CMD_10_ALeaderTakesAMarkerOffAnotherLeader) {
  Sc sc;
  sc.unit(0, "a", "squad", 30, 20).unit(0, "capt", "leader", 30, 12).unit(0, "lt", "leader", 34, 12).unit(1, "b", "squad", 30, 28).unit(1, "m", "leader", 30, 40);
  TG g(sc.s);
  g.to_card("blacks");
  g.ok(activate("blacks", "b"));
  // 15 ff at 16.49" from the lieutenant: x1.5 = 22 (21-25), 3 left at a leader (RR-FIRE-10): 6-10; 7 -> D/R.
  g.ok(fire("blacks", "b", "lt"), {{kD10, 7}});
  ASSERT_EQ(g.u("lt").marker, rr::Marker::kDisrupted);
  g.skip_until([&] { return g.st().phase == rr::Phase::kCommand && g.st().phase_side == 0 && g.st().sequence == 2; }, 60);
  ASSERT_EQ(g.st().phase, rr::Phase::kCommand);
  const rr::Marker before = g.u("lt").marker;
  g.ok(command("reds", "capt", {"lt"}));
  EXPECT_EQ(g.u("lt").marker, rr::lower_marker_one_step(before));
}

TEST(RrTable, RR_SEQ_02_ATurnHasTwoCardSequencesEachWithTheWholeDeckShuffled) {
  Sc sc;
  sc.unit(0, "a", "squad", 30, 10).unit(1, "b", "squad", 30, 40);
  TG g(sc.s);
  g.skip_until([&] { return g.st().turn >= 2; }, 40);
  std::vector<int> shuffles;
  for (const auto& e : g.log) {
    if (!carries<pb::RrEvent>(e)) continue;
    const pb::RrEvent x = payload_of<pb::RrEvent>(e);
    if (x.has_deck_shuffled()) shuffles.push_back(x.deck_shuffled().sequence());
  }
  ASSERT_GE(shuffles.size(), 3u);
  EXPECT_EQ(shuffles[0], 1);
  EXPECT_EQ(shuffles[1], 2);
  EXPECT_EQ(shuffles[2], 1);  // turn 2 starts a new first sequence
}

TEST(RrTable, RR_VIC_01_GAP_RR_VIC_01_AfterTheLastTurnTheSideHoldingMoreObjectivesWins) {
  Sc sc;
  sc.unit(0, "a", "squad", 30, 10).unit(1, "b", "squad", 30, 40);
  sc.s.mutable_victory()->set_max_turns(1);
  auto* o = sc.s.mutable_victory()->add_objectives();
  o->set_name("Well");
  o->mutable_point()->set_x(30);
  o->mutable_point()->set_y(12);
  o->set_radius(4);
  o->set_points(1);
  TG g(sc.s);
  g.skip_until([&] { return g.g->over(); }, 40);
  ASSERT_TRUE(g.g->over());
  EXPECT_EQ(g.st().winner, "reds");  // the reds' squad stands on the well
  EXPECT_NE(g.st().end_reason.find("GAP-RR-VIC-01"), std::string::npos);
}

}  // namespace
}  // namespace sandtable::rrtest
