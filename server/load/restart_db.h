#pragma once
// The database sandtable-restart-bench restarts the server on: N rooms written through the
// server's own storage (server::SqliteStorage, server::Write) as Rooms::create and Room::commit
// write them: the room, its seats (each side a player, the GM, the spectator; token hashes
// only), its events and its snapshots. Room i plays games[i % games.size()].
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sandtable/v1/scenario.pb.h"
#include "server/load/restart_games.h"

namespace sandtable::load {

struct BuiltRoom {
  std::string id;
  std::size_t game = 0;                      // index into the games
  std::map<std::string, std::string> tokens;  // seat -> raw token (kept only here, in memory)
};

// Creates `path` (which must not exist) and stores `rooms` rooms, `per_commit` to a transaction.
std::vector<BuiltRoom> build_database(const std::string& path, const ::sandtable::v1::Scenario& scenario,
                                      const std::vector<StoredGame>& games, int rooms, int per_commit);

}  // namespace sandtable::load
