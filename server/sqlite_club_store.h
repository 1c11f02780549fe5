#pragma once
// The club store in the rooms' SQLite file, on a connection of its own (the rooms' connection
// is inside a group commit's transaction most of the time). The rooms' storage has already
// migrated the file. Not for ":memory:", whose second connection would be another database.
#include <string>

#include "server/club_store.h"

struct sqlite3;

namespace sandtable::server {

class SqliteClubStore : public ClubStore {
 public:
  explicit SqliteClubStore(const std::string& path);
  ~SqliteClubStore() override;
  SqliteClubStore(const SqliteClubStore&) = delete;
  SqliteClubStore& operator=(const SqliteClubStore&) = delete;

  void create_club(const pb::Club& club, const MemberRow& gm, const std::string& invitation_hash,
                   std::int64_t now_ms) override;
  std::optional<pb::Club> club(const std::string& id) override;
  void set_webhook(const std::string& club_id, const std::string& url, const std::string& kind) override;
  std::optional<MemberRow> member(const std::string& id) override;
  std::optional<MemberRow> member_by_name(const std::string& club_id, const std::string& name) override;
  std::vector<MemberRow> members(const std::string& club_id) override;
  bool add_member(const MemberRow& member, const std::string& invitation_hash, std::int64_t now_ms) override;
  void replace_invitation(const std::string& member_id, const std::string& invitation_hash, std::int64_t now_ms) override;
  std::optional<std::string> invitation(const std::string& invitation_hash) override;
  bool accept_invitation(const std::string& invitation_hash, const std::string& member_id,
                         const std::string& password_hash, const std::string& session_hash, std::int64_t now_ms,
                         std::int64_t expires_ms) override;
  void add_session(const std::string& session_hash, const std::string& member_id, std::int64_t now_ms,
                   std::int64_t expires_ms) override;
  std::optional<std::string> session(const std::string& session_hash, std::int64_t now_ms) override;
  void end_session(const std::string& session_hash) override;
  void end_sessions(const std::string& member_id) override;
  void put_campaign(const std::string& club_id, const pb::Campaign& campaign, std::int64_t now_ms) override;
  std::optional<pb::Campaign> campaign(const std::string& id, std::string* club_id) override;
  std::vector<pb::Campaign> campaigns(const std::string& club_id) override;
  std::vector<std::pair<std::string, pb::Campaign>> all_campaigns() override;
  std::optional<std::string> battle_seat(const std::string& battle_id, const std::string& member_id) override;
  void set_battle_seat(const std::string& battle_id, const std::string& member_id, const std::string& token_hash) override;

 private:
  // Runs `f` inside BEGIN IMMEDIATE ... COMMIT, rolled back when it throws.
  template <class F>
  auto transaction(F f);
  void exec(const char* sql);
  sqlite3* db_ = nullptr;
};

}  // namespace sandtable::server
