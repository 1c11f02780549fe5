#include "engine/rulesets/bg/bg_card_play.h"

namespace sandtable {

int BgCardPlay::suits_drawn() const {
  int n = 0;
  for (SuitState s : suits_) n += s != SuitState::kUnseen ? 1 : 0;
  return n;
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
