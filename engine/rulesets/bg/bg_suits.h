#pragma once
// Battleground's suit table (BG-CARD-02) and what one card lets a side do.
#include <array>
#include <optional>

#include "engine/core/cards.h"

namespace sandtable {

// --- Battleground suit table (BG-CARD-02) ---------------------------------------------------

enum class BgSide { kAxis, kAllied };
enum class BgAction { kShoot, kMove };

struct BgSuitAction {
  pb::Suit suit;
  BgSide side;
  BgAction action;
};

// GAP-BG-CARD-02 default (recovered from BG-EX-01): clubs Axis shoot, spades Axis move,
// hearts Allied shoot, diamonds Allied move.
inline constexpr std::array<BgSuitAction, 4> kBgSuitActions = {{
    {pb::SUIT_CLUBS, BgSide::kAxis, BgAction::kShoot},
    {pb::SUIT_SPADES, BgSide::kAxis, BgAction::kMove},
    {pb::SUIT_HEARTS, BgSide::kAllied, BgAction::kShoot},
    {pb::SUIT_DIAMONDS, BgSide::kAllied, BgAction::kMove},
}};

// The row for a suit; nullopt for SUIT_NONE (jokers).
std::optional<BgSuitAction> bg_suit_action(pb::Suit suit);

// How many units a card moves or shoots with: a joker ends the card phase (BG-CARD-06), an ace
// lets one unit act (BG-CARD-07/08), any other card every unit of the side (BG-CARD-03).
enum class BgCardScope { kEndsCardPhase, kOneUnit, kAllUnits };
BgCardScope bg_card_scope(const pb::Card& card);

}  // namespace sandtable
