// Rooms recover from real snapshots (server/recovery.h): a room is rebuilt from its latest
// stored GameSnapshot plus the events after it, and from the whole log when that snapshot
// cannot be used, never lost or misreplayed. Rooms::load is run in-process over the database
// and each seat's View is read through a joined member; the real server is also killed past a
// snapshot, restarted and played to the end.
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <boost/asio/io_context.hpp>
#include <fstream>
#include <sstream>

#include "engine/model/autoplay.h"
#include "engine/model/scenario_io.h"
#include "engine/registry/builtin_registry.h"
#include "server/commit_queue.h"
#include "server/recovery.h"
#include "server/room.h"
#include "server/rooms.h"
#include "server/sqlite_storage.h"
#include "tests/server/counter_rules.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

namespace net = boost::asio;
using server::StoredSnapshot;

// A member that keeps every frame the room sends it.
class Collector : public server::Subscriber {
 public:
  void deliver(server::Frame frame) override { frames.push_back(*frame); }
  void kick(const std::string& code, const std::string& message) override { kicked = code + ": " + message; }
  std::vector<std::string> frames;
  std::string kicked;
};

// The rooms of a database as Rooms::load rebuilds them, in this process.
struct Loaded {
  Loaded(const std::string& db, const Registry& registry)
      : storage(db, server::SyncMode::kNormal),
        commits(storage, metrics, std::chrono::microseconds(500)),
        rooms(io, registry, commits, tokens, metrics, std::make_shared<const server::ScenarioCatalog>()) {
    spdlog::set_level(spdlog::level::warn);  // the fallbacks' warnings, not every join
    rooms.load(storage);
  }
  ~Loaded() {
    rooms.shutdown();
    commits.stop();
  }
  // What a seat holding `token_hash` sees on joining (the Snapshot's View).
  pb::View view(const std::string& room_id, const std::string& seat, const std::string& token_hash) {
    auto room = rooms.find(room_id);
    if (!room) throw std::runtime_error("no room " + room_id);
    auto ref = tokens.find(token_hash);
    if (!ref) throw std::runtime_error("no token for " + seat);
    auto who = std::make_shared<Collector>();
    room->join(who, *ref, token_hash, 0, 1);
    io.restart();
    io.run();
    room->leave(who);
    io.restart();
    io.run();
    for (const auto& f : who->frames) {
      pb::Envelope env;
      if (env.ParseFromString(f) && env.has_snapshot()) return env.snapshot().view();
    }
    throw std::runtime_error(seat + " got no snapshot on joining " + room_id + " " + who->kicked);
  }

  net::io_context io;
  server::Metrics metrics;
  server::SqliteStorage storage;
  server::CommitQueue commits;
  server::TokenIndex tokens;
  server::Rooms rooms;
};

std::vector<std::string> viewers(const Game& g) {
  std::vector<std::string> v = {"gm", "spectator"};
  v.insert(v.end(), g.state().sides.begin(), g.state().sides.end());
  return v;
}

// The two games are one: every viewer's View (menus included) and the saved state.
void expect_same_game(const Game& want, const Game& got, const std::string& where) {
  EXPECT_EQ(got.seq(), want.seq()) << where;
  EXPECT_EQ(got.save().SerializeAsString(), want.save().SerializeAsString()) << where;
  for (const auto& v : viewers(want)) {
    EXPECT_EQ(got.view(v).SerializeAsString(), want.view(v).SerializeAsString()) << where << ": view of " << v;
  }
}

// Plays the counter game through the server until the room is at `until` or over.
// The seats order as fast as the server answers, hundreds of orders a second: above the per-
// connection frame budget (--rate 50, --burst 100), which would refuse orders unread. That budget
// is not what this test is about.
const std::vector<std::string> kFast = {"--sync", "normal", "--rate", "100000", "--burst", "100000"};

void play_until(Seat& blue, Seat& red, std::uint64_t until) {
  while (blue.seq < until && !blue.view.result().over()) {
    red.drain(0ms);
    blue.drain(0ms);
    Seat& mover = blue.my_decision() ? blue : red;
    if (!mover.my_decision()) {  // a delta is still on its way
      red.drain(20ms);
      blue.drain(20ms);
      continue;
    }
    const auto reply = mover.order(answer(*mover.my_decision()));
    ASSERT_TRUE(reply.has_order_accepted()) << reply.ShortDebugString();
  }
}

