// kill -9 at random moments while several rooms play at once (each its own counter game with
// its own seed, orders sent to several rooms before any answer is read, so a kill lands while
// several rooms have an order in flight). After every restart every room loads and holds every
// order whose acceptance reached a client (and nothing more when it had none in flight); at the
// end each room's event log, read straight from the database, equals byte for byte an
// uninterrupted engine run with the same seed (GameStarted included).
//
// The power-cut variant does the same under --sync full (the default) and, after each kill,
// drops or tears what the server wrote and had not synced before restarting it
// (crash_power_cut.h says how and why that is sound).
//
// The kill points, the kinds of cut and the rooms' seeds and lengths come from one seed printed
// on every run; SANDTABLE_CRASH_SEED=<seed> draws them again (the scheduler's timing, and so what
// exactly is durable at each kill, can still differ). A few kills in the normal run;
// SANDTABLE_SOAK=1 makes 100 of each (docs/RELIABILITY.md has the figures of one).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "engine/core/rng.h"
#include "engine/model/autoplay.h"
#include "engine/model/scenario_io.h"
#include "server/sqlite_storage.h"
#include "tests/server/counter_rules.h"
#include "tests/server/crash_power_cut.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

using Clock = std::chrono::steady_clock;

// The seed of the kill points: differs per run, and a failing run is replayed from its output.
std::uint64_t chaos_seed(const char* test) {
  const char* given = std::getenv("SANDTABLE_CRASH_SEED");
  std::random_device device;
  const std::uint64_t seed = given ? std::strtoull(given, nullptr, 10)
                                   : (std::uint64_t{device()} << 32 | device()) % 10'000'000'000ULL;
  std::printf("%s: kill points from seed %llu (SANDTABLE_CRASH_SEED=%llu replays them)\n", test,
              static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seed));
  std::fflush(stdout);
  return seed;
}

struct Load {
  int rooms = 6;
  int kills = 5;
  int min_target = 30;  // each room's counter target is drawn in [min_target, max_target]
  int max_target = 60;
  // Power cut: this kill (counted from 0) lands in a checkpoint, the database's pages written
  // and not synced (-1: none).
  int kill_in_checkpoint = -1;
  // Power cut: this kill waits until the WAL has started over after a checkpoint in its server's
  // life (SQLite then writes new frames over old ones, so what was not synced is not at the
  // file's end). -1: none waits.
  int kill_after_wal_restart = -1;
};

// Between kills each room plays about 1.9 orders (0 to 3 full rounds and the kill's, 3 rooms
// in 4 ordering in each). A counter game to target T takes about T / 1.75 orders.
Load load_of_this_run(bool power_cut) {
  const bool soak = std::getenv("SANDTABLE_SOAK") != nullptr;
  Load load;
  load.kills = soak ? 100 : power_cut ? 4 : 5;
  if (power_cut) {
    // The WAL passes the 1,000 pages that start a checkpoint after some 2,000 orders of this
    // load (the counter game's rows are small): the games are long enough for that twice over.
    load.kill_in_checkpoint = soak ? 49 : load.kills - 2;
    load.kill_after_wal_restart = soak ? 50 : load.kills - 1;
    load.min_target = soak ? 1300 : 1200;
    load.max_target = soak ? 1500 : 1400;
  } else if (soak) {
    load.min_target = 500;
    load.max_target = 700;
  }
  return load;
}

// One room of the load, its two seats joined afresh after every restart.
struct Table {
  int index = 0;
  pb::RoomCreated room;
  std::uint64_t seed = 0;
  int target = 0;
  std::uint64_t acked = 0;     // the highest sequence an acceptance reached us for
  std::uint64_t at = 0;        // the room's sequence as we know it (the last acceptance or rejoin)
  std::uint64_t pending = 0;   // request id of an order sent and not yet answered
  bool in_flight = false;      // an order was unanswered when the server died
  bool over = false;
  std::unique_ptr<Seat> blue, red;
  Seat* mover = nullptr;       // who sent the pending order
};

