// The move search behind the menu and the legal enumeration (pw_actions.cc) walks one path per
// (square, all road so far, came out of a wood) state instead of every path. This checks it
// against the slow truth, every simple path up to the unit's allowance judged by check_move: in
// positions of real bot games, for every unit of the side to act, the same destinations, each
// at the length of its shortest legal path (PW-MOVE-01/02, PW-TER-01/03). And every path that
// move_refused_anyway passes over (the searches' sift, PW-MOVE-01/05/08, PW-TER-01/03/05/06/07,
// PW-UNIT-05, PW-EXH-02) is one check_move refuses.
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
std::map<std::string, int> every_path(const PwState& st, int side, const Unit& u, int& sifted) {
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
      const Check refusal = check_move(st, side, m, nullptr);
      if (!refusal) {
        auto [it, fresh] = best.emplace(key(s), m.path_size());
        if (!fresh) it->second = std::min(it->second, m.path_size());
      }
      if (move_refused_anyway(st, side, u, path)) {
        ++sifted;
        EXPECT_TRUE(refusal) << u.id << " to " << key(s) << " in " << path.size() << " squares is passed over but legal";
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

// The check of the unit in hand without its words (what the bot and unit_can_act ask) refuses
// exactly as the order's check with them: the same code and rule, and a sentence only there.
void expect_same_refusal(const Check& with_words, const Check& code_only, const std::string& what) {
  ASSERT_EQ(with_words.has_value(), code_only.has_value()) << what;
  if (!with_words) return;
  EXPECT_EQ(code_only->code, with_words->code) << what;
  EXPECT_EQ(code_only->rule, with_words->rule) << what;
  EXPECT_FALSE(with_words->message.empty()) << what << " " << with_words->code;
}

// Fires and close combats every enemy square and unit could take, each asked of check_fire and
// check_close_combat with no geometry first: the truth the enumeration's reach filter must keep.
std::vector<std::string> every_target(const PwState& st, int side, const Unit& u) {
  std::vector<std::string> out;
  for (const auto& e : st.units) {
    if (!e.alive || e.side == side) continue;
    pb::PwFire f;
    f.set_unit_id(u.id);
    *f.mutable_target() = to_pb(e.sq);
    const std::string fire = "fire " + key(e.sq);
    const Check fire_check = check_fire(st, side, f);
    expect_same_refusal(fire_check, check_fire_at(st, side, u, e.sq, Say::kCodeOnly), u.id + " " + fire);
    if (!fire_check && std::find(out.begin(), out.end(), fire) == out.end()) out.push_back(fire);
    pb::PwCloseCombat cc;
    cc.set_unit_id(u.id);
    cc.set_target_id(e.id);
    const Check cc_check = check_close_combat(st, side, cc);
    expect_same_refusal(cc_check, check_close_combat_of(st, side, u, e.id, Say::kCodeOnly), u.id + " cc " + e.id);
    if (!cc_check) out.push_back("cc " + e.id);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> enumerated_targets(const std::vector<pb::PwCommand>& cmds) {
  std::vector<std::string> out;
  for (const auto& c : cmds) {
    if (c.has_fire()) out.push_back("fire " + key(to_sq(c.fire().target())));
    if (c.has_close_combat()) out.push_back("cc " + c.close_combat().target_id());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// What the menu reads (unit_choices) against the commands legal_unit_commands lists: the same
// destinations in the same order at the same lengths, and the same other commands.
void expect_choices_match(const PwState& st, const std::string& seat, const Unit& u) {
  const auto cmds = legal_unit_commands(st, seat, u.id);
  const UnitChoices choices = unit_choices(st, seat, u.id);
  std::vector<std::string> from_cmds, others;
  for (const auto& c : cmds) {
    if (!c.has_move()) {
      others.push_back(c.SerializeAsString());
      continue;
    }
    const int n = c.move().path_size();
    const std::string d = key(to_sq(c.move().path(n - 1))) + "/" + std::to_string(n);
    if (std::find(from_cmds.begin(), from_cmds.end(), d) == from_cmds.end()) from_cmds.push_back(d);
  }
  std::vector<std::string> listed, in_place;
  for (const auto& d : choices.destinations) listed.push_back(key(d.to) + "/" + std::to_string(d.steps));
  for (const auto& c : choices.in_place) in_place.push_back(c.SerializeAsString());
  EXPECT_EQ(listed, from_cmds) << u.id;
  EXPECT_EQ(in_place, others) << u.id;
}

void compare_in_games(const std::string& file, int games) {
  const pb::Scenario scenario = load_scenario_file(file);
  const RuleSet& rules = *builtin_registry().find("portable-wargame-19c");
  int positions = 0, units = 0, sifted = 0;
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
        const auto want = every_path(st, side, u, sifted);
        const auto got = searched(st, seat, u);
        EXPECT_EQ(got, want) << file << " seed " << options.seed << " seq " << game.seq() << " unit " << u.id;
        EXPECT_EQ(enumerated_targets(legal_unit_commands(st, seat, u.id)), every_target(st, side, u))
            << file << " seed " << options.seed << " seq " << game.seq() << " unit " << u.id;
        expect_choices_match(st, seat, u);
        if (u.type == UnitType::kArtillery) {  // the turn's start asks every square, without words
          for (int r = 0; r < st.rows; ++r) {
            for (int c = 0; c < st.cols; ++c) {
              expect_same_refusal(check_artillery_target(st, u, {c, r}), check_artillery_target(st, u, {c, r}, Say::kCodeOnly),
                                  u.id + " at " + key({c, r}));
            }
          }
        }
        if (got != want || ::testing::Test::HasFailure()) return false;
      }
      return true;
    };
    autoplay(rules, scenario, options);
  }
  EXPECT_GT(positions, 100) << file;
  EXPECT_GT(units, 1000) << file;
  EXPECT_GT(sifted, 1000) << file << ": the sift passed over hardly any path";
}

// Also, in the same positions: the fire and close-combat targets listed are every one the
// handlers' checks accept (PW-FIRE-01, PW-CC-01), the checks of the unit in hand without words
// refuse as those checks do, and the menu's reading of a unit (unit_choices) lists what
// legal_unit_commands does.
TEST(PwMoveSearch, PW_MOVE_01_ShortestLegalPathToEveryReachableSquareAsEveryPathFindsIt) {
  const auto scenarios = demo_scenarios_by_ruleset();
  for (const auto& file : scenarios.at("portable-wargame-19c")) compare_in_games(file, 3);
}

}  // namespace
}  // namespace sandtable::pw
