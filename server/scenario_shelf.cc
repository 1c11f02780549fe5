#include "server/scenario_shelf.h"

#include <algorithm>
#include <utility>

namespace sandtable::server {

void ScenarioShelf::share(Game& game) {
  const std::shared_ptr<const pb::Scenario> own = game.state().scenario;
  if (!own) return;
  std::string bytes = own->SerializeAsString();
  std::shared_ptr<const pb::Scenario> held;
  {
    std::lock_guard lock(mu_);
    // Entries whose rooms are all gone are swept when the map has doubled since the last sweep, so
    // it stays within twice the scenarios in play.
    if (by_bytes_.size() >= sweep_at_) {
      std::erase_if(by_bytes_, [](const auto& entry) { return entry.second.expired(); });
      sweep_at_ = std::max(kFirstSweep, 2 * by_bytes_.size());
    }
    auto& slot = by_bytes_[std::move(bytes)];
    held = slot.lock();
    if (!held) {
      slot = own;
      return;
    }
  }
  // Equal bytes are the same scenario; the game checks that again itself.
  game.share_scenario(std::move(held));
}

std::size_t ScenarioShelf::size() {
  std::lock_guard lock(mu_);
  return static_cast<std::size_t>(std::count_if(by_bytes_.begin(), by_bytes_.end(), [](const auto& e) { return !e.second.expired(); }));
}

std::size_t ScenarioShelf::entries() {
  std::lock_guard lock(mu_);
  return by_bytes_.size();
}

}  // namespace sandtable::server
