#include "server/spectator_delay.h"

namespace sandtable::server {

bool SpectatorDelay::advance(std::shared_ptr<const Game> before, const Game& now) {
  const auto& setting = now.state().spectators;
  if (setting.mode() != pb::SPECTATORS_DELAYED) {
    const bool was = shown_ != nullptr;
    shown_.reset();
    ends_.clear();
    return was;
  }
  if (now.over()) {
    // Nothing left to spoil: spectators see the end.
    shown_ = std::make_shared<const Game>(now);
    ends_.clear();
    return true;
  }
  if (!shown_) {
    // Switched on: spectators stay where they are until the live game is the delay past it.
    shown_ = std::make_shared<const Game>(now);
    ends_.clear();
    return true;
  }
  if (before && now.turn() > before->turn()) ends_.emplace_back(before->turn(), std::move(before));
  const int show = now.turn() - setting.delay_turns();
  std::shared_ptr<const Game> next;
  while (!ends_.empty() && ends_.front().first <= show) {
    next = std::move(ends_.front().second);
    ends_.pop_front();
  }
  if (!next) return false;
  const bool moved = next->seq() != shown_->seq();
  shown_ = std::move(next);
  return moved;
}

SpectatorDelay SpectatorDelay::rebuilt(const Registry& registry, const std::vector<pb::Event>& log) {
  SpectatorDelay d;
  if (log.empty()) return d;
  std::string error;
  std::unique_ptr<Game> game = Game::from_log(registry, {log.front()}, &error);
  if (!game) return d;
  d.advance(nullptr, *game);
  for (std::size_t i = 1; i < log.size(); ++i) {
    auto before = std::make_shared<const Game>(*game);
    game->apply(log[i]);
    d.advance(std::move(before), *game);
  }
  return d;
}

}  // namespace sandtable::server
