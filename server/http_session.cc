#include "server/http_session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/websocket.hpp>
#include <algorithm>
#include <filesystem>

#include "server/ws_session.h"
#include "server/verify_service.h"
#include "server/rooms.h"

#include <google/protobuf/util/json_util.h>

namespace sandtable::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr const char* kNotBuilt =
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>Sandtable</title></head><body>"
    "<h1>Sandtable server</h1><p>The web client is not built. Build it (web-client/, <code>npm run build</code>) "
    "or start the server with <code>--web DIR</code> pointing at a built client. The WebSocket endpoint "
    "<code>/ws</code>, <code>/healthz</code> and <code>/metrics</code> work without it.</p></body></html>";

std::string_view mime_type(std::string_view path) {
  const auto ext = path.substr(std::min(path.size(), path.rfind('.')));
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript";
  if (ext == ".css") return "text/css";
  if (ext == ".json") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".ico") return "image/x-icon";
  return "application/octet-stream";
}

template <class Body>
std::shared_ptr<http::response<Body>> make(http::status status, unsigned version, bool keep_alive,
                                           std::string_view type) {
  auto res = std::make_shared<http::response<Body>>(status, version);
  res->set(http::field::server, "sandtable-server");
  res->set(http::field::content_type, type);
  res->keep_alive(keep_alive);
  return res;
}

// RFC 6455 4.1: the key is 16 random bytes in base64, 24 characters ending "==".
bool valid_websocket_key(std::string_view key) {
  if (key.size() != 24 || key.substr(22) != "==") return false;
  return std::all_of(key.begin(), key.begin() + 22, [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
  });
}

// A browser page may open a WebSocket to any site, with its cookies-free token in hand: the
// Origin header (sent by every browser, never by our CLI, tests or load tool) must name this
// server as the page's Host header reached it, or an origin the host allowed (--allow-origin).
bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;
  if (std::find(allowed.begin(), allowed.end(), origin) != allowed.end()) return true;
  const auto scheme = origin.find("://");
  return scheme != std::string_view::npos && !host.empty() && origin.substr(scheme + 3) == host;
}

// /metrics says how busy the server is and which refusals it gives: for the machine's own
// scraper, not for the world. A request through a proxy on this machine comes from loopback too,
// so one that carries a forwarding header is not local.
bool metrics_allowed(const std::string& peer, const http::request<http::string_body>& req, bool open) {
  if (open) return true;
  const bool loopback = peer == "127.0.0.1" || peer == "::1" || peer.rfind("::ffff:127.", 0) == 0;
  return loopback && req.find("X-Forwarded-For") == req.end() && req.find(http::field::forwarded) == req.end();
}

}  // namespace

namespace {
constexpr std::string_view kVerifyPath = "/api/verify";
constexpr std::string_view kImportPath = "/api/import";
constexpr std::uint64_t kVerifyMaxBytes = 8 * 1024 * 1024;
constexpr std::uint64_t kBodyMaxBytes = 64 * 1024;
}  // namespace

HttpSession::HttpSession(tcp::socket&& socket, ServerContext& ctx, std::shared_ptr<ConnectionSlot> slot)
    : stream_(std::move(socket)), ctx_(ctx), slot_(std::move(slot)) {}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  parser_.emplace();
  // The parser checks a Content-Length against this as the header ends; on_header then holds
  // every request but a game file to 64 KiB.
  parser_->body_limit(kVerifyMaxBytes);
  stream_.expires_after(std::chrono::seconds(30));
  http::async_read_header(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_header, shared_from_this()));
}

void HttpSession::on_header(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) {
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    return;
  }
  const bool game_file = parser_->get().method() == http::verb::post &&
                         (parser_->get().target() == kVerifyPath || parser_->get().target() == kImportPath);
  if (ec == http::error::body_limit && game_file) {
    return send_text(http::status::payload_too_large, false, parser_->get().version(), "A game file may be at most 8 MiB.\n");
  }
  if (ec) return;
  if (!game_file) {
    // As before the verify page: a body over 64 KiB anywhere else ends the connection unanswered.
    if (parser_->content_length().value_or(0) > kBodyMaxBytes) return;
    parser_->body_limit(kBodyMaxBytes);
  }
  http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::send_text(http::status status, bool keep, unsigned version, std::string body, const char* verified) {
  auto res = make<http::string_body>(status, version, keep, "text/plain; charset=utf-8");
  if (verified) res->set("X-Sandtable-Verified", verified);
  res->body() = std::move(body);
  res->prepare_payload();
  response_ = res;
  http::async_write(stream_, *res, beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep));
}

