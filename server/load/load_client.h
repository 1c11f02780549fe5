#pragma once
// The load generator's clients: N rooms, each with two players and S spectators on their own
// WebSockets, all asynchronous on one io_context (one thread, one core). Each room's first
// player creates the room (CreateRoom with a fixed seed), everyone joins with Hello, and then
// the room sends the script's orders at a fixed rate, each from the seat the game waits on,
// against the sequence that seat has seen. Round trips (Order sent -> OrderAccepted) are
// recorded during the measurement window. With `echo` the far end is sandtable-echo instead
// (the baseline): the same connections and the same Order frames at the same rate, each echo
// standing for the acceptance. With `cycle` a room that has played its script closes its
// connections and starts again (a new room, the same script): the soak's rooms play all along.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "server/load/scripts.h"

namespace sandtable::load {

struct LoadOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 0;
  int rooms = 100;
  int spectators = 2;
  double rate = 1.0;          // orders per second per player (a room sends 2 x rate)
  int setup_parallel = 64;    // rooms being created/joined at once
  std::string scenario_json;  // sent in CreateRoom
  std::vector<Script> scripts;  // room i plays scripts[i % size]
  std::vector<std::string> sides;  // the scenario's two side ids
  bool echo = false;  // the server echoes: no rooms to create or join, no sequences to check
  bool idle = false;  // join every room, then send no orders (memory per idle connection)
  bool deflate = false;  // offer permessage-deflate, as browsers do (the server's --deflate decides)
  // A room that has played its whole script closes its connections (a normal WebSocket close)
  // and starts again: a new room from a fresh lobby connection, the same script from step 0
  // (the soak: every room slot plays for the whole run).
  bool cycle = false;
};

struct Counters {
  std::uint64_t connections_open = 0;
  std::uint64_t connections_failed = 0;
  std::uint64_t connections_closed = 0;  // closed by the server after joining (not our --cycle closes)
  std::uint64_t rooms_ready = 0;     // joined and not failed (with --cycle: not between games)
  std::uint64_t rooms_failed = 0;
  std::uint64_t rooms_finished = 0;  // played their whole script (and stay so: not with --cycle)
  std::uint64_t rooms_created = 0;   // RoomCreated received (setup, and each --cycle)
  std::uint64_t games_finished = 0;  // whole scripts played (with --cycle, several per room)
  std::uint64_t rooms_playing = 0;   // ready, started, not finished or failed
  std::uint64_t orders_sent = 0;
  std::uint64_t orders_accepted = 0;
  std::uint64_t orders_rejected = 0;
  std::uint64_t wrong_sequence = 0;  // an acceptance or delta that does not match the script
  std::uint64_t errors = 0;          // Error envelopes
  std::uint64_t deltas = 0;
  std::uint64_t bytes_in = 0;
  std::uint64_t ticks_missed = 0;  // a room's tick came while its previous order was unanswered
};

class Load {
 public:
  Load(boost::asio::io_context& io, LoadOptions options);
  ~Load();

  // Starts connecting and creating rooms (at most setup_parallel at a time).
  void start();
  bool setup_done() const;
  // Rooms start sending orders only after go(), so every room plays during the measurement
  // (a game lasts about 80 s at 2 orders/s; rooms started during a long setup would finish early).
  void go();
  // Round trips are recorded only while measuring.
  void set_measuring(bool on) { measuring_ = on; }
  const Counters& counters() const { return counters_; }
  // Bytes read from every socket so far, as they came over the wire (compressed, with the
  // WebSocket frame headers).
  std::uint64_t wire_bytes() const;
  // Round trips in microseconds recorded while measuring.
  std::vector<std::uint32_t>& round_trips_us() { return rtt_us_; }
  // Sizes in bytes of the Delta envelopes received while measuring (every connection's).
  std::vector<std::uint32_t>& delta_bytes() { return delta_bytes_; }
  // The first few problems, for the report.
  const std::vector<std::string>& problems() const { return problems_; }

  struct Room;
  struct Conn;

 private:
  friend struct Room;
  friend struct Conn;
  void start_next_room();
  void room_ready(Room& room);
  void start_ticking(Room& room);
  void room_failed(Room& room, const std::string& why);
  void problem(const std::string& what);

  boost::asio::io_context& io_;
  LoadOptions options_;
  std::vector<std::unique_ptr<Room>> rooms_;
  std::size_t next_room_ = 0;
  int setting_up_ = 0;
  bool measuring_ = false;
  bool going_ = false;
  Counters counters_;
  std::vector<std::uint32_t> rtt_us_;
  std::vector<std::uint32_t> delta_bytes_;
  std::vector<std::string> problems_;
};

}  // namespace sandtable::load
