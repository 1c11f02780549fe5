#include "server/server.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "server/catalog.h"
#include "server/cluster.h"
#include "server/commit_queue.h"
#include "server/context.h"
#include "server/http_session.h"
#include "server/pg_storage.h"
#include "server/rooms.h"
#include "server/sqlite_club_store.h"
#include "server/sqlite_storage.h"

namespace sandtable::server {

namespace net = boost::asio;

namespace {

constexpr const char* kUsage = R"(usage: sandtable-server [flags]
  --port N              TCP port (0 = any free port; the bound port is printed)   [8080]
  --bind ADDR           address to listen on                                      [127.0.0.1]
  --db FILE|URL         SQLite database (created and migrated if needed), or a
                        postgresql://... database several nodes share (then --node
                        is required)                                             [data/sandtable.db]
  --node NAME           this node's name (a-z, 0-9; at most 16): new rooms' ids start
                        with it, the rule the proxy routes by (docs/hosting.md)
  --lease-ms N          with a shared database and --node: how long a room's lease
                        lasts unrenewed (renewed every third of it)               [6000]
  --club-db FILE        SQLite file for clubs [the --db file; none with postgresql]
  --web DIR             built web client to serve                                [web-client/dist]
  --scenarios DIR       built-in scenarios for the lobby (*.json, recursive)
                        [./scenarios, else the scenarios/ folder nearest above the binary]
  --demo                if the database has no rooms, create a demo room from each
                        --demo-scenario and print its join links
  --demo-scenario FILE  a path, or one under --scenarios; repeat for several rooms
                        [bg/village-assault.json and pw/meeting-engagement.json]
  --public-url URL      base of the join links              [http://127.0.0.1:PORT]
  --threads N           I/O threads                          [one per core]
  --commit-window-us N  group-commit window, at most 2000    [500]
  --sync full|normal    SQLite synchronous mode (full survives power loss)        [full]
  --checkpoint-pages N  checkpoint the SQLite WAL once it holds N pages           [8000]
  --create-secret S     require S to create rooms (default: anyone may)
  --allow-fixed-seed    let CreateRoom fix the seed (tests and replays only)
  --rate N --burst N    per-connection frames per second and bucket size          [50, 100]
  --strikes N --strike-window S
                        frames refused for rate within S seconds before hanging up [200, 10]
  --allow-origin URL    a site whose pages may open WebSockets here (repeatable; the server's
                        own host and the --public-url always may)
  --metrics-open        serve /metrics to every peer (default: this machine only, not via a proxy)
  --write-queue N       frames queued for one connection before it is dropped as a
                        slow reader                                               [1024]
  --send-buffer BYTES   the kernel's send buffer of each connection (0: its own,
                        which grows to megabytes for a reader that stalls)         [0]
  --deflate BITS        compress WebSocket messages (permessage-deflate) with a window of
                        2^BITS bytes, 9-15; 0: off. Deltas shrink to a fifth-a third
                        for more CPU per message and about 40 KiB per connection   [0]
  --idle-timeout S      seconds without traffic before a WebSocket is closed     [60]
  --unjoined-timeout S  seconds a WebSocket that joined no room may stay silent   [120]
  --max-connections N   open connections at most (0: no cap)                     [20000]
  --max-per-address N   open connections from one address at most (0: no cap)    [256]
  --rooms-per-minute N  rooms one address may create a minute, 2N at once (0: no cap) [10]
  --bad-tokens-per-minute N
                        links that are not valid one address may try a minute, 2N at
                        once, before any is refused for a while (0: no cap)     [10]
  --rest-after S        a room nobody has been in for S seconds is put away: out of
                        memory until one of its links brings it back from the
                        database (0: rooms stay loaded; not with postgresql)      [600]
  --log-level L         trace|debug|info|warn|error                              [info]
)";