void HttpSession::send_body(http::status status, bool keep, unsigned version, std::string body, const char* type,
                            const char* header, const std::string& value) {
  auto res = make<http::string_body>(status, version, keep, type);
  if (header) res->set(header, value);
  res->body() = std::move(body);
  res->prepare_payload();
  response_ = res;
  http::async_write(stream_, *res, beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep));
}

void HttpSession::import_game(bool keep, unsigned version) {
  if (!ctx_.verifier) return send_text(http::status::not_found, keep, version, "This server does not open game files.\n");
  auto& req = parser_->get();
  const auto refuse = [&](http::status status, const char* code, std::string words) {
    send_body(status, keep, version, std::move(words) + "\n", "text/plain; charset=utf-8", "X-Sandtable-Error", code);
  };
  // As CreateRoom: the creation secret, and the address's budget of new rooms.
  if (!ctx_.create_secret.empty() && req["X-Sandtable-Create-Secret"] != ctx_.create_secret) {
    return refuse(http::status::forbidden, "CREATE_FORBIDDEN", "This server needs the creation secret to open a room.");
  }
  if (slot_ && !ctx_.addresses.may_create_room(slot_->address())) {
    return refuse(http::status::too_many_requests, "TOO_MANY_ROOMS",
                  "Too many rooms were created from your address lately; try again in a few minutes.");
  }
  auto self = shared_from_this();
  auto answer = [self, keep, version](pb::Envelope env) {
    net::post(self->stream_.get_executor(), [self, keep, version, env = std::move(env)] {
      if (env.has_room_created()) {
        std::string json;
        google::protobuf::util::JsonPrintOptions options;
        options.preserve_proto_field_names = true;
        (void)google::protobuf::util::MessageToJsonString(env.room_created(), &json, options);
        return self->send_body(http::status::ok, keep, version, std::move(json), "application/json");
      }
      const auto status = env.error().code() == "STORAGE_ERROR" ? http::status::internal_server_error : http::status::bad_request;
      self->send_body(status, keep, version, env.error().message() + "\n", "text/plain; charset=utf-8", "X-Sandtable-Error",
                      env.error().code());
    });
  };
  const bool queued = ctx_.verifier->submit_work(
      [&rooms = ctx_.rooms, text = std::move(req.body()), host_key = std::string(req["X-Sandtable-Host-Key"]), answer] {
        std::string problem;
        auto file = read_game_file(text, &problem);
        if (!file) {
          pb::Envelope env;
          env.mutable_error()->set_code("NOT_A_GAME_FILE");
          env.mutable_error()->set_message(problem);
          return answer(std::move(env));
        }
        rooms.import_game(*file, host_key, answer);
      });
  if (!queued) {
    refuse(http::status::service_unavailable, "BUSY", "The server is checking other game files just now; try again in a minute.");
  }
}

namespace {
// The session cookie's value among the request's cookies ("a=1; sandtable_session=...").
std::string session_cookie_of(std::string_view cookies) {
  const std::string key = std::string(ClubService::kCookie) + "=";
  std::size_t at = 0;
  while (at < cookies.size()) {
    while (at < cookies.size() && cookies[at] == ' ') ++at;
    const std::size_t end = std::min(cookies.find(';', at), cookies.size());
    const std::string_view pair = cookies.substr(at, end - at);
    if (pair.substr(0, key.size()) == key) return std::string(pair.substr(key.size()));
    at = end + 1;
  }
  return "";
}
}  // namespace

