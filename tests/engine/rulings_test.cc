// Rulings (docs/engine.md "Rulings"): a side asks the GM to rule on a refusal or a decision, the
// GM upholds or allows; both are events every log shows, the asker's words only to the asker and
// the GM; open questions are in the GM's menu and the asker's; they survive a snapshot and a
// rewind, and limits keep a seat from flooding the GM.
#include <gtest/gtest.h>

#include "engine/model/game.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

struct Table {
  std::unique_ptr<Game> g;
  std::vector<pb::Event> log;
  Table() {
    std::string error;
    StartOptions o;
    o.seed = 3;
    const pb::Scenario s = load_scenario_file("bg/village-assault.json");
    g = Game::start(*builtin_registry().find("battleground"), s, o, &log, &error);
    EXPECT_TRUE(g) << error;
  }
  Outcome run(const pb::Command& c) {
    Outcome o = g->execute(c);
    if (o.accepted) log.insert(log.end(), o.events.begin(), o.events.end());
    return o;
  }
  std::string side(int i) const { return g->state().sides[static_cast<std::size_t>(i)]; }
};

pb::Command ask(const std::string& seat, const std::string& about, const std::string& text, const std::string& rule = "") {
  pb::Command c;
  c.set_seat(seat);
  c.mutable_ask_ruling()->set_about(about);
  c.mutable_ask_ruling()->set_text(text);
  c.mutable_ask_ruling()->set_rule_id(rule);
  return c;
}

pb::Command rule(std::uint32_t id, pb::Verdict verdict, const std::string& words) {
  pb::Command c;
  c.set_seat("gm");
  c.mutable_gm()->mutable_rule()->set_ruling_id(id);
  c.mutable_gm()->mutable_rule()->set_verdict(verdict);
  c.mutable_gm()->mutable_rule()->set_words(words);
  return c;
}

