#pragma once
// A room's game as one file (proto GameExport, docs/fair-play.md): its log, the orders that made
// it, and who sat where (never a token), read from storage. What `sandtable-cli export` writes.
#include <optional>
#include <string>

#include "sandtable/v1/export.pb.h"
#include "server/storage.h"

namespace sandtable::server {

// nullopt (and *error) when there is no such room or its log cannot be read.
std::optional<pb::GameExport> export_room(Storage& storage, const std::string& room_id, std::string* error);

// The file's text: JSON through the protobuf mapping with the proto's own field names, indented,
// ending in a newline. The one form `sandtable-cli export` writes and the browser downloads.
std::string export_json(const pb::GameExport& game);

}  // namespace sandtable::server
