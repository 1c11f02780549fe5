#pragma once
// Group commit: one writer thread owns the Storage for writing. Writes submitted from any
// room strand queue up; the writer takes everything queued (waiting at most `window` for more
// once the first arrives), commits it in one transaction and then calls each write's callback
// in submission order. Under load many orders share one fsync, so throughput grows with load.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "server/metrics.h"
#include "server/storage.h"

namespace sandtable::server {

class CommitQueue {
 public:
  // ok = false: nothing of that batch was stored; `error` says why.
  using Done = std::function<void(bool ok, const std::string& error)>;

  CommitQueue(Storage& storage, Metrics& metrics, std::chrono::microseconds window);
  ~CommitQueue();  // stop()
  // Commits what is queued, then joins the writer. Idempotent.
  void stop();
  CommitQueue(const CommitQueue&) = delete;
  CommitQueue& operator=(const CommitQueue&) = delete;

  // The callback runs on the writer thread: post to your own strand from it, do not block.
  void submit(Write write, Done done);

 private:
  struct Job {
    Write write;
    Done done;
  };
  void run();

  Storage& storage_;
  Metrics& metrics_;
  std::chrono::microseconds window_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace sandtable::server
