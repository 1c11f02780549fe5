#pragma once
// Every room of this node: loading them all from storage at start, creating new ones, and
// finding one by id. Rooms are created rarely, so a mutex guards the map.
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include "engine/model/carry_over.h"
#include "engine/model/registry.h"
#include "server/catalog.h"
#include "server/commit_queue.h"
#include "server/room.h"
#include "server/scenario_shelf.h"
#include "server/tokens.h"
#include "sandtable/v1/export.pb.h"

namespace sandtable::server {

class Rooms {
 public:
  Rooms(boost::asio::io_context& io, const Registry& registry, CommitQueue& commits, TokenIndex& tokens,
        Metrics& metrics, std::shared_ptr<const ScenarioCatalog> catalog);

  void set_base_url(std::string url) { base_url_ = std::move(url); }
  const std::string& base_url() const { return base_url_; }

  // Rebuilds every stored room from its latest snapshot plus the events after it, or from its
  // whole log when the snapshot cannot be used (logged as a warning; server/recovery.h).
  // A room whose log cannot be read or no longer replays (a corrupted row, a rules change) is
  // set aside, logged as an error, and every other room starts: one bad room never keeps the
  // server down. Its rows stay untouched for the host to look at.
  // `mine`, when given, picks the rooms this node loads (with shared storage: the ones whose
  // lease it claimed).
  void load(Storage& storage, const std::function<bool(const std::string&)>& mine = {});

  // This node's name (--node): new rooms' ids start with it ("n2-…"), the rule the proxy routes
  // by (docs/hosting.md "Several nodes"). Empty: plain ids, one node.
  void set_node(std::string node) { node_ = std::move(node); }
  const std::string& node() const { return node_; }

  // With shared storage (server/cluster.h): a room another node held, loaded here once this node
  // has claimed its lease. On the writer thread; `done(true)` when the room is here now.
  void adopt(const std::string& room_id, std::function<void(bool)> done);
  // Set once at start when several nodes share the storage (its leases() is not null).
  void set_shared(bool shared) { shared_ = shared; }
  // A room id this node does not have: kMoving when it is, or may soon be, served here or by its
  // home node (the client should reconnect; with shared storage this starts adopt()), kUnknown
  // when no node has it.
  enum class Whereabouts { kMoving, kUnknown };
  Whereabouts locate(const std::string& room_id);
  // The room leaves this node (its lease was lost, or its home node is back): its members are
  // sent away with ROOM_MOVING, to reconnect to wherever the proxy now sends them. `gone` runs
  // on the room's strand once nobody can be answered from it any more.
  void evict(const std::string& room_id, const std::string& why, std::function<void()> gone);
  std::vector<std::string> ids() const;

  // Rooms nobody is in are put away (server/rooms_rest.cc): a room empty for `after` leaves memory,
  // its links with it, and its next link loads it again from storage (wake). Checked every
  // quarter of `after` (at most every 30 s) from now on; not with shared storage, whose rooms
  // move between nodes by their leases instead. Zero: rooms stay loaded.
  void start_resting(std::chrono::milliseconds after);
  // One pass: puts away every room empty for longer than the time given to start_resting.
  void rest_idle();
  bool rests() const { return rest_after_.count() > 0 && !shared_; }
  // A token not in memory: looks for its seat in storage and, when its room was put away (and is
  // `named`, when a room is named), loads the room, on the writer thread. `done` says whether
  // storage knows the token and the named room (true when none is named). At most kMaxWaking at
  // once: beyond that `done` is not called and false is returned (the caller says to try again).
  struct Woken {
    bool token_known = false;
    bool named_known = false;
  };
  bool wake(const std::string& token_hash, const std::string& named, std::function<void(Woken)> done);
  static constexpr std::size_t kMaxWaking = 64;

  // Why a stored room was set aside at start (empty when it was not).
  std::string set_aside(const std::string& id) const;

  // After the I/O threads have stopped.
  void shutdown();

  std::shared_ptr<Room> find(const std::string& id) const;
  std::size_t count() const;
  const pb::Catalog& catalog() const { return catalog_->catalog; }
  // A built-in scenario by id (nullptr when there is none); the catalogue never changes.
  const pb::Scenario* builtin(const std::string& id) const {
    auto it = catalog_->by_id.find(id);
    return it == catalog_->by_id.end() ? nullptr : &it->second;
  }
  const Registry& registry() const { return registry_; }

