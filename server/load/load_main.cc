// sandtable-load: drives a sandtable-server with N rooms of bot games (Portable Wargame,
// Battleground; two players and S spectators each) from one thread, and prints connections,
// orders/s, order round trips (p50/p99/p99.9), deltas/s and bytes per delta, the server's memory
// and CPU per order, and the disk's fsync latency. With --baseline it first drives a plain Beast
// echo server (sandtable-echo) the same way, and prints what an order costs in echo round trips.
// docs/PERFORMANCE.md ("Room server load") has the figures and the commands; docs/hosting.md
// ("Load testing") the how-to.
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <numeric>
#include <optional>
#include <sstream>

#include "engine/model/scenario_io.h"
#include "engine/registry/builtin_registry.h"
#include "server/load/echo_run.h"
#include "server/load/fsync_probe.h"
#include "server/load/load_client.h"
#include "server/load/phases.h"
#include "server/load/process.h"

namespace sandtable::load {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;

constexpr const char* kUsage = R"(usage: sandtable-load [flags]
  --port N             the server's port (127.0.0.1)
  --server-pid PID     read the server's memory and CPU time from /proc/PID
  --also-pid PID       read this process's CPU time too (repeat: a cluster's other nodes and
                       its proxy); the total per order is printed
  --spawn BINARY       start this sandtable-server instead (port 0, a temporary database,
                       --allow-fixed-seed) and stop it at the end
  --server-cpu N       pin the spawned server (and the echo server) to CPU N (and use one
                       I/O thread)
  --server-threads N   with --spawn: the server's --threads                [1]
  --sync full|normal   with --spawn: the server's SQLite synchronous mode   [full]
  --db FILE            with --spawn: the database        [/tmp/sandtable-load-PID.db]
  --baseline           first run the same clients against sandtable-echo (a plain Beast
                       WebSocket echo server, pinned like the server: Order-sized frames at
                       the same rate), print its CPU per round trip, and at the end what an
                       order costs in echo round trips
  --echo BINARY        the echo server for --baseline    [sandtable-echo next to this program]
  --ruleset ID         pw (portable-wargame-19c) or bg (battleground): plays its default
                       scenario; with --scenario, must be the scenario's      [pw]
  --scenario FILE      [pw: scenarios/pw/meeting-engagement.json, bg: scenarios/bg/crossroads.json]
  --rooms N            rooms                                                 [100]
  --spectators S       spectators per room                                   [2]
  --rate R             orders per second per player (a room sends 2 x R)     [1]
  --seconds T          measurement window                                    [30]
  --warmup T           seconds of play before measuring                      [5]
  --games K            distinct bot games (seeds) to spread over the rooms   [8]
  --seed S             first seed                                            [1]
  --setup-parallel N   rooms being created and joined at once                [64]
  --setup-timeout T    seconds to wait for every room to join                [300]
  --idle               join every room, then send no orders: measures what idle connections
                       cost (server RSS and the kernel's share, per connection)
  --deflate BITS       clients offer permessage-deflate and a spawned server compresses
                       with a window of 2^BITS (its --deflate); 0: off         [0]
  --fsync N            after the run, time N appends of 4 KiB + fsync in the database's
                       directory (/tmp without --db); 0: do not             [200]
  --cycle              the soak: a room that has played its whole game closes its
                       connections (a normal WebSocket close) and starts again, a new room
                       from a fresh lobby connection playing the same game from its start,
                       so every room plays for the whole run; the games finished and the
                       rooms created are counted and printed
  --progress-every T   a progress line on stderr every T whole seconds      [1]
  --rest-after T       with --spawn: the server's --rest-after T (not passed without it)
Pin the load generator itself with taskset, e.g. taskset -c 1 sandtable-load ...
The server must allow fixed seeds (--allow-fixed-seed): every room replays a bot game
worked out beforehand, and each acceptance is checked against the engine's sequence.
)";

