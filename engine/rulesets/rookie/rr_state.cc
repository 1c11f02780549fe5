// The state's lookups and the words every part of the rule set shares.
#include <algorithm>

#include "engine/model/inches.h"
#include "engine/rulesets/rookie/rr_internal.h"

namespace sandtable::rr {

bool Unit::spotted(int by_side) const {
  return std::find(spotted_by.begin(), spotted_by.end(), by_side) != spotted_by.end();
}

Unit* RrState::find(const std::string& id) {
  for (auto& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

const Unit* RrState::find(const std::string& id) const {
  for (const auto& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

const Unit* RrState::alive_unit(const std::string& id) const {
  const Unit* u = find(id);
  return u && u->alive ? u : nullptr;
}

const Battery* RrState::battery(const std::string& id) const {
  for (const auto& b : batteries) {
    if (b.id == id) return &b;
  }
  return nullptr;
}

Aircraft* RrState::plane(const std::string& id) {
  for (auto& a : aircraft) {
    if (a.id == id) return &a;
  }
  return nullptr;
}

const Aircraft* RrState::plane(const std::string& id) const {
  for (const auto& a : aircraft) {
    if (a.id == id) return &a;
  }
  return nullptr;
}

bool RrState::has_batteries(int side) const {
  for (const auto& b : batteries) {
    if (b.side == side) return true;
  }
  return false;
}

int RrState::side_index(const std::string& side_id) const {
  for (std::size_t i = 0; i < sides.size(); ++i) {
    if (sides[i] == side_id) return static_cast<int>(i);
  }
  return -1;
}

const std::string& RrState::side_id(int side) const {
  static const std::string none;
  return side >= 0 && side < static_cast<int>(sides.size()) ? sides[static_cast<std::size_t>(side)] : none;
}

std::string label(const Unit& u) { return u.name.empty() ? u.id : u.name; }

std::string inches(double d) { return inches_text(d); }

const std::string& side_name(const RrState& st, int side) {
  static const std::string none;
  if (side < 0 || side >= static_cast<int>(st.side_names.size())) return none;
  return st.side_names[static_cast<std::size_t>(side)];
}

std::string marker_words(Marker m) {
  switch (m) {
    case Marker::kNone: return "no marker";
    case Marker::kDisrupted: return "disrupted (red)";
    case Marker::kPinned: return "pinned (white)";
    case Marker::kSuppressed: return "suppressed (blue)";
  }
  return "no marker";
}

pb::RrMarker to_pb(Marker m) { return static_cast<pb::RrMarker>(static_cast<int>(m)); }

Marker from_pb(pb::RrMarker m) {
  const int v = static_cast<int>(m);
  return v >= 0 && v <= 3 ? static_cast<Marker>(v) : Marker::kNone;
}

void emit_rr(Context& ctx, pb::RrEvent body, std::vector<std::string> visible_to) {
  pb::Event e = event_of(body);
  for (auto& s : visible_to) e.add_visible_to(std::move(s));
  ctx.emit(std::move(e));
}

}  // namespace sandtable::rr
