#pragma once
// Storage in one SQLite file in WAL mode. Migrations run at open, each in its own transaction
// that also bumps PRAGMA user_version; a database newer than this binary is refused.
#include <memory>
#include <string>

#include "server/storage.h"

struct sqlite3;

namespace sandtable::server {

enum class SyncMode { kNormal, kFull };

class SqliteStorage : public Storage {
 public:
  // Opens (creating if needed) and migrates; throws std::runtime_error with a sentence.
  SqliteStorage(const std::string& path, SyncMode sync = SyncMode::kFull);
  ~SqliteStorage() override;
  SqliteStorage(const SqliteStorage&) = delete;
  SqliteStorage& operator=(const SqliteStorage&) = delete;

  void commit(const std::vector<const Write*>& batch) override;
  std::vector<StoredRoom> rooms() override;
  std::vector<StoredSeat> seats() override;
  std::vector<pb::Event> events(const std::string& room_id) override;
  std::optional<StoredSnapshot> latest_snapshot(const std::string& room_id) override;
  std::vector<pb::ChatMessage> chat(const std::string& room_id, int limit) override;

  int schema_version();

 private:
  void exec(const char* sql);
  void migrate();

  sqlite3* db_ = nullptr;
};

}  // namespace sandtable::server
