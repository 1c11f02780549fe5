// Queries over the real WebSocket (docs/protocol.md "Queries"): the real sandtable-server hosts
// the Battleground village-assault demo (its Farm Section is hidden, BG-UNIT-09) with a fixed
// seed; each seat's QueryRequest is answered with a QueryReply carrying its request id and
// exactly what a local engine Game with the same scenario and seed answers for that seat — the
// seat comes from the token — a hidden unit is answered like a missing one, spectators measure
// but do not preview, a query before Hello is NOT_JOINED, and no query changes the room.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/model/game.h"
#include "engine/model/scenario_io.h"
#include "engine/registry/builtin_registry.h"
#include "tests/server/test_support.h"
#include "tests/support/scenario_file.h"

namespace sandtable::testing {
namespace {

constexpr std::uint64_t kSeed = 4242;

pb::Scenario village() { return load_scenario_file("bg/village-assault.json"); }

pb::Query measure(const std::string& from, const std::string& to) {
  pb::Query q;
  q.mutable_measure()->mutable_from()->set_unit_id(from);
  q.mutable_measure()->mutable_to()->set_unit_id(to);
  return q;
}

// Sends a QueryRequest and returns the reply to it (pushes in between are absorbed).
pb::Envelope ask(Seat& s, const pb::Query& q) {
  pb::Envelope env;
  *env.mutable_query_request()->mutable_query() = q;
  const std::uint64_t rid = s.client.send(env);
  for (;;) {
    auto got = s.client.recv(10000ms);
    if (!got) throw std::runtime_error("no reply to the query");
    if (got->request_id() == rid) return *got;
    s.absorb(*got);
  }
}

std::string with_id(std::string s, const std::string& from, const std::string& to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

class QueryServerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    server_ = new ServerProcess(SANDTABLE_SERVER_BINARY, dir_->path + "/q.db",
                                {"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--allow-fixed-seed",
                                 "--threads", "2", "--max-per-address", "0", "--rooms-per-minute", "0", "--bad-tokens-per-minute", "0"});
  }
  static void TearDownTestSuite() {
    EXPECT_EQ(server_->stop(), 0);
    delete server_;
    delete dir_;
  }
  static pb::RoomCreated create_room() {
    WsClient c(server_->port());
    pb::Envelope env;
    env.mutable_create_room()->set_scenario_id("bg-village-assault");
    env.mutable_create_room()->set_has_seed(true);
    env.mutable_create_room()->set_seed(kSeed);
    const auto reply = c.reply_to(c.send(env));
    if (!reply.has_room_created()) throw std::runtime_error("create failed: " + reply.ShortDebugString());
    return reply.room_created();
  }
  static std::unique_ptr<Game> oracle() {
    StartOptions o;
    o.seed = kSeed;
    std::string err;
    auto g = Game::start(*builtin_registry().find("battleground"), village(), o, nullptr, &err);
    if (!g) throw std::runtime_error(err);
    return g;
  }
  static TempDir* dir_;
  static ServerProcess* server_;
};
TempDir* QueryServerTest::dir_ = nullptr;
ServerProcess* QueryServerTest::server_ = nullptr;

TEST_F(QueryServerTest, QueryBeforeHelloIsNotJoined) {
  WsClient c(server_->port());
  pb::Envelope env;
  *env.mutable_query_request()->mutable_query() = measure("g1", "b1");
  const std::uint64_t rid = c.send(env);
  const pb::Envelope reply = c.reply_to(rid);
  ASSERT_TRUE(reply.has_error()) << reply.ShortDebugString();
  EXPECT_EQ(reply.error().code(), "NOT_JOINED");
  EXPECT_EQ(reply.error().request_id(), rid);
}

// Each seat's answers are the engine's for that seat, with the request id and the room's seq.
TEST_F(QueryServerTest, AnswersAreTheEnginesForTheTokensSeat) {
  const pb::RoomCreated room = create_room();
  const auto game = oracle();
  for (const char* seat : {"axis", "allies", "gm", "spectator"}) {
    SCOPED_TRACE(seat);
    Seat s(server_->port(), token_of(room, seat));
    ASSERT_EQ(s.seq, game->seq());
    for (const auto& [from, to] : {std::pair{"g1", "b1"}, std::pair{"g2", "b2"}, std::pair{"g3", "b1"}}) {
      const pb::Query q = measure(from, to);
      const pb::Envelope reply = ask(s, q);
      ASSERT_TRUE(reply.has_query_reply()) << reply.ShortDebugString();
      EXPECT_EQ(reply.query_reply().seq(), game->seq());
      EXPECT_EQ(reply.query_reply().answer().SerializeAsString(), game->query(seat, q).SerializeAsString())
          << reply.query_reply().answer().text();
    }
    // g1 to b1 is a real measure, in inches, for everyone.
    const pb::QueryAnswer a = ask(s, measure("g1", "b1")).query_reply().answer();
    EXPECT_TRUE(a.ok()) << a.text();
    EXPECT_GT(a.distance(), 20);
  }
}

// BG-UNIT-09: for the Germans and spectators the hidden Farm Section is answered exactly as a
// unit that does not exist, and nothing of it is in the reply; its own side and the GM measure it.
TEST_F(QueryServerTest, HiddenUnitRevealsNothing) {
  const pb::RoomCreated room = create_room();
  for (const char* seat : {"axis", "spectator"}) {
    SCOPED_TRACE(seat);
    Seat s(server_->port(), token_of(room, seat));
    const pb::Envelope hidden = ask(s, measure("g1", "b2"));
    const pb::Envelope missing = ask(s, measure("g1", "b7"));
    ASSERT_TRUE(hidden.has_query_reply()) << hidden.ShortDebugString();
    const pb::QueryAnswer& a = hidden.query_reply().answer();
    EXPECT_FALSE(a.ok());
    EXPECT_EQ(a.refusal().code(), "BG_NO_SUCH_UNIT");
    EXPECT_EQ(with_id(a.SerializeAsString(), "b2", "b7"), missing.query_reply().answer().SerializeAsString());
    const std::string bytes = hidden.SerializeAsString();
    EXPECT_EQ(bytes.find("Farm Section"), std::string::npos);
    EXPECT_EQ(bytes.find("b2-0"), std::string::npos);
  }
  for (const char* seat : {"allies", "gm"}) {
    SCOPED_TRACE(seat);
    Seat s(server_->port(), token_of(room, seat));
    const pb::QueryAnswer a = ask(s, measure("g1", "b2")).query_reply().answer();
    EXPECT_TRUE(a.ok()) << a.text();
    EXPECT_NE(a.text().find("Farm Section"), std::string::npos) << a.text();
  }
}

// Previews are of orders: a spectator's is refused as an order would be, a player's is the
// engine's answer for that player's menu, and no query changes the room.
TEST_F(QueryServerTest, PreviewsNeedAPlayerSeatAndChangeNothing) {
  const pb::RoomCreated room = create_room();
  const auto game = oracle();
  Seat spectator(server_->port(), token_of(room, "spectator"));
  pb::Query pick;
  pick.mutable_preview()->set_action("end-action");
  const pb::QueryAnswer refused = ask(spectator, pick).query_reply().answer();
  EXPECT_FALSE(refused.ok());
  EXPECT_EQ(refused.refusal().code(), "SPECTATOR_CANNOT_ORDER");

  const std::string mover = game->waiting_for().front();
  const pb::ActionMenu menu = game->menu(mover);
  ASSERT_FALSE(menu.actions().empty());
  Seat player(server_->port(), token_of(room, mover));
  Seat other(server_->port(), token_of(room, mover == "axis" ? "allies" : "axis"));
  for (const auto& act : menu.actions()) {
    pb::Query q;
    q.mutable_preview()->set_action(act.id());
    if (!act.targets().empty()) q.mutable_preview()->set_target(act.targets(0).id());
    const pb::QueryAnswer mine = ask(player, q).query_reply().answer();
    EXPECT_EQ(mine.SerializeAsString(), game->query(mover, q).SerializeAsString()) << act.id();
    // The same pick from the other side is off its menu: the seat is the token's.
    const pb::QueryAnswer theirs = ask(other, q).query_reply().answer();
    EXPECT_FALSE(theirs.ok());
    EXPECT_EQ(theirs.refusal().code(), "NOT_ON_MENU") << act.id();
  }
  const std::uint64_t seq = player.seq;
  player.drain();
  other.drain();
  EXPECT_EQ(player.seq, seq);
  EXPECT_EQ(player.view.SerializeAsString(), game->view(mover).SerializeAsString());
}

}  // namespace
}  // namespace sandtable::testing
