#include "engine/rulesets/bg/bg_card_play.h"

namespace sandtable {

int BgCardPlay::suits_drawn() const {
  int n = 0;
  for (SuitState s : suits_) n += s != SuitState::kUnseen ? 1 : 0;
  return n;
}

std::array<int, 4> BgCardPlay::suit_states() const {
  std::array<int, 4> out{};
  for (std::size_t i = 0; i < suits_.size(); ++i) out[i] = static_cast<int>(suits_[i]);
  return out;
}

std::optional<BgCardPlay> BgCardPlay::restore(const std::array<int, 4>& suit_states, bool over) {
  BgCardPlay p;
  for (std::size_t i = 0; i < suit_states.size(); ++i) {
    if (suit_states[i] < 0 || suit_states[i] > static_cast<int>(SuitState::kClosed)) return std::nullopt;
    p.suits_[i] = static_cast<SuitState>(suit_states[i]);
  }
  p.over_ = over;
  return p;
}

std::optional<BgCardOutcome> BgCardPlay::take(const pb::Card& card) {
  if (over_ || !card_valid(card)) return std::nullopt;
  if (is_joker(card)) {
    // BG-CARD-06: the phase ends at once; suits not yet drawn give nothing this turn.
    over_ = true;
    return BgCardOutcome{BgCardEffect::kEndsCardPhase, std::nullopt, false, true};
  }
  const auto action = bg_suit_action(card.suit());
  SuitState& state = suits_[static_cast<std::size_t>(index(card.suit()))];
  BgCardOutcome out{BgCardEffect::kIgnored, action, false, false};
  switch (state) {
    case SuitState::kUnseen:
      if (is_ace(card)) {
        out.effect = BgCardEffect::kOneUnitActs;  // BG-CARD-07
        out.compulsory = true;                    // BG-CARD-09
        state = SuitState::kClosed;
      } else {
        out.effect = BgCardEffect::kAllUnitsAct;  // BG-CARD-03
        state = SuitState::kOpened;
      }
      // BG-CARD-05 / BG-CARD-10: the first card of the fourth distinct suit is the last card.
      if (suits_drawn() == 4) {
        out.last_card = true;
        over_ = true;
      }
      break;
    case SuitState::kOpened:
      if (is_ace(card)) {
        out.effect = BgCardEffect::kOneUnitActsAgain;  // BG-CARD-08
        out.compulsory = true;                         // BG-CARD-09
        state = SuitState::kClosed;
      }  // else BG-CARD-04: ignored
      break;
    case SuitState::kClosed:
      break;  // BG-CARD-07: later cards of a suit opened by its ace are void
  }
  return out;
}

}  // namespace sandtable
