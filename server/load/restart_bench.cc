// sandtable-restart-bench: the room server's restart. Builds a database of N rooms of E events
// each through the server's own storage, starts the real server on it, measures the time from
// spawn to its "listening" line, and checks that every room (or --check N of them) is playable:
// its waiting seat joins, sees a Snapshot at the stored sequence and has an order accepted.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/model/scenario_io.h"
#include "engine/registry/builtin_registry.h"
#include "server/load/process.h"
#include "server/load/restart_check.h"
#include "server/load/restart_db.h"
#include "server/load/restart_games.h"
#include "server/room.h"

namespace sandtable::load {
namespace {

constexpr const char* kUsage = R"(usage: sandtable-restart-bench --server BINARY [flags]
  --server BINARY      the sandtable-server to restart (required)
  --db FILE            the database to build              [/tmp/sandtable-restart-PID.db]
  --keep               keep the database (and the server's log) afterwards
  --rooms N            rooms                              [4000]
  --events E           events per room (whole orders)     [200]
  --games G            distinct bot games the rooms share [4]
  --seed S             the first seed tried               [1]
  --scenario FILE      a Portable Wargame scenario        [scenarios/pw/meeting-engagement.json]
  --per-commit N       rooms per transaction while building [100]
  --server-cpu N       pin the server to CPU N            [not pinned]
  --server-threads N   the server's --threads             [the server's default]
  --sync full|normal   the server's --sync                [the server's default]
  --check N            rooms checked, spread over all (0 = all) [0]
  --parallel N         rooms checked at once              [32]
  --quick-ack          the checking client ACKs every segment at once (TCP_QUICKACK), which
                       hides the server's Nagle delay (~40 ms per join and per order) behind it
)";

struct Flags {
  std::string server;
  std::string db;
  bool keep = false;
  int rooms = 4000;
  int events = 200;
  int games = 4;
  std::uint64_t seed = 1;
  std::string scenario = "scenarios/pw/meeting-engagement.json";
  int per_commit = 100;
  int server_cpu = -1;
  int server_threads = 0;
  std::string sync;
  int check = 0;
  int parallel = 32;
  bool quick_ack = false;
};

bool parse(int argc, char** argv, Flags& f) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--keep" || a == "--quick-ack") {
      (a == "--keep" ? f.keep : f.quick_ack) = true;
      continue;
    }
    if (i + 1 >= argc) return false;
    const std::string v = argv[++i];
    try {
      if (a == "--server") f.server = v;
      else if (a == "--db") f.db = v;
      else if (a == "--rooms") f.rooms = std::stoi(v);
      else if (a == "--events") f.events = std::stoi(v);
      else if (a == "--games") f.games = std::stoi(v);
      else if (a == "--seed") f.seed = std::stoull(v);
      else if (a == "--scenario") f.scenario = v;
      else if (a == "--per-commit") f.per_commit = std::stoi(v);
      else if (a == "--server-cpu") f.server_cpu = std::stoi(v);
      else if (a == "--server-threads") f.server_threads = std::stoi(v);
      else if (a == "--sync") f.sync = v;
      else if (a == "--check") f.check = std::stoi(v);
      else if (a == "--parallel") f.parallel = std::stoi(v);
      else return false;
    } catch (const std::exception&) {
      return false;
    }
  }
  return !f.server.empty() && f.rooms >= 1 && f.events >= 1 && f.games >= 1 && f.per_commit >= 1 && f.check >= 0 &&
         f.parallel >= 1;
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::uintmax_t file_size(const std::string& path) {
  std::error_code ec;
  const auto n = std::filesystem::file_size(path, ec);
  return ec ? 0 : n;
}

void remove_db(const std::string& db) {
  for (const char* ext : {"", "-wal", "-shm"}) std::remove((db + ext).c_str());
}

