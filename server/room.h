#pragma once
// One room: a Game, its event log in memory, its members and chat, all touched only on the
// room's strand, so a room's orders are applied one at a time without locks.
//
// An order is executed on a copy of the game; its events are handed to the group commit and
// only when they are durable does the copy become the room's game and anyone (the sender
// included) hear about it. While one order is being committed, later orders of the same room
// wait in a short queue, so what any client sees is always what is on disk.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <list>
#include <functional>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

#include "engine/model/game.h"
#include "engine/model/replay.h"
#include "server/budget.h"
#include "server/commit_queue.h"
#include "server/metrics.h"
#include "server/seat_views.h"
#include "server/side_clocks.h"
#include "server/spectator_delay.h"
#include "server/subscriber.h"
#include "server/tokens.h"

namespace sandtable::server {

struct RoomInfo {
  std::string id;
  std::string name;
  std::string base_url;  // for join links
  std::int64_t created_ms = 0;
  std::string host_key_hash;  // hex SHA-256 of CreateRoom.host_key; empty: listed only by itself
  // StoredRoom.origin: "import:<id>" for an imported game, which takes no orders;
  // "branch:<id>:<step>" for a what-if branch of another room.
  std::string origin;
};

// How a room's game stands, for a club's dashboard and standings (Room::status).
struct RoomStatus {
  bool over = false;
  std::string winner;                // a side id; "" for a draw or before the end
  int turn = 0;
  std::vector<std::string> waiting;  // the side ids the game waits on
};

// What a GM's "what if" branch of a room starts from (Room::branch, Rooms::branch).
struct BranchPoint {
  pb::Scenario scenario;   // the room's, with its options, as its GameStarted has it
  StartOptions options;    // the table after the step and where it came from (engine/model/branch.h)
  std::string room_name;   // the source room's
  std::string host_key_hash;
};

class Room : public std::enable_shared_from_this<Room> {
 public:
  using Strand = boost::asio::strand<boost::asio::any_io_executor>;

  Room(Strand strand, RoomInfo info, std::unique_ptr<Game> game, std::vector<pb::Event> log,
       std::vector<pb::ChatMessage> chat, CommitQueue& commits, TokenIndex& tokens, Metrics& metrics);

  const std::string& id() const { return info_.id; }
  // Never changed after construction, so it may be read from any thread.
  const RoomInfo& info() const { return info_; }
  // An imported game's replay room, which takes no orders (a branch's room plays on).
  bool read_only() const { return info_.origin.rfind(kImportOrigin, 0) == 0; }
  static constexpr const char* kImportOrigin = "import:";
  // Before the room is shared: the live (unrevoked) token hashes of a seat.
  void add_token(const std::string& seat, const std::string& hash) { seat_hashes_[seat].push_back(hash); }
  // Before the room is shared: the server's shelf of static tables (SeatViews::set_table_shelf).
  void set_table_shelf(std::shared_ptr<TableShelf> tables) { views_.set_table_shelf(std::move(tables)); }
  // Before the room is shared: a recovered delayed room's spectators (SpectatorDelay::rebuilt).
  void set_spectator_delay(SpectatorDelay delay) { delay_ = std::move(delay); }
  // Before the room is shared: where the stored orders' events begin (a replay's steps).
  void set_order_starts(std::vector<OrderStart> starts) { order_starts_ = std::move(starts); }
  // Before the room is shared: its stored clocks (server/room_clock.cc).
  void set_clocks(const std::string& stored);
  Strand& strand() { return strand_; }

  // Only once the I/O threads have stopped: breaks the room <-> session references.
  void drop_members() {
    members_.clear();
    waiting_.clear();
    views_.clear();
  }

  // The room leaves this node (another node serves it now, server/cluster.h): every member is
  // sent away with ROOM_MOVING and `why` (their clients reconnect through the proxy), and the
  // room answers no one after; `gone` runs on the strand once that is done.
  void send_away(std::string why, std::function<void()> gone);
  // Puts the room away when nobody has been in it since `idle_before` and nothing of it is under
  // way (no commit, no queued order, no running clock, no campaign watching it): it answers no one
  // after, as a moved room does, and Rooms forgets it until a link loads it again (Rooms::wake).
  // `done(true, summary)` on the strand when it was put away; the summary (its GM's list) is
  // made only for a room with a host key.
  void rest_if_idle(std::chrono::steady_clock::time_point idle_before,
                    std::function<void(bool rested, pb::RoomSummary summary)> done);

