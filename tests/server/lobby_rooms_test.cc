// ListRooms (docs/protocol.md, "The lobby"): a GM link lists the rooms created with the same host
// key, newest first; any other token gets one and the same BAD_TOKEN; the host key's hash is
// kept in the database, so the list survives a restart.
#include <gtest/gtest.h>

#include <thread>

#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

constexpr const char* kKeyK = "host-key-K-0123456789abcdef";
constexpr const char* kKeyL = "host-key-L-0123456789abcdef";

pb::Envelope create(unsigned short port, const std::string& name, const std::string& host_key, int target = 20) {
  WsClient c(port);
  pb::Envelope env;
  auto* cr = env.mutable_create_room();
  cr->set_scenario_id("counter-duel");
  cr->set_name(name);
  cr->set_host_key(host_key);
  (*cr->mutable_options())["target"] = std::to_string(target);
  return c.reply_to(c.send(env));
}

pb::RoomCreated created(unsigned short port, const std::string& name, const std::string& host_key, int target = 20) {
  const auto reply = create(port, name, host_key, target);
  if (!reply.has_room_created()) throw std::runtime_error("create failed: " + reply.ShortDebugString());
  // created_ms has millisecond resolution: keep "newest first" unambiguous.
  std::this_thread::sleep_for(5ms);
  return reply.room_created();
}

pb::Envelope list(unsigned short port, const std::string& token) {
  WsClient c(port);
  pb::Envelope env;
  env.mutable_list_rooms()->set_token(token);
  return c.reply_to(c.send(env));
}

std::vector<std::string> ids(const pb::Envelope& reply) {
  std::vector<std::string> out;
  for (const auto& r : reply.room_list().rooms()) out.push_back(r.room_id());
  return out;
}

TEST(LobbyRooms, AGmLinkListsTheRoomsOfItsHostKeyNewestFirst) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/s.db");
  const auto first = created(server->port(), "First of K", kKeyK);
  const auto other = created(server->port(), "Only L", kKeyL);
  const auto third = created(server->port(), "Second of K", kKeyK);
  const auto reply = list(server->port(), token_of(first, "gm"));
  ASSERT_TRUE(reply.has_room_list()) << reply.ShortDebugString();
  EXPECT_EQ(ids(reply), (std::vector<std::string>{third.room_id(), first.room_id()}));
  const auto& rooms = reply.room_list().rooms();
  ASSERT_EQ(rooms.size(), 2);
  EXPECT_EQ(rooms[0].name(), "Second of K");
  EXPECT_EQ(rooms[1].name(), "First of K");
  EXPECT_GE(rooms[0].created_unix_ms(), rooms[1].created_unix_ms());
  EXPECT_GT(rooms[1].created_unix_ms(), 0);
  EXPECT_EQ(rooms[0].scenario_name(), "Counter duel");
  EXPECT_EQ(rooms[0].ruleset(), "counter-test");
  EXPECT_GE(rooms[0].seq(), 1u);
  EXPECT_FALSE(rooms[0].over());
  // The GM link of any of the K rooms gives the same list; L's gives only L's.
  EXPECT_EQ(ids(list(server->port(), token_of(third, "gm"))), ids(reply));
  EXPECT_EQ(ids(list(server->port(), token_of(other, "gm"))), (std::vector<std::string>{other.room_id()}));
}

TEST(LobbyRooms, PlayerSpectatorRevokedAndMadeUpTokensGetTheSameBadToken) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/s.db");
  const auto room = created(server->port(), "Room", kKeyK);
  const auto made_up = list(server->port(), std::string(64, 'a'));
  ASSERT_TRUE(made_up.has_error()) << made_up.ShortDebugString();
  EXPECT_EQ(made_up.error().code(), "BAD_TOKEN");
  EXPECT_FALSE(made_up.error().message().empty());
  const auto same = [&](const pb::Envelope& e, const std::string& what) {
    ASSERT_TRUE(e.has_error()) << what << ": " << e.ShortDebugString();
    EXPECT_EQ(e.error().code(), made_up.error().code()) << what;
    EXPECT_EQ(e.error().message(), made_up.error().message()) << what;
  };
  same(list(server->port(), token_of(room, "blue")), "player");
  same(list(server->port(), token_of(room, "spectator")), "spectator");
  same(list(server->port(), ""), "empty");
  // A GM link the GM has replaced lists nothing any more.
  const std::string old_gm = token_of(room, "gm");
  Seat gm(server->port(), old_gm);
  pb::Envelope revoke;
  revoke.mutable_revoke_seat()->set_seat("gm");
  gm.client.send(revoke);
  const auto revoked = gm.client.expect([](const pb::Envelope& e) { return e.has_seat_revoked(); });
  ASSERT_NE(revoked.seat_revoked().link().token(), old_gm);
  // The fresh GM link still lists the room.
  EXPECT_EQ(ids(list(server->port(), revoked.seat_revoked().link().token())), (std::vector<std::string>{room.room_id()}));
  same(list(server->port(), old_gm), "revoked gm");
}

