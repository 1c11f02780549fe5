// Rooms nobody is in are put away (--rest-after, server/rooms_rest.cc) and their links bring them
// back from the database as they were: the same table, the same sequence, the same links (a
// revoked one still revoked), the GM's list still showing them; a room with anyone in it stays.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sys/wait.h>
#include <thread>

#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

constexpr const char* kHostKey = "host-key-R-0123456789abcdef";

std::string error_code(const pb::Envelope& e) {
  return e.has_error() ? e.error().code() : std::string("not an error: ").append(e.ShortDebugString());
}

// Waits (at most 10 s) until /metrics says at least `n` rooms were put away in all.
bool rested(unsigned short port, std::uint64_t n) {
  for (int i = 0; i < 200; ++i) {
    const auto got = metric(port, "sandtable_rooms_rested_total");
    if (got != ~0ull && got >= n) return true;
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

// `n` orders, each from the player the game waits on, the other following to the same sequence.
void play(Seat& blue, Seat& red, int n) {
  for (int i = 0; i < n; ++i) {
    Seat& mover = blue.my_decision() ? blue : red;
    Seat& other = &mover == &blue ? red : blue;
    ASSERT_NE(mover.my_decision(), nullptr);
    const auto reply = mover.order(answer(*mover.my_decision()));
    ASSERT_TRUE(reply.has_order_accepted()) << reply.ShortDebugString();
    other.client.expect([&](const pb::Envelope& e) {
      other.absorb(e);
      return other.seq == mover.seq;
    });
  }
}

pb::Envelope hello(unsigned short port, const std::string& token, const std::string& room_id = "") {
  WsClient c(port);
  pb::Envelope env;
  env.mutable_hello()->set_token(token);
  env.mutable_hello()->set_room_id(room_id);
  return c.reply_to(c.send(env));
}

TEST(RoomRest, AnEmptyRoomIsPutAwayAndItsLinkBringsItBackAsItWas) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/t.db", {"--rest-after", "0.2"});
  const auto room = create_counter_room(server->port(), 21);
  pb::View blue_table, red_table;
  std::uint64_t seq = 0;
  {
    Seat blue(server->port(), token_of(room, "blue"));
    Seat red(server->port(), token_of(room, "red"));
    play(blue, red, 4);
    blue_table = blue.view;
    red_table = red.view;
    seq = blue.seq;
  }
  ASSERT_TRUE(rested(server->port(), 1)) << "the room was not put away once both players left";
  EXPECT_EQ(metric(server->port(), "sandtable_rooms"), 0u) << "a room put away is not loaded";
  EXPECT_EQ(metric(server->port(), "sandtable_links_loaded"), 0u) << "nor are its links";
  EXPECT_EQ(metric(server->port(), "sandtable_rooms_woken_total"), 0u);

  // The link brings it back, at the browser's path (/ws/<room>, the Hello naming the room).
  Seat blue(server->port(), token_of(room, "blue"), 0, room.room_id());
  EXPECT_EQ(blue.welcome.room_id(), room.room_id());
  EXPECT_EQ(blue.seq, seq);
  EXPECT_EQ(blue.view.SerializeAsString(), blue_table.SerializeAsString()) << "the same table as before";
  EXPECT_EQ(metric(server->port(), "sandtable_rooms_woken_total"), 1u);
  EXPECT_EQ(metric(server->port(), "sandtable_rooms"), 1u);
  EXPECT_EQ(metric(server->port(), "sandtable_links_loaded"), 4u) << "blue, red, the GM and the spectators'";
  Seat red(server->port(), token_of(room, "red"));
  EXPECT_EQ(red.view.SerializeAsString(), red_table.SerializeAsString());
  EXPECT_EQ(metric(server->port(), "sandtable_rooms_woken_total"), 1u) << "loaded once, not per link";

  // And it plays on from where it stood.
  play(blue, red, 2);
  EXPECT_EQ(blue.seq, red.seq);
  EXPECT_GT(blue.seq, seq);
  EXPECT_EQ(server->stop(), 0);
}

TEST(RoomRest, ARoomWithAnyoneInItIsNeverPutAway) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/t.db", {"--rest-after", "0.2"});
  const auto watched = create_counter_room(server->port(), 22);
  const auto empty = create_counter_room(server->port(), 23);
  Seat spectator(server->port(), token_of(watched, "spectator"));
  ASSERT_TRUE(rested(server->port(), 1)) << "the empty room was not put away";
  std::this_thread::sleep_for(600ms);  // three times the idle time more
  EXPECT_EQ(metric(server->port(), "sandtable_rooms_rested_total"), 1u) << "the watched room was put away";
  EXPECT_EQ(metric(server->port(), "sandtable_rooms"), 1u);
  // The watched room still plays, and its spectator hears it.
  Seat blue(server->port(), token_of(watched, "blue"));
  ASSERT_TRUE(blue.order(answer(*blue.my_decision())).has_order_accepted());
  spectator.client.expect([&](const pb::Envelope& e) {
    spectator.absorb(e);
    return spectator.seq == blue.seq;
  });
}

