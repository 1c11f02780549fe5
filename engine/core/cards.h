#pragma once
// Playing cards: a 54-card deck (suits, ranks, two jokers) as a value type kept in game state,
// with the run-out rule of a deck drawn over several turns. What a card means is each rule
// set's business (Battleground's suit table is engine/rulesets/bg/bg_suits.h).
//
// The deck has three piles:
//   draw pile   — face down, order secret (BG-CARD-12); the back of the vector is the top;
//   this turn   — cards turned this turn, face up and public;
//   discards    — cards of previous turns (BG-CARD-11 calls them "used cards of previous turns").
// Shuffles are Fisher-Yates driven by Pcg32::below, never std::shuffle, so the order is the same
// on every standard library. Views must use public_summary(), never the piles themselves.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "sandtable/v1/common.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

// --- Single cards -------------------------------------------------------------------------

pb::Card make_card(pb::Suit suit, int rank);  // rank 1 = ace ... 13 = king
pb::Card make_joker(int which);               // which = 1 or 2
bool is_joker(const pb::Card& card);
bool is_ace(const pb::Card& card);
bool same_card(const pb::Card& a, const pb::Card& b);
bool same_card(const std::optional<pb::Card>& a, const std::optional<pb::Card>& b);
// A card of the standard 54: a suit with rank 1..13 and joker 0, or suit NONE, rank 0, joker 1|2.
bool card_valid(const pb::Card& card);
// Words a player reads: "ace of spades", "7 of diamonds", "joker 2".
std::string card_name(const pb::Card& card);
// Clubs A..K, diamonds A..K, hearts A..K, spades A..K, joker 1, joker 2 (BG-CARD-01).
std::vector<pb::Card> standard_deck_54();

// --- Shuffling ------------------------------------------------------------------------------

// Fisher-Yates (Durstenfeld): for i from n-1 down to 1 swap element i with element below(i+1).
// Consumes at least n-1 generator outputs (more when below() rejects).
template <class T>
void fisher_yates(std::vector<T>& items, Pcg32& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const std::size_t j = rng.below(static_cast<std::uint32_t>(i));
    if (j != i - 1) std::swap(items[i - 1], items[j]);
  }
}

// --- The deck -------------------------------------------------------------------------------

// What a view may show of a deck: counts and the face-up cards, never the draw order.
struct DeckSummary {
  int draw_pile = 0;
  int this_turn = 0;
  int discards = 0;
  std::optional<pb::Card> discard_top;  // the last card laid face up (this turn's, else discards')
  bool run_out_this_turn = false;       // BG-CARD-11: a full reshuffle follows this turn

  bool operator==(const DeckSummary& other) const;  // cards compared with same_card
};

class CardDeck {
 public:
  // A deck of the given cards in the given order, all in the draw pile (top = last).
  explicit CardDeck(std::vector<pb::Card> cards);
  // The 54-card deck of BG-CARD-01, unshuffled; call shuffle_all() before play.
  static CardDeck standard_54() { return CardDeck(standard_deck_54()); }
  // A deck with these piles exactly, as a snapshot saved them (the piles' accessors below).
  static CardDeck restore(std::vector<pb::Card> draw_pile, std::vector<pb::Card> this_turn,
                          std::vector<pb::Card> discards, bool run_out_this_turn);

  // Gathers every card into the draw pile and shuffles it (start of game; end of a run-out turn).
  void shuffle_all(Pcg32& rng);
  // Shuffles the draw pile alone, the cards nobody has seen (a what-if branch's fresh deck).
  void shuffle_draw_pile(Pcg32& rng);

  // Turns the top card. When the draw pile is empty it first forms a new draw pile from the
  // previous turns' discards, shuffled (BG-CARD-11). nullopt only when no card is left to form
  // one (cannot happen with 54 cards under Battleground's rules: a turn uses at most 40).
  std::optional<pb::Card> draw(Pcg32& rng);
  // A card turned over at the table (physical deck). It must be in the draw pile (after the same
  // run-out step as draw(), where a physical deck's order is unknown so nothing is shuffled).
  // Returns the reason when refused; then nothing changes.
  std::optional<std::string> draw_entered(const pb::Card& card);

  // Ends the turn (the discard step): this turn's cards go to the discards; if the deck ran out during the turn,
  // every card is gathered and shuffled into a fresh deck (BG-CARD-11). Returns true when that
  // full reshuffle happened.
  bool end_turn(Pcg32& rng);
  // Physical-deck version of end_turn: the table reshuffles, the engine only gathers the cards.
  bool end_turn_entered();

  DeckSummary public_summary() const;
  int size() const;  // every card the deck owns, in any pile

  // Engine-only access (tests, the rule set's own bookkeeping). Never copy these into a view.
  const std::vector<pb::Card>& draw_pile() const { return draw_; }
  const std::vector<pb::Card>& this_turn() const { return turn_; }
  const std::vector<pb::Card>& discards() const { return discards_; }
  bool run_out_this_turn() const { return run_out_; }

 private:
  // BG-CARD-11, first half: refill an empty draw pile from earlier turns' discards.
  bool refill_from_discards();
  void gather_all();

  std::vector<pb::Card> draw_;
  std::vector<pb::Card> turn_;
  std::vector<pb::Card> discards_;
  bool run_out_ = false;
};

}  // namespace sandtable
