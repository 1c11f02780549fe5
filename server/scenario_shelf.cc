#include "server/scenario_shelf.h"

#include <utility>

namespace sandtable::server {

void ScenarioShelf::share(Game& game) {
  const std::shared_ptr<const pb::Scenario> own = game.state().scenario;
  if (!own) return;
  std::shared_ptr<const pb::Scenario> held = shelf_.share(own->SerializeAsString(), own);
  // Equal bytes are the same scenario; the game checks that again itself.
  if (held != own) game.share_scenario(std::move(held));
}

}  // namespace sandtable::server
