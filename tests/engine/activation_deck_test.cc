// Rookie Rules activation deck: RR-CARD-01..04, RR-CARD-06, RR-CMD-05, RR-SEQ-01.
#include "engine/rulesets/rookie/activation_deck.h"

#include <gtest/gtest.h>

namespace sandtable {
namespace {

std::vector<ActivationSideSpec> specs(int red_adjust = 0, int black_adjust = 0) {
  return {{"germans", {"g1", "g2", "g3"}, red_adjust}, {"russians", {"r1", "r2"}, black_adjust}};
}

ActivationDeck build(std::vector<ActivationSideSpec> s) {
  std::string error;
  auto deck = ActivationDeck::build(s, &error);
  EXPECT_TRUE(deck.has_value()) << error;
  return *deck;
}

// Unit ids "u0", "u1", ... (built with += : GCC 12 warns falsely (-Wrestrict) on "u" + to_string).
std::vector<std::string> unit_ids(int n) {
  std::vector<std::string> ids;
  for (int i = 0; i < n; ++i) {
    std::string id = "u";
    id += std::to_string(i);
    ids.push_back(id);
  }
  return ids;
}

bool is_red(const pb::Card& c) { return c.suit() == pb::SUIT_HEARTS || c.suit() == pb::SUIT_DIAMONDS; }

// RR-CARD-01: one card per unit, each side in its own colour.
TEST(ActivationDeck, RR_CARD_01_OneCardPerUnitInTheSidesColour) {
  ActivationDeck deck = build(specs());
  EXPECT_EQ(deck.cards_of(0), 3);
  EXPECT_EQ(deck.cards_of(1), 2);
  int red = 0;
  for (const pb::Card& c : deck.draw_pile()) {
    EXPECT_FALSE(is_joker(c));
    red += is_red(c) ? 1 : 0;
  }
  EXPECT_EQ(red, 3);
  EXPECT_EQ(deck.draw_pile().size(), 5u);
}

// RR-CARD-02: the scenario may add or remove cards per side; never below zero.
TEST(ActivationDeck, RR_CARD_02_ScenarioAdjustsCounts) {
  ActivationDeck deck = build(specs(+2, -1));
  EXPECT_EQ(deck.cards_of(0), 5);
  EXPECT_EQ(deck.cards_of(1), 1);

  std::string error;
  EXPECT_FALSE(ActivationDeck::build(specs(0, -3), &error).has_value());
  EXPECT_EQ(error,
            "side russians has 2 units, so its card adjustment cannot be -3 (it would leave fewer than no black cards)");
  EXPECT_FALSE(ActivationDeck::build({specs()[0]}, &error).has_value());
  EXPECT_EQ(error, "a Rookie Rules activation deck needs exactly two sides (red and black cards), not 1");
  auto twice = specs();
  twice[1].units.push_back("g1");
  EXPECT_FALSE(ActivationDeck::build(twice, &error).has_value());
  EXPECT_EQ(error, "unit g1 is listed twice in the activation deck");
}

TEST(ActivationDeck, MoreThanOnePacksWorthOfAColour) {
  const std::vector<std::string> many = unit_ids(30);
  ActivationDeck deck = build({{"a", many, 0}, {"b", {"x"}, 0}});
  EXPECT_EQ(deck.cards_of(0), 30);
  for (const pb::Card& c : deck.draw_pile()) EXPECT_TRUE(card_valid(c));
}

// RR-SEQ-01 steps 3 and 5: draw through the whole deck, then reshuffle for the next sequence.
TEST(ActivationDeck, RR_SEQ_01_WholeDeckPerSequenceThenReshuffle) {
  const std::vector<std::string> units = unit_ids(10);
  ActivationDeck deck = build({{"a", units, 0}, {"b", {"v0", "v1", "v2", "v3"}, 0}});
  Pcg32 rng(3);
  std::vector<std::vector<pb::Card>> orders;
  for (int seq = 1; seq <= 3; ++seq) {
    deck.start_sequence(rng);
    EXPECT_EQ(deck.public_summary().sequence, seq);
    orders.push_back(deck.draw_pile());
    int turned = 0;
    while (auto d = deck.draw()) {
      ++turned;
      if (d->effect == ActivationEffect::kChooseUnit) {
        ASSERT_FALSE(deck.activate(deck.eligible(d->side).front()).has_value());
      }
    }
    EXPECT_EQ(turned, 14);
    EXPECT_TRUE(deck.sequence_over());
    EXPECT_TRUE(deck.eligible(0).empty());
  }
  auto same = [](const std::vector<pb::Card>& a, const std::vector<pb::Card>& b) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!same_card(a[i], b[i])) return false;
    }
    return true;
  };
  // Reshuffled, not reused (14 distinct cards: a repeat by chance is 1 in 14!).
  EXPECT_FALSE(same(orders[0], orders[1]));
  EXPECT_FALSE(same(orders[1], orders[2]));

  // Same seed, same orders.
  ActivationDeck again = build({{"a", units, 0}, {"b", {"v0", "v1", "v2", "v3"}, 0}});
  Pcg32 rng2(3);
  again.start_sequence(rng2);
  EXPECT_TRUE(same(again.draw_pile(), orders[0]));
}

