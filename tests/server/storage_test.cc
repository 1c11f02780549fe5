// SqliteStorage and the group commit, without the network.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>
#include <future>

#include "server/commit_queue.h"
#include "server/migrations.h"
#include "server/sqlite_storage.h"
#include "tests/server/server_process.h"

namespace sandtable::server {
namespace {

using sandtable::testing::TempDir;

Write room_write(const std::string& id) {
  Write w;
  w.room = StoredRoom{id, std::string("Room ").append(id), "counter-test", "counter-duel", 1, "", ""};
  StoredSeat s;
  s.token_hash = std::string("hash-").append(id);
  s.room_id = id;
  s.seat = "blue";
  s.role = pb::ROLE_PLAYER;
  w.seats.push_back(s);
  w.events_room = id;
  pb::Event e;
  e.set_seq(1);
  e.mutable_game_started()->set_ruleset("counter-test");
  w.events.push_back(e);
  return w;
}

TEST(StorageTest, MigrationsAreNumberedWithoutGapsAndSetUserVersion) {
  const auto& all = migrations();
  ASSERT_FALSE(all.empty());
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i].version, static_cast<int>(i + 1)) << all[i].name;
  TempDir dir;
  SqliteStorage s(dir.path + "/a.db");
  EXPECT_EQ(s.schema_version(), all.back().version);
}

TEST(StorageTest, ReopeningDoesNotReapplyMigrations) {
  TempDir dir;
  {
    SqliteStorage s(dir.path + "/a.db");
    const Write w = room_write("r1");
    s.commit({&w});
  }
  SqliteStorage s(dir.path + "/a.db");
  EXPECT_EQ(s.rooms().size(), 1u);
}

// Room r1 and `batches` commits of 100 events of about 4 KB (a page) each, after its first.
void write_pages_of_events(SqliteStorage& s, int batches) {
  const Write first = room_write("r1");
  s.commit({&first});
  pb::Event big;
  big.mutable_game_started()->set_ruleset(std::string(4000, 'x'));
  std::uint64_t seq = 1;
  for (int batch = 0; batch < batches; ++batch) {
    Write w;
    w.events_room = "r1";
    for (int i = 0; i < 100; ++i) {
      big.set_seq(++seq);
      w.events.push_back(big);
    }
    s.commit({&w});
  }
}

