// Rookie Rules played through the engine: the deck and the card sequence (RR-CARD-*, RR-SEQ-01),
// the seed's worked examples of fire on a real table (RR-EX-01..03), morale after a casualty
// (RR-MOR-01), command (RR-CMD-05/06), movement limits (RR-MOVE-01/04) and hidden units
// (RR-OBS-02, RR-CARD-06).
#include <algorithm>

#include "tests/engine/rr_test_util.h"

namespace sandtable::rrtest {
namespace {

// Two leaders and squads placed for the seed's example (RR-EX-01..03): the Russian squad (4 men,
// 12 ff) 7" from a German squad in the open and 26" from another 2" inside a wood.
Sc example_table() {
  Sc sc;
  sc.area("woods", 20, 34, 40, 44, "Wood")
      .unit(0, "rus", "squad", 30, 10, 4)
      .unit(0, "obs", "squad", 40, 10, 4)
      .unit(0, "r-ldr", "leader", 30, 8)
      .unit(1, "ger1", "squad", 30, 17, 5)
      .unit(1, "ger2", "squad", 30, 36, 5)
      .unit(1, "g-ldr1", "leader", 32, 19)
      .unit(1, "g-ldr2", "leader", 32, 38);
  return sc;
}

TEST(RrGame, RR_CARD_01_02_OneCardPerUnitInItsSidesColourPlusTheScenariosAdjustment) {
  TG g(example_table().s);
  EXPECT_EQ(g.st().deck->cards_of(0), 3);
  EXPECT_EQ(g.st().deck->cards_of(1), 4);
  Sc more = example_table();
  more.option("rr.cards.blacks", "2").option("rr.cards.reds", "-1");
  TG h(more.s);
  EXPECT_EQ(h.st().deck->cards_of(0), 2);
  EXPECT_EQ(h.st().deck->cards_of(1), 6);
  // Taking away more cards than the side has units is refused in words, never a deck of fewer than none.
  Sc bad = example_table();
  bad.option("rr.cards.reds", "-4");
  const auto why = rules().validate(bad.s);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("cannot lose 4 cards"), std::string::npos) << *why;
}

TEST(RrGame, RR_CARD_06_EverySeatSeesTheDecksCountsAndTheTurnedCardNeverItsOrder) {
  TG g(example_table().s);
  g.to_card("reds");
  for (const std::string seat : {"reds", "blacks", "spectator", "gm"}) {
    const pb::RrView v = deck_view(*g.g, seat);
    EXPECT_EQ(v.draw_pile() + v.turned(), 7) << seat;
    EXPECT_GE(v.turned(), 1) << seat;
    EXPECT_EQ(v.card_side(), "reds") << seat;
    // The view's deck part is counts and the last card only: no field lists the pile (the other
    // fields are the seat's own plots, the minefields it knows, the strikes landed and aircraft).
    EXPECT_EQ(pb::RrView::descriptor()->field_count(), 11);
  }
}

TEST(RrGame, RR_CARD_03_04_TheCardsSidePicksAUnitThatHasNotActedOrPasses) {
  TG g(example_table().s);
  g.to_card("reds");
  g.refused(activate("blacks", "ger1"), "RR_NOT_YOUR_CARD", "RR-CARD-01");
  g.refused(activate("reds", "ger1"), "RR_NO_SUCH_UNIT", "RR-CARD-04");
  g.ok(activate("reds", "obs"));
  g.ok(end_activation("reds"));
  g.to_card("reds");
  const std::string why = g.refused(activate("reds", "obs"), "RR_ALREADY_ACTED", "RR-CARD-03");
  EXPECT_NE(why.find("already acted"), std::string::npos);
  g.ok(pass("reds"));  // RR-CARD-04: a card may be passed
}

TEST(RrGame, RR_CARD_05_AnActivatedUnitSpendsTwoFunctionsThenItsActivationEnds) {
  TG g(example_table().s);
  g.to_card("reds");
  g.ok(activate("reds", "obs"));
  EXPECT_EQ(g.st().functions_left, 2);
  g.ok(move("reds", "obs", {{40, 11}}));
  EXPECT_EQ(g.st().functions_left, 1);
  g.ok(move("reds", "obs", {{40, 12}}));
  EXPECT_TRUE(g.st().active_unit.empty());  // both spent: the activation ended by itself
  EXPECT_TRUE(g.st().deck->acted("obs"));
}

TEST(RrGame, RR_SEQ_01_CommandPhaseCardsCommandPhaseCardsMoraleThenTheNextTurn) {
  TG g(example_table().s);
  std::vector<std::string> phases;
  auto note = [&](const std::vector<pb::Event>& events) {
    for (const auto& e : events) {
      if (!carries<pb::RrEvent>(e)) continue;
      const pb::RrEvent x = payload_of<pb::RrEvent>(e);
      if (x.has_phase_started()) phases.push_back(pb::RrPhase_Name(x.phase_started().phase()) + std::to_string(x.phase_started().sequence()));
      if (x.has_turn_started()) phases.push_back("turn" + std::to_string(x.turn_started().turn()));
    }
  };
  note(g.log);
  for (int i = 0; i < 100 && g.st().turn < 2; ++i) note(g.skip().events);
  // Nobody is marked, so no leader has a marker to remove and nobody tests morale: those parts
  // pass by themselves, each still announced.
  const std::vector<std::string> want = {"turn1", "RR_PHASE_COMMAND1", "RR_PHASE_COMMAND1", "RR_PHASE_CARDS1", "RR_PHASE_COMMAND2",
                                         "RR_PHASE_COMMAND2", "RR_PHASE_CARDS2", "RR_PHASE_MORALE2", "RR_PHASE_MORALE2", "turn2"};
  ASSERT_GE(phases.size(), want.size());
  EXPECT_EQ(std::vector<std::string>(phases.begin(), phases.begin() + static_cast<long>(want.size())), want);
}

// RR-EX-01, RR-EX-02 and RR-EX-03 on a table: the numbers of the seed's example, shot by shot.
TEST(RrGame, RR_EX_01_02_03_TheSeedsFirefightOnTheTable) {
  TG g(example_table().s);
  // The second German squad is in the wood: observed first by the other Russian squad (RR-OBS-02:
  // class 2 at 27.9", the 25" column, 50 %; d% 10).
  g.to_card("reds");
  g.ok(activate("reds", "obs"));
  g.ok(observe("reds", "obs", "ger2"), {{kPct, 10}});
  ASSERT_TRUE(g.u("ger2").spotted(0));
  g.ok(end_activation("reds"));
  g.to_card("reds");
  g.ok(activate("reds", "rus"));
  // RR-EX-01: 12 ff x 2 (7") = 24, column 21-25; 2 left for switching targets -> 11-15; 6 -> D/R1.
  Outcome o = g.ok(fire("reds", "rus", "ger1", true), {{kD10, 6}, {kPct, 50}});
  const auto ev = rr_events(o);
  const auto shot = std::find_if(ev.begin(), ev.end(), [](const pb::RrEvent& e) { return e.has_fired(); });
  ASSERT_NE(shot, ev.end());
  EXPECT_EQ(shot->fired().ff(), 24);
  EXPECT_EQ(shot->fired().start_column(), "21-25");
  EXPECT_EQ(shot->fired().shift_total(), -2);
  EXPECT_EQ(shot->fired().column(), "11-15");
  EXPECT_EQ(shot->fired().result(), "D/R1");
  EXPECT_EQ(g.u("ger1").figures, 4);
  EXPECT_EQ(g.u("ger1").ff(), 12);
  EXPECT_EQ(g.u("ger1").marker, rr::Marker::kDisrupted);
  // RR-MOR-01 (1): the casualty forces a test at once: d% 50, -10 (one of five) = 40, no change.
  const auto test = std::find_if(ev.begin(), ev.end(), [](const pb::RrEvent& e) { return e.has_morale_tested(); });
  ASSERT_NE(test, ev.end());
  EXPECT_EQ(test->morale_tested().total(), 40);
  EXPECT_EQ(test->morale_tested().result(), "no change");
  // RR-EX-02: 12 ff at 26" into the wood: 11-15, 1 left (range) 2 left (class 2) 2 left (switch)
  // = 5 left: off the chart, only a 9 counts; 3 -> miss.
  o = g.ok(fire("reds", "rus", "ger2"), {{kD10, 3}});
  const auto ev2 = rr_events(o);
  const auto shot2 = std::find_if(ev2.begin(), ev2.end(), [](const pb::RrEvent& e) { return e.has_fired(); });
  ASSERT_NE(shot2, ev2.end());
  EXPECT_EQ(shot2->fired().start_column(), "11-15");
  EXPECT_EQ(shot2->fired().shift_total(), -5);
  EXPECT_EQ(shot2->fired().result(), "miss");
  EXPECT_EQ(g.u("ger2").figures, 5);
  // RR-EX-03 (a): the squad in the wood, 15 ff at 26": 1 left -> 6-10; 4 miss, 7 D/R.
  g.to_card("blacks");
  g.ok(activate("blacks", "ger2"));
  g.ok(fire("blacks", "ger2", "rus"), {{kD10, 4}});
  EXPECT_EQ(g.u("rus").marker, rr::Marker::kNone);
  g.ok(fire("blacks", "ger2", "rus"), {{kD10, 7}});
  EXPECT_EQ(g.u("rus").marker, rr::Marker::kDisrupted);
  // RR-EX-03 (b): the other squad, now 12 ff, at 7": 24 -> 21-25, 1 left (disrupted) -> 16-20;
  // 5 -> D/R1 (a Russian killed; d% 50 - 12 = 38, no change); 8 -> P/W replaces red.
  g.to_card("blacks");
  g.ok(activate("blacks", "ger1"));
  o = g.ok(fire("blacks", "ger1", "rus"), {{kD10, 5}, {kPct, 50}});
  const auto ev3 = rr_events(o);
  const auto shot3 = std::find_if(ev3.begin(), ev3.end(), [](const pb::RrEvent& e) { return e.has_fired(); });
  ASSERT_NE(shot3, ev3.end());
  EXPECT_EQ(shot3->fired().column(), "16-20");
  EXPECT_EQ(shot3->fired().result(), "D/R1");
  g.ok(fire("blacks", "ger1", "rus"), {{kD10, 8}});
  EXPECT_EQ(g.u("rus").figures, 3);
  EXPECT_EQ(g.u("rus").ff(), 9);
  EXPECT_EQ(g.u("rus").marker, rr::Marker::kPinned);
}

TEST(RrGame, RR_FIRE_08_ASecondTargetOnlyAfterAFirstShotThatSaidSo) {
  TG g(example_table().s);
  g.to_card("reds");
  g.ok(activate("reds", "rus"));
  g.ok(fire("reds", "rus", "ger1"), {{kD10, 0}});
  g.refused(fire("reds", "rus", "g-ldr1"), "RR_SWITCH_UNDECLARED", "RR-FIRE-08");
  g.ok(fire("reds", "rus", "ger1"), {{kD10, 0}});  // the same target again is fine
}

TEST(RrGame, RR_MOVE_01_04_AMoveIsLimitedByItsClassAndAMarkerSlowsIt) {
  TG g(example_table().s);
  g.to_card("reds");
  g.ok(activate("reds", "obs"));
  // Infantry in the open: class A, 4" a function.
  const std::string why = g.refused(move("reds", "obs", {{40, 14.5}}), "RR_MOVE_TOO_FAR", "RR-MOVE-01");
  EXPECT_NE(why.find("4\""), std::string::npos) << why;
  g.ok(move("reds", "obs", {{40, 14}}));
}

TEST(RrGame, RR_MOVE_02_WoodsSlowTheWholeFunctionToClassC) {
  Sc sc = example_table();
  TG g(sc.s);
  g.to_card("blacks");
  g.ok(activate("blacks", "ger2"));
  // In the wood: class C for infantry, 1" (GAP-RR-MOVE-02: the slowest terrain on the path).
  g.refused(move("blacks", "ger2", {{30, 37.5}}), "RR_MOVE_TOO_FAR", "RR-MOVE-01");
  g.ok(move("blacks", "ger2", {{30, 37}}));
}

TEST(RrGame, RR_CMD_06_AUnitInItsLeadersRadiusLowersItsOwnMarker) {
  TG g(example_table().s);
  g.to_card("reds");
  g.ok(activate("reds", "rus"));
  // 24 ff column 21-25, 7 -> P/W1 (white); the casualty's test: d% 45 - 10 = 35, no change.
  g.ok(fire("reds", "rus", "ger1"), {{kD10, 7}, {kPct, 45}});
  g.ok(fire("reds", "rus", "ger1"), {{kD10, 0}});
  ASSERT_EQ(g.u("ger1").marker, rr::Marker::kPinned);
  g.to_card("blacks");
  g.ok(activate("blacks", "ger1"));
  g.ok(rally("blacks", "ger1"));
  EXPECT_EQ(g.u("ger1").marker, rr::Marker::kDisrupted);
}

TEST(RrGame, RR_OBS_02_WithFogAUnitInCoverIsAbsentFromTheEnemysViewAndAnsweredAsNoUnit) {
  Sc sc = example_table();
  sc.option("rr.fog", "hidden");
  TG g(sc.s);
  const pb::View reds = g.g->view("reds");
  const bool sees_ger2 = std::any_of(reds.units().begin(), reds.units().end(), [](const pb::UnitView& u) { return u.id() == "ger2"; });
  EXPECT_FALSE(sees_ger2);
  EXPECT_EQ(g.g->view("reds").SerializeAsString().find("ger2"), std::string::npos);
  EXPECT_EQ(g.g->view("spectator").SerializeAsString().find("ger2"), std::string::npos);
  EXPECT_NE(g.g->view("blacks").SerializeAsString().find("ger2"), std::string::npos);
  g.to_card("reds");
  g.ok(activate("reds", "rus"));
  const std::string hidden = g.refused(fire("reds", "rus", "ger2"), "RR_NO_TARGET", "RR-OBS-02");
  const std::string none = g.refused(fire("reds", "rus", "nobody"), "RR_NO_TARGET", "RR-OBS-02");
  EXPECT_EQ(hidden.substr(0, hidden.find('\'')), none.substr(0, none.find('\'')));
}

// A search of the Wood by rus from the menu (the entry the page offers), with the d% given.
pb::RrObserved search_wood(TG& g, int d100) {
  g.to_card("reds");
  g.ok(activate("reds", "rus"));
  const pb::ActionMenu m = g.g->menu("reds");
  std::string target;
  for (const auto& a : m.actions()) {
    if (a.id() != "search:rus") continue;
    for (const auto& t : a.targets()) {
      if (t.label() == "Wood") target = t.id();
    }
  }
  EXPECT_FALSE(target.empty()) << "the menu offers to search the Wood";
  pb::Command c;
  c.set_seat("reds");
  c.mutable_play()->set_action("search:rus");
  c.mutable_play()->set_target(target);
  const auto es = rr_events(g.ok(c, {{kPct, d100}}));
  for (const auto& e : es) {
    if (e.has_observed()) return e.observed();
  }
  ADD_FAILURE() << "no observation";
  return {};
}

TEST(RrGame, RR_OBS_02_WithFogAUnitSearchesAPlaceOfCoverAndFindsWhatItCanSeeThere) {
  Sc sc = example_table();
  sc.option("rr.fog", "hidden");
  TG g(sc.s);
  const pb::RrObserved o = search_wood(g, 1);
  EXPECT_TRUE(o.target_id().empty());  // the event never names what it looked for
  EXPECT_TRUE(o.spotted());
  EXPECT_TRUE(g.u("ger2").spotted(0));
  const pb::View reds = g.g->view("reds");
  EXPECT_TRUE(std::any_of(reds.units().begin(), reds.units().end(), [](const pb::UnitView& u) { return u.id() == "ger2"; }));
}

TEST(RrGame, RR_OBS_02_ASearchRollsAlikeWhetherOrNotAnythingHidesThere) {
  // The chance comes from the place (its cover and distance), and the die is rolled either way, so
  // the search itself tells nothing; a failed roll finds nothing even where a unit hides.
  Sc with = example_table();
  with.option("rr.fog", "hidden");
  Sc without;
  without.area("woods", 20, 34, 40, 44, "Wood").unit(0, "rus", "squad", 30, 10, 4).unit(0, "obs", "squad", 40, 10, 4);
  without.unit(0, "r-ldr", "leader", 30, 8).unit(1, "ger1", "squad", 30, 17, 5).unit(1, "g-ldr1", "leader", 32, 19);
  without.option("rr.fog", "hidden");
  TG a(with.s);
  TG b(without.s);
  const pb::RrObserved x = search_wood(a, 99);
  const pb::RrObserved y = search_wood(b, 99);
  EXPECT_EQ(x.chance(), y.chance());
  EXPECT_EQ(x.roll(), 99);
  EXPECT_EQ(y.roll(), 99);
  EXPECT_FALSE(x.spotted());
  EXPECT_FALSE(a.u("ger2").spotted(0));
}

TEST(RrGame, RR_OBS_02_AnUnspottedUnitInCoverIsFlaggedAndFiringAtItIsBlind) {
  TG g(example_table().s);
  const pb::View reds = g.g->view("reds");
  const auto it = std::find_if(reds.units().begin(), reds.units().end(), [](const pb::UnitView& u) { return u.id() == "ger2"; });
  ASSERT_NE(it, reds.units().end());
  EXPECT_TRUE(has_marker(*it, "unspotted"));
  g.to_card("reds");
  g.ok(activate("reds", "rus"));
  Outcome o = g.ok(fire("reds", "rus", "ger2"), {{kD10, 9}});
  const auto ev = rr_events(o);
  const auto shot = std::find_if(ev.begin(), ev.end(), [](const pb::RrEvent& e) { return e.has_fired(); });
  ASSERT_NE(shot, ev.end());
  EXPECT_TRUE(shot->fired().blind());
  // 11-15, 1 left (range), 2 left (class 2), 3 left (blind) = 6 left: off the chart; a 9 is D/R.
  EXPECT_EQ(shot->fired().shift_total(), -6);
  EXPECT_EQ(shot->fired().result(), "D/R");
}

TEST(RrGame, RR_CMD_05_ALeaderRemovesMarkersInTheCommandPhaseAndSitsOutTheSequence) {
  TG g(example_table().s);
  g.to_card("reds");
  g.ok(activate("reds", "rus"));
  g.ok(fire("reds", "rus", "ger1"), {{kD10, 7}, {kPct, 45}});  // P/W1: white; d% 45 - 10 = 35, no change
  g.ok(fire("reds", "rus", "ger1"), {{kD10, 0}});
  // Run the sequence out to the Germans' command phase before the second sequence.
  g.skip_until([&] { return g.st().phase == rr::Phase::kCommand && g.st().phase_side == 1; }, 60);
  ASSERT_EQ(g.st().phase, rr::Phase::kCommand);
  ASSERT_EQ(g.u("ger1").marker, rr::Marker::kPinned);
  g.refused(command("blacks", "g-ldr2", {"ger1"}), "RR_COMMAND", "RR-CMD-05");  // 19.1" away: out of its 12"
  g.ok(command("blacks", "g-ldr1", {"ger1", "ger1"}));
  EXPECT_EQ(g.u("ger1").marker, rr::Marker::kNone);
  EXPECT_TRUE(g.st().deck->acted("g-ldr1"));
}

TEST(RrGame, RR_MOR_01_NoTestWithoutACasualty) {
  TG g(example_table().s);
  g.to_card("reds");
  g.ok(activate("reds", "rus"));
  Outcome o = g.ok(fire("reds", "rus", "ger1"), {{kD10, 4}});  // 21-25, 4 -> D/R: no casualty
  const auto ev = rr_events(o);
  EXPECT_TRUE(std::none_of(ev.begin(), ev.end(), [](const pb::RrEvent& e) { return e.has_morale_tested(); }));
  EXPECT_EQ(g.u("ger1").marker, rr::Marker::kDisrupted);
}


const pb::RrMoraleTested* test_of(const std::vector<pb::RrEvent>& ev, const std::string& unit) {
  for (const auto& e : ev) {
    if (e.has_morale_tested() && e.morale_tested().unit_id() == unit) return &e.morale_tested();
  }
  return nullptr;
}

bool has_modifier(const pb::RrMoraleTested& t, const std::string& words, int value) {
  return std::any_of(t.modifiers().begin(), t.modifiers().end(), [&](const pb::RrModifier& m) { return m.words() == words && m.value() == value; });
}

TEST(RrGame, RR_MOR_01_AnEnemyTankComingWithin8MakesSoftUnitsTestButNotArmour) {
  Sc sc;
  sc.unit(0, "tank", "tank", 30, 10).unit(0, "ldr", "leader", 28, 10).unit(1, "sq", "squad", 30, 22).unit(1, "stug", "tank", 33, 21);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "tank"));
  Outcome o = g.ok(move("reds", "tank", {{30, 15}}), {{kPct, 60}});  // 12" -> 7" from the squad
  const auto ev = rr_events(o);
  const pb::RrMoraleTested* t = test_of(ev, "sq");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->trigger(), rr::kTankNear);
  EXPECT_EQ(test_of(ev, "stug"), nullptr);  // armour does not test for a tank (RR-MOR-01 (4))
  // Staying within 8" is not coming within 8": no second test.
  o = g.ok(move("reds", "tank", {{30, 16}}));
  const auto again = rr_events(o);
  EXPECT_EQ(test_of(again, "sq"), nullptr);
}

