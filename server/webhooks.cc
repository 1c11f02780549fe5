#include "server/webhooks.h"

#include <spdlog/spdlog.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
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
};

namespace {

// One notice, tried until it is taken or given up: resolve, connect, (TLS), write, read; a failure
// anywhere waits and starts again. Callbacks rather than coroutines: Debian's clang 14 cannot
// build coroutines with the fuzzers' coverage instrumentation.
class Delivery : public std::enable_shared_from_this<Delivery> {
 public:
  Delivery(net::io_context& io, ssl::context& tls, WebhookTarget target, std::string json, std::chrono::milliseconds wait,
           int attempts, std::atomic<std::uint64_t>& delivered, std::atomic<std::uint64_t>& given_up)
      : io_(io), tls_(tls), target_(std::move(target)), resolver_(io), timer_(io), wait_(wait), attempts_(attempts),
        delivered_(delivered), given_up_(given_up) {
    req_ = http::request<http::string_body>(http::verb::post, target_.target, 11);
    req_.set(http::field::host, target_.host);
    req_.set(http::field::user_agent, "sandtable-server");
    req_.set(http::field::content_type, "application/json");
    req_.body() = std::move(json);
    req_.prepare_payload();
  }

  void start() {
    ++attempt_;
    plain_.reset();
    secure_.reset();
    res_.emplace();
    res_->body_limit(64 * 1024);
    buffer_.clear();
    resolver_.async_resolve(target_.host, target_.port, [self = shared_from_this()](beast::error_code ec, tcp::resolver::results_type found) {
      if (ec) return self->failed(0, ec.message());
      self->connect(found);
    });
  }

 private:
  void connect(const tcp::resolver::results_type& found) {
    auto self = shared_from_this();
    if (!target_.tls) {
      plain_.emplace(io_);
      plain_->expires_after(std::chrono::seconds(10));
      plain_->async_connect(found, [self](beast::error_code ec, const tcp::endpoint&) {
        if (ec) return self->failed(0, ec.message());
        self->exchange(*self->plain_);
      });
      return;
    }
    secure_.emplace(io_, tls_);
    if (!SSL_set_tlsext_host_name(secure_->native_handle(), target_.host.c_str())) return failed(0, "bad TLS host name");
    secure_->set_verify_callback(ssl::host_name_verification(target_.host));
    beast::get_lowest_layer(*secure_).expires_after(std::chrono::seconds(10));
    beast::get_lowest_layer(*secure_).async_connect(found, [self](beast::error_code ec, const tcp::endpoint&) {
      if (ec) return self->failed(0, ec.message());
      self->secure_->async_handshake(ssl::stream_base::client, [self](beast::error_code ec2) {
        if (ec2) return self->failed(0, ec2.message());
        self->exchange(*self->secure_);
      });
    });
  }

  template <class Stream>
  void exchange(Stream& stream) {
    auto self = shared_from_this();
    http::async_write(stream, req_, [self, &stream](beast::error_code ec, std::size_t) {
      if (ec) return self->failed(0, ec.message());
      http::async_read(stream, self->buffer_, *self->res_, [self](beast::error_code ec2, std::size_t) {
        if (ec2) return self->failed(0, ec2.message());
        self->answered(self->res_->get().result_int());
      });
    });
  }

  void answered(unsigned status) {
    if (status >= 200 && status < 300) {
      ++delivered_;
      return;
    }
    if (status >= 400 && status < 500 && status != 429) {
      spdlog::warn("webhook {}: refused with {}; not tried again", target_.host, status);
      ++given_up_;
      return;
    }
    failed(status, "");
  }

  void failed(unsigned status, const std::string& error) {
    if (attempt_ >= attempts_) {
      ++given_up_;
      spdlog::warn("webhook {}: a notice was given up after {} tries", target_.host, attempt_);
      return;
    }
    spdlog::info("webhook {}: try {} of {} failed ({}); again in {} ms", target_.host, attempt_, attempts_,
                 error.empty() ? "status " + std::to_string(status) : error, wait_.count());
    timer_.expires_after(wait_);
    wait_ *= 2;
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->start();
    });
  }

  net::io_context& io_;
  ssl::context& tls_;
  WebhookTarget target_;
  tcp::resolver resolver_;
  net::steady_timer timer_;
  std::chrono::milliseconds wait_;
  int attempts_;
  int attempt_ = 0;
  std::atomic<std::uint64_t>& delivered_;
  std::atomic<std::uint64_t>& given_up_;
  http::request<http::string_body> req_;
  std::optional<beast::tcp_stream> plain_;
  std::optional<beast::ssl_stream<beast::tcp_stream>> secure_;
  std::optional<http::response_parser<http::string_body>> res_;
  beast::flat_buffer buffer_;
};

}  // namespace

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
  auto d = std::make_shared<Delivery>(impl_->io, impl_->tls, std::move(*target), std::move(json), impl_->first_retry,
                                      impl_->attempts, delivered_, given_up_);
  net::post(impl_->io, [d] { d->start(); });
}

}  // namespace sandtable::server
