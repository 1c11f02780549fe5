#include "server/club_service.h"

#include <google/protobuf/util/json_util.h>
#include <spdlog/spdlog.h>

#include "server/club_call.h"
#include "server/tokens.h"
#include "server/wall_clock.h"
#include "sandtable/v1/protocol.pb.h"

namespace sandtable::server {

ClubResponse club_error(int status, const std::string& code, const std::string& message) {
  pb::Error e;
  e.set_code(code);
  e.set_message(message);
  ClubResponse r = club_reply(e);
  r.status = status;
  return r;
}

ClubResponse club_reply(const google::protobuf::Message& message) {
  ClubResponse r;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  (void)google::protobuf::util::MessageToJsonString(message, &r.body, options);
  return r;
}

bool ClubService::Call::read(google::protobuf::Message& m) const {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  return google::protobuf::util::JsonStringToMessage(request.body.empty() ? "{}" : request.body, &m, options).ok();
}

std::string ClubService::Call::query(const std::string& key) const {
  const std::string& q = request.query;
  std::size_t at = 0;
  while (at <= q.size()) {
    const std::size_t end = std::min(q.find('&', at), q.size());
    const std::string pair = q.substr(at, end - at);
    if (pair.rfind(key + "=", 0) == 0) return pair.substr(key.size() + 1);
    at = end + 1;
  }
  return "";
}

ClubService::ClubService(std::unique_ptr<ClubStore> store, Rooms& rooms, AddressLimits& addresses, ClubOptions options)
    : store_(std::move(store)),
      rooms_(rooms),
      addresses_(addresses),
      options_(std::move(options)),
      webhooks_(options_.webhook_retry, options_.webhook_attempts),
      queue_(64) {}

ClubService::~ClubService() = default;

bool ClubService::submit(ClubRequest request, std::function<void(ClubResponse)> done) {
  return queue_.submit([this, request = std::move(request), done = std::move(done)] { done(handle(request)); });
}

ClubResponse ClubService::handle(const ClubRequest& request) {
  std::lock_guard lock(handle_mu_);
  Call call{request, *store_, std::nullopt};
  try {
    if (!request.session.empty()) {
      if (auto id = store_->session(token_hash(request.session), unix_ms())) call.member = store_->member(*id);
    }
    return route(call);
  } catch (const std::exception& e) {
    spdlog::error("club {} {}: {}", request.method, request.path, e.what());
    return club_error(500, "STORAGE_ERROR", "The club's records could not be read or saved just now; try again.");
  }
}

std::string ClubService::session_cookie(const std::string& token) const {
  std::string c = std::string(kCookie) + "=" + token + "; Path=/; HttpOnly; SameSite=Lax";
  c += token.empty() ? "; Max-Age=0" : "; Max-Age=" + std::to_string(options_.session_ms / 1000);
  if (options_.secure_cookies) c += "; Secure";
  return c;
}

ClubResponse ClubService::route(Call& call) {
  const std::string& m = call.request.method;
  const std::string& p = call.request.path;
  const bool get = m == "GET";
  const bool post = m == "POST";
  if (post && p == "/api/club/create") return create_club(call);
  if (get && p == "/api/club/invitation") return invitation_info(call);
  if (post && p == "/api/club/invitation/accept") return accept_invitation(call);
  if (post && p == "/api/club/signin") return sign_in(call);
  if (!call.member) {
    if (p == "/api/club/signout") return club_reply(pb::SignOut());  // nothing to end
    return club_error(401, "NOT_SIGNED_IN", "Sign in to your club first.");
  }
  if (post && p == "/api/club/signout") return sign_out(call);
  if (get && p == "/api/club/me") return dashboard(call);
  if (get && p == "/api/club/campaign") return campaign(call);
  if (post && p == "/api/club/battle/join") return join_battle(call);
  const bool gm_call = p == "/api/club/invite" || p == "/api/club/campaign/create" || p == "/api/club/campaign/assign" ||
                       p == "/api/club/campaign/battle" || p == "/api/club/battle/open" ||
                       p == "/api/club/webhook";
  if (gm_call && !call.member->gm) return club_error(403, "GM_ONLY", "Only the club's game master can do that.");
  if (post && p == "/api/club/invite") return invite(call);
  if (post && p == "/api/club/campaign/create") return create_campaign(call);
  if (post && p == "/api/club/campaign/assign") return assign(call);
  if (post && p == "/api/club/campaign/battle") return add_battle(call);
  if (post && p == "/api/club/battle/open") return open_battle(call);
  if (post && p == "/api/club/webhook") return set_webhook(call);
  return club_error(404, "NOT_FOUND", "There is no " + m + " " + p + " in the club's API.");
}

}  // namespace sandtable::server
