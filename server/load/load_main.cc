// sandtable-load: drives a sandtable-server with N rooms of Portable Wargame bot games (two
// players and S spectators each) from one thread, and prints connections, orders/s, order
// round trips (p50/p99/p99.9), deltas/s and the server's memory. docs/PERFORMANCE.md ("Room
// server load") has the figures and the commands; docs/hosting.md ("Load testing") the how-to.
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/registry/builtin_registry.h"
#include "engine/model/scenario_io.h"
#include "server/load/load_client.h"

namespace sandtable::load {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
using Clock = std::chrono::steady_clock;

constexpr const char* kUsage = R"(usage: sandtable-load [flags]
  --port N             the server's port (127.0.0.1)
  --server-pid PID     read the server's memory and CPU time from /proc/PID
  --spawn BINARY       start this sandtable-server instead (port 0, a temporary database,
                       --allow-fixed-seed) and stop it at the end
  --server-cpu N       with --spawn: pin the server to CPU N (and use one I/O thread)
  --server-threads N   with --spawn: the server's --threads                [1]
  --sync full|normal   with --spawn: the server's SQLite synchronous mode   [full]
  --db FILE            with --spawn: the database        [/tmp/sandtable-load-PID.db]
  --rooms N            rooms                                                 [100]
  --spectators S       spectators per room                                   [2]
  --rate R             orders per second per player (a room sends 2 x R)     [1]
  --seconds T          measurement window                                    [30]
  --warmup T           seconds of play before measuring                      [5]
  --games K            distinct bot games (seeds) to spread over the rooms   [8]
  --seed S             first seed                                            [1]
  --scenario FILE      [scenarios/pw/meeting-engagement.json]
  --setup-parallel N   rooms being created and joined at once                [64]
  --setup-timeout T    seconds to wait for every room to join                [300]
Pin the load generator itself with taskset, e.g. taskset -c 1 sandtable-load ...
The server must allow fixed seeds (--allow-fixed-seed): every room replays a bot game
worked out beforehand, and each acceptance is checked against the engine's sequence.
)";

struct Flags {
  unsigned short port = 0;
  int server_pid = 0;
  std::string spawn;
  int server_cpu = -1;
  int server_threads = 1;
  std::string sync = "full";
  std::string db;
  int rooms = 100;
  int spectators = 2;
  double rate = 1.0;
  double seconds = 30;
  double warmup = 5;
  int games = 8;
  std::uint64_t seed = 1;
  std::string scenario = "scenarios/pw/meeting-engagement.json";
  int setup_parallel = 64;
  double setup_timeout = 300;
};

bool parse(int argc, char** argv, Flags& f) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") return false;
    if (i + 1 >= argc) {
      std::cerr << "sandtable-load: " << a << " needs a value\n";
      return false;
    }
    const std::string v = argv[++i];
    try {
      if (a == "--port") f.port = static_cast<unsigned short>(std::stoi(v));
      else if (a == "--server-pid") f.server_pid = std::stoi(v);
      else if (a == "--spawn") f.spawn = v;
      else if (a == "--server-cpu") f.server_cpu = std::stoi(v);
      else if (a == "--server-threads") f.server_threads = std::stoi(v);
      else if (a == "--sync") f.sync = v;
      else if (a == "--db") f.db = v;
      else if (a == "--rooms") f.rooms = std::stoi(v);
      else if (a == "--spectators") f.spectators = std::stoi(v);
      else if (a == "--rate") f.rate = std::stod(v);
      else if (a == "--seconds") f.seconds = std::stod(v);
      else if (a == "--warmup") f.warmup = std::stod(v);
      else if (a == "--games") f.games = std::stoi(v);
      else if (a == "--seed") f.seed = std::stoull(v);
      else if (a == "--scenario") f.scenario = v;
      else if (a == "--setup-parallel") f.setup_parallel = std::stoi(v);
      else if (a == "--setup-timeout") f.setup_timeout = std::stod(v);
      else {
        std::cerr << "sandtable-load: unknown flag " << a << "\n";
        return false;
      }
    } catch (const std::exception&) {
      std::cerr << "sandtable-load: " << a << ": not a number: " << v << "\n";
      return false;
    }
  }
  if (f.rooms < 1 || f.spectators < 0 || f.rate <= 0 || f.seconds <= 0 || f.games < 1 || f.setup_parallel < 1) {
    std::cerr << "sandtable-load: --rooms, --games, --setup-parallel >= 1, --rate and --seconds > 0\n";
    return false;
  }
  if (f.spawn.empty() && f.port == 0) {
    std::cerr << "sandtable-load: give --port (and --server-pid) or --spawn\n";
    return false;
  }
  return true;
}

