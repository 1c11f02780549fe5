#include "server/load/phases.h"

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <cstdio>
#include <functional>

#include "server/load/process.h"

namespace sandtable::load {

using Clock = std::chrono::steady_clock;

Window run_phases(boost::asio::io_context& io, Load& load, const Phases& phases) {
  Window w;
  const auto t0 = Clock::now();
  load.start();
  enum class Phase { kSetup, kWarmup, kMeasure } phase = Phase::kSetup;
  Clock::time_point phase_at = t0;
  double watched_start = 0, self_start = 0;
  long long read_start = 0;
  std::vector<double> also_start;
  Counters last;  // at the last progress line
  const int every = std::max(1, phases.progress_every);
  int seconds_since_line = 0;
  boost::asio::steady_timer ticker(io);
  std::function<void()> every_second = [&] {
    const auto now = Clock::now();
    const Counters& c = load.counters();
    const long rss = phases.watch_pid ? proc_status_kb(phases.watch_pid, "VmRSS") : -1;
    w.rss_max_kb = std::max(w.rss_max_kb, rss);
    if (++seconds_since_line == every) {
      // orders/s and deltas/s: averaged over the seconds since the last line
      const auto per_second = [&](std::uint64_t now_n, std::uint64_t then_n) {
        return (unsigned long long)((now_n - then_n) / static_cast<std::uint64_t>(every));
      };
      std::fprintf(stderr,
                   "t=%5.1fs conns=%llu rooms ready=%llu playing=%llu failed=%llu created=%llu games finished=%llu "
                   "orders/s=%llu deltas/s=%llu server RSS=%ld MiB\n",
                   std::chrono::duration<double>(now - t0).count(), (unsigned long long)c.connections_open,
                   (unsigned long long)c.rooms_ready, (unsigned long long)c.rooms_playing,
                   (unsigned long long)c.rooms_failed, (unsigned long long)c.rooms_created,
                   (unsigned long long)c.games_finished, per_second(c.orders_accepted, last.orders_accepted),
                   per_second(c.deltas, last.deltas), rss / 1024);
      last = c;
      seconds_since_line = 0;
    }
    const double in_phase = std::chrono::duration<double>(now - phase_at).count();
    if (phase == Phase::kSetup && (load.setup_done() || in_phase > phases.setup_timeout)) {
      phase = Phase::kWarmup;
      phase_at = now;
      w.setup_seconds = std::chrono::duration<double>(now - t0).count();
      load.go();
    } else if (phase == Phase::kWarmup && in_phase >= phases.warmup) {
      phase = Phase::kMeasure;
      phase_at = now;
      w.start = c;
      watched_start = phases.watch_pid ? proc_cpu_seconds(phases.watch_pid) : 0;
      self_start = self_cpu_seconds();
      read_start = static_cast<long long>(load.wire_bytes());
      for (int pid : phases.also_pids) also_start.push_back(proc_cpu_seconds(pid));
      load.set_measuring(true);
    } else if (phase == Phase::kMeasure && in_phase >= phases.seconds) {
      load.set_measuring(false);
      w.seconds = std::chrono::duration<double>(now - phase_at).count();
      w.watched_cpu = phases.watch_pid ? proc_cpu_seconds(phases.watch_pid) - watched_start : 0;
      w.self_cpu = self_cpu_seconds() - self_start;
      w.read_bytes = static_cast<long long>(load.wire_bytes()) - read_start;
      for (std::size_t i = 0; i < phases.also_pids.size(); ++i) {
        w.also_cpu.push_back(proc_cpu_seconds(phases.also_pids[i]) - also_start[i]);
      }
      io.stop();
      return;
    }
    ticker.expires_after(std::chrono::seconds(1));
    ticker.async_wait([&](boost::system::error_code ec) {
      if (!ec) every_second();
    });
  };
  ticker.expires_after(std::chrono::seconds(1));
  ticker.async_wait([&](boost::system::error_code ec) {
    if (!ec) every_second();
  });
  io.run();
  return w;
}

std::uint32_t quantile(const std::vector<std::uint32_t>& sorted, double p) {
  if (sorted.empty()) return 0;
  return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(p * static_cast<double>(sorted.size())))];
}

std::string round_trip_summary(std::vector<std::uint32_t>& us) {
  std::sort(us.begin(), us.end());
  char line[160];
  std::snprintf(line, sizeof line, "p50 %.2f ms  p99 %.2f ms  p99.9 %.2f ms  max %.2f ms  (n=%zu",
                quantile(us, 0.50) / 1000.0, quantile(us, 0.99) / 1000.0, quantile(us, 0.999) / 1000.0,
                us.empty() ? 0.0 : us.back() / 1000.0, us.size());
  return line;
}

}  // namespace sandtable::load
