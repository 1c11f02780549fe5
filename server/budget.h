#pragma once
// A token bucket: `burst` at most, refilled at `per_second`. Used for every budget a client has
// (frames, chat, catch-ups, rooms created): a burst is fine, a steady flood is not. The clock is
// passed in, so tests need no sleeping.
#include <algorithm>
#include <chrono>

namespace sandtable::server {

class Budget {
 public:
  using Clock = std::chrono::steady_clock;
  Budget(double per_second, double burst, Clock::time_point now = Clock::now())
      : rate_(per_second), burst_(burst), tokens_(burst), at_(now) {}
  // Takes one token if there is one.
  bool take(Clock::time_point now = Clock::now()) {
    refill(now);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }
  // Whether a token could be taken now (without taking it).
  bool available(Clock::time_point now = Clock::now()) const {
    return std::min(burst_, tokens_ + std::chrono::duration<double>(now - at_).count() * rate_) >= 1;
  }
  // Whether it has refilled to the brim: such a bucket is as good as a new one.
  bool full(Clock::time_point now = Clock::now()) const {
    return tokens_ + std::chrono::duration<double>(now - at_).count() * rate_ >= burst_;
  }

 private:
  void refill(Clock::time_point now) {
    tokens_ = std::min(burst_, tokens_ + std::chrono::duration<double>(now - at_).count() * rate_);
    at_ = now;
  }
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point at_;
};

}  // namespace sandtable::server
