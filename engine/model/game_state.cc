#include "engine/model/game_state.h"

#include <algorithm>

namespace sandtable {

bool GameState::is_side(const std::string& seat) const {
  return std::find(sides.begin(), sides.end(), seat) != sides.end();
}

const pb::Decision* GameState::decision(std::uint32_t id) const {
  for (const auto& d : decisions) {
    if (d.id() == id) return &d;
  }
  return nullptr;
}

}  // namespace sandtable

#include "sandtable/v1/event.pb.h"

namespace sandtable {

void apply_shared_event(GameState& state, const pb::Event& event) {
  state.rng.advance(event.rng_draws());
  state.seq = event.seq();
  switch (event.body_case()) {
    case pb::Event::kDecisionRequested:
      state.decisions.push_back(event.decision_requested().decision());
      state.next_decision_id = event.decision_requested().decision().id() + 1;
      break;
    case pb::Event::kDecisionAnswered: {
      auto& ds = state.decisions;
      for (auto it = ds.begin(); it != ds.end(); ++it) {
        if (it->id() == event.decision_answered().decision_id()) {
          ds.erase(it);
          break;
        }
      }
      break;
    }
    case pb::Event::kGamePaused:
      state.paused = true;
      state.pause_reason = event.game_paused().reason();
      break;
    case pb::Event::kGameResumed:
      state.paused = false;
      state.pause_reason.clear();
      break;
    case pb::Event::kGameEnded:
      state.over = true;
      state.winner = event.game_ended().winner();
      state.end_reason = event.game_ended().reason();
      state.decisions.clear();
      break;
    default:
      break;
  }
}

}  // namespace sandtable
