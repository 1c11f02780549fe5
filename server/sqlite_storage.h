#pragma once
// Storage in one SQLite file in WAL mode. Migrations run at open, each in its own transaction
// that also bumps PRAGMA user_version; a database newer than this binary is refused.
//
// WAL checkpoints run on a thread of their own with its own connection, never inside a commit:
// SQLite's automatic checkpoint would copy the WAL into the database file and fsync it on the
// committing thread, holding every order of that batch behind it.
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/storage.h"

struct sqlite3;

namespace sandtable::server {

enum class SyncMode { kNormal, kFull };

class SqliteStorage : public Storage {
 public:
  // Opens (creating if needed) and migrates; throws std::runtime_error with a sentence. The WAL is
  // checkpointed once it holds `checkpoint_pages` pages.
  SqliteStorage(const std::string& path, SyncMode sync = SyncMode::kFull, int checkpoint_pages = kCheckpointPages);
  ~SqliteStorage() override;
  SqliteStorage(const SqliteStorage&) = delete;
  SqliteStorage& operator=(const SqliteStorage&) = delete;

  void commit(const std::vector<const Write*>& batch) override;
  std::vector<StoredRoom> rooms() override;
  std::vector<StoredSeat> seats() override;
  std::vector<pb::Event> events(const std::string& room_id) override;
  std::vector<StoredOrder> orders(const std::string& room_id) override;
  std::optional<StoredSnapshot> latest_snapshot(const std::string& room_id) override;
  std::vector<pb::ChatMessage> chat(const std::string& room_id, int limit) override;
  std::vector<std::pair<std::string, std::string>> clocks() override;
  // One room's rows by key, for a room loaded on demand (Rooms::wake), not a scan of every room.
  std::optional<StoredRoom> room(const std::string& id) override;
  std::vector<StoredSeat> seats_of(const std::string& room_id) override;
  std::optional<std::string> clock_of(const std::string& room_id) override;
  std::optional<StoredSeat> seat(const std::string& token_hash) override;

  int schema_version();
  // Checkpoints completed by the checkpoint thread (for tests and metrics).
  std::uint64_t checkpoints() const;

  // By default the WAL is checkpointed once it holds this many pages (32 MiB of 4 KiB pages). SQLite's own
  // default is 1,000: at 1,000 orders a second that checkpointed every few seconds, and each
  // checkpoint's writes and fsync of the database file stalled the commits behind it (p99 of an
  // order 9.5-15.8 ms in six runs, 6.5-10.8 ms with 8,000; docs/PERFORMANCE.md). A page
  // rewritten between two checkpoints is copied once; the longer WAL costs disk, not memory.
  static constexpr int kCheckpointPages = 8000;

 private:
  void exec(const char* sql);
  void migrate();
  void run_checkpoints(std::string path);
  static int on_wal_commit(void* self, sqlite3* db, const char* name, int pages);
  int checkpoint_pages_ = kCheckpointPages;

  sqlite3* db_ = nullptr;
  struct Statements;  // the commit's prepared statements, made once
  std::unique_ptr<Statements> statements_;
  mutable std::mutex checkpoint_mu_;
  std::condition_variable checkpoint_cv_;
  bool checkpoint_wanted_ = false;
  bool stopping_ = false;
  std::uint64_t checkpoints_ = 0;
  std::thread checkpointer_;
};

}  // namespace sandtable::server
