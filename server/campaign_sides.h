#pragma once
// Who plays what in a campaign (club.proto): a member's side, and a battle's scenario sides as
// the campaign's sides.
#include <algorithm>
#include <string>

#include "sandtable/v1/club.pb.h"

namespace sandtable::server {

namespace pb = ::sandtable::v1;

// The campaign side a member is on ("" for none).
inline std::string member_side(const pb::Campaign& c, const std::string& member_id) {
  for (const auto& s : c.sides()) {
    if (std::find(s.member_ids().begin(), s.member_ids().end(), member_id) != s.member_ids().end()) return s.id();
  }
  return "";
}

// The campaign side that plays a scenario side in a battle ("" for none).
inline std::string campaign_side_of(const pb::Battle& b, const std::string& scenario_side) {
  for (const auto& s : b.sides()) {
    if (s.scenario_side() == scenario_side) return s.campaign_side();
  }
  return "";
}

// The scenario side a campaign side plays in a battle ("" when it does not fight there).
inline std::string scenario_side_of(const pb::Battle& b, const std::string& campaign_side) {
  for (const auto& s : b.sides()) {
    if (s.campaign_side() == campaign_side) return s.scenario_side();
  }
  return "";
}

inline const pb::Battle* battle_in(const pb::Campaign& c, const std::string& id) {
  for (const auto& b : c.battles()) {
    if (b.id() == id) return &b;
  }
  return nullptr;
}

}  // namespace sandtable::server
