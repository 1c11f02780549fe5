// Games that travel (issue 18, docs/fair-play.md): a bot game of every demo scenario, exported
// with its orders, verifies from its seed (also through the JSON file form); each kind of
// tampering is caught at the event it touches, in words.
#include <gtest/gtest.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>

#include "engine/model/autoplay.h"
#include "engine/model/verify.h"
#include "engine/registry/builtin_registry.h"
#include "sandtable/rulesets/bg/bg_event.pb.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

pb::GameExport bot_game(const std::string& file, std::uint64_t seed, std::uint64_t max_commands = 20000) {
  const pb::Scenario s = load_scenario_file(file);
  AutoplayOptions o;
  o.seed = seed;
  o.max_commands = max_commands;
  const AutoplayResult r = autoplay(*builtin_registry().find(s.ruleset()), s, o);
  EXPECT_TRUE(r.finished || max_commands < 20000) << file << ": " << r.error;
  return export_of(r.log, r.orders);
}

// Every demo scenario's bot game, two seeds each, verifies, and says what it checked.
TEST(Verify, EveryDemoBotGameVerifies) {
  for (const auto& [ruleset, files] : demo_scenarios_by_ruleset()) {
    for (const auto& file : files) {
      for (const std::uint64_t seed : {1u, 2u}) {
        const pb::GameExport g = bot_game(file, seed);
        const VerifyResult r = verify_game(builtin_registry(), g);
        EXPECT_TRUE(r.ok) << file << " seed " << seed << ": " << r.summary << " / " << r.expected << " / " << r.found;
        EXPECT_EQ(r.orders, static_cast<std::uint64_t>(g.orders_size()));
        EXPECT_EQ(r.events, static_cast<std::uint64_t>(g.events_size()));
        EXPECT_NE(r.summary.find("every roll and card matches"), std::string::npos);
      }
    }
  }
}

// The file form: JSON through the protobuf mapping and back, then verified.
TEST(Verify, TheJsonFileFormVerifies) {
  const pb::GameExport g = bot_game("bg/village-assault.json", 3);
  std::string json;
  google::protobuf::util::JsonPrintOptions opt;
  opt.preserve_proto_field_names = true;
  ASSERT_TRUE(google::protobuf::util::MessageToJsonString(g, &json, opt).ok());
  pb::GameExport back;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &back).ok());
  EXPECT_TRUE(verify_game(builtin_registry(), back).ok);
}

int first_event_with_dice(const pb::GameExport& g, int from = 1) {
  for (int i = from; i < g.events_size(); ++i) {
    if (g.events(i).dice_size() > 0) return i;
  }
  return -1;
}

// A die changed after the fact: caught at its event, which both sides are shown.
TEST(Verify, ATamperedDieIsCaughtAtItsEvent) {
  for (const char* file : {"pw/meeting-engagement.json", "bg/crossroads.json", "oh/village-attack.json", "rookie/farm-assault.json"}) {
    pb::GameExport g = bot_game(file, 1);
    const int i = first_event_with_dice(g, g.events_size() / 2);
    ASSERT_GE(i, 0) << file;
    auto* die = g.mutable_events(i)->mutable_dice(0);
    die->set_value(die->value() == 1 ? 2 : 1);
    const VerifyResult r = verify_game(builtin_registry(), g);
    EXPECT_FALSE(r.ok) << file;
    EXPECT_EQ(r.first_bad_seq, g.events(i).seq()) << file << ": " << r.summary;
    EXPECT_NE(r.summary.find("is not what the seed and the orders give"), std::string::npos) << r.summary;
    EXPECT_FALSE(r.expected.empty());
    EXPECT_FALSE(r.found.empty());
  }
}

// Carroll's deck: the rank of a card turned is changed in the log (a deck reordered reads so).
TEST(Verify, AChangedCardIsCaught) {
  pb::GameExport g = bot_game("bg/crossroads.json", 1);
  int at = -1;
  for (int i = 1; i < g.events_size() && at < 0; ++i) {
    pb::BgEvent b;
    if (g.events(i).payload().UnpackTo(&b) && b.has_card_drawn() && b.card_drawn().card().joker() == 0) {
      b.mutable_card_drawn()->mutable_card()->set_rank(b.card_drawn().card().rank() == 2 ? 3 : 2);
      g.mutable_events(i)->mutable_payload()->PackFrom(b);
      at = i;
    }
  }
  ASSERT_GE(at, 0);
  const VerifyResult r = verify_game(builtin_registry(), g);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.first_bad_seq, g.events(at).seq()) << r.summary;
  EXPECT_NE(r.summary.find("rank"), std::string::npos) << r.summary;  // the field named
}

