// The Battleground demo scenario parses, validates and plays bot against bot to its turn limit.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/rulesets/bg/bg_rules.h"
#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "engine/model/scenario_io.h"

namespace sandtable {
namespace {

std::string read(const std::string& name) {
  std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bg/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(BgDemo, CrossroadsPlaysToTheTurnLimit) {
  const auto parsed = parse_scenario(read("crossroads.json"), builtin_registry());
  ASSERT_TRUE(parsed.scenario) << parsed.error;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    AutoplayOptions o;
    o.seed = seed;
    o.keep_log = true;
    const auto r = autoplay(*builtin_registry().find("battleground"), *parsed.scenario, o);
    EXPECT_TRUE(r.finished) << r.error;
    // Replaying the log rebuilds the same game (deck, dice, positions).
    std::string err;
    auto replay = Game::from_log(builtin_registry(), r.log, &err);
    ASSERT_TRUE(replay) << err;
    EXPECT_TRUE(replay->over());
    EXPECT_EQ(replay->seq(), r.log.back().seq());
  }
}

}  // namespace
}  // namespace sandtable