struct Flags {
  unsigned short port = 0;
  int server_pid = 0;
  std::vector<int> also_pids;
  std::string spawn;
  int server_cpu = -1;
  int server_threads = 1;
  std::string sync = "full";
  std::string db;
  bool baseline = false;
  bool idle = false;
  int deflate = 0;  // permessage-deflate window bits for the spawned server; 0: off
  std::string echo;
  std::string ruleset;
  std::string scenario;
  int rooms = 100;
  int spectators = 2;
  double rate = 1.0;
  double seconds = 30;
  double warmup = 5;
  int games = 8;
  std::uint64_t seed = 1;
  int setup_parallel = 64;
  double setup_timeout = 300;
  int fsync_samples = 200;
  bool cycle = false;
  int progress_every = 1;
  int rest_after = -1;  // -1: not given, not passed to the spawned server
};

// Short names of rule sets and the scenario each plays by default.
struct KnownRuleset {
  const char* short_name;
  const char* id;
  const char* scenario;
};
constexpr KnownRuleset kRulesets[] = {
    {"pw", "portable-wargame-19c", "scenarios/pw/meeting-engagement.json"},
    {"bg", "battleground", "scenarios/bg/crossroads.json"},
};

// A whole number of seconds, all of `v` (for the newer flags; -2 when it is not one, which
// the checks after parsing refuse).
int whole_seconds(const std::string& v) {
  std::size_t used = 0;
  const int n = std::stoi(v, &used);
  return used == v.size() && n >= 0 ? n : -2;
}

bool parse(int argc, char** argv, Flags& f) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") return false;
    if (a == "--idle") {
      f.idle = true;
      continue;
    }
    if (a == "--baseline") {
      f.baseline = true;
      continue;
    }
    if (a == "--cycle") {
      f.cycle = true;
      continue;
    }
    if (i + 1 >= argc) {
      std::cerr << "sandtable-load: " << a << " needs a value\n";
      return false;
    }
    const std::string v = argv[++i];
    try {
      if (a == "--port") f.port = static_cast<unsigned short>(std::stoi(v));
      else if (a == "--server-pid") f.server_pid = std::stoi(v);
      else if (a == "--also-pid") f.also_pids.push_back(std::stoi(v));
      else if (a == "--spawn") f.spawn = v;
      else if (a == "--server-cpu") f.server_cpu = std::stoi(v);
      else if (a == "--server-threads") f.server_threads = std::stoi(v);
      else if (a == "--sync") f.sync = v;
      else if (a == "--db") f.db = v;
      else if (a == "--echo") f.echo = v;
      else if (a == "--ruleset") f.ruleset = v;
      else if (a == "--scenario") f.scenario = v;
      else if (a == "--rooms") f.rooms = std::stoi(v);
      else if (a == "--spectators") f.spectators = std::stoi(v);
      else if (a == "--rate") f.rate = std::stod(v);
      else if (a == "--seconds") f.seconds = std::stod(v);
      else if (a == "--warmup") f.warmup = std::stod(v);
      else if (a == "--games") f.games = std::stoi(v);
      else if (a == "--seed") f.seed = std::stoull(v);
      else if (a == "--setup-parallel") f.setup_parallel = std::stoi(v);
      else if (a == "--setup-timeout") f.setup_timeout = std::stod(v);
      else if (a == "--fsync") f.fsync_samples = std::stoi(v);
      else if (a == "--deflate") f.deflate = std::stoi(v);
      else if (a == "--progress-every") f.progress_every = whole_seconds(v);
      else if (a == "--rest-after") f.rest_after = whole_seconds(v);
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
  if (f.deflate != 0 && (f.deflate < 9 || f.deflate > 15)) {
    std::cerr << "sandtable-load: --deflate takes 0 (off) or window bits from 9 to 15\n";
    return false;
  }
  if (f.progress_every < 1) {
    std::cerr << "sandtable-load: --progress-every takes a whole number of seconds, 1 or more\n";
    return false;
  }
  if (f.rest_after < -1) {
    std::cerr << "sandtable-load: --rest-after takes a whole number of seconds, 0 or more\n";
    return false;
  }
  if (f.rest_after >= 0 && f.spawn.empty()) {
    std::cerr << "sandtable-load: --rest-after is passed to the server it starts: give --spawn (or start "
                 "your server with it)\n";
    return false;
  }
  if (f.cycle && f.idle) {
    std::cerr << "sandtable-load: --cycle and --idle do not go together (idle rooms never finish a game)\n";
    return false;
  }
  if (f.spawn.empty() && f.port == 0) {
    std::cerr << "sandtable-load: give --port (and --server-pid) or --spawn\n";
    return false;
  }
  for (const auto& r : kRulesets) {
    if (f.ruleset == r.short_name) f.ruleset = r.id;
  }
  if (f.scenario.empty()) {
    if (f.ruleset.empty()) f.ruleset = kRulesets[0].id;
    for (const auto& r : kRulesets) {
      if (f.ruleset == r.id) f.scenario = r.scenario;
    }
    if (f.scenario.empty()) {
      std::cerr << "sandtable-load: no default scenario for the rule set " << f.ruleset << ": give --scenario\n";
      return false;
    }
  }
  return true;
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
          line.find("errors_total") != std::string::npos || line.find("sandtable_connections ") == 0 ||
          line.find("sandtable_rooms") == 0 || line.find("sandtable_links") == 0) {
        out += "  " + line + "\n";
      }
    }
    return out;
  } catch (const std::exception& e) {
    return std::string("  (no /metrics: ") + e.what() + ")\n";
  }
}