  // All of these post themselves to the room's strand.
  void join(std::shared_ptr<Subscriber> who, const SeatRef& seat, const std::string& token_hash,
            std::uint64_t last_seq, std::uint64_t request_id);
  void leave(std::shared_ptr<Subscriber> who);
  void order(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::Order order);
  void chat(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::ChatSend send);
  void resync(std::shared_ptr<Subscriber> who, std::uint64_t request_id, std::uint64_t since_seq);
  void revoke(std::shared_ptr<Subscriber> who, std::uint64_t request_id, std::string seat);
  // A read-only query for the member's seat (from its token), answered at once from the room's
  // current game (never queued behind a commit: it changes nothing).
  void query(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::QueryRequest request);
  // One step of the game's replay as the member's seat saw it then (docs/protocol.md "Replays").
  void replay(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::ReplayRequest request);
  // The game as one file (ExportReply): the GM's at any time, everyone's once the game is over.
  // Read from the database on the writer thread, after the orders already queued.
  void export_game(std::shared_ptr<Subscriber> who, std::uint64_t request_id);
  // The GM's "what if" branch from a step of the replay (server/room_branch.cc): checked here,
  // against the game as the replay has it at that step; `go` gets the point to open the new room
  // from (off the strand's work: it is posted on to Rooms::branch). A refusal goes to the member.
  void branch(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::BranchRequest request,
              std::function<void(BranchPoint)> go);
  // The room as its GM's list shows it (ListRooms), read on the strand (server/room_list.cc).
  void summarize(std::function<void(pb::RoomSummary)> done);

  // For a club's campaign (server/room_seats.cc), each read or done on the strand:
  // how the game stands (whose turn, the winner);
  void status(std::function<void(RoomStatus)> done);
  // `f` with the game as it stands (a campaign's next battle reads what this one left);
  void with_game(std::function<void(const Game&)> f);
  // The GM's clocks (server/room_clock.cc): set, and told to every member.
  void set_clock(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::SetClock request);
  // `hook(side, turn)` once per side and turn when the game waits on a side with nobody at its
  // seat (a campaign's "your turn" notice); checked now, after every order and when a member leaves.
  void on_waiting(std::function<void(const std::string& side, int turn)> hook);
  // a fresh link for a seat, replacing (revoking, and closing the connections of) the token of
  // `replaced_hash` when it is this seat's; `done` gets the token, or "" and the error's words.
  void issue_link(std::string seat, std::string replaced_hash,
                  std::function<void(const std::string& token, const std::string& error)> done);
  // and a member's link retired (a member moved to another side): revoked, its connections closed.
  void retire_link(std::string hash, std::function<void(bool ok)> done);

  static constexpr std::size_t kMaxQueuedOrders = 64;
  static constexpr std::uint64_t kMaxDeltaEvents = 5000;  // older gaps get a snapshot
  // A fresh page's Snapshot carries this many of the latest log lines its seat may see, looked
  // for among this many of the latest events (a seat that sees few of them gets fewer).
  static constexpr std::size_t kSnapshotLogLines = 100;
  static constexpr std::uint64_t kSnapshotLogEvents = 1000;
  static constexpr std::size_t kChatKept = 100;
  // Chat budgets: one member, and the spectators' channel as a whole (a public link may bring
  // many spectators; their chat must not slow the room's, or other rooms', orders).
  static constexpr double kChatPerSecond = 1, kChatBurst = 5;
  static constexpr double kSpectatorChatPerSecond = 2, kSpectatorChatBurst = 10;
  // A snapshot (the GM view and the whole state, Game::save) is stored with the events that
  // cross a multiple of this, with the last events of a game, and at creation.
  static constexpr std::uint64_t kSnapshotEvery = 200;

