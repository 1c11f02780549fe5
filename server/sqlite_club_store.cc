#include "server/sqlite_club_store.h"

#include "server/sqlite_stmt.h"

namespace sandtable::server {

namespace {

MemberRow member_row(Stmt& q) {
  return MemberRow{q.col_text(0), q.col_text(1), q.col_text(2), q.col_int(3) != 0, q.col_text(4), q.col_int(5)};
}

constexpr const char* kMemberColumns = "SELECT id,club_id,name,gm,COALESCE(password_hash,''),created_ms FROM members ";

void insert_invitation(sqlite3* db, const std::string& hash, const std::string& member_id, std::int64_t now_ms) {
  Stmt(db, "INSERT INTO invitations(token_hash,member_id,created_ms) VALUES(?,?,?)")
      .text(1, hash).text(2, member_id).integer(3, now_ms).run();
}

void insert_member(sqlite3* db, const MemberRow& m) {
  Stmt(db, "INSERT INTO members(id,club_id,name,gm,created_ms) VALUES(?,?,?,?,?)")
      .text(1, m.id).text(2, m.club_id).text(3, m.name).integer(4, m.gm ? 1 : 0).integer(5, m.created_ms).run();
}

}  // namespace

SqliteClubStore::SqliteClubStore(const std::string& path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    const std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw std::runtime_error("cannot open database " + path + " for the clubs: " + msg);
  }
  // The rooms' group commit holds the write lock for a batch at a time: wait for it.
  sqlite3_busy_timeout(db_, 5000);
  try {
    exec("PRAGMA foreign_keys=ON");
    exec("PRAGMA synchronous=FULL");
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

SqliteClubStore::~SqliteClubStore() { sqlite3_close(db_); }

void SqliteClubStore::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    const std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw std::runtime_error(std::string("sqlite: ") + msg);
  }
}

