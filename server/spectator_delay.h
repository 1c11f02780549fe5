#pragma once
// What the spectators of a delayed room are shown (docs/engine.md "Spectators"): the game as it
// stood at the end of the turn `delay` turns back, so nothing a spectator sees can reach a player
// in time. The room hands it every game it leaves behind; the ends of recent turns are kept
// (shared with the room's old games, not copied) until the live game is far enough past them.
#include <list>
#include <memory>
#include <utility>
#include <vector>

#include "engine/model/game.h"
#include "engine/model/registry.h"

namespace sandtable::server {

class SpectatorDelay {
 public:
  // The live game moved from `before` to `now`. True when what spectators are shown changed (the
  // delay switched on or off, or the shown game moved on to a later turn's end).
  bool advance(std::shared_ptr<const Game> before, const Game& now);
  // The game spectators are shown, or null when the room is not delayed (they see the live one).
  const Game* shown() const { return shown_.get(); }
  // A recovered room's: the whole log replayed, as the live room would have kept it.
  static SpectatorDelay rebuilt(const Registry& registry, const std::vector<pb::Event>& log);

 private:
  std::list<std::pair<int, std::shared_ptr<const Game>>> ends_;  // (turn, the game at its end), oldest first
  std::shared_ptr<const Game> shown_;
};

}  // namespace sandtable::server
