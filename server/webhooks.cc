#include "server/webhooks.h"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/version.hpp>
#include <optional>

namespace sandtable::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

std::optional<WebhookTarget> parse_webhook_url(const std::string& url, std::string* why) {
  WebhookTarget t;
  std::string rest;
  if (url.rfind("http://", 0) == 0) {
    rest = url.substr(7);
    t.port = "80";
  } else if (url.rfind("https://", 0) == 0) {
    rest = url.substr(8);
    t.tls = true;
    t.port = "443";
  } else {
    if (why) *why = "A webhook's address starts with https:// (or http://).";
    return std::nullopt;
  }
  const auto slash = rest.find('/');
  std::string authority = rest.substr(0, slash);
  t.target = slash == std::string::npos ? "/" : rest.substr(slash);
  if (authority.find('@') != std::string::npos || authority.empty()) {
    if (why) *why = "A webhook's address names a host (and no user or password before it).";
    return std::nullopt;
  }
  if (const auto colon = authority.rfind(':'); colon != std::string::npos && authority.find(']') == std::string::npos) {
    t.port = authority.substr(colon + 1);
    authority = authority.substr(0, colon);
    if (t.port.empty() || t.port.size() > 5 || t.port.find_first_not_of("0123456789") != std::string::npos) {
      if (why) *why = "The webhook's port is not a number.";
      return std::nullopt;
    }
  }
  t.host = authority;
  if (url.size() > 2000 || t.target.find_first_of(" \r\n") != std::string::npos) {
    if (why) *why = "That is not a webhook's address.";
    return std::nullopt;
  }
  return t;
}

struct Webhooks::Impl {
  net::io_context io;
  net::executor_work_guard<net::io_context::executor_type> work{io.get_executor()};
  ssl::context tls{ssl::context::tls_client};
  std::chrono::milliseconds first_retry;
  int attempts;
  std::thread thread;

  // One POST; the answer's status.
  template <class Stream>
  static net::awaitable<unsigned> exchange(Stream& stream, const WebhookTarget& t, const std::string& json) {
    http::request<http::string_body> req(http::verb::post, t.target, 11);
    req.set(http::field::host, t.host);
    req.set(http::field::user_agent, "sandtable-server");
    req.set(http::field::content_type, "application/json");
    req.body() = json;
    req.prepare_payload();
    co_await http::async_write(stream, req, net::use_awaitable);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> res;
    res.body_limit(64 * 1024);
    co_await http::async_read(stream, buffer, res, net::use_awaitable);
    co_return res.get().result_int();
  }

  net::awaitable<unsigned> post_once(const WebhookTarget& t, const std::string& json) {
    auto ex = co_await net::this_coro::executor;
    tcp::resolver resolver(ex);
    const auto found = co_await resolver.async_resolve(t.host, t.port, net::use_awaitable);
    if (!t.tls) {
      beast::tcp_stream stream(ex);
      stream.expires_after(std::chrono::seconds(10));
      co_await stream.async_connect(found, net::use_awaitable);
      co_return co_await exchange(stream, t, json);
    }
    beast::ssl_stream<beast::tcp_stream> stream(ex, tls);
    if (!SSL_set_tlsext_host_name(stream.native_handle(), t.host.c_str())) throw std::runtime_error("bad TLS host name");
    stream.set_verify_callback(ssl::host_name_verification(t.host));
    beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(10));
    co_await beast::get_lowest_layer(stream).async_connect(found, net::use_awaitable);
    co_await stream.async_handshake(ssl::stream_base::client, net::use_awaitable);
    co_return co_await exchange(stream, t, json);
  }

  net::awaitable<void> deliver(Webhooks& owner, WebhookTarget t, std::string json) {
    auto wait = first_retry;
    net::steady_timer timer(co_await net::this_coro::executor);
    for (int attempt = 1; attempt <= attempts; ++attempt) {
      unsigned status = 0;
      std::string error;
      try {
        status = co_await post_once(t, json);
      } catch (const std::exception& e) {
        error = e.what();
      }
      if (status >= 200 && status < 300) {
        ++owner.delivered_;
        co_return;
      }
      if (status >= 400 && status < 500 && status != 429) {
        spdlog::warn("webhook {}: refused with {}; not tried again", t.host, status);
        break;
      }
      spdlog::info("webhook {}: try {} of {} failed ({}); again in {} ms", t.host, attempt, attempts,
                   error.empty() ? "status " + std::to_string(status) : error, wait.count());
      if (attempt == attempts) break;
      timer.expires_after(wait);
      co_await timer.async_wait(net::use_awaitable);
      wait *= 2;
    }
    ++owner.given_up_;
    spdlog::warn("webhook {}: a notice was given up", t.host);
  }
};

Webhooks::Webhooks(std::chrono::milliseconds first_retry, int attempts) : impl_(std::make_unique<Impl>()) {
  impl_->first_retry = first_retry;
  impl_->attempts = attempts;
  impl_->tls.set_default_verify_paths();
  impl_->tls.set_verify_mode(ssl::verify_peer);
  impl_->thread = std::thread([this] { impl_->io.run(); });
}

Webhooks::~Webhooks() {
  impl_->work.reset();
  impl_->io.stop();
  impl_->thread.join();
}

void Webhooks::send(const std::string& url, std::string json) {
  std::string why;
  auto target = parse_webhook_url(url, &why);
  if (!target) {
    spdlog::warn("webhook not sent: {}", why);
    return;
  }
  net::co_spawn(impl_->io, impl_->deliver(*this, std::move(*target), std::move(json)), net::detached);
}

}  // namespace sandtable::server
