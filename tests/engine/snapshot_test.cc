// Snapshots (Game::save / Game::load, RuleSet::save_state / load_state) for every rule set:
// bot games of every demo scenario (and of the test race rule set) are saved at many points
// along the way, and at each point load(save()) must be the same game: every viewer's View,
// every seat's menu, who is waited on, the log lines of the events so far and save()'s own
// bytes. From a few of those points the rest of the game is then played twice on a loaded
// copy, once by applying the rest of the log and once by executing the rest of the orders
// (which must give the log's very events, dice included), and both must end byte-identical to
// the uninterrupted game. Snapshots of another rules version or game, and unreadable or
// truncated bytes, are refused with a sentence.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "engine/model/autoplay.h"
#include "engine/model/registry.h"
#include "engine/rulesets/bg/bg_rules.h"
#include "engine/rulesets/oh/oh_rules.h"
#include "engine/rulesets/pw/pw_rules.h"
#include "engine/rulesets/rookie/rr_rules.h"
#include "tests/support/race_rules.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

// The shipped rule sets plus the test race.
const Registry& registry() {
  static const Registry r = [] {
    Registry x;
    x.add(make_portable_wargame());
    x.add(make_battleground());
    x.add(make_one_hour_ww2());
    x.add(make_rookie_rules());
    x.add(testing::make_race_rules());
    return x;
  }();
  return r;
}

struct Case {
  const char* ruleset;
  const char* scenario;  // under scenarios/, or "race" for the race's built-in scenario
  std::uint64_t first_seed;
  int games;
  std::uint32_t check_one_in;  // commands between checks, on average
};

const Case kCases[] = {
    {"portable-wargame-19c", "pw/meeting-engagement.json", 11, 3, 4},
    {"portable-wargame-19c", "pw/entrenched-assault.json", 21, 3, 4},
    {"battleground", "bg/crossroads.json", 31, 3, 3},
    {"battleground", "bg/village-assault.json", 41, 3, 3},
    {"battleground", "bg/combined-arms.json", 51, 3, 3},
    {"race", "race", 61, 4, 1},
    {"one-hour-ww2", "oh/village-attack.json", 71, 3, 4},
    {"one-hour-ww2", "oh/river-crossing.json", 81, 3, 4},
    {"rookie-rules", "rookie/farm-assault.json", 91, 3, 4},
    {"rookie-rules", "rookie/crossroads-armour.json", 101, 3, 4},
};

constexpr int kContinuations = 3;  // points per game the rest of the game is replayed from

pb::Scenario scenario_of(const Case& c) {
  return std::string(c.scenario) == "race" ? testing::race_scenario() : load_scenario_file(c.scenario);
}

std::vector<std::string> viewers(const Game& g) {
  std::vector<std::string> v = {"gm", "spectator"};
  v.insert(v.end(), g.state().sides.begin(), g.state().sides.end());
  return v;
}

std::string bytes(const pb::GameSnapshot& s) { return s.SerializeAsString(); }

// A menu without what only the points kept since the game was started or loaded decide (the
// take-back offer, the GM's rewind points): a restart forgets those (docs/engine.md
// "Take-backs and the GM's rewind"), the rest must be the same.
pb::ActionMenu without_history(pb::ActionMenu m) {
  m.clear_take_back();
  m.clear_rewind_points();
  return m;
}
pb::View without_history(pb::View v) {
  *v.mutable_menu() = without_history(v.menu());
  return v;
}

