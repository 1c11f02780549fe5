#pragma once
// One copy of each scenario for all the rooms playing it. A scenario is several KB in memory (its
// terrain, every unit's setup) and every room's game held its own, though a server's rooms mostly
// play the same few scenarios; thousands of idle rooms paid for it in memory per connection
// (docs/PERFORMANCE.md "One scenario for the rooms that play it").
#include <cstddef>

#include "engine/model/game.h"
#include "server/shelf.h"

namespace sandtable::server {

class ScenarioShelf {
 public:
  // Gives `game` (one no other thread reads yet) the copy of its scenario already on the shelf, or
  // puts the game's own there. The shelf holds no scenario alive: one goes when its last room does.
  void share(Game& game);
  // Scenarios on the shelf now (those some game still holds).
  std::size_t size() { return shelf_.size(); }
  // Entries, those of scenarios no game holds any more included (swept as more arrive).
  std::size_t entries() { return shelf_.entries(); }

 private:
  Shelf<pb::Scenario> shelf_;  // by the scenario's serialization
};

}  // namespace sandtable::server
