#pragma once
// Storage in a PostgreSQL database that several nodes share (--db postgresql://...). The same
// tables as the SQLite file (migrations/postgresql/, the same versions), the same append-only
// rules for events and orders (triggers), the same group commit: a batch is one transaction sent
// as one pipeline. Given a node name it also keeps the rooms' leases (server/leases.h): a room
// created here is leased to this node in the transaction that creates it, and every commit
// checks, inside its transaction, that this node still holds each room it writes.
#include <chrono>
#include <memory>
#include <string>

#include "server/leases.h"
#include "server/pg_conn.h"
#include "server/storage.h"

namespace sandtable::server {

class PgStorage : public Storage, public Leases {
 public:
  // Connects and migrates (one node at a time: an advisory lock); throws with a sentence.
  // `node` empty: one node uses the database alone and no leases are kept.
  PgStorage(const std::string& url, std::string node, std::chrono::milliseconds ttl);

  void commit(const std::vector<const Write*>& batch) override;
  std::vector<StoredRoom> rooms() override;
  std::vector<StoredSeat> seats() override;
  std::vector<pb::Event> events(const std::string& room_id) override;
  std::vector<StoredOrder> orders(const std::string& room_id) override;
  std::optional<StoredSnapshot> latest_snapshot(const std::string& room_id) override;
  std::vector<pb::ChatMessage> chat(const std::string& room_id, int limit) override;
  std::vector<std::pair<std::string, std::string>> clocks() override;
  std::optional<StoredRoom> room(const std::string& id) override;
  std::vector<StoredSeat> seats_of(const std::string& room_id) override;
  std::optional<std::string> clock_of(const std::string& room_id) override;
  Leases* leases() override { return node_.empty() ? nullptr : this; }

  // Leases (server/leases.h).
  bool claim(const std::string& room_id) override;
  std::vector<std::string> claim_home() override;
  Renewal renew() override;
  void release(const std::string& room_id) override;
  const std::string& node() const override { return node_; }
  std::chrono::milliseconds ttl() const override { return ttl_; }

  int schema_version();

  static bool is_url(const std::string& db) {
    return db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0;
  }

 private:
  void migrate();
  std::vector<StoredSeat> seat_rows(const PgResult& r);

  PgConn db_;
  std::string node_;
  std::chrono::milliseconds ttl_;
};

}  // namespace sandtable::server
