// Invariant fuzzing for One-Hour Wargames WWII: seeded bot-vs-bot games on every demo scenario,
// each command checked against the invariants, including that no seat (nor a spectator) ever
// gets a view, menu or event that names a unit hidden from it (GAP-OH-LOS-05). A slice runs with
// the test suite; SANDTABLE_FUZZ_GAMES=1000 is the on-demand run (figures in docs/PERFORMANCE.md).
#include <gtest/gtest.h>

#include <cstdlib>

#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/oh/oh_internal.h"
#include "tests/support/fuzz_support.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

using testing::finish_fuzz_game;
using testing::first_leak;
using testing::FuzzStats;
using testing::report_fuzz;

using oh::OhState;

int games_per_scenario() {
  const char* env = std::getenv("SANDTABLE_FUZZ_GAMES");
  return env ? std::max(1, std::atoi(env) / 2) : 12;
}

// The first broken invariant of a state, or empty.
std::string check_state(const OhState& st) {
  std::vector<std::pair<const oh::Unit*, std::vector<geom::Polygon>>> placed;
  for (const auto& u : st.units) {
    if (!u.alive) continue;
    if (u.hits < 0 || u.hits >= st.options.destroyed_at) return u.id + " is on the table with " + std::to_string(u.hits) + " Hits";
    if (u.permanent != 0 && u.permanent != 5) return u.id + " has " + std::to_string(u.permanent) + " permanent Hits";
    if (u.permanent > u.hits) return u.id + " has more permanent Hits than Hits";
    if (u.permanent == 0 && u.hits >= 10) return u.id + " reached 10 Hits without 5 becoming permanent";
    if (u.dug_in && u.type == oh::UnitType::kTank) return u.id + " is a Dug-in tank";
    if (u.ready && u.type == oh::UnitType::kMortar) return u.id + " is a Ready mortar";
    auto b = oh::bases(u);
    for (const auto& p : b) {
      for (const auto v : p.vertices()) {
        if (v.x < -1e-6 || v.y < -1e-6 || v.x > st.table->width + 1e-6 || v.y > st.table->height + 1e-6) return u.id + " is off the table";
      }
    }
    for (const auto& [o, ob] : placed) {
      for (const auto& x : ob) {
        for (const auto& y : b) {
          if (oh::overlap(x, y)) return u.id + " stands on " + o->id;
        }
      }
    }
    placed.emplace_back(&u, std::move(b));
  }
  if (st.pending_move) {
    const oh::Unit* u = st.alive_unit(st.pending_move->unit_id);
    if (!u || u->side != st.phasing) return "the pending move is not the phasing side's";
  }
  return {};
}

// Ids and names of the units a viewer may not see now.
std::vector<std::string> secrets_for(const OhState& st, const std::string& viewer) {
  std::vector<std::string> out;
  for (const auto& u : st.units) {
    if (u.alive && !oh::visible_to(st, u, viewer)) {
      out.push_back(u.id);
      out.push_back(u.name);
    }
  }
  return out;
}

void fuzz(const std::string& file, std::uint64_t first_seed, int games, FuzzStats& stats) {
  const pb::Scenario scenario = load_scenario_file(file);
  const RuleSet& rules = *builtin_registry().find("one-hour-ww2");
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g);
    std::string broken;
    std::string final_view;
    AutoplayOptions options;
    options.seed = seed;
    options.observer = [&](const Game& game, const std::vector<pb::Event>& events) {
      const auto& st = static_cast<const OhState&>(game.state());
      broken = check_state(st);
      for (const std::string& viewer : {st.sides[0], st.sides[1], std::string("spectator")}) {
        const auto secrets = secrets_for(st, viewer);
        if (secrets.empty() || !broken.empty()) continue;
        ++stats.hidden_states;
        broken = first_leak(game, events, viewer, secrets);
      }
      if (game.over()) final_view = game.view("gm").SerializeAsString();
      return broken.empty();
    };
    const AutoplayResult r = autoplay(rules, scenario, options);
    ++stats.games;
    ASSERT_TRUE(broken.empty()) << file << " seed " << seed << ": " << broken;
    finish_fuzz_game(r, file + " seed " + std::to_string(seed), final_view, stats);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(OhFuzz, VillageAttackInvariantsHoldAndNothingHiddenLeaks) {
  FuzzStats s;
  fuzz("oh/village-attack.json", 3000, games_per_scenario(), s);
  EXPECT_EQ(s.finished, s.games);
  EXPECT_GT(s.hidden_states, 0);  // the fog of war was exercised
  report_fuzz("village-attack", s);
}

TEST(OhFuzz, RiverCrossingInvariantsHold) {
  FuzzStats s;
  fuzz("oh/river-crossing.json", 4000, games_per_scenario(), s);
  EXPECT_EQ(s.finished, s.games);
  report_fuzz("river-crossing", s);
}

// Seeds the on-demand run once failed on, kept in the suite: 3278, a tank stopped short by a
// hidden gun ended, with its old facing, on a visible mortar (it now stops where it is clear).
TEST(OhFuzz, SeedsThatOnceFailedStillHold) {
  FuzzStats s;
  fuzz("oh/village-attack.json", 3278, 1, s);
  EXPECT_EQ(s.finished, 1);
}

// The checker itself must catch a broken state.
TEST(OhFuzz, CheckerCatchesOverlapsAndBadHits) {
  const pb::Scenario scenario = load_scenario_file("oh/village-attack.json");
  std::string error;
  auto game = Game::start(*builtin_registry().find("one-hour-ww2"), scenario, {}, nullptr, &error);
  ASSERT_TRUE(game) << error;
  const OhState st = static_cast<const OhState&>(game->state());
  EXPECT_EQ(check_state(st), "");
  OhState on_top = st;
  on_top.units[1].pos = on_top.units[0].pos;
  on_top.units[1].facing = on_top.units[0].facing;
  EXPECT_NE(check_state(on_top), "");
  OhState hurt = st;
  hurt.units[0].hits = 11;
  EXPECT_NE(check_state(hurt), "");
  EXPECT_NE(testing::leak("x", "a b c", {"b"}), "");
}

}  // namespace
}  // namespace sandtable
