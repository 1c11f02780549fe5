#pragma once
// One thread that runs queued work in order, off the I/O threads: a game file's check, a club's
// request (an Argon2id hash takes a fraction of a second). At most `max_waiting` wait; more are
// refused at once, so a flood cannot pile up work. Work still waiting at destruction is dropped.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace sandtable::server {

class WorkQueue {
 public:
  explicit WorkQueue(std::size_t max_waiting) : max_waiting_(max_waiting), thread_([this] { run(); }) {}
  ~WorkQueue() {
    {
      std::lock_guard lock(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  WorkQueue(const WorkQueue&) = delete;
  WorkQueue& operator=(const WorkQueue&) = delete;

  // False, and `work` never runs, when the queue is full or stopping.
  bool submit(std::function<void()> work) {
    {
      std::lock_guard lock(mu_);
      if (stopping_ || queue_.size() >= max_waiting_) return false;
      queue_.push_back(std::move(work));
    }
    cv_.notify_one();
    return true;
  }

 private:
  void run() {
    for (;;) {
      std::function<void()> work;
      {
        std::unique_lock lock(mu_);
        cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (stopping_) return;
        work = std::move(queue_.front());
        queue_.pop_front();
      }
      work();
    }
  }

  const std::size_t max_waiting_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> queue_;
  bool stopping_ = false;
  std::thread thread_;  // last: started once the rest is ready
};

}  // namespace sandtable::server
