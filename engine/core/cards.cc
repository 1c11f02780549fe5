#include "engine/core/cards.h"

#include <algorithm>

namespace sandtable {

pb::Card make_card(pb::Suit suit, int rank) {
  pb::Card c;
  c.set_suit(suit);
  c.set_rank(rank);
  return c;
}

pb::Card make_joker(int which) {
  pb::Card c;
  c.set_suit(pb::SUIT_NONE);
  c.set_rank(0);
  c.set_joker(which);
  return c;
}

bool is_joker(const pb::Card& card) { return card.joker() != 0; }

bool is_ace(const pb::Card& card) { return !is_joker(card) && card.rank() == 1; }

bool same_card(const pb::Card& a, const pb::Card& b) {
  return a.suit() == b.suit() && a.rank() == b.rank() && a.joker() == b.joker();
}

bool same_card(const std::optional<pb::Card>& a, const std::optional<pb::Card>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a.has_value() || same_card(*a, *b);
}

bool card_valid(const pb::Card& card) {
  if (card.joker() != 0) {
    return (card.joker() == 1 || card.joker() == 2) && card.suit() == pb::SUIT_NONE && card.rank() == 0;
  }
  return card.suit() >= pb::SUIT_CLUBS && card.suit() <= pb::SUIT_SPADES && card.rank() >= 1 &&
         card.rank() <= 13;
}

std::string card_name(const pb::Card& card) {
  if (!card_valid(card)) return "an unknown card";
  if (is_joker(card)) return "joker " + std::to_string(card.joker());
  static constexpr const char* kRanks[14] = {"",  "ace", "2", "3",  "4",    "5",     "6",
                                             "7", "8",   "9", "10", "jack", "queen", "king"};
  const char* suit = "";
  switch (card.suit()) {
    case pb::SUIT_CLUBS: suit = "clubs"; break;
    case pb::SUIT_DIAMONDS: suit = "diamonds"; break;
    case pb::SUIT_HEARTS: suit = "hearts"; break;
    case pb::SUIT_SPADES: suit = "spades"; break;
    default: break;
  }
  return std::string(kRanks[card.rank()]) + " of " + suit;
}

std::vector<pb::Card> standard_deck_54() {
  std::vector<pb::Card> cards;
  cards.reserve(54);
  for (pb::Suit s : {pb::SUIT_CLUBS, pb::SUIT_DIAMONDS, pb::SUIT_HEARTS, pb::SUIT_SPADES}) {
    for (int rank = 1; rank <= 13; ++rank) cards.push_back(make_card(s, rank));
  }
  cards.push_back(make_joker(1));
  cards.push_back(make_joker(2));
  return cards;
}

// --- CardDeck -------------------------------------------------------------------------------

CardDeck::CardDeck(std::vector<pb::Card> cards) : draw_(std::move(cards)) {}

CardDeck CardDeck::restore(std::vector<pb::Card> draw_pile, std::vector<pb::Card> this_turn,
                           std::vector<pb::Card> discards, bool run_out_this_turn) {
  CardDeck d(std::move(draw_pile));
  d.turn_ = std::move(this_turn);
  d.discards_ = std::move(discards);
  d.run_out_ = run_out_this_turn;
  return d;
}

void CardDeck::gather_all() {
  draw_.insert(draw_.end(), discards_.begin(), discards_.end());
  draw_.insert(draw_.end(), turn_.begin(), turn_.end());
  discards_.clear();
  turn_.clear();
  run_out_ = false;
}

void CardDeck::shuffle_all(Pcg32& rng) {
  gather_all();
  fisher_yates(draw_, rng);
}

void CardDeck::shuffle_draw_pile(Pcg32& rng) { fisher_yates(draw_, rng); }

bool CardDeck::refill_from_discards() {
  if (!draw_.empty()) return true;
  if (discards_.empty()) return false;
  // Only earlier turns' cards: this turn's stay laid out (BG-CARD-11).
  draw_.swap(discards_);
  run_out_ = true;
  return true;
}

std::optional<pb::Card> CardDeck::draw(Pcg32& rng) {
  if (draw_.empty()) {
    if (!refill_from_discards()) return std::nullopt;
    fisher_yates(draw_, rng);
  }
  pb::Card card = draw_.back();
  draw_.pop_back();
  turn_.push_back(card);
  // "If the last card of the deck is turned during a turn" — even when it ends the turn, the
  // full reshuffle follows at the end of this turn.
  if (draw_.empty()) run_out_ = true;
  return card;
}

std::optional<std::string> CardDeck::draw_entered(const pb::Card& card) {
  if (!card_valid(card)) return "that is not a card of the deck (suit and rank do not exist)";
  // Check before changing anything, so a refused entry leaves the deck as it was.
  const std::vector<pb::Card>& source = draw_.empty() ? discards_ : draw_;
  const auto found =
      std::find_if(source.begin(), source.end(), [&](const pb::Card& c) { return same_card(c, card); });
  if (found == source.end()) {
    const bool laid_out = std::any_of(turn_.begin(), turn_.end(), [&](const pb::Card& c) { return same_card(c, card); });
    if (laid_out) return "the " + card_name(card) + " has already been turned this turn";
    if (source.empty()) return "no card is left to draw";
    return "the " + card_name(card) + " is not in the draw pile (it was used in an earlier turn)";
  }
  const std::size_t index = static_cast<std::size_t>(found - source.begin());
  refill_from_discards();  // no-op unless the draw pile was empty; a physical deck's order is unknown
  draw_.erase(draw_.begin() + static_cast<std::ptrdiff_t>(index));
  turn_.push_back(card);
  if (draw_.empty()) run_out_ = true;
  return std::nullopt;
}

bool CardDeck::end_turn(Pcg32& rng) {
  const bool full = run_out_;
  if (full) {
    shuffle_all(rng);
  } else {
    discards_.insert(discards_.end(), turn_.begin(), turn_.end());
    turn_.clear();
  }
  return full;
}

bool CardDeck::end_turn_entered() {
  const bool full = run_out_;
  if (full) {
    gather_all();
  } else {
    discards_.insert(discards_.end(), turn_.begin(), turn_.end());
    turn_.clear();
  }
  return full;
}

bool DeckSummary::operator==(const DeckSummary& o) const {
  return draw_pile == o.draw_pile && this_turn == o.this_turn && discards == o.discards &&
         same_card(discard_top, o.discard_top) && run_out_this_turn == o.run_out_this_turn;
}

DeckSummary CardDeck::public_summary() const {
  DeckSummary s;
  s.draw_pile = static_cast<int>(draw_.size());
  s.this_turn = static_cast<int>(turn_.size());
  s.discards = static_cast<int>(discards_.size());
  if (!turn_.empty()) {
    s.discard_top = turn_.back();
  } else if (!discards_.empty()) {
    s.discard_top = discards_.back();
  }
  s.run_out_this_turn = run_out_;
  return s;
}

int CardDeck::size() const { return static_cast<int>(draw_.size() + turn_.size() + discards_.size()); }

}  // namespace sandtable
