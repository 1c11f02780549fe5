#pragma once
// One WebSocket connection (after Beast's websocket_server_async / advanced_server): the
// session owns itself through shared_from_this across async operations, runs on its own
// strand, and writes from a bounded queue so a slow reader never stalls a room.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <list>
#include <functional>
#include <memory>

#include "server/budget.h"
#include "server/context.h"
#include "server/frame_handler.h"

namespace sandtable::server {

class WsSession : public Connection, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::asio::ip::tcp::socket&& socket, ServerContext& ctx, std::shared_ptr<ConnectionSlot> slot);
  ~WsSession() override;

  void run(boost::beast::http::request<boost::beast::http::string_body> req);

  void deliver(Frame frame) override;
  void kick(const std::string& code, const std::string& message) override;
  void send_now(Frame frame) override;  // on the strand
  void post(std::function<void()> f) override;

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read_step(boost::beast::error_code ec, std::size_t bytes);  // a part of a message
  void on_read(boost::beast::error_code ec, std::size_t bytes);       // a whole message
  void enqueue(Frame frame);  // on the strand
  void do_write();
  void coalesce();  // the queued frames into one batch at the front
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void close_after_flush(boost::beast::websocket::close_code code);
  void send_error(std::uint64_t request_id, const std::string& code, const std::string& message);
  // Closes a connection that has joined no room and sent nothing for Limits::unjoined_timeout.
  void watch_unjoined();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  ServerContext& ctx_;
  // The destructor's only reference: sessions still queued in the io_context are destroyed with
  // it, after run_server's ServerContext (declared after the io_context) is gone; the Metrics are
  // declared before it (found by clang's stack-use-after-scope check).
  Metrics& metrics_;
  // With permessage-deflate on, messages shorter than this go as they are (an OrderAccepted, a
  // Pong): compressing them saves nothing.
  static constexpr std::size_t kDeflateAtLeast = 64;
  static constexpr std::size_t kKeptReadBuffer = 1024;
  // A message is read this much at a time: Beast's async_read readies its buffer for a whole TCP
  // frame (1.5 KB) before anything arrives, which every idle connection held; orders are far
  // shorter, and the rare long message (a scenario) is read in a few more steps.
  static constexpr std::size_t kReadStep = 256;
  boost::beast::flat_buffer buffer_;
  // A list, not a deque: a deque allocates half a KB while empty, which every idle connection held.
  std::list<Frame> queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;
  bool accepted_ = false;
  boost::beast::websocket::close_code close_code_ = boost::beast::websocket::close_code::normal;
  // What each frame read does (and the room a Hello joined, this connection's place under the
  // caps, its catch-up budget).
  FrameHandler frames_handler_;
  Budget frames_;                          // every frame read (Limits::rate_per_second, rate_burst)
  boost::asio::steady_timer unjoined_;
  std::chrono::steady_clock::time_point last_heard_;
  int strikes_ = 0;  // frames refused for rate since strikes_at_
  std::chrono::steady_clock::time_point strikes_at_;
};

}  // namespace sandtable::server
