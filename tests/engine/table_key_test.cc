// Seats share one build of the static table an order only where they see the same one
// (Game::table_key: the rule set's key, and what the game adds per seat). A key that put two
// seats with different tables together would leave one a stale table; these check the keys
// against the tables themselves.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/model/game.h"
#include "engine/model/view_patch.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

std::unique_ptr<Game> start(const pb::Scenario& scenario) {
  std::vector<pb::Event> events;
  std::string error;
  auto game = Game::start(*builtin_registry().find(scenario.ruleset()), scenario, StartOptions(3), &events, &error);
  EXPECT_TRUE(game) << error;
  return game;
}

// Both parts of the seat's static table, the room's length first so that the two cannot run together.
std::string table_of(const Game& game, const std::string& seat) {
  const TableBytes t = bytes_of(game.view(seat)).table;
  return std::to_string(t->room.size()) + ":" + t->room + *t->scenario;
}

TEST(TableKey, EverySeatOfAPortableWargameTableSharesIt) {
  const auto game = start(load_scenario_file("pw/meeting-engagement.json"));
  const std::vector<std::string> seats = {"gm", "spectator", "blue", "red"};
  for (const auto& s : seats) {
    EXPECT_EQ(game->table_key(s), game->table_key("gm")) << s;
    EXPECT_EQ(table_of(*game, s), table_of(*game, "gm")) << s;
  }
  // The View built without its table leaves out every part of it, and nothing else.
  pb::View without = game->view_without_table("blue", true);
  EXPECT_EQ(without.terrain_size(), 0);
  EXPECT_FALSE(without.has_briefing());
  EXPECT_TRUE(without.scenario_id().empty());
  pb::View whole = game->view("blue");
  EXPECT_GT(whole.terrain_size(), 0);
  EXPECT_GT(whole.briefing().rules_size(), 0) << "PW-EXH-01's words are part of the table";
  EXPECT_EQ(without.units_size(), whole.units_size());
  EXPECT_EQ(without.turn().SerializeAsString(), whole.turn().SerializeAsString());
  EXPECT_EQ(without.menu().SerializeAsString(), whole.menu().SerializeAsString());
}

TEST(TableKey, OneHourWargamesSeatsShareTheirTable) {
  const auto game = start(load_scenario_file("oh/village-attack.json"));
  for (const std::string s : {"spectator", "gm"}) {
    EXPECT_EQ(game->table_key(s), game->table_key(game->state().sides[0])) << s;
    EXPECT_EQ(table_of(*game, s), table_of(*game, game->state().sides[0])) << s;
  }
}

// Battleground's seats share a table with no secret in it, and not one with a side's minefield
// (BG-MINE-02, BG-MINE-03).
TEST(TableKey, BG_MINE_02_BattlegroundSeatsShareATableWithoutASecretMinefield) {
  const auto open = start(load_scenario_file("bg/village-assault.json"));
  for (const std::string s : {"spectator", "gm", "allies"}) {
    EXPECT_EQ(open->table_key(s), open->table_key("axis")) << s;
    EXPECT_EQ(table_of(*open, s), table_of(*open, "axis")) << s;
  }
  const auto mined = start(load_scenario_file("bg/crossroads.json"));
  EXPECT_NE(mined->table_key("axis"), mined->table_key("allies"));
  EXPECT_NE(table_of(*mined, "axis"), table_of(*mined, "allies"));
  // Built without its table, the View keeps its turn, cards and words.
  const pb::View without = open->view_without_table("axis", true);
  const pb::View whole = open->view("axis");
  EXPECT_EQ(without.terrain_size(), 0);
  EXPECT_FALSE(without.has_briefing());
  EXPECT_EQ(without.turn().SerializeAsString(), whole.turn().SerializeAsString());
  EXPECT_EQ(without.extra().SerializeAsString(), whole.extra().SerializeAsString());
  EXPECT_EQ(without.sides().size(), whole.sides().size());
  EXPECT_EQ(without.sides(0).standing(), whole.sides(0).standing());
}

// A rule set that keeps the default key (Rookie Rules) shares no table.
TEST(TableKey, TheDefaultKeyIsTheViewer) {
  const auto game = start(load_scenario_file("rookie/crossroads-armour.json"));
  EXPECT_NE(game->table_key("gm"), game->table_key("spectator"));
}

}  // namespace
}  // namespace sandtable
