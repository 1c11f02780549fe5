#include "server/load/load_client.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <limits>
#include <map>

#include "engine/core/rng.h"
#include "sandtable/v1/protocol.pb.h"
#include "server/load/wire_peek.h"

namespace sandtable::load {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;
namespace pb = ::sandtable::v1;
using Clock = std::chrono::steady_clock;

namespace {

// Beast's rate policy hook, used only to count: the bytes each socket read, before the WebSocket
// layer takes frames apart and inflates them (what came over the wire). One thread, so a plain sum.
std::uint64_t wire_bytes_read = 0;
struct CountReads {
  std::size_t available_read_bytes() const { return std::numeric_limits<std::size_t>::max(); }
  std::size_t available_write_bytes() const { return std::numeric_limits<std::size_t>::max(); }
  void transfer_read_bytes(std::size_t n) { wire_bytes_read += n; }
  void transfer_write_bytes(std::size_t) {}
  void on_timer() {}
};
using CountedStream = beast::basic_stream<net::ip::tcp, net::any_io_executor, CountReads>;

}  // namespace

std::uint64_t Load::wire_bytes() const { return wire_bytes_read; }

// One WebSocket: a player (side 0 or 1) or a spectator (side -1). Every handler holds a
// shared_ptr to it, so a connection its room has let go of (--cycle) lives until the last of its
// operations has completed.
struct Load::Conn : std::enable_shared_from_this<Load::Conn> {
  Conn(Load& l, Room& r, int s) : load(l), room(r), side(s), ws(l.io_) {}
  void connect();
  void send(std::string bytes);
  void do_write();
  void do_read();
  void on_frame(const char* data, std::size_t size);
  void on_closed(const beast::error_code& ec);
  void retire();

  Load& load;
  Room& room;
  int side;
  websocket::stream<CountedStream> ws;
  beast::flat_buffer buffer;
  std::deque<std::string> outbox;
  bool writing = false;
  bool open = false;
  bool joined = false;
  bool dead = false;
  bool retired = false;  // its room's game is over (--cycle): closing, nothing it reads counts
  std::uint64_t seq = 0;  // the last room sequence this seat applied
};

struct Load::Room {
  Room(Load& l, std::size_t i) : load(l), index(i), script(l.options_.scripts[i % l.options_.scripts.size()]), timer(l.io_) {}
  void begin();
  void on_open(Conn& c);
  void on_created(const pb::RoomCreated& created);
  void add_others();
  void on_joined();
  void on_accepted(std::uint64_t seq);
  void tick();
  void try_send();
  void fail(const std::string& why);
  void again();
  Conn* player(const std::string& seat);

  Load& load;
  std::size_t index;
  const Script& script;
  std::string room_id;
  std::map<std::string, std::string> tokens;  // seat -> token
  std::vector<std::shared_ptr<Conn>> conns;   // players in side order, then spectators
  std::size_t joined = 0;
  bool setting_up = false;
  bool ready = false;
  bool failed = false;
  bool finished = false;
  std::size_t next = 0;  // the script step to send next
  bool in_flight = false;
  bool due = false;
  Clock::time_point sent_at;
  Clock::time_point next_tick;
  net::steady_timer timer;
  std::uint64_t game = 0;  // which game of the slot (--cycle): an older game's timer does nothing
};

// ---- Conn ----

void Load::Conn::connect() {
  const net::ip::tcp::endpoint ep(net::ip::make_address(load.options_.host), load.options_.port);
  beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(30));
  beast::get_lowest_layer(ws).async_connect(ep, [this, self = shared_from_this()](beast::error_code ec) {
    if (retired) return;
    if (ec) return on_closed(ec);
    beast::get_lowest_layer(ws).socket().set_option(net::ip::tcp::no_delay(true));
    beast::get_lowest_layer(ws).expires_never();  // the websocket has its own timeouts from here
    ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    ws.binary(true);
    ws.read_message_max(16 * 1024 * 1024);
    if (load.options_.deflate) {
      websocket::permessage_deflate pmd;
      pmd.client_enable = true;
      ws.set_option(pmd);
    }
    const std::string host = load.options_.host + ":" + std::to_string(load.options_.port);
    // As the browser: a seat's connection names its room, so behind a proxy with several nodes
    // (docs/hosting.md) it reaches the room's node; the creating lobby names a home of its own.
    const std::string path = room.room_id.empty() ? "/ws?home=load" + std::to_string(room.index) : "/ws/" + room.room_id;
    ws.async_handshake(host, path, [this, self](beast::error_code ec2) {
      if (retired) return;
      if (ec2) return on_closed(ec2);
      open = true;
      ++load.counters_.connections_open;
      do_read();
      room.on_open(*this);
    });
  });
}