// Reads the scenario and works out the bot games; prints what they are.
bool prepare(const Flags& f, LoadOptions& opt) {
  std::ifstream in(f.scenario);
  if (!in) {
    std::cerr << "sandtable-load: cannot read " << f.scenario << "\n";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  auto parsed = parse_scenario(text.str(), builtin_registry());
  if (!parsed.scenario) {
    std::cerr << "sandtable-load: " << f.scenario << ": " << parsed.error << "\n";
    return false;
  }
  if (!f.ruleset.empty() && parsed.scenario->ruleset() != f.ruleset) {
    std::cerr << "sandtable-load: " << f.scenario << " is a " << parsed.scenario->ruleset() << " scenario, not "
              << f.ruleset << "\n";
    return false;
  }
  opt.rooms = f.rooms;
  opt.spectators = f.spectators;
  opt.rate = f.rate;
  opt.idle = f.idle;
  opt.deflate = f.deflate > 0;
  opt.cycle = f.cycle;
  opt.setup_parallel = f.setup_parallel;
  opt.scenario_json = text.str();
  for (const auto& side : parsed.scenario->sides()) opt.sides.push_back(side.id());
  std::size_t steps = 0;
  for (int g = 0; g < std::min(f.games, f.rooms); ++g) {
    opt.scripts.push_back(make_script(*parsed.scenario, f.seed + static_cast<std::uint64_t>(g)));
    steps += opt.scripts.back().steps.size();
  }
  const double mean = double(steps) / double(opt.scripts.size());
  std::printf("scripts: %zu bot games of %s (%s), %.0f orders each on average (%.0f s of play per room at %.2f orders/s)\n",
              opt.scripts.size(), parsed.scenario->id().c_str(), parsed.scenario->ruleset().c_str(), mean,
              mean / (2 * f.rate), 2 * f.rate);
  return true;
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
  LoadOptions opt;
  if (!prepare(f, opt)) return 1;
  Phases phases;
  phases.warmup = f.warmup;
  phases.seconds = f.seconds;
  phases.setup_timeout = f.setup_timeout;
  phases.progress_every = f.progress_every;

  std::optional<EchoBaseline> baseline;
  if (f.baseline) baseline = run_echo_baseline(f.echo.empty() ? default_echo_binary() : f.echo, f.server_cpu, opt, phases);

  pid_t spawned = 0;
  const bool temporary_db = f.db.empty();
  if (!f.spawn.empty()) {
    if (temporary_db) f.db = "/tmp/sandtable-load-" + std::to_string(getpid()) + ".db";
    std::remove(f.db.c_str());
    std::vector<std::string> args = {f.spawn, "--port", "0", "--db", f.db, "--allow-fixed-seed", "--threads",
                                     std::to_string(f.server_threads), "--sync", f.sync, "--log-level", "warn",
                                     "--idle-timeout", "600", "--max-per-address", "0", "--rooms-per-minute", "0",
                                     "--bad-tokens-per-minute", "0", "--deflate", std::to_string(f.deflate)};
    // Only when given: a server without the flag still starts.
    if (f.rest_after >= 0) {
      args.push_back("--rest-after");
      args.push_back(std::to_string(f.rest_after));
    }
    spawned = spawn_pinned(args, f.server_cpu, f.port);
    f.server_pid = spawned;
    std::printf("server: %s pid %d port %u db %s cpu %d threads %d sync %s\n", f.spawn.c_str(), spawned, f.port,
                f.db.c_str(), f.server_cpu, f.server_threads, f.sync.c_str());
    std::fflush(stdout);
  }
  opt.port = f.port;
  phases.watch_pid = f.server_pid;
  phases.also_pids = f.also_pids;
  // Memory before any client connects: what the connections and rooms add is measured against it.
  const long rss_before_kb = f.server_pid ? proc_status_kb(f.server_pid, "VmRSS") : -1;
  const long kernel_before_kb = kernel_socket_memory_kb();

  net::io_context io(1);
  Load load(io, opt);
  const Window w = run_phases(io, load, phases);

  const Counters& c = load.counters();
  const auto accepted = c.orders_accepted - w.start.orders_accepted;
  const auto deltas = c.deltas - w.start.deltas;
  const auto bytes = c.bytes_in - w.start.bytes_in;
  const std::uint64_t wanted_conns = static_cast<std::uint64_t>(f.rooms) * static_cast<std::uint64_t>(2 + f.spectators);
  std::printf("rooms            %d (2 players + %d spectators each), %llu ready, %llu failed, %llu finished their game; setup %.1f s\n",
              f.rooms, f.spectators, (unsigned long long)c.rooms_ready, (unsigned long long)c.rooms_failed,
              (unsigned long long)c.rooms_finished, w.setup_seconds);
  std::printf("connections      %llu open of %llu wanted, %llu failed to connect, %llu closed by the server\n",
              (unsigned long long)c.connections_open, (unsigned long long)wanted_conns,
              (unsigned long long)c.connections_failed, (unsigned long long)c.connections_closed);
  std::printf("window           %.1f s after %.0f s warm-up\n", w.seconds, f.warmup);
  if (f.cycle) {
    std::printf("cycled           %llu games finished, %llu rooms created in the run (%llu and %llu in the window)\n",
                (unsigned long long)c.games_finished, (unsigned long long)c.rooms_created,
                (unsigned long long)(c.games_finished - w.start.games_finished),
                (unsigned long long)(c.rooms_created - w.start.rooms_created));
  }
  std::printf("orders           %llu accepted (%.0f/s; offered %.0f/s by the %llu rooms still playing), %llu refused, %llu sequence mismatches, %llu late ticks\n",
              (unsigned long long)accepted, double(accepted) / w.seconds, 2 * f.rate * double(c.rooms_playing),
              (unsigned long long)c.rooms_playing,
              (unsigned long long)c.orders_rejected, (unsigned long long)c.wrong_sequence,
              (unsigned long long)(c.ticks_missed - w.start.ticks_missed));
  std::printf("order round trip %s, Order sent -> OrderAccepted)\n", round_trip_summary(load.round_trips_us()).c_str());
  auto& sizes = load.delta_bytes();
  std::sort(sizes.begin(), sizes.end());
  const double mean_size = sizes.empty() ? 0 : double(std::accumulate(sizes.begin(), sizes.end(), std::uint64_t{0})) / double(sizes.size());
  std::printf("deltas           %llu delivered (%.0f/s), %.1f MB/s received\n", (unsigned long long)deltas,
              double(deltas) / w.seconds, double(bytes) / w.seconds / 1e6);
  std::printf("bytes per delta  mean %.0f  median %u  p99 %u  max %u  (Delta envelopes as received, every connection)\n",
              mean_size, quantile(sizes, 0.5), quantile(sizes, 0.99), sizes.empty() ? 0u : sizes.back());
  if (deltas > 0 && w.read_bytes > 0) {
    std::printf("on the wire      %.0f bytes read from the sockets per Delta (all frames and their headers; "
                "permessage-deflate %s)\n",
                double(w.read_bytes) / double(deltas), f.deflate > 0 ? ("window 2^" + std::to_string(f.deflate)).c_str() : "off");
  }
  double cpu_us_per_order = 0;
  if (f.server_pid) {
    cpu_us_per_order = accepted ? w.watched_cpu * 1e6 / double(accepted) : 0;
    std::printf("server           RSS %ld MiB (max seen %ld MiB, high-water %ld MiB), CPU %.0f%% of one core, %.1f µs per %s order\n",
                proc_status_kb(f.server_pid, "VmRSS") / 1024, w.rss_max_kb / 1024,
                proc_status_kb(f.server_pid, "VmHWM") / 1024, 100 * w.watched_cpu / w.seconds, cpu_us_per_order,
                spawned && f.sync == "full" ? "durable" : "accepted");
  }
  if (!f.also_pids.empty()) {
    double total = w.watched_cpu;
    std::printf("also             ");
    for (std::size_t i = 0; i < f.also_pids.size(); ++i) {
      total += w.also_cpu[i];
      std::printf("pid %d CPU %.0f%%  ", f.also_pids[i], 100 * w.also_cpu[i] / w.seconds);
    }
    std::printf("\ntogether         CPU %.0f%% of one core, %.1f µs per order (the watched server and the --also-pid processes)\n",
                100 * total / w.seconds, accepted ? total * 1e6 / double(accepted) : 0.0);
  }
  std::printf("load generator   CPU %.0f%% of one core\n", 100 * w.self_cpu / w.seconds);
  const long kernel_after_kb = kernel_socket_memory_kb();
  if (f.server_pid && rss_before_kb > 0 && kernel_before_kb > 0 && kernel_after_kb > 0 && c.connections_open > 0) {
    // Both ends of every connection are on this machine, so the kernel's growth is shared: half
    // of it is counted as the server's (the server's and the client's sockets are alike).
    const double conns = double(c.connections_open);
    const double rss_kb = double(proc_status_kb(f.server_pid, "VmRSS") - rss_before_kb);
    const double kernel_kb = double(kernel_after_kb - kernel_before_kb) / 2;
    std::printf("memory           %s: server RSS +%.1f MiB, kernel +%.1f MiB (half the machine's slab and TCP "
                "buffers' growth) = %.1f KiB per connection (%.1f RSS + %.1f kernel; %llu connections, %d rooms)\n",
                f.idle ? "idle, every room joined" : "after the run", rss_kb / 1024, kernel_kb / 1024, (rss_kb + kernel_kb) / conns,
                rss_kb / conns, kernel_kb / conns, (unsigned long long)c.connections_open, f.rooms);
  }
  std::printf("server /metrics:\n%s", server_metrics(f.port).c_str());
  std::fflush(stdout);
  if (spawned) stop_process(spawned);
  if (f.fsync_samples > 0) {
    const auto slash = f.db.rfind('/');
    const std::string dir = f.db.empty() ? "/tmp" : slash == std::string::npos ? "." : f.db.substr(0, std::max<std::size_t>(slash, 1));
    const FsyncLatency fs = measure_fsync(dir, f.fsync_samples);
    if (!fs.error.empty()) std::printf("disk fsync       not measured: %s\n", fs.error.c_str());
    else
      std::printf("disk fsync       p50 %.2f ms  p99 %.2f ms  max %.2f ms  (%d appends of 4 KiB + fsync in %s, after the run)\n",
                  fs.p50_ms, fs.p99_ms, fs.max_ms, fs.samples, dir.c_str());
  }
  if (baseline && cpu_us_per_order > 0) {
    std::printf("baseline         an order costs %.1f echo round trips of server CPU (%.1f µs per order / %.1f µs per echo round trip)\n",
                cpu_us_per_order / baseline->cpu_us_per_round_trip, cpu_us_per_order, baseline->cpu_us_per_round_trip);
  }
  for (const auto& p : load.problems()) std::printf("problem: %s\n", p.c_str());
  std::fflush(stdout);
  if (spawned && temporary_db) {
    for (const char* ext : {"", "-wal", "-shm"}) std::remove((f.db + ext).c_str());
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