struct Flags {
  int port = 8080;
  std::string bind = "127.0.0.1";
  std::string db = "data/sandtable.db";
  std::string node;
  int lease_ms = 6000;
  std::string club_db;
  std::string web = "web-client/dist";
  std::string scenarios;  // empty: default_scenarios_dir()
  bool demo = false;
  // Battleground first: it is the main rule set; the Portable Wargame is the quickest to learn.
  std::vector<std::string> demo_scenarios{"bg/village-assault.json", "pw/meeting-engagement.json"};
  bool demo_scenarios_given = false;
  std::string public_url;
  int threads = 0;
  int commit_window_us = 500;
  int checkpoint_pages = SqliteStorage::kCheckpointPages;
  std::string sync = "full";
  std::string create_secret;
  bool allow_fixed_seed = false;
  double rate = 50;
  double burst = 100;
  int strikes = 200;
  int strike_window = 10;
  int idle_timeout = 60;
  int unjoined_timeout = 120;
  int write_queue = 1024;
  int send_buffer = 0;
  int deflate = 0;  // permessage-deflate window bits; 0: off
  double rest_after = 600;  // seconds a room may stay empty before it is put away; 0: never
  std::vector<std::string> allowed_origins;
  bool metrics_open = false;
  AddressCaps caps;
  std::string log_level = "info";
};

bool parse_flags(int argc, char** argv, Flags& f, std::string& error) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= argc) {
        error = a + " needs a value";
        return false;
      }
      out = argv[++i];
      return true;
    };
    std::string v;
    try {
      if (a == "--help" || a == "-h") {
        error = "";
        return false;
      } else if (a == "--demo") {
        f.demo = true;
      } else if (a == "--allow-fixed-seed") {
        f.allow_fixed_seed = true;
      } else if (a == "--port") {
        if (!value(v)) return false;
        f.port = std::stoi(v);
      } else if (a == "--bind") {
        if (!value(f.bind)) return false;
      } else if (a == "--db") {
        if (!value(f.db)) return false;
      } else if (a == "--node") {
        if (!value(f.node)) return false;
      } else if (a == "--lease-ms") {
        if (!value(v)) return false;
        f.lease_ms = std::stoi(v);
      } else if (a == "--club-db") {
        if (!value(f.club_db)) return false;
      } else if (a == "--web") {
        if (!value(f.web)) return false;
      } else if (a == "--scenarios") {
        if (!value(f.scenarios)) return false;
      } else if (a == "--demo-scenario") {
        std::string file;
        if (!value(file)) return false;
        if (!f.demo_scenarios_given) f.demo_scenarios.clear();
        f.demo_scenarios_given = true;
        f.demo_scenarios.push_back(file);
      } else if (a == "--public-url") {
        if (!value(f.public_url)) return false;
      } else if (a == "--threads") {
        if (!value(v)) return false;
        f.threads = std::stoi(v);
      } else if (a == "--commit-window-us") {
        if (!value(v)) return false;
        f.commit_window_us = std::stoi(v);
      } else if (a == "--checkpoint-pages") {
        if (!value(v)) return false;
        f.checkpoint_pages = std::stoi(v);
      } else if (a == "--sync") {
        if (!value(f.sync)) return false;
        if (f.sync != "full" && f.sync != "normal") {
          error = "--sync is full or normal";
          return false;
        }
      } else if (a == "--create-secret") {
        if (!value(f.create_secret)) return false;
      } else if (a == "--rate") {
        if (!value(v)) return false;
        f.rate = std::stod(v);
      } else if (a == "--burst") {
        if (!value(v)) return false;
        f.burst = std::stod(v);
      } else if (a == "--strikes") {
        if (!value(v)) return false;
        f.strikes = std::stoi(v);
      } else if (a == "--strike-window") {
        if (!value(v)) return false;
        f.strike_window = std::stoi(v);
      } else if (a == "--allow-origin") {
        if (!value(v)) return false;
        f.allowed_origins.push_back(v);
      } else if (a == "--metrics-open") {
        f.metrics_open = true;
      } else if (a == "--send-buffer") {
        if (!value(v)) return false;
        f.send_buffer = std::stoi(v);
      } else if (a == "--deflate") {
        if (!value(v)) return false;
        f.deflate = std::stoi(v);
        if (f.deflate != 0 && (f.deflate < 9 || f.deflate > 15)) {
          error = "--deflate takes 0 (off) or window bits from 9 to 15";
          return false;
        }
      } else if (a == "--write-queue") {
        if (!value(v)) return false;
        f.write_queue = std::stoi(v);
      } else if (a == "--unjoined-timeout") {
        if (!value(v)) return false;
        f.unjoined_timeout = std::stoi(v);
      } else if (a == "--max-connections") {
        if (!value(v)) return false;
        f.caps.max_connections = static_cast<std::size_t>(std::stoul(v));
      } else if (a == "--max-per-address") {
        if (!value(v)) return false;
        f.caps.max_per_address = static_cast<std::size_t>(std::stoul(v));
      } else if (a == "--bad-tokens-per-minute") {
        if (!value(v)) return false;
        f.caps.bad_tokens_per_minute = std::stod(v);
        f.caps.bad_tokens_burst = 2 * f.caps.bad_tokens_per_minute;
      } else if (a == "--rooms-per-minute") {
        if (!value(v)) return false;
        f.caps.rooms_per_minute = std::stod(v);
        f.caps.rooms_burst = 2 * f.caps.rooms_per_minute;
      } else if (a == "--idle-timeout") {
        if (!value(v)) return false;
        f.idle_timeout = std::stoi(v);
      } else if (a == "--rest-after") {
        if (!value(v)) return false;
        f.rest_after = std::stod(v);
        if (!(f.rest_after >= 0 && f.rest_after <= 1e7)) {
          error = "--rest-after takes seconds from 0 (never) to 10000000";
          return false;
        }
      } else if (a == "--log-level") {
        if (!value(f.log_level)) return false;
      } else {
        error = "unknown flag " + a;
        return false;
      }
    } catch (const std::exception&) {
      error = a + ": not a number: " + v;
      return false;
    }
  }
  if (f.port < 0 || f.port > 65535) {
    error = "--port must be 0..65535";
    return false;
  }
  if (f.node.size() > 16 ||
      !std::all_of(f.node.begin(), f.node.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); })) {
    error = "--node is 1 to 16 letters a-z and digits";
    return false;
  }
  // Nodes sharing a database without names would each load and write every room: refused.
  if (PgStorage::is_url(f.db) && f.node.empty()) {
    error = "--db postgresql://... needs --node NAME (each node sharing the database its own name)";
    return false;
  }
  if (f.lease_ms < 1000 || f.lease_ms > 600000) {
    error = "--lease-ms must be 1000..600000";
    return false;
  }
  if (f.commit_window_us < 0 || f.commit_window_us > 2000) {
    error = "--commit-window-us must be 0..2000";
    return false;
  }
  if (f.checkpoint_pages < 100 || f.checkpoint_pages > 1000000) {
    error = "--checkpoint-pages must be 100..1000000";
    return false;
  }
  return true;
}