void Load::Conn::send(std::string bytes) {
  outbox.push_back(std::move(bytes));
  if (!writing) do_write();
}

void Load::Conn::do_write() {
  if (outbox.empty() || dead) {
    writing = false;
    return;
  }
  writing = true;
  ws.async_write(net::buffer(outbox.front()), [this, self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) {
      writing = false;
      return on_closed(ec);
    }
    outbox.pop_front();
    do_write();
  });
}

void Load::Conn::do_read() {
  ws.async_read(buffer, [this, self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
    if (ec) return on_closed(ec);
    if (retired) return;  // the close reads on
    load.counters_.bytes_in += bytes;
    const auto data = buffer.data();
    on_frame(static_cast<const char*>(data.data()), data.size());
    buffer.consume(buffer.size());
    if (!dead) do_read();
  });
}

void Load::Conn::on_closed(const beast::error_code& ec) {
  if (dead) return;
  dead = true;
  if (open) {
    --load.counters_.connections_open;
    ++load.counters_.connections_closed;
  } else {
    ++load.counters_.connections_failed;
  }
  if (!room.finished) room.fail("connection lost: " + ec.message());
}

// --cycle: the room's game is over. An open WebSocket is closed normally (the close handshake
// reads what the server still sends); nothing of it counts as a closed connection or fails the
// room, and the Conn lives on in its handlers until the close has completed.
void Load::Conn::retire() {
  if (retired) return;
  retired = true;
  if (dead) return;  // lost before, and counted then
  dead = true;       // no more writes or reads of ours
  if (!open) {       // still connecting: what is pending ends with an error, ignored
    beast::get_lowest_layer(ws).close();
    return;
  }
  ws.async_close(websocket::close_code::normal, [this, self = shared_from_this()](beast::error_code ec) {
    --load.counters_.connections_open;
    if (ec) load.problem("room " + std::to_string(room.index) + ": closing a connection after its game: " + ec.message());
  });
}

void Load::Conn::on_frame(const char* data, std::size_t size) {
  if (load.options_.echo) {  // our own Order back
    if (side >= 0 && room.in_flight) room.on_accepted(room.script.steps[room.next].seq_after);
    return;
  }
  std::vector<std::string_view> parts;
  if (!batch_parts(data, size, parts)) return room.fail("the server sent a frame that is not an Envelope");
  if (!parts.empty()) {
    for (const auto part : parts) {
      if (!dead) on_frame(part.data(), part.size());
    }
    return;
  }
  Peek p;
  if (!peek(data, size, p)) return room.fail("the server sent a frame that is not an Envelope");
  switch (p.body) {
    case kRoomCreated: {
      pb::Envelope env;
      env.ParseFromArray(data, static_cast<int>(size));
      return room.on_created(env.room_created());
    }
    case kWelcome:
      return;
    case kSnapshot:
      seq = p.seq;
      if (!joined) {
        joined = true;
        room.on_joined();
      }
      return;
    case kDelta:
      ++load.counters_.deltas;
      if (load.measuring_) load.delta_bytes_.push_back(static_cast<std::uint32_t>(size));
      if (p.from_seq != seq) ++load.counters_.wrong_sequence;
      seq = p.seq;
      if (side >= 0) room.try_send();
      return;
    case kOrderAccepted:
      return room.on_accepted(p.seq);
    case kOrderRejected: {
      ++load.counters_.orders_rejected;
      pb::Envelope env;
      env.ParseFromArray(data, static_cast<int>(size));
      return room.fail("order refused: " + env.order_rejected().ShortDebugString());
    }
    case kError: {
      ++load.counters_.errors;
      pb::Envelope env;
      env.ParseFromArray(data, static_cast<int>(size));
      return room.fail("error: " + env.error().code() + " " + env.error().message());
    }
    default:
      return;  // chat, pong
  }
}