template <class F>
auto SqliteClubStore::transaction(F f) {
  exec("BEGIN IMMEDIATE");
  try {
    auto result = f();
    exec("COMMIT");
    return result;
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void SqliteClubStore::create_club(const pb::Club& club, const MemberRow& gm, const std::string& invitation_hash,
                                  std::int64_t now_ms) {
  transaction([&] {
    Stmt(db_, "INSERT INTO clubs(id,name,created_ms) VALUES(?,?,?)").text(1, club.id()).text(2, club.name()).integer(3, now_ms).run();
    insert_member(db_, gm);
    insert_invitation(db_, invitation_hash, gm.id, now_ms);
    return true;
  });
}

std::optional<pb::Club> SqliteClubStore::club(const std::string& id) {
  Stmt q(db_, "SELECT id,name,webhook_url,webhook_kind FROM clubs WHERE id=?");
  q.text(1, id);
  if (!q.step()) return std::nullopt;
  pb::Club c;
  c.set_id(q.col_text(0));
  c.set_name(q.col_text(1));
  c.set_webhook_url(q.col_text(2));
  c.set_webhook_kind(q.col_text(3));
  return c;
}

void SqliteClubStore::set_webhook(const std::string& club_id, const std::string& url, const std::string& kind) {
  Stmt(db_, "UPDATE clubs SET webhook_url=?, webhook_kind=? WHERE id=?").text(1, url).text(2, kind).text(3, club_id).run();
}

std::optional<MemberRow> SqliteClubStore::member(const std::string& id) {
  Stmt q(db_, (std::string(kMemberColumns) + "WHERE id=?").c_str());
  q.text(1, id);
  if (!q.step()) return std::nullopt;
  return member_row(q);
}

std::optional<MemberRow> SqliteClubStore::member_by_name(const std::string& club_id, const std::string& name) {
  Stmt q(db_, (std::string(kMemberColumns) + "WHERE club_id=? AND name=?").c_str());
  q.text(1, club_id).text(2, name);
  if (!q.step()) return std::nullopt;
  return member_row(q);
}

std::vector<MemberRow> SqliteClubStore::members(const std::string& club_id) {
  Stmt q(db_, (std::string(kMemberColumns) + "WHERE club_id=? ORDER BY created_ms, name").c_str());
  q.text(1, club_id);
  std::vector<MemberRow> out;
  while (q.step()) out.push_back(member_row(q));
  return out;
}

bool SqliteClubStore::add_member(const MemberRow& member, const std::string& invitation_hash, std::int64_t now_ms) {
  return transaction([&] {
    if (member_by_name(member.club_id, member.name)) return false;
    insert_member(db_, member);
    insert_invitation(db_, invitation_hash, member.id, now_ms);
    return true;
  });
}

void SqliteClubStore::replace_invitation(const std::string& member_id, const std::string& invitation_hash,
                                         std::int64_t now_ms) {
  transaction([&] {
    Stmt(db_, "UPDATE invitations SET used=1 WHERE member_id=? AND used=0").text(1, member_id).run();
    insert_invitation(db_, invitation_hash, member_id, now_ms);
    return true;
  });
}

std::optional<std::string> SqliteClubStore::invitation(const std::string& invitation_hash) {
  Stmt q(db_, "SELECT member_id FROM invitations WHERE token_hash=? AND used=0");
  q.text(1, invitation_hash);
  if (!q.step()) return std::nullopt;
  return q.col_text(0);
}

bool SqliteClubStore::accept_invitation(const std::string& invitation_hash, const std::string& member_id,
                                        const std::string& password_hash, const std::string& session_hash,
                                        std::int64_t now_ms, std::int64_t expires_ms) {
  return transaction([&] {
    Stmt use(db_, "UPDATE invitations SET used=1 WHERE token_hash=? AND member_id=? AND used=0");
    use.text(1, invitation_hash).text(2, member_id).run();
    if (sqlite3_changes(db_) != 1) return false;
    Stmt(db_, "UPDATE members SET password_hash=? WHERE id=?").text(1, password_hash).text(2, member_id).run();
    add_session(session_hash, member_id, now_ms, expires_ms);
    return true;
  });
}

void SqliteClubStore::add_session(const std::string& session_hash, const std::string& member_id, std::int64_t now_ms,
                                  std::int64_t expires_ms) {
  Stmt(db_, "INSERT INTO member_sessions(token_hash,member_id,created_ms,expires_ms) VALUES(?,?,?,?)")
      .text(1, session_hash).text(2, member_id).integer(3, now_ms).integer(4, expires_ms).run();
}

std::optional<std::string> SqliteClubStore::session(const std::string& session_hash, std::int64_t now_ms) {
  Stmt q(db_, "SELECT member_id FROM member_sessions WHERE token_hash=? AND ended=0 AND expires_ms>?");
  q.text(1, session_hash).integer(2, now_ms);
  if (!q.step()) return std::nullopt;
  return q.col_text(0);
}

void SqliteClubStore::end_session(const std::string& session_hash) {
  Stmt(db_, "UPDATE member_sessions SET ended=1 WHERE token_hash=?").text(1, session_hash).run();
}

void SqliteClubStore::end_sessions(const std::string& member_id) {
  Stmt(db_, "UPDATE member_sessions SET ended=1 WHERE member_id=?").text(1, member_id).run();
}

void SqliteClubStore::put_campaign(const std::string& club_id, const pb::Campaign& campaign, std::int64_t now_ms) {
  Stmt(db_, "INSERT INTO campaigns(id,club_id,created_ms,body) VALUES(?,?,?,?) ON CONFLICT(id) DO UPDATE SET body=excluded.body")
      .text(1, campaign.id()).text(2, club_id).integer(3, now_ms).blob(4, campaign.SerializeAsString()).run();
}

std::optional<pb::Campaign> SqliteClubStore::campaign(const std::string& id, std::string* club_id) {
  Stmt q(db_, "SELECT club_id,body FROM campaigns WHERE id=?");
  q.text(1, id);
  if (!q.step()) return std::nullopt;
  pb::Campaign c;
  if (!c.ParseFromString(q.col_blob(1))) throw std::runtime_error("campaign " + id + " cannot be read");
  if (club_id) *club_id = q.col_text(0);
  return c;
}

std::vector<pb::Campaign> SqliteClubStore::campaigns(const std::string& club_id) {
  Stmt q(db_, "SELECT id,body FROM campaigns WHERE club_id=? ORDER BY created_ms, id");
  q.text(1, club_id);
  std::vector<pb::Campaign> out;
  while (q.step()) {
    pb::Campaign c;
    if (!c.ParseFromString(q.col_blob(1))) throw std::runtime_error("campaign " + q.col_text(0) + " cannot be read");
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<std::pair<std::string, pb::Campaign>> SqliteClubStore::all_campaigns() {
  Stmt q(db_, "SELECT club_id,body FROM campaigns ORDER BY created_ms, id");
  std::vector<std::pair<std::string, pb::Campaign>> out;
  while (q.step()) {
    pb::Campaign c;
    if (c.ParseFromString(q.col_blob(1))) out.emplace_back(q.col_text(0), std::move(c));
  }
  return out;
}

std::optional<std::string> SqliteClubStore::battle_seat(const std::string& battle_id, const std::string& member_id) {
  Stmt q(db_, "SELECT token_hash FROM battle_seats WHERE battle_id=? AND member_id=?");
  q.text(1, battle_id).text(2, member_id);
  if (!q.step()) return std::nullopt;
  return q.col_text(0);
}

void SqliteClubStore::set_battle_seat(const std::string& battle_id, const std::string& member_id,
                                      const std::string& token_hash) {
  Stmt(db_, "INSERT INTO battle_seats(battle_id,member_id,token_hash) VALUES(?,?,?) "
            "ON CONFLICT(battle_id,member_id) DO UPDATE SET token_hash=excluded.token_hash")
      .text(1, battle_id).text(2, member_id).text(3, token_hash).run();
}

}  // namespace sandtable::server