TEST(SnapshotRecoveryTest, AServerKilledPastASnapshotRestartsFromItAndPlaysOnAsTheUninterruptedGame) {
  const std::uint64_t seed = 8080;
  const int target = 400;  // several hundred events: snapshots at 200 and 400 events
  TempDir dir;
  const std::string db = dir.path + "/snap.db";
  auto server = start_test_server(db, kFast);
  const auto room = create_counter_room(server->port(), seed, target);
  const std::string id = room.room_id();
  {
    Seat blue(server->port(), token_of(room, "blue"), 0, id);
    Seat red(server->port(), token_of(room, "red"), 0, id);
    play_until(blue, red, 2 * server::Room::kSnapshotEvery + 37);
    ASSERT_FALSE(blue.view.result().over()) << "the game must still be on (raise the target)";
  }
  server->kill9();

  // What is stored: the log and a real snapshot behind its end.
  std::vector<pb::Event> log;
  std::optional<StoredSnapshot> snapshot;
  {
    server::SqliteStorage storage(db);
    log = storage.events(id);
    snapshot = storage.latest_snapshot(id);
  }
  ASSERT_TRUE(snapshot);
  EXPECT_GE(snapshot->seq, 2 * server::Room::kSnapshotEvery);
  EXPECT_LT(snapshot->seq, log.size()) << "there are events after the snapshot";
  ASSERT_FALSE(snapshot->state.empty()) << "the snapshot carries the engine state";
  std::string error;
  auto replayed = Game::from_log(counter_registry(), log, &error);
  ASSERT_TRUE(replayed) << error;

  // The recovery uses it, and gives exactly the replayed game.
  const auto rec = server::recover_game(counter_registry(), log, snapshot);
  EXPECT_EQ(rec.snapshot_seq, snapshot->seq);
  EXPECT_EQ(rec.fallback, "");
  expect_same_game(*replayed, *rec.game, "recover_game");
  {
    Loaded loaded(db, counter_registry());
    EXPECT_EQ(loaded.metrics.rooms_from_snapshot.load(), 1u);
    EXPECT_EQ(loaded.metrics.rooms_from_log.load(), 0u);
    for (const auto& v : viewers(*replayed)) {
      EXPECT_EQ(loaded.view(id, v, server::token_hash(token_of(room, v))).SerializeAsString(),
                replayed->view(v).SerializeAsString())
          << v;
    }
  }

  // The restarted server goes on from there to the very end of the uninterrupted run.
  server = start_test_server(db, kFast);
  {
    Seat blue(server->port(), token_of(room, "blue"), 0, id);
    Seat red(server->port(), token_of(room, "red"), 0, id);
    EXPECT_EQ(blue.seq, log.size());
    EXPECT_EQ(blue.view.SerializeAsString(), replayed->view("blue").SerializeAsString());
    play_until(blue, red, 1u << 30);
    ASSERT_TRUE(blue.view.result().over());
  }
  EXPECT_EQ(server->stop(), 0);
  AutoplayOptions opt;
  opt.seed = seed;
  const auto run = autoplay(*counter_registry().find("counter-test"), counter_scenario(target), opt);
  ASSERT_TRUE(run.finished) << run.error;
  server::SqliteStorage storage(db);
  const auto stored = storage.events(id);
  ASSERT_EQ(stored.size(), run.log.size());
  for (std::size_t i = 0; i < stored.size(); ++i) {
    ASSERT_EQ(stored[i].SerializeAsString(), run.log[i].SerializeAsString()) << "event " << i + 1;
  }
  const auto last = storage.latest_snapshot(id);
  ASSERT_TRUE(last);
  EXPECT_EQ(last->seq, stored.size()) << "the end of a game is snapshotted";
}