struct Stats {
  int kills = 0;
  int acked = 0;           // orders whose acceptance we read
  int in_flight = 0;       // orders unanswered at a kill
  int in_flight_kept = 0;  // of those, in the log after the restart
  int most_in_flight = 0;  // rooms with an order in flight at one kill, at most
  // The power cut's:
  int mid_commit = 0;      // kills while a commit was written and not yet synced
  int mid_checkpoint = 0;  // kills while a checkpoint's pages were written and not yet synced
  int lost_cuts = 0, torn_cuts = 0;
  std::uint64_t wal_dropped = 0, db_dropped = 0;  // bytes dropped or changed
  int cuts_dropping_wal = 0;
  std::uint64_t wal_in_place = 0;  // WAL bytes changed below the size the file was cut to
  int cuts_after_wal_restart = 0;  // cuts in a server life in which the WAL had started over
  std::uint64_t wal_in_place_after_restart = 0;
  int wal_restarts = 0, db_syncs = 0;
};

// Waits until both seats have seen the room at `at`, and notes whether its game is over.
void settle(Table& t) {
  const auto deadline = Clock::now() + 10s;
  for (;;) {
    if (t.blue->seq > t.at || t.red->seq > t.at) {
      throw std::runtime_error("room " + std::to_string(t.index) + " moved past what was ordered");
    }
    if (t.blue->seq == t.at && t.red->seq == t.at) {
      t.over = t.blue->view.result().over();
      if (t.over || t.blue->my_decision() || t.red->my_decision()) return;
    }
    if (Clock::now() > deadline) {
      throw std::runtime_error("room " + std::to_string(t.index) + ": no update to seq " + std::to_string(t.at));
    }
    Seat& behind = t.blue->seq < t.at ? *t.blue : *t.red;
    if (auto env = behind.client.recv(5ms)) behind.absorb(*env);
  }
}

void send_order(Table& t) {
  t.mover = t.blue->my_decision() ? t.blue.get() : t.red.get();
  pb::Envelope env;
  env.mutable_order()->set_seq(t.mover->seq);
  *env.mutable_order()->mutable_command() = answer(*t.mover->my_decision());
  t.pending = t.mover->client.send(env);
}

void await_reply(Table& t) {
  for (;;) {
    auto got = t.mover->client.recv(10000ms);
    if (!got) {
      throw std::runtime_error("room " + std::to_string(t.index) + ": no answer to the order at seq " +
                               std::to_string(t.mover->seq) +
                               (t.mover->client.closed() ? " (the connection closed)" : " in 10 s"));
    }
    if (got->has_error() && got->request_id() == 0) {  // a frame refused unread (RATE_LIMITED)
      throw std::runtime_error("room " + std::to_string(t.index) + ": " + got->ShortDebugString());
    }
    if (got->request_id() != t.pending) {
      t.mover->absorb(*got);
      continue;
    }
    if (!got->has_order_accepted()) {
      throw std::runtime_error("room " + std::to_string(t.index) + ": order refused: " + got->ShortDebugString());
    }
    t.acked = t.at = got->order_accepted().seq();
    t.pending = 0;
    return;
  }
}

// Each room still playing gets an order with odds 3 in 4 (one at least), all sent before any
// answer is read. Returns the rooms that got one.
std::vector<Table*> send_round(std::vector<Table>& tables, Pcg32& chaos) {
  std::vector<Table*> live;
  for (auto& t : tables) {
    if (t.over) continue;
    settle(t);
    if (!t.over) live.push_back(&t);
  }
  std::vector<Table*> chosen;
  for (auto* t : live) {
    if (chaos.below(4) != 0) chosen.push_back(t);
  }
  if (chosen.empty() && !live.empty()) chosen.push_back(live[chaos.below(static_cast<std::uint32_t>(live.size()))]);
  for (auto* t : chosen) send_order(*t);
  return chosen;
}

void full_round(std::vector<Table>& tables, Pcg32& chaos, Stats& stats) {
  auto sent = send_round(tables, chaos);
  for (std::size_t i = sent.size(); i > 1; --i) {  // the answers read in an order drawn too
    std::swap(sent[i - 1], sent[chaos.below(static_cast<std::uint32_t>(i))]);
  }
  for (auto* t : sent) {
    await_reply(*t);
    ++stats.acked;
  }
}

