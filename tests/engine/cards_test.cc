// The 54-card deck: contents (BG-CARD-01), suit table (BG-CARD-02), seeded shuffles, the run-out
// reshuffle (BG-CARD-11, BG-DX-05), table-entered cards, and the view summary (BG-CARD-12).
#include "engine/core/cards.h"
#include "engine/rulesets/bg/bg_suits.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

namespace sandtable {
namespace {

std::tuple<int, int, int> key(const pb::Card& c) { return {c.suit(), c.rank(), c.joker()}; }

std::vector<pb::Card> draw_n(CardDeck& deck, Pcg32& rng, int n) {
  std::vector<pb::Card> out;
  for (int i = 0; i < n; ++i) out.push_back(deck.draw(rng).value());
  return out;
}

bool same_cards(const std::vector<pb::Card>& a, const std::vector<pb::Card>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!same_card(a[i], b[i])) return false;
  }
  return true;
}

// BG-CARD-01: a standard 52-card deck plus both jokers, 54 distinct cards.
TEST(Cards, BG_CARD_01_FiftyFourDistinctCards) {
  const auto cards = standard_deck_54();
  ASSERT_EQ(cards.size(), 54u);
  std::set<std::tuple<int, int, int>> distinct;
  int jokers = 0;
  for (const pb::Card& c : cards) {
    EXPECT_TRUE(card_valid(c)) << card_name(c);
    distinct.insert(key(c));
    jokers += is_joker(c) ? 1 : 0;
  }
  EXPECT_EQ(distinct.size(), 54u);
  EXPECT_EQ(jokers, 2);
  EXPECT_EQ(CardDeck::standard_54().size(), 54);
}

TEST(Cards, NamesAndValidity) {
  EXPECT_EQ(card_name(make_card(pb::SUIT_SPADES, 1)), "ace of spades");
  EXPECT_EQ(card_name(make_card(pb::SUIT_DIAMONDS, 7)), "7 of diamonds");
  EXPECT_EQ(card_name(make_card(pb::SUIT_HEARTS, 12)), "queen of hearts");
  EXPECT_EQ(card_name(make_joker(2)), "joker 2");
  EXPECT_FALSE(card_valid(make_card(pb::SUIT_CLUBS, 14)));
  EXPECT_FALSE(card_valid(make_card(pb::SUIT_NONE, 3)));
  EXPECT_FALSE(card_valid(make_joker(3)));
  EXPECT_TRUE(is_ace(make_card(pb::SUIT_CLUBS, 1)));
  EXPECT_FALSE(is_ace(make_joker(1)));
}

// BG-CARD-02 (GAP-BG-CARD-02 default): clubs Axis shoot, spades Axis move, hearts Allied shoot,
// diamonds Allied move; jokers have no suit row.
TEST(Cards, BG_CARD_02_SuitNamesSideAndAction) {
  auto row = [](pb::Suit s) { return bg_suit_action(s).value(); };
  EXPECT_EQ(row(pb::SUIT_CLUBS).side, BgSide::kAxis);
  EXPECT_EQ(row(pb::SUIT_CLUBS).action, BgAction::kShoot);
  EXPECT_EQ(row(pb::SUIT_SPADES).side, BgSide::kAxis);
  EXPECT_EQ(row(pb::SUIT_SPADES).action, BgAction::kMove);
  EXPECT_EQ(row(pb::SUIT_HEARTS).side, BgSide::kAllied);
  EXPECT_EQ(row(pb::SUIT_HEARTS).action, BgAction::kShoot);
  EXPECT_EQ(row(pb::SUIT_DIAMONDS).side, BgSide::kAllied);
  EXPECT_EQ(row(pb::SUIT_DIAMONDS).action, BgAction::kMove);
  EXPECT_FALSE(bg_suit_action(pb::SUIT_NONE).has_value());
}

// BG-CARD-03 / -06 / -07: a joker ends the card phase, an ace moves one unit, others all units.
TEST(Cards, BG_CARD_03_06_07_CardScope) {
  EXPECT_EQ(bg_card_scope(make_joker(1)), BgCardScope::kEndsCardPhase);
  EXPECT_EQ(bg_card_scope(make_card(pb::SUIT_HEARTS, 1)), BgCardScope::kOneUnit);
  EXPECT_EQ(bg_card_scope(make_card(pb::SUIT_HEARTS, 5)), BgCardScope::kAllUnits);
  EXPECT_EQ(bg_card_scope(make_card(pb::SUIT_CLUBS, 13)), BgCardScope::kAllUnits);
}