// Without --scenarios: ./scenarios if the working folder has one, else the nearest scenarios/
// folder above the binary (build/release/server/sandtable-server in a checkout, /app in the
// image), so a server started from any folder still finds its lobby and demo.
std::string default_scenarios_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory("scenarios", ec)) return "scenarios";
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (fs::path dir = exe.parent_path(); !dir.empty(); dir = dir.parent_path()) {
      if (fs::is_directory(dir / "scenarios", ec)) return (dir / "scenarios").string();
      if (dir == dir.parent_path()) break;
    }
  }
  return "scenarios";
}

// The demo scenario file: --demo-scenario as given if it exists, else under the scenarios folder.
// Empty when neither exists; `tried` lists where it looked, for the error.
std::string resolve_demo_scenario(const Flags& flags, const std::string& demo, std::string& tried) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path given(demo);
  std::vector<fs::path> candidates{given};
  if (given.is_relative()) candidates.push_back(fs::path(flags.scenarios) / given);
  for (const auto& c : candidates) {
    if (fs::is_regular_file(c, ec)) return c.string();
    tried += (tried.empty() ? "" : ", ") + fs::absolute(c, ec).lexically_normal().string();
  }
  return "";
}

// Creates the demo room and prints its links; waits until it is durable.
void create_demo(Rooms& rooms, const std::string& scenario_file) {
  std::ifstream in(scenario_file);
  if (!in) {
    std::cout << "demo: scenario " << scenario_file << " not readable; no demo room created" << std::endl;
    return;
  }
  std::stringstream text;
  text << in.rdbuf();
  pb::CreateRoom req;
  req.set_scenario_json(text.str());
  req.set_name("Demo: " + std::filesystem::path(scenario_file).stem().string());
  std::promise<pb::Envelope> done;
  rooms.create(req, false, [&done](pb::Envelope env) { done.set_value(std::move(env)); });
  const pb::Envelope reply = done.get_future().get();
  if (reply.has_error()) {
    std::cout << "demo: " << reply.error().message() << std::endl;
    return;
  }
  std::cout << "demo room " << reply.room_created().room_id() << " (" << scenario_file << "):" << std::endl;
  for (const auto& l : reply.room_created().links()) std::cout << "  " << l.seat() << ": " << l.url() << std::endl;
}

}  // namespace

