#pragma once
// One club request on the service's thread (server/club_service.h): its body read as a message,
// the member its session cookie names, and the answers' shapes.
#include <google/protobuf/message.h>

#include <optional>
#include <string>

#include "server/club_service.h"

namespace sandtable::server {

// A refusal: HTTP status, a code from docs/campaigns.md and a sentence for a person.
ClubResponse club_error(int status, const std::string& code, const std::string& message);
// An answer: the message as JSON, with the proto's own field names.
ClubResponse club_reply(const google::protobuf::Message& message);

// A club as everyone but its GM sees it: without its webhook (a Discord webhook's address is
// all it takes to post in that channel).
pb::Club public_club(pb::Club club);

// A name a person typed, trimmed of spaces at either end and cut to `max` bytes (UTF-8 whole).
std::string clean_name(const std::string& s, std::size_t max);

// A member as the API shows them (no password, no hash).
pb::Member club_member_message(const MemberRow& m);

struct ClubService::Call {
  const ClubRequest& request;
  ClubStore& store;
  std::optional<MemberRow> member;  // signed in: the session cookie's member

  // Reads the body into `m`; false when it is not that message in JSON.
  bool read(google::protobuf::Message& m) const;
  // A query parameter's value ("" when absent).
  std::string query(const std::string& key) const;
};

}  // namespace sandtable::server
