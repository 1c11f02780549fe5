#pragma once
// Rebuilding a room's game at start: from its latest snapshot plus the events after it, or,
// when there is no usable snapshot, from the whole event log. A snapshot that cannot be loaded
// (unreadable, another rules version, not matching the log) is never trusted: the log is
// replayed instead and the reason is reported, so a game is never lost or misreplayed.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/model/game.h"
#include "engine/model/registry.h"
#include "server/storage.h"

namespace sandtable::server {

struct Recovery {
  std::unique_ptr<Game> game;
  std::uint64_t snapshot_seq = 0;  // the snapshot it was loaded from; 0 = the whole log was replayed
  std::string fallback;            // why a stored snapshot was not used (empty if it was, or had no state)
};

// `log` is the room's whole event log (GameStarted first), `snapshot` its latest snapshot.
// Throws std::runtime_error with the reason when the log itself does not replay.
Recovery recover_game(const Registry& registry, const std::vector<pb::Event>& log,
                      const std::optional<StoredSnapshot>& snapshot);

}  // namespace sandtable::server