// Everything anyone can observe of the two games is the same, and so is their saved state.
void expect_same(const Game& want, const Game& got, const std::vector<pb::Event>& log, const std::string& where) {
  ASSERT_EQ(got.seq(), want.seq()) << where;
  EXPECT_EQ(bytes(got.save()), bytes(want.save())) << where << ": save() differs";
  EXPECT_EQ(got.waiting_for(), want.waiting_for()) << where;
  for (const auto& v : viewers(want)) {
    EXPECT_EQ(without_history(got.view(v)).SerializeAsString(), without_history(want.view(v)).SerializeAsString())
        << where << ": view of " << v;
    EXPECT_EQ(without_history(got.menu(v)).SerializeAsString(), without_history(want.menu(v)).SerializeAsString())
        << where << ": menu of " << v;
    // The log lines the loaded game writes for the latest events (describe reads the state).
    const std::size_t from = log.size() > 4 ? log.size() - 4 : 0;
    for (std::size_t i = from; i < log.size(); ++i) {
      const auto a = want.event_for(log[i], v);
      const auto b = got.event_for(log[i], v);
      ASSERT_EQ(a.has_value(), b.has_value()) << where;
      if (a) {
        EXPECT_EQ(b->text(), a->text()) << where << ": line of event " << log[i].seq() << " for " << v;
      }
    }
  }
}

// load(save()) through the bytes a server would store.
std::unique_ptr<Game> reload(const Game& g, const pb::Event& started, std::string* error) {
  pb::GameSnapshot s;
  if (!s.ParseFromString(bytes(g.save()))) {
    *error = "the saved bytes do not parse";
    return nullptr;
  }
  return Game::load(registry(), started, s, error);
}

struct SavePoint {
  std::size_t orders_done;  // accepted commands before the snapshot
  std::string snapshot;     // serialized GameSnapshot
};

void play_and_check(const Case& c, std::uint64_t seed) {
  const std::string where0 = std::string(c.scenario) + " seed " + std::to_string(seed);
  const RuleSet& rules = *registry().find(c.ruleset);
  const pb::Scenario scenario = scenario_of(c);
  // The opening alone: GameStarted (which every load needs) and the first snapshot point.
  std::vector<pb::Event> log;
  std::string error;
  StartOptions start;
  start.seed = seed;
  auto opening = Game::start(rules, scenario, start, &log, &error);
  ASSERT_TRUE(opening) << error;
  const pb::Event started = log.front();
  std::vector<SavePoint> points;
  {
    auto loaded = reload(*opening, started, &error);
    ASSERT_TRUE(loaded) << where0 << ": " << error;
    expect_same(*opening, *loaded, log, where0 + " after the opening");
    points.push_back({0, bytes(opening->save())});
  }
  Pcg32 pick(seed, 0x5a5);
  std::size_t orders = 0;
  int checks = 0;
  std::unique_ptr<Game> final_game;
  AutoplayOptions options;
  options.seed = seed;
  options.observer = [&](const Game& game, const std::vector<pb::Event>& events) {
    ++orders;
    log.insert(log.end(), events.begin(), events.end());
    if (game.over()) final_game = std::make_unique<Game>(game);
    if (pick.below(c.check_one_in) != 0 && !game.over()) return true;
    const std::string where = where0 + " after order " + std::to_string(orders) + " (seq " + std::to_string(game.seq()) + ")";
    auto loaded = reload(game, started, &error);
    EXPECT_TRUE(loaded) << where << ": " << error;
    if (!loaded) return false;
    expect_same(game, *loaded, log, where);
    ++checks;
    points.push_back({orders, bytes(game.save())});
    return !::testing::Test::HasFailure();
  };
  const AutoplayResult run = autoplay(rules, scenario, options);
  ASSERT_TRUE(run.finished) << where0 << ": " << run.error;
  ASSERT_TRUE(final_game);
  ASSERT_EQ(run.log.size(), log.size());
  EXPECT_GE(checks, 3) << where0 << ": too few points checked to mean anything";
  std::cout << "[snapshot] " << where0 << ": " << orders << " orders, " << log.size() << " events, " << checks
            << " points checked\n";
  ASSERT_GE(points.size(), static_cast<std::size_t>(kContinuations));

  // From a few points spread over the game, play the rest on a loaded copy, both ways.
  for (int k = 0; k < kContinuations; ++k) {
    const SavePoint& p = points[points.size() * static_cast<std::size_t>(k) / kContinuations];
    pb::GameSnapshot snapshot;
    ASSERT_TRUE(snapshot.ParseFromString(p.snapshot));
    const std::string where = where0 + " from seq " + std::to_string(snapshot.seq());
    auto by_events = Game::load(registry(), started, snapshot, &error);
    ASSERT_TRUE(by_events) << where << ": " << error;
    for (const auto& e : log) {
      if (e.seq() > snapshot.seq()) by_events->apply(e);
    }
    expect_same(*final_game, *by_events, log, where + ", the rest of the log applied");

    auto by_orders = Game::load(registry(), started, snapshot, &error);
    ASSERT_TRUE(by_orders) << where << ": " << error;
    std::size_t next = static_cast<std::size_t>(snapshot.seq());  // index in log of the next event
    for (std::size_t i = p.orders_done; i < run.orders.size(); ++i) {
      const Outcome out = by_orders->execute(run.orders[i]);
      ASSERT_TRUE(out.accepted) << where << ": order " << i + 1 << " refused: " << out.rejection.ShortDebugString();
      for (const auto& e : out.events) {
        ASSERT_LT(next, log.size()) << where;
        ASSERT_EQ(e.SerializeAsString(), log[next].SerializeAsString()) << where << ": event " << next + 1 << " differs";
        ++next;
      }
    }
    EXPECT_EQ(next, log.size()) << where;
    expect_same(*final_game, *by_orders, log, where + ", the rest of the orders executed");
  }
}

