// The briefing and home edges every game shows from its scenario (engine/model/briefing.cc).
#include "engine/model/briefing.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/model/game.h"
#include "engine/model/scenario_io.h"
#include "engine/registry/builtin_registry.h"

namespace sandtable {
namespace {

pb::Scenario load(const std::string& path) {
  std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/" + path);
  std::stringstream s;
  s << in.rdbuf();
  auto parsed = parse_scenario(s.str(), builtin_registry());
  EXPECT_TRUE(parsed.scenario) << parsed.error;
  return parsed.scenario.value_or(pb::Scenario());
}

std::unique_ptr<Game> start(const pb::Scenario& sc) {
  std::string error;
  StartOptions o;
  o.seed = 1;
  auto g = Game::start(*builtin_registry().find(sc.ruleset()), sc, o, nullptr, &error);
  EXPECT_TRUE(g) << error;
  return g;
}

const pb::SideView& side(const pb::View& v, const std::string& id) {
  for (const auto& s : v.sides()) {
    if (s.id() == id) return s;
  }
  ADD_FAILURE() << "no side " << id;
  return pb::SideView::default_instance();
}

TEST(Briefing, TheScenariosWordsTurnLimitAndObjectivesReachEverySeat) {
  const auto sc = load("bg/hedgerow-raid.json");
  auto g = start(sc);
  ASSERT_TRUE(g);
  for (const char* viewer : {"axis", "allies", "gm", "spectator"}) {
    const auto b = g->view(viewer).briefing();
    EXPECT_EQ(b.text(), sc.description()) << viewer;
    EXPECT_EQ(b.victory(), sc.victory().text()) << viewer;
    EXPECT_EQ(b.max_turns(), 4) << viewer;
    ASSERT_EQ(b.objectives_size(), 1) << viewer;
    EXPECT_EQ(b.objectives(0), "Farmhouse (5 points), held by British at the start") << viewer;
  }
}

TEST(Briefing, EachSideStartsFromItsOwnEdge) {
  // Meeting engagement: blue on rows 0-1 (south), red on rows 8-9 (north) of a 12x10 grid.
  auto pw = start(load("pw/meeting-engagement.json"));
  ASSERT_TRUE(pw);
  EXPECT_EQ(side(pw->view("blue"), "blue").home_edge(), "south");
  EXPECT_EQ(side(pw->view("blue"), "red").home_edge(), "north");
  // Hedgerow raid: the Germans' figures start near y=3 of 24, the British near y=14 and beyond.
  auto bg = start(load("bg/hedgerow-raid.json"));
  ASSERT_TRUE(bg);
  EXPECT_EQ(side(bg->view("spectator"), "axis").home_edge(), "south");
  EXPECT_EQ(side(bg->view("spectator"), "allies").home_edge(), "north");
}

TEST(Briefing, EdgesAreMeasuredFromTheMiddleOfTheForces) {
  pb::Scenario sc;
  sc.mutable_grid()->set_cols(11);
  sc.mutable_grid()->set_rows(11);
  auto* a = sc.add_sides();
  a->set_id("a");
  a->add_units()->mutable_square()->set_col(5);
  auto* b = sc.add_sides();
  b->set_id("b");
  b->add_units()->mutable_square()->set_col(10);
  a->mutable_units(0)->mutable_square()->set_row(5);
  b->mutable_units(0)->mutable_square()->set_row(6);
  EXPECT_EQ(home_edge(sc, "a"), "west");  // from the middle of both forces, not of the board
  EXPECT_EQ(home_edge(sc, "b"), "east");
  b->mutable_units(0)->mutable_square()->set_col(5);
  b->mutable_units(0)->mutable_square()->set_row(5);
  EXPECT_EQ(home_edge(sc, "a"), "") << "both forces in one place: no edge";
  b->mutable_units(0)->mutable_square()->set_col(0);
  EXPECT_EQ(home_edge(sc, "b"), "west");
  sc.mutable_sides()->RemoveLast();
  EXPECT_EQ(home_edge(sc, "a"), "") << "a lone side in the middle of the board";
  EXPECT_EQ(home_edge(sc, "nobody"), "");
}

}  // namespace
}  // namespace sandtable
