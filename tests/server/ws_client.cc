#include "tests/server/ws_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/write.hpp>
#include <stdexcept>

namespace sandtable::testing {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;

WsClient::WsClient(unsigned short port, const std::string& path, int receive_buffer, bool deflate) : ws_(io_) {
  net::ip::tcp::endpoint ep(net::ip::make_address("127.0.0.1"), port);
  if (receive_buffer > 0) {
    auto& socket = beast::get_lowest_layer(ws_).socket();
    socket.open(ep.protocol());
    socket.set_option(net::socket_base::receive_buffer_size(receive_buffer));
  }
  beast::get_lowest_layer(ws_).connect(ep);
  beast::get_lowest_layer(ws_).socket().set_option(net::ip::tcp::no_delay(true));
  ws_.binary(true);
  ws_.read_message_max(16 * 1024 * 1024);
  if (deflate) {
    websocket::permessage_deflate pmd;
    pmd.client_enable = true;
    ws_.set_option(pmd);
  }
  websocket::response_type res;
  ws_.handshake(res, "127.0.0.1:" + std::to_string(port), path);
  deflated_ = res[beast::http::field::sec_websocket_extensions].find("permessage-deflate") != boost::beast::string_view::npos;
}

WsClient::~WsClient() {
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().close(ec);
  if (reading_) {  // let the pending read finish (with an error) before the stream goes away
    io_.restart();
    io_.run();
  }
}

std::uint64_t WsClient::send(pb::Envelope env) {
  if (env.request_id() == 0) env.set_request_id(next_id_++);
  ws_.binary(true);
  ws_.write(net::buffer(env.SerializeAsString()));
  return env.request_id();
}

void WsClient::send_raw(const std::string& bytes, bool binary) {
  ws_.binary(binary);
  ws_.write(net::buffer(bytes));
  ws_.binary(true);
}

std::optional<std::string> WsClient::recv_bytes(std::chrono::milliseconds timeout) {
  if (closed_) return std::nullopt;
  if (!reading_) {
    reading_ = true;
    read_done_ = false;
    ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
      read_done_ = true;
      read_ec_ = ec;
    });
  }
  io_.restart();
  io_.poll();  // whatever has already arrived, even with a zero timeout
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!read_done_ && std::chrono::steady_clock::now() < deadline) {
    io_.run_one_until(deadline);
  }
  if (!read_done_) return std::nullopt;  // still pending; try again later
  reading_ = false;
  if (read_ec_) {
    closed_ = true;
    return std::nullopt;
  }
  std::string bytes = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  return bytes;
}

std::optional<pb::Envelope> WsClient::recv(std::chrono::milliseconds timeout) {
  if (!batched_.empty()) {
    pb::Envelope env = std::move(batched_.front());
    batched_.pop_front();
    return env;
  }
  const auto bytes = recv_bytes(timeout);
  if (!bytes) return std::nullopt;
  pb::Envelope env;
  if (!env.ParseFromString(*bytes)) throw std::runtime_error("the server sent a frame that is not an Envelope");
  if (env.batch_size() == 0) return env;
  ++batches;
  unbatch(env);
  return recv(timeout);
}

// A batch's envelopes in order, each as if it had come alone (a batch may hold batches).
void WsClient::unbatch(pb::Envelope& env) {
  for (auto& e : *env.mutable_batch()) {
    if (e.batch_size() > 0) {
      unbatch(e);
    } else {
      batched_.push_back(std::move(e));
    }
  }
}

pb::Envelope WsClient::expect(const std::function<bool(const pb::Envelope&)>& match, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw std::runtime_error("timed out waiting for a message");
    auto env = recv(left);
    if (!env) throw std::runtime_error(closed_ ? "connection closed while waiting" : "timed out waiting");
    if (match(*env)) return *env;
    seen.push_back(std::move(*env));
  }
}

pb::Envelope WsClient::reply_to(std::uint64_t request_id, std::chrono::milliseconds timeout) {
  return expect([&](const pb::Envelope& e) { return e.request_id() == request_id; }, timeout);
}

void WsClient::close() {
  abort();
}

void WsClient::abort() {
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().shutdown(net::ip::tcp::socket::shutdown_both, ec);
  beast::get_lowest_layer(ws_).socket().close(ec);
  closed_ = true;
}

void WsClient::write_partial_frame(const std::string& payload, std::size_t n) {
  // A client frame: FIN+binary, masked, 16-bit length when needed, zero mask key.
  std::string frame;
  frame.push_back(static_cast<char>(0x82));
  if (payload.size() < 126) {
    frame.push_back(static_cast<char>(0x80 | payload.size()));
  } else {
    frame.push_back(static_cast<char>(0x80 | 126));
    frame.push_back(static_cast<char>((payload.size() >> 8) & 0xff));
    frame.push_back(static_cast<char>(payload.size() & 0xff));
  }
  frame.append(4, '\0');
  frame += payload;
  net::write(beast::get_lowest_layer(ws_).socket(), net::buffer(frame.data(), std::min(n, frame.size())));
}

}  // namespace sandtable::testing
