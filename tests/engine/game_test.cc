// The shared game machinery, tested through a tiny rule set (tests/support/race_rules.h).
#include "engine/model/game.h"

#include <gtest/gtest.h>

#include "engine/model/autoplay.h"
#include "engine/model/registry.h"
#include "engine/model/payload.h"
#include "tests/support/race.pb.h"
#include "tests/support/race_rules.h"

namespace sandtable {
namespace {

using testing::make_race_rules;
using testing::race_scenario;

struct Fixture : ::testing::Test {
  std::unique_ptr<RuleSet> rules = make_race_rules();
  std::vector<pb::Event> log;

  std::unique_ptr<Game> start(std::uint64_t seed, bool table = false, const pb::Scenario& scenario = race_scenario()) {
    std::string error;
    StartOptions o;
    o.seed = seed;
    o.table_dice = table;
    auto g = Game::start(*rules, scenario, o, &log, &error);
    EXPECT_TRUE(g) << error;
    return g;
  }
  static pb::Command roll(const std::string& seat) { return order_of(seat, race::RaceRoll()); }
};

TEST_F(Fixture, StartEmitsGameStartedWithCommitmentNotSeedForViewers) {
  auto g = start(1234);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_TRUE(log[0].has_game_started());
  EXPECT_EQ(log[0].seq(), 1u);
  EXPECT_EQ(log[0].game_started().seed_hash(), seed_commitment(1234));
  for (const char* viewer : {"red", "blue", "spectator", "gm"}) {
    auto seen = g->event_for(log[0], viewer);
    ASSERT_TRUE(seen);
    EXPECT_EQ(seen->game_started().seed(), 0u) << viewer;
  }
  EXPECT_EQ(g->view("spectator").seed_hash(), seed_commitment(1234));
}

TEST_F(Fixture, RejectedCommandChangesNothing) {
  auto g = start(7);
  const auto before = g->view("gm").SerializeAsString();
  Outcome out = g->execute(roll("blue"));  // red moves first
  EXPECT_FALSE(out.accepted);
  EXPECT_EQ(out.rejection.code(), "NOT_YOUR_TURN");
  EXPECT_EQ(out.rejection.rule_id(), "RACE-1");
  EXPECT_EQ(g->view("gm").SerializeAsString(), before);
  EXPECT_EQ(g->state().rng.draws(), 0u);
}

TEST_F(Fixture, UnknownSeatAndGmOrdersAreRefused) {
  auto g = start(7);
  EXPECT_EQ(g->execute(roll("green")).rejection.code(), "UNKNOWN_SEAT");
  EXPECT_EQ(g->execute(roll("gm")).rejection.code(), "GM_CANNOT_ORDER");
  pb::Command pause;
  pause.set_seat("red");
  pause.mutable_gm()->mutable_pause();
  EXPECT_EQ(g->execute(pause).rejection.code(), "GM_ONLY");
  pb::Command empty;
  empty.set_seat("red");
  EXPECT_EQ(g->execute(empty).rejection.code(), "EMPTY_COMMAND");
}

TEST_F(Fixture, EventsRecordDiceAndDrawsAndReplayRebuildsState) {
  auto g = start(99);
  std::vector<pb::Event> all = log;
  for (int i = 0; i < 10 && !g->over(); ++i) {
    const auto seat = g->waiting_for().front();
    pb::Command c = roll(seat);
    if (!g->state().decisions.empty()) {
      c.mutable_answer()->set_decision_id(g->state().decisions.front().id());
      c.mutable_answer()->set_choice_id("accept");
    }
    Outcome out = g->execute(c);
    ASSERT_TRUE(out.accepted) << out.rejection.message();
    for (const auto& e : out.events) {
      if (payload_of<race::RaceEvent>(e).has_rolled()) {
        ASSERT_EQ(e.dice_size(), 1);
        EXPECT_EQ(e.dice(0).value(), payload_of<race::RaceEvent>(e).rolled().roll());
        EXPECT_GE(e.rng_draws(), 1u);
      }
    }
    all.insert(all.end(), out.events.begin(), out.events.end());
  }
  Registry reg;
  reg.add(make_race_rules());
  std::string error;
  auto replayed = Game::from_log(reg, all, &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_EQ(replayed->state().rng, g->state().rng);
  EXPECT_EQ(replayed->seq(), g->seq());
  EXPECT_EQ(replayed->view("gm").SerializeAsString(), g->view("gm").SerializeAsString());
}

TEST_F(Fixture, FromLogRefusesGapsAndMissingStart) {
  auto g = start(5);
  Registry reg;
  reg.add(make_race_rules());
  std::string error;
  EXPECT_FALSE(Game::from_log(reg, {}, &error));
  Outcome out = g->execute(roll("red"));
  ASSERT_TRUE(out.accepted);
  std::vector<pb::Event> gap = {log[0]};
  pb::Event skipped = out.events[0];
  skipped.set_seq(5);
  gap.push_back(skipped);
  EXPECT_FALSE(Game::from_log(reg, gap, &error));
  EXPECT_NE(error.find("out of order"), std::string::npos);
}

TEST_F(Fixture, DecisionsBlockOtherOrdersAndOnlyTheirSeatMayAnswer) {
  // Table dice make the six certain. The refusal names the side as its players know it.
  pb::Scenario named = race_scenario();
  named.mutable_sides(1)->set_name("Blue Rovers");
  auto g = start(1, /*table=*/true, named);
  TableDice dice;
  ASSERT_FALSE(dice.push(pb::DIE_KIND_D6, 6));
  ASSERT_TRUE(g->execute(roll("red"), &dice).accepted);
  ASSERT_EQ(g->state().decisions.size(), 1u);
  const auto id = g->state().decisions.front().id();
  EXPECT_EQ(g->waiting_for(), std::vector<std::string>{"blue"});
  EXPECT_EQ(g->execute(roll("blue")).rejection.code(), "DECISION_PENDING");
  pb::Command ans;
  ans.set_seat("red");
  ans.mutable_answer()->set_decision_id(id);
  ans.mutable_answer()->set_choice_id("accept");
  const auto refused = g->execute(ans).rejection;
  EXPECT_EQ(refused.code(), "NOT_YOUR_DECISION");
  EXPECT_EQ(refused.message(), "This choice belongs to Blue Rovers, not to you.");
  ans.set_seat("blue");
  ans.mutable_answer()->set_choice_id("shrug");
  EXPECT_EQ(g->execute(ans).rejection.code(), "NOT_A_CHOICE");
  ans.mutable_answer()->set_choice_id("protest");
  Outcome out = g->execute(ans);
  ASSERT_TRUE(out.accepted);
  EXPECT_TRUE(g->state().decisions.empty());
  // The protest event is visible to red only (and the GM).
  const pb::Event& hidden = out.events.back();
  EXPECT_TRUE(g->event_for(hidden, "red"));
  EXPECT_TRUE(g->event_for(hidden, "gm"));
  EXPECT_FALSE(g->event_for(hidden, "blue"));
  EXPECT_FALSE(g->event_for(hidden, "spectator"));
  // A decision is shown to its seat and the GM only.
  EXPECT_EQ(g->view("blue").decisions_size(), 0);
}

TEST_F(Fixture, TableDiceMissingOrWrongKindIsRefusedWithoutConsumingAny) {
  auto g = start(1, /*table=*/true);
  TableDice empty;
  Outcome out = g->execute(roll("red"), &empty);
  EXPECT_FALSE(out.accepted);
  EXPECT_EQ(out.rejection.code(), "TABLE_DICE_NEEDED");
  EXPECT_NE(out.rejection.message().find("d6"), std::string::npos);
  TableDice wrong;
  ASSERT_FALSE(wrong.push(pb::DIE_KIND_D20, 17));
  EXPECT_FALSE(g->execute(roll("red"), &wrong).accepted);
  EXPECT_EQ(wrong.remaining(), 1u);
  TableDice bad;
  EXPECT_TRUE(bad.push(pb::DIE_KIND_D6, 7).has_value());
  TableDice good;
  ASSERT_FALSE(good.push(pb::DIE_KIND_D6, 3));
  out = g->execute(roll("red"), &good);
  ASSERT_TRUE(out.accepted);
  EXPECT_EQ(good.remaining(), 0u);
  EXPECT_EQ(out.events[0].dice(0).source(), pb::DIE_SOURCE_TABLE);
  EXPECT_EQ(out.events[0].rng_draws(), 0u);
}

TEST_F(Fixture, GmPausesResumesAndEndsTheGameRevealingTheSeed) {
  auto g = start(4242);
  pb::Command c;
  c.set_seat("gm");
  c.mutable_gm()->mutable_pause()->set_reason("dispute");
  ASSERT_TRUE(g->execute(c).accepted);
  EXPECT_TRUE(g->view("red").paused());
  EXPECT_EQ(g->execute(roll("red")).rejection.code(), "GAME_PAUSED");
  EXPECT_EQ(g->execute(c).rejection.code(), "ALREADY_PAUSED");
  c.mutable_gm()->mutable_resume();
  ASSERT_TRUE(g->execute(c).accepted);
  ASSERT_TRUE(g->execute(roll("red")).accepted);
  c.mutable_gm()->mutable_end_game()->set_winner("purple");
  EXPECT_EQ(g->execute(c).rejection.code(), "UNKNOWN_SIDE");
  c.mutable_gm()->mutable_end_game()->set_winner("blue");
  Outcome out = g->execute(c);
  ASSERT_TRUE(out.accepted);
  EXPECT_EQ(out.events.back().game_ended().seed(), 4242u);
  EXPECT_TRUE(g->over());
  EXPECT_EQ(g->view("spectator").result().winner(), "blue");
  EXPECT_EQ(g->execute(roll("blue")).rejection.code(), "GAME_OVER");
}

TEST_F(Fixture, SameSeedSameEventsDifferentSeedDifferentEvents) {
  AutoplayOptions o;
  o.seed = 77;
  auto a = autoplay(*rules, race_scenario(), o);
  auto b = autoplay(*rules, race_scenario(), o);
  o.seed = 78;
  auto c = autoplay(*rules, race_scenario(), o);
  ASSERT_TRUE(a.finished) << a.error;
  ASSERT_EQ(a.log.size(), b.log.size());
  for (std::size_t i = 0; i < a.log.size(); ++i) EXPECT_EQ(a.log[i].SerializeAsString(), b.log[i].SerializeAsString());
  std::string sa, sc;
  for (const auto& e : a.log) sa += e.SerializeAsString();
  for (const auto& e : c.log) sc += e.SerializeAsString();
  EXPECT_NE(sa, sc);
}

// Rooms playing one scenario hold it once (server/scenario_shelf.h): a game takes another's copy
// only when it is the same scenario, and plays on exactly as it would have.
TEST_F(Fixture, ShareScenarioTakesAnEqualCopyAndChangesNothingElse) {
  auto a = start(7);
  auto b = start(7);
  ASSERT_NE(a->state().scenario, b->state().scenario);
  const auto view_before = b->view("gm").SerializeAsString();
  EXPECT_TRUE(b->share_scenario(a->state().scenario));
  EXPECT_EQ(a->state().scenario, b->state().scenario);
  EXPECT_EQ(b->view("gm").SerializeAsString(), view_before);
  ASSERT_TRUE(a->execute(roll("red")).accepted);
  ASSERT_TRUE(b->execute(roll("red")).accepted);
  EXPECT_EQ(a->view("gm").SerializeAsString(), b->view("gm").SerializeAsString());
  EXPECT_EQ(a->state().scenario, b->state().scenario);  // the next state keeps the shared copy

  pb::Scenario other = race_scenario();
  other.set_name(other.name() + " (another)");
  auto c = start(7, false, other);
  const auto own = c->state().scenario;
  EXPECT_FALSE(c->share_scenario(a->state().scenario));
  EXPECT_EQ(c->state().scenario, own);
  EXPECT_FALSE(c->share_scenario(nullptr));
  EXPECT_EQ(c->state().scenario, own);
}

// A state a later game keeps as its rewind point is not changed under it: the sharing game copies
// its state first.
TEST_F(Fixture, ShareScenarioLeavesARewindPointsStateAlone) {
  auto a = start(7);
  auto other = start(7);
  Outcome out;
  auto later = a->next(roll("red"), out);
  ASSERT_TRUE(later);
  ASSERT_FALSE(later->rewind_points().empty());
  const GameState* point = later->rewind_points().back().before.get();
  ASSERT_EQ(point, &a->state());  // shared, not copied
  const auto point_scenario = point->scenario;
  EXPECT_TRUE(a->share_scenario(other->state().scenario));
  EXPECT_EQ(point->scenario, point_scenario);
  EXPECT_NE(&a->state(), point);
  EXPECT_EQ(a->state().scenario, other->state().scenario);
}

}  // namespace
}  // namespace sandtable
