#pragma once
// What the server keeps, behind one interface: one node's SQLite file (server/sqlite_storage.h)
// or a PostgreSQL database several nodes share (server/pg_storage.h). Writes come in batches
// (group commit): every Write in one commit() call lands in one transaction, or none does.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/leases.h"
#include "sandtable/v1/command.pb.h"
#include "sandtable/v1/event.pb.h"
#include "sandtable/v1/protocol.pb.h"

namespace sandtable::server {

namespace pb = ::sandtable::v1;

struct StoredRoom {
  std::string id;
  std::string name;
  std::string ruleset;
  std::string scenario_id;
  std::int64_t created_ms = 0;
  // Hex SHA-256 of CreateRoom.host_key; empty when the room was created without one.
  std::string host_key_hash;
  // "import:<room id>" for a game file opened as a room to replay; empty for a room played here.
  std::string origin;
};

struct StoredSeat {
  std::string token_hash;  // hex SHA-256 of the token; the token itself is never stored
  std::string room_id;
  std::string seat;
  pb::Role role = pb::ROLE_UNSPECIFIED;
  bool revoked = false;
  std::int64_t created_ms = 0;
};

struct StoredSnapshot {
  std::string room_id;
  std::uint64_t seq = 0;
  std::string gm_view;  // serialized pb::View for the GM (display: lobby, admin tools)
  // Serialized pb::GameSnapshot (Game::save at `seq`), what a room is loaded from; empty in rows
  // written before migration 0006.
  std::string state;
};

// An accepted order that changed the game, with the seq of the first event it produced.
struct StoredOrder {
  std::uint64_t first_seq = 0;
  pb::Command command;
};

struct StoredChat {
  std::string room_id;
  pb::ChatMessage message;
};

// One unit of work; any field may be empty.
struct Write {
  std::optional<StoredRoom> room;          // a new room
  std::vector<StoredSeat> seats;           // new tokens
  std::vector<std::string> revoke_hashes;  // tokens to mark revoked
  std::string events_room;                 // the room the events belong to
  std::vector<pb::Event> events;           // appended in order
  std::vector<StoredOrder> orders;         // of events_room: the orders that produced them
  std::optional<StoredSnapshot> snapshot;
  std::optional<StoredChat> chat;
  // The room's clocks (events_room's, or the room's being created): a serialized ClockState,
  // replacing the one stored (server/side_clocks.h).
  std::optional<std::string> clock;
};

class Storage {
 public:
  virtual ~Storage() = default;
  // Commits every write in one transaction; throws std::runtime_error (and changes nothing)
  // on failure.
  virtual void commit(const std::vector<const Write*>& batch) = 0;

  virtual std::vector<StoredRoom> rooms() = 0;
  virtual std::vector<StoredSeat> seats() = 0;
  virtual std::vector<pb::Event> events(const std::string& room_id) = 0;
  // The room's accepted orders, by first_seq (migration 0008; none for games before it).
  virtual std::vector<StoredOrder> orders(const std::string& room_id) = 0;
  // The room's snapshot with the highest seq, if any.
  virtual std::optional<StoredSnapshot> latest_snapshot(const std::string& room_id) = 0;
  // The newest `limit` chat messages of a room, oldest first.
  virtual std::vector<pb::ChatMessage> chat(const std::string& room_id, int limit) = 0;
  // Every room's clocks (room id -> serialized ClockState), for rooms that have them. Storages
  // without clocks keep none.
  virtual std::vector<std::pair<std::string, std::string>> clocks() { return {}; }

  // One room, for a node taking it over from another (shared storage); these defaults read
  // everything and keep the room's part.
  virtual std::optional<StoredRoom> room(const std::string& id);
  virtual std::vector<StoredSeat> seats_of(const std::string& room_id);
  virtual std::optional<std::string> clock_of(const std::string& room_id);
  // The seat of one token (by its hash), for a room put away while nobody was in it
  // (Rooms::wake): its links are not kept in memory then.
  virtual std::optional<StoredSeat> seat(const std::string& token_hash);

  // The rooms' leases when several nodes share this storage (server/leases.h); nullptr when one
  // node owns it (a SQLite file) and so holds every room in it.
  virtual Leases* leases() { return nullptr; }
};

}  // namespace sandtable::server