int run_server(int argc, char** argv, const Registry& registry) {
  Flags flags;
  std::string error;
  if (!parse_flags(argc, argv, flags, error)) {
    if (error.empty()) {
      std::cout << kUsage;
      return 0;
    }
    std::cerr << "sandtable-server: " << error << "\n" << kUsage;
    return 64;
  }
  if (flags.scenarios.empty()) flags.scenarios = default_scenarios_dir();
  std::vector<std::string> demo_files;
  for (const auto& demo : flags.demo ? flags.demo_scenarios : std::vector<std::string>{}) {
    // A demo that silently does not appear is the worst answer: say where it looked and stop.
    std::string tried;
    demo_files.push_back(resolve_demo_scenario(flags, demo, tried));
    if (demo_files.back().empty()) {
      std::cerr << "sandtable-server: --demo: scenario " << demo << " not found (looked for " << tried
                << "); pass --scenarios DIR (the repository's scenarios/ folder) or --demo-scenario FILE\n";
      return 66;
    }
  }
  std::signal(SIGPIPE, SIG_IGN);  // a closed stdout or socket is an error code, not a death
  spdlog::set_level(spdlog::level::from_str(flags.log_level));
  // Logs go to stderr; stdout carries only the lines tests and scripts read.
  spdlog::default_logger()->sinks().clear();
  spdlog::default_logger()->sinks().push_back(std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ [%t] %v");

  try {
    const bool postgresql = PgStorage::is_url(flags.db);
    for (const auto& file : {postgresql ? std::string() : flags.db, flags.club_db}) {
      if (auto parent = std::filesystem::path(file).parent_path(); !parent.empty()) {
        std::filesystem::create_directories(parent);
      }
    }
    std::unique_ptr<Storage> stored;
    if (postgresql) {
      stored = std::make_unique<PgStorage>(flags.db, flags.node, std::chrono::milliseconds(flags.lease_ms));
    } else {
      stored = std::make_unique<SqliteStorage>(flags.db, flags.sync == "full" ? SyncMode::kFull : SyncMode::kNormal,
                                               flags.checkpoint_pages);
    }
    Storage& storage = *stored;
    Metrics metrics;
    CommitQueue commits(storage, metrics, std::chrono::microseconds(flags.commit_window_us));
    TokenIndex tokens;
    // Before the io_context: sessions still queued in it when it is destroyed give their
    // connection slots back to it.
    AddressLimits addresses(flags.caps);
    const int threads = flags.threads > 0 ? flags.threads : std::max(1u, std::thread::hardware_concurrency());
    net::io_context io(threads);
    spdlog::info("scenarios from {}", flags.scenarios);
    Rooms rooms(io, registry, commits, tokens, metrics,
                std::make_shared<const ScenarioCatalog>(load_catalog(flags.scenarios, registry)));
    rooms.set_node(flags.node);
    // After the io_context, so it stops (and stops posting answers to it) before the io_context goes.
    VerifyService verifier(registry);
    // Clubs live in the same file, on a connection of their own; an in-memory database has no
    // second connection to offer, so such a server keeps no clubs.
    std::unique_ptr<ClubService> clubs;
    const std::string club_db = !flags.club_db.empty() ? flags.club_db : postgresql ? std::string() : flags.db;
    if (!club_db.empty() && club_db != ":memory:") {
      // A file of its own (--club-db) is created and migrated like the rooms' file first: the club
      // store opens an existing, migrated database.
      if (club_db != flags.db) SqliteStorage created(club_db, SyncMode::kFull);
      ClubOptions club_options;
      club_options.create_secret = flags.create_secret;
      club_options.secure_cookies = flags.public_url.rfind("https://", 0) == 0;
      clubs = std::make_unique<ClubService>(std::make_unique<SqliteClubStore>(club_db), rooms, addresses, club_options);
    }
    ServerContext ctx{rooms, tokens, metrics, addresses, Limits{}, flags.web, flags.create_secret, flags.allow_fixed_seed,
                      flags.allowed_origins, flags.metrics_open, &verifier, clubs.get()};
    ctx.limits.rate_per_second = flags.rate;
    ctx.limits.rate_burst = flags.burst;
    ctx.limits.rate_strikes = flags.strikes;
    ctx.limits.strike_window = std::chrono::seconds(flags.strike_window);
    ctx.limits.idle_timeout = std::chrono::seconds(flags.idle_timeout);
    ctx.limits.unjoined_timeout = std::chrono::seconds(flags.unjoined_timeout);
    ctx.limits.write_queue_frames = static_cast<std::size_t>(std::max(1, flags.write_queue));
    ctx.limits.send_buffer = std::max(0, flags.send_buffer);
    ctx.limits.deflate_window_bits = flags.deflate;
    if (!flags.public_url.empty()) {
      // Its origin: scheme and host, without a path.
      const auto host_at = flags.public_url.find("://");
      const auto path_at = host_at == std::string::npos ? std::string::npos : flags.public_url.find('/', host_at + 3);
      ctx.allowed_origins.push_back(flags.public_url.substr(0, path_at));
    }


    auto listener = std::make_shared<Listener>(
        io, net::ip::tcp::endpoint(net::ip::make_address(flags.bind), static_cast<unsigned short>(flags.port)), ctx);
    const unsigned short port = listener->port();
    rooms.set_base_url(flags.public_url.empty() ? "http://127.0.0.1:" + std::to_string(port) : flags.public_url);

    const auto t0 = std::chrono::steady_clock::now();
    std::unique_ptr<ClusterNode> cluster;
    if (Leases* leases = storage.leases()) {
      // Several nodes share the database: this one loads the rooms it can lease, takes over
      // others when their players come here, and keeps its leases alive.
      const auto claimed = leases->claim_home();
      const std::set<std::string> mine(claimed.begin(), claimed.end());
      rooms.set_shared(true);
      rooms.load(storage, [&mine](const std::string& id) { return mine.count(id) > 0; });
      cluster = std::make_unique<ClusterNode>(io, rooms, commits, leases->ttl());
    } else {
      rooms.load(storage);
    }
    spdlog::info("loaded {} rooms from {} in {} ms", rooms.count(), postgresql ? "postgresql" : flags.db,
                 std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count());
    if (clubs) clubs->watch_rooms();  // the campaigns' rooms send their "your turn" notices
    rooms.start_resting(std::chrono::milliseconds(static_cast<std::int64_t>(flags.rest_after * 1000)));
    if (flags.demo && rooms.count() == 0) {
      for (const auto& file : demo_files) create_demo(rooms, file);
    }

    net::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int sig) {
      spdlog::info("signal {}: stopping", sig);
      listener->stop();
      if (cluster) cluster->stop();
      io.stop();
    });
    listener->run();
    if (cluster) cluster->start();
    std::cout << "listening on http://127.0.0.1:" << port << std::endl;

    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back([&io] { io.run(); });
    io.run();
    for (auto& t : pool) t.join();
    commits.stop();  // commits whatever is still queued before the storage closes
    rooms.shutdown();
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "sandtable-server: " << e.what() << std::endl;
    spdlog::error("fatal: {}", e.what());
    return 1;
  }
}

}  // namespace sandtable::server