// RR-CARD-03: a unit acts once per sequence; RR-CARD-04: the card's side picks, and only its units.
TEST(ActivationDeck, RR_CARD_03_04_ChoosingTheUnit) {
  ActivationDeck deck = build(specs(+1, 0));  // 4 red cards for 3 German units
  deck.start_sequence_entered();
  const pb::Card red1 = make_card(pb::SUIT_HEARTS, 1);
  ASSERT_FALSE(deck.draw_entered(red1).has_value());
  ASSERT_TRUE(deck.pending().has_value());
  EXPECT_EQ(deck.pending()->side, 0);
  EXPECT_EQ(deck.activate("r1").value(),
            "the ace of hearts is a red card: it activates a unit of germans, and r1 is not one");
  EXPECT_EQ(deck.activate("zz").value(), "there is no unit zz in the activation deck");
  EXPECT_EQ(deck.draw_entered(make_card(pb::SUIT_HEARTS, 2)).value(),
            "the ace of hearts still waits for a unit to act or a pass");
  EXPECT_FALSE(deck.activate("g1").has_value());
  EXPECT_TRUE(deck.acted("g1"));

  ASSERT_FALSE(deck.draw_entered(make_card(pb::SUIT_HEARTS, 2)).has_value());
  EXPECT_EQ(deck.activate("g1").value(), "g1 has already acted in this card sequence");  // RR-CARD-03
  EXPECT_EQ(deck.eligible(0), (std::vector<std::string>{"g2", "g3"}));
  EXPECT_FALSE(deck.activate("g3").has_value());
  ASSERT_FALSE(deck.draw_entered(make_card(pb::SUIT_HEARTS, 3)).has_value());
  EXPECT_FALSE(deck.activate("g2").has_value());

  // RR-CARD-04: every German has acted, so the extra red card is ignored (nothing pending).
  ASSERT_FALSE(deck.draw_entered(make_card(pb::SUIT_HEARTS, 4)).has_value());
  EXPECT_FALSE(deck.pending().has_value());
  EXPECT_EQ(deck.draw_entered(make_card(pb::SUIT_HEARTS, 4)).value(),
            "the 4 of hearts has already been turned this card sequence");
  EXPECT_EQ(deck.draw_entered(make_card(pb::SUIT_HEARTS, 9)).value(),
            "the 9 of hearts is not in this game's activation deck");
}

// RR-CARD-04: a card may be passed; the unit it could have moved may still act on a later card.
TEST(ActivationDeck, RR_CARD_04_PassSpendsTheCard) {
  ActivationDeck deck = build(specs(0, +1));  // 3 black cards for 2 Russian units
  deck.start_sequence_entered();
  EXPECT_EQ(deck.pass().value(), "no activation card is waiting to be passed");
  ASSERT_FALSE(deck.draw_entered(make_card(pb::SUIT_CLUBS, 1)).has_value());
  EXPECT_FALSE(deck.pass().has_value());
  EXPECT_FALSE(deck.pending().has_value());
  EXPECT_EQ(deck.eligible(1).size(), 2u);
  auto next = deck.draw();
  ASSERT_TRUE(next.has_value());
  EXPECT_EQ(deck.activate("no-such").value(), "there is no unit no-such in the activation deck");
}

// RR-CMD-05: a leader that spends its functions in the command phase is inactive for the sequence.
TEST(ActivationDeck, RR_CMD_05_CommandPhaseSpendsTheActivation) {
  ActivationDeck deck = build(specs());
  EXPECT_TRUE(deck.spend_in_command_phase("g1").has_value());  // no sequence started yet
  Pcg32 rng(5);
  deck.start_sequence(rng);
  EXPECT_FALSE(deck.spend_in_command_phase("g1").has_value());
  EXPECT_EQ(deck.spend_in_command_phase("g1").value(), "g1 has already spent its activation in this card sequence");
  EXPECT_EQ(deck.eligible(0), (std::vector<std::string>{"g2", "g3"}));
  deck.draw();
  EXPECT_EQ(deck.spend_in_command_phase("g2").value(),
            "a leader can only spend its functions in the command phase, before the card sequence begins");
  // A new sequence restores it.
  if (deck.pending()) deck.pass();
  deck.start_sequence(rng);
  EXPECT_FALSE(deck.acted("g1"));
}

// RR-CARD-06: the view summary carries counts and the last card turned, not the order.
TEST(ActivationDeck, RR_CARD_06_SummaryHidesTheOrder) {
  ActivationDeck a = build(specs()), b = build(specs());
  Pcg32 r1(1), r2(1000);
  a.start_sequence(r1);
  b.start_sequence(r2);
  EXPECT_EQ(a.public_summary(), b.public_summary());
  EXPECT_EQ(a.public_summary().draw_pile, 5);
  const auto d = a.draw();
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(a.public_summary().turned, 1);
  EXPECT_TRUE(same_card(*a.public_summary().last_turned, d->card));
}

}  // namespace
}  // namespace sandtable