bool any_live(const std::vector<Table>& tables) {
  for (const auto& t : tables) {
    if (!t.over) return true;
  }
  return false;
}

enum class KillAt { kAtOnce, kAfterAPause, kAfterSomeAnswers, kMidCommit };

// A seat here orders faster than a person (over 50 frames a second once few rooms are left):
// the per-connection rate limit, not what is tested, is lifted.
// SQLite's own checkpoint size, not the server's larger default: the power cuts must land in
// checkpoints and after the WAL started over, and at 1,000 pages these games pass it twice.
const std::vector<std::string> kServerFlags = {"--rate", "100000", "--burst", "100000", "--checkpoint-pages", "1000"};

// Plays the load with kills; `disk` set: with a power cut after each.
void play(const Load& load, std::uint64_t seed, const std::string& db, PowerCutDisk* disk, Stats& stats) {
  Pcg32 chaos(seed);
  auto start = [&] { return disk ? disk->start(kServerFlags) : start_test_server(db, kServerFlags); };
  auto server = start();
  std::vector<Table> tables(static_cast<std::size_t>(load.rooms));
  for (int i = 0; i < load.rooms; ++i) {
    auto& t = tables[static_cast<std::size_t>(i)];
    t.index = i;
    t.seed = std::uint64_t{chaos.next()} << 32 | chaos.next();
    t.target = load.min_target + static_cast<int>(chaos.below(static_cast<std::uint32_t>(load.max_target - load.min_target + 1)));
    t.room = create_counter_room(server->port(), t.seed, t.target);
  }
  bool first = true;
  for (;;) {
    // Every room rejoined, finished ones too: each must load and hold every acknowledged order.
    for (auto& t : tables) {
      SCOPED_TRACE("room " + std::to_string(t.index) + " after kill " + std::to_string(stats.kills));
      try {
        t.blue = std::make_unique<Seat>(server->port(), token_of(t.room, "blue"), 0, t.room.room_id());
        t.red = std::make_unique<Seat>(server->port(), token_of(t.room, "red"), 0, t.room.room_id());
      } catch (const std::exception& e) {
        FAIL() << "the room does not load: " << e.what();
      }
      ASSERT_EQ(t.blue->seq, t.red->seq);
      if (first) t.acked = t.at = t.blue->seq;
      ASSERT_GE(t.blue->seq, t.acked) << "an acknowledged order was lost";
      if (t.in_flight) {
        if (t.blue->seq > t.acked) ++stats.in_flight_kept;
      } else {
        ASSERT_EQ(t.blue->seq, t.at) << "the room moved though it had no order in flight";
      }
      const bool over = t.blue->view.result().over();
      if (t.over) {
        ASSERT_TRUE(over) << "a finished game is no longer finished";
      }
      t.at = t.blue->seq;
      t.over = over;
      t.in_flight = false;
    }
    first = false;
    if (stats.kills == load.kills) {
      while (any_live(tables)) full_round(tables, chaos, stats);  // no more kills: every game to its end
      break;
    }
    if (!any_live(tables)) break;  // the games ended before every kill was made (checked below)
    for (std::uint32_t r = chaos.below(4); r > 0 && any_live(tables); --r) full_round(tables, chaos, stats);
    const bool in_checkpoint = disk && stats.kills == load.kill_in_checkpoint;
    if (in_checkpoint) {  // play on until the checkpoint has written pages it cannot sync
      disk->stall(SANDTABLE_SYNC_DB, true);
      const std::size_t from = disk->records().size();
      while (!disk->unsynced(SANDTABLE_SYNC_DB, from) && any_live(tables)) full_round(tables, chaos, stats);
      stats.mid_checkpoint += disk->unsynced(SANDTABLE_SYNC_DB, from);
    }
    if (disk && stats.kills == load.kill_after_wal_restart) {
      while (disk->counts().wal_restarts == 0 && any_live(tables)) full_round(tables, chaos, stats);
    }
    const bool wal_restarted = disk && disk->counts().wal_restarts > 0;

    // The kill: orders sent to several rooms, then the server dies at a point drawn from the seed.
    // With a power cut the first kill, and the first after the WAL started over, land mid-commit.
    const bool first_after_restart = wal_restarted && stats.cuts_after_wal_restart == 0;
    const KillAt how = disk && (stats.kills == 0 || first_after_restart || chaos.below(3) == 0)
                           ? KillAt::kMidCommit
                           : static_cast<KillAt>(chaos.below(3));
    std::size_t mark = 0;
    if (how == KillAt::kMidCommit) {
      disk->stall(SANDTABLE_SYNC_WAL, true);
      mark = disk->records().size();
    }
    const auto sent = send_round(tables, chaos);
    switch (how) {
      case KillAt::kAtOnce:
        break;
      case KillAt::kAfterAPause:
        std::this_thread::sleep_for(std::chrono::microseconds(chaos.below(5000)));
        break;
      case KillAt::kAfterSomeAnswers:
        for (std::uint32_t n = chaos.below(static_cast<std::uint32_t>(sent.size() + 1)), i = 0; i < n; ++i) {
          await_reply(*sent[i]);
          ++stats.acked;
        }
        break;
      case KillAt::kMidCommit:
        if (disk->wait_for_unsynced(SANDTABLE_SYNC_WAL, mark, 5000ms)) ++stats.mid_commit;
        break;
    }
    if (disk) {
      const auto counts = disk->counts();
      if (stats.kills == 0) {
        ASSERT_GT(counts.wal_syncs, 0) << "the recorder saw no sync of the WAL: is it preloaded?";
      }
      stats.wal_restarts += counts.wal_restarts;
      stats.db_syncs += counts.db_syncs;
    }
    server->kill9();
    ++stats.kills;
    int in_flight = 0;
    for (auto& t : tables) {
      t.in_flight = t.pending != 0;
      in_flight += t.in_flight;
      t.pending = 0;
      t.mover = nullptr;
      t.blue.reset();
      t.red.reset();
    }
    stats.in_flight += in_flight;
    stats.most_in_flight = std::max(stats.most_in_flight, in_flight);
    if (disk) {
      // Those cuts drop every unsynced byte; the others draw.
      const CutKind kind = stats.kills == 1 || first_after_restart || in_checkpoint || chaos.below(2) == 0
                               ? CutKind::kLost
                               : CutKind::kTorn;
      const CutResult cut = disk->cut(kind, chaos);
      ++(kind == CutKind::kLost ? stats.lost_cuts : stats.torn_cuts);
      stats.wal_dropped += cut.wal_bytes;
      stats.db_dropped += cut.db_bytes;
      stats.cuts_dropping_wal += cut.wal_bytes > 0;
      stats.wal_in_place += cut.wal_in_place;
      if (wal_restarted) {
        ++stats.cuts_after_wal_restart;
        stats.wal_in_place_after_restart += cut.wal_in_place;
      }
      if (std::getenv("SANDTABLE_CRASH_VERBOSE")) {
        std::printf("cut %d (%s, %s, %d in flight%s): %s\n", stats.kills, kind == CutKind::kLost ? "lost" : "torn",
                    in_checkpoint ? (how == KillAt::kMidCommit ? "mid-checkpoint and mid-commit" : "mid-checkpoint")
                    : how == KillAt::kMidCommit ? "mid-commit"
                                                : "at random",
                    in_flight,
                    wal_restarted ? ", WAL started over" : "", cut.text.c_str());
      }
    }
    server = start();
  }
  EXPECT_EQ(stats.kills, load.kills) << "the games ended before every kill was made";
  if (disk) {
    stats.wal_restarts += disk->counts().wal_restarts;
    stats.db_syncs += disk->counts().db_syncs;
  }
  server->stop();

  // Each room's log, straight from the database, against an uninterrupted run of its seed.
  server::SqliteStorage storage(db);
  for (const auto& t : tables) {
    SCOPED_TRACE("room " + std::to_string(t.index));
    AutoplayOptions opt;
    opt.seed = t.seed;
    const auto run = autoplay(*counter_registry().find("counter-test"), counter_scenario(t.target), opt);
    ASSERT_TRUE(run.finished);
    const auto stored = storage.events(t.room.room_id());
    ASSERT_EQ(stored.size(), run.log.size());
    for (std::size_t i = 0; i < stored.size(); ++i) {
      ASSERT_EQ(stored[i].SerializeAsString(), run.log[i].SerializeAsString()) << "event " << i + 1;
    }
  }
}

