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
  // No writer thread: each write is committed on the caller's thread inside submit(), and its
  // callback runs there too. For the fuzzer, whose one thread must run everything in order.
  struct Inline {};
  CommitQueue(Storage& storage, Metrics& metrics, Inline);
  ~CommitQueue();  // stop()
  // Commits what is queued, then joins the writer. Idempotent.
  void stop();
  CommitQueue(const CommitQueue&) = delete;
  CommitQueue& operator=(const CommitQueue&) = delete;

  // The callback runs on the writer thread: post to your own strand from it, do not block.
  void submit(Write write, Done done);

  // A read of the stored rooms (a game's export) on the writer thread, after every write
  // submitted before it is committed, so it sees them; it should catch its own errors and post
  // its answer to its strand. Reads never block the io threads on the database.
  using Read = std::function<void(Storage&)>;
  void read(Read read);

 private:
  struct Job {
    Write write;
    Done done;
    Read read;  // set: a read, not a write
  };
  void run();
  // One batch: committed together, then each callback in order.
  void commit(std::vector<Job>& batch);

  Storage& storage_;
  Metrics& metrics_;
  std::chrono::microseconds window_;
  const bool inline_ = false;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace sandtable::server
