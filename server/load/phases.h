#pragma once
// The timeline of one run, shared by the real run and the echo baseline: setup (every room
// created and joined, or the setup timeout), then go(), the warm-up, and the measurement window,
// with a progress line on stderr every second (or every progress_every seconds). The watched
// process's CPU time (the server's or the echo server's) and this process's are read at both
// ends of the window.
#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "server/load/load_client.h"

namespace sandtable::load {

struct Phases {
  double warmup = 5;
  double seconds = 30;
  double setup_timeout = 300;
  int watch_pid = 0;  // 0: no process to watch
  // More processes whose CPU time in the window is read too (the other nodes and the proxy of a
  // cluster, docs/hosting.md "Several nodes").
  std::vector<int> also_pids;
  int progress_every = 1;  // seconds between progress lines (the phases are still checked each second)
};

struct Window {
  double seconds = 0;        // the measurement window as it ran
  double setup_seconds = 0;  // from start() to go()
  Counters start;            // the counters when the window opened
  double watched_cpu = 0;    // CPU seconds the watched process used in the window
  double self_cpu = 0;       // CPU seconds this process used in the window
  long rss_max_kb = 0;       // the watched process's largest RSS seen (once a second)
  long long read_bytes = 0;  // bytes this process read from its sockets in the window
  std::vector<double> also_cpu;  // CPU seconds each of Phases::also_pids used in the window
};

// Starts `load` and runs `io` until the window has closed (io is stopped then).
Window run_phases(boost::asio::io_context& io, Load& load, const Phases& phases);

// The p-quantile (0..1) of sorted values.
std::uint32_t quantile(const std::vector<std::uint32_t>& sorted, double p);
// "p50 X ms  p99 X ms  p99.9 X ms  max X ms  (n=N" of round trips in µs (sorts them).
std::string round_trip_summary(std::vector<std::uint32_t>& us);

}  // namespace sandtable::load
