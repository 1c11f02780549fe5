// Invariant fuzzing for Battleground: seeded bot-vs-bot games of every demo scenario, with the
// state and every side's copy of every event checked after each accepted order. A slice runs
// with the test suite; SANDTABLE_BG_FUZZ_GAMES=1000 is the on-demand run (docs/PERFORMANCE.md).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <map>

#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_state.h"
#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "engine/model/scenario_io.h"
#include "tests/support/payloads.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

using bg::BgState;

const char* const kScenarios[] = {"crossroads", "village-assault", "combined-arms", "shaffer-tank-battle", "shaffer-skirmish"};

pb::Scenario load(const std::string& name) { return load_scenario_file("bg/" + name + ".json"); }

int games_per_scenario() {
  const char* env = std::getenv("SANDTABLE_BG_FUZZ_GAMES");
  return env ? std::max(1, std::atoi(env) / static_cast<int>(std::size(kScenarios))) : 20;
}

// A string as protobuf writes it (length byte, bytes): finds "g1" without matching "g10".
std::string wire(const std::string& s) {
  std::string out;
  out.push_back(static_cast<char>(s.size()));
  out.append(s);
  return out;
}

bool inside_table(const BgState& st, bg::Vec2 p) {
  constexpr double kSlack = 1e-6;
  return p.x >= -kSlack && p.y >= -kSlack && p.x <= st.width + kSlack && p.y <= st.height + kSlack;
}

// Checks one state; returns the first broken invariant, or empty.
std::string check_state(const BgState& st) {
  if (st.max_turns > 0 && st.turn > st.max_turns) return "turn " + std::to_string(st.turn) + " is past the limit";
  for (const auto& u : st.units) {
    if (!u.on_table || u.destroyed || !u.carried_by.empty()) continue;
    if (u.infantry_like()) {
      if (u.living() == 0) return u.id + " stands on the table with no living figure";
      for (const auto& f : u.figures) {
        if (f.alive && !inside_table(st, f.pos)) return u.id + " figure " + f.id + " is off the table";
      }
    } else if (!inside_table(st, u.position)) {
      return u.id + " is off the table";
    }
    if (u.vehicle && u.vehicle->weapons.empty() == false) {
      for (const auto& w : u.vehicle->weapons) {
        if (w.dice < 0) return u.id + " weapon " + w.id + " has negative dice";
      }
    }
  }
  for (const auto& m : st.minefields) {
    if (m.known_to.size() != st.sides.size()) return "minefield " + m.terrain + " knowledge has the wrong size";
  }
  return {};
}

// What a side must not see yet: the other side's hidden units and secret minefields it has not
// found. Returns the first secret found in `bytes`, or empty.
std::string leaked_secret(const BgState& st, int side, const std::string& bytes) {
  for (const auto& u : st.units) {
    if (u.side != side && u.hidden && bytes.find(wire(u.id)) != std::string::npos) return "hidden unit " + u.id;
  }
  for (const auto& m : st.minefields) {
    const bg::Terrain* t = st.terrain_named(m.terrain);
    if (!t || t->owner.empty() || t->owner == st.sides[static_cast<std::size_t>(side)]) continue;
    if (m.known_to[static_cast<std::size_t>(side)]) continue;
    if (bytes.find(wire(m.terrain)) != std::string::npos) return "secret minefield " + m.terrain;
  }
  return {};
}

struct Stats {
  int games = 0, finished = 0;
  std::uint64_t events = 0, commands = 0;
  std::map<std::string, int> results;
  // Choices the bots made (BG-MEL-06/10 pairs, BG-PRIS-01 guards) and melee rounds fought.
  int melee_orders = 0, guard_choices = 0, melee_rounds = 0;
};