// Starts the server pinned to a CPU; returns its pid and sets the port it printed.
pid_t spawn_server(const Flags& f, unsigned short& port) {
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> args = {f.spawn,         "--port", "0", "--db", f.db, "--allow-fixed-seed",
                                   "--threads",     std::to_string(f.server_threads),
                                   "--sync",        f.sync,  "--log-level", "warn",
                                   "--idle-timeout", "600"};
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    if (f.server_cpu >= 0) {
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(f.server_cpu, &set);
      sched_setaffinity(0, sizeof set, &set);  // inherited by exec and by the server's threads
    }
    dup2(out[1], 1);
    close(out[0]);
    close(out[1]);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(f.spawn.c_str(), argv.data());
    _exit(127);
  }
  close(out[1]);
  FILE* in = fdopen(out[0], "r");
  char line[4096];
  const std::string prefix = "listening on http://127.0.0.1:";
  while (fgets(line, sizeof line, in)) {
    const std::string l(line);
    if (l.rfind(prefix, 0) == 0) {
      port = static_cast<unsigned short>(std::stoi(l.substr(prefix.size())));
      break;
    }
  }
  fclose(in);
  if (port == 0) throw std::runtime_error("the server did not start: " + f.spawn);
  return pid;
}

// A field of /proc/PID/status in kB ("VmRSS", "VmHWM"), or -1.
long proc_status_kb(int pid, const std::string& field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
  }
  return -1;
}

