#include "server/game_export.h"

#include <algorithm>
#include <exception>
#include <set>
#include <utility>

#include <google/protobuf/util/json_util.h>

namespace sandtable::server {

std::optional<pb::GameExport> export_room(Storage& storage, const std::string& room_id, std::string* error) {
  const auto rooms = storage.rooms();
  const auto room = std::find_if(rooms.begin(), rooms.end(), [&](const StoredRoom& r) { return r.id == room_id; });
  if (room == rooms.end()) {
    if (error) *error = "there is no room '" + room_id + "' in this database";
    return std::nullopt;
  }
  pb::GameExport out;
  out.set_format("sandtable-game/1");
  out.set_room_id(room->id);
  out.set_room_name(room->name);
  out.set_ruleset(room->ruleset);
  out.set_created_ms(room->created_ms);
  try {
    for (auto& e : storage.events(room_id)) *out.add_events() = std::move(e);
    for (auto& o : storage.orders(room_id)) {
      auto* x = out.add_orders();
      x->set_first_seq(o.first_seq);
      *x->mutable_command() = std::move(o.command);
    }
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return std::nullopt;
  }
  if (!out.events().empty() && out.events(0).has_game_started()) out.set_rules_version(out.events(0).game_started().rules_version());
  std::set<std::pair<int, std::string>> seats;  // by role, then name
  for (const auto& s : storage.seats()) {
    if (s.room_id == room_id) seats.emplace(static_cast<int>(s.role), s.seat);
  }
  for (const auto& [role, seat] : seats) {
    auto* x = out.add_seats();
    x->set_seat(seat);
    x->set_role(static_cast<pb::Role>(role));
  }
  return out;
}

std::string export_json(const pb::GameExport& game) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.add_whitespace = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(game, &out, options);
  if (out.empty() || out.back() != '\n') out += '\n';
  return out;
}

}  // namespace sandtable::server