// Orders changed: one dropped, two swapped, one altered, one added: each is caught.
TEST(Verify, ChangedOrdersAreCaught) {
  const pb::GameExport g = bot_game("pw/meeting-engagement.json", 1);
  ASSERT_GT(g.orders_size(), 10);
  {
    pb::GameExport t = g;
    t.mutable_orders()->DeleteSubrange(5, 1);
    EXPECT_FALSE(verify_game(builtin_registry(), t).ok);
  }
  {
    pb::GameExport t = g;
    t.mutable_orders()->SwapElements(5, 6);
    EXPECT_FALSE(verify_game(builtin_registry(), t).ok);
  }
  {
    pb::GameExport t = g;
    t.mutable_orders(5)->mutable_command()->set_seat(t.orders(5).command().seat() == "gm" ? "red" : "gm");
    EXPECT_FALSE(verify_game(builtin_registry(), t).ok);
  }
  {
    pb::GameExport t = g;
    *t.add_orders() = t.orders(t.orders_size() - 1);
    const VerifyResult r = verify_game(builtin_registry(), t);
    EXPECT_FALSE(r.ok);
  }
  {
    pb::GameExport t = g;  // the log cut short
    t.mutable_events()->RemoveLast();
    EXPECT_FALSE(verify_game(builtin_registry(), t).ok);
  }
}

// The seed: one not committed to at the start, or a different one revealed at the end.
TEST(Verify, ASeedThatIsNotTheCommittedOneIsCaught) {
  const pb::GameExport g = bot_game("oh/river-crossing.json", 4);
  {
    pb::GameExport t = g;
    auto* s = t.mutable_events(0)->mutable_game_started();
    s->set_seed(s->seed() + 1);
    const VerifyResult r = verify_game(builtin_registry(), t);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.summary.find("not the one committed to"), std::string::npos) << r.summary;
  }
  {
    pb::GameExport t = g;
    auto* last = t.mutable_events(t.events_size() - 1);
    ASSERT_TRUE(last->has_game_ended());
    last->mutable_game_ended()->set_seed(last->game_ended().seed() + 1);
    const VerifyResult r = verify_game(builtin_registry(), t);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.summary.find("revealed at the end"), std::string::npos) << r.summary;
  }
  pb::GameExport wrong = g;
  wrong.set_format("something else");
  EXPECT_FALSE(verify_game(builtin_registry(), wrong).ok);
}

// Dice statistics (issue 18): every die checked counts to the seat whose order rolled it, and the
// report sets each kind against fair dice: a perfectly even d6 reads mean 3.50, chi-square 0.0.
TEST(Verify, DiceStatisticsBySeatAgainstFairDice) {
  const pb::GameExport g = bot_game("pw/meeting-engagement.json", 1);
  const VerifyResult r = verify_game(builtin_registry(), g);
  ASSERT_TRUE(r.ok);
  std::uint64_t counted = 0;
  for (const auto& [seat, kinds] : r.dice_by_seat) {
    for (const auto& [kind, tally] : kinds) {
      counted += tally.rolls;
      for (const auto& [face, n] : tally.faces) {
        EXPECT_GE(face, 0);
        EXPECT_LE(face, 100);
      }
    }
  }
  EXPECT_EQ(counted, r.dice);
  EXPECT_GE(r.dice_by_seat.size(), 2u);  // both sides rolled
  DiceBySeat even;
  for (int f = 1; f <= 6; ++f) even["red"][pb::DIE_KIND_D6].add(f);
  for (int i = 0; i < 6; ++i) even["blue"][pb::DIE_KIND_D6].add(6);
  const auto lines = dice_lines(even);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "blue d6: 6 rolls, mean 6.00 (expected 3.50), chi-square 30.0 on 5 degrees of freedom");
  EXPECT_EQ(lines[1], "red d6: 6 rolls, mean 3.50 (expected 3.50), chi-square 0.0 on 5 degrees of freedom");
  // The average die's faces are 2, 3, 3, 4, 4, 5: twelve rolls of 3 where fair dice give four (chi-square 24).
  DiceTally threes;
  for (int i = 0; i < 12; ++i) threes.add(3);
  const auto s = summarize_dice(pb::DIE_KIND_AVERAGE, threes);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->faces, (std::vector<int>{2, 3, 4, 5}));
  EXPECT_EQ(s->counts, (std::vector<std::uint64_t>{0, 12, 0, 0}));
  EXPECT_DOUBLE_EQ(s->expected[1], 4.0);
  EXPECT_DOUBLE_EQ(s->expected_mean, 3.5);
  EXPECT_NEAR(s->chi_square, 2.0 + 16.0 + 4.0 + 2.0, 1e-9);
}

}  // namespace
}  // namespace sandtable
