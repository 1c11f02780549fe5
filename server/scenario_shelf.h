#pragma once
// One copy of each scenario for all the rooms playing it. A scenario is several KB in memory (its
// terrain, every unit's setup) and every room's game held its own, though a server's rooms mostly
// play the same few scenarios; thousands of idle rooms paid for it in memory per connection
// (docs/PERFORMANCE.md "One scenario for the rooms that play it").
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "engine/model/game.h"

namespace sandtable::server {

class ScenarioShelf {
 public:
  // Gives `game` (one no other thread reads yet) the copy of its scenario already on the shelf, or
  // puts the game's own there. The shelf holds no scenario alive: one goes when its last room does.
  void share(Game& game);
  // Scenarios on the shelf now (those some game still holds).
  std::size_t size();
  // Entries, those of scenarios no game holds any more included (swept as more arrive).
  std::size_t entries();

 private:
  std::mutex mu_;
  std::unordered_map<std::string, std::weak_ptr<const pb::Scenario>> by_bytes_;  // by its serialization
  std::size_t sweep_at_ = kFirstSweep;
  static constexpr std::size_t kFirstSweep = 64;
};

}  // namespace sandtable::server
