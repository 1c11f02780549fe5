// The move search behind the menu and the legal enumeration (pw_actions.cc) walks one path per
// (square, all road so far, came out of a wood) state instead of every path. This checks it
// against the slow truth, every simple path up to the unit's allowance judged by check_move: in
// positions of real bot games, for every unit of the side to act, the same destinations, each
// at the length of its shortest legal path (PW-MOVE-01/02, PW-TER-01/03).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/pw/pw_actions.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_state.h"
#include "tests/support/scenario_file.h"

namespace sandtable::pw {
namespace {

namespace pb = ::sandtable::v1;

std::string key(Sq s) { return std::to_string(s.col) + "," + std::to_string(s.row); }

// Every simple path over the table from the unit's square, up to its allowance plus the road
// bonus, with the shortest length at which check_move accepts each destination.
std::map<std::string, int> every_path(const PwState& st, int side, const Unit& u) {
  std::map<std::string, int> best;
  std::vector<Sq> path;
  pb::PwMove m;
  m.set_unit_id(u.id);
  const int limit = row_of(u).move + 1;
  std::function<void()> walk = [&] {
    if (static_cast<int>(path.size()) >= limit) return;
    const Sq from = path.empty() ? u.sq : path.back();
    for (int f = 0; f < 4; ++f) {
      const Sq s = grid::step(from, static_cast<Facing>(f));
      if (!st.on_board(s) || s == u.sq || std::find(path.begin(), path.end(), s) != path.end()) continue;
      path.push_back(s);
      *m.add_path() = to_pb(s);
      if (!check_move(st, side, m, nullptr)) {
        auto [it, fresh] = best.emplace(key(s), m.path_size());
        if (!fresh) it->second = std::min(it->second, m.path_size());
      }
      walk();
      m.mutable_path()->RemoveLast();
      path.pop_back();
    }
  };
  walk();
  return best;
}

std::map<std::string, int> searched(const PwState& st, const std::string& seat, const Unit& u) {
  std::map<std::string, int> out;
  for (const auto& c : legal_unit_commands(st, seat, u.id)) {
    if (!c.has_move()) continue;
    const int n = c.move().path_size();
    auto [it, fresh] = out.emplace(key(to_sq(c.move().path(n - 1))), n);
    EXPECT_TRUE(fresh || it->second == n) << u.id << " is offered two lengths of path to " << it->first;
  }
  return out;
}

void compare_in_games(const std::string& file, int games) {
  const pb::Scenario scenario = load_scenario_file(file);
  const RuleSet& rules = *builtin_registry().find("portable-wargame-19c");
  int positions = 0, units = 0;
  for (int g = 0; g < games; ++g) {
    AutoplayOptions options;
    options.seed = 700 + static_cast<std::uint64_t>(g);
    options.keep_log = false;
    options.observer = [&](const Game& game, const std::vector<pb::Event>&) {
      const auto& st = static_cast<const PwState&>(game.state());
      if (st.phase != Phase::kActivation || st.over || st.paused || !st.decisions.empty()) return true;
      ++positions;
      const int side = st.active_side;
      const std::string& seat = side_id(st, side);
      for (const auto& u : st.units) {
        if (!u.alive || u.side != side) continue;
        ++units;
        const auto want = every_path(st, side, u);
        const auto got = searched(st, seat, u);
        EXPECT_EQ(got, want) << file << " seed " << options.seed << " seq " << game.seq() << " unit " << u.id;
        if (got != want) return false;
      }
      return true;
    };
    autoplay(rules, scenario, options);
  }
  EXPECT_GT(positions, 100) << file;
  EXPECT_GT(units, 1000) << file;
}

TEST(PwMoveSearch, PW_MOVE_01_ShortestLegalPathToEveryReachableSquareAsEveryPathFindsIt) {
  const auto scenarios = demo_scenarios_by_ruleset();
  for (const auto& file : scenarios.at("portable-wargame-19c")) compare_in_games(file, 3);
}

}  // namespace
}  // namespace sandtable::pw
