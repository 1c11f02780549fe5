#include "server/metrics.h"

#include <sstream>

namespace sandtable::server {

void Metrics::order_rejected(const std::string& code) {
  std::lock_guard lock(mu_);
  ++rejected_[code];
}

void Metrics::error_sent(const std::string& code) {
  std::lock_guard lock(mu_);
  ++errors_[code];
}

void Metrics::observe_commit_latency(double seconds) {
  std::size_t i = 0;
  while (i < kBuckets.size() && seconds > kBuckets[i]) ++i;
  ++latency_[i];
  ++latency_count_;
  latency_sum_us_ += static_cast<std::uint64_t>(seconds * 1e6);
}

std::string Metrics::render() const {
  std::ostringstream o;
  auto gauge = [&](const char* name, const char* help, auto value, const char* type = "gauge") {
    o << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n' << name << ' ' << value << '\n';
  };
  gauge("sandtable_connections", "Open WebSocket connections.", connections.load());
  gauge("sandtable_connections_total", "WebSocket connections accepted.", connections_total.load(), "counter");
  gauge("sandtable_rooms", "Rooms loaded.", rooms.load());
  gauge("sandtable_frames_in_total", "WebSocket frames received.", frames_in.load(), "counter");
  gauge("sandtable_frames_out_total", "WebSocket frames sent.", frames_out.load(), "counter");
  gauge("sandtable_bytes_in_total", "WebSocket payload bytes received.", bytes_in.load(), "counter");
  gauge("sandtable_bytes_out_total", "WebSocket payload bytes sent.", bytes_out.load(), "counter");
  gauge("sandtable_slow_readers_dropped_total", "Connections closed because their write queue overflowed.",
        slow_readers_dropped.load(), "counter");
  gauge("sandtable_connections_refused_total", "Connections turned away because the server or their address was full.",
        connections_refused.load(), "counter");
  gauge("sandtable_accept_errors_total", "Failed accepts (e.g. out of file descriptors); the listener backs off.",
        accept_errors.load(), "counter");
  gauge("sandtable_commit_batches_total", "Group-commit transactions.", commit_batches.load(), "counter");
  gauge("sandtable_commit_writes_total", "Writes committed (several per batch under load).", commit_writes.load(),
        "counter");
  gauge("sandtable_commit_failures_total", "Failed commits.", commit_failures.load(), "counter");
  gauge("sandtable_queries_total", "Queries (measures and previews) answered.", queries_answered.load(), "counter");
  gauge("sandtable_replay_steps_total", "Replay steps sent.", replays_sent.load(), "counter");
  o << "# HELP sandtable_rooms_recovered_total Rooms rebuilt at start, by source.\n"
    << "# TYPE sandtable_rooms_recovered_total counter\n"
    << "sandtable_rooms_recovered_total{from=\"snapshot\"} " << rooms_from_snapshot.load() << '\n'
    << "sandtable_rooms_recovered_total{from=\"log\"} " << rooms_from_log.load() << '\n';
  gauge("sandtable_snapshots_unusable_total", "Stored snapshots that could not be loaded (the log was replayed).",
        snapshots_unusable.load(), "counter");
  gauge("sandtable_rooms_set_aside", "Stored rooms that could not be loaded at start (their seats are told why).",
        rooms_set_aside.load());
  gauge("sandtable_rooms_failed", "Rooms closed by an internal error until the server restarts.", rooms_failed.load());
  gauge("sandtable_rooms_rested_total", "Rooms put away (out of memory) while nobody was in them.", rooms_rested.load(),
        "counter");
  gauge("sandtable_rooms_woken_total", "Rooms loaded again by a link after being put away.", rooms_woken.load(), "counter");
  o << "# HELP sandtable_orders_total Orders by outcome and rejection code.\n# TYPE sandtable_orders_total counter\n";
  o << "sandtable_orders_total{outcome=\"accepted\",code=\"\"} " << orders_accepted.load() << '\n';
  {
    std::lock_guard lock(mu_);
    for (const auto& [code, n] : rejected_) {
      o << "sandtable_orders_total{outcome=\"rejected\",code=\"" << code << "\"} " << n << '\n';
    }
    o << "# HELP sandtable_errors_total Error messages sent, by code.\n# TYPE sandtable_errors_total counter\n";
    for (const auto& [code, n] : errors_) o << "sandtable_errors_total{code=\"" << code << "\"} " << n << '\n';
  }
  o << "# HELP sandtable_commit_latency_seconds From an order reaching its room to its events being durable.\n"
    << "# TYPE sandtable_commit_latency_seconds histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    cumulative += latency_[i].load();
    o << "sandtable_commit_latency_seconds_bucket{le=\"" << kBuckets[i] << "\"} " << cumulative << '\n';
  }
  cumulative += latency_[kBuckets.size()].load();
  o << "sandtable_commit_latency_seconds_bucket{le=\"+Inf\"} " << cumulative << '\n';
  o << "sandtable_commit_latency_seconds_sum " << static_cast<double>(latency_sum_us_.load()) / 1e6 << '\n';
  o << "sandtable_commit_latency_seconds_count " << latency_count_.load() << '\n';
  return o.str();
}

}  // namespace sandtable::server
