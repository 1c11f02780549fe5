#include "server/verify_service.h"

#include <google/protobuf/util/json_util.h>

#include <exception>
#include <utility>

#include "engine/model/verify.h"
#include "sandtable/v1/export.pb.h"

namespace sandtable::server {

VerifyService::VerifyService(const Registry& registry, std::size_t max_waiting)
    : registry_(registry), max_waiting_(max_waiting), thread_([this] { run(); }) {}

VerifyService::~VerifyService() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

bool VerifyService::submit(std::string file, std::function<void(VerifyAnswer)> done) {
  {
    std::lock_guard lock(mu_);
    if (stopping_ || queue_.size() >= max_waiting_) return false;
    queue_.push_back(Job{std::move(file), std::move(done)});
  }
  cv_.notify_one();
  return true;
}

VerifyAnswer VerifyService::check(const Registry& registry, const std::string& file) {
  VerifyAnswer a;
  pb::GameExport game;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  if (const auto status = google::protobuf::util::JsonStringToMessage(file, &game, options); !status.ok()) {
    a.report = "This is not a Sandtable game file (" + std::string(status.message()) +
               "). Save one with \"Download the game file\" at the table, or sandtable-cli export.\n";
    return a;
  }
  a.read = true;
  try {
    const VerifyResult r = verify_game(registry, game);
    a.ok = r.ok;
    a.report = verify_report(r);
  } catch (const std::exception& e) {
    a.report = std::string("MISMATCH: the file could not be re-run (") + e.what() + ")\n";
  }
  return a;
}

void VerifyService::run() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;  // files still waiting are dropped with their connections
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    job.done(check(registry_, job.file));
  }
}

}  // namespace sandtable::server
