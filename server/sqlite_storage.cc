#include "server/sqlite_storage.h"

#include <sqlite3.h>

#include <stdexcept>

#include "server/migrations.h"
#include "server/sqlite_stmt.h"

namespace sandtable::server {

struct SqliteStorage::Statements {
  explicit Statements(sqlite3* db)
      : room(db, "INSERT INTO rooms(id,name,ruleset,scenario_id,created_ms,host_key_hash,origin) VALUES(?,?,?,?,?,?,?)"),
        seat(db, "INSERT INTO seats(token_hash,room_id,seat,role,revoked,created_ms) VALUES(?,?,?,?,?,?)"),
        revoke(db, "UPDATE seats SET revoked=1 WHERE token_hash=?"),
        event(db, "INSERT INTO events(room_id,seq,body) VALUES(?,?,?)"),
        order(db, "INSERT INTO orders(room_id,first_seq,body) VALUES(?,?,?)"),
        snap(db, "INSERT OR REPLACE INTO snapshots(room_id,seq,gm_view,state) VALUES(?,?,?,?)"),
        chat(db, "INSERT INTO chat(room_id,id,seat,channel,text,unix_ms) VALUES(?,?,?,?,?,?)"),
        clock(db, "INSERT OR REPLACE INTO room_clocks(room_id,state) VALUES(?,?)"),
        begin(db, "BEGIN IMMEDIATE"),
        commit(db, "COMMIT") {}
  Stmt room, seat, revoke, event, order, snap, chat, clock, begin, commit;
};

SqliteStorage::SqliteStorage(const std::string& path, SyncMode sync, int checkpoint_pages) : checkpoint_pages_(checkpoint_pages) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    const std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw std::runtime_error("cannot open database " + path + ": " + msg);
  }
  sqlite3_busy_timeout(db_, 5000);
  try {
    exec("PRAGMA journal_mode=WAL");
    // FULL: the WAL is synced at every commit, so an acknowledged order survives power loss;
    // group commit pays that once per batch. NORMAL survives a killed process, not power loss.
    exec(sync == SyncMode::kFull ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    exec("PRAGMA foreign_keys=ON");
    migrate();
    statements_ = std::make_unique<Statements>(db_);
  } catch (...) {
    statements_.reset();
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
  // Replaces SQLite's automatic checkpoint (which is itself a WAL hook) with a signal to the
  // checkpoint thread. An in-memory database has no WAL and needs none.
  if (path != ":memory:" && !path.empty()) {
    sqlite3_wal_hook(db_, &SqliteStorage::on_wal_commit, this);
    checkpointer_ = std::thread([this, path] { run_checkpoints(path); });
  }
}

SqliteStorage::~SqliteStorage() {
  {
    std::lock_guard lock(checkpoint_mu_);
    stopping_ = true;
  }
  checkpoint_cv_.notify_all();
  if (checkpointer_.joinable()) checkpointer_.join();
  statements_.reset();
  if (db_) sqlite3_close(db_);
}

int SqliteStorage::on_wal_commit(void* self, sqlite3*, const char*, int pages) {
  auto* s = static_cast<SqliteStorage*>(self);
  if (pages >= s->checkpoint_pages_) {
    {
      std::lock_guard lock(s->checkpoint_mu_);
      s->checkpoint_wanted_ = true;
    }
    s->checkpoint_cv_.notify_one();
  }
  return SQLITE_OK;
}

std::uint64_t SqliteStorage::checkpoints() const {
  std::lock_guard lock(checkpoint_mu_);
  return checkpoints_;
}

// PASSIVE: copies what no reader still needs and never blocks the writer; the next commit
// after a complete checkpoint starts the WAL over from its beginning.
void SqliteStorage::run_checkpoints(std::string path) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    return;  // without it the WAL only grows until restart; commits still work
  }
  sqlite3_busy_timeout(db, 1000);
  // A connection reads the file's header only when first used: until then it does not know the
  // database is in WAL mode and a checkpoint does nothing.
  sqlite3_exec(db, "PRAGMA journal_mode", nullptr, nullptr, nullptr);
  for (;;) {
    {
      std::unique_lock lock(checkpoint_mu_);
      checkpoint_cv_.wait(lock, [&] { return stopping_ || checkpoint_wanted_; });
      if (stopping_) break;
      checkpoint_wanted_ = false;
    }
    int wal = 0, done = 0;
    if (sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, &wal, &done) == SQLITE_OK && done >= 0) {
      std::lock_guard lock(checkpoint_mu_);
      ++checkpoints_;
    }
  }
  // A last one, so a clean shutdown leaves a short WAL to read at the next start.
  sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
  sqlite3_close(db);
}