// A room of one Portable Wargame game whose stored log ends at `events` and whose snapshot
// (if any) is `snapshot`; its seats' token hashes are "<room>-<seat>".
void store_room(server::SqliteStorage& storage, const std::string& id, const std::vector<pb::Event>& log,
                std::size_t events, std::optional<StoredSnapshot> snapshot) {
  server::Write w;
  w.room = server::StoredRoom{id, id, "portable-wargame-19c", "pw-meeting-engagement", 1, "", ""};
  for (const std::string seat : {"gm", "spectator", "blue", "red"}) {
    server::StoredSeat s;
    s.token_hash = id + "-" + seat;
    s.room_id = id;
    s.seat = seat;
    s.role = seat == "gm" ? pb::ROLE_GM : seat == "spectator" ? pb::ROLE_SPECTATOR : pb::ROLE_PLAYER;
    w.seats.push_back(s);
  }
  w.events_room = id;
  w.events.assign(log.begin(), log.begin() + static_cast<std::ptrdiff_t>(events));
  if (snapshot) snapshot->room_id = id;
  w.snapshot = snapshot;
  storage.commit({&w});
}

TEST(SnapshotRecoveryTest, AnUnusableSnapshotFallsBackToTheWholeLogAndTheRoomIsTheSame) {
  const Registry& registry = builtin_registry();
  const RuleSet& rules = *registry.find("portable-wargame-19c");
  std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/pw/meeting-engagement.json");
  std::stringstream text;
  text << in.rdbuf();
  const pb::Scenario scenario = *parse_scenario(text.str(), registry).scenario;
  AutoplayOptions opt;
  opt.seed = 99;
  const auto run = autoplay(rules, scenario, opt);
  ASSERT_TRUE(run.finished) << run.error;
  const std::size_t at = run.log.size() / 3, end = 2 * run.log.size() / 3;
  std::string error;
  auto at_snapshot = Game::from_log(registry, {run.log.begin(), run.log.begin() + static_cast<std::ptrdiff_t>(at)}, &error);
  ASSERT_TRUE(at_snapshot) << error;
  auto game = Game::from_log(registry, {run.log.begin(), run.log.begin() + static_cast<std::ptrdiff_t>(end)}, &error);
  ASSERT_TRUE(game) << error;
  ASSERT_EQ(game->seq(), end);
  const auto snapshot_of = [&](const pb::GameSnapshot& s) {
    return StoredSnapshot{"", s.seq(), "", s.SerializeAsString()};
  };
  const pb::GameSnapshot good = at_snapshot->save();
  pb::GameSnapshot old_version = good;
  old_version.set_rules_version("pw-0");
  opt.seed = 100;
  const auto other_run = autoplay(rules, scenario, opt);
  auto other = Game::from_log(registry, {other_run.log.begin(), other_run.log.begin() + 20}, &error);
  ASSERT_TRUE(other) << error;

  struct Case {
    std::string id;
    std::optional<StoredSnapshot> snapshot;
    std::size_t events;    // the stored log's length
    std::string fallback;  // a word of the reason; "" when the snapshot is used (or has no state); "*" any reason
  };
  StoredSnapshot garbage{"", good.seq(), "", "\x0a\xff\xff\xff garbage"};
  StoredSnapshot cut{"", good.seq(), "", good.SerializeAsString().substr(0, good.ByteSizeLong() / 2)};
  StoredSnapshot no_state{"", good.seq(), "gm-view", ""};  // a row from before migration 0006
  const std::vector<Case> rooms = {
      {"good", snapshot_of(good), end, ""},
      {"garbage", garbage, end, "GameSnapshot"},
      {"cut", cut, end, "GameSnapshot"},
      {"version", snapshot_of(old_version), end, "version 'pw-0'"},
      {"other-game", snapshot_of(other->save()), end, "*"},  // its draws or its seed give it away
      {"beyond-log", snapshot_of(game->save()), at, "log has"},
      {"no-state", no_state, end, ""},
  };
  TempDir dir;
  const std::string db = dir.path + "/rooms.db";
  {
    server::SqliteStorage storage(db);
    for (const auto& r : rooms) store_room(storage, r.id, run.log, r.events, r.snapshot);
    // Rows from before migration 0006 have NULL, not an empty blob.
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw, "UPDATE snapshots SET state = NULL WHERE room_id = 'no-state'", nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(raw);
  }
  for (const auto& r : rooms) {
    SCOPED_TRACE(r.id);
    server::SqliteStorage storage(db);
    const auto log = storage.events(r.id);
    const auto rec = server::recover_game(registry, log, storage.latest_snapshot(r.id));
    if (r.fallback.empty()) {
      EXPECT_EQ(rec.fallback, "");
    } else if (r.fallback == "*") {
      EXPECT_NE(rec.fallback, "");
    } else {
      EXPECT_NE(rec.fallback.find(r.fallback), std::string::npos) << rec.fallback;
    }
    EXPECT_EQ(rec.snapshot_seq, r.id == "good" ? good.seq() : 0u);
    auto replayed = Game::from_log(registry, log, &error);
    ASSERT_TRUE(replayed) << error;
    expect_same_game(*replayed, *rec.game, r.id);
  }
  Loaded loaded(db, registry);
  EXPECT_EQ(loaded.metrics.rooms_from_snapshot.load(), 1u);
  EXPECT_EQ(loaded.metrics.rooms_from_log.load(), rooms.size() - 1);
  EXPECT_EQ(loaded.metrics.snapshots_unusable.load(), rooms.size() - 2) << "all but the good and the stateless";
  for (const auto& r : rooms) {
    const Game& want = r.events == end ? *game : *at_snapshot;
    for (const auto& v : viewers(want)) {
      EXPECT_EQ(loaded.view(r.id, v, r.id + "-" + v).SerializeAsString(), want.view(v).SerializeAsString())
          << r.id << ": view of " << v;
    }
  }
}