// The server's "loaded N rooms from DB in T ms" log line, if it wrote one.
std::string loaded_line(const std::string& log) {
  std::ifstream in(log);
  std::string line;
  while (std::getline(in, line)) {
    const auto at = line.find("loaded ");
    if (at != std::string::npos && line.find(" rooms from ") != std::string::npos) return line.substr(at);
  }
  return "";
}

// Starts the server with its stderr (its log) going to `log`.
pid_t spawn_logged(const std::vector<std::string>& args, int cpu, const std::string& log, unsigned short& port) {
  const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw std::runtime_error("cannot write " + log);
  std::fflush(stderr);
  const int saved = dup(2);
  dup2(fd, 2);
  close(fd);
  pid_t pid = 0;
  try {
    pid = spawn_pinned(args, cpu, port);
  } catch (...) {
    dup2(saved, 2);
    close(saved);
    throw;
  }
  dup2(saved, 2);
  close(saved);
  return pid;
}

int run(int argc, char** argv) {
  Flags f;
  if (!parse(argc, argv, f)) {
    std::cerr << kUsage;
    return 64;
  }
  signal(SIGPIPE, SIG_IGN);
  std::ifstream in(f.scenario);
  if (!in) {
    std::cerr << "sandtable-restart-bench: cannot read " << f.scenario << "\n";
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  const auto parsed = parse_scenario(text.str(), builtin_registry());
  if (!parsed.scenario) {
    std::cerr << "sandtable-restart-bench: " << f.scenario << ": " << parsed.error << "\n";
    return 1;
  }
  const auto& scenario = *parsed.scenario;

  // The games: seeds whose game is still on after exactly E events (at an order's end).
  auto t0 = std::chrono::steady_clock::now();
  std::vector<StoredGame> games;
  std::uint64_t seed = f.seed;
  std::vector<std::string> skipped;
  for (int tries = 0; static_cast<int>(games.size()) < f.games && tries < 50 * f.games; ++tries, ++seed) {
    try {
      games.push_back(play_stored_game(scenario, seed, static_cast<std::uint64_t>(f.events), server::Room::kSnapshotEvery,
                                       true));
    } catch (const std::exception& e) {
      if (skipped.size() < 5) skipped.push_back("seed " + std::to_string(seed) + ": " + e.what());
    }
  }
  if (static_cast<int>(games.size()) < f.games) {
    std::cerr << "sandtable-restart-bench: only " << games.size() << " of " << f.games << " games reach exactly "
              << f.events << " events\n";
    for (const auto& s : skipped) std::cerr << "  " << s << "\n";
    return 1;
  }
  std::printf("games            %zu bot games of %s (%s), seeds", games.size(), scenario.id().c_str(),
              scenario.ruleset().c_str());
  for (const auto& g : games) std::printf(" %llu", (unsigned long long)g.seed);
  std::printf(" (%llu tried), %d events each, %zu snapshots each, played in %.2f s\n",
              (unsigned long long)(seed - f.seed), f.events, games.front().snapshots.size(), since(t0));
  std::fflush(stdout);

  // The database.
  const bool temporary = f.db.empty();
  if (temporary) f.db = "/tmp/sandtable-restart-" + std::to_string(getpid()) + ".db";
  const std::string log = f.db + ".server.log";
  remove_db(f.db);
  t0 = std::chrono::steady_clock::now();
  std::vector<BuiltRoom> rooms;
  try {
    rooms = build_database(f.db, scenario, games, f.rooms, f.per_commit);
  } catch (const std::exception& e) {
    std::cerr << "sandtable-restart-bench: building " << f.db << ": " << e.what() << "\n";
    if (!f.keep) remove_db(f.db);
    return 1;
  }
  const double build_s = since(t0);
  const auto db_bytes = file_size(f.db), wal_bytes = file_size(f.db + "-wal");
  std::printf("rooms            %d, %d events each (%llu events), %d per commit\n", f.rooms, f.events,
              (unsigned long long)f.rooms * (unsigned long long)f.events, f.per_commit);
  std::printf("database         %s: %.1f MB (%llu bytes: db %llu + wal %llu), built in %.2f s\n", f.db.c_str(),
              double(db_bytes + wal_bytes) / 1e6, (unsigned long long)(db_bytes + wal_bytes),
              (unsigned long long)db_bytes, (unsigned long long)wal_bytes, build_s);
  std::fflush(stdout);

  // The restart.
  std::vector<std::string> args{f.server, "--port", "0", "--db", f.db, "--idle-timeout", "600", "--max-per-address", "0",
                                "--bad-tokens-per-minute", "0"};
  if (f.server_threads > 0) args.insert(args.end(), {"--threads", std::to_string(f.server_threads)});
  if (!f.sync.empty()) args.insert(args.end(), {"--sync", f.sync});
  unsigned short port = 0;
  pid_t pid = 0;
  t0 = std::chrono::steady_clock::now();
  try {
    pid = spawn_logged(args, f.server_cpu, log, port);
  } catch (const std::exception& e) {
    std::printf("restart          FAILED after %.2f s: %s (server log kept: %s)\n", since(t0), e.what(), log.c_str());
    if (!f.keep) remove_db(f.db);
    return 1;
  }
  const double listen_s = since(t0);
  const long rss_kb = proc_status_kb(pid, "VmRSS"), hwm_kb = proc_status_kb(pid, "VmHWM");
  const double cpu_s = proc_cpu_seconds(pid);
  std::printf("restart          listening on port %u %.3f s after spawn (server pid %d, cpu %d, threads %s, CPU %.2f s)\n",
              port, listen_s, pid, f.server_cpu, f.server_threads > 0 ? std::to_string(f.server_threads).c_str() : "default",
              cpu_s);
  const std::string loaded = loaded_line(log);
  std::printf("server log       %s\n", loaded.empty() ? "(no \"loaded\" line)" : loaded.c_str());
  std::printf("server RSS       %.1f MiB after start (high-water %.1f MiB)\n", double(rss_kb) / 1024, double(hwm_kb) / 1024);
  std::fflush(stdout);

  // The check.
  std::vector<RoomCheck> checks;
  const int n = f.check == 0 || f.check > f.rooms ? f.rooms : f.check;
  for (int i = 0; i < n; ++i) {
    const auto& room = rooms[static_cast<std::size_t>(static_cast<long long>(i) * f.rooms / n)];
    const StoredGame& g = games[room.game];
    checks.push_back(RoomCheck{room.id, room.tokens.at(g.next_seat), g.events.size(), g.seq_after, &g.next_envelope});
  }
  const CheckResult r = check_rooms(port, checks, f.parallel, f.quick_ack);
  std::printf("check            %d rooms checked, %d playable, %d failed in %.2f s (%d at once%s; Hello -> Welcome + "
              "Snapshot at seq %d -> Order -> OrderAccepted)\n",
              r.checked, r.playable, r.failed, r.seconds, f.parallel, f.quick_ack ? ", quick ACKs" : "", f.events);
  for (const auto& p : r.problems) std::printf("problem: %s\n", p.c_str());
  std::printf("server RSS       %.1f MiB after the check (high-water %.1f MiB)\n",
              double(proc_status_kb(pid, "VmRSS")) / 1024, double(proc_status_kb(pid, "VmHWM")) / 1024);
  std::fflush(stdout);
  stop_process(pid);

  if (!f.keep) {
    remove_db(f.db);
    std::remove(log.c_str());
  } else {
    std::printf("kept             %s (now with one more order per checked room) and %s\n", f.db.c_str(), log.c_str());
  }
  const bool ok = r.checked == n && r.failed == 0 && r.playable == n;
  std::printf("result           %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 2;
}

}  // namespace
}  // namespace sandtable::load

int main(int argc, char** argv) {
  try {
    return sandtable::load::run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "sandtable-restart-bench: " << e.what() << "\n";
    return 1;
  }
}
