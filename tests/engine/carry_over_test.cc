// Campaigns (issue 20, docs/campaigns.md "What a battle carries"): a battle that follows another
// starts with what the first left. For every rule set, after a bot game, a new game of the same
// scenario gets GM edits so that each surviving unit has the strength it ended with and each lost
// unit is off the table; the edits stand in its log with the campaign's reason; a side the
// campaign does not map carries nothing; nothing grows back.
#include <map>

#include <gtest/gtest.h>

#include "engine/model/autoplay.h"
#include "engine/model/carry_over.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

constexpr const char* kReason = "Campaign: losses of \"Battle one\"";

struct Played {
  pb::Scenario scenario;
  const RuleSet* rules = nullptr;
  std::unique_ptr<Game> finished;
};

Played play(const std::string& file, std::uint64_t seed) {
  Played p;
  p.scenario = load_scenario_file(file);
  p.rules = builtin_registry().find(p.scenario.ruleset());
  AutoplayOptions o;
  o.seed = seed;
  const AutoplayResult r = autoplay(*p.rules, p.scenario, o);
  EXPECT_TRUE(r.finished) << file << ": " << r.error;
  std::string error;
  p.finished = Game::from_log(*p.rules, r.log, &error);
  EXPECT_TRUE(p.finished) << error;
  return p;
}

std::unique_ptr<Game> fresh(const Played& p, std::uint64_t seed) {
  std::string error;
  auto g = Game::start(*p.rules, p.scenario, StartOptions{seed, false}, nullptr, &error);
  EXPECT_TRUE(g) << error;
  return g;
}

std::map<std::string, std::string> same_sides(const pb::Scenario& s) {
  std::map<std::string, std::string> m;
  for (const auto& side : s.sides()) m[side.id()] = side.id();
  return m;
}

std::map<std::string, const pb::UnitView*> units_of(const pb::View& v) {
  std::map<std::string, const pb::UnitView*> m;
  for (const auto& u : v.units()) m[u.id()] = &u;
  return m;
}

class CarryOverTest : public ::testing::TestWithParam<const char*> {};

TEST_P(CarryOverTest, TheNextBattleStartsWithTheLossesTheLastLeft) {
  const Played p = play(GetParam(), 11);
  ASSERT_TRUE(p.finished);
  auto next = fresh(p, 12);
  const pb::View start = next->view("gm");
  const std::uint64_t seq_before = next->seq();
  const CarryOver c = carry_over(*p.finished, *next, same_sides(p.scenario), kReason);

  // A bot game always costs somebody something.
  ASSERT_FALSE(c.units.empty());
  std::map<std::string, UnitOutcome> left;
  for (const auto& o : p.finished->rules().outcomes(p.finished->state())) left[o.unit_id] = o;
  const auto before = units_of(start);
  const pb::View after_view = next->view("gm");
  const auto after = units_of(after_view);
  for (const auto& u : c.units) {
    SCOPED_TRACE(u.unit_id);
    EXPECT_EQ(u.refused, "");
    ASSERT_TRUE(before.count(u.unit_id));
    EXPECT_EQ(u.before, before.at(u.unit_id)->strength());
    const UnitOutcome& o = left.at(u.unit_id);
    if (o.lost || o.strength <= 0) {
      EXPECT_TRUE(u.removed);
      // Gone from the table, or left on it at nothing (a destroyed vehicle's wreck).
      EXPECT_TRUE(!after.count(u.unit_id) || after.at(u.unit_id)->strength() == 0);
    } else {
      EXPECT_FALSE(u.removed);
      EXPECT_LT(o.strength, u.before);
      EXPECT_EQ(u.after, o.strength);
      ASSERT_TRUE(after.count(u.unit_id));
      EXPECT_EQ(after.at(u.unit_id)->strength(), o.strength);
    }
  }
  // Every unit not listed starts as the scenario has it, and none grew.
  for (const auto& [id, u] : before) {
    const std::string& unit_id = id;  // a lambda may not capture a structured binding before clang 16
    const bool listed = std::any_of(c.units.begin(), c.units.end(), [&](const CarriedUnit& x) { return x.unit_id == unit_id; });
    if (!listed) {
      ASSERT_TRUE(after.count(id)) << id;
      EXPECT_EQ(after.at(id)->strength(), u->strength()) << id;
    }
  }
  for (const auto& [id, u] : after) {
    ASSERT_TRUE(before.count(id)) << id;
    EXPECT_LE(u->strength(), before.at(id)->strength()) << id;
  }
  // The edits are in the log, each with the campaign's reason, and the game goes on from them.
  ASSERT_EQ(c.orders.size(), c.units.size());
  std::uint64_t events = 0;
  for (const auto& o : c.orders) {
    EXPECT_EQ(o.command.gm().edit().reason(), kReason);
    ASSERT_FALSE(o.events.empty());
    events += o.events.size();
  }
  EXPECT_EQ(next->seq(), seq_before + events);
  EXPECT_FALSE(next->over());
}

TEST_P(CarryOverTest, ASideTheCampaignDoesNotMapCarriesNothing) {
  const Played p = play(GetParam(), 11);
  ASSERT_TRUE(p.finished);
  auto next = fresh(p, 12);
  const std::string before = next->save().SerializeAsString();
  // The first side only, played by the campaign's second side in the new battle: its units'
  // ids are the other side's no more, so none matches.
  std::map<std::string, std::string> swapped{{p.scenario.sides(0).id(), p.scenario.sides(1).id()}};
  const CarryOver c = carry_over(*p.finished, *next, swapped, kReason);
  EXPECT_TRUE(c.units.empty());
  EXPECT_EQ(next->save().SerializeAsString(), before);
  const CarryOver none = carry_over(*p.finished, *next, {}, kReason);
  EXPECT_TRUE(none.units.empty());
}

INSTANTIATE_TEST_SUITE_P(EveryRuleSet, CarryOverTest,
                         ::testing::Values("pw/meeting-engagement.json", "bg/crossroads.json", "oh/village-attack.json",
                                           "rookie/farm-assault.json"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (auto& ch : n) {
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           }
                           return n;
                         });

}  // namespace
}  // namespace sandtable
