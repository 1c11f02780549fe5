#pragma once
// "Your turn" notices to a club's webhook (docs/campaigns.md "Notices"): each a JSON POST to an
// http:// or https:// address, sent from a thread of its own so that a slow or dead receiver
// never holds a room or the club's requests. A notice the receiver does not take (no answer, a
// 5xx or a 429) is tried again after 1, 2, 4, 8 and 16 seconds, then given up and logged.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

namespace sandtable::server {

struct WebhookTarget {
  bool tls = false;
  std::string host;
  std::string port;
  std::string target;  // the path and query
};

// An http:// or https:// URL's parts, or nullopt with *why in a sentence.
std::optional<WebhookTarget> parse_webhook_url(const std::string& url, std::string* why);

class Webhooks {
 public:
  // `first_retry`: the wait before the second try (doubled each time); tests shorten it.
  explicit Webhooks(std::chrono::milliseconds first_retry = std::chrono::seconds(1), int attempts = 6);
  ~Webhooks();  // notices still being tried are dropped
  Webhooks(const Webhooks&) = delete;
  Webhooks& operator=(const Webhooks&) = delete;

  // Queues one notice; returns at once.
  void send(const std::string& url, std::string json);

  std::uint64_t delivered() const { return delivered_; }
  std::uint64_t given_up() const { return given_up_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::atomic<std::uint64_t> delivered_{0};
  std::atomic<std::uint64_t> given_up_{0};
};

}  // namespace sandtable::server