// utime + stime of a process in seconds, or -1.
double proc_cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream rest(text.substr(close + 2));
  std::string skip;
  for (int i = 3; i <= 13; ++i) rest >> skip;  // fields 3..13
  double utime = 0, stime = 0;
  rest >> utime >> stime;
  return (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double self_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// The server's /metrics lines about commits and refusals (plain HTTP, one request).
std::string server_metrics(unsigned short port) {
  try {
    net::io_context io;
    beast::tcp_stream s(io);
    s.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    beast::http::request<beast::http::empty_body> req(beast::http::verb::get, "/metrics", 11);
    req.set(beast::http::field::host, "127.0.0.1");
    beast::http::write(s, req);
    beast::flat_buffer buf;
    beast::http::response<beast::http::string_body> res;
    beast::http::read(s, buf, res);
    std::istringstream body(res.body());
    std::string line, out;
    while (std::getline(body, line)) {
      if (line.empty() || line[0] == '#') continue;
      if (line.find("commit_batches") != std::string::npos || line.find("commit_writes") != std::string::npos ||
          line.find("slow_readers") != std::string::npos || line.find("rejected") != std::string::npos ||
          line.find("errors_total") != std::string::npos || line.find("sandtable_connections ") == 0) {
        out += "  " + line + "\n";
      }
    }
    return out;
  } catch (const std::exception& e) {
    return std::string("  (no /metrics: ") + e.what() + ")\n";
  }
}

double percentile_ms(const std::vector<std::uint32_t>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto i = std::min(sorted.size() - 1, static_cast<std::size_t>(p * static_cast<double>(sorted.size())));
  return sorted[i] / 1000.0;
}

int run(int argc, char** argv) {
  Flags f;
  if (!parse(argc, argv, f)) {
    std::cout << kUsage;
    return argc > 1 && std::string(argv[1]) != "--help" && std::string(argv[1]) != "-h" ? 64 : 0;
  }
  signal(SIGPIPE, SIG_IGN);
  rlimit nofile{};
  getrlimit(RLIMIT_NOFILE, &nofile);
  nofile.rlim_cur = nofile.rlim_max;  // the spawned server inherits it too
  setrlimit(RLIMIT_NOFILE, &nofile);
  const auto wanted = static_cast<rlim_t>(f.rooms) * static_cast<rlim_t>(2 + f.spectators) + 64;
  if (nofile.rlim_cur < wanted) {
    std::cerr << "sandtable-load: " << wanted << " connections need more open files than the limit "
              << nofile.rlim_cur << " (raise ulimit -n)\n";
    return 1;
  }

  std::ifstream in(f.scenario);
  if (!in) {
    std::cerr << "sandtable-load: cannot read " << f.scenario << "\n";
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  auto parsed = parse_scenario(text.str(), builtin_registry());
  if (!parsed.scenario) {
    std::cerr << "sandtable-load: " << f.scenario << ": " << parsed.error << "\n";
    return 1;
  }
  LoadOptions opt;
  opt.rooms = f.rooms;
  opt.spectators = f.spectators;
  opt.rate = f.rate;
  opt.setup_parallel = f.setup_parallel;
  opt.scenario_json = text.str();
  for (const auto& side : parsed.scenario->sides()) opt.sides.push_back(side.id());
  std::size_t steps = 0;
  for (int g = 0; g < std::min(f.games, f.rooms); ++g) {
    opt.scripts.push_back(make_script(*parsed.scenario, f.seed + static_cast<std::uint64_t>(g)));
    steps += opt.scripts.back().steps.size();
  }
  std::printf("scripts: %zu bot games of %s, %.0f orders each on average (%.0f s of play per room at %.2f orders/s)\n",
              opt.scripts.size(), parsed.scenario->id().c_str(), double(steps) / double(opt.scripts.size()),
              double(steps) / double(opt.scripts.size()) / (2 * f.rate), 2 * f.rate);

  pid_t spawned = 0;
  const bool temporary_db = f.db.empty();
  if (!f.spawn.empty()) {
    if (temporary_db) f.db = "/tmp/sandtable-load-" + std::to_string(getpid()) + ".db";
    std::remove(f.db.c_str());
    spawned = spawn_server(f, f.port);
    f.server_pid = spawned;
    std::printf("server: %s pid %d port %u db %s cpu %d threads %d sync %s\n", f.spawn.c_str(), spawned, f.port,
                f.db.c_str(), f.server_cpu, f.server_threads, f.sync.c_str());
  }
  opt.port = f.port;

  net::io_context io(1);
  Load load(io, opt);
  const auto t0 = Clock::now();
  load.start();

  // A progress line every second; the phases: setup, warm-up, measurement.
  enum class Phase { kSetup, kWarmup, kMeasure, kDone } phase = Phase::kSetup;
  Clock::time_point phase_at = t0, setup_end = t0;
  Counters at_measure_start;
  double server_cpu_start = 0, self_cpu_start = 0;
  long rss_max = 0;
  Counters last;
  net::steady_timer ticker(io);
  std::function<void()> every_second = [&] {
    const auto now = Clock::now();
    const Counters& c = load.counters();
    const double t = std::chrono::duration<double>(now - t0).count();
    const long rss = f.server_pid ? proc_status_kb(f.server_pid, "VmRSS") : -1;
    rss_max = std::max(rss_max, rss);
    std::fprintf(stderr, "t=%5.1fs conns=%llu rooms ready=%llu playing=%llu failed=%llu orders/s=%llu deltas/s=%llu server RSS=%ld MiB\n",
                 t, (unsigned long long)c.connections_open, (unsigned long long)c.rooms_ready,
                 (unsigned long long)c.rooms_playing, (unsigned long long)c.rooms_failed, (unsigned long long)(c.orders_accepted - last.orders_accepted),
                 (unsigned long long)(c.deltas - last.deltas), rss / 1024);
    last = c;
    const double in_phase = std::chrono::duration<double>(now - phase_at).count();
    if (phase == Phase::kSetup && (load.setup_done() || in_phase > f.setup_timeout)) {
      phase = Phase::kWarmup;
      phase_at = setup_end = now;
      load.go();
    } else if (phase == Phase::kWarmup && in_phase >= f.warmup) {
      phase = Phase::kMeasure;
      phase_at = now;
      at_measure_start = c;
      server_cpu_start = f.server_pid ? proc_cpu_seconds(f.server_pid) : 0;
      self_cpu_start = self_cpu_seconds();
      load.set_measuring(true);
    } else if (phase == Phase::kMeasure && in_phase >= f.seconds) {
      phase = Phase::kDone;
      load.set_measuring(false);
      io.stop();
      return;
    }
    ticker.expires_after(std::chrono::seconds(1));
    ticker.async_wait([&](beast::error_code ec) {
      if (!ec) every_second();
    });
  };
  ticker.expires_after(std::chrono::seconds(1));
  ticker.async_wait([&](beast::error_code ec) {
    if (!ec) every_second();
  });
  io.run();

  const double window = std::chrono::duration<double>(Clock::now() - phase_at).count();
  const double server_cpu = f.server_pid ? proc_cpu_seconds(f.server_pid) - server_cpu_start : 0;
  const double self_cpu = self_cpu_seconds() - self_cpu_start;
  const Counters& c = load.counters();
  auto& rtt = load.round_trips_us();
  std::sort(rtt.begin(), rtt.end());
  const auto accepted = c.orders_accepted - at_measure_start.orders_accepted;
  const auto deltas = c.deltas - at_measure_start.deltas;
  const auto bytes = c.bytes_in - at_measure_start.bytes_in;
  const std::uint64_t wanted_conns = static_cast<std::uint64_t>(f.rooms) * static_cast<std::uint64_t>(2 + f.spectators);
  std::printf("rooms            %d (2 players + %d spectators each), %llu ready, %llu failed, %llu finished their game; setup %.1f s\n",
              f.rooms, f.spectators, (unsigned long long)c.rooms_ready, (unsigned long long)c.rooms_failed,
              (unsigned long long)c.rooms_finished, std::chrono::duration<double>(setup_end - t0).count());
  std::printf("connections      %llu open of %llu wanted, %llu failed to connect, %llu closed by the server\n",
              (unsigned long long)c.connections_open, (unsigned long long)wanted_conns,
              (unsigned long long)c.connections_failed, (unsigned long long)c.connections_closed);
  std::printf("window           %.1f s after %.0f s warm-up\n", window, f.warmup);
  std::printf("orders           %llu accepted (%.0f/s; offered %.0f/s by the %llu rooms still playing), %llu refused, %llu sequence mismatches, %llu late ticks\n",
              (unsigned long long)accepted, double(accepted) / window, 2 * f.rate * double(c.rooms_playing),
              (unsigned long long)c.rooms_playing,
              (unsigned long long)c.orders_rejected, (unsigned long long)c.wrong_sequence,
              (unsigned long long)(c.ticks_missed - at_measure_start.ticks_missed));
  std::printf("order round trip p50 %.2f ms  p99 %.2f ms  p99.9 %.2f ms  max %.2f ms  (n=%zu, Order sent -> OrderAccepted)\n",
              percentile_ms(rtt, 0.50), percentile_ms(rtt, 0.99), percentile_ms(rtt, 0.999),
              rtt.empty() ? 0.0 : rtt.back() / 1000.0, rtt.size());
  std::printf("deltas           %llu delivered (%.0f/s), %.1f MB/s received\n", (unsigned long long)deltas,
              double(deltas) / window, double(bytes) / window / 1e6);
  if (f.server_pid) {
    std::printf("server           RSS %ld MiB (max seen %ld MiB, high-water %ld MiB), CPU %.0f%% of one core\n",
                proc_status_kb(f.server_pid, "VmRSS") / 1024, rss_max / 1024,
                proc_status_kb(f.server_pid, "VmHWM") / 1024, 100 * server_cpu / window);
  }
  std::printf("load generator   CPU %.0f%% of one core\n", 100 * self_cpu / window);
  std::printf("server /metrics:\n%s", server_metrics(f.port).c_str());
  for (const auto& p : load.problems()) std::printf("problem: %s\n", p.c_str());
  std::fflush(stdout);
  if (spawned) {
    kill(spawned, SIGTERM);
    waitpid(spawned, nullptr, 0);
    if (temporary_db) {
      for (const char* ext : {"", "-wal", "-shm"}) std::remove((f.db + ext).c_str());
    }
  }
  // The connections are dropped with the process: closing 16,000 WebSockets politely would
  // only measure the closing.
  std::_Exit(c.rooms_failed == 0 && c.orders_rejected == 0 && c.wrong_sequence == 0 ? 0 : 2);
}

}  // namespace
}  // namespace sandtable::load

int main(int argc, char** argv) {
  try {
    return sandtable::load::run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "sandtable-load: " << e.what() << "\n";
    return 1;
  }
}
