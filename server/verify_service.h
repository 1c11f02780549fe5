#pragma once
// The browser's verify page (docs/fair-play.md "Checking a game"): a game's file, posted to
// /api/verify, is re-run by the engine exactly as `sandtable-cli verify` does, on a thread of its
// own so a long game never holds up the rooms' I/O threads. One file is checked at a time and a
// few wait; more are refused at once, so the page cannot be used to load the server.
#include <functional>
#include <string>

#include <optional>

#include "engine/model/registry.h"
#include "sandtable/v1/export.pb.h"
#include "server/work_queue.h"

namespace sandtable::server {

namespace pb = ::sandtable::v1;

// A game file's text as a GameExport, or nullopt with *problem in a player's words.
std::optional<pb::GameExport> read_game_file(const std::string& text, std::string* problem);

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
  // Other work of the same weight (an imported game is verified before it becomes a room), in
  // the same queue and under the same bound.
  bool submit_work(std::function<void()> work);

  // The check itself, on the caller's thread.
  static VerifyAnswer check(const Registry& registry, const std::string& file);

 private:
  const Registry& registry_;
  WorkQueue queue_;
};

}  // namespace sandtable::server