TEST(RrGame, RR_MOR_01_RR_MOR_04_AUnitRunningAwayMakesFriendsWithin8TestAtMinus10) {
  Sc sc;
  sc.unit(0, "a", "squad", 30, 10).unit(0, "ldr", "leader", 31, 9).unit(1, "b1", "squad", 30, 30).unit(1, "b2", "squad", 34, 30)
      .unit(1, "far", "leader", 59, 47);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "a"));
  // 15 ff at 20" x1.5 = 22 (21-25); 9 -> P/W2. b1: d% 50 - 20 (two of five) - 10 (no command) = 20:
  // falls back, a figure lost, pinned: it ran away (RR-MOR-04). b2, 4" away, tests at once:
  // d% 60 - 10 (no command) - 10 (a friend ran away) = 40, no change.
  Outcome o = g.ok(fire("reds", "a", "b1"), {{kD10, 9}, {kPct, 50}, {kPct, 60}});
  const auto ev = rr_events(o);
  const pb::RrMoraleTested* first = test_of(ev, "b1");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->result(), "fell back");
  EXPECT_TRUE(first->ran_away());
  const pb::RrMoraleTested* friend_test = test_of(ev, "b2");
  ASSERT_NE(friend_test, nullptr);
  EXPECT_EQ(friend_test->trigger(), rr::kFriendRanAway);
  EXPECT_TRUE(has_modifier(*friend_test, "friendly unit ran away within 8\"", -10));
  EXPECT_EQ(friend_test->total(), 40);
}