void HttpSession::club_call(bool keep, unsigned version) {
  auto& req = parser_->get();
  // A page of another site may not act for a signed-in member (its POSTs carry no cookie under
  // SameSite=Lax; this holds for browsers without it too).
  if (!origin_allowed(req[http::field::origin], req[http::field::host], ctx_.allowed_origins)) {
    return send_body(http::status::forbidden, keep, version, R"({"code":"FORBIDDEN_ORIGIN","message":"Pages of another site may not use this club."})",
                     "application/json");
  }
  ClubRequest call;
  call.method = std::string(req.method_string());
  const std::string target(req.target());
  const auto q = target.find('?');
  call.path = target.substr(0, q);
  call.query = q == std::string::npos ? "" : target.substr(q + 1);
  call.body = std::move(req.body());
  call.session = session_cookie_of(req[http::field::cookie]);
  call.address = slot_ ? slot_->address() : "";
  auto self = shared_from_this();
  const bool queued = ctx_.clubs->submit(std::move(call), [self, keep, version](ClubResponse r) {
    net::post(self->stream_.get_executor(), [self, keep, version, r = std::move(r)]() mutable {
      auto res = make<http::string_body>(static_cast<http::status>(r.status), version, keep, "application/json");
      res->set(http::field::cache_control, "no-store");
      if (!r.set_cookie.empty()) res->set(http::field::set_cookie, r.set_cookie);
      res->body() = std::move(r.body);
      res->prepare_payload();
      self->response_ = res;
      http::async_write(self->stream_, *res, beast::bind_front_handler(&HttpSession::on_write, self, keep));
    });
  });
  if (!queued) {
    send_body(http::status::service_unavailable, keep, version,
              R"({"code":"BUSY","message":"The club's records are busy just now; try again in a moment."})", "application/json");
  }
}

void HttpSession::verify(bool keep, unsigned version) {
  if (!ctx_.verifier) return send_text(http::status::not_found, keep, version, "This server does not check game files.\n");
  auto self = shared_from_this();
  const bool queued = ctx_.verifier->submit(std::move(parser_->get().body()), [self, keep, version](VerifyAnswer a) {
    net::post(self->stream_.get_executor(), [self, keep, version, a = std::move(a)]() mutable {
      self->send_text(a.read ? http::status::ok : http::status::bad_request, keep, version, std::move(a.report),
                      a.ok ? "yes" : "no");
    });
  });
  if (!queued) {
    send_text(http::status::service_unavailable, keep, version,
              "The server is checking other game files just now; try again in a minute.\n");
  }
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) {
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    return;
  }
  if (ec) return;
  auto& req = parser_->get();
  const std::string target(req.target());
  const std::string path = target.substr(0, target.find('?'));
  if (beast::websocket::is_upgrade(req)) {
    if (path == "/ws" || path.rfind("/ws/", 0) == 0) {
      if (!valid_websocket_key(req[http::field::sec_websocket_key])) {
        auto res = make<http::string_body>(http::status::bad_request, req.version(), false, "text/plain");
        res->body() = "Bad Sec-WebSocket-Key.\n";
        res->prepare_payload();
        response_ = res;
        return http::async_write(stream_, *res, beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), false));
      }
      if (!origin_allowed(req[http::field::origin], req[http::field::host], ctx_.allowed_origins)) {
        auto res = make<http::string_body>(http::status::forbidden, req.version(), false, "text/plain");
        res->body() = "This server does not take WebSocket connections from pages of another site.\n";
        res->prepare_payload();
        response_ = res;
        return http::async_write(stream_, *res, beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), false));
      }
      stream_.expires_never();  // the WebSocket stream has its own timeouts
      std::make_shared<WsSession>(stream_.release_socket(), ctx_, std::move(slot_))->run(parser_->release());
      return;
    }
  }
  const bool keep = req.keep_alive();
  const unsigned version = req.version();
  auto respond = [&](auto res) {
    res->prepare_payload();
    response_ = res;
    http::async_write(stream_, *res, beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep));
  };
  if (ctx_.clubs && ClubService::handles(path)) return club_call(keep, version);
  if (target == kImportPath) {
    if (req.method() != http::verb::post) {
      return send_text(http::status::method_not_allowed, keep, version, "POST a game file (sandtable-game/1 JSON) here.\n");
    }
    return import_game(keep, version);
  }
  if (target == kVerifyPath) {
    if (req.method() != http::verb::post) {
      return send_text(http::status::method_not_allowed, keep, version, "POST a game file (sandtable-game/1 JSON) here.\n");
    }
    return verify(keep, version);
  }
  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    auto res = make<http::string_body>(http::status::method_not_allowed, version, keep, "text/plain");
    res->body() = "Only GET and HEAD.\n";
    return respond(res);
  }
  if (path == "/healthz") {
    auto res = make<http::string_body>(http::status::ok, version, keep, "text/plain");
    res->body() = "ok\n";
    return respond(res);
  }
  if (path == "/metrics" && !metrics_allowed(slot_ ? slot_->address() : "", req, ctx_.metrics_open)) {
    auto res = make<http::string_body>(http::status::forbidden, version, keep, "text/plain");
    res->body() = "Metrics are served to this machine only (--metrics-open serves them to all).\n";
    return respond(res);
  }
  if (path == "/metrics") {
    auto res = make<http::string_body>(http::status::ok, version, keep, "text/plain; version=0.0.4");
    // The links held in memory (a room put away takes its own with it, server/rooms_rest.cc).
    res->body() = ctx_.metrics.render() + "# HELP sandtable_links_loaded Links (token hashes) held in memory.\n"
                                          "# TYPE sandtable_links_loaded gauge\nsandtable_links_loaded " +
                  std::to_string(ctx_.tokens.size()) + "\n";
    return respond(res);
  }
  std::error_code fec;
  if (!std::filesystem::is_directory(ctx_.web_dir, fec)) {
    auto res = make<http::string_body>(path == "/" ? http::status::ok : http::status::not_found, version, keep,
                                       "text/html; charset=utf-8");
    res->body() = kNotBuilt;
    return respond(res);
  }
  // No "..", no backslashes, no NUL: the request stays inside the web directory.
  if (path.empty() || path[0] != '/' || path.find("..") != std::string::npos ||
      path.find('\\') != std::string::npos || path.find('\0') != std::string::npos) {
    auto res = make<http::string_body>(http::status::bad_request, version, keep, "text/plain");
    res->body() = "Bad path.\n";
    return respond(res);
  }
  std::string file = ctx_.web_dir + (path == "/" ? std::string("/index.html") : path);
  if (std::filesystem::is_directory(file, fec)) file += "/index.html";
  http::file_body::value_type body;
  beast::error_code open_ec;
  body.open(file.c_str(), beast::file_mode::scan, open_ec);
  if (open_ec) {
    // Client-side routes fall back to the single page.
    body.open((ctx_.web_dir + "/index.html").c_str(), beast::file_mode::scan, open_ec);
    file = ctx_.web_dir + "/index.html";
  }
  if (open_ec) {
    auto res = make<http::string_body>(http::status::not_found, version, keep, "text/plain");
    res->body() = "Not found.\n";
    return respond(res);
  }
  auto res = make<http::file_body>(http::status::ok, version, keep, mime_type(file));
  if (req.method() == http::verb::head) {
    auto head = make<http::empty_body>(http::status::ok, version, keep, mime_type(file));
    head->content_length(body.size());
    response_ = head;
    return http::async_write(stream_, *head,
                             beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep));
  }
  res->body() = std::move(body);
  respond(res);
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  response_.reset();
  if (ec) return;
  if (!keep_alive) {
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    return;
  }
  do_read();
}

