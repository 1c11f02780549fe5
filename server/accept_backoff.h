#pragma once
// How the listener waits after a failed accept (out of file descriptors above all): accepting
// again at once would fail at once, forever, spending a core and writing a log line each time
// (300,000 a second was seen). The wait doubles from 10 ms to a second and a success resets it;
// the failures are logged at most once a second, with how many there were. Pure: the clock is
// passed in.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <utility>

namespace sandtable::server {

class AcceptBackoff {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kFirst{10}, kMost{1000};

  // A failure: how long to wait before the next accept.
  std::chrono::milliseconds failed() {
    ++unlogged_;
    wait_ = std::clamp(2 * wait_, kFirst, kMost);
    return wait_;
  }
  void succeeded() { wait_ = std::chrono::milliseconds(0); }
  // Whether to log now; if so, unlogged() failures are reported and the count starts again.
  bool should_log(Clock::time_point now) {
    if (logged_once_ && now - last_logged_ < std::chrono::seconds(1)) return false;
    logged_once_ = true;
    last_logged_ = now;
    return true;
  }
  std::uint64_t take_unlogged() { return std::exchange(unlogged_, 0); }

 private:
  std::chrono::milliseconds wait_{0};
  Clock::time_point last_logged_{};
  bool logged_once_ = false;
  std::uint64_t unlogged_ = 0;
};

}  // namespace sandtable::server
