#include "server/commit_queue.h"

#include <exception>
#include <vector>

namespace sandtable::server {

namespace {
constexpr std::size_t kMaxBatch = 4096;
}

CommitQueue::CommitQueue(Storage& storage, Metrics& metrics, std::chrono::microseconds window)
    : storage_(storage), metrics_(metrics), window_(window) {
  if (window_ > std::chrono::milliseconds(2)) window_ = std::chrono::milliseconds(2);
  thread_ = std::thread([this] { run(); });
}

CommitQueue::CommitQueue(Storage& storage, Metrics& metrics, Inline)
    : storage_(storage), metrics_(metrics), window_(0), inline_(true) {}

CommitQueue::~CommitQueue() { stop(); }

void CommitQueue::stop() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void CommitQueue::submit(Write write, Done done) {
  if (inline_) {
    std::vector<Job> one;
    one.push_back(Job{std::move(write), std::move(done), Read{}});
    return commit(one);
  }
  {
    std::lock_guard lock(mu_);
    queue_.push_back(Job{std::move(write), std::move(done), Read{}});
  }
  cv_.notify_one();
}

void CommitQueue::read(Read read) {
  if (inline_) {
    std::vector<Job> one;
    one.push_back(Job{Write{}, Done{}, std::move(read)});
    return commit(one);
  }
  {
    std::lock_guard lock(mu_);
    queue_.push_back(Job{Write{}, Done{}, std::move(read)});
  }
  cv_.notify_one();
}

void CommitQueue::run() {
  std::vector<Job> batch;
  for (;;) {
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping and drained
      // Give other rooms a short window to join this transaction (never more than 2 ms).
      if (window_.count() > 0 && !stopping_) {
        const auto deadline = std::chrono::steady_clock::now() + window_;
        cv_.wait_until(lock, deadline, [&] { return stopping_ || queue_.size() >= kMaxBatch; });
      }
      while (!queue_.empty() && batch.size() < kMaxBatch) {
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
    }
    commit(batch);
    batch.clear();
  }
}

void CommitQueue::commit(std::vector<Job>& batch) {
  std::vector<const Write*> writes;
  writes.reserve(batch.size());
  for (const auto& j : batch) {
    if (!j.read) writes.push_back(&j.write);
  }
  bool ok = true;
  std::string error;
  if (!writes.empty()) {
    try {
      storage_.commit(writes);
      ++metrics_.commit_batches;
      metrics_.commit_writes += writes.size();
    } catch (const std::exception& e) {
      ok = false;
      error = e.what();
      ++metrics_.commit_failures;
    }
  }
  for (auto& j : batch) {
    if (!j.read && j.done) j.done(ok, error);
  }
  // The reads come after the batch's writes, which include every write queued before them.
  for (auto& j : batch) {
    if (!j.read) continue;
    try {
      j.read(storage_);
    } catch (const std::exception&) {
      // A read reports its own failure; one that throws past that is not the writer's to die of.
    }
  }
}

}  // namespace sandtable::server
