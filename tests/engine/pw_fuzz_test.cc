// Invariant fuzzing for the Portable Wargame: seeded bot-vs-bot games with every event checked
// against the invariants. A slice of 200 games runs with the test suite; set
// SANDTABLE_FUZZ_GAMES=10000 for the on-demand run (figures in docs/PERFORMANCE.md).
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <set>

#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "engine/model/scenario_io.h"
#include "engine/rulesets/pw/pw_state.h"
#include "engine/model/payload.h"
#include "sandtable/rulesets/pw/pw.pb.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

using pw::PwState;
using pw::UnitType;

pb::Scenario load(const std::string& name) { return load_scenario_file("pw/" + name + ".json"); }

int games_per_scenario() {
  const char* env = std::getenv("SANDTABLE_FUZZ_GAMES");
  return env ? std::max(1, std::atoi(env) / 2) : 100;
}

// Checks one state; returns the first broken invariant, or empty.
std::string check_state(const PwState& st) {
  std::map<std::pair<int, int>, std::vector<const pw::Unit*>> by_square;
  for (const auto& u : st.units) {
    if (!u.alive) {
      if (u.sp > 0) return u.id + " is removed with " + std::to_string(u.sp) + " SP";
      continue;
    }
    if (u.sp <= 0 || u.sp > u.max_sp) return u.id + " has SP " + std::to_string(u.sp) + " of " + std::to_string(u.max_sp);
    if (!st.on_board(u.sq)) return u.id + " is off the board";
    by_square[{u.sq.col, u.sq.row}].push_back(&u);
  }
  for (const auto& [sq, units] : by_square) {
    int line_units = 0;
    for (const auto* u : units) {
      if (u->side != units.front()->side) return "enemies share square " + std::to_string(sq.first) + "," + std::to_string(sq.second);
      const bool shares = u->type == UnitType::kCommander || u->type == UnitType::kTransport || !u->carried_by.empty();
      if (!shares) ++line_units;
    }
    if (line_units > 1) return "two fighting units stacked at " + std::to_string(sq.first) + "," + std::to_string(sq.second);
  }
  for (const auto& s : st.side_state) {
    if (s.activations_left < 0) return s.id + " has negative activations";
    if (s.sp_lost < 0 || s.sp_lost > s.initial_sp) return s.id + " lost " + std::to_string(s.sp_lost) + " SP";
  }
  return {};
}

struct Stats {
  int games = 0, finished = 0;
  std::uint64_t events = 0;
  std::map<std::string, int> results;
};

void fuzz(const std::string& scenario_name, std::uint64_t first_seed, int games, Stats& stats) {
  const pb::Scenario scenario = load(scenario_name);
  const RuleSet& rules = *builtin_registry().find("portable-wargame-19c");
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g);
    std::string broken;
    std::map<std::pair<int, std::string>, int> rolled, activated;  // (turn, side) -> count
    int turn = 0;
    std::string final_view;
    Pcg32 final_rng;
    AutoplayOptions options;
    options.seed = seed;
    options.observer = [&](const Game& game, const std::vector<pb::Event>& events) {
      const auto& st = static_cast<const PwState&>(game.state());
      for (const auto& e : events) {
        if (!carries<pb::PwEvent>(e)) continue;
        const pb::PwEvent p = payload_of<pb::PwEvent>(e);
        if (p.has_turn_started()) turn = p.turn_started().turn();
        if (p.has_activation_rolled()) rolled[{turn, p.activation_rolled().side()}] = p.activation_rolled().activations();
        if (p.has_unit_activated()) {
          const auto* u = st.find(p.unit_activated().unit_id());
          const std::string side = u ? st.side_state[static_cast<std::size_t>(u->side)].id : "?";
          if (++activated[{turn, side}] > rolled[{turn, side}]) broken = side + " activated more units than its dice allow";
        }
      }
      if (broken.empty()) broken = check_state(st);
      if (game.over()) {
        final_view = game.view("gm").SerializeAsString();
        final_rng = game.state().rng;
      }
      return broken.empty();
    };
    const AutoplayResult r = autoplay(rules, scenario, options);
    ++stats.games;
    ASSERT_TRUE(broken.empty()) << scenario_name << " seed " << seed << ": " << broken;
    ASSERT_TRUE(r.finished) << scenario_name << " seed " << seed << ": " << r.error;
    ++stats.finished;
    for (std::size_t i = 0; i < r.log.size(); ++i) {
      ASSERT_EQ(r.log[i].seq(), i + 1) << scenario_name << " seed " << seed << ": the log has a gap";
    }
    stats.events += r.log.size();
    ++stats.results[r.winner.empty() ? "draw" : r.winner];
    // Replay of the log rebuilds the same state.
    std::string error;
    auto replayed = Game::from_log(builtin_registry(), r.log, &error);
    ASSERT_TRUE(replayed) << error;
    ASSERT_EQ(replayed->view("gm").SerializeAsString(), final_view) << scenario_name << " seed " << seed;
    ASSERT_EQ(replayed->state().rng, final_rng) << scenario_name << " seed " << seed;
  }
}

TEST(PwFuzz, MeetingEngagementInvariantsHoldInEveryGame) {
  Stats s;
  fuzz("meeting-engagement", 1000, games_per_scenario(), s);
  EXPECT_EQ(s.finished, s.games);
  std::cout << "[fuzz] meeting-engagement: " << s.games << " games, " << s.events << " events, results:";
  for (const auto& [k, v] : s.results) std::cout << " " << k << "=" << v;
  std::cout << "\n";
}

TEST(PwFuzz, EntrenchedAssaultInvariantsHoldInEveryGame) {
  Stats s;
  fuzz("entrenched-assault", 5000, games_per_scenario(), s);
  EXPECT_EQ(s.finished, s.games);
  std::cout << "[fuzz] entrenched-assault: " << s.games << " games, " << s.events << " events, results:";
  for (const auto& [k, v] : s.results) std::cout << " " << k << "=" << v;
  std::cout << "\n";
}

// The checker itself must catch a broken state.
TEST(PwFuzz, CheckerCatchesEnemiesInOneSquareAndNegativeStrength) {
  const pb::Scenario scenario = load("meeting-engagement");
  std::string error;
  auto game = Game::start(*builtin_registry().find("portable-wargame-19c"), scenario, {}, nullptr, &error);
  ASSERT_TRUE(game);
  PwState st = static_cast<const PwState&>(game->state());
  EXPECT_EQ(check_state(st), "");
  PwState bad = st;
  const pw::Unit* enemy = nullptr;
  for (const auto& u : bad.units) if (u.side != bad.units[0].side) enemy = &u;
  ASSERT_NE(enemy, nullptr);
  bad.units[0].sq = enemy->sq;
  EXPECT_NE(check_state(bad), "");
  PwState weak = st;
  weak.units[0].sp = -1;
  EXPECT_NE(check_state(weak), "");
}

}  // namespace
}  // namespace sandtable
