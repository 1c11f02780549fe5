// permessage-deflate (--deflate, docs/PERFORMANCE.md "Compressed on the wire"): a host may have
// the server compress its messages. Compression is the transport's business only: a connection
// that offers it and one that does not play the same game and hold the same table, and a server
// without the flag never compresses.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sys/wait.h>

#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

// Plays the counter game out, each player answering its own prompt, the watchers following.
void play_out(Seat& blue, Seat& red, Seat& watcher) {
  for (int guard = 0; guard < 1000 && !blue.view.result().over(); ++guard) {
    Seat& mover = blue.my_decision() ? blue : red;
    ASSERT_NE(mover.my_decision(), nullptr);
    const auto reply = mover.order(answer(*mover.my_decision()));
    ASSERT_TRUE(reply.has_order_accepted()) << reply.ShortDebugString();
    for (Seat* s : {&blue, &red, &watcher}) {
      if (s == &mover) continue;
      s->client.expect([&](const pb::Envelope& e) {
        s->absorb(e);
        return s->seq == mover.seq;
      });
    }
  }
  EXPECT_TRUE(blue.view.result().over());
}

// What a seat holds after the game against what it is sent when it joins afresh.
void expect_same_table(unsigned short port, const std::string& token, const Seat& held) {
  Seat fresh(port, token);
  EXPECT_EQ(fresh.seq, held.seq);
  EXPECT_EQ(fresh.view.SerializeAsString(), held.view.SerializeAsString());
}

TEST(Deflate, ACompressedAndAPlainConnectionPlayTheSameGameAndHoldTheSameTable) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/t.db", {"--deflate", "12"});
  const auto room = create_counter_room(server->port(), 11);
  Seat blue(server->port(), token_of(room, "blue"), 0, "", true);
  Seat red(server->port(), token_of(room, "red"));
  Seat spectator(server->port(), token_of(room, "spectator"), 0, "", true);
  EXPECT_TRUE(blue.client.deflated()) << "a client that offers it gets compressed messages";
  EXPECT_TRUE(spectator.client.deflated());
  EXPECT_FALSE(red.client.deflated()) << "a client that does not offer it gets plain ones";
  play_out(blue, red, spectator);
  EXPECT_GT(blue.deltas, 5);
  expect_same_table(server->port(), token_of(room, "blue"), blue);
  expect_same_table(server->port(), token_of(room, "red"), red);
  expect_same_table(server->port(), token_of(room, "spectator"), spectator);
  EXPECT_EQ(server->stop(), 0);
}

TEST(Deflate, WithoutTheFlagTheServerNeverCompresses) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/t.db");
  const auto room = create_counter_room(server->port(), 12);
  Seat blue(server->port(), token_of(room, "blue"), 0, "", true);
  EXPECT_FALSE(blue.client.deflated());
  const auto reply = blue.order(answer(*blue.my_decision()));
  EXPECT_TRUE(reply.has_order_accepted()) << reply.ShortDebugString();
}

TEST(Deflate, AWindowOutsideNineToFifteenIsRefusedAtStart) {
  for (const char* bits : {"8", "16", "-1"}) {
    const std::string cmd = std::string(SANDTABLE_SERVER_BINARY) + " --port 0 --db :memory: --deflate " + bits +
                            " >/dev/null 2>&1";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status)) << bits;
    EXPECT_EQ(WEXITSTATUS(status), 64) << bits;
  }
}

}  // namespace
}  // namespace sandtable::testing