TEST(RrGame, RR_MOR_05_ALeaderTouchingTheUnitIsCommandDirectlyAttached) {
  Sc sc;
  sc.unit(0, "a", "squad", 30, 10).unit(0, "ldr", "leader", 31, 9).unit(1, "b1", "squad", 30, 30).unit(1, "bl", "leader", 31, 30);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "a"));
  // 21-25, 6 -> D/R1; the attached leader escapes (d% 90 > 16, RR-CMD-08) and shares the red
  // marker (RR-CMD-09); then the squad's test: d% 50 - 10 + 20.
  Outcome o = g.ok(fire("reds", "a", "b1"), {{kD10, 6}, {kPct, 90}, {kPct, 50}});
  const auto ev = rr_events(o);
  const pb::RrMoraleTested* t = test_of(ev, "b1");
  ASSERT_NE(t, nullptr);
  EXPECT_TRUE(has_modifier(*t, "command directly attached", 20));
  EXPECT_EQ(t->total(), 50 - 10 + 20);
  EXPECT_EQ(g.u("bl").marker, rr::Marker::kDisrupted);
  EXPECT_TRUE(g.u("bl").alive);
}

TEST(RrGame, RR_CMD_08_ALeaderAttachedToAUnitThatLosesFiguresMayBeHit) {
  Sc sc;
  sc.unit(0, "a", "squad", 30, 10).unit(0, "ldr", "leader", 31, 9).unit(1, "b1", "squad", 30, 30).unit(1, "bl", "leader", 31, 30);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "a"));
  // D/R1 on a squad of 5: the leader's chance is 16 %; d% 16 hits it.
  Outcome o = g.ok(fire("reds", "a", "b1"), {{kD10, 6}, {kPct, 16}, {kPct, 50}});
  EXPECT_FALSE(g.u("bl").alive);
  const auto ev = rr_events(o);
  EXPECT_TRUE(std::any_of(ev.begin(), ev.end(), [](const pb::RrEvent& e) {
    return e.has_unit_removed() && e.unit_removed().unit_id() == "bl" && e.unit_removed().reason().find("16% or less") != std::string::npos;
  }));
}

TEST(RrGame, RR_CMD_09_AnAttachedLeaderSharesTheMarkerOfAShotWithoutCasualties) {
  Sc sc;
  sc.unit(0, "a", "squad", 30, 10).unit(0, "ldr", "leader", 31, 9).unit(1, "b1", "squad", 30, 30).unit(1, "bl", "leader", 31, 30);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "a"));
  g.ok(fire("reds", "a", "b1"), {{kD10, 4}});  // 21-25, 4 -> D/R: no casualty, no roll
  EXPECT_EQ(g.u("b1").marker, rr::Marker::kDisrupted);
  EXPECT_EQ(g.u("bl").marker, rr::Marker::kDisrupted);
}

}  // namespace
}  // namespace sandtable::rrtest
