// What spectators see (docs/engine.md "Spectators"): the scenario option `spectators` and the GM's
// edit set it; a spectator seat then sees as one side sees, or everything (the server shows that
// some turns late), and a bad setting is refused naming the option. Game::turn() is the turn every
// rule set's View shows, which the delay counts.
#include <gtest/gtest.h>

#include "engine/model/autoplay.h"
#include "engine/model/game.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

pb::Scenario with_option(pb::Scenario s, const std::string& value) {
  auto* o = s.add_options();
  o->set_key("spectators");
  o->set_value(value);
  return s;
}

std::unique_ptr<Game> start(const pb::Scenario& s, std::string* error = nullptr) {
  StartOptions o;
  o.seed = 8;
  std::string e;
  return Game::start(*builtin_registry().find(s.ruleset()), s, o, nullptr, error ? error : &e);
}

pb::View as_seen(pb::View v) {
  v.clear_viewer();
  v.clear_menu();
  return v;
}

TEST(Spectators, ASideSettingShowsSpectatorsWhatThatSideSeesAndNoMore) {
  const pb::Scenario village = load_scenario_file("bg/village-assault.json");
  auto live = start(village);
  auto side = start(with_option(village, "side:" + village.sides(1).id()));
  ASSERT_TRUE(live && side);
  const std::string axis = village.sides(1).id();
  EXPECT_EQ(as_seen(side->view("spectator")).SerializeAsString(), as_seen(side->view(axis)).SerializeAsString());
  EXPECT_NE(as_seen(live->view("spectator")).units_size(), as_seen(live->view("gm")).units_size())
      << "the village hides a unit from spectators when they see live";
  EXPECT_EQ(side->view("spectator").viewer(), "spectator");
  EXPECT_EQ(side->view("spectator").menu().actions_size(), 0) << "a spectator orders nothing, whatever it sees";
  EXPECT_EQ(side->view("spectator").spectators().mode(), pb::SPECTATORS_SIDE);
}

TEST(Spectators, ABadOptionIsRefusedNamingIt) {
  const pb::Scenario pw = load_scenario_file("pw/meeting-engagement.json");
  std::string error;
  EXPECT_FALSE(start(with_option(pw, "side:green"), &error));
  EXPECT_EQ(error, "options.spectators: there is no side called 'green'");
  EXPECT_FALSE(start(with_option(pw, "delayed:0"), &error));
  EXPECT_EQ(error, "options.spectators: the delay is 1 to 20 turns, not 0");
  EXPECT_FALSE(start(with_option(pw, "delayed:two"), &error));
  EXPECT_EQ(error, "options.spectators: 'delayed:' takes a number of turns");
  EXPECT_FALSE(start(with_option(pw, "everyone"), &error));
  EXPECT_NE(error.find("'live', 'side:<side id>' or 'delayed:<turns>'"), std::string::npos) << error;
  auto ok = start(with_option(pw, "delayed:2"));
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->state().spectators.delay_turns(), 2);
}

TEST(Spectators, TheGmChangesTheSettingWithAReasonAndItSurvivesASnapshot) {
  const pb::Scenario pw = load_scenario_file("pw/meeting-engagement.json");
  std::vector<pb::Event> log;
  StartOptions o;
  o.seed = 8;
  std::string error;
  auto g = Game::start(*builtin_registry().find(pw.ruleset()), pw, o, &log, &error);
  ASSERT_TRUE(g) << error;
  auto edit = [](const pb::SpectatorSetting& s, const std::string& reason) {
    pb::Command c;
    c.set_seat("gm");
    c.mutable_gm()->mutable_edit()->set_reason(reason);
    *c.mutable_gm()->mutable_edit()->mutable_spectators() = s;
    return c;
  };
  pb::SpectatorSetting bad;
  bad.set_mode(pb::SPECTATORS_SIDE);
  bad.set_side("green");
  EXPECT_EQ(Game(*g).execute(edit(bad, "x")).rejection.code(), "GM_BAD_SPECTATORS");
  pb::SpectatorSetting delayed;
  delayed.set_mode(pb::SPECTATORS_DELAYED);
  delayed.set_delay_turns(2);
  const Outcome out = g->execute(edit(delayed, "a club final"));
  ASSERT_TRUE(out.accepted) << out.rejection.message();
  log.insert(log.end(), out.events.begin(), out.events.end());
  EXPECT_EQ(g->log_line_for(out.events[0], "blue")->text(),
            "GM lets spectators see the whole table, 2 turns late (a club final).");
  EXPECT_EQ(g->view("blue").spectators().delay_turns(), 2) << "every seat's View says what spectators see";
  auto loaded = Game::load(builtin_registry(), log.front(), g->save(), &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->state().spectators.SerializeAsString(), delayed.SerializeAsString());
  auto replayed = Game::from_log(builtin_registry(), log, &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_EQ(replayed->state().spectators.SerializeAsString(), delayed.SerializeAsString());
}

TEST(Spectators, TheTurnTheDelayCountsIsTheTurnEveryRuleSetsViewShows) {
  for (const auto& [ruleset, files] : demo_scenarios_by_ruleset()) {
    SCOPED_TRACE(ruleset);
    AutoplayOptions o;
    o.seed = 4;
    o.max_commands = 300;
    int checked = 0, most = 0;
    o.observer = [&](const Game& g, const std::vector<pb::Event>&) {
      EXPECT_EQ(g.turn(), g.view("gm").turn().turn());
      most = std::max(most, g.turn());
      return ++checked < 300;
    };
    autoplay(*builtin_registry().find(ruleset), load_scenario_file(files.front()), o);
    EXPECT_GE(most, 2) << "the game went past its first turn";
  }
}

}  // namespace
}  // namespace sandtable
