// Founding a club, inviting members, and signing in and out (docs/campaigns.md "Members").
#include <spdlog/spdlog.h>

#include "server/club_call.h"
#include "server/passwords.h"
#include "server/text.h"
#include "server/tokens.h"
#include "server/wall_clock.h"

namespace sandtable::server {

namespace {

constexpr std::size_t kMaxName = 60;
constexpr std::size_t kMaxClubName = 100;

pb::Member member_message(const MemberRow& m) {
  pb::Member out;
  out.set_id(m.id);
  out.set_name(m.name);
  out.set_gm(m.gm);
  out.set_signed_up(!m.password_hash.empty());
  return out;
}

pb::Invitation invitation_for(const MemberRow& m, const std::string& token, const std::string& base_url) {
  pb::Invitation inv;
  *inv.mutable_member() = member_message(m);
  inv.set_token(token);
  inv.set_url(base_url + "/?invite=" + token);
  return inv;
}

// One hash to check a password against when the name is nobody's, so a wrong name takes as long
// as a wrong password and the answer's timing says nothing about who is a member.
const std::string& decoy_hash() {
  static const std::string h = hash_password("not anybody's password at all");
  return h;
}

}  // namespace

std::string clean_name(const std::string& s, std::size_t max) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return utf8_prefix(std::string_view(s).substr(b, e - b + 1), max);
}

pb::Member club_member_message(const MemberRow& m) { return member_message(m); }

pb::Club public_club(pb::Club club) {
  club.clear_webhook_url();
  club.clear_webhook_kind();
  return club;
}

ClubResponse ClubService::signed_in(const pb::Club& club, const MemberRow& member, const std::string& session) const {
  pb::SignedIn out;
  *out.mutable_club() = public_club(club);
  *out.mutable_member() = member_message(member);
  ClubResponse r = club_reply(out);
  r.set_cookie = session_cookie(session);
  return r;
}

ClubResponse ClubService::create_club(Call& call) {
  pb::CreateClub req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not a request to found a club.");
  if (!options_.create_secret.empty() && req.create_secret() != options_.create_secret) {
    return club_error(403, "CREATE_FORBIDDEN", "This server needs the creation secret to found a club.");
  }
  const std::string name = clean_name(req.name(), kMaxClubName);
  const std::string gm_name = clean_name(req.gm_name(), kMaxName);
  if (name.empty()) return club_error(400, "BAD_NAME", "Give the club a name.");
  if (gm_name.empty()) return club_error(400, "BAD_NAME", "Give your own name: the club's members will see it.");
  if (!addresses_.may_create_room(call.request.address)) {
    return club_error(429, "TOO_MANY_ROOMS", "Too many rooms and clubs were created from your address lately; try again in a few minutes.");
  }
  pb::Club club;
  club.set_id(random_hex(8));
  club.set_name(name);
  const std::int64_t now = unix_ms();
  MemberRow gm{random_hex(8), club.id(), gm_name, true, "", now};
  const std::string token = new_token();
  call.store.create_club(club, gm, token_hash(token), now);
  spdlog::info("club={} founded", club.id());
  pb::ClubCreated out;
  *out.mutable_club() = club;
  *out.mutable_gm() = invitation_for(gm, token, rooms_.base_url());
  return club_reply(out);
}

ClubResponse ClubService::invitation_info(Call& call) {
  if (!addresses_.may_try_token(call.request.address)) {
    return club_error(429, "TOO_MANY_TRIES", "Too many wrong links from your address; wait a few minutes.");
  }
  const std::string token = call.query("token");
  const auto member_id = token.empty() ? std::nullopt : call.store.invitation(token_hash(token));
  const auto member = member_id ? call.store.member(*member_id) : std::nullopt;
  const auto club = member ? call.store.club(member->club_id) : std::nullopt;
  if (!club) {
    addresses_.token_failed(call.request.address);
    return club_error(404, "BAD_INVITATION", "This invitation is not one, or it was used or replaced; ask your GM for a new link.");
  }
  pb::InvitationInfo out;
  *out.mutable_club() = public_club(*club);
  *out.mutable_member() = member_message(*member);
  return club_reply(out);
}

