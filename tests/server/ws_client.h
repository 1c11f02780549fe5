#pragma once
// A small synchronous WebSocket client for the server tests and the load tool, written with
// Beast. Every read has a deadline (run_for on a private io_context), so a test never hangs.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sandtable/v1/protocol.pb.h"

namespace sandtable::testing {

namespace pb = ::sandtable::v1;
using namespace std::chrono_literals;

class WsClient {
 public:
  // Connects and upgrades at `path`; throws std::runtime_error on failure.
  // `receive_buffer` > 0: the socket's receive buffer in bytes, set before connecting (a reader
  // that stalls fills it, and then the server's queue, sooner).
  // `deflate`: offer permessage-deflate, as browsers do; deflated() tells whether the server took it.
  explicit WsClient(unsigned short port, const std::string& path = "/ws", int receive_buffer = 0, bool deflate = false);
  ~WsClient();

  // Sends an envelope; when it has no request id one is assigned. Returns the request id.
  std::uint64_t send(pb::Envelope env);
  void send_raw(const std::string& bytes, bool binary = true);
  // The next envelope, or nullopt on timeout or when the connection is closed (see closed()).
  std::optional<pb::Envelope> recv(std::chrono::milliseconds timeout = 5000ms);
  // The next WebSocket message's bytes exactly as the server sent them (a batch not taken apart),
  // or nullopt as recv(). Not to be mixed with recv() while a batch is half handed out.
  std::optional<std::string> recv_bytes(std::chrono::milliseconds timeout = 5000ms);
  // Reads until `match` accepts one (others go to `seen`); throws on timeout or close.
  pb::Envelope expect(const std::function<bool(const pb::Envelope&)>& match, std::chrono::milliseconds timeout = 5000ms);
  pb::Envelope reply_to(std::uint64_t request_id, std::chrono::milliseconds timeout = 5000ms);

  bool closed() const { return closed_; }
  bool deflated() const { return deflated_; }
  boost::beast::websocket::close_reason close_reason() const { return ws_.reason(); }
  void close();
  // Drops the TCP connection without a closing handshake.
  void abort();
  // Writes the first `n` bytes of a binary frame header+payload by hand and stops.
  void write_partial_frame(const std::string& payload, std::size_t n);

  std::vector<pb::Envelope> seen;  // everything expect() skipped over
  int batches = 0;  // messages that held a batch of envelopes (Envelope.batch)

 private:
  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::uint64_t next_id_ = 1;
  bool closed_ = false;
  bool deflated_ = false;
  // A read that timed out stays pending (cancelling a WebSocket read ruins the stream); the
  // next recv() waits on it again.
  bool reading_ = false;
  bool read_done_ = false;
  boost::beast::error_code read_ec_;
  std::deque<pb::Envelope> batched_;  // the rest of a batch recv() has begun to hand out
  void unbatch(pb::Envelope& env);
};

}  // namespace sandtable::testing
