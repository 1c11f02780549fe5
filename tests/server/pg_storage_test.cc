// PgStorage against a throwaway PostgreSQL cluster (tests/server/cluster_support.h): the same
// schema versions as SQLite, the same append-only log, a batch as one transaction, and the rooms'
// leases that keep two nodes from writing one room.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "server/migrations.h"
#include "server/pg_conn.h"
#include "server/pg_storage.h"
#include "tests/server/cluster_support.h"

namespace sandtable::server {
namespace {

using namespace std::chrono_literals;

Write room_write(const std::string& id) {
  Write w;
  w.room = StoredRoom{id, "Room " + id, "counter-test", "counter-duel", 1, "", ""};
  StoredSeat s;
  s.token_hash = "hash-" + id;
  s.room_id = id;
  s.seat = "blue";
  s.role = pb::ROLE_PLAYER;
  s.created_ms = 5;
  w.seats.push_back(s);
  w.events_room = id;
  pb::Event e;
  e.set_seq(1);
  e.mutable_game_started()->set_ruleset("counter-test");
  w.events.push_back(e);
  w.snapshot = StoredSnapshot{id, 1, "view", std::string("state\0bytes", 11)};
  return w;
}

Write event_write(const std::string& id, std::uint64_t seq) {
  Write w;
  w.events_room = id;
  pb::Event e;
  e.set_seq(seq);
  e.mutable_game_started()->set_ruleset("counter-test");
  w.events.push_back(e);
  pb::Command c;
  c.set_seat("blue");
  w.orders.push_back(StoredOrder{seq, c});
  return w;
}

class PgStorageTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const auto missing = testing::cluster_tools_missing(); !missing.empty()) GTEST_FAIL() << missing;
    pg_ = std::make_unique<testing::Postgres>();
  }
  std::unique_ptr<testing::Postgres> pg_;
};

TEST_F(PgStorageTest, MigratesToTheSameVersionAsSqliteAndStoresWhatItReadsBack) {
  ASSERT_EQ(postgresql_migrations().size(), migrations().size());
  PgStorage s(pg_->url(), "", 3000ms);
  EXPECT_EQ(s.schema_version(), migrations().back().version);
  Write w = room_write("r1");
  w.room->host_key_hash = "abc";
  pb::ChatMessage m;
  m.set_id(1);
  m.set_seat("blue");
  m.set_text("héllo");
  m.set_unix_ms(7);
  w.chat = StoredChat{"r1", m};
  w.clock = std::string("\x01\x02\0\x03", 4);
  s.commit({&w});
  const Write more = event_write("r1", 2);
  s.commit({&more});

  const auto rooms = s.rooms();
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0].name, "Room r1");
  EXPECT_EQ(rooms[0].host_key_hash, "abc");
  EXPECT_EQ(rooms[0].origin, "");
  EXPECT_EQ(s.events("r1").size(), 2u);
  EXPECT_EQ(s.events("r1")[1].seq(), 2u);
  ASSERT_EQ(s.orders("r1").size(), 1u);
  EXPECT_EQ(s.orders("r1")[0].first_seq, 2u);
  const auto snap = s.latest_snapshot("r1");
  ASSERT_TRUE(snap);
  EXPECT_EQ(snap->state, std::string("state\0bytes", 11));
  ASSERT_EQ(s.chat("r1", 10).size(), 1u);
  EXPECT_EQ(s.chat("r1", 10)[0].text(), "héllo");
  EXPECT_EQ(s.clock_of("r1").value_or(""), std::string("\x01\x02\0\x03", 4));
  ASSERT_EQ(s.seats_of("r1").size(), 1u);
  EXPECT_EQ(s.seats_of("r1")[0].created_ms, 5);

  // Opened again (another node, or a restart): nothing is migrated twice.
  PgStorage again(pg_->url(), "", 3000ms);
  EXPECT_EQ(again.rooms().size(), 1u);
}