// ---- Room ----

Load::Conn* Load::Room::player(const std::string& seat) {
  for (std::size_t i = 0; i < load.options_.sides.size(); ++i) {
    if (load.options_.sides[i] == seat) return conns[i].get();
  }
  return nullptr;
}

void Load::Room::begin() {
  setting_up = true;
  conns.push_back(std::make_shared<Conn>(load, *this, 0));
  if (load.options_.echo) return add_others();
  conns.back()->connect();
}

void Load::Room::on_open(Conn& c) {
  if (load.options_.echo) return on_joined();
  if (room_id.empty()) {  // the first player creates the room from the lobby, then joins it
    pb::Envelope env;
    env.set_request_id(1);
    auto* cr = env.mutable_create_room();
    cr->set_scenario_json(load.options_.scenario_json);
    cr->set_has_seed(true);
    cr->set_seed(script.seed);
    cr->set_name("load " + std::to_string(index));
    c.send(env.SerializeAsString());
    return;
  }
  const std::string seat = c.side >= 0 ? load.options_.sides[static_cast<std::size_t>(c.side)] : "spectator";
  pb::Envelope env;
  env.set_request_id(2);
  env.mutable_hello()->set_token(tokens[seat]);
  env.mutable_hello()->set_room_id(room_id);
  c.send(env.SerializeAsString());
}

void Load::Room::on_created(const pb::RoomCreated& created) {
  ++load.counters_.rooms_created;
  room_id = created.room_id();
  for (const auto& l : created.links()) tokens[l.seat()] = l.token();
  on_open(*conns[0]);  // now Hello
  add_others();
}

// The other player and the spectators; in echo mode the first player too.
void Load::Room::add_others() {
  const std::size_t first = load.options_.echo ? 0 : 1;
  for (std::size_t i = 1; i < load.options_.sides.size(); ++i) {
    conns.push_back(std::make_shared<Conn>(load, *this, static_cast<int>(i)));
  }
  for (int i = 0; i < load.options_.spectators; ++i) conns.push_back(std::make_shared<Conn>(load, *this, -1));
  for (std::size_t i = first; i < conns.size(); ++i) conns[i]->connect();
}

void Load::Room::on_joined() {
  if (++joined == load.options_.sides.size() + static_cast<std::size_t>(load.options_.spectators)) {
    load.room_ready(*this);
  }
}

void Load::Room::on_accepted(std::uint64_t seq) {
  ++load.counters_.orders_accepted;
  if (seq != script.steps[next].seq_after) ++load.counters_.wrong_sequence;
  if (load.measuring_) {
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent_at).count();
    load.rtt_us_.push_back(static_cast<std::uint32_t>(us));
  }
  in_flight = false;
  if (++next == script.steps.size()) {
    ++load.counters_.games_finished;
    --load.counters_.rooms_playing;
    timer.cancel();
    if (load.options_.cycle) return again();
    finished = true;
    ++load.counters_.rooms_finished;
    return;
  }
  try_send();
}

void Load::Room::tick() {
  if (failed || finished) return;
  if (due) ++load.counters_.ticks_missed;
  due = true;
  try_send();
  const auto interval = std::chrono::nanoseconds(
      static_cast<std::int64_t>(1e9 / (load.options_.rate * static_cast<double>(load.options_.sides.size()))));
  next_tick += interval;
  const auto now = Clock::now();
  if (next_tick < now - std::chrono::seconds(1)) next_tick = now;  // fell far behind: do not burst
  timer.expires_at(next_tick);
  timer.async_wait([this, g = game](beast::error_code ec) {
    if (!ec && g == game) tick();
  });
}