Listener::Listener(net::io_context& io, tcp::endpoint endpoint, ServerContext& ctx)
    : io_(io), acceptor_(net::make_strand(io)), ctx_(ctx), retry_(acceptor_.get_executor()) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
}

unsigned short Listener::port() const { return acceptor_.local_endpoint().port(); }

void Listener::run() { do_accept(); }

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    beast::error_code ec;
    self->acceptor_.close(ec);
    self->retry_.cancel();
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(net::make_strand(io_), [self = shared_from_this()](beast::error_code ec, tcp::socket s) {
    if (ec == net::error::operation_aborted) return;
    if (ec) return self->back_off();
    self->backoff_.succeeded();
    beast::error_code peer_ec;
    const auto peer = s.remote_endpoint(peer_ec);
    auto slot = peer_ec ? nullptr : self->ctx_.addresses.admit(peer.address().to_string());
    if (!slot) {
      // Full: the socket is closed at once (a 503 would need a read and a write this server
      // has no room for).
      ++self->ctx_.metrics.connections_refused;
      s.close(peer_ec);
      return self->do_accept();
    }
    // Frames are written whole and often two in a row (a Delta then OrderAccepted, a Welcome
    // then a Snapshot): with Nagle's algorithm the second waits for the client's delayed ACK,
    // about 40 ms.
    beast::error_code nodelay_ec;
    s.set_option(tcp::no_delay(true), nodelay_ec);
    if (self->ctx_.limits.send_buffer > 0) s.set_option(net::socket_base::send_buffer_size(self->ctx_.limits.send_buffer), nodelay_ec);
    std::make_shared<HttpSession>(std::move(s), self->ctx_, std::move(slot))->run();
    self->do_accept();
  });
}

void Listener::back_off() {
  ++ctx_.metrics.accept_errors;
  const auto wait = backoff_.failed();
  if (backoff_.should_log(AcceptBackoff::Clock::now())) {
    spdlog::warn("accept failed {} times (e.g. out of file descriptors); retrying in {} ms", backoff_.take_unlogged(),
                 wait.count());
  }
  retry_.expires_after(wait);
  retry_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec) self->do_accept();
  });
}

}  // namespace sandtable::server
