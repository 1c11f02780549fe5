// Replays (issue 18, docs/protocol.md "Replays"): a game stepped through its log shows each seat,
// at every step, exactly what that seat was shown live after the same order — so a replay of a
// hidden-information game shows nothing hidden to the other seat at any step — whichever way the
// scrubber went to get there.
#include <algorithm>

#include <gtest/gtest.h>
#include <google/protobuf/util/message_differencer.h>

#include "engine/model/autoplay.h"
#include "engine/model/replay.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

using google::protobuf::util::MessageDifferencer;

struct Played {
  std::vector<pb::Event> log;
  std::vector<OrderStart> orders;
  // views[k][seat]: what the seat was shown live after step k (step 0: the opening), menu left out.
  std::vector<std::map<std::string, pb::View>> views;
};

pb::View shown(const Game& g, const std::string& seat) {
  pb::View v = g.view(seat);
  v.clear_menu();
  return v;
}

// A bot game, its orders played again one by one to record every seat's live view after each.
Played play(const std::string& file, std::uint64_t seed, const std::vector<std::string>& seats) {
  const pb::Scenario s = load_scenario_file(file);
  AutoplayOptions o;
  o.seed = seed;
  const RuleSet& rules = *builtin_registry().find(s.ruleset());
  const AutoplayResult r = autoplay(rules, s, o);
  EXPECT_TRUE(r.finished) << r.error;
  Played p;
  std::string error;
  auto game = Game::start(rules, s, StartOptions{seed, false}, &p.log, &error);
  EXPECT_TRUE(game) << error;
  auto record = [&] {
    auto& at = p.views.emplace_back();
    for (const auto& seat : seats) at[seat] = shown(*game, seat);
  };
  record();
  for (const auto& c : r.orders) {
    const std::uint64_t first = game->seq() + 1;
    Outcome out = game->execute(c);
    EXPECT_TRUE(out.accepted) << out.rejection.message();
    if (out.events.empty()) continue;  // no step of its own: nothing changed
    p.orders.push_back({first, c.seat()});
    for (auto& e : out.events) p.log.push_back(std::move(e));
    record();
  }
  EXPECT_EQ(p.log.size(), r.log.size());
  for (std::size_t i = 0; i < std::min(p.log.size(), r.log.size()); ++i) {
    EXPECT_TRUE(MessageDifferencer::Equals(p.log[i], r.log[i])) << "the orders replayed give the bot game's event " << i + 1;
  }
  return p;
}

const RuleSet& rules_of(const std::vector<pb::Event>& log) {
  return *builtin_registry().find(log.front().game_started().ruleset());
}

void expect_same(const pb::View& want, const pb::View& got, const std::string& what) {
  std::string diff;
  MessageDifferencer d;
  d.ReportDifferencesToString(&diff);
  EXPECT_TRUE(d.Compare(want, got)) << what << ": " << diff.substr(0, 600);
}

bool names_unit(const pb::View& v, const std::string& id) {
  for (const auto& u : v.units()) {
    if (u.id() == id) return true;
  }
  return false;
}

// The village assault's Farm Section (b2) is hidden from the Germans until one of theirs comes
// within 6" (BG-UNIT-09). Stepping forward, then back from the end, then jumping about, every
// step shows the Germans, the British and the GM what they were shown live after that order.
TEST(Replay, EveryStepShowsEachSeatWhatItSawLiveHiddenUnitsIncluded) {
  const std::vector<std::string> seats = {"axis", "allies", "gm", "spectator"};
  const Played p = play("bg/village-assault.json", 5, seats);
  std::string error;
  auto replay = Replay::open(rules_of(p.log), p.log, p.orders, &error);
  ASSERT_TRUE(replay) << error;
  ASSERT_EQ(replay->steps(), p.views.size());
  ASSERT_GT(replay->steps(), 20u);
  int hidden_steps = 0;
  auto check = [&](std::size_t k) {
    const Game& g = replay->at(k);
    for (const auto& seat : seats) expect_same(p.views[k].at(seat), shown(g, seat), "step " + std::to_string(k) + " " + seat);
    if (!names_unit(shown(g, "axis"), "b2") && names_unit(shown(g, "gm"), "b2")) ++hidden_steps;
  };
  for (std::size_t k = 0; k < replay->steps(); ++k) check(k);
  for (std::size_t k = replay->steps(); k-- > 0;) check(k);
  for (const std::size_t k : {std::size_t{7}, replay->steps() - 1, std::size_t{0}, std::size_t{40}, std::size_t{33}, std::size_t{3}}) {
    if (k < replay->steps()) check(k);
  }
  EXPECT_GT(hidden_steps, 0) << "the Farm Section was hidden from the Germans for some steps";
  EXPECT_EQ(replay->last_seq(replay->steps() - 1), p.log.size());
}

// Each step is one order's events, named by the seat that gave it; the turns begin where the
// rules say they did; the last step by a sequence number is the one that ends at or before it.
TEST(Replay, StepsAreOrdersAndTurnsStartWhereTheyChanged) {
  const Played p = play("pw/meeting-engagement.json", 2, {"gm"});
  std::string error;
  auto replay = Replay::open(rules_of(p.log), p.log, p.orders, &error);
  ASSERT_TRUE(replay) << error;
  ASSERT_EQ(replay->steps(), p.orders.size() + 1);
  EXPECT_EQ(replay->seat_of(0), "");
  std::uint64_t events = 0;
  for (std::size_t k = 0; k < replay->steps(); ++k) {
    const auto ev = replay->events_of(k);
    ASSERT_FALSE(ev.empty());
    EXPECT_EQ(ev.front().seq(), events + 1);
    events += ev.size();
    if (k > 0) {
      EXPECT_EQ(replay->seat_of(k), p.orders[k - 1].seat);
    }
  }
  EXPECT_EQ(events, p.log.size());
  const auto starts = replay->turn_starts();
  ASSERT_GE(starts.size(), 3u);
  EXPECT_EQ(starts.front(), 0u);
  for (std::size_t i = 1; i < starts.size(); ++i) {
    EXPECT_NE(replay->turn_after(starts[i]), replay->turn_after(starts[i] - 1));
  }
  EXPECT_EQ(replay->last_step_by(replay->last_seq(5)), 5u);
  EXPECT_EQ(replay->last_step_by(replay->last_seq(5) + 1), 5u);
  EXPECT_EQ(replay->last_step_by(0), 0u);
}