ClubResponse ClubService::accept_invitation(Call& call) {
  pb::AcceptInvitation req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not an invitation's answer.");
  if (!addresses_.may_try_token(call.request.address)) {
    return club_error(429, "TOO_MANY_TRIES", "Too many wrong links from your address; wait a few minutes.");
  }
  if (const std::string problem = password_problem(req.password()); !problem.empty()) {
    return club_error(400, "WEAK_PASSWORD", problem);
  }
  const std::string hash = req.token().empty() ? "" : token_hash(req.token());
  const auto member_id = hash.empty() ? std::nullopt : call.store.invitation(hash);
  const auto member = member_id ? call.store.member(*member_id) : std::nullopt;
  const auto club = member ? call.store.club(member->club_id) : std::nullopt;
  if (!club) {
    addresses_.token_failed(call.request.address);
    return club_error(404, "BAD_INVITATION", "This invitation is not one, or it was used or replaced; ask your GM for a new link.");
  }
  const std::string session = new_token();
  const std::int64_t now = unix_ms();
  if (!call.store.accept_invitation(hash, member->id, hash_password(req.password()), token_hash(session), now,
                                    now + options_.session_ms)) {
    return club_error(404, "BAD_INVITATION", "This invitation was used a moment ago; ask your GM for a new link.");
  }
  spdlog::info("club={} member={} signed up", club->id(), member->id);
  MemberRow signed_up = *member;
  signed_up.password_hash = "set";
  return signed_in(*club, signed_up, session);
}

ClubResponse ClubService::sign_in(Call& call) {
  pb::SignIn req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not a sign-in.");
  const auto refused = [] {
    return club_error(429, "TOO_MANY_SIGN_INS", "Too many failed sign-ins; wait a few minutes and try again.");
  };
  if (!addresses_.may_try_token(call.request.address)) return refused();
  const std::string key = req.club_id() + "\n" + req.name();
  auto budget = sign_ins_.try_emplace(key, options_.sign_ins_per_minute / 60.0, options_.sign_in_burst).first;
  if (!budget->second.available()) return refused();
  const auto member = call.store.member_by_name(req.club_id(), clean_name(req.name(), kMaxName));
  // A member not signed up yet has no hash: the decoy is checked for them too, so the time taken
  // says nothing about who is a member or who has signed up.
  const bool known = member && !member->password_hash.empty();
  const bool ok = password_matches(known ? member->password_hash : decoy_hash(), req.password()) && known;
  if (!ok) {
    addresses_.token_failed(call.request.address);
    budget->second.take();
    // A flood of made-up names is forgotten as their budgets refill, never kept for ever.
    if (sign_ins_.size() > 4096) std::erase_if(sign_ins_, [](const auto& kv) { return kv.second.full(); });
    return club_error(401, "BAD_SIGN_IN", "That name and password do not match a member of this club.");
  }
  const std::string session = new_token();
  const std::int64_t now = unix_ms();
  call.store.add_session(token_hash(session), member->id, now, now + options_.session_ms);
  return signed_in(*call.store.club(member->club_id), *member, session);
}

ClubResponse ClubService::sign_out(Call& call) {
  pb::SignOut req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not a sign-out.");
  if (req.everywhere()) {
    call.store.end_sessions(call.member->id);
  } else {
    call.store.end_session(token_hash(call.request.session));
  }
  ClubResponse r = club_reply(pb::SignOut());
  r.set_cookie = session_cookie("");
  return r;
}

ClubResponse ClubService::invite(Call& call) {
  pb::InviteMember req;
  if (!call.read(req)) return club_error(400, "BAD_REQUEST", "That is not an invitation.");
  const std::string token = new_token();
  const std::int64_t now = unix_ms();
  if (!req.member_id().empty()) {
    auto m = call.store.member(req.member_id());
    if (!m || m->club_id != call.member->club_id) return club_error(404, "NO_SUCH_MEMBER", "There is no such member in this club.");
    call.store.replace_invitation(m->id, token_hash(token), now);
    return club_reply(invitation_for(*m, token, rooms_.base_url()));
  }
  const std::string name = clean_name(req.name(), kMaxName);
  if (name.empty()) return club_error(400, "BAD_NAME", "Give the new member's name.");
  if (call.store.members(call.member->club_id).size() >= 500) {
    return club_error(409, "CLUB_FULL", "A club has at most 500 members.");
  }
  MemberRow m{random_hex(8), call.member->club_id, name, false, "", now};
  if (!call.store.add_member(m, token_hash(token), now)) {
    return club_error(409, "NAME_TAKEN", "The club already has a member called " + name + ".");
  }
  return club_reply(invitation_for(m, token, rooms_.base_url()));
}

}  // namespace sandtable::server
