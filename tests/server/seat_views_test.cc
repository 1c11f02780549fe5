// What a room keeps of each seat's last View (server/seat_views.h): one static table for the seats
// that see the same one, and Deltas that still leave out the table a seat holds.
#include "server/seat_views.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

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
  OrderPatches order(*game);
  for (const char* seat : {"blue", "red", "spectator", "gm"}) {
    pb::Delta d;
    views.delta(order, seat, game->seq(), {}, d);
    EXPECT_TRUE(d.has_patch()) << seat;
  }
  EXPECT_EQ(views.tables_held(), 1u);
  EXPECT_EQ(order.shared(), 3);  // the sides built and compared once, for blue
  // A seat brought up from another seq gets the View whole, without the table it holds already.
  pb::Delta d;
  views.delta(order, "red", game->seq() - 1, {}, d);
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

// After an order, the seats that held the same sides get the same patch of them (built once),
// and each its own turn: the patched View is the seat's fresh View.
TEST(SeatViewsTest, SeatsSeeingTheSameSidesShareTheirPatch) {
  std::unique_ptr<Game> game = duel();
  SeatViews views;
  std::map<std::string, pb::View> held;
  const std::vector<std::string> seats = {"gm", "blue", "red", "spectator"};
  for (const auto& seat : seats) held[seat] = views.whole(*game, seat);
  ASSERT_FALSE(game->state().decisions.empty());
  const std::uint64_t from = game->seq();
  Outcome out;
  pb::Command command = sandtable::testing::answer(game->state().decisions.front());
  command.set_seat(game->state().decisions.front().seat());
  auto next = game->next(command, out);
  ASSERT_TRUE(next) << out.rejection.message();
  OrderPatches order(*next);
  for (const auto& seat : seats) {
    pb::Delta d;
    views.delta(order, seat, from, out.events, d);
    ASSERT_TRUE(d.has_patch()) << seat;
    EXPECT_EQ(d.patch().side_changes_size() + d.patch().sides_size(), 1) << seat << ": one side's total moved";
    ASSERT_TRUE(apply_patch(held[seat], d.patch(), d.seq())) << seat;
    EXPECT_EQ(held[seat].SerializeAsString(), next->view(seat).SerializeAsString()) << seat;
  }
  EXPECT_EQ(order.shared(), 3);
  EXPECT_EQ(order.tables_shared(), 3);  // the table built once, for the GM: it did not change
  EXPECT_EQ(views.pieces_held(), 1u);
  EXPECT_EQ(views.tables_held(), 1u);
}

// Rooms of one scenario hold its part of the static table once, from the server's shelf
// (server/shelf.h); each room keeps its own part (its seed's commitment), and a room of another
// scenario (here another target, an option on the table) keeps its own table.
TEST(SeatViewsTest, RoomsOfOneScenarioHoldItsTableOnceFromTheShelf) {
  const auto start = [](const pb::Scenario& scenario, std::uint64_t seed) {
    std::string error;
    std::vector<pb::Event> events;
    auto game = Game::start(*sandtable::testing::counter_registry().find("counter-test"), scenario, StartOptions(seed), &events, &error);
    EXPECT_TRUE(game) << error;
    return game;
  };
  auto a = start(counter_scenario(), 5);
  auto b = start(counter_scenario(), 6);
  auto c = start(counter_scenario(30), 7);
  auto shelf = std::make_shared<TableShelf>();
  std::map<std::string, SeatViews> rooms;
  const std::map<std::string, const Game*> games = {{"a", a.get()}, {"b", b.get()}, {"c", c.get()}};
  const std::vector<std::string> seats = {"blue", "red", "spectator", "gm"};
  for (const auto& [room, game] : games) {
    rooms[room].set_table_shelf(shelf);
    for (const auto& s : seats) EXPECT_TRUE(rooms[room].whole(*game, s).has_grid()) << room << " " << s;
  }
  EXPECT_EQ(shelf->size(), 2u);
  const TableParts* ta = rooms["a"].held("blue")->table.get();
  const TableParts* tb = rooms["b"].held("red")->table.get();
  const TableParts* tc = rooms["c"].held("blue")->table.get();
  EXPECT_EQ(ta->scenario, tb->scenario);  // one copy for both rooms
  EXPECT_NE(ta->room, tb->room);          // each room's seed
  EXPECT_NE(*ta->scenario, *tc->scenario);
  // Their seats' next Deltas are patches, and a seat brought up from another seq is told it holds
  // its table: the shelf's copy is its own room's table.
  for (const auto& [room, game] : games) {
    OrderPatches order(*game);
    for (const auto& s : seats) {
      pb::Delta d;
      rooms[room].delta(order, s, game->seq(), {}, d);
      EXPECT_TRUE(d.has_patch()) << room << " " << s;
    }
    pb::Delta d;
    rooms[room].delta(order, "red", game->seq() - 1, {}, d);
    ASSERT_TRUE(d.has_view()) << room;
    EXPECT_TRUE(d.same_table()) << room;
  }
  EXPECT_EQ(rooms["a"].held("blue")->table->scenario, rooms["b"].held("blue")->table->scenario);
  // The shelf keeps no table alive: one goes with the last room holding it.
  rooms["a"].clear();
  EXPECT_EQ(shelf->size(), 2u);
  rooms["b"].clear();
  EXPECT_EQ(shelf->size(), 1u);
  rooms["c"].clear();
  EXPECT_EQ(shelf->size(), 0u);
}

