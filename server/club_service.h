#pragma once
// Clubs, members and campaigns over HTTP (docs/campaigns.md; the messages are club.proto's, as
// JSON). Requests run one at a time on the service's own thread, never on the I/O threads: a
// password's Argon2id hash takes a fraction of a second, a battle's room waits for its commit.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "server/address_limits.h"
#include "server/budget.h"
#include "server/club_store.h"
#include "server/rooms.h"
#include "server/webhooks.h"
#include "server/work_queue.h"

namespace sandtable::server {

struct ClubRequest {
  std::string method;   // "GET" or "POST"
  std::string path;     // e.g. "/api/club/me"
  std::string query;    // what follows '?', e.g. "token=..."
  std::string body;     // JSON
  std::string session;  // the sandtable_session cookie's value, "" when none
  std::string address;  // the peer's address, for the rate limits
};

struct ClubResponse {
  int status = 200;
  std::string body;        // JSON: the answer's message, or an Error
  std::string set_cookie;  // a Set-Cookie header's value, "" for none
};

struct ClubOptions {
  std::string create_secret;     // as for rooms: needed to found a club when not empty
  bool secure_cookies = true;    // the session cookie's Secure attribute
  std::int64_t session_ms = 30LL * 24 * 3600 * 1000;
  // Sign-in attempts one member's name may fail, refilled per minute (the address has its own).
  double sign_ins_per_minute = 5;
  double sign_in_burst = 10;
  // Webhook notices: the wait before a failed one is tried again (doubled each time), and tries.
  std::chrono::milliseconds webhook_retry{1000};
  int webhook_attempts = 6;
};

class ClubService {
 public:
  ClubService(std::unique_ptr<ClubStore> store, Rooms& rooms, AddressLimits& addresses, ClubOptions options);
  ~ClubService();
  ClubService(const ClubService&) = delete;
  ClubService& operator=(const ClubService&) = delete;

  static bool handles(const std::string& path) { return path.rfind("/api/club/", 0) == 0; }
  // Queues a request; `done` runs on the service's thread. False (and `done` never runs) when
  // too many wait: the caller answers 503.
  bool submit(ClubRequest request, std::function<void(ClubResponse)> done);
  // A request, on the caller's thread (the service's, or a test's).
  ClubResponse handle(const ClubRequest& request);

  // Once the rooms are loaded: every opened battle's room sends its "your turn" notices
  // (server/club_notices.cc). Queued on the service's thread.
  void watch_rooms();
  const Webhooks& webhooks() const { return webhooks_; }

  static constexpr const char* kCookie = "sandtable_session";

 private:
  struct Call;
  ClubResponse route(Call& call);
  // Members and sign-in (server/club_members.cc).
  ClubResponse create_club(Call& call);
  ClubResponse invitation_info(Call& call);
  ClubResponse accept_invitation(Call& call);
  ClubResponse sign_in(Call& call);
  ClubResponse sign_out(Call& call);
  ClubResponse invite(Call& call);
  // Campaigns (server/club_campaigns.cc).
  ClubResponse dashboard(Call& call);
  ClubResponse campaign(Call& call);
  ClubResponse create_campaign(Call& call);
  ClubResponse assign(Call& call);
  ClubResponse add_battle(Call& call);
  ClubResponse open_battle(Call& call);
  ClubResponse join_battle(Call& call);
  // Notices (server/club_notices.cc).
  ClubResponse set_webhook(Call& call);
  void watch(const std::string& club_id, const std::string& campaign_id, const pb::Battle& battle);
  void notice(const std::string& club_id, const std::string& campaign_id, const std::string& battle_id,
              const std::string& side, int turn);
  void send_notice(const pb::Club& club, pb::YourTurnNotice notice);
  // A campaign with each battle's state read from its room, and the standings.
  pb::Campaign with_standings(pb::Campaign c, const std::vector<MemberRow>& members);
  std::string session_cookie(const std::string& token) const;
  // The answer to a sign-up or sign-in: who, and the session's cookie.
  ClubResponse signed_in(const pb::Club& club, const MemberRow& member, const std::string& session) const;

  std::unique_ptr<ClubStore> store_;
  Rooms& rooms_;
  AddressLimits& addresses_;
  ClubOptions options_;
  std::map<std::string, Budget> sign_ins_;  // by club id and name; the service thread's alone
  std::mutex handle_mu_;                    // handle() from a test while the thread runs too
  Webhooks webhooks_;
  WorkQueue queue_;                         // last: its thread starts once the rest is ready
};

}  // namespace sandtable::server
