#include "server/verify_service.h"

#include <google/protobuf/util/json_util.h>

#include <exception>
#include <utility>

#include "engine/model/verify.h"
#include "sandtable/v1/export.pb.h"

namespace sandtable::server {

VerifyService::VerifyService(const Registry& registry, std::size_t max_waiting)
    : registry_(registry), queue_(max_waiting) {}

VerifyService::~VerifyService() = default;

bool VerifyService::submit(std::string file, std::function<void(VerifyAnswer)> done) {
  return submit_work([this, file = std::move(file), done = std::move(done)] { done(check(registry_, file)); });
}

bool VerifyService::submit_work(std::function<void()> work) { return queue_.submit(std::move(work)); }

std::optional<pb::GameExport> read_game_file(const std::string& text, std::string* problem) {
  pb::GameExport game;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  if (const auto status = google::protobuf::util::JsonStringToMessage(text, &game, options); !status.ok()) {
    if (problem) {
      *problem = "This is not a Sandtable game file (" + std::string(status.message()) +
                 "). Save one with \"Download the game file\" at the table, or sandtable-cli export.";
    }
    return std::nullopt;
  }
  return game;
}

VerifyAnswer VerifyService::check(const Registry& registry, const std::string& file) {
  VerifyAnswer a;
  std::string problem;
  const auto read = read_game_file(file, &problem);
  if (!read) {
    a.report = problem + "\n";
    return a;
  }
  const pb::GameExport& game = *read;
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

}  // namespace sandtable::server