TEST(Cards, DrawOrderIsTheSameForTheSameSeedAndDiffersForAnother) {
  auto order = [](std::uint64_t seed) {
    Pcg32 rng(seed);
    CardDeck deck = CardDeck::standard_54();
    deck.shuffle_all(rng);
    return draw_n(deck, rng, 54);
  };
  const auto a = order(1), b = order(1), c = order(2);
  EXPECT_TRUE(same_cards(a, b));
  EXPECT_FALSE(same_cards(a, c));
  std::set<std::tuple<int, int, int>> distinct;
  for (const pb::Card& card : a) distinct.insert(key(card));
  EXPECT_EQ(distinct.size(), 54u);  // a shuffle neither loses nor duplicates a card
}

// The shuffle is Durstenfeld's Fisher-Yates on Pcg32::below (not std::shuffle, whose output
// differs between standard libraries): recompute it by hand, and pin one known order.
TEST(Cards, ShuffleIsFisherYatesOnPcg32Below) {
  std::vector<int> items = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  Pcg32 rng(42), manual(42);
  fisher_yates(items, rng);
  std::vector<int> expected = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (std::uint32_t i = 10; i > 1; --i) std::swap(expected[i - 1], expected[manual.below(i)]);
  EXPECT_EQ(items, expected);
  EXPECT_EQ(rng.draws(), manual.draws());
  EXPECT_EQ(items, (std::vector<int>{3, 9, 0, 5, 8, 6, 1, 7, 2, 4}));
}

TEST(Cards, EveryPermutationOfThreeIsEquallyLikely) {
  // 60,000 shuffles of three items; each of the 6 orders expected 10,000 times (sigma ~ 91).
  Pcg32 rng(77);
  std::map<std::vector<int>, int> counts;
  for (int i = 0; i < 60000; ++i) {
    std::vector<int> v = {0, 1, 2};
    fisher_yates(v, rng);
    ++counts[v];
  }
  ASSERT_EQ(counts.size(), 6u);
  for (const auto& [order, n] : counts) EXPECT_NEAR(n, 10000, 500);
}

// BG-CARD-11 / BG-DX-05: with one card left the turn draws it and needs more: only the previous
// turns' discards are shuffled into a new draw pile (this turn's cards stay out) and the turn
// continues; when the turn ends all 54 cards are shuffled into a fresh deck.
TEST(Cards, BG_CARD_11_BG_DX_05_RunOutReshufflesPreviousTurnsThenEverything) {
  Pcg32 rng(9);
  CardDeck deck = CardDeck::standard_54();
  deck.shuffle_all(rng);
  draw_n(deck, rng, 30);
  EXPECT_FALSE(deck.end_turn(rng));
  draw_n(deck, rng, 23);
  EXPECT_FALSE(deck.end_turn(rng));
  ASSERT_EQ(deck.draw_pile().size(), 1u);
  ASSERT_EQ(deck.discards().size(), 53u);

  // Turn 3: the last card, then two more.
  const pb::Card last = deck.draw(rng).value();
  EXPECT_TRUE(deck.run_out_this_turn());
  const pb::Card next = deck.draw(rng).value();
  const pb::Card third = deck.draw(rng).value();
  EXPECT_FALSE(same_card(next, last));  // came from the previous turns' cards
  EXPECT_FALSE(same_card(third, last));
  EXPECT_EQ(deck.discards().size(), 0u);
  EXPECT_EQ(deck.draw_pile().size(), 51u);  // 53 earlier cards minus the two just drawn
  EXPECT_EQ(deck.this_turn().size(), 3u);
  for (const pb::Card& c : deck.draw_pile()) EXPECT_FALSE(same_card(c, last));

  // End of that turn: a full reshuffle of all 54.
  EXPECT_TRUE(deck.end_turn(rng));
  EXPECT_EQ(deck.draw_pile().size(), 54u);
  EXPECT_EQ(deck.this_turn().size(), 0u);
  EXPECT_EQ(deck.discards().size(), 0u);
  EXPECT_FALSE(deck.run_out_this_turn());
  // And the next turn ends normally.
  draw_n(deck, rng, 4);
  EXPECT_FALSE(deck.end_turn(rng));
  EXPECT_EQ(deck.discards().size(), 4u);
}

// BG-CARD-11: turning the last card counts as a run-out even if that card ends the turn.
TEST(Cards, BG_CARD_11_LastCardEndingTheTurnStillReshufflesAll) {
  Pcg32 rng(10);
  CardDeck deck = CardDeck::standard_54();
  deck.shuffle_all(rng);
  draw_n(deck, rng, 50);
  deck.end_turn(rng);
  draw_n(deck, rng, 4);
  EXPECT_TRUE(deck.run_out_this_turn());
  EXPECT_TRUE(deck.end_turn(rng));
  EXPECT_EQ(deck.draw_pile().size(), 54u);
}