void fuzz(const std::string& name, std::uint64_t first_seed, int games, Stats& stats) {
  const pb::Scenario scenario = load(name);
  const RuleSet& rules = *builtin_registry().find("battleground");
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g);
    std::string broken, final_view;
    int last_turn = 0;
    AutoplayOptions options;
    options.seed = seed;
    // The random bot, not the rule set's smart one: it explores every kind of order.
    options.bot_for = [](const std::string&) { return bg::make_bg_random_bot(); };
    options.observer = [&](const Game& game, const std::vector<pb::Event>& events) {
      const auto& st = static_cast<const BgState&>(game.state());
      if (st.turn < last_turn) broken = "the turn went back from " + std::to_string(last_turn);
      last_turn = st.turn;
      if (broken.empty()) broken = check_state(st);
      for (int side = 0; side < static_cast<int>(st.sides.size()) && broken.empty(); ++side) {
        const std::string& who = st.sides[static_cast<std::size_t>(side)];
        for (const auto& e : events) {
          const auto copy = game.event_for(e, who);
          if (!copy) continue;
          const std::string secret = leaked_secret(st, side, copy->SerializeAsString());
          if (!secret.empty()) { broken = who + " was told of " + secret + " in event " + std::to_string(e.seq()); break; }
        }
        if (broken.empty()) {
          const std::string secret = leaked_secret(st, side, game.view(who).SerializeAsString());
          if (!secret.empty()) broken = who + "'s view shows " + secret;
        }
        if (broken.empty()) {
          const std::string secret = leaked_secret(st, side, game.view("spectator").SerializeAsString());
          if (!secret.empty()) broken = "the spectators' view shows " + secret;
        }
      }
      if (game.over()) final_view = game.view("gm").SerializeAsString();
      return broken.empty();
    };
    const AutoplayResult r = autoplay(rules, scenario, options);
    ++stats.games;
    ASSERT_TRUE(broken.empty()) << name << " seed " << seed << ": " << broken;
    ASSERT_TRUE(r.finished) << name << " seed " << seed << ": " << r.error;
    ++stats.finished;
    for (std::size_t i = 0; i < r.log.size(); ++i) {
      ASSERT_EQ(r.log[i].seq(), i + 1) << name << " seed " << seed << ": the log has a gap";
    }
    stats.events += r.log.size();
    for (const auto& e : r.log) {
      if (!carries<pb::BgEvent>(e)) continue;
      const pb::BgEvent& b = testing::payload_ref<pb::BgEvent>(e);
      stats.melee_orders += b.has_melee_ordered();
      stats.guard_choices += b.has_guards_chosen();
      stats.melee_rounds += b.has_melee_round();
    }
    stats.commands += r.commands;
    ++stats.results[r.winner.empty() ? "draw" : r.winner];
    // The log alone rebuilds the same game (what the server does after a restart).
    std::string error;
    auto replayed = Game::from_log(builtin_registry(), r.log, &error);
    ASSERT_TRUE(replayed) << name << " seed " << seed << ": " << error;
    ASSERT_EQ(replayed->view("gm").SerializeAsString(), final_view) << name << " seed " << seed;
  }
}

TEST(BgFuzz, InvariantsHoldInEveryGameOfEveryDemoScenario) {
  std::uint64_t first_seed = 100;
  for (const char* name : kScenarios) {
    Stats s;
    fuzz(name, first_seed, games_per_scenario(), s);
    first_seed += 100000;
    EXPECT_EQ(s.finished, s.games);
    std::cout << "[fuzz] " << name << ": " << s.games << " games, " << s.commands << " orders, " << s.events
              << " events, results:";
    for (const auto& [k, v] : s.results) std::cout << " " << k << "=" << v;
    std::cout << "; melee rounds " << s.melee_rounds << ", pairs chosen " << s.melee_orders << ", guards chosen "
              << s.guard_choices << "\n";
    if (HasFatalFailure()) return;
  }
}

// The checkers themselves must catch a broken state and a leaked secret.
TEST(BgFuzz, CheckersCatchAFigureOffTheTableAndALeakedHiddenUnit) {
  const pb::Scenario scenario = load("crossroads");
  std::string error;
  auto game = Game::start(*builtin_registry().find("battleground"), scenario, {}, nullptr, &error);
  ASSERT_TRUE(game) << error;
  BgState st = static_cast<const BgState&>(game->state());
  EXPECT_EQ(check_state(st), "");
  BgState off = st;
  ASSERT_FALSE(off.units.empty());
  ASSERT_FALSE(off.units[0].figures.empty());
  off.units[0].figures[0].pos = {-5, 3};
  EXPECT_NE(check_state(off), "");
  BgState secret = st;
  secret.units[0].hidden = true;
  const int other = 1 - secret.units[0].side;
  EXPECT_EQ(leaked_secret(secret, other, "nothing of note"), "");
  std::string bytes = "x";
  bytes.append(wire(secret.units[0].id));
  bytes.append("y");
  EXPECT_NE(leaked_secret(secret, other, bytes), "");
  EXPECT_EQ(leaked_secret(secret, secret.units[0].side, wire(secret.units[0].id)), "");
}

}  // namespace
}  // namespace sandtable
