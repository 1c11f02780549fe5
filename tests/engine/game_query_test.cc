// Game::query, the shared part of queries, through the test rule set (tests/support/race_rules.h):
// a preview is checked exactly as execute() checks the order (game over, on the seat's menu),
// decision answers are previewed by Game itself, and nothing changes or is drawn.
#include <gtest/gtest.h>

#include "engine/model/game.h"
#include "engine/model/payload.h"
#include "tests/support/race.pb.h"
#include "tests/support/race_rules.h"

namespace sandtable {
namespace {

using testing::make_race_rules;
using testing::race_scenario;

struct QueryFixture : ::testing::Test {
  std::unique_ptr<RuleSet> rules = make_race_rules();

  std::unique_ptr<Game> start(bool table) {
    std::string error;
    StartOptions o;
    o.seed = 5;
    o.table_dice = table;
    auto g = Game::start(*rules, race_scenario(), o, nullptr, &error);
    EXPECT_TRUE(g) << error;
    return g;
  }
  static pb::Query preview(const std::string& action, const std::string& target = "") {
    pb::Query q;
    q.mutable_preview()->set_action(action);
    q.mutable_preview()->set_target(target);
    return q;
  }
  static pb::Command order(const std::string& seat, const pb::Query& q) {
    pb::Command c;
    c.set_seat(seat);
    *c.mutable_play() = q.preview();
    return c;
  }
  // The preview's refusal is the order's own, and the order is refused.
  static void same_refusal(const Game& g, const std::string& seat, const pb::Query& q) {
    const pb::QueryAnswer a = g.query(seat, q);
    Game copy(g);
    const Outcome o = copy.execute(order(seat, q));
    ASSERT_FALSE(o.accepted);
    EXPECT_FALSE(a.ok());
    EXPECT_EQ(a.refusal().SerializeAsString(), o.rejection.SerializeAsString());
    EXPECT_EQ(a.text(), o.rejection.message());
  }
};

TEST_F(QueryFixture, PreviewOfTheActiveSeatsRollNamesItsDie) {
  auto g = start(false);
  const pb::QueryAnswer a = g->query("red", preview("roll"));
  ASSERT_TRUE(a.ok()) << a.text();
  ASSERT_EQ(a.dice_size(), 1);
  EXPECT_EQ(a.dice(0).label(), "race");
  EXPECT_EQ(a.dice(0).count(), 1);
  EXPECT_EQ(g->state().rng.draws(), 0u);
  same_refusal(*g, "blue", preview("roll"));        // not blue's turn: not on its menu
  same_refusal(*g, "red", preview("no-such-pick"));  // NOT_ON_MENU
  same_refusal(*g, "gm", preview("roll"));
  same_refusal(*g, "spectator", preview("roll"));
}

TEST_F(QueryFixture, DecisionAnswersArePreviewedByGame) {
  auto g = start(true);
  TableDice six;
  six.push(pb::DIE_KIND_D6, 6);
  const pb::Command roll = order_of("red", race::RaceRoll());
  ASSERT_TRUE(g->execute(roll, &six).accepted);
  ASSERT_EQ(g->state().decisions.size(), 1u);
  const std::string answer = "answer-" + std::to_string(g->state().decisions.front().id());
  const pb::QueryAnswer a = g->query("blue", preview(answer, "protest"));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_EQ(a.text(), "Answer to \"Your opponent rolled a six. Accept it or protest?\": Protest.");
  same_refusal(*g, "blue", preview(answer, "shrug"));  // NOT_A_TARGET
  same_refusal(*g, "red", preview("roll"));            // waiting for blue's decision
  same_refusal(*g, "red", preview(answer, "accept"));  // not red's question
}

TEST_F(QueryFixture, GameOverUnknownSeatAndEmptyQueries) {
  auto g = start(false);
  pb::Command end;
  end.set_seat("gm");
  end.mutable_gm()->mutable_end_game()->set_reason("stopped");
  ASSERT_TRUE(g->execute(end).accepted);
  same_refusal(*g, "red", preview("roll"));
  EXPECT_EQ(g->query("red", preview("roll")).refusal().code(), "GAME_OVER");
  EXPECT_EQ(g->query("red", pb::Query()).refusal().code(), "EMPTY_QUERY");
  // Measures still work after the end, for any seat of the game.
  pb::Query m;
  m.mutable_measure()->mutable_from()->mutable_square();
  m.mutable_measure()->mutable_to()->mutable_square();
  EXPECT_EQ(g->query("nobody", m).refusal().code(), "UNKNOWN_SEAT");
  const pb::QueryAnswer a = g->query("spectator", m);
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_DOUBLE_EQ(a.distance(), 0);
  EXPECT_TRUE(a.line_of_sight());
}

}  // namespace
}  // namespace sandtable