// The shuffle at a run-out is seeded: the same game replays to the same cards.
TEST(Cards, BG_CARD_11_RunOutIsReproducible) {
  auto play = [](std::uint64_t seed) {
    Pcg32 rng(seed);
    CardDeck deck = CardDeck::standard_54();
    deck.shuffle_all(rng);
    std::vector<pb::Card> seen;
    for (int turn = 0; turn < 12; ++turn) {
      for (const auto& c : draw_n(deck, rng, 7)) seen.push_back(c);
      deck.end_turn(rng);
    }
    return std::make_pair(seen, rng.draws());
  };
  const auto a = play(4), b = play(4);
  EXPECT_TRUE(same_cards(a.first, b.first));
  EXPECT_EQ(a.second, b.second);
}

TEST(Cards, DrawReturnsNothingWhenNoCardCanBeFormed) {
  Pcg32 rng(1);
  CardDeck deck({make_card(pb::SUIT_CLUBS, 2)});
  EXPECT_TRUE(deck.draw(rng).has_value());
  EXPECT_FALSE(deck.draw(rng).has_value());  // the only card is laid out this turn
}

// BG-CARD-12: a view sees counts and the face-up card, never the order. Two decks in different
// orders give the same summary.
TEST(Cards, BG_CARD_12_PublicSummaryHidesTheOrder) {
  Pcg32 r1(1), r2(2);
  CardDeck a = CardDeck::standard_54(), b = CardDeck::standard_54();
  a.shuffle_all(r1);
  b.shuffle_all(r2);
  ASSERT_FALSE(same_cards(a.draw_pile(), b.draw_pile()));
  EXPECT_EQ(a.public_summary(), b.public_summary());
  EXPECT_EQ(a.public_summary().draw_pile, 54);
  EXPECT_FALSE(a.public_summary().discard_top.has_value());

  const pb::Card first = a.draw(r1).value();
  DeckSummary s = a.public_summary();
  EXPECT_EQ(s.draw_pile, 53);
  EXPECT_EQ(s.this_turn, 1);
  ASSERT_TRUE(s.discard_top.has_value());
  EXPECT_TRUE(same_card(*s.discard_top, first));
  a.end_turn(r1);
  s = a.public_summary();
  EXPECT_EQ(s.discards, 1);
  EXPECT_TRUE(same_card(*s.discard_top, first));
}

TEST(Cards, TableEnteredCardsMustBeInTheDrawPile) {
  CardDeck deck = CardDeck::standard_54();  // a physical deck: the engine's order is meaningless
  const pb::Card five_hearts = make_card(pb::SUIT_HEARTS, 5);
  EXPECT_FALSE(deck.draw_entered(five_hearts).has_value());
  EXPECT_EQ(deck.this_turn().size(), 1u);

  const DeckSummary before = deck.public_summary();
  EXPECT_EQ(deck.draw_entered(five_hearts).value(), "the 5 of hearts has already been turned this turn");
  EXPECT_EQ(deck.draw_entered(make_card(pb::SUIT_CLUBS, 0)).value(),
            "that is not a card of the deck (suit and rank do not exist)");
  EXPECT_EQ(deck.public_summary(), before);  // refusals change nothing

  EXPECT_FALSE(deck.end_turn_entered());
  EXPECT_EQ(deck.draw_entered(five_hearts).value(),
            "the 5 of hearts is not in the draw pile (it was used in an earlier turn)");
}

// BG-CARD-11 with a physical deck: the same piles move, but the table does the shuffling.
TEST(Cards, BG_CARD_11_TableEnteredRunOut) {
  CardDeck deck({make_card(pb::SUIT_CLUBS, 2), make_card(pb::SUIT_CLUBS, 3), make_card(pb::SUIT_CLUBS, 4)});
  ASSERT_FALSE(deck.draw_entered(make_card(pb::SUIT_CLUBS, 2)).has_value());
  ASSERT_FALSE(deck.end_turn_entered());
  ASSERT_FALSE(deck.draw_entered(make_card(pb::SUIT_CLUBS, 3)).has_value());
  ASSERT_FALSE(deck.draw_entered(make_card(pb::SUIT_CLUBS, 4)).has_value());
  EXPECT_TRUE(deck.run_out_this_turn());
  // The 3 of clubs is laid out this turn, so only the 2 (a previous turn's) forms the new pile.
  EXPECT_EQ(deck.draw_entered(make_card(pb::SUIT_CLUBS, 3)).value(),
            "the 3 of clubs has already been turned this turn");
  EXPECT_FALSE(deck.draw_entered(make_card(pb::SUIT_CLUBS, 2)).has_value());
  EXPECT_TRUE(deck.end_turn_entered());
  EXPECT_EQ(deck.draw_pile().size(), 3u);
}

}  // namespace
}  // namespace sandtable