TEST(LobbyRooms, TheListIsTheSameAfterARestart) {
  TempDir dir;
  const std::string db = dir.path + "/s.db";
  std::string gm_token;
  std::vector<std::string> before;
  {
    auto server = start_test_server(db);
    const auto a = created(server->port(), "A", kKeyK);
    created(server->port(), "B", kKeyL);
    const auto c = created(server->port(), "C", kKeyK);
    gm_token = token_of(a, "gm");
    before = ids(list(server->port(), gm_token));
    ASSERT_EQ(before, (std::vector<std::string>{c.room_id(), a.room_id()}));
    EXPECT_EQ(server->stop(), 0);
  }
  auto server = start_test_server(db);
  const auto reply = list(server->port(), gm_token);
  ASSERT_TRUE(reply.has_room_list()) << reply.ShortDebugString();
  EXPECT_EQ(ids(reply), before);
  EXPECT_EQ(reply.room_list().rooms(0).name(), "C");
}

TEST(LobbyRooms, ARoomWithoutAHostKeyListsOnlyItself) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/s.db");
  const auto a = created(server->port(), "A", "");
  created(server->port(), "B", "");
  EXPECT_EQ(ids(list(server->port(), token_of(a, "gm"))), (std::vector<std::string>{a.room_id()}));
}

TEST(LobbyRooms, AShortHostKeyIsRefusedAndNoRoomIsMade) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/s.db");
  const auto reply = create(server->port(), "Short", "too-short");
  ASSERT_TRUE(reply.has_error()) << reply.ShortDebugString();
  EXPECT_EQ(reply.error().code(), "BAD_HOST_KEY");
  const auto too_long = create(server->port(), "Long", std::string(201, 'k'));
  ASSERT_TRUE(too_long.has_error()) << too_long.ShortDebugString();
  EXPECT_EQ(too_long.error().code(), "BAD_HOST_KEY");
  // Nothing was stored under the short key's neighbours: a K room lists only itself.
  const auto k = created(server->port(), "K", kKeyK);
  EXPECT_EQ(ids(list(server->port(), token_of(k, "gm"))), (std::vector<std::string>{k.room_id()}));
}

TEST(LobbyRooms, AFinishedRoomSaysSoWithTheWinnersName) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/s.db");
  const auto room = created(server->port(), "Short game", kKeyK, 1);
  Seat blue(server->port(), token_of(room, "blue"));
  Seat red(server->port(), token_of(room, "red"));
  // Listed once before the end: a summary kept from then must not be served after.
  const auto before = list(server->port(), token_of(room, "gm"));
  ASSERT_EQ(before.room_list().rooms_size(), 1) << before.ShortDebugString();
  EXPECT_FALSE(before.room_list().rooms(0).over());
  Seat& mover = blue.my_decision() ? blue : red;
  ASSERT_NE(mover.my_decision(), nullptr);
  const auto reply = mover.order(answer(*mover.my_decision()));
  ASSERT_TRUE(reply.has_order_accepted()) << reply.ShortDebugString();
  const auto listed = list(server->port(), token_of(room, "gm"));
  ASSERT_EQ(listed.room_list().rooms_size(), 1) << listed.ShortDebugString();
  const auto& r = listed.room_list().rooms(0);
  EXPECT_TRUE(r.over());
  EXPECT_EQ(r.winner(), &mover == &blue ? "Blue" : "Red");
  EXPECT_GT(r.seq(), before.room_list().rooms(0).seq());
}

}  // namespace
}  // namespace sandtable::testing