// The dice a seat saw are counted to whoever's order rolled them; the GM sees them all, and the
// counts add up to every die in the log.
TEST(Replay, DiceSeenAreCountedByWhoseOrderRolledThem) {
  const Played p = play("pw/meeting-engagement.json", 3, {"gm"});
  std::string error;
  auto replay = Replay::open(rules_of(p.log), p.log, p.orders, &error);
  ASSERT_TRUE(replay) << error;
  std::uint64_t in_log = 0;
  for (const auto& e : p.log) in_log += static_cast<std::uint64_t>(e.dice_size());
  ASSERT_GT(in_log, 0u);
  std::uint64_t counted = 0;
  for (const auto& [seat, kinds] : replay->dice_seen("gm", replay->steps() - 1)) {
    EXPECT_TRUE(seat == "start" || seat == "blue" || seat == "red" || seat == "gm") << seat;
    for (const auto& [kind, tally] : kinds) counted += tally.rolls;
  }
  EXPECT_EQ(counted, in_log);
  std::uint64_t early = 0;
  for (const auto& [seat, kinds] : replay->dice_seen("gm", 3)) {
    for (const auto& [kind, tally] : kinds) early += tally.rolls;
  }
  EXPECT_LT(early, in_log);
}

// A log whose orders are not known (games stored before they were) steps event by event.
TEST(Replay, WithoutOrdersEachEventIsAStep) {
  const Played p = play("pw/meeting-engagement.json", 4, {"gm"});
  std::string error;
  auto replay = Replay::open(rules_of(p.log), p.log, {}, &error);
  ASSERT_TRUE(replay) << error;
  EXPECT_EQ(replay->steps(), p.log.size());
  EXPECT_EQ(replay->events_of(0).size(), 1u);
  auto whole = Game::from_log(builtin_registry(), p.log, &error);
  ASSERT_TRUE(whole) << error;
  expect_same(shown(*whole, "gm"), shown(replay->at(replay->steps() - 1), "gm"), "the last step is the whole game");
}

TEST(Replay, AnEmptyOrBrokenLogIsRefusedInWords) {
  std::string error;
  const RuleSet& pw = *builtin_registry().find("portable-wargame-19c");
  EXPECT_FALSE(Replay::open(pw, {}, {}, &error));
  EXPECT_EQ(error, "the game has no events");
  pb::Event e;
  e.set_seq(1);
  e.mutable_game_paused()->set_reason("not a start");
  EXPECT_FALSE(Replay::open(pw, {e}, {}, &error));
  EXPECT_NE(error.find("game_started"), std::string::npos) << error;
}


// GmReveal: only the GM, only once the game is over, only once; the one order a finished game
// takes. Its event is for everyone, the View says so, and a snapshot keeps it.
TEST(Replay, TheGmOpensAFinishedGameOnceAndOnlyThen) {
  const pb::Scenario s = load_scenario_file("bg/village-assault.json");
  const RuleSet& rules = *builtin_registry().find(s.ruleset());
  AutoplayOptions o;
  o.seed = 5;
  const AutoplayResult r = autoplay(rules, s, o);
  ASSERT_TRUE(r.finished) << r.error;
  std::string error;
  auto game = Game::start(rules, s, StartOptions{5, false}, nullptr, &error);
  ASSERT_TRUE(game) << error;
  pb::Command reveal;
  reveal.set_seat("gm");
  reveal.mutable_gm()->mutable_reveal();
  Outcome early = game->execute(reveal);
  EXPECT_FALSE(early.accepted);
  EXPECT_EQ(early.rejection.code(), "GAME_NOT_OVER");
  for (const auto& c : r.orders) ASSERT_TRUE(game->execute(c).accepted);
  ASSERT_TRUE(game->over());
  EXPECT_FALSE(game->view("axis").result().revealed());

  pb::Command by_player = reveal;
  by_player.set_seat("axis");
  EXPECT_EQ(game->execute(by_player).rejection.code(), "GM_ONLY");
  pb::Command other;
  other.set_seat("gm");
  other.mutable_gm()->mutable_pause();
  EXPECT_EQ(game->execute(other).rejection.code(), "GAME_OVER") << "nothing else is taken after the end";

  Outcome out = game->execute(reveal);
  ASSERT_TRUE(out.accepted) << out.rejection.message();
  ASSERT_EQ(out.events.size(), 1u);
  EXPECT_TRUE(out.events[0].has_game_revealed());
  EXPECT_TRUE(out.events[0].visible_to().empty());
  EXPECT_EQ(game->log_line_for(out.events[0], "axis")->text(),
            "The game master opened the whole game to everyone's replay, hidden units and all.");
  EXPECT_TRUE(game->view("axis").result().revealed());
  EXPECT_EQ(game->execute(reveal).rejection.code(), "ALREADY_REVEALED");

  std::vector<pb::Event> log;
  auto again = Game::start(rules, s, StartOptions{5, false}, &log, &error);
  auto loaded = Game::load(builtin_registry(), log.front(), game->save(), &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(loaded->view("spectator").result().revealed());
}

}  // namespace
}  // namespace sandtable
