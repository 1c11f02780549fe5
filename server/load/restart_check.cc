#include "server/load/restart_check.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <stdexcept>

#include "sandtable/v1/protocol.pb.h"

namespace sandtable::load {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace pb = ::sandtable::v1;
using net::awaitable;
using net::use_awaitable;

namespace {

using Ws = websocket::stream<beast::tcp_stream>;

// TCP_QUICKACK lasts only until the kernel next decides to delay, so it is set around each read.
void quick_ack(Ws& ws, bool on) {
  if (!on) return;
  const int one = 1;
  setsockopt(beast::get_lowest_layer(ws).socket().native_handle(), IPPROTO_TCP, TCP_QUICKACK, &one, sizeof one);
}

// The envelopes of one connection in order, a batch (Envelope.batch) handed out one by one.
struct Reader {
  Ws& ws;
  bool quick;
  std::deque<pb::Envelope> pending;

  awaitable<pb::Envelope> next() {
    while (pending.empty()) {
      beast::flat_buffer buf;
      quick_ack(ws, quick);
      co_await ws.async_read(buf, use_awaitable);
      quick_ack(ws, quick);
      pb::Envelope env;
      if (!env.ParseFromString(beast::buffers_to_string(buf.data()))) throw std::runtime_error("an unreadable frame");
      take(std::move(env));
    }
    pb::Envelope env = std::move(pending.front());
    pending.pop_front();
    if (env.has_error()) throw std::runtime_error("Error " + env.error().code() + ": " + env.error().message());
    if (env.has_order_rejected()) {
      throw std::runtime_error("OrderRejected " + env.order_rejected().rejection().code() + ": " +
                               env.order_rejected().rejection().message());
    }
    co_return env;
  }

  void take(pb::Envelope env) {
    if (env.batch_size() == 0) return pending.push_back(std::move(env));
    for (auto& e : *env.mutable_batch()) take(std::move(e));
  }
};

// Throws with what went wrong.
awaitable<void> check_one(net::ip::tcp::endpoint ep, const RoomCheck& room, bool quick) {
  Ws ws(co_await net::this_coro::executor);
  beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(20));
  co_await beast::get_lowest_layer(ws).async_connect(ep, use_awaitable);
  beast::get_lowest_layer(ws).expires_never();
  beast::get_lowest_layer(ws).socket().set_option(net::ip::tcp::no_delay(true));
  websocket::stream_base::timeout t;
  t.handshake_timeout = std::chrono::seconds(20);
  t.idle_timeout = std::chrono::seconds(30);  // no frame for this long: the read fails
  t.keep_alive_pings = false;
  ws.set_option(t);
  ws.binary(true);
  co_await ws.async_handshake("127.0.0.1", "/ws", use_awaitable);

  pb::Envelope hello;
  hello.set_request_id(1);
  hello.mutable_hello()->set_token(room.token);
  hello.mutable_hello()->set_room_id(room.room_id);
  const std::string hello_bytes = hello.SerializeAsString();
  co_await ws.async_write(net::buffer(hello_bytes), use_awaitable);
  Reader reader{ws, quick, {}};
  pb::Envelope env = co_await reader.next();
  if (!env.has_welcome()) throw std::runtime_error("expected Welcome, got " + env.ShortDebugString().substr(0, 200));
  if (env.welcome().seq() != room.seq) {
    throw std::runtime_error("Welcome at seq " + std::to_string(env.welcome().seq()) + ", stored " + std::to_string(room.seq));
  }
  env = co_await reader.next();
  if (!env.has_snapshot()) throw std::runtime_error("expected Snapshot, got body " + std::to_string(env.body_case()));
  if (env.snapshot().seq() != room.seq) {
    throw std::runtime_error("Snapshot at seq " + std::to_string(env.snapshot().seq()) + ", stored " +
                             std::to_string(room.seq));
  }
  co_await ws.async_write(net::buffer(*room.order), use_awaitable);
  for (;;) {  // its Delta (and chat, none here) come first
    env = co_await reader.next();
    if (env.has_order_accepted()) break;
  }
  if (env.order_accepted().seq() != room.seq_after) {
    throw std::runtime_error("OrderAccepted at seq " + std::to_string(env.order_accepted().seq()) + ", expected " +
                             std::to_string(room.seq_after));
  }
  co_await ws.async_close(websocket::close_code::normal, use_awaitable);
}

}  // namespace

CheckResult check_rooms(unsigned short port, const std::vector<RoomCheck>& rooms, int parallel, bool quick_ack) {
  net::io_context io(1);
  const net::ip::tcp::endpoint ep(net::ip::make_address("127.0.0.1"), port);
  CheckResult result;
  std::size_t next = 0;
  auto worker = [&]() -> awaitable<void> {
    while (next < rooms.size()) {
      const RoomCheck& room = rooms[next++];
      ++result.checked;
      std::string problem;
      try {
        co_await check_one(ep, room, quick_ack);
        ++result.playable;
      } catch (const std::exception& e) {
        problem = e.what();
      }
      if (!problem.empty()) {
        ++result.failed;
        if (result.problems.size() < 10) result.problems.push_back("room " + room.room_id + ": " + problem);
      }
    }
  };
  const auto started = std::chrono::steady_clock::now();
  for (int i = 0; i < parallel; ++i) net::co_spawn(io, worker, net::detached);
  io.run();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace sandtable::load
