// What a room keeps of each seat's last View (server/seat_views.h): one static table for the seats
// that see the same one, and Deltas that still leave out the table a seat holds.
#include "server/seat_views.h"

#include <gtest/gtest.h>

#include "tests/server/counter_rules.h"
#include "tests/server/test_support.h"

namespace sandtable::server {
namespace {

using sandtable::testing::counter_scenario;

std::unique_ptr<Game> duel() {
  const pb::Scenario scenario = counter_scenario();
  std::string error;
  std::vector<pb::Event> events;
  auto game = Game::start(*sandtable::testing::counter_registry().find("counter-test"), scenario, StartOptions(5), &events, &error);
  EXPECT_TRUE(game) << error;
  return game;
}

TEST(SeatViewsTest, SeatsSeeingTheSameTableHoldItOnce) {
  auto game = duel();
  SeatViews views;
  for (const char* seat : {"blue", "red", "spectator", "gm"}) {
    const pb::View v = views.whole(*game, seat);
    EXPECT_TRUE(v.has_grid()) << seat;  // a whole View carries its table
  }
  EXPECT_EQ(views.tables_held(), 1u);
  EXPECT_EQ(views.pieces_held(), 1u);  // the duel hides no unit or side
  for (const char* seat : {"blue", "red", "spectator", "gm"}) {
    pb::Delta d;
    views.delta(*game, seat, game->seq(), {}, d);
    EXPECT_TRUE(d.has_patch()) << seat;
  }
  EXPECT_EQ(views.tables_held(), 1u);
  // A seat brought up from another seq gets the View whole, without the table it holds already.
  pb::Delta d;
  views.delta(*game, "red", game->seq() - 1, {}, d);
  ASSERT_TRUE(d.has_view());
  EXPECT_TRUE(d.same_table());
  EXPECT_FALSE(d.view().has_grid());
  EXPECT_EQ(views.tables_held(), 1u);
  views.forget("red");
  views.forget("blue");
  EXPECT_EQ(views.tables_held(), 1u);
  views.clear();
  EXPECT_EQ(views.tables_held(), 0u);
}

}  // namespace
}  // namespace sandtable::server
