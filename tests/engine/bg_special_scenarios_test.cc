// The special-rules demo scenarios (scenarios/bg/village-assault.json, combined-arms.json) parse,
// validate and start; the combined-arms minefield stays hidden from the Americans.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_state.h"
#include "engine/model/game.h"
#include "engine/registry/builtin_registry.h"
#include "engine/model/scenario_io.h"
#include "engine/model/payload.h"
#include "sandtable/rulesets/bg/bg.pb.h"

namespace sandtable {
namespace {

std::string read_bg(const std::string& name) {
  std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bg/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::unique_ptr<Game> start(const std::string& name) {
  const auto parsed = parse_scenario(read_bg(name), builtin_registry());
  EXPECT_TRUE(parsed.scenario) << name << ": " << parsed.error;
  if (!parsed.scenario) return nullptr;
  std::string err;
  StartOptions o;
  o.seed = 7;
  auto g = Game::start(*builtin_registry().find("battleground"), *parsed.scenario, o, nullptr, &err);
  EXPECT_TRUE(g) << err;
  return g;
}

TEST(BgSpecialScenarios, VillageAssaultLoadsAndStarts) {
  auto g = start("village-assault.json");
  ASSERT_TRUE(g);
  const auto& st = static_cast<const bg::BgState&>(g->state());
  EXPECT_EQ(st.turn, 1);
  EXPECT_TRUE(st.find("g1")->smoke);
}

// BG-MINE-02 / BG-ART-08: the secret minefield is the Germans' alone; the artillery deck is read.
TEST(BgSpecialScenarios, CombinedArmsLoadsWithHiddenMinefield) {
  auto g = start("combined-arms.json");
  ASSERT_TRUE(g);
  const auto& st = static_cast<const bg::BgState&>(g->state());
  EXPECT_TRUE(st.options.random_artillery);
  const pb::View us = g->view("allies");
  for (const auto& t : us.terrain()) {
    EXPECT_NE(t.name(), "Field mines");
    EXPECT_NE(t.name(), "Track mines");
  }
  const pb::View de = g->view("axis");
  int mines = 0;
  for (const auto& t : de.terrain()) mines += t.name() == "Field mines" || t.name() == "Track mines";
  EXPECT_EQ(mines, 2);
}

// BG-ART-01: the demo's scheduled strikes are read; each side's copy of the start shows only its
// own (the GM sees both).
TEST(BgSpecialScenarios, CombinedArmsScheduledStrikesSecretToTheirSide) {
  const auto parsed = parse_scenario(read_bg("combined-arms.json"), builtin_registry());
  ASSERT_TRUE(parsed.scenario) << parsed.error;
  std::vector<pb::Event> log;
  std::string err;
  StartOptions o;
  o.seed = 7;
  auto g = Game::start(*builtin_registry().find("battleground"), *parsed.scenario, o, &log, &err);
  ASSERT_TRUE(g) << err;
  const auto& st = static_cast<const bg::BgState&>(g->state());
  int scheduled = 0;
  for (const auto& m : st.missions) scheduled += m.scheduled;
  EXPECT_EQ(scheduled, 3);
  auto own = [&](const std::string& viewer) {
    std::vector<std::string> ids;
    for (const auto& e : log) {
      if (!e.has_game_started()) continue;
      if (auto x = g->event_for(e, viewer)) {
        const auto extra = payload_of<pb::BgScenario>(x->game_started().scenario());
        for (const auto& k : extra.strikes()) ids.push_back(k.id());
      }
    }
    return ids;
  };
  EXPECT_EQ(own("allies"), (std::vector<std::string>{"us-smoke-t1", "us-mortar-t4"}));
  EXPECT_EQ(own("axis"), std::vector<std::string>{"de-mortar-t2"});
  EXPECT_TRUE(own("spectator").empty());
  EXPECT_EQ(own("gm").size(), 3u);
}

}  // namespace
}  // namespace sandtable
