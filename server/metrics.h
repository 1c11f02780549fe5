#pragma once
// Counters for /metrics (Prometheus text format). Hot counters are atomics; rejections by code
// take a mutex (a rejected order is the slow path anyway).
#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace sandtable::server {

class Metrics {
 public:
  std::atomic<std::int64_t> connections{0};        // open WebSocket sessions
  std::atomic<std::uint64_t> connections_total{0};
  std::atomic<std::int64_t> rooms{0};
  std::atomic<std::uint64_t> orders_accepted{0};
  std::atomic<std::uint64_t> queries_answered{0};
  std::atomic<std::uint64_t> replays_sent{0};
  std::atomic<std::uint64_t> frames_in{0};
  std::atomic<std::uint64_t> frames_out{0};
  std::atomic<std::uint64_t> bytes_in{0};
  std::atomic<std::uint64_t> bytes_out{0};
  std::atomic<std::uint64_t> slow_readers_dropped{0};
  std::atomic<std::uint64_t> connections_refused{0};   // turned away at the door (a cap was reached)
  std::atomic<std::uint64_t> accept_errors{0};         // accept() failed (e.g. out of file descriptors)
  std::atomic<std::uint64_t> commit_batches{0};
  std::atomic<std::uint64_t> commit_writes{0};
  std::atomic<std::uint64_t> commit_failures{0};
  // How rooms were rebuilt at start (server/recovery.h).
  std::atomic<std::uint64_t> rooms_from_snapshot{0};   // latest snapshot plus the events after it
  std::atomic<std::uint64_t> rooms_from_log{0};        // the whole log replayed
  std::atomic<std::uint64_t> snapshots_unusable{0};    // a stored snapshot that could not be loaded
  std::atomic<std::uint64_t> rooms_set_aside{0};       // stored rooms that could not be loaded at start
  std::atomic<std::uint64_t> rooms_failed{0};          // rooms closed by an internal error
  // Rooms put away while nobody was in them, and loaded again on their next link (Rooms::rest_idle).
  std::atomic<std::uint64_t> rooms_rested{0};
  std::atomic<std::uint64_t> rooms_woken{0};

  void order_rejected(const std::string& code);
  void error_sent(const std::string& code);
  // Seconds from an order's arrival in its room to its events being durable.
  void observe_commit_latency(double seconds);

  std::string render() const;

  static constexpr std::array<double, 11> kBuckets = {0.0005, 0.001, 0.002, 0.005, 0.01, 0.025,
                                                      0.05,   0.1,   0.25,  0.5,   1.0};

 private:
  mutable std::mutex mu_;
  std::map<std::string, std::uint64_t> rejected_;
  std::map<std::string, std::uint64_t> errors_;
  std::array<std::atomic<std::uint64_t>, kBuckets.size() + 1> latency_{};
  std::atomic<std::uint64_t> latency_count_{0};
  std::atomic<std::uint64_t> latency_sum_us_{0};
};

}  // namespace sandtable::server