  // Validates, starts the game and stores the room with its events and tokens; `done` gets a
  // RoomCreated or an Error envelope once the room is durable (on the writer thread).
  void create(const pb::CreateRoom& request, bool allow_seed, std::function<void(pb::Envelope)> done);
  // A game's file (docs/fair-play.md) as a room to replay: verified first (IMPORT_DOES_NOT_VERIFY
  // otherwise), then stored with its events and orders under a new id, with fresh links; the room
  // takes no orders (READ_ONLY_ROOM). CPU-heavy: call it off the I/O threads (the VerifyService's).
  void import_game(const pb::GameExport& file, const std::string& host_key, std::function<void(pb::Envelope)> done);

  // The GM's "what if" branch (Room::branch gave the point): a new room with the point's table, a
  // fresh secret, the seats' randomness when asked, fresh links, the source room's host key (so the
  // GM's list shows it) and origin "branch:<id>:<step>". `done` gets its RoomCreated or an Error.
  void branch(BranchPoint point, const pb::BranchRequest& request, std::function<void(pb::Envelope)> done);

  // A club campaign's battle (server/rooms_battle.cc): a built-in scenario started with dice of
  // its own, then `prepare` gives the game its first orders (the losses carried from the battle
  // before, as GM edits, engine/model/carry_over.h) before the room is stored with origin
  // `origin`. `done` gets its RoomCreated or an Error.
  void create_battle(const std::string& scenario_id, const std::string& name, const std::string& origin,
                     std::function<std::vector<CarriedOrder>(Game&)> prepare, std::function<void(pb::Envelope)> done);

  // ListRooms (server/room_list.cc): given a GM token, the rooms created with that room's host
  // key, newest first; `done` gets a RoomList or a BAD_TOKEN Error (the same for a token that
  // is unknown, revoked or not a GM's), on whichever thread finishes last.
  void list(const std::string& token, std::function<void(pb::Envelope)> done);
  static constexpr std::size_t kMaxListed = 200;

 private:
  // Seats with fresh tokens for every side, the GM and spectators; the room is stored with them,
  // then opened, and `done` gets its RoomCreated (or a STORAGE_ERROR).
  void open_new(Write w, std::unique_ptr<Game> game, std::vector<OrderStart> starts, std::function<void(pb::Envelope)> done);

  // One stored room made live (or set aside with the reason); true when it loaded.
  bool load_room(Storage& storage, const StoredRoom& r, const std::vector<StoredSeat>& seats, const std::string* clock);
  std::string new_room_id() const;

  boost::asio::io_context& io_;
  const Registry& registry_;
  CommitQueue& commits_;
  TokenIndex& tokens_;
  Metrics& metrics_;
  // Shared, since it never changes: a test or fuzzer that makes many Rooms copies no scenario.
  std::shared_ptr<const ScenarioCatalog> catalog_;
  ScenarioShelf scenarios_;  // every room's game holds its scenario from here
  std::shared_ptr<TableShelf> tables_ = std::make_shared<TableShelf>();  // and its seats their static tables
  std::string base_url_;
  std::string node_;
  mutable std::mutex mu_;
  bool shared_ = false;
  std::set<std::string> adopting_;  // rooms being loaded by adopt()
  std::set<std::string> unknown_;   // ids the shared storage does not have (bounded)
  static constexpr std::size_t kMaxUnknown = 10000;
  static constexpr std::size_t kMaxAdopting = 64;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  std::map<std::string, std::string> set_aside_;  // room id -> why it could not be loaded
  // Put away (rest_idle): only rooms with a host key are remembered, with what their GM's list
  // shows; the others leave nothing in memory.
  struct Resting {
    std::string host_key_hash;
    pb::RoomSummary summary;
  };
  std::map<std::string, Resting> resting_;
  void list_now(const std::string& token, std::function<void(pb::Envelope)> done);
  std::chrono::milliseconds rest_after_{0};
  std::unique_ptr<boost::asio::steady_timer> rest_timer_;
  void arm_rest_timer();
  std::atomic<std::size_t> waking_{0};
};

}  // namespace sandtable::server
