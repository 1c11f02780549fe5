#pragma once
// A WebSocket client for the secrets scan that keeps every message exactly as the server sent it:
// the bytes of a batch (Envelope.batch) are scanned as they crossed the wire, not as the test
// re-serializes the envelopes inside. The test's usual WsClient hands out envelopes already
// unbatched and parsed, so it cannot say what the bytes were. Every read has a deadline.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <optional>
#include <string>

#include "sandtable/v1/protocol.pb.h"

namespace sandtable::testing {

class RawWsClient {
 public:
  // `receive_buffer` > 0: the socket's receive buffer in bytes, set before connecting (a reader
  // that pauses then makes the server queue its messages sooner, and send them as batches).
  explicit RawWsClient(unsigned short port, int receive_buffer = 0);
  ~RawWsClient();
  RawWsClient(const RawWsClient&) = delete;
  RawWsClient& operator=(const RawWsClient&) = delete;

  // Sends an envelope; one without a request id gets the next one. Returns the request id.
  std::uint64_t send(::sandtable::v1::Envelope env);
  // The next message's bytes, or nullopt on timeout or when the connection is closed (closed()).
  std::optional<std::string> recv(std::chrono::milliseconds timeout);
  bool closed() const { return closed_; }
  void abort();

 private:
  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::uint64_t next_id_ = 1;
  bool closed_ = false;
  // A read that timed out stays pending (cancelling a WebSocket read ruins the stream); the next
  // recv() waits on it again.
  bool reading_ = false;
  bool read_done_ = false;
  boost::beast::error_code read_ec_;
};

}  // namespace sandtable::testing
