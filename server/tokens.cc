#include "server/tokens.h"

#include <fstream>
#include <stdexcept>

#include "engine/core/sha256.h"

namespace sandtable::server {

namespace {
std::string random_bytes(std::size_t n) {
  // Read per call: tokens are created rarely, and an open stream shared across threads would
  // need a lock anyway.
  std::ifstream in("/dev/urandom", std::ios::binary);
  std::string out(n, '\0');
  if (!in.read(out.data(), static_cast<std::streamsize>(n))) throw std::runtime_error("cannot read /dev/urandom");
  return out;
}
}  // namespace

std::string random_hex(std::size_t bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  const std::string raw = random_bytes(bytes);
  std::string out;
  out.reserve(bytes * 2);
  for (unsigned char c : raw) {
    out.push_back(kHex[c >> 4]);
    out.push_back(kHex[c & 15]);
  }
  return out;
}

std::uint64_t random_u64() {
  const std::string raw = random_bytes(8);
  std::uint64_t v = 0;
  for (unsigned char c : raw) v = (v << 8) | c;
  return v;
}

std::string new_token() { return random_hex(32); }

std::string token_hash(const std::string& token) { return sha256_hex(token); }

void TokenIndex::put(const std::string& hash, SeatRef ref) {
  std::lock_guard lock(mu_);
  by_hash_[hash] = std::move(ref);
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
