// The menu property, for every rule set in kCases: at random states of bot games, every entry
// of every seat's menu (each action x each target x one offered facing, and for "plan" also a
// combination sent with `also`) is accepted by a copy of the game, and orders off the menu
// (unknown action, target not offered, another seat's action) are refused without changing
// anything. Adding a rule set is adding one line to kCases. The games are played by each rule
// set's own bot (RuleSet::make_bot).
// A "move" entry is sent as offered with no drawn path (the unit stays, with the facing the pick
// gives, or keeps it when the entry's facing is not free): this test draws no paths. Where a drawn
// path goes is checked by the rules as for any order, and what a path may not do beyond MoveLimits
// is said in the entry's label and rule (a Battleground "Retreat ..." entry, BG-UNIT-05: only away
// from the enemy), which the preview (RuleSet::query) states too; BgMenu.* draws paths as the
// labels say (tests/engine/bg_menu_test.cc).
// SANDTABLE_MENU_GAMES=<n> plays n games per scenario instead of the table's number.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>

#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

struct Case {
  const char* ruleset;
  std::vector<const char*> scenarios;  // under scenarios/
  int games;                           // per scenario; the suite's size (under 60 s with ASan)
};

const Case kCases[] = {
    {"portable-wargame-19c", {"pw/meeting-engagement.json", "pw/entrenched-assault.json"}, 10},
    {"battleground", {"bg/crossroads.json", "bg/village-assault.json", "bg/combined-arms.json", "bg/shaffer-tank-battle.json",
                      "bg/shaffer-skirmish.json"}, 3},
    {"one-hour-ww2", {"oh/village-attack.json", "oh/river-crossing.json"}, 4},
    {"rookie-rules", {"rookie/farm-assault.json", "rookie/crossroads-armour.json"}, 4},
};

constexpr int kStatesPerGame = 16;  // states checked per game, spread at random over the game

struct Tally {
  int states = 0;
  int accepted = 0;  // menu entries sent and accepted
  int refused = 0;   // off-menu orders sent and refused
  std::map<std::string, int> kinds;  // accepted entries by action kind (what was exercised)
};

pb::Command order(const std::string& seat, const std::string& action, const std::string& target = "") {
  pb::Command c;
  c.set_seat(seat);
  c.mutable_play()->set_action(action);
  c.mutable_play()->set_target(target);
  return c;
}

void expect_accepted(const Game& game, const pb::Command& c, Tally& t) {
  Game copy(game);
  const Outcome o = copy.execute(c);
  EXPECT_TRUE(o.accepted) << "menu entry refused: " << c.ShortDebugString() << " -> " << o.rejection.code() << ": "
                          << o.rejection.message();
  ++t.accepted;
}

void expect_refused(const Game& game, const pb::Command& c, const std::string& code, Tally& t) {
  Game copy(game);
  const Outcome o = copy.execute(c);
  EXPECT_FALSE(o.accepted) << "off-menu order accepted: " << c.ShortDebugString();
  if (!code.empty()) {
    EXPECT_EQ(o.rejection.code(), code) << c.ShortDebugString();
  }
  EXPECT_FALSE(o.rejection.message().empty());
  EXPECT_EQ(copy.seq(), game.seq());
  ++t.refused;
}

// One pick per (action, target), with an offered facing chosen at random.
std::vector<pb::Command> picks(const std::string& seat, const pb::Action& a, Pcg32& rng) {
  std::vector<pb::Command> out;
  std::vector<std::string> targets;
  for (const auto& t : a.targets()) targets.push_back(t.id());
  if (targets.empty()) targets.push_back("");
  for (const auto& t : targets) {
    pb::Command c = order(seat, a.id(), t);
    if (a.facings_size() > 0) {
      c.mutable_play()->set_facing(a.facings(static_cast<int>(rng.below(static_cast<std::uint32_t>(a.facings_size())))));
    }
    out.push_back(std::move(c));
  }
  return out;
}