// Issue 14, defect 2: one room whose log no longer loads (here a row that is not an event, as a
// torn disk write or a hand edit would leave) used to stop the whole server at start. Now that
// room is set aside, its seats are told why, and every other room starts and plays.
TEST(SnapshotRecoveryTest, ARoomWhoseLogNoLongerLoadsIsSetAsideAndEveryOtherRoomPlays) {
  TempDir dir;
  const std::string db = dir.path + "/aside.db";
  auto server = start_test_server(db, kFast);
  const auto broken = create_counter_room(server->port(), 11, 50);
  const auto sound = create_counter_room(server->port(), 12, 50);
  EXPECT_EQ(server->stop(), 0);
  {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    // Appending is what the log allows; the bytes are no Event.
    const std::string sql = "INSERT INTO events(room_id,seq,body) SELECT room_id, MAX(seq) + 1, x'ffffffffff' FROM events WHERE room_id='" +
                            broken.room_id() + "'";
    char* err = nullptr;
    EXPECT_EQ(sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
    sqlite3_free(err);
    sqlite3_close(h);
  }
  {
    Loaded loaded(db, counter_registry());
    EXPECT_EQ(loaded.metrics.rooms_set_aside.load(), 1u);
    EXPECT_FALSE(loaded.rooms.find(broken.room_id()));
    EXPECT_NE(loaded.rooms.set_aside(broken.room_id()).find("unreadable"), std::string::npos) << loaded.rooms.set_aside(broken.room_id());
    EXPECT_TRUE(loaded.rooms.find(sound.room_id()));
    EXPECT_EQ(loaded.rooms.set_aside(sound.room_id()), "");
  }
  server = start_test_server(db, kFast);
  {
    WsClient c(server->port());
    pb::Envelope hello;
    hello.mutable_hello()->set_token(token_of(broken, "blue"));
    const auto reply = c.reply_to(c.send(hello));
    ASSERT_TRUE(reply.has_error()) << reply.ShortDebugString();
    EXPECT_EQ(reply.error().code(), "ROOM_UNAVAILABLE");
    EXPECT_NE(reply.error().message().find("could not be loaded"), std::string::npos) << reply.error().message();
    hello.mutable_hello()->set_room_id(broken.room_id());
    WsClient named(server->port());
    EXPECT_EQ(named.reply_to(named.send(hello)).error().code(), "ROOM_UNAVAILABLE") << "not UNKNOWN_ROOM: the room exists";
  }
  Seat blue(server->port(), token_of(sound, "blue"), 0, sound.room_id());
  Seat red(server->port(), token_of(sound, "red"), 0, sound.room_id());
  play_until(blue, red, 4);
  EXPECT_GE(blue.seq, 4u) << "the sound room plays on";
  EXPECT_EQ(server->stop(), 0);
}

}  // namespace
}  // namespace sandtable::testing
