// sandtable-echo: the baseline for sandtable-load --baseline. A plain Boost.Beast WebSocket echo
// server (one thread, binary messages, each message written back as it came), set up like the
// room server's sessions (no compression, the same timeouts), so that the CPU it spends per
// round trip is what the network stack and Beast cost without any game, view or database.
// Prints "listening on http://127.0.0.1:PORT" as sandtable-server does.
#include <signal.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <iostream>
#include <memory>
#include <string>

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

class Session : public std::enable_shared_from_this<Session> {
 public:
  explicit Session(tcp::socket&& socket) : ws_(std::move(socket)) {}

  void run() {
    websocket::stream_base::timeout t;  // as the room server run by sandtable-load --spawn
    t.handshake_timeout = std::chrono::seconds(10);
    t.idle_timeout = std::chrono::seconds(600);
    t.keep_alive_pings = true;
    ws_.set_option(t);
    websocket::permessage_deflate pmd;  // off, as in the room server
    pmd.server_enable = false;
    ws_.set_option(pmd);
    ws_.read_message_max(1024 * 1024);
    ws_.async_accept(beast::bind_front_handler(&Session::on_accept, shared_from_this()));
  }

 private:
  void on_accept(beast::error_code ec) {
    if (!ec) do_read();
  }
  void do_read() { ws_.async_read(buffer_, beast::bind_front_handler(&Session::on_read, shared_from_this())); }
  void on_read(beast::error_code ec, std::size_t) {
    if (ec) return;  // closed
    ws_.binary(ws_.got_binary());
    ws_.async_write(buffer_.data(), beast::bind_front_handler(&Session::on_write, shared_from_this()));
  }
  void on_write(beast::error_code ec, std::size_t) {
    if (ec) return;
    buffer_.consume(buffer_.size());
    do_read();  // one message at a time: the next is read once this one is echoed
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
};

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& io, unsigned short port) : io_(io), acceptor_(net::make_strand(io)) {
    const tcp::endpoint ep(net::ip::make_address("127.0.0.1"), port);
    acceptor_.open(ep.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(ep);
    acceptor_.listen(net::socket_base::max_listen_connections);
  }
  unsigned short port() const { return acceptor_.local_endpoint().port(); }
  void do_accept() {
    acceptor_.async_accept(net::make_strand(io_), [self = shared_from_this()](beast::error_code ec, tcp::socket s) {
      if (!ec) std::make_shared<Session>(std::move(s))->run();
      self->do_accept();  // an error (out of files) is not fatal: keep accepting
    });
  }

 private:
  net::io_context& io_;
  tcp::acceptor acceptor_;
};

int main(int argc, char** argv) {
  unsigned short port = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--port" && i + 1 < argc) {
      port = static_cast<unsigned short>(std::stoi(argv[++i]));
    } else {
      std::cerr << "usage: sandtable-echo [--port N]   (0: any free port; prints the one it listens on)\n";
      return a == "--help" || a == "-h" ? 0 : 64;
    }
  }
  signal(SIGPIPE, SIG_IGN);
  try {
    net::io_context io(1);
    auto listener = std::make_shared<Listener>(io, port);
    listener->do_accept();
    std::cout << "listening on http://127.0.0.1:" << listener->port() << std::endl;
    io.run();
  } catch (const std::exception& e) {
    std::cerr << "sandtable-echo: " << e.what() << "\n";
    return 1;
  }
}