// Terrain only its owner (and the GM) sees makes each seat's table its own (Game::table_key adds
// the viewer to the rule set's key), so no seat is given another's.
TEST(SeatViewsTest, TerrainOnlyOneSideSeesSetsTheSeatsTablesApart) {
  pb::Scenario scenario = counter_scenario();
  auto* secret = scenario.add_terrain();
  secret->set_kind("minefield");
  secret->set_owner("blue");
  secret->add_squares()->set_col(1);
  std::string error;
  std::vector<pb::Event> events;
  auto game = Game::start(*sandtable::testing::counter_registry().find("counter-test"), scenario, StartOptions(5), &events, &error);
  ASSERT_TRUE(game) << error;
  EXPECT_EQ(game->view("blue").terrain_size(), 1);
  EXPECT_EQ(game->view("red").terrain_size(), 0);
  EXPECT_NE(game->table_key("blue"), game->table_key("red"));
  EXPECT_NE(game->table_key("red"), game->table_key("gm"));
  SeatViews views;
  for (const char* seat : {"blue", "red", "spectator", "gm"}) views.whole(*game, seat);
  OrderPatches order(*game);
  for (const char* seat : {"blue", "red", "spectator", "gm"}) {
    pb::Delta d;
    views.delta(order, seat, game->seq(), {}, d);
    EXPECT_TRUE(d.has_patch()) << seat;
  }
  EXPECT_EQ(order.tables_shared(), 0);
}

// The GM sees the dice secret once it is shown (GmShowSecret), so its table is no longer the
// sides': Game::table_key sets it apart, and its View is built with its own table.
TEST(SeatViewsTest, TheGmShownTheSecretHasATableOfItsOwn) {
  StartOptions start(5);
  start.secret = std::string(32, '\x07');  // scheme 2: a secret to show
  std::string error;
  std::vector<pb::Event> events;
  auto game = Game::start(*sandtable::testing::counter_registry().find("counter-test"), counter_scenario(), start, &events, &error);
  ASSERT_TRUE(game) << error;
  ASSERT_EQ(game->table_key("blue"), game->table_key("gm"));
  pb::Command show;
  show.set_seat("gm");
  show.mutable_gm()->mutable_show_secret();
  Outcome out;
  auto next = game->next(show, out);
  ASSERT_TRUE(next) << out.rejection.message();
  EXPECT_EQ(next->table_key("blue"), next->table_key("red"));
  EXPECT_NE(next->table_key("blue"), next->table_key("gm"));
  EXPECT_TRUE(next->view("gm").dice().secret().size() > 0);
  EXPECT_TRUE(next->view("blue").dice().secret().empty());
}

}  // namespace
}  // namespace sandtable::server
