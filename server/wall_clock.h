#pragma once
// The wall clock in Unix milliseconds: when a row was written, when a session expires.
#include <chrono>
#include <cstdint>

namespace sandtable::server {

inline std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace sandtable::server