TEST(Rulings, TheAskerAndTheGmReadTheQuestionTheOthersThatOneWasAsked) {
  Table t;
  const std::string a = t.side(0), b = t.side(1);
  const Outcome o = t.run(ask(a, "Farm Section is 14.37\" from 2nd Squad", "I think this shot is legal", "BG-FIRE-03"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  ASSERT_EQ(o.events.size(), 1u);
  const pb::Event& e = o.events[0];
  ASSERT_TRUE(e.has_ruling_asked());
  const std::string asked = t.g->log_line_for(e, a)->text();
  EXPECT_NE(asked.find("asks the GM for a ruling on \u201cFarm Section is 14.37\" from 2nd Squad\u201d (BG-FIRE-03): I think this shot is legal"),
            std::string::npos)
      << asked;
  EXPECT_EQ(t.g->log_line_for(e, "gm")->text(), asked);
  for (const std::string& other : {b, std::string("spectator")}) {
    const std::string line = t.g->log_line_for(e, other)->text();
    EXPECT_EQ(line.find("Farm Section"), std::string::npos) << other << ": " << line;
    EXPECT_NE(line.find("asks the GM for a ruling."), std::string::npos) << line;
    const auto copy = t.g->event_for(e, other);
    ASSERT_TRUE(copy);
    EXPECT_TRUE(copy->ruling_asked().ruling().about().empty()) << "the asker's words reached " << other;
    EXPECT_TRUE(copy->ruling_asked().ruling().text().empty());
  }
  // Open: every question in the GM's menu, the asker's own in its menu, none in the other's.
  ASSERT_EQ(t.g->menu("gm").rulings_size(), 1);
  EXPECT_EQ(t.g->menu("gm").rulings(0).rule_id(), "BG-FIRE-03");
  ASSERT_EQ(t.g->menu(a).rulings_size(), 1);
  EXPECT_EQ(t.g->menu(b).rulings_size(), 0);
  EXPECT_EQ(t.g->view("spectator").menu().rulings_size(), 0);

  const std::uint32_t id = t.g->menu("gm").rulings(0).id();
  const Outcome given = t.run(rule(id, pb::VERDICT_ALLOW, "the hedge is not in the line"));
  ASSERT_TRUE(given.accepted) << given.rejection.message();
  for (const std::string& viewer : {a, b, std::string("spectator"), std::string("gm")}) {
    const std::string line = t.g->log_line_for(given.events[0], viewer)->text();
    EXPECT_NE(line.find("GM rules for "), std::string::npos) << line;
    EXPECT_NE(line.find(": the hedge is not in the line"), std::string::npos) << line;
  }
  EXPECT_EQ(t.g->menu("gm").rulings_size(), 0) << "answered: no longer open";
  EXPECT_EQ(t.run(rule(id, pb::VERDICT_UPHOLD, "again")).rejection.code(), "NO_SUCH_RULING");
}

TEST(Rulings, RefusedInWordsWhenEmptyTooLongTooManyOrFromTheWrongSeat) {
  Table t;
  const std::string a = t.side(0);
  EXPECT_EQ(t.run(ask(a, "", "")).rejection.code(), "RULING_EMPTY");
  EXPECT_EQ(t.run(ask(a, "", std::string(501, 'x'))).rejection.code(), "RULING_TOO_LONG");
  EXPECT_EQ(t.run(ask("gm", "x", "y")).rejection.code(), "NOT_A_SIDE");
  EXPECT_EQ(t.run(ask("spectator", "x", "y")).rejection.code(), "UNKNOWN_SEAT");
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(t.run(ask(a, "", "question " + std::to_string(i))).accepted);
  const Outcome fourth = t.run(ask(a, "", "one more"));
  EXPECT_EQ(fourth.rejection.code(), "RULING_LIMIT");
  EXPECT_EQ(fourth.rejection.rule_id(), "TABLE-RULING");
  EXPECT_NE(fourth.rejection.message().find("3 questions waiting for the GM"), std::string::npos) << fourth.rejection.message();
  const std::uint32_t id = t.g->menu("gm").rulings(0).id();
  EXPECT_EQ(t.run(rule(id, pb::VERDICT_UNSPECIFIED, "")).rejection.code(), "RULING_VERDICT_NEEDED");
  pb::Command not_gm = rule(id, pb::VERDICT_UPHOLD, "");
  not_gm.set_seat(a);
  EXPECT_EQ(t.run(not_gm).rejection.code(), "GM_ONLY");
  const Outcome upheld = t.run(rule(id, pb::VERDICT_UPHOLD, ""));
  ASSERT_TRUE(upheld.accepted);
  EXPECT_NE(t.g->log_line_for(upheld.events[0], a)->text().find("GM upholds the game's answer to "), std::string::npos);
  EXPECT_TRUE(t.run(ask(a, "", "now one more")).accepted) << "an answer frees a place";
}

TEST(Rulings, OpenQuestionsSurviveASnapshotAReplayAndARewindAndAreNotOrdersToTakeBack) {
  Table t;
  const std::string a = t.side(0);
  ASSERT_TRUE(t.run(ask(a, "the shot", "legal?")).accepted);
  std::string error;
  auto loaded = Game::load(builtin_registry(), t.log.front(), t.g->save(), &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->menu("gm").SerializeAsString(), [&] {
    pb::ActionMenu m = t.g->menu("gm");
    m.clear_rewind_points();
    return m.SerializeAsString();
  }());
  auto replayed = Game::from_log(builtin_registry(), t.log, &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_EQ(replayed->menu("gm").rulings_size(), 1);
  EXPECT_TRUE(t.g->rewind_points().empty()) << "asking a ruling is not an order to go back from";
  // The GM sets the next dice (a point to go back to), a second question is asked, and the GM
  // rewinds to before the dice: the table goes back, the questions stay.
  pb::Command dice;
  dice.set_seat("gm");
  dice.mutable_gm()->mutable_edit()->set_reason("a test");
  dice.mutable_gm()->mutable_edit()->mutable_set_dice()->add_values(6);
  ASSERT_TRUE(t.run(dice).accepted);
  ASSERT_EQ(t.g->rewind_points().size(), 1u);
  ASSERT_TRUE(t.run(ask(a, "", "and this?")).accepted);
  pb::Command rewind;
  rewind.set_seat("gm");
  rewind.mutable_gm()->mutable_edit()->set_reason("undo the dice");
  rewind.mutable_gm()->mutable_edit()->mutable_rewind()->set_to_seq(t.g->rewind_points().front().before->seq);
  ASSERT_TRUE(t.run(rewind).accepted);
  EXPECT_TRUE(t.g->state().gm_dice.size() == 1) << "the GM's next dice go on across a rewind";
  EXPECT_EQ(t.g->menu("gm").rulings_size(), 2) << "questions are talk at the table: a rewind keeps them";
}

}  // namespace
}  // namespace sandtable
