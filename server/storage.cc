#include "server/storage.h"

namespace sandtable::server {

std::string home_node(const std::string& room_id) {
  const auto dash = room_id.find('-');
  return dash == std::string::npos ? std::string() : room_id.substr(0, dash);
}

std::optional<StoredRoom> Storage::room(const std::string& id) {
  for (auto& r : rooms()) {
    if (r.id == id) return std::move(r);
  }
  return std::nullopt;
}

std::vector<StoredSeat> Storage::seats_of(const std::string& room_id) {
  std::vector<StoredSeat> out;
  for (auto& s : seats()) {
    if (s.room_id == room_id) out.push_back(std::move(s));
  }
  return out;
}

std::optional<StoredSeat> Storage::seat(const std::string& token_hash) {
  for (auto& s : seats()) {
    if (s.token_hash == token_hash) return std::move(s);
  }
  return std::nullopt;
}

std::optional<std::string> Storage::clock_of(const std::string& room_id) {
  for (auto& [id, state] : clocks()) {
    if (id == room_id) return std::move(state);
  }
  return std::nullopt;
}

}  // namespace sandtable::server