void print(const char* test, const Load& load, const Stats& s, Clock::duration took) {
  std::printf(
      "%s: %d kills, %d rooms, %d orders acknowledged and none lost; %d orders in flight at the kills (%d kept), "
      "at most %d rooms at once; %.1f s\n",
      test, s.kills, load.rooms, s.acked, s.in_flight, s.in_flight_kept, s.most_in_flight,
      std::chrono::duration<double>(took).count());
}

TEST(CrashTest, KillNineAtRandomPointsLosesNoAcknowledgedOrder) {
  const auto began = Clock::now();
  const Load load = load_of_this_run(false);
  const std::uint64_t seed = chaos_seed("crash test");
  SCOPED_TRACE("SANDTABLE_CRASH_SEED=" + std::to_string(seed));
  TempDir dir;
  Stats stats;
  try {
    play(load, seed, dir.path + "/crash.db", nullptr, stats);
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  EXPECT_GT(stats.in_flight, 0) << "no kill landed with an order in flight";
  print("crash test", load, stats, Clock::now() - began);
}

// --sync full: what was synced survives a power cut, so no acknowledged order may be lost, and
// the database opens and every room loads and plays however the unsynced tail was cut.
TEST(CrashTest, PowerCutDropsOnlyWhatWasNotSyncedAndLosesNoAcknowledgedOrder) {
  const auto began = Clock::now();
  const Load load = load_of_this_run(true);
  const std::uint64_t seed = chaos_seed("power cut test");
  SCOPED_TRACE("SANDTABLE_CRASH_SEED=" + std::to_string(seed));
  TempDir dir;
  const std::string db = dir.path + "/crash.db";
  PowerCutDisk disk(db, dir.path);
  Stats stats;
  try {
    play(load, seed, db, &disk, stats);
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  // The first kill always waits for a commit written and not synced: the cut has WAL bytes to drop.
  EXPECT_GT(stats.mid_commit, 0) << "no kill landed between a commit's writes and its sync";
  EXPECT_GT(stats.cuts_dropping_wal, 0) << "no cut dropped anything from the WAL";
  EXPECT_GT(stats.mid_checkpoint, 0) << "no kill landed between a checkpoint's writes and its sync";
  EXPECT_GT(stats.db_dropped, 0u) << "no cut dropped anything from the database file";
  EXPECT_GT(stats.cuts_after_wal_restart, 0) << "no cut after the WAL started over";
  EXPECT_GT(stats.wal_in_place_after_restart, 0) << "no cut dropped WAL bytes that were not at its end";
  print("power cut test", load, stats, Clock::now() - began);
  std::printf(
      "power cut test: %d cuts (%d dropping every unsynced write, %d tearing them), %d of the kills mid-commit, "
      "%d mid-checkpoint; "
      "%llu unsynced WAL bytes dropped or torn in %d cuts (%llu in place, not at its end), %llu database bytes; "
      "the WAL started over %d times, the database was synced %d times; %d cuts after the WAL started over "
      "(%llu B in place)\n",
      stats.lost_cuts + stats.torn_cuts, stats.lost_cuts, stats.torn_cuts, stats.mid_commit, stats.mid_checkpoint,
      static_cast<unsigned long long>(stats.wal_dropped), stats.cuts_dropping_wal,
      static_cast<unsigned long long>(stats.wal_in_place), static_cast<unsigned long long>(stats.db_dropped),
      stats.wal_restarts, stats.db_syncs, stats.cuts_after_wal_restart,
      static_cast<unsigned long long>(stats.wal_in_place_after_restart));
}

}  // namespace
}  // namespace sandtable::testing
