// The envelope decoder and every message handler a frame reaches (server/frame_handler.h), with
// the rooms, the token index and the group commit of a real server on one thread: the commit is
// inline and the strands are run until nothing is left after each frame. Properties: nothing
// crashes or hangs; every frame sent back is an Envelope; no room is closed by an internal error
// and no order is refused as one (INTERNAL_ERROR).
// Input: byte 0 picks the room (one per demo scenario, created with a fixed seed), byte 1 who
// sends (not joined, or joined with a seat's link: each side, the GM, a spectator), the rest
// length-prefixed frames (fuzz_util.h), each handed to the handler as a WebSocket message.
// A room that stored anything (an order, chat, a revocation, a new room) is made again for the
// next input, so every input starts from the same table and a failure replays from its input.
#include <google/protobuf/arena.h>
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <string>
#include <unordered_set>

#include "fuzz/fuzz_util.h"
#include "server/catalog.h"
#include "server/commit_queue.h"
#include "server/frame_handler.h"
#include "server/rooms.h"

namespace sandtable::fuzz {
namespace {

using server::Frame;

// Keeps nothing; counts what was written, which says the room changed.
class CountingStorage : public server::Storage {
 public:
  void commit(const std::vector<const server::Write*>& batch) override { writes += batch.size(); }
  std::vector<server::StoredRoom> rooms() override { return {}; }
  std::vector<server::StoredSeat> seats() override { return {}; }
  std::vector<pb::Event> events(const std::string&) override { return {}; }
  std::vector<server::StoredOrder> orders(const std::string&) override { return {}; }
  std::optional<server::StoredSnapshot> latest_snapshot(const std::string&) override { return std::nullopt; }
  std::vector<pb::ChatMessage> chat(const std::string&, int) override { return {}; }
  std::uint64_t writes = 0;
};

// Large frames that passed the checks, by their bytes. Most inputs join a seat of an unchanged
// room, whose Welcome is the same bytes every time; not parsing it again ran about 3 % more inputs
// a second. The checks depend on the bytes alone, so a repeat has nothing new to show.
std::unordered_set<std::string>& passed() {
  static std::unordered_set<std::string> frames;
  return frames;
}

void check_frame(const Frame& f) {
  const bool large = f->size() >= 1024;
  if (large && passed().contains(*f)) return;
  google::protobuf::Arena arena;
  pb::Envelope& env = *google::protobuf::Arena::CreateMessage<pb::Envelope>(&arena);
  FUZZ_CHECK(env.ParseFromString(*f), "the server sent bytes that are not an Envelope");
  auto check_one = [](const pb::Envelope& e) {
    FUZZ_CHECK(!(e.has_error() && e.error().code() == "INTERNAL_ERROR"), e.error().message());
    FUZZ_CHECK(!(e.has_order_rejected() && e.order_rejected().rejection().code() == "INTERNAL_ERROR"),
               e.order_rejected().rejection().message());
  };
  check_one(env);
  for (const auto& e : env.batch()) check_one(e);
  if (!large) return;
  if (passed().size() >= 512) passed().clear();  // a bound: the rooms' Welcomes are a few dozen
  passed().insert(*f);
}

class FuzzConnection : public server::Connection {
 public:
  void deliver(Frame frame) override { check_frame(frame); }
  void send_now(Frame frame) override { check_frame(frame); }
  void kick(const std::string&, const std::string&) override { kicked = true; }
  void post(std::function<void()> f) override { f(); }  // rooms are never put away here
  bool kicked = false;
};

// Shared by every World: a World is made again after every input that stored something, and
// copying every scenario each time was 5.6 % of the run's samples (perf, build/fuzz).
const std::shared_ptr<const server::ScenarioCatalog>& shared_catalog() {
  static const auto c = std::make_shared<const server::ScenarioCatalog>(
      server::load_catalog(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", builtin_registry()));
  return c;
}
const server::ScenarioCatalog& catalog() { return *shared_catalog(); }

// A server of one room, as server.cc puts one together.
struct World {
  CountingStorage storage;
  server::Metrics metrics;
  server::CommitQueue commits{storage, metrics, server::CommitQueue::Inline{}};
  server::TokenIndex tokens;
  server::AddressLimits addresses;
  boost::asio::io_context io;
  server::Rooms rooms{io, builtin_registry(), commits, tokens, metrics, shared_catalog()};
  server::ServerContext ctx{rooms, tokens, metrics, addresses, server::Limits{}, "", "", true, {}, false, nullptr, nullptr};
  pb::RoomCreated created;
  std::uint64_t writes_at_start = 0;

  explicit World(const std::string& scenario_id) {
    pb::CreateRoom req;
    req.set_scenario_id(scenario_id);
    req.set_seed(7);
    rooms.create(req, true, [this](pb::Envelope e) { created = e.room_created(); });
    run();
    FUZZ_CHECK(!created.room_id().empty(), "the demo room " + scenario_id + " was not created");
    writes_at_start = storage.writes;
  }
  ~World() {
    run();
    rooms.shutdown();
  }
  void run() {
    for (;;) {
      io.restart();
      if (io.poll() == 0) break;
    }
  }
  bool changed() const { return storage.writes != writes_at_start || metrics.rooms_failed != 0; }
};

std::vector<std::string> scenario_ids() {
  std::vector<std::string> ids;
  for (const auto& [id, s] : catalog().by_id) ids.push_back(id);
  return ids;
}

std::vector<std::unique_ptr<World>>& worlds() {
  static std::vector<std::unique_ptr<World>> w(scenario_ids().size());
  return w;
}

World& world(std::size_t i) {
  auto& w = worlds()[i];
  if (!w) w = std::make_unique<World>(scenario_ids()[i]);
  return *w;
}

pb::Envelope hello_for(const World& w, std::size_t who) {
  pb::Envelope env;
  env.set_request_id(1);
  env.mutable_hello()->set_token(w.created.links(static_cast<int>(who % w.created.links_size())).token());
  return env;
}

std::string seed(std::size_t room, std::size_t who, const std::vector<pb::Envelope>& frames) {
  std::vector<std::string> parts;
  for (const auto& f : frames) parts.push_back(f.SerializeAsString());
  std::string s;
  s.push_back(static_cast<char>(room));
  s.push_back(static_cast<char>(who));
  return s + join_parts(parts);
}

// Seeds, for each room: each message kind once, well formed, from each seat and from a
// connection that first says Hello; and the first entries of the opening menu of the seat the
// game waits on, as orders (the same scenario and seed give the room's own menu here).
std::vector<std::string> seeds() {
  std::vector<std::string> out;
  const auto ids = scenario_ids();
  for (std::size_t r = 0; r < ids.size(); ++r) {
    World& w = world(r);
    std::vector<pb::Envelope> frames(9);
    frames[0].mutable_ping()->set_nonce(9);
    frames[1].mutable_resync()->set_since_seq(1);
    frames[2].mutable_chat_send()->set_text("good luck");
    frames[3].mutable_query_request()->mutable_query();
    frames[4].mutable_order()->set_seq(1);
    frames[4].mutable_order()->mutable_command()->mutable_play()->set_action("end");
    frames[5].mutable_revoke_seat()->set_seat("spectator");
    frames[6].mutable_create_room()->set_scenario_id(ids[r]);
    frames[7].mutable_check_scenario()->set_scenario_id(ids[r]);
    frames[8].mutable_list_rooms()->set_token("0123456789abcdef");
    for (std::size_t who = 1; who <= static_cast<std::size_t>(w.created.links_size()); ++who) out.push_back(seed(r, who, frames));
    frames.insert(frames.begin(), hello_for(w, 0));
    out.push_back(seed(r, 0, frames));

    const pb::Scenario& scenario = catalog().by_id.at(ids[r]);
    std::vector<pb::Event> events;
    std::string error;
    auto game = Game::start(*builtin_registry().find(scenario.ruleset()), scenario, StartOptions{7, false}, &events, &error);
    if (!game || game->waiting_for().empty()) continue;
    const std::string seat = game->waiting_for().front();
    std::size_t who = 0;
    for (int i = 0; i < w.created.links_size(); ++i) {
      if (w.created.links(i).seat() == seat) who = static_cast<std::size_t>(i) + 1;
    }
    const pb::ActionMenu menu = game->menu(seat);
    for (int i = 0; i < menu.actions_size() && i < 4; ++i) {
      pb::Envelope order;
      order.set_request_id(3);
      order.mutable_order()->set_seq(game->seq());
      auto* play = order.mutable_order()->mutable_command()->mutable_play();
      play->set_action(menu.actions(i).id());
      if (menu.actions(i).targets_size() > 0) play->set_target(menu.actions(i).targets(0).id());
      out.push_back(seed(r, who, {order}));
    }
  }
  return out;
}

}  // namespace
}  // namespace sandtable::fuzz

using namespace sandtable;
using namespace sandtable::fuzz;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);
  write_seeds_if_asked(seeds());
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return -1;
  const std::size_t r = data[0] % worlds().size();
  World& w = world(r);
  const std::size_t who = data[1] % (w.created.links_size() + 1);  // 0: not joined
  auto conn = std::make_shared<FuzzConnection>();
  {
    server::FrameHandler handler(w.ctx, nullptr);
    if (who > 0) {
      handler.handle(hello_for(w, who - 1).SerializeAsString(), conn);
      w.run();
    }
    for (const auto part : split_parts(data + 2, size - 2)) {
      if (conn->kicked) break;
      handler.handle(std::string(part), conn);
      w.run();
    }
    handler.leave(conn);
    w.run();
  }
  FUZZ_CHECK(w.metrics.rooms_failed == 0, "a room was closed by an internal error");
  if (w.changed()) worlds()[r].reset();
  return 0;
}
