// Rooms moving between nodes that share one database (docs/hosting.md "Several nodes"): taken
// over when the proxy sends a room's players here and this node can claim its lease, sent away
// when the lease is lost or the room's home node is back.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/rooms.h"

namespace sandtable::server {

namespace {

// What Rooms mints: a node's name, '-', hex (or hex alone). Anything else is no room anywhere,
// and is not looked up in the database.
bool shaped_like_a_room_id(const std::string& id) {
  return !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

}  // namespace

Rooms::Whereabouts Rooms::locate(const std::string& room_id) {
  if (!shaped_like_a_room_id(room_id)) return Whereabouts::kUnknown;
  if (shared_) {
    {
      std::lock_guard lock(mu_);
      if (unknown_.count(room_id)) return Whereabouts::kUnknown;
      // Each look-up is a read on the writer thread: made-up ids sent in a flood must not queue
      // reads ahead of the rooms' commits. Past this many at once the client just tries again.
      if (adopting_.size() >= kMaxAdopting) return Whereabouts::kMoving;
    }
    adopt(room_id, [](bool) {});
    return Whereabouts::kMoving;
  }
  // One node's own file: a room of another node is here only when the proxy sent its players to
  // the wrong node, which it does while that node is down; they come back when it is up.
  const std::string home = home_node(room_id);
  if (!node_.empty() && !home.empty() && home != node_) return Whereabouts::kMoving;
  return Whereabouts::kUnknown;
}

void Rooms::adopt(const std::string& room_id, std::function<void(bool)> done) {
  {
    std::lock_guard lock(mu_);
    if (rooms_.count(room_id)) return done(true);
    // Already under way: the client that asked reconnects and finds the room then.
    if (!adopting_.insert(room_id).second) return done(false);
  }
  commits_.read([this, room_id, done = std::move(done)](Storage& storage) {
    bool loaded = false;
    bool unknown = false;
    try {
      Leases* leases = storage.leases();
      const std::optional<StoredRoom> r = leases ? storage.room(room_id) : std::nullopt;
      unknown = leases && !r;
      if (r && leases->claim(room_id)) {
        const auto seats = storage.seats_of(room_id);
        const auto clock = storage.clock_of(room_id);
        loaded = load_room(storage, *r, seats, clock ? &*clock : nullptr);
        spdlog::info("room={} taken over by node {}{}", room_id, leases->node(), loaded ? "" : " (set aside)");
      }
    } catch (const std::exception& e) {
      spdlog::warn("room={} could not be taken over yet: {}", room_id, e.what());
    }
    {
      std::lock_guard lock(mu_);
      adopting_.erase(room_id);
      if (unknown) {
        // Ids are random: one that is not stored now is not going to be. Bounded, so guesses
        // cannot fill the memory.
        if (unknown_.size() >= kMaxUnknown) unknown_.clear();
        unknown_.insert(room_id);
      }
    }
    done(loaded);
  });
}

void Rooms::evict(const std::string& room_id, const std::string& why, std::function<void()> gone) {
  std::shared_ptr<Room> room;
  {
    std::lock_guard lock(mu_);
    auto it = rooms_.find(room_id);
    if (it == rooms_.end()) return gone();
    room = std::move(it->second);
    rooms_.erase(it);
  }
  --metrics_.rooms;
  room->send_away(why, std::move(gone));
}

std::vector<std::string> Rooms::ids() const {
  std::lock_guard lock(mu_);
  std::vector<std::string> out;
  out.reserve(rooms_.size());
  for (const auto& [id, room] : rooms_) out.push_back(id);
  return out;
}

}  // namespace sandtable::server
