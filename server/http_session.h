#pragma once
// One HTTP connection: serves the web client's files, /healthz and /metrics, and hands a
// WebSocket upgrade at /ws (or /ws/<room>, which a proxy may hash on) to a WsSession.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server/accept_backoff.h"
#include "server/context.h"

namespace sandtable::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, ServerContext& ctx, std::shared_ptr<ConnectionSlot> slot);
  void run();

 private:
  void do_read();
  // The header first: only a game file posted to /api/verify may have a body past 64 KiB.
  void on_header(boost::beast::error_code ec, std::size_t bytes);
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  // POST /api/verify: the file goes to the VerifyService; the answer is written when it is back.
  void verify(bool keep, unsigned version);
  // POST /api/import: the file is verified and becomes a room to replay on the VerifyService's
  // thread; the answer is RoomCreated as JSON, or the refusal's words with X-Sandtable-Error.
  void import_game(bool keep, unsigned version);
  // /api/club/...: the request goes to the ClubService's thread; its JSON answer (and the
  // session cookie it sets) is written when it is back.
  void club_call(bool keep, unsigned version);
  void send_text(boost::beast::http::status status, bool keep, unsigned version, std::string body,
                 const char* verified = nullptr);
  void send_body(boost::beast::http::status status, bool keep, unsigned version, std::string body, const char* type,
                 const char* header = nullptr, const std::string& value = "");
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  ServerContext& ctx_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<void> response_;  // keeps the response alive during the write
  std::shared_ptr<ConnectionSlot> slot_;  // this connection's place under the caps
};

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& io, boost::asio::ip::tcp::endpoint endpoint, ServerContext& ctx);
  unsigned short port() const;
  void run();
  void stop();

 private:
  void do_accept();
  // After a failed accept, waits before the next one (server/accept_backoff.h).
  void back_off();
  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  ServerContext& ctx_;
  boost::asio::steady_timer retry_;
  AcceptBackoff backoff_;
};

}  // namespace sandtable::server
