#include "server/load/restart_db.h"

#include <chrono>
#include <memory>

#include "server/sqlite_storage.h"
#include "server/tokens.h"

namespace sandtable::load {

namespace pb = ::sandtable::v1;
namespace server = ::sandtable::server;

namespace {

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// One room's writes: what Rooms::create commits (room, seats, the start events and snapshot),
// then the events up to each later snapshot with it (Room::commit), then the events after the
// last one. The rows are the server's; only the grouping into transactions differs.
void room_writes(const pb::Scenario& scenario, const StoredGame& game, BuiltRoom& room, std::vector<server::Write>& out) {
  const std::int64_t now = unix_ms();
  server::Write first;
  first.room = server::StoredRoom{room.id, scenario.name(), scenario.ruleset(), scenario.id(), now, "", ""};
  std::vector<std::pair<std::string, pb::Role>> seats;
  for (const auto& side : scenario.sides()) seats.emplace_back(side.id(), pb::ROLE_PLAYER);
  seats.emplace_back("gm", pb::ROLE_GM);
  seats.emplace_back("spectator", pb::ROLE_SPECTATOR);
  for (const auto& [seat, role] : seats) {
    const std::string token = server::new_token();
    room.tokens[seat] = token;
    server::StoredSeat s;
    s.token_hash = server::token_hash(token);
    s.room_id = room.id;
    s.seat = seat;
    s.role = role;
    s.created_ms = now;
    first.seats.push_back(std::move(s));
  }
  std::size_t next_event = 0;
  bool first_done = false;
  for (const auto& snap : game.snapshots) {
    server::Write w;
    if (!first_done) w = std::move(first);
    first_done = true;
    w.events_room = room.id;
    for (; next_event < snap.seq; ++next_event) w.events.push_back(game.events[next_event]);
    w.snapshot = server::StoredSnapshot{room.id, snap.seq, snap.gm_view, snap.state};
    out.push_back(std::move(w));
  }
  if (next_event < game.events.size()) {
    server::Write w;
    w.events_room = room.id;
    w.events.assign(game.events.begin() + static_cast<std::ptrdiff_t>(next_event), game.events.end());
    out.push_back(std::move(w));
  }
}

}  // namespace

std::vector<BuiltRoom> build_database(const std::string& path, const pb::Scenario& scenario,
                                      const std::vector<StoredGame>& games, int rooms, int per_commit) {
  // NORMAL: the build is not what is measured; the server opens the file with its own mode.
  server::SqliteStorage storage(path, server::SyncMode::kNormal);
  std::vector<BuiltRoom> built;
  built.reserve(static_cast<std::size_t>(rooms));
  std::vector<server::Write> writes;
  auto flush = [&] {
    std::vector<const server::Write*> batch;
    batch.reserve(writes.size());
    for (const auto& w : writes) batch.push_back(&w);
    if (!batch.empty()) storage.commit(batch);
    writes.clear();
  };
  for (int i = 0; i < rooms; ++i) {
    BuiltRoom room;
    room.id = server::random_hex(8);  // as Rooms::create names a room
    room.game = static_cast<std::size_t>(i) % games.size();
    room_writes(scenario, games[room.game], room, writes);
    built.push_back(std::move(room));
    if ((i + 1) % per_commit == 0) flush();
  }
  flush();
  return built;
}

}  // namespace sandtable::load