TEST(StorageTest, TheWalIsCheckpointedByItsOwnThread) {
  TempDir dir;
  const std::string path = dir.path + "/a.db";
  SqliteStorage s(path, SyncMode::kNormal);
  // Half as many pages again as the checkpoint size fill the WAL past it.
  const int batches = SqliteStorage::kCheckpointPages * 3 / 2 / 100;
  write_pages_of_events(s, batches);
  for (int i = 0; i < 500 && s.checkpoints() == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_GT(s.checkpoints(), 0u);
  EXPECT_EQ(s.events("r1").size(), static_cast<std::size_t>(batches * 100 + 1));
  // The checkpoints copied the WAL into the database file (a page or more an event by now).
  const std::uintmax_t copied = static_cast<std::uintmax_t>(SqliteStorage::kCheckpointPages) * 4096u;
  for (int i = 0; i < 500 && std::filesystem::file_size(path) < copied; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_GE(std::filesystem::file_size(path), copied);
}

// --checkpoint-pages: the same 300 pages of events start a checkpoint at a size of 200 and none
// at the default.
TEST(StorageTest, TheCheckpointSizeIsTheOneGiven) {
  TempDir dir;
  SqliteStorage small(dir.path + "/small.db", SyncMode::kNormal, 200);
  write_pages_of_events(small, 3);
  for (int i = 0; i < 300 && small.checkpoints() == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_GT(small.checkpoints(), 0u);
  SqliteStorage usual(dir.path + "/usual.db", SyncMode::kNormal);
  write_pages_of_events(usual, 3);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(usual.checkpoints(), 0u);
}

TEST(StorageTest, RefusesADatabaseNewerThanTheBinary) {
  TempDir dir;
  const std::string path = dir.path + "/new.db";
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "PRAGMA user_version=9999", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  try {
    SqliteStorage s(path);
    FAIL() << "a newer database must be refused";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
  }
}

TEST(StorageTest, RoundTripAndWalMode) {
  TempDir dir;
  SqliteStorage s(dir.path + "/a.db");
  Write w = room_write("r1");
  pb::ChatMessage m;
  m.set_id(1);
  m.set_seat("blue");
  m.set_channel(pb::CHAT_CHANNEL_PLAYERS);
  m.set_text("hello");
  w.chat = StoredChat{"r1", m};
  w.snapshot = StoredSnapshot{"r1", 1, "view-bytes", "state-bytes"};
  s.commit({&w});
  ASSERT_EQ(s.rooms().size(), 1u);
  EXPECT_EQ(s.rooms()[0].name, "Room r1");
  ASSERT_EQ(s.seats().size(), 1u);
  EXPECT_EQ(s.seats()[0].token_hash, "hash-r1");
  ASSERT_EQ(s.events("r1").size(), 1u);
  EXPECT_EQ(s.events("r1")[0].game_started().ruleset(), "counter-test");
  EXPECT_EQ(s.chat("r1", 10).at(0).text(), "hello");
  EXPECT_EQ(s.latest_snapshot("r1")->gm_view, "view-bytes");
  EXPECT_EQ(s.latest_snapshot("r1")->state, "state-bytes");
  Write revoke;
  revoke.revoke_hashes.push_back("hash-r1");
  s.commit({&revoke});
  EXPECT_TRUE(s.seats()[0].revoked);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path + "/a.db").c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, nullptr);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)), "wal");
  sqlite3_finalize(st);
  // The event log is append-only.
  EXPECT_NE(sqlite3_exec(db, "DELETE FROM events", nullptr, nullptr, nullptr), SQLITE_OK);
  EXPECT_NE(sqlite3_exec(db, "UPDATE events SET body = x'00'", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
}

TEST(StorageTest, AHostKeyHashIsKeptWithItsRoomAndNoneReadsEmpty) {
  TempDir dir;
  {
    SqliteStorage s(dir.path + "/a.db");
    Write keyed = room_write("r1");
    keyed.room->host_key_hash = std::string(64, 'c');
    const Write plain = room_write("r2");
    s.commit({&keyed, &plain});
  }
  SqliteStorage s(dir.path + "/a.db");
  const auto rooms = s.rooms();
  ASSERT_EQ(rooms.size(), 2u);
  EXPECT_EQ(rooms[0].id, "r1");
  EXPECT_EQ(rooms[0].host_key_hash, std::string(64, 'c'));
  EXPECT_EQ(rooms[1].host_key_hash, "");
}

TEST(StorageTest, AFailingBatchStoresNothing) {
  TempDir dir;
  SqliteStorage s(dir.path + "/a.db");
  const Write a = room_write("r1");
  s.commit({&a});
  const Write b = room_write("r2");
  const Write dup = room_write("r1");  // primary key clash
  EXPECT_THROW(s.commit({&b, &dup}), std::runtime_error);
  EXPECT_EQ(s.rooms().size(), 1u) << "r2 was in the failed transaction";
}

TEST(CommitQueueTest, ConcurrentWritesAreBatchedAndEachCallbackRunsAfterItsCommit) {
  TempDir dir;
  SqliteStorage s(dir.path + "/a.db", SyncMode::kNormal);
  Metrics metrics;
  constexpr int kRooms = 200;
  std::atomic<int> done{0};
  std::promise<void> all;
  {
    CommitQueue q(s, metrics, std::chrono::microseconds(2000));
    for (int i = 0; i < kRooms; ++i) {
      q.submit(room_write(std::string("r").append(std::to_string(i))), [&](bool ok, const std::string&) {
        EXPECT_TRUE(ok);
        if (++done == kRooms) all.set_value();
      });
    }
    all.get_future().wait();
  }
  EXPECT_EQ(s.rooms().size(), static_cast<std::size_t>(kRooms));
  EXPECT_LT(metrics.commit_batches.load(), static_cast<std::uint64_t>(kRooms)) << "writes share transactions";
  EXPECT_EQ(metrics.commit_writes.load(), static_cast<std::uint64_t>(kRooms));
}

}  // namespace
}  // namespace sandtable::server
