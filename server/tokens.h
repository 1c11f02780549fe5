#pragma once
// Capability tokens and the index from a token's hash to its seat. Tokens are 256 random bits
// from /dev/urandom, written as 64 hex digits; only their SHA-256 is kept anywhere.
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "sandtable/v1/protocol.pb.h"

namespace sandtable::server {

namespace pb = ::sandtable::v1;

// `n` random bytes from the system's source, and the same as lowercase hex; both throw if the
// source fails.
std::string random_bytes(std::size_t n);
std::string random_hex(std::size_t bytes);
std::string new_token();  // 32 bytes = 256 bits
std::string token_hash(const std::string& token);  // hex SHA-256

struct SeatRef {
  std::string room_id;
  std::string seat;
  pb::Role role = pb::ROLE_UNSPECIFIED;
  bool revoked = false;
};

// Thread-safe; read on every Hello, written when rooms are created and tokens revoked.
class TokenIndex {
 public:
  void put(const std::string& hash, SeatRef ref);
  void mark_revoked(const std::string& hash);
  std::optional<SeatRef> find(const std::string& hash) const;
  // Forgets every token of a room (it was put away; Rooms::wake finds them in storage again).
  void drop_room(const std::string& room_id);
  std::size_t size() const;

 private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, SeatRef> by_hash_;
  std::unordered_map<std::string, std::vector<std::string>> by_room_;  // room id -> its hashes
};

}  // namespace sandtable::server
