#pragma once
// The browser's verify page (docs/fair-play.md "Checking a game"): a game's file, posted to
// /api/verify, is re-run by the engine exactly as `sandtable-cli verify` does, on a thread of its
// own so a long game never holds up the rooms' I/O threads. One file is checked at a time and a
// few wait; more are refused at once, so the page cannot be used to load the server.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "engine/model/registry.h"

namespace sandtable::server {

struct VerifyAnswer {
  bool ok = false;     // every roll and card matches
  bool read = false;   // the body was a game file at all
  std::string report;  // the CLI's words
};

class VerifyService {
 public:
  explicit VerifyService(const Registry& registry, std::size_t max_waiting = 2);
  ~VerifyService();
  VerifyService(const VerifyService&) = delete;
  VerifyService& operator=(const VerifyService&) = delete;

  // Queues a file's text; `done` runs on the service's thread (post to your own executor from
  // it). False, and `done` never runs, when max_waiting files already wait.
  bool submit(std::string file, std::function<void(VerifyAnswer)> done);

  // The check itself, on the caller's thread.
  static VerifyAnswer check(const Registry& registry, const std::string& file);

 private:
  struct Job {
    std::string file;
    std::function<void(VerifyAnswer)> done;
  };
  void run();

  const Registry& registry_;
  const std::size_t max_waiting_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace sandtable::server
