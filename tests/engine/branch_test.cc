// "What if" branches (issue 18, docs/fair-play.md "What-if branches"): a game that goes on from a
// step of another game has that step's table exactly, dice and cards of its own, replays and
// reloads to the same state, plays on to its end, verifies, and never shows its starting table to
// a viewer's copy of its first event.
#include <algorithm>

#include <gtest/gtest.h>
#include <google/protobuf/util/message_differencer.h>

#include "engine/model/autoplay.h"
#include "engine/model/branch.h"
#include "engine/model/dice_mix.h"
#include "engine/model/verify.h"
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/bg/bg_state.h"
#include "engine/rulesets/rookie/rr_state.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

using google::protobuf::util::MessageDifferencer;

// A bot game of `file`, and the game again after its first `k` orders.
struct Source {
  pb::Scenario scenario;
  const RuleSet* rules = nullptr;
  AutoplayResult played;
  std::unique_ptr<Game> at;
};

Source source(const std::string& file, std::uint64_t seed, double fraction) {
  Source s;
  s.scenario = load_scenario_file(file);
  s.rules = builtin_registry().find(s.scenario.ruleset());
  AutoplayOptions o;
  o.seed = seed;
  s.played = autoplay(*s.rules, s.scenario, o);
  EXPECT_TRUE(s.played.finished) << file << ": " << s.played.error;
  std::string error;
  s.at = Game::start(*s.rules, s.scenario, StartOptions{seed, false}, nullptr, &error);
  const auto k = static_cast<std::size_t>(static_cast<double>(s.played.orders.size()) * fraction);
  for (std::size_t i = 0; i < k; ++i) EXPECT_TRUE(s.at->execute(s.played.orders[i]).accepted);
  return s;
}

pb::BranchOf of(std::uint32_t step) {
  pb::BranchOf b;
  b.set_room_id("r1");
  b.set_room_name("Tuesday game");
  b.set_step(step);
  b.set_turn(3);
  return b;
}

std::unique_ptr<Game> branch(const Source& s, const std::string& secret, std::vector<pb::Event>* events, std::string* error) {
  StartOptions o = branch_options(*s.at, of(7));
  o.secret = secret;
  return Game::start(*s.rules, s.scenario, o, events, error);
}

// What the table shows, without what is the branch's own (its sequence, dice, deck counts, menu's
// take-back which needs a history).
pb::View table_of(const Game& g, const std::string& seat) {
  pb::View v = g.view(seat);
  v.clear_seq();
  v.clear_seed_hash();
  v.clear_dice();
  v.clear_menu();
  return v;
}

void expect_same(const google::protobuf::Message& want, const google::protobuf::Message& got, const std::string& what) {
  std::string diff;
  MessageDifferencer d;
  d.ReportDifferencesToString(&diff);
  EXPECT_TRUE(d.Compare(want, got)) << what << ": " << diff.substr(0, 800);
}

