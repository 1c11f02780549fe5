#pragma once
// Reads the cards of one Battleground card-play phase (BG-CARD-03..10): what each card lets a
// side do and when drawing stops. Pure bookkeeping on the cards turned; choosing units, moving
// and shooting belong to the rule set.
#include <array>
#include <optional>

#include "engine/rulesets/bg/bg_suits.h"

namespace sandtable {

enum class BgCardEffect {
  kAllUnitsAct,       // BG-CARD-03: first non-ace card of its suit this turn
  kOneUnitActs,       // BG-CARD-07 (and -10): the suit's first card is its ace
  kOneUnitActsAgain,  // BG-CARD-08: the ace after another card of its suit
  kIgnored,           // BG-CARD-04 / -07: the suit was already used, or closed by its ace
  kEndsCardPhase,     // BG-CARD-06: a joker
};

struct BgCardOutcome {
  BgCardEffect effect;
  std::optional<BgSuitAction> action;  // side and action; none for a joker
  bool compulsory = false;             // BG-CARD-09: an ace is always applied
  bool last_card = false;              // BG-CARD-05/-06/-10: drawing stops after this card
};

class BgCardPlay {
 public:
  // The outcome of the next card turned this phase; nullopt when the phase is already over or
  // the card is not one of the 54 (a caller error: nothing changes).
  std::optional<BgCardOutcome> take(const pb::Card& card);

  bool over() const { return over_; }
  int suits_drawn() const;

  // The bookkeeping as plain numbers, for snapshots (bg_save.cc): per suit (clubs, diamonds,
  // hearts, spades) 0 unseen, 1 opened by a non-ace, 2 closed by its ace; and whether the
  // phase is over. restore() gives nullopt for a number out of range.
  std::array<int, 4> suit_states() const;
  static std::optional<BgCardPlay> restore(const std::array<int, 4>& suit_states, bool over);

 private:
  enum class SuitState { kUnseen, kOpened, kClosed };  // kOpened: by a non-ace; kClosed: ace used
  static int index(pb::Suit suit) { return static_cast<int>(suit) - 1; }

  std::array<SuitState, 4> suits_{SuitState::kUnseen, SuitState::kUnseen, SuitState::kUnseen,
                                  SuitState::kUnseen};
  bool over_ = false;
};

}  // namespace sandtable