void SqliteStorage::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw std::runtime_error(std::string("sqlite: ") + msg);
  }
}

int SqliteStorage::schema_version() {
  Stmt st(db_, "PRAGMA user_version");
  st.step();
  return static_cast<int>(st.col_int(0));
}

void SqliteStorage::migrate() {
  migrate_from(migrations(), schema_version(), [this](const Migration& m) {
    exec("BEGIN IMMEDIATE");
    try {
      exec(std::string(m.sql).c_str());
      exec(("PRAGMA user_version=" + std::to_string(m.version)).c_str());
      exec("COMMIT");
    } catch (const std::exception& e) {
      exec("ROLLBACK");
      throw std::runtime_error("migration " + std::string(m.name) + " failed: " + e.what());
    }
  });
}

void SqliteStorage::commit(const std::vector<const Write*>& batch) {
  Statements& st = *statements_;
  try {
    st.begin.run();
    Stmt& room = st.room;
    Stmt& seat = st.seat;
    Stmt& revoke = st.revoke;
    Stmt& event = st.event;
    Stmt& order = st.order;
    Stmt& snap = st.snap;
    Stmt& chat = st.chat;
    std::string body;
    for (const Write* w : batch) {
      if (w->room) {
        room.text(1, w->room->id).text(2, w->room->name).text(3, w->room->ruleset).text(4, w->room->scenario_id);
        room.integer(5, w->room->created_ms);
        if (w->room->host_key_hash.empty()) {
          room.null(6);
        } else {
          room.text(6, w->room->host_key_hash);
        }
        if (w->room->origin.empty()) {
          room.null(7);
        } else {
          room.text(7, w->room->origin);
        }
        room.run();
      }
      for (const auto& s : w->seats) {
        seat.text(1, s.token_hash).text(2, s.room_id).text(3, s.seat).integer(4, s.role);
        seat.integer(5, s.revoked ? 1 : 0).integer(6, s.created_ms).run();
      }
      for (const auto& h : w->revoke_hashes) revoke.text(1, h).run();
      for (const auto& e : w->events) {
        body.clear();
        e.SerializeToString(&body);
        event.text(1, w->events_room).integer(2, static_cast<std::int64_t>(e.seq())).blob(3, body).run();
      }
      for (const auto& o : w->orders) {
        body.clear();
        o.command.SerializeToString(&body);
        order.text(1, w->events_room).integer(2, static_cast<std::int64_t>(o.first_seq)).blob(3, body).run();
      }
      if (w->snapshot) {
        snap.text(1, w->snapshot->room_id).integer(2, static_cast<std::int64_t>(w->snapshot->seq));
        snap.blob(3, w->snapshot->gm_view).blob(4, w->snapshot->state).run();
      }
      if (w->chat) {
        const auto& m = w->chat->message;
        chat.text(1, w->chat->room_id).integer(2, static_cast<std::int64_t>(m.id())).text(3, m.seat());
        chat.integer(4, m.channel()).text(5, m.text()).integer(6, m.unix_ms()).run();
      }
      if (w->clock) st.clock.text(1, w->room ? w->room->id : w->events_room).blob(2, *w->clock).run();
    }
    st.commit.run();
  } catch (...) {
    for (Stmt* s : {&st.room, &st.seat, &st.revoke, &st.event, &st.order, &st.snap, &st.chat, &st.clock, &st.begin, &st.commit}) s->reset();
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

namespace {

constexpr const char* kRoomColumns = "SELECT id,name,ruleset,scenario_id,created_ms,host_key_hash,origin FROM rooms";
constexpr const char* kSeatColumns = "SELECT token_hash,room_id,seat,role,revoked,created_ms FROM seats";

StoredRoom room_row(Stmt& st) {
  return {st.col_text(0), st.col_text(1), st.col_text(2), st.col_text(3), st.col_int(4), st.col_text(5), st.col_text(6)};
}

StoredSeat seat_row(Stmt& st) {
  StoredSeat s;
  s.token_hash = st.col_text(0);
  s.room_id = st.col_text(1);
  s.seat = st.col_text(2);
  s.role = static_cast<pb::Role>(st.col_int(3));
  s.revoked = st.col_int(4) != 0;
  s.created_ms = st.col_int(5);
  return s;
}

}  // namespace

std::vector<StoredRoom> SqliteStorage::rooms() {
  std::vector<StoredRoom> out;
  Stmt st(db_, (std::string(kRoomColumns) + " ORDER BY created_ms, id").c_str());
  while (st.step()) out.push_back(room_row(st));
  return out;
}

std::optional<StoredRoom> SqliteStorage::room(const std::string& id) {
  Stmt st(db_, (std::string(kRoomColumns) + " WHERE id=?").c_str());
  st.text(1, id);
  if (!st.step()) return std::nullopt;
  return room_row(st);
}

std::vector<StoredSeat> SqliteStorage::seats() {
  std::vector<StoredSeat> out;
  Stmt st(db_, kSeatColumns);
  while (st.step()) out.push_back(seat_row(st));
  return out;
}

std::vector<StoredSeat> SqliteStorage::seats_of(const std::string& room_id) {
  std::vector<StoredSeat> out;
  Stmt st(db_, (std::string(kSeatColumns) + " WHERE room_id=?").c_str());
  st.text(1, room_id);
  while (st.step()) out.push_back(seat_row(st));
  return out;
}

std::optional<StoredSeat> SqliteStorage::seat(const std::string& token_hash) {
  Stmt st(db_, (std::string(kSeatColumns) + " WHERE token_hash=?").c_str());
  st.text(1, token_hash);
  if (!st.step()) return std::nullopt;
  return seat_row(st);
}

std::optional<std::string> SqliteStorage::clock_of(const std::string& room_id) {
  Stmt st(db_, "SELECT state FROM room_clocks WHERE room_id=?");
  st.text(1, room_id);
  if (!st.step()) return std::nullopt;
  return st.col_blob(0);
}

std::vector<pb::Event> SqliteStorage::events(const std::string& room_id) {
  std::vector<pb::Event> out;
  Stmt st(db_, "SELECT seq,body FROM events WHERE room_id=? ORDER BY seq");
  st.text(1, room_id);
  while (st.step()) {
    pb::Event e;
    if (!e.ParseFromString(st.col_blob(1))) {
      throw std::runtime_error("room " + room_id + ": event " + std::to_string(st.col_int(0)) + " is unreadable");
    }
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<StoredOrder> SqliteStorage::orders(const std::string& room_id) {
  std::vector<StoredOrder> out;
  Stmt st(db_, "SELECT first_seq,body FROM orders WHERE room_id=? ORDER BY first_seq");
  st.text(1, room_id);
  while (st.step()) {
    StoredOrder o;
    o.first_seq = static_cast<std::uint64_t>(st.col_int(0));
    if (!o.command.ParseFromString(st.col_blob(1))) {
      throw std::runtime_error("room " + room_id + ": the order at event " + std::to_string(o.first_seq) + " is unreadable");
    }
    out.push_back(std::move(o));
  }
  return out;
}

std::optional<StoredSnapshot> SqliteStorage::latest_snapshot(const std::string& room_id) {
  Stmt st(db_, "SELECT seq,gm_view,state FROM snapshots WHERE room_id=? ORDER BY seq DESC LIMIT 1");
  st.text(1, room_id);
  if (!st.step()) return std::nullopt;
  return StoredSnapshot{room_id, static_cast<std::uint64_t>(st.col_int(0)), st.col_blob(1), st.col_blob(2)};
}

std::vector<std::pair<std::string, std::string>> SqliteStorage::clocks() {
  std::vector<std::pair<std::string, std::string>> out;
  Stmt st(db_, "SELECT room_id,state FROM room_clocks");
  while (st.step()) out.emplace_back(st.col_text(0), st.col_blob(1));
  return out;
}

std::vector<pb::ChatMessage> SqliteStorage::chat(const std::string& room_id, int limit) {
  std::vector<pb::ChatMessage> out;
  Stmt st(db_,
          "SELECT id,seat,channel,text,unix_ms FROM (SELECT * FROM chat WHERE room_id=? ORDER BY id DESC LIMIT ?) "
          "ORDER BY id");
  st.text(1, room_id).integer(2, limit);
  while (st.step()) {
    pb::ChatMessage m;
    m.set_id(static_cast<std::uint64_t>(st.col_int(0)));
    m.set_seat(st.col_text(1));
    m.set_channel(static_cast<pb::ChatChannel>(st.col_int(2)));
    m.set_text(st.col_text(3));
    m.set_unix_ms(st.col_int(4));
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace sandtable::server