TEST(Snapshot, LoadOfSaveIsTheSameGameAtEveryPointAndPlaysOnToTheSameEnd) {
  for (const auto& c : kCases) {
    for (int g = 0; g < c.games; ++g) {
      SCOPED_TRACE(std::string(c.scenario) + " game " + std::to_string(g));
      play_and_check(c, c.first_seed + static_cast<std::uint64_t>(g));
      if (HasFatalFailure()) return;
    }
  }
}

// A game part-way through, of each rule set, and its GameStarted.
struct Saved {
  std::unique_ptr<Game> game;
  pb::Event started;
};

Saved midgame(const Case& c, std::uint64_t seed, std::size_t orders) {
  std::vector<pb::Event> events;
  std::string error;
  StartOptions start;
  start.seed = seed;
  Saved s;
  s.game = Game::start(*registry().find(c.ruleset), scenario_of(c), start, &events, &error);
  if (!s.game) throw std::runtime_error(error);
  s.started = events.front();
  auto bot = s.game->rules().make_bot();
  Pcg32 rng(seed, 7);
  for (std::size_t i = 0; i < orders && !s.game->over(); ++i) {
    const auto seat = s.game->waiting_for().front();
    auto command = bot->choose(*s.game, seat, rng);
    if (!command || !s.game->execute(*command).accepted) throw std::runtime_error("the bot's order was refused");
  }
  return s;
}

const Case kOnePerRuleSet[] = {kCases[0], kCases[2], kCases[5]};

TEST(Snapshot, AnotherRulesVersionOrRuleSetIsRefusedWithTheReason) {
  for (const auto& c : kOnePerRuleSet) {
    SCOPED_TRACE(c.ruleset);
    const Saved s = midgame(c, 5, 6);
    std::string error;
    pb::GameSnapshot old = s.game->save();
    old.set_rules_version("0-old");
    EXPECT_FALSE(Game::load(registry(), s.started, old, &error));
    EXPECT_NE(error.find("rules version '0-old'"), std::string::npos) << error;
    EXPECT_NE(error.find(std::string(s.game->rules().version())), std::string::npos) << error;

    pb::GameSnapshot other = s.game->save();
    other.set_ruleset(std::string(c.ruleset) == "race" ? "battleground" : "race");
    error.clear();
    EXPECT_FALSE(Game::load(registry(), s.started, other, &error));
    EXPECT_NE(error.find("rule set"), std::string::npos) << error;

    // The registry's version is what counts: a fine snapshot loads.
    EXPECT_TRUE(Game::load(registry(), s.started, s.game->save(), &error)) << error;
  }
}

