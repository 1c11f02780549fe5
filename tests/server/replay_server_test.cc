// Replays over the real WebSocket (docs/protocol.md "Replays"): the real sandtable-server hosts
// the Battleground village assault (its Farm Section hidden from the Germans, BG-UNIT-09) with a
// fixed seed and the bot plays some orders through it. Each seat's ReplayRequest for every step
// is answered with the View a local engine game showed that seat live after the same order (no
// menu), the step's log lines that seat saw and its dice statistics; the steps are the orders,
// also after a restart (read back from the stored orders); a replay before Hello is NOT_JOINED
// and a flood of steps is REPLAY_TOO_FAST.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/model/game.h"
#include "engine/model/scenario_io.h"
#include "engine/registry/builtin_registry.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

constexpr std::uint64_t kSeed = 777;
constexpr int kOrders = 24;
const std::vector<std::string> kSeats = {"axis", "allies", "gm", "spectator"};

pb::Scenario village() {
  std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bg/village-assault.json");
  std::stringstream text;
  text << in.rdbuf();
  auto parsed = parse_scenario(text.str(), builtin_registry());
  if (!parsed.scenario) throw std::runtime_error("village-assault: " + parsed.error);
  return *parsed.scenario;
}

pb::View without_menu(pb::View v) {
  v.clear_menu();
  return v;
}

pb::Envelope replay_step(Seat& s, std::uint32_t step) {
  pb::Envelope env;
  env.mutable_replay_request()->set_step(step);
  const std::uint64_t rid = s.client.send(env);
  for (;;) {
    auto got = s.client.recv(10000ms);
    if (!got) throw std::runtime_error("no reply to the replay request");
    if (got->request_id() == rid) return *got;
    s.absorb(*got);
  }
}

struct Played {
  pb::RoomCreated room;
  // views[k][seat]: the seat's live View after step k (0: the opening), without its menu.
  std::vector<std::map<std::string, std::string>> views;
  std::vector<std::string> movers;  // whose order each step after the opening was
};

std::map<std::string, std::string> views_of(const Game& g) {
  std::map<std::string, std::string> out;
  for (const auto& seat : kSeats) out[seat] = without_menu(g.view(seat)).SerializeAsString();
  return out;
}

Played play(unsigned short port) {
  Played p;
  {
    WsClient c(port);
    pb::Envelope env;
    env.mutable_create_room()->set_scenario_id("bg-village-assault");
    env.mutable_create_room()->set_has_seed(true);
    env.mutable_create_room()->set_seed(kSeed);
    const auto reply = c.reply_to(c.send(env));
    if (!reply.has_room_created()) throw std::runtime_error("create failed: " + reply.ShortDebugString());
    p.room = reply.room_created();
  }
  const RuleSet& rules = *builtin_registry().find("battleground");
  StartOptions o;
  o.seed = kSeed;
  std::string err;
  auto game = Game::start(rules, village(), o, nullptr, &err);
  if (!game) throw std::runtime_error(err);
  p.views.push_back(views_of(*game));
  auto bot = rules.make_bot();
  Pcg32 rng(kSeed, 99);
  std::map<std::string, std::unique_ptr<Seat>> players;
  for (const char* side : {"axis", "allies"}) players[side] = std::make_unique<Seat>(port, token_of(p.room, side));
  for (int i = 0; i < kOrders && !game->over(); ++i) {
    const std::string who = game->waiting_for().front();
    auto command = bot->choose(*game, who, rng);
    if (!command) throw std::runtime_error("the bot found nothing to do");
    command->set_seat(who);
    Seat& mover = *players.at(who);
    mover.drain(20ms);
    const auto reply = mover.order_at(*command, game->seq());
    if (!reply.has_order_accepted()) throw std::runtime_error("refused: " + reply.ShortDebugString());
    const std::uint64_t before = game->seq();
    Outcome out = game->execute(*command);
    if (!out.accepted || game->seq() == before) throw std::runtime_error("the oracle disagrees");
    p.views.push_back(views_of(*game));
    p.movers.push_back(who);
  }
  return p;
}

class ReplayServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(SANDTABLE_SERVER_BINARY, dir_.path + "/r.db", args());
  }
  static std::vector<std::string> args() {
    return {"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--allow-fixed-seed", "--threads", "2",
            "--max-per-address", "0", "--rooms-per-minute", "0", "--bad-tokens-per-minute", "0"};
  }
  // Every seat's every step is what the seat was shown live after that order.
  void expect_replays(const Played& p) {
    for (const auto& seat : kSeats) {
      SCOPED_TRACE(seat);
      Seat s(server_->port(), token_of(p.room, seat));
      for (std::uint32_t k = 0; k < p.views.size(); ++k) {
        const pb::Envelope reply = replay_step(s, k);
        ASSERT_TRUE(reply.has_replay_frame()) << reply.ShortDebugString();
        const pb::ReplayFrame& f = reply.replay_frame();
        EXPECT_EQ(f.step(), k);
        EXPECT_EQ(f.steps(), p.views.size());
        EXPECT_EQ(f.seat(), k == 0 ? "" : p.movers[k - 1]);
        EXPECT_FALSE(f.view().has_menu());
        EXPECT_EQ(f.view().SerializeAsString(), p.views[k].at(seat)) << "step " << k;
        EXPECT_FALSE(f.turn_starts().empty());
        for (const auto& e : f.events()) EXPECT_FALSE(e.text().empty());
      }
      // Past the end is the last step.
      const pb::Envelope last = replay_step(s, 10000);
      ASSERT_TRUE(last.has_replay_frame());
      EXPECT_EQ(last.replay_frame().step(), p.views.size() - 1);
      if (seat == "gm") {
        std::uint64_t rolls = 0;
        for (const auto& d : last.replay_frame().dice()) {
          EXPECT_EQ(d.face_size(), d.count_size());
          EXPECT_EQ(d.face_size(), d.expected_size());
          rolls += d.rolls();
        }
        EXPECT_GT(rolls, 0u) << "the GM saw the dice of the opening and the orders";
      }
    }
  }
  TempDir dir_;
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(ReplayServerTest, EachSeatReplaysWhatItSawAtEveryStepAlsoAfterARestart) {
  const Played p = play(server_->port());
  ASSERT_EQ(p.views.size(), static_cast<std::size_t>(kOrders) + 1);
  expect_replays(p);
  ASSERT_EQ(server_->stop(), 0);
  server_ = std::make_unique<ServerProcess>(SANDTABLE_SERVER_BINARY, dir_.path + "/r.db", args());
  expect_replays(p);
}

TEST_F(ReplayServerTest, ReplayBeforeHelloIsNotJoinedAndAFloodIsRefused) {
  {
    WsClient c(server_->port());
    pb::Envelope env;
    env.mutable_replay_request()->set_step(0);
    const pb::Envelope reply = c.reply_to(c.send(env));
    ASSERT_TRUE(reply.has_error()) << reply.ShortDebugString();
    EXPECT_EQ(reply.error().code(), "NOT_JOINED");
  }
  const Played p = play(server_->port());
  Seat s(server_->port(), token_of(p.room, "axis"));
  int refused = 0;
  for (int i = 0; i < 80 && refused == 0; ++i) {
    const pb::Envelope reply = replay_step(s, static_cast<std::uint32_t>(i % 5));
    if (reply.has_error()) {
      EXPECT_EQ(reply.error().code(), "REPLAY_TOO_FAST");
      ++refused;
    }
  }
  EXPECT_EQ(refused, 1) << "a burst of replay steps is served, a flood is not";
}

}  // namespace
}  // namespace sandtable::testing