TEST_F(PgStorageTest, EventsAndOrdersAreAppendOnly) {
  PgStorage s(pg_->url(), "", 3000ms);
  const Write w = room_write("r1");
  s.commit({&w});
  const Write more = event_write("r1", 2);
  s.commit({&more});
  PgConn raw(pg_->url());
  for (const char* sql : {"UPDATE events SET body = '\\x00'", "DELETE FROM events", "TRUNCATE events",
                          "UPDATE orders SET first_seq = 9", "DELETE FROM orders", "TRUNCATE orders"}) {
    EXPECT_THROW(raw.exec(sql), std::runtime_error) << sql;
  }
  EXPECT_EQ(s.events("r1").size(), 2u);
  EXPECT_EQ(s.orders("r1").size(), 1u);
}

TEST_F(PgStorageTest, ABatchIsOneTransaction) {
  PgStorage s(pg_->url(), "", 3000ms);
  const Write a = room_write("r1");
  s.commit({&a});
  // The second write repeats event 1 of r1: the whole batch fails, the first write with it.
  const Write b = room_write("r2");
  Write dup;
  dup.events_room = "r1";
  pb::Event e;
  e.set_seq(1);
  dup.events.push_back(e);
  EXPECT_THROW(s.commit({&b, &dup}), std::runtime_error);
  EXPECT_EQ(s.rooms().size(), 1u);
  // And the connection is usable at once.
  const Write c = event_write("r1", 2);
  s.commit({&c});
  EXPECT_EQ(s.events("r1").size(), 2u);
}

TEST_F(PgStorageTest, OnlyTheNodeHoldingARoomsLeaseWritesIt) {
  PgStorage n1(pg_->url(), "n1", 1500ms);
  PgStorage n2(pg_->url(), "n2", 1500ms);
  const Write created = room_write("n1-aa");
  n1.commit({&created});  // a new room is leased to its creator in the same transaction
  EXPECT_FALSE(n2.claim("n1-aa"));
  const Write by_n2 = event_write("n1-aa", 2);
  EXPECT_THROW(n2.commit({&by_n2}), std::runtime_error);
  const Write by_n1 = event_write("n1-aa", 2);
  n1.commit({&by_n1});
  EXPECT_EQ(n1.events("n1-aa").size(), 2u);

  // n1 stops renewing (it died): once its lease runs out n2 may claim the room, and from then on
  // n1's writes are refused even if it wakes up.
  std::this_thread::sleep_for(1700ms);
  EXPECT_TRUE(n2.claim("n1-aa"));
  const Write late = event_write("n1-aa", 3);
  EXPECT_THROW(n1.commit({&late}), std::runtime_error);
  const Write taken = event_write("n1-aa", 3);
  n2.commit({&taken});
  EXPECT_EQ(n2.events("n1-aa").size(), 3u);
  EXPECT_TRUE(n1.renew().held.empty());

  // n1 beats again: once it has been back for a lease's time, n2 is told to hand its room back,
  // releases it, and n1 claims it.
  EXPECT_TRUE(n2.renew().hand_back.empty());
  for (int i = 0; i < 2; ++i) {  // n1 beats on, more often than a lease lasts
    std::this_thread::sleep_for(800ms);
    n1.renew();
  }
  const auto r = n2.renew();
  EXPECT_EQ(r.held, std::vector<std::string>{"n1-aa"});
  EXPECT_EQ(r.hand_back, std::vector<std::string>{"n1-aa"});
  EXPECT_TRUE(n1.claim_home().empty());  // still n2's until released
  n2.release("n1-aa");
  EXPECT_EQ(n1.claim_home(), std::vector<std::string>{"n1-aa"});
  EXPECT_TRUE(n2.renew().held.empty());
}

TEST_F(PgStorageTest, NodesStartedTogetherMigrateOnce) {
  std::vector<std::thread> nodes;
  std::atomic<int> ok{0};
  for (int i = 0; i < 3; ++i) {
    nodes.emplace_back([&, i] {
      try {
        PgStorage s(pg_->url(), "n" + std::to_string(i), 3000ms);
        if (s.schema_version() == migrations().back().version) ++ok;
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
      }
    });
  }
  for (auto& t : nodes) t.join();
  EXPECT_EQ(ok.load(), 3);
}

}  // namespace
}  // namespace sandtable::server
