#include "engine/model/game_state.h"

#include <algorithm>

namespace sandtable {

bool GameState::is_side(const std::string& seat) const {
  return std::find(sides.begin(), sides.end(), seat) != sides.end();
}

bool GameState::bot_plays(const std::string& side) const {
  return std::find(bot_seats.begin(), bot_seats.end(), side) != bot_seats.end();
}

std::vector<std::string> GameState::entropy_awaited() const {
  std::vector<std::string> out;
  if (dice_sealed) return out;
  for (const auto& side : entropy_from) {
    const bool added = std::any_of(entropy.begin(), entropy.end(), [&](const auto& e) { return e.first == side; });
    if (!added && !bot_plays(side)) out.push_back(side);
  }
  return out;
}

const pb::Decision* GameState::decision(std::uint32_t id) const {
  for (const auto& d : decisions) {
    if (d.id() == id) return &d;
  }
  return nullptr;
}

}  // namespace sandtable

#include "engine/model/dice_mix.h"
#include "sandtable/v1/event.pb.h"

namespace sandtable {

void apply_shared_event(GameState& state, const pb::Event& event) {
  state.rng.advance(event.rng_draws());
  state.seq = event.seq();
  // The GM's dice this event rolled are used up (Context::roll takes them from the front).
  std::size_t gm_used = 0;
  for (const auto& d : event.dice()) gm_used += d.source() == pb::DIE_SOURCE_GM ? 1 : 0;
  state.gm_dice.erase(state.gm_dice.begin(),
                      state.gm_dice.begin() + static_cast<std::ptrdiff_t>(std::min(gm_used, state.gm_dice.size())));
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
    case pb::Event::kGameRevealed:
      state.revealed = true;
      break;
    case pb::Event::kEntropyAdded:
      state.entropy.emplace_back(event.entropy_added().seat(), event.entropy_added().entropy());
      break;
    case pb::Event::kDiceSealed: {
      // From here every die and card comes from the mix; the events of this command that come
      // after it count their draws from the new generator.
      const std::string mix = dice_mix(state.secret, state.entropy);
      state.rng = dice_generator(mix);
      state.deck_seed = deck_seed_of(mix);
      state.dice_sealed = true;
      state.mix_commitment = event.dice_sealed().mix_commitment();
      state.begun_by = event.dice_sealed().begun_by();
      break;
    }
    case pb::Event::kSecretShown:
      state.secret_shown = true;
      break;
    case pb::Event::kGameResumed:
      state.paused = false;
      state.pause_reason.clear();
      break;
    case pb::Event::kGmEdited:
      if (event.gm_edited().edit().has_set_dice()) {
        const auto& v = event.gm_edited().edit().set_dice().values();
        state.gm_dice.assign(v.begin(), v.end());
      }
      if (event.gm_edited().edit().has_spectators()) state.spectators = event.gm_edited().edit().spectators();
      if (event.gm_edited().edit().has_trust_dice()) {
        const auto& t = event.gm_edited().edit().trust_dice();
        auto& seats = state.dice_trusted;
        seats.erase(std::remove(seats.begin(), seats.end(), t.side()), seats.end());
        if (t.trusted()) seats.push_back(t.side());
      }
      if (event.gm_edited().edit().has_seat_bot()) {
        const auto& b = event.gm_edited().edit().seat_bot();
        auto& seats = state.bot_seats;
        seats.erase(std::remove(seats.begin(), seats.end(), b.side()), seats.end());
        if (b.bot()) seats.push_back(b.side());
      }
      break;
    case pb::Event::kDiceAsked:
      state.dice_request = event.dice_asked().request();
      state.dice_order = event.dice_asked().order();
      break;
    case pb::Event::kDiceEntered:
    case pb::Event::kDiceDropped:
      state.dice_request.reset();
      state.dice_order.Clear();
      break;
    case pb::Event::kRulingAsked:
      state.rulings.push_back(event.ruling_asked().ruling());
      state.next_ruling_id = event.ruling_asked().ruling().id() + 1;
      break;
    case pb::Event::kRulingGiven: {
      auto& rs = state.rulings;
      rs.erase(std::remove_if(rs.begin(), rs.end(),
                              [&](const pb::RulingRequest& r) { return r.id() == event.ruling_given().ruling_id(); }),
               rs.end());
      break;
    }
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