 private:
  // Every handler the room posts to its strand runs inside this: an exception that escapes the
  // engine's own guard (a View or a menu that cannot be drawn, a bug) must not leave the I/O
  // thread and take every other room down with it. The room is closed instead (fail()).
  template <class F>
  auto guarded(F f) {
    return [self = shared_from_this(), f = std::move(f)]() mutable {
      try {
        f();
      } catch (const std::exception& e) {
        self->fail(e.what());
      }
    };
  }
  // Closes the room after an internal error: every member is told and disconnected, joins are
  // refused until the server restarts and rebuilds the room from its log (intact: a failure never
  // writes). Other rooms never notice.
  void fail(const std::string& what);
  pb::RoomSummary summary_now();
  struct Member {
    std::shared_ptr<Subscriber> who;
    std::string seat;
    pb::Role role;
    std::string token_hash;
    Budget chat{kChatPerSecond, kChatBurst};  // this member's chat messages
    // The member's replay cursor, opened on the log as it stood at its first step asked (and
    // again once the log has grown); kept while it scrubs, so a step forward costs one order.
    std::shared_ptr<Replay> replay{};
  };
  void send_replay(Member& m, std::uint64_t request_id, std::uint32_t step);
  // The member's replay cursor on the log as it stands (opened, or opened again once the log has
  // grown); null with *error when the log does not replay.
  Replay* replay_of(Member& m, std::string* error);
  // The game's first event as the database has it: game_started_ with the game's scenario.
  pb::Event whole_game_started() const;
  Member* member(const Subscriber* who);
  void send(Member& m, const pb::Envelope& env);
  void send_error(Member& m, std::uint64_t request_id, const std::string& code, const std::string& message);
  void reject(Member& m, std::uint64_t request_id, pb::Rejection r);
  void catch_up(Member& m, std::uint64_t request_id, std::uint64_t since_seq);
  void run_order(std::shared_ptr<Subscriber> who, std::uint64_t request_id, pb::Order order);
  void finish_order(std::shared_ptr<Subscriber> who, std::uint64_t request_id, std::unique_ptr<Game> next,
                    std::vector<pb::Event> events, bool ok, const std::string& error,
                    std::chrono::steady_clock::time_point started);
  // `accepted`, when set, is the sender's OrderAccepted, sent with its Delta.
  void broadcast(std::uint64_t from_seq, const std::vector<pb::Event>& events, const Subscriber* sender = nullptr,
                 const Frame& accepted = nullptr, bool skip_spectators = false);
  void next_queued();
  // The game a seat is shown: a delayed room's spectators see one some turns back.
  const Game& seen_by(const std::string& seat) const;
  // Brings a delayed room's spectators (or ones leaving the delay) from `from_seq` to what they
  // are shown now.
  void send_spectators(std::uint64_t from_seq);
  // Executes `command` on a copy of the game and hands its events to the group commit; the
  // sender (null for the bot) hears the outcome. False when the game refused it.
  bool commit(std::shared_ptr<Subscriber> who, std::uint64_t request_id, const pb::Command& command);
  // When the game waits on a side the server's bot plays (GmSeatBot), gives that side's next
  // order; called after every commit and when someone joins (a recovered room).
  void play_bots();

  Strand strand_;
  RoomInfo info_;
  std::unique_ptr<Game> game_;
  std::vector<pb::Event> log_;  // log_[i].seq() == i + 1
  // The log's first event whole but for its scenario, which the game holds (whole_game_started).
  std::shared_ptr<const pb::Event> game_started_;
  std::vector<OrderStart> order_starts_;  // each accepted order's first event and seat
  OrderStart committing_start_;           // the order being committed's
  // Lists, not deques: a deque allocates half a KB while empty, and every idle room held three.
  std::list<pb::ChatMessage> chat_;
  Budget spectator_chat_{kSpectatorChatPerSecond, kSpectatorChatBurst};
  std::uint64_t next_chat_id_ = 1;
  std::vector<Member> members_;
  // The View each seat with a member was last sent: Deltas are patches against it.
  SeatViews views_;
  SpectatorDelay delay_;
  std::map<std::string, std::vector<std::string>> seat_hashes_;  // live tokens by seat
  bool committing_ = false;
  bool failed_ = false;  // an internal error closed the room (fail())
  bool moved_ = false;   // another node serves the room now (send_away()), or it was put away
  bool resting_ = false;  // put away while nobody was in it (rest_if_idle())
  std::chrono::steady_clock::time_point empty_since_ = std::chrono::steady_clock::now();
  // Clocks (server/room_clock.cc): after anything that may change whom the game waits on,
  // charges the time spent, tells the members when the running sides change, stores the clocks
  // and sets the timer for the next side to run out; the timer's handler acts on it.
  void clocks_moved();
  bool charge_clocks(std::int64_t now);  // runs the clocks of the sides waited on; true if that changed
  void arm_clock();
  void clock_ran_out();
  pb::Envelope clock_envelope();
  SideClocks clocks_;
  std::unique_ptr<boost::asio::steady_timer> clock_timer_;
  // The campaign's notice hook (on_waiting) and the (side, turn) pairs it was called for.
  void notify_waiting();
  std::function<void(const std::string& side, int turn)> waiting_hook_;
  std::set<std::pair<std::string, int>> notified_;
  std::unique_ptr<Bot> bot_;  // the rule set's bot, made when a seat first needs it
  // The last summary (summarize) and the sequence it was made at: a GM listing their rooms again
  // costs no view while the room has not moved.
  pb::RoomSummary summary_;
  std::uint64_t summary_seq_ = 0;
  Pcg32 bot_rng_{0x5eed, 0xb07};
  std::list<std::function<void()>> waiting_;  // orders (and revocations) behind a commit
  CommitQueue& commits_;
  TokenIndex& tokens_;
  Metrics& metrics_;
};

}  // namespace sandtable::server