TEST(RoomRest, LinksOfARoomPutAwayAreCheckedAsBefore) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/t.db", {"--rest-after", "0.2"});
  const auto room = create_counter_room(server->port(), 24);
  std::string fresh;
  {
    Seat gm(server->port(), token_of(room, "gm"));
    pb::Envelope rv;
    rv.mutable_revoke_seat()->set_seat("spectator");
    const auto reply = gm.client.reply_to(gm.client.send(rv));
    ASSERT_TRUE(reply.has_seat_revoked()) << reply.ShortDebugString();
    fresh = reply.seat_revoked().link().token();
  }
  ASSERT_TRUE(rested(server->port(), 1));
  EXPECT_EQ(error_code(hello(server->port(), token_of(room, "spectator"))), "TOKEN_REVOKED")
      << "a revoked link stays revoked";
  ASSERT_TRUE(rested(server->port(), 2)) << "put away again";
  EXPECT_EQ(error_code(hello(server->port(), std::string(64, 'a'))), "BAD_TOKEN");
  EXPECT_EQ(error_code(hello(server->port(), std::string(64, 'a'), "0123456789abcdef")), "UNKNOWN_ROOM");
  EXPECT_EQ(error_code(hello(server->port(), token_of(room, "red"), "0123456789abcdef")), "UNKNOWN_ROOM");
  EXPECT_EQ(metric(server->port(), "sandtable_rooms"), 0u) << "no bad link loaded the room";
  // A link of this room naming another room is refused, the room loaded or not.
  const auto other = create_counter_room(server->port(), 25);
  ASSERT_TRUE(rested(server->port(), 3));
  EXPECT_EQ(error_code(hello(server->port(), token_of(room, "red"), other.room_id())), "BAD_TOKEN");
  // The link given in place of the revoked one opens the seat.
  Seat spectator(server->port(), fresh);
  EXPECT_EQ(spectator.welcome.seat(), "spectator");
}

TEST(RoomRest, TheGmListShowsRoomsPutAwayAndItsLinkStillLists) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/t.db", {"--rest-after", "0.2"});
  std::vector<pb::RoomCreated> made;
  for (const char* name : {"First", "Second"}) {
    WsClient c(server->port());
    pb::Envelope env;
    env.mutable_create_room()->set_scenario_id("counter-duel");
    env.mutable_create_room()->set_name(name);
    env.mutable_create_room()->set_host_key(kHostKey);
    const auto reply = c.reply_to(c.send(env));
    ASSERT_TRUE(reply.has_room_created()) << reply.ShortDebugString();
    made.push_back(reply.room_created());
    std::this_thread::sleep_for(5ms);  // created_ms orders the list
  }
  {
    Seat blue(server->port(), token_of(made[0], "blue"));
    ASSERT_TRUE(blue.order(answer(*blue.my_decision())).has_order_accepted());
  }
  ASSERT_TRUE(rested(server->port(), 2)) << "both rooms were not put away";
  WsClient c(server->port());
  pb::Envelope env;
  env.mutable_list_rooms()->set_token(token_of(made[1], "gm"));  // its room is not loaded
  const auto reply = c.reply_to(c.send(env));
  ASSERT_TRUE(reply.has_room_list()) << reply.ShortDebugString();
  ASSERT_EQ(reply.room_list().rooms_size(), 2);
  EXPECT_EQ(reply.room_list().rooms(0).name(), "Second");
  EXPECT_EQ(reply.room_list().rooms(1).name(), "First");
  EXPECT_EQ(reply.room_list().rooms(1).room_id(), made[0].room_id());
  EXPECT_GT(reply.room_list().rooms(1).seq(), reply.room_list().rooms(0).seq()) << "the First's order is in its summary";
  EXPECT_EQ(metric(server->port(), "sandtable_rooms"), 1u) << "only the GM link's own room was loaded";
}

TEST(RoomRest, ANegativeOrHugeIdleTimeIsRefusedAtStart) {
  for (const char* s : {"-1", "1e9", "soon"}) {
    const std::string cmd = std::string(SANDTABLE_SERVER_BINARY) + " --port 0 --db :memory: --rest-after " + s +
                            " >/dev/null 2>&1";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status)) << s;
    EXPECT_EQ(WEXITSTATUS(status), 64) << s;
  }
}

}  // namespace
}  // namespace sandtable::testing
