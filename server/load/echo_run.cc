#include "server/load/echo_run.h"

#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <cstdio>
#include <exception>

#include "server/load/process.h"

namespace sandtable::load {

std::optional<EchoBaseline> run_echo_baseline(const std::string& binary, int cpu, LoadOptions options, Phases phases) {
  unsigned short port = 0;
  pid_t pid = 0;
  try {
    pid = spawn_pinned({binary, "--port", "0"}, cpu, port);
  } catch (const std::exception& e) {
    std::printf("echo baseline   not run: %s (give --echo BINARY)\n", e.what());
    return std::nullopt;
  }
  std::printf("echo baseline   %s pid %d port %u cpu %d\n", binary.c_str(), pid, port, cpu);
  std::fflush(stdout);
  options.echo = true;
  options.port = port;
  phases.watch_pid = pid;
  Window w;
  EchoBaseline out;
  {
    boost::asio::io_context io(1);
    Load load(io, options);
    w = run_phases(io, load, phases);
    const Counters& c = load.counters();
    out.round_trips = c.orders_accepted - w.start.orders_accepted;
    std::printf("echo             %llu connections open, %llu failed; %llu round trips (%.0f/s), %llu late ticks\n",
                (unsigned long long)c.connections_open, (unsigned long long)c.connections_failed,
                (unsigned long long)out.round_trips, double(out.round_trips) / w.seconds,
                (unsigned long long)(c.ticks_missed - w.start.ticks_missed));
    std::printf("echo round trip  %s, Order-sized frame sent -> echoed)\n",
                round_trip_summary(load.round_trips_us()).c_str());
    for (const auto& p : load.problems()) std::printf("problem (echo): %s\n", p.c_str());
    // The Load goes before its io_context: the pending operations are dropped, never run.
  }
  stop_process(pid);
  if (out.round_trips == 0) return std::nullopt;
  out.cpu_us_per_round_trip = w.watched_cpu * 1e6 / static_cast<double>(out.round_trips);
  std::printf("echo server      CPU %.0f%% of one core, %.1f µs per round trip\n", 100 * w.watched_cpu / w.seconds,
              out.cpu_us_per_round_trip);
  std::fflush(stdout);
  return out;
}

std::string default_echo_binary() {
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return "sandtable-echo";
  const std::string path(self, static_cast<std::size_t>(n));
  return path.substr(0, path.rfind('/') + 1) + "sandtable-echo";
}

}  // namespace sandtable::load
