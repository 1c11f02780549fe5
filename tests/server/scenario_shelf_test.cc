// The rooms playing one scenario hold one copy of it (server/scenario_shelf.h).
#include "server/scenario_shelf.h"

#include <gtest/gtest.h>

#include "tests/server/counter_rules.h"
#include "tests/server/test_support.h"

namespace sandtable::server {
namespace {

using sandtable::testing::counter_registry;
using sandtable::testing::counter_scenario;

std::unique_ptr<Game> start(const pb::Scenario& scenario, std::uint64_t seed) {
  std::string error;
  std::vector<pb::Event> events;
  auto game = Game::start(*counter_registry().find("counter-test"), scenario, StartOptions(seed), &events, &error);
  EXPECT_TRUE(game) << error;
  return game;
}

TEST(ScenarioShelfTest, GamesOfOneScenarioShareOneCopyAndOthersKeepTheirOwn) {
  ScenarioShelf shelf;
  auto a = start(counter_scenario(20), 1);
  auto b = start(counter_scenario(20), 2);
  auto c = start(counter_scenario(30), 3);
  const auto c_own = c->state().scenario;
  const auto b_view = b->view("gm").SerializeAsString();
  shelf.share(*a);
  shelf.share(*b);
  shelf.share(*c);
  EXPECT_EQ(a->state().scenario, b->state().scenario);
  EXPECT_EQ(c->state().scenario, c_own);
  EXPECT_EQ(b->view("gm").SerializeAsString(), b_view);
  EXPECT_EQ(shelf.size(), 2u);
}

TEST(ScenarioShelfTest, AScenarioGoesWhenItsLastGameDoesAndTheShelfKeepsNoneAlive) {
  ScenarioShelf shelf;
  auto a = start(counter_scenario(20), 1);
  std::weak_ptr<const pb::Scenario> held = a->state().scenario;
  shelf.share(*a);
  a.reset();
  EXPECT_TRUE(held.expired());
  EXPECT_EQ(shelf.size(), 0u);
  // A game of it after that puts its own copy on the shelf again, and the next shares that.
  auto b = start(counter_scenario(20), 2);
  auto c = start(counter_scenario(20), 3);
  shelf.share(*b);
  shelf.share(*c);
  EXPECT_EQ(b->state().scenario, c->state().scenario);
  EXPECT_EQ(shelf.size(), 1u);
}

TEST(ScenarioShelfTest, ScenariosNoGamePlaysAreSweptAsMoreArrive) {
  ScenarioShelf shelf;
  for (int i = 0; i < 1000; ++i) {
    auto g = start(counter_scenario(10 + i), static_cast<std::uint64_t>(i + 1));
    shelf.share(*g);
  }
  auto kept = start(counter_scenario(5), 7);
  shelf.share(*kept);
  EXPECT_EQ(shelf.size(), 1u);
  EXPECT_LT(shelf.entries(), 200u);  // swept, not one for each scenario ever played
}

}  // namespace
}  // namespace sandtable::server
