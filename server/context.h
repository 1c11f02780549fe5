#pragma once
// What every connection shares: the rooms, the token index, the counters and the limits.
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "server/address_limits.h"
#include "server/club_service.h"
#include "server/metrics.h"
#include "server/rooms.h"
#include "server/tokens.h"
#include "server/verify_service.h"

namespace sandtable::server {

struct Limits {
  std::size_t read_message_max = 64 * 1024;     // bytes per WebSocket message
  std::size_t write_queue_frames = 1024;        // a reader further behind than this is dropped
  std::size_t write_queue_bytes = 8 * 1024 * 1024;
  int send_buffer = 0;                          // SO_SNDBUF of accepted sockets; 0: the kernel's own
  // permessage-deflate (--deflate): 0 off, else the server's window bits (9-15). A Delta shrinks
  // to a fifth to a third once the connection's window holds the lines and names it repeats, at the
  // price of CPU per message sent and the compressor's memory (about 40 KiB) on each connection
  // (docs/PERFORMANCE.md "Compressed on the wire").
  int deflate_window_bits = 0;
  std::chrono::seconds handshake_timeout{10};
  std::chrono::seconds idle_timeout{60};        // pings at half this; no answer closes
  double rate_per_second = 50;                  // token bucket refill
  double rate_burst = 100;                      // token bucket size
  int rate_strikes = 200;                       // frames refused for rate within one window: we hang up
  std::chrono::seconds strike_window{10};       // refusals older than this are forgiven
  // A connection that has joined no room and sent nothing for this long is closed: pings alone
  // do not keep a socket that does nothing.
  std::chrono::seconds unjoined_timeout{120};
  // Catch-ups (Resync) per connection: each sends the whole View, far more than it costs to ask.
  double resyncs_per_second = 0.5;
  double resync_burst = 5;
  // Replay steps asked for (ReplayRequest): each answer carries a whole View, so a scrubber
  // dragged end to end is served, a steady flood is not.
  double replays_per_second = 10;
  double replay_burst = 30;
  // Game files asked for (ExportRequest): each reads the whole game from the database.
  double exports_per_second = 0.1;
  double export_burst = 3;
};

struct ServerContext {
  Rooms& rooms;
  TokenIndex& tokens;
  Metrics& metrics;
  AddressLimits& addresses;
  Limits limits;
  std::string web_dir;
  std::string create_secret;  // empty = anyone may create rooms
  bool allow_fixed_seed = false;
  // Browser pages of these origins may open WebSockets besides the server's own (the page's
  // Origin naming the Host it reached): --allow-origin, and the --public-url's origin.
  std::vector<std::string> allowed_origins;
  bool metrics_open = false;  // --metrics-open: /metrics for every peer, not only this machine
  VerifyService* verifier = nullptr;  // POST /api/verify; null: the page is not served
  ClubService* clubs = nullptr;       // /api/club/...; null: this server keeps no clubs
};

}  // namespace sandtable::server