TEST(Snapshot, ASnapshotOfAnotherGameIsRefused) {
  for (const auto& c : kOnePerRuleSet) {
    SCOPED_TRACE(c.ruleset);
    const Saved a = midgame(c, 5, 6);
    const Saved b = midgame(c, 6, 6);
    std::string error;
    EXPECT_FALSE(Game::load(registry(), b.started, a.game->save(), &error));
    EXPECT_NE(error.find("another game"), std::string::npos) << error;
    pb::Event not_started = a.started;
    not_started.mutable_game_paused();
    error.clear();
    EXPECT_FALSE(Game::load(registry(), not_started, a.game->save(), &error));
    EXPECT_NE(error.find("GameStarted"), std::string::npos) << error;
  }
}

// Same seed, same sides, another scenario of the same rule set: the rule set's part does not fit.
TEST(Snapshot, AStateOfAnotherScenarioIsRefusedByTheRuleSet) {
  for (const auto& [mine, theirs] : {std::pair{kCases[0], kCases[1]}, std::pair{kCases[2], kCases[3]}}) {
    SCOPED_TRACE(mine.scenario);
    const Saved a = midgame(mine, 5, 6);
    const Saved b = midgame(theirs, 5, 6);
    std::string error;
    EXPECT_FALSE(Game::load(registry(), b.started, a.game->save(), &error));
    EXPECT_NE(error.find("does not fit this scenario"), std::string::npos) << error;
  }
}

TEST(Snapshot, UnreadableStateBytesAreRefusedNotACrash) {
  for (const auto& c : kOnePerRuleSet) {
    SCOPED_TRACE(c.ruleset);
    const Saved s = midgame(c, 9, 10);
    const pb::GameSnapshot good = s.game->save();
    Pcg32 noise(c.first_seed);
    for (int trial = 0; trial < 20; ++trial) {
      pb::GameSnapshot bad = good;
      std::string garbage(1 + noise.below(200), '\0');
      for (auto& ch : garbage) ch = static_cast<char>(noise.below(256));
      bad.set_state(trial == 0 ? std::string() : garbage);
      std::string error;
      EXPECT_FALSE(Game::load(registry(), s.started, bad, &error)) << "trial " << trial;
      EXPECT_NE(error.find("cannot be loaded"), std::string::npos) << error;
    }
    pb::GameSnapshot bad_rng = good;
    bad_rng.mutable_rng()->set_increment(bad_rng.rng().increment() + 1);
    std::string error;
    EXPECT_FALSE(Game::load(registry(), s.started, bad_rng, &error));
    EXPECT_NE(error.find("generator"), std::string::npos) << error;
  }
}

// Every proper prefix of a stored snapshot either does not parse or is refused: a snapshot cut
// short (a torn write, a bad copy) never loads as a different game.
TEST(Snapshot, EveryTruncatedSnapshotIsRefused) {
  for (const auto& c : kOnePerRuleSet) {
    SCOPED_TRACE(c.ruleset);
    const Saved s = midgame(c, 13, 12);
    const std::string full = bytes(s.game->save());
    const std::size_t step = std::max<std::size_t>(1, full.size() / 400);
    for (std::size_t n = 0; n < full.size(); n += (n < 64 ? 1 : step)) {
      pb::GameSnapshot cut;
      if (!cut.ParseFromString(full.substr(0, n))) continue;
      std::string error;
      EXPECT_FALSE(Game::load(registry(), s.started, cut, &error)) << "a prefix of " << n << " of " << full.size() << " bytes loaded";
    }
  }
}

}  // namespace
}  // namespace sandtable
