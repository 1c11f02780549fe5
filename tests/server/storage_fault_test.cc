// Faults the players cannot cause and the server must survive (issue 14, failure paths), injected
// through the storage interface in this process: a disk that fails a commit refuses the order with
// STORAGE_ERROR, changes nothing and the room plays on once the disk is back; a room whose commit
// hangs queues what comes behind it up to a bound and answers ROOM_BUSY past it.
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

#include "engine/model/game.h"
#include "server/catalog.h"
#include "server/commit_queue.h"
#include "server/room.h"
#include "server/rooms.h"
#include "server/sqlite_storage.h"
#include "tests/server/counter_rules.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

using namespace std::chrono_literals;
namespace net = boost::asio;

// The real database behind a switch: commits fail (as a full disk or an I/O error would) or
// wait at a gate while the test says so.
class FaultyStorage : public server::Storage {
 public:
  explicit FaultyStorage(server::Storage& real) : real_(real) {}
  void commit(const std::vector<const server::Write*>& batch) override {
    std::unique_lock lock(mu_);
    gate_.wait(lock, [&] { return !held_; });
    if (failing_) throw std::runtime_error("disk I/O error (injected by the test)");
    real_.commit(batch);
  }
  std::vector<server::StoredRoom> rooms() override { return real_.rooms(); }
  std::vector<server::StoredSeat> seats() override { return real_.seats(); }
  std::vector<pb::Event> events(const std::string& id) override { return real_.events(id); }
  std::vector<server::StoredOrder> orders(const std::string& id) override { return real_.orders(id); }
  std::optional<server::StoredSnapshot> latest_snapshot(const std::string& id) override { return real_.latest_snapshot(id); }
  std::vector<pb::ChatMessage> chat(const std::string& id, int limit) override { return real_.chat(id, limit); }

  void fail(bool on) {
    std::lock_guard lock(mu_);
    failing_ = on;
  }
  void hold(bool on) {
    {
      std::lock_guard lock(mu_);
      held_ = on;
    }
    gate_.notify_all();
  }

 private:
  server::Storage& real_;
  std::mutex mu_;
  std::condition_variable gate_;
  bool failing_ = false;
  bool held_ = false;
};

// A member that keeps what the room sends it, for the test thread to wait on.
class Member : public server::Subscriber {
 public:
  void deliver(server::Frame frame) override {
    pb::Envelope env;
    if (!env.ParseFromString(*frame)) return;
    std::lock_guard lock(mu_);
    keep(env);
    cv_.notify_all();
  }
  void kick(const std::string&, const std::string&) override {}
  // The reply to `request_id` (OrderAccepted, OrderRejected or Error), waiting up to 5 s.
  pb::Envelope reply(std::uint64_t request_id) {
    std::unique_lock lock(mu_);
    std::optional<pb::Envelope> found;
    cv_.wait_for(lock, 5s, [&] {
      for (const auto& e : got_) {
        if (e.request_id() == request_id && (e.has_order_accepted() || e.has_order_rejected() || e.has_error())) {
          found = e;
          return true;
        }
      }
      return false;
    });
    if (!found) throw std::runtime_error("no reply to request " + std::to_string(request_id));
    return *found;
  }

 private:
  void keep(const pb::Envelope& env) {  // a batch holds envelopes, which may be batches
    if (env.batch_size() == 0) return got_.push_back(env);
    for (const auto& inner : env.batch()) keep(inner);
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<pb::Envelope> got_;
};

struct Table {
  explicit Table(const std::string& db)
      : real(db, server::SyncMode::kNormal),
        storage(real),
        commits(storage, metrics, 200us),
        rooms(io, counter_registry(), commits, tokens, metrics,
              std::make_shared<const server::ScenarioCatalog>(server::load_catalog(test_scenarios_dir(), counter_registry()))),
        work(net::make_work_guard(io)),
        runner([this] { io.run(); }) {
    spdlog::set_level(spdlog::level::off);  // the injected failures' error lines are expected
  }
  ~Table() {
    storage.hold(false);
    work.reset();
    io.stop();
    runner.join();
    rooms.shutdown();
    commits.stop();
    spdlog::set_level(spdlog::level::warn);
  }
  // A counter room, and its blue and red members joined.
  void open_room() {
    pb::CreateRoom req;
    req.set_scenario_id("counter-duel");
    req.set_has_seed(true);
    req.set_seed(77);
    (*req.mutable_options())["target"] = "1000";
    std::promise<pb::Envelope> created;
    rooms.create(req, true, [&](pb::Envelope e) { created.set_value(e); });
    const auto env = created.get_future().get();
    if (!env.has_room_created()) throw std::runtime_error(env.ShortDebugString());
    id = env.room_created().room_id();
    room = rooms.find(id);
    for (const auto& [seat, who] : {std::pair<std::string, std::shared_ptr<Member>>{"blue", blue}, {"red", red}}) {
      const auto ref = tokens.find(server::token_hash(token_of(env.room_created(), seat)));
      room->join(who, *ref, server::token_hash(token_of(env.room_created(), seat)), 0, 0);
    }
  }
  // The game as the database holds it.
  std::unique_ptr<Game> stored() {
    std::string error;
    auto g = Game::from_log(counter_registry(), real.events(id), &error);
    if (!g) throw std::runtime_error(error);
    return g;
  }
  // The next answer as an order, sent by whoever is asked; the request id is `rid`.
  std::shared_ptr<Member> answer_next(std::uint64_t rid) {
    auto g = stored();
    const pb::Decision& d = g->state().decisions.front();
    pb::Order o;
    o.set_seq(g->seq());
    *o.mutable_command() = answer(d);
    auto who = d.seat() == "blue" ? blue : red;
    room->order(who, rid, o);
    return who;
  }