// Several "plan" actions with targets: the first with every other one in `also`, each naming a
// target no other part names. A combination may break a rule between its parts that no single
// part breaks: Battleground's melee pairs (BG-MEL-10: a figure of a later unit fights only
// when none of an earlier unit waits); that refusal, with its own code, is the only one allowed.
void check_plan_combination(const Game& game, const std::string& seat, const pb::ActionMenu& m, Pcg32& rng, Tally& t) {
  pb::Command c;
  std::vector<std::string> named;
  for (const auto& a : m.actions()) {
    if (a.kind() != "plan" || a.targets().empty()) continue;
    std::vector<std::string> free;
    for (const auto& x : a.targets()) {
      if (std::find(named.begin(), named.end(), x.id()) == named.end()) free.push_back(x.id());
    }
    if (free.empty()) continue;
    pb::PlayAction p;
    p.set_action(a.id());
    p.set_target(free[rng.below(static_cast<std::uint32_t>(free.size()))]);
    named.push_back(p.target());
    if (!c.has_play()) *c.mutable_play() = p;
    else *c.mutable_play()->add_also() = p;
  }
  if (c.play().also().empty()) return;
  c.set_seat(seat);
  Game copy(game);
  const Outcome o = copy.execute(c);
  if (!o.accepted && o.rejection.code() == "BG_MELEE_UNIT_ORDER") {
    ++t.kinds["plan+also refused between parts"];
    return;
  }
  expect_accepted(game, c, t);
  ++t.kinds["plan+also"];
}

void check_state(const Game& game, Pcg32& rng, Tally& t) {
  ++t.states;
  const auto waiting = game.waiting_for();
  for (const auto& seat : game.state().sides) {
    const pb::ActionMenu m = game.menu(seat);
    if (std::find(waiting.begin(), waiting.end(), seat) != waiting.end()) {
      EXPECT_GT(m.actions_size(), 0) << seat << " is waited on but has an empty menu";
    }
    for (const auto& a : m.actions()) {
      for (const auto& c : picks(seat, a, rng)) {
        expect_accepted(game, c, t);
        ++t.kinds[a.kind()];
      }
      if (!a.targets().empty()) expect_refused(game, order(seat, a.id(), "no-such-target"), "NOT_A_TARGET", t);
    }
    check_plan_combination(game, seat, m, rng, t);
    expect_refused(game, order(seat, "no-such-action"), game.over() ? "GAME_OVER" : "NOT_ON_MENU", t);
    // Another seat's actions, unless this seat has the same one (e.g. both may hold fire).
    for (const auto& other : game.state().sides) {
      if (other == seat) continue;
      const pb::ActionMenu theirs = game.menu(other);
      for (const auto& a : theirs.actions()) {
        const bool mine = std::any_of(m.actions().begin(), m.actions().end(), [&](const pb::Action& x) { return x.id() == a.id(); });
        if (!mine) expect_refused(game, picks(seat, a, rng).front(), game.over() ? "GAME_OVER" : "NOT_ON_MENU", t);
      }
    }
  }
}

int games_for(const Case& c) {
  const char* env = std::getenv("SANDTABLE_MENU_GAMES");
  return env ? std::max(1, std::atoi(env)) : c.games;
}

TEST(MenuProperty, EveryMenuEntryIsAcceptedAndNothingOffTheMenu) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.ruleset);
    const RuleSet* rules = builtin_registry().find(c.ruleset);
    ASSERT_NE(rules, nullptr);
    Tally t;
    for (const char* file : c.scenarios) {
      const pb::Scenario scenario = load_scenario_file(file);
      for (int g = 0; g < games_for(c); ++g) {
        const std::uint64_t seed = 7000 + static_cast<std::uint64_t>(g);
        SCOPED_TRACE(std::string(file) + " seed " + std::to_string(seed));
        Pcg32 rng(seed, 0x3e4e);
        int checked = 0;
        AutoplayOptions options;
        options.seed = seed;
        options.keep_log = false;
        options.observer = [&](const Game& game, const std::vector<pb::Event>&) {
          // About one state in 8, at most kStatesPerGame per game, always the first.
          if (checked < kStatesPerGame && (checked == 0 || rng.below(8) == 0)) {
            ++checked;
            check_state(game, rng, t);
          }
          return !::testing::Test::HasFailure();
        };
        const AutoplayResult r = autoplay(*rules, scenario, options);
        ASSERT_TRUE(r.finished) << r.error;
      }
    }
    std::cout << "[menu] " << c.ruleset << ": " << t.states << " states, " << t.accepted << " menu entries accepted, "
              << t.refused << " off-menu orders refused; by kind:";
    for (const auto& [kind, n] : t.kinds) std::cout << " " << kind << "=" << n;
    std::cout << "\n";
    EXPECT_GT(t.states, 0);
    EXPECT_GT(t.accepted, t.states);  // the menus were not empty
  }
}

}  // namespace
}  // namespace sandtable
