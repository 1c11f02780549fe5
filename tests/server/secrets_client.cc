#include "tests/server/secrets_client.h"

#include <stdexcept>

namespace sandtable::testing {

namespace beast = boost::beast;
namespace net = boost::asio;

RawWsClient::RawWsClient(unsigned short port, int receive_buffer) : ws_(io_) {
  const net::ip::tcp::endpoint ep(net::ip::make_address("127.0.0.1"), port);
  if (receive_buffer > 0) {
    auto& socket = beast::get_lowest_layer(ws_).socket();
    socket.open(ep.protocol());
    socket.set_option(net::socket_base::receive_buffer_size(receive_buffer));
  }
  beast::get_lowest_layer(ws_).connect(ep);
  beast::get_lowest_layer(ws_).socket().set_option(net::ip::tcp::no_delay(true));
  ws_.binary(true);
  ws_.read_message_max(16 * 1024 * 1024);
  ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
}

RawWsClient::~RawWsClient() {
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().close(ec);
  if (reading_) {  // let the pending read finish (with an error) before the stream goes away
    io_.restart();
    io_.run();
  }
}

std::uint64_t RawWsClient::send(::sandtable::v1::Envelope env) {
  if (env.request_id() == 0) env.set_request_id(next_id_++);
  ws_.write(net::buffer(env.SerializeAsString()));
  return env.request_id();
}

std::optional<std::string> RawWsClient::recv(std::chrono::milliseconds timeout) {
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
  while (!read_done_ && std::chrono::steady_clock::now() < deadline) io_.run_one_until(deadline);
  if (!read_done_) return std::nullopt;
  reading_ = false;
  if (read_ec_) {
    closed_ = true;
    return std::nullopt;
  }
  std::string bytes = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  return bytes;
}

void RawWsClient::abort() {
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().shutdown(net::ip::tcp::socket::shutdown_both, ec);
  beast::get_lowest_layer(ws_).socket().close(ec);
  closed_ = true;
}

}  // namespace sandtable::testing
