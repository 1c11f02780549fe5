#include "engine/rulesets/bg/bg_suits.h"

namespace sandtable {

std::optional<BgSuitAction> bg_suit_action(pb::Suit suit) {
  for (const BgSuitAction& row : kBgSuitActions) {
    if (row.suit == suit) return row;
  }
  return std::nullopt;
}

BgCardScope bg_card_scope(const pb::Card& card) {
  if (is_joker(card)) return BgCardScope::kEndsCardPhase;
  if (is_ace(card)) return BgCardScope::kOneUnit;
  return BgCardScope::kAllUnits;
}

}  // namespace sandtable
