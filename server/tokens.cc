#include "server/tokens.h"

#include <fstream>
#include <stdexcept>

#include "engine/core/sha256.h"

namespace sandtable::server {

std::string random_bytes(std::size_t n) {
  // Read per call: tokens are created rarely, and an open stream shared across threads would
  // need a lock anyway.
  std::ifstream in("/dev/urandom", std::ios::binary);
  std::string out(n, '\0');
  if (!in.read(out.data(), static_cast<std::streamsize>(n))) throw std::runtime_error("cannot read /dev/urandom");
  return out;
}

std::string random_hex(std::size_t bytes) {
  return hex(random_bytes(bytes));
}

std::string new_token() { return random_hex(32); }

std::string token_hash(const std::string& token) { return sha256_hex(token); }

void TokenIndex::put(const std::string& hash, SeatRef ref) {
  std::lock_guard lock(mu_);
  auto [it, added] = by_hash_.try_emplace(hash, ref);
  if (added) {
    by_room_[ref.room_id].push_back(hash);
  } else {
    it->second = std::move(ref);
  }
}

void TokenIndex::drop_room(const std::string& room_id) {
  std::lock_guard lock(mu_);
  auto it = by_room_.find(room_id);
  if (it == by_room_.end()) return;
  for (const auto& hash : it->second) by_hash_.erase(hash);
  by_room_.erase(it);
}

std::size_t TokenIndex::size() const {
  std::lock_guard lock(mu_);
  return by_hash_.size();
}

void TokenIndex::mark_revoked(const std::string& hash) {
  std::lock_guard lock(mu_);
  auto it = by_hash_.find(hash);
  if (it != by_hash_.end()) it->second.revoked = true;
}

std::optional<SeatRef> TokenIndex::find(const std::string& hash) const {
  std::lock_guard lock(mu_);
  auto it = by_hash_.find(hash);
  if (it == by_hash_.end()) return std::nullopt;
  return it->second;
}

}  // namespace sandtable::server