// Every rule set: the branch's table is the source step's for every seat, its dice come from its own
// secret, and it replays, reloads and plays on to its end with the bots.
TEST(Branch, GoesOnFromTheStepsTableWithItsOwnDice) {
  for (const auto& [ruleset, files] : demo_scenarios_by_ruleset()) {
    const std::string& file = files.front();
    SCOPED_TRACE(file);
    const Source s = source(file, 11, 0.4);
    ASSERT_FALSE(branch_problem(*s.at)) << *branch_problem(*s.at);
    const std::string secret = secret_from_seed(99);
    std::vector<pb::Event> events;
    std::string error;
    auto b = branch(s, secret, &events, &error);
    ASSERT_TRUE(b) << error;
    // GameStarted (with the table) and the seal: the rule set's opening does not run again.
    ASSERT_EQ(events.size(), 2u);
    EXPECT_TRUE(events[0].game_started().has_branch());
    EXPECT_TRUE(events[0].game_started().has_start_state());
    EXPECT_TRUE(events[1].has_dice_sealed());
    EXPECT_TRUE(b->state().branched);
    EXPECT_EQ(b->seq(), 2u);
    EXPECT_EQ(b->waiting_for(), s.at->waiting_for());
    EXPECT_EQ(b->turn(), s.at->turn());
    for (const std::string& seat : std::vector<std::string>{"gm", "spectator", s.scenario.sides(0).id(), s.scenario.sides(1).id()}) {
      pb::View want = table_of(*s.at, seat), got = table_of(*b, seat);
      if (ruleset == "battleground" || ruleset == "rookie-rules") {
        want.clear_extra();  // the deck's counts are the same, its order not (below)
        got.clear_extra();
      }
      expect_same(want, got, seat + "'s table");
    }
    // Its dice: the generator of its own mix, none of the source's.
    const std::string mix = dice_mix(secret, {});
    EXPECT_EQ(b->state().rng, dice_generator(mix));
    EXPECT_EQ(b->state().deck_seed, deck_seed_of(mix));
    EXPECT_NE(b->state().rng, s.at->state().rng);
    // The log gives the same game again, as a replay and a restart read it.
    auto again = Game::from_log(builtin_registry(), events, &error);
    ASSERT_TRUE(again) << error;
    EXPECT_EQ(again->save().SerializeAsString(), b->save().SerializeAsString());
    auto loaded = Game::load(builtin_registry(), events[0], b->save(), &error);
    ASSERT_TRUE(loaded) << error;
    EXPECT_TRUE(loaded->state().branched);
    EXPECT_EQ(loaded->save().SerializeAsString(), b->save().SerializeAsString());
    // And the bots play it to its end from there.
    AutoplayOptions o;
    o.seed = 5;
    o.secret = secret;
    o.branch_state = s.at->save();
    o.branch_of = of(7);
    const AutoplayResult r = autoplay(*s.rules, s.scenario, o);
    EXPECT_TRUE(r.finished) << r.error;
    EXPECT_TRUE(r.log.back().has_game_ended());
    EXPECT_EQ(r.log.back().game_ended().secret(), secret);
  }
}

// Battleground: the cards nobody has seen are shuffled again from the branch's mix; the cards of
// this turn and the discards stay as they lie.
TEST(Branch, BattlegroundDrawsItsUnseenCardsAgain) {
  const Source s = source("bg/village-assault.json", 4, 0.3);
  std::string error;
  auto b = branch(s, secret_from_seed(3), nullptr, &error);
  ASSERT_TRUE(b) << error;
  const auto& was = static_cast<const bg::BgState&>(s.at->state()).deck;
  const auto& now = static_cast<const bg::BgState&>(b->state()).deck;
  ASSERT_GT(was.draw_pile().size(), 5u);
  auto key = [](const pb::Card& c) { return c.ShortDebugString(); };
  std::vector<std::string> a, c;
  for (const auto& card : was.draw_pile()) a.push_back(key(card));
  for (const auto& card : now.draw_pile()) c.push_back(key(card));
  EXPECT_NE(a, c) << "the branch's next cards would be the ones the original game drew";
  std::sort(a.begin(), a.end());
  std::sort(c.begin(), c.end());
  EXPECT_EQ(a, c) << "the same cards are left to draw";
  EXPECT_EQ(was.this_turn().size(), now.this_turn().size());
  EXPECT_EQ(was.discards().size(), now.discards().size());
}

// Rookie Rules: the activation cards not yet turned this sequence are shuffled again.
TEST(Branch, RookieDrawsItsUnturnedCardsAgain) {
  const Source s = source("rookie/farm-assault.json", 4, 0.3);
  std::string error;
  auto b = branch(s, secret_from_seed(3), nullptr, &error);
  ASSERT_TRUE(b) << error;
  const auto& was = static_cast<const rr::RrState&>(s.at->state()).deck->draw_pile();
  const auto& now = static_cast<const rr::RrState&>(b->state()).deck->draw_pile();
  ASSERT_EQ(was.size(), now.size());
  if (was.size() > 4) {
    bool same = true;
    for (std::size_t i = 0; i < was.size(); ++i) same = same && was[i].ShortDebugString() == now[i].ShortDebugString();
    EXPECT_FALSE(same) << "the branch's next cards would be the ones the original game turned";
  }
}