void Load::Room::try_send() {
  if (!due || in_flight || failed || finished || !ready) return;
  const Step& step = script.steps[next];
  Conn* c = player(step.seat);
  if (!c) return fail("the script names an unknown seat " + step.seat);
  if (!load.options_.echo && c->seq < step.seq_before) return;  // its Delta is still on the way
  if (!load.options_.echo && c->seq > step.seq_before) {
    ++load.counters_.wrong_sequence;
    return fail("the room is ahead of the script");
  }
  c->send(step.envelope);
  sent_at = Clock::now();
  in_flight = true;
  due = false;
  ++load.counters_.orders_sent;
}

// --cycle: the game is over (rooms_playing already counts it out). The connections close, the
// room id and tokens are forgotten, and the slot sets up again as at the start (a new room from
// a fresh lobby connection, everyone joins); room_ready starts it ticking, the run being under
// way, and the script plays again from step 0 with its seed.
void Load::Room::again() {
  ++game;  // a tick of the finished game already queued does nothing
  timer.cancel();
  for (auto& c : conns) c->retire();
  conns.clear();
  room_id.clear();
  tokens.clear();
  joined = 0;
  ready = false;
  finished = false;
  next = 0;
  in_flight = false;
  due = false;
  --load.counters_.rooms_ready;
  ++load.setting_up_;  // room_ready or room_failed counts it out again
  begin();
}

void Load::Room::fail(const std::string& why) {
  if (failed) return;
  failed = true;
  if (ready && load.going_ && !finished) --load.counters_.rooms_playing;
  timer.cancel();
  load.room_failed(*this, why);
}

// ---- Load ----

Load::Load(net::io_context& io, LoadOptions options) : io_(io), options_(std::move(options)) {
  if (options_.scripts.empty()) throw std::invalid_argument("no scripts");
  if (options_.sides.size() != 2) throw std::invalid_argument("the scenario must have two sides");
}

Load::~Load() = default;

void Load::start() {
  for (int i = 0; i < options_.rooms; ++i) rooms_.push_back(std::make_unique<Room>(*this, static_cast<std::size_t>(i)));
  start_next_room();
}

bool Load::setup_done() const { return next_room_ == rooms_.size() && setting_up_ == 0; }

void Load::start_next_room() {
  while (setting_up_ < options_.setup_parallel && next_room_ < rooms_.size()) {
    ++setting_up_;
    rooms_[next_room_++]->begin();
  }
}

void Load::room_ready(Room& room) {
  room.setting_up = false;
  --setting_up_;
  ++counters_.rooms_ready;
  room.ready = true;
  if (going_) start_ticking(room);
  start_next_room();
}

void Load::go() {
  if (options_.idle) return;
  going_ = true;
  for (auto& r : rooms_) {
    if (r->ready && !r->failed) start_ticking(*r);
  }
}

void Load::start_ticking(Room& room) {
  ++counters_.rooms_playing;
  // A random phase so the rooms' orders are spread over the interval.
  Pcg32 rng(room.index, 77);
  const double interval_s = 1.0 / (options_.rate * static_cast<double>(options_.sides.size()));
  room.next_tick = Clock::now() + std::chrono::microseconds(static_cast<std::int64_t>(
                                      interval_s * 1e6 * (static_cast<double>(rng.below(1000)) / 1000.0)));
  room.timer.expires_at(room.next_tick);
  room.timer.async_wait([&room, g = room.game](beast::error_code ec) {
    if (!ec && g == room.game) room.tick();
  });
}

void Load::room_failed(Room& room, const std::string& why) {
  ++counters_.rooms_failed;
  problem("room " + std::to_string(room.index) + ": " + why);
  if (room.setting_up) {
    room.setting_up = false;
    --setting_up_;
    start_next_room();
  }
}

void Load::problem(const std::string& what) {
  if (problems_.size() < 10) problems_.push_back(what);
}

}  // namespace sandtable::load
