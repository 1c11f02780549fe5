#include "server/pg_storage.h"

#include <set>
#include <stdexcept>

#include "server/migrations.h"

namespace sandtable::server {

namespace {

// Held while one node migrates, so nodes started together do not migrate twice.
constexpr const char* kMigrationLock = "SELECT pg_advisory_lock(7461001)";
constexpr const char* kMigrationUnlock = "SELECT pg_advisory_unlock(7461001)";

// Insert-or-take: a free room, one whose lease ran out, or one this node holds already.
constexpr const char* kClaimWhere =
    " ON CONFLICT (room_id) DO UPDATE SET node = EXCLUDED.node, expires_ms = EXCLUDED.expires_ms"
    " WHERE room_leases.node = EXCLUDED.node OR room_leases.expires_ms < sandtable_now_ms() RETURNING room_id";

// A text[] literal of room ids; ids are letters, digits and '-' (Rooms mints them), quoted anyway.
std::string text_array(const std::set<std::string>& ids) {
  std::string out = "{";
  for (const auto& id : ids) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (char c : id) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

}  // namespace

PgStorage::PgStorage(const std::string& url, std::string node, std::chrono::milliseconds ttl)
    : db_(url), node_(std::move(node)), ttl_(ttl) {
  migrate();
}

int PgStorage::schema_version() {
  return static_cast<int>(db_.query("SELECT version FROM sandtable_schema").integer(0, 0));
}

void PgStorage::migrate() {
  db_.exec(kMigrationLock);
  try {
    db_.exec("CREATE TABLE IF NOT EXISTS sandtable_schema (version INTEGER NOT NULL)");
    db_.exec("INSERT INTO sandtable_schema SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM sandtable_schema)");
    migrate_from(postgresql_migrations(), schema_version(), [this](const Migration& m) {
      db_.exec("BEGIN");
      try {
        db_.exec(std::string(m.sql));
        db_.exec("UPDATE sandtable_schema SET version = " + std::to_string(m.version));
        db_.exec("COMMIT");
      } catch (const std::exception& e) {
        db_.exec("ROLLBACK");
        throw std::runtime_error("migration " + std::string(m.name) + " failed: " + e.what());
      }
    });
  } catch (...) {
    db_.exec(kMigrationUnlock);
    throw;
  }
  db_.exec(kMigrationUnlock);
}

void PgStorage::commit(const std::vector<const Write*>& batch) {
  std::vector<PgConn::Piped> st;
  st.push_back({"BEGIN", {}});
  // Rooms this batch writes that it does not create: this node must hold each, checked first.
  std::set<std::string> written, created;
  for (const Write* w : batch) {
    if (w->room) created.insert(w->room->id);
    if (!w->events_room.empty()) written.insert(w->events_room);
    if (w->snapshot) written.insert(w->snapshot->room_id);
    if (w->chat) written.insert(w->chat->room_id);
    for (const auto& seat : w->seats) written.insert(seat.room_id);  // a fresh link for a seat
  }
  for (const auto& id : created) written.erase(id);
  if (!node_.empty() && !written.empty()) {
    st.push_back({"SELECT sandtable_fence($1::text[], $2)", PgParams().text(text_array(written)).text(node_)});
  }
  for (const Write* w : batch) {
    if (w->room) {
      const auto& r = *w->room;
      st.push_back({"INSERT INTO rooms(id,name,ruleset,scenario_id,created_ms,host_key_hash,origin) "
                    "VALUES($1,$2,$3,$4,$5,$6,$7)",
                    PgParams().text(r.id).text(r.name).text(r.ruleset).text(r.scenario_id).integer(r.created_ms)
                        .text_or_null(r.host_key_hash).text_or_null(r.origin)});
      if (!node_.empty()) {
        st.push_back({"INSERT INTO room_leases(room_id,node,expires_ms) VALUES($1,$2,sandtable_now_ms()+$3)",
                      PgParams().text(r.id).text(node_).integer(ttl_.count())});
      }
    }
    for (const auto& s : w->seats) {
      st.push_back({"INSERT INTO seats(token_hash,room_id,seat,role,revoked,created_ms) VALUES($1,$2,$3,$4,$5,$6)",
                    PgParams().text(s.token_hash).text(s.room_id).text(s.seat).integer(s.role)
                        .integer(s.revoked ? 1 : 0).integer(s.created_ms)});
    }
    for (const auto& h : w->revoke_hashes) {
      st.push_back({"UPDATE seats SET revoked=1 WHERE token_hash=$1", PgParams().text(h)});
    }
    for (const auto& e : w->events) {
      st.push_back({"INSERT INTO events(room_id,seq,body) VALUES($1,$2,$3)",
                    PgParams().text(w->events_room).integer(static_cast<std::int64_t>(e.seq())).bytes(e.SerializeAsString())});
    }
    for (const auto& o : w->orders) {
      st.push_back({"INSERT INTO orders(room_id,first_seq,body) VALUES($1,$2,$3)",
                    PgParams().text(w->events_room).integer(static_cast<std::int64_t>(o.first_seq))
                        .bytes(o.command.SerializeAsString())});
    }
    if (w->snapshot) {
      const auto& s = *w->snapshot;
      st.push_back({"INSERT INTO snapshots(room_id,seq,gm_view,state) VALUES($1,$2,$3,$4) ON CONFLICT (room_id,seq) "
                    "DO UPDATE SET gm_view=EXCLUDED.gm_view, state=EXCLUDED.state",
                    PgParams().text(s.room_id).integer(static_cast<std::int64_t>(s.seq)).bytes(s.gm_view).bytes(s.state)});
    }
    if (w->chat) {
      const auto& m = w->chat->message;
      st.push_back({"INSERT INTO chat(room_id,id,seat,channel,text,unix_ms) VALUES($1,$2,$3,$4,$5,$6)",
                    PgParams().text(w->chat->room_id).integer(static_cast<std::int64_t>(m.id())).text(m.seat())
                        .integer(m.channel()).text(m.text()).integer(m.unix_ms())});
    }
    if (w->clock) {
      st.push_back({"INSERT INTO room_clocks(room_id,state) VALUES($1,$2) ON CONFLICT (room_id) DO UPDATE SET "
                    "state=EXCLUDED.state",
                    PgParams().text(w->room ? w->room->id : w->events_room).bytes(*w->clock)});
    }
  }
  st.push_back({"COMMIT", {}});
  db_.pipeline(st);
}

std::vector<StoredRoom> PgStorage::rooms() {
  std::vector<StoredRoom> out;
  auto r = db_.query("SELECT id,name,ruleset,scenario_id,created_ms,host_key_hash,origin FROM rooms ORDER BY created_ms, id");
  for (int i = 0; i < r.rows(); ++i) {
    out.push_back({r.bytes(i, 0), r.bytes(i, 1), r.bytes(i, 2), r.bytes(i, 3), r.integer(i, 4), r.bytes(i, 5), r.bytes(i, 6)});
  }
  return out;
}

std::optional<StoredRoom> PgStorage::room(const std::string& id) {
  auto r = db_.query("SELECT id,name,ruleset,scenario_id,created_ms,host_key_hash,origin FROM rooms WHERE id=$1",
                     PgParams().text(id));
  if (r.rows() == 0) return std::nullopt;
  return StoredRoom{r.bytes(0, 0), r.bytes(0, 1), r.bytes(0, 2), r.bytes(0, 3), r.integer(0, 4), r.bytes(0, 5), r.bytes(0, 6)};
}

std::vector<StoredSeat> PgStorage::seat_rows(const PgResult& r) {
  std::vector<StoredSeat> out;
  for (int i = 0; i < r.rows(); ++i) {
    StoredSeat s;
    s.token_hash = r.bytes(i, 0);
    s.room_id = r.bytes(i, 1);
    s.seat = r.bytes(i, 2);
    s.role = static_cast<pb::Role>(r.integer(i, 3));
    s.revoked = r.integer(i, 4) != 0;
    s.created_ms = r.integer(i, 5);
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<StoredSeat> PgStorage::seats() {
  return seat_rows(db_.query("SELECT token_hash,room_id,seat,role,revoked,created_ms FROM seats"));
}

std::vector<StoredSeat> PgStorage::seats_of(const std::string& room_id) {
  return seat_rows(db_.query("SELECT token_hash,room_id,seat,role,revoked,created_ms FROM seats WHERE room_id=$1",
                             PgParams().text(room_id)));
}

std::vector<pb::Event> PgStorage::events(const std::string& room_id) {
  std::vector<pb::Event> out;
  auto r = db_.query("SELECT seq,body FROM events WHERE room_id=$1 ORDER BY seq", PgParams().text(room_id));
  for (int i = 0; i < r.rows(); ++i) {
    pb::Event e;
    if (!e.ParseFromString(r.bytes(i, 1))) {
      throw std::runtime_error("room " + room_id + ": event " + std::to_string(r.integer(i, 0)) + " is unreadable");
    }
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<StoredOrder> PgStorage::orders(const std::string& room_id) {
  std::vector<StoredOrder> out;
  auto r = db_.query("SELECT first_seq,body FROM orders WHERE room_id=$1 ORDER BY first_seq", PgParams().text(room_id));
  for (int i = 0; i < r.rows(); ++i) {
    StoredOrder o;
    o.first_seq = static_cast<std::uint64_t>(r.integer(i, 0));
    if (!o.command.ParseFromString(r.bytes(i, 1))) {
      throw std::runtime_error("room " + room_id + ": the order at event " + std::to_string(o.first_seq) +
                               " is unreadable");
    }
    out.push_back(std::move(o));
  }
  return out;
}

std::optional<StoredSnapshot> PgStorage::latest_snapshot(const std::string& room_id) {
  auto r = db_.query("SELECT seq,gm_view,state FROM snapshots WHERE room_id=$1 ORDER BY seq DESC LIMIT 1",
                     PgParams().text(room_id));
  if (r.rows() == 0) return std::nullopt;
  return StoredSnapshot{room_id, static_cast<std::uint64_t>(r.integer(0, 0)), r.bytes(0, 1), r.bytes(0, 2)};
}

std::vector<pb::ChatMessage> PgStorage::chat(const std::string& room_id, int limit) {
  std::vector<pb::ChatMessage> out;
  auto r = db_.query(
      "SELECT id,seat,channel,text,unix_ms FROM (SELECT * FROM chat WHERE room_id=$1 ORDER BY id DESC LIMIT $2) c "
      "ORDER BY id",
      PgParams().text(room_id).integer(limit));
  for (int i = 0; i < r.rows(); ++i) {
    pb::ChatMessage m;
    m.set_id(static_cast<std::uint64_t>(r.integer(i, 0)));
    m.set_seat(r.bytes(i, 1));
    m.set_channel(static_cast<pb::ChatChannel>(r.integer(i, 2)));
    m.set_text(r.bytes(i, 3));
    m.set_unix_ms(r.integer(i, 4));
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> PgStorage::clocks() {
  std::vector<std::pair<std::string, std::string>> out;
  auto r = db_.query("SELECT room_id,state FROM room_clocks");
  for (int i = 0; i < r.rows(); ++i) out.emplace_back(r.bytes(i, 0), r.bytes(i, 1));
  return out;
}

std::optional<std::string> PgStorage::clock_of(const std::string& room_id) {
  auto r = db_.query("SELECT state FROM room_clocks WHERE room_id=$1", PgParams().text(room_id));
  if (r.rows() == 0) return std::nullopt;
  return r.bytes(0, 0);
}

bool PgStorage::claim(const std::string& room_id) {
  auto r = db_.query(std::string("INSERT INTO room_leases(room_id,node,expires_ms) VALUES($1,$2,sandtable_now_ms()+$3)") +
                         kClaimWhere,
                     PgParams().text(room_id).text(node_).integer(ttl_.count()));
  return r.rows() == 1;
}

std::vector<std::string> PgStorage::claim_home() {
  auto r = db_.query(std::string("INSERT INTO room_leases(room_id,node,expires_ms) SELECT id,$1,sandtable_now_ms()+$2 "
                                 "FROM rooms WHERE strpos(id,'-') > 0 AND split_part(id,'-',1) = $1") +
                         kClaimWhere,
                     PgParams().text(node_).integer(ttl_.count()));
  std::vector<std::string> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back(r.bytes(i, 0));
  return out;
}

Leases::Renewal PgStorage::renew() {
  // A gap longer than a lease since the last beat: the node was down, and is back from now.
  db_.query("INSERT INTO cluster_nodes(node,seen_ms,since_ms) VALUES($1,sandtable_now_ms(),sandtable_now_ms()) "
            "ON CONFLICT (node) DO UPDATE SET seen_ms=EXCLUDED.seen_ms, since_ms=CASE WHEN "
            "cluster_nodes.seen_ms < EXCLUDED.seen_ms-$2 THEN EXCLUDED.seen_ms ELSE cluster_nodes.since_ms END",
            PgParams().text(node_).integer(ttl_.count()));
  Renewal out;
  auto held = db_.query("UPDATE room_leases SET expires_ms=sandtable_now_ms()+$2 WHERE node=$1 RETURNING room_id",
                        PgParams().text(node_).integer(ttl_.count()));
  for (int i = 0; i < held.rows(); ++i) out.held.push_back(held.bytes(i, 0));
  auto back = db_.query(
      "SELECT l.room_id FROM room_leases l JOIN cluster_nodes n ON n.node = split_part(l.room_id,'-',1) "
      "WHERE l.node=$1 AND n.node<>$1 AND strpos(l.room_id,'-') > 0 AND n.seen_ms > sandtable_now_ms()-$2 "
      "AND n.since_ms < sandtable_now_ms()-$2",
      PgParams().text(node_).integer(ttl_.count()));
  for (int i = 0; i < back.rows(); ++i) out.hand_back.push_back(back.bytes(i, 0));
  return out;
}

void PgStorage::release(const std::string& room_id) {
  db_.query("DELETE FROM room_leases WHERE room_id=$1 AND node=$2", PgParams().text(room_id).text(node_));
}

}  // namespace sandtable::server