// Where a branch cannot start, in words; a branch without its own secret is refused.
TEST(Branch, RefusedWhereTheGameCannotGoOn) {
  const Source over = source("pw/meeting-engagement.json", 2, 1.0);
  ASSERT_TRUE(over.at->over());
  ASSERT_TRUE(branch_problem(*over.at));
  EXPECT_NE(branch_problem(*over.at)->find("over"), std::string::npos);

  // Before the seats' randomness is in (scheme 2 waiting for both sides), nothing is set out.
  const pb::Scenario s = load_scenario_file("pw/meeting-engagement.json");
  const RuleSet& rules = *builtin_registry().find(s.ruleset());
  StartOptions waiting;
  waiting.secret = secret_from_seed(1);
  for (const auto& side : s.sides()) waiting.entropy_from.push_back(side.id());
  std::string error;
  auto unsealed = Game::start(rules, s, waiting, nullptr, &error);
  ASSERT_TRUE(unsealed) << error;
  ASSERT_TRUE(branch_problem(*unsealed));
  EXPECT_NE(branch_problem(*unsealed)->find("not begun"), std::string::npos);

  const Source mid = source("pw/meeting-engagement.json", 2, 0.5);
  StartOptions no_secret = branch_options(*mid.at, of(3));
  EXPECT_FALSE(Game::start(rules, s, no_secret, nullptr, &error));
  EXPECT_NE(error.find("secret"), std::string::npos) << error;

  // A table of another scenario's sides does not fit.
  pb::Scenario other = s;
  other.mutable_sides(0)->set_id("elsewhere");
  EXPECT_TRUE(branch_state_problem(rules, other, mid.at->save()));
}

// The starting table holds every hidden unit: no viewer's copy of the first event carries it, and
// the log line says where the game came from.
TEST(Branch, NoViewerSeesTheStartingTable) {
  const Source s = source("bg/village-assault.json", 6, 0.3);
  std::vector<pb::Event> events;
  std::string error;
  auto b = branch(s, secret_from_seed(8), &events, &error);
  ASSERT_TRUE(b) << error;
  for (const std::string viewer : {"gm", "spectator", "allies", "axis"}) {
    const auto copy = b->event_for(events[0], viewer);
    ASSERT_TRUE(copy) << viewer;
    EXPECT_FALSE(copy->game_started().has_start_state()) << viewer;
    EXPECT_TRUE(copy->game_started().secret().empty()) << viewer;
    EXPECT_EQ(copy->game_started().branch().room_name(), "Tuesday game");
    EXPECT_NE(copy->text().find("What if: this game goes on from order 7 of \"Tuesday game\" (turn 3)"), std::string::npos)
        << copy->text();
  }
}

// A branch's file verifies from its own secret and the table its first event holds; one without
// that table says so.
TEST(Branch, ItsFileVerifies) {
  const Source s = source("oh/river-crossing.json", 3, 0.5);
  AutoplayOptions o;
  o.seed = 9;
  o.secret = secret_from_seed(9);
  o.branch_state = s.at->save();
  o.branch_of = of(4);
  const AutoplayResult r = autoplay(*s.rules, s.scenario, o);
  ASSERT_TRUE(r.finished) << r.error;
  pb::GameExport file = export_of(r.log, r.orders);
  const VerifyResult ok = verify_game(builtin_registry(), file);
  EXPECT_TRUE(ok.ok) << ok.summary;
  // A die changed is caught, in the words of the scheme the branch's dice follow.
  pb::GameExport tampered = file;
  for (auto& e : *tampered.mutable_events()) {
    if (e.dice_size() == 0) continue;
    e.mutable_dice(0)->set_value(e.dice(0).value() % 6 + 1);
    break;
  }
  const VerifyResult caught = verify_game(builtin_registry(), tampered);
  EXPECT_FALSE(caught.ok);
  EXPECT_NE(caught.summary.find("is not what the secret, the seats' randomness and the orders give"), std::string::npos)
      << caught.summary;
  file.mutable_events(0)->mutable_game_started()->clear_start_state();
  const VerifyResult bad = verify_game(builtin_registry(), file);
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.summary.find("does not hold the table it started from"), std::string::npos) << bad.summary;
}

}  // namespace
}  // namespace sandtable