  net::io_context io;
  server::Metrics metrics;
  server::SqliteStorage real;
  FaultyStorage storage;
  server::CommitQueue commits;
  server::TokenIndex tokens;
  server::Rooms rooms;
  net::executor_work_guard<net::io_context::executor_type> work;
  std::thread runner;
  std::string id;
  std::shared_ptr<server::Room> room;
  std::shared_ptr<Member> blue = std::make_shared<Member>(), red = std::make_shared<Member>();
};

TEST(StorageFault, AFailedCommitRefusesTheOrderChangesNothingAndTheRoomPlaysOnWhenTheDiskIsBack) {
  TempDir dir;
  Table t(dir.path + "/fault.db");
  t.open_room();
  EXPECT_TRUE(t.answer_next(1)->reply(1).has_order_accepted());
  const auto before = t.stored()->seq();
  t.storage.fail(true);
  const auto refused = t.answer_next(2)->reply(2);
  ASSERT_TRUE(refused.has_order_rejected()) << refused.ShortDebugString();
  EXPECT_EQ(refused.order_rejected().rejection().code(), "STORAGE_ERROR");
  EXPECT_NE(refused.order_rejected().rejection().message().find("did not happen"), std::string::npos);
  EXPECT_EQ(t.stored()->seq(), before) << "nothing was written";
  t.storage.fail(false);
  // The same order again, against the same sequence: the room did not move either.
  EXPECT_TRUE(t.answer_next(3)->reply(3).has_order_accepted()) << "the room plays on";
  EXPECT_GT(t.stored()->seq(), before);
  EXPECT_GE(t.metrics.commit_failures.load(), 1u);
}

TEST(StorageFault, ARoomWhoseCommitHangsQueuesABoundedNumberOfOrdersThenAnswersRoomBusy) {
  TempDir dir;
  Table t(dir.path + "/busy.db");
  t.open_room();
  t.storage.hold(true);
  auto first = t.answer_next(1);  // its commit waits at the gate; the room is committing
  std::this_thread::sleep_for(50ms);
  // Orders arriving meanwhile wait behind it, up to the bound; the one past it is refused.
  const std::size_t bound = server::Room::kMaxQueuedOrders;
  for (std::size_t i = 0; i <= bound; ++i) t.answer_next(100 + i);
  // Every one came from the seat asked while the first waits, the same one.
  const auto busy = first->reply(100 + bound);
  ASSERT_TRUE(busy.has_order_rejected()) << busy.ShortDebugString();
  EXPECT_EQ(busy.order_rejected().rejection().code(), "ROOM_BUSY");
  t.storage.hold(false);
  EXPECT_TRUE(first->reply(1).has_order_accepted()) << "the held order goes through once the disk answers";
  // The queued ones were against the old sequence: each is answered, none applied twice.
  for (std::size_t i = 0; i < bound; ++i) {
    const auto queued = first->reply(100 + i);
    ASSERT_TRUE(queued.has_order_rejected()) << queued.ShortDebugString();
    EXPECT_EQ(queued.order_rejected().rejection().code(), "STALE_SEQUENCE");
  }
  const auto after_first = t.stored()->seq();
  EXPECT_TRUE(t.answer_next(2)->reply(2).has_order_accepted()) << "and the room plays on";
  EXPECT_GT(t.stored()->seq(), after_first);
}

}  // namespace
}  // namespace sandtable::testing
