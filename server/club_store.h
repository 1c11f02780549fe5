#pragma once
// What the server keeps of clubs, members, sign-ins and campaigns (docs/campaigns.md), behind an
// interface like the rooms' Storage so that a shared database can stand in for the SQLite file.
// Called only from the club service's thread; every method throws std::runtime_error (and
// changes nothing) when the database fails.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sandtable/v1/club.pb.h"

namespace sandtable::server {

namespace pb = ::sandtable::v1;

struct MemberRow {
  std::string id;
  std::string club_id;
  std::string name;
  bool gm = false;
  std::string password_hash;  // Argon2id string; empty until the member signs up
  std::int64_t created_ms = 0;
};

class ClubStore {
 public:
  virtual ~ClubStore() = default;

  // A new club with its GM and the GM's invitation, in one transaction.
  virtual void create_club(const pb::Club& club, const MemberRow& gm, const std::string& invitation_hash,
                           std::int64_t now_ms) = 0;
  // With its webhook.
  virtual std::optional<pb::Club> club(const std::string& id) = 0;
  virtual void set_webhook(const std::string& club_id, const std::string& url, const std::string& kind) = 0;

  virtual std::optional<MemberRow> member(const std::string& id) = 0;
  virtual std::optional<MemberRow> member_by_name(const std::string& club_id, const std::string& name) = 0;
  virtual std::vector<MemberRow> members(const std::string& club_id) = 0;
  // A new member with their invitation; false (nothing written) when the club has that name.
  virtual bool add_member(const MemberRow& member, const std::string& invitation_hash, std::int64_t now_ms) = 0;

  // A fresh invitation for a member: every earlier unused one of theirs stops working.
  virtual void replace_invitation(const std::string& member_id, const std::string& invitation_hash,
                                  std::int64_t now_ms) = 0;
  // The member an unused invitation is for.
  virtual std::optional<std::string> invitation(const std::string& invitation_hash) = 0;
  // Uses the invitation up, sets the password and opens a session, in one transaction; false
  // (nothing written) when the invitation was used meanwhile.
  virtual bool accept_invitation(const std::string& invitation_hash, const std::string& member_id,
                                 const std::string& password_hash, const std::string& session_hash,
                                 std::int64_t now_ms, std::int64_t expires_ms) = 0;

  virtual void add_session(const std::string& session_hash, const std::string& member_id, std::int64_t now_ms,
                           std::int64_t expires_ms) = 0;
  // The member of a session that has not ended or expired.
  virtual std::optional<std::string> session(const std::string& session_hash, std::int64_t now_ms) = 0;
  virtual void end_session(const std::string& session_hash) = 0;
  virtual void end_sessions(const std::string& member_id) = 0;

  // Campaigns as their stored definition (sides, members, battles; no standings).
  virtual void put_campaign(const std::string& club_id, const pb::Campaign& campaign, std::int64_t now_ms) = 0;
  virtual std::optional<pb::Campaign> campaign(const std::string& id, std::string* club_id) = 0;
  virtual std::vector<pb::Campaign> campaigns(const std::string& club_id) = 0;
  // Every club's campaigns, by club id (the rooms' notice hooks are set from them at start).
  virtual std::vector<std::pair<std::string, pb::Campaign>> all_campaigns() = 0;

  // The hash of the seat link a member was last given for a battle, and its replacement.
  virtual std::optional<std::string> battle_seat(const std::string& battle_id, const std::string& member_id) = 0;
  virtual void set_battle_seat(const std::string& battle_id, const std::string& member_id,
                               const std::string& token_hash) = 0;
};

}  // namespace sandtable::server
