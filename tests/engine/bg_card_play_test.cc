// Battleground card play (BG-CARD-03..10) against the seed's worked example BG-EX-01 and the
// derived examples BG-DX-01..04, with exactly their cards.
#include "engine/rulesets/bg/bg_card_play.h"

#include <gtest/gtest.h>

namespace sandtable {
namespace {

pb::Card c(int rank, pb::Suit suit) { return make_card(suit, rank); }
constexpr pb::Suit H = pb::SUIT_HEARTS, S = pb::SUIT_SPADES, C = pb::SUIT_CLUBS, D = pb::SUIT_DIAMONDS;

BgCardOutcome take(BgCardPlay& play, const pb::Card& card) {
  auto out = play.take(card);
  EXPECT_TRUE(out.has_value()) << card_name(card);
  return out.value_or(BgCardOutcome{BgCardEffect::kIgnored, std::nullopt, false, false});
}

void expect(const BgCardOutcome& o, BgCardEffect effect, BgSide side, BgAction action, bool last) {
  EXPECT_EQ(o.effect, effect);
  ASSERT_TRUE(o.action.has_value());
  EXPECT_EQ(o.action->side, side);
  EXPECT_EQ(o.action->action, action);
  EXPECT_EQ(o.last_card, last);
}

// BG-EX-01: 5♥, A♠, Q♣, A♣, 7♦.
TEST(BgCardPlay, BG_EX_01_FourthTurnPhoto) {
  BgCardPlay play;
  expect(take(play, c(5, H)), BgCardEffect::kAllUnitsAct, BgSide::kAllied, BgAction::kShoot, false);
  const auto ace_spades = take(play, c(1, S));
  expect(ace_spades, BgCardEffect::kOneUnitActs, BgSide::kAxis, BgAction::kMove, false);  // BG-CARD-07
  EXPECT_TRUE(ace_spades.compulsory);                                                       // BG-CARD-09
  expect(take(play, c(12, C)), BgCardEffect::kAllUnitsAct, BgSide::kAxis, BgAction::kShoot, false);
  const auto ace_clubs = take(play, c(1, C));
  expect(ace_clubs, BgCardEffect::kOneUnitActsAgain, BgSide::kAxis, BgAction::kShoot, false);  // BG-CARD-08
  EXPECT_TRUE(ace_clubs.compulsory);
  // BG-CARD-05: 7♦ is the first card of the fourth suit, so drawing stops after it.
  expect(take(play, c(7, D)), BgCardEffect::kAllUnitsAct, BgSide::kAllied, BgAction::kMove, true);
  EXPECT_TRUE(play.over());
  EXPECT_EQ(play.suits_drawn(), 4);
  EXPECT_FALSE(play.take(c(2, H)).has_value());  // nothing more this phase
}

// BG-DX-01: A♦, 9♦, 3♣, K♠, 2♥ — ace first closes diamonds (BG-CARD-07), 2♥ ends the turn.
TEST(BgCardPlay, BG_DX_01_AceFirst) {
  BgCardPlay play;
  expect(take(play, c(1, D)), BgCardEffect::kOneUnitActs, BgSide::kAllied, BgAction::kMove, false);
  EXPECT_EQ(take(play, c(9, D)).effect, BgCardEffect::kIgnored);
  expect(take(play, c(3, C)), BgCardEffect::kAllUnitsAct, BgSide::kAxis, BgAction::kShoot, false);
  expect(take(play, c(13, S)), BgCardEffect::kAllUnitsAct, BgSide::kAxis, BgAction::kMove, false);
  expect(take(play, c(2, H)), BgCardEffect::kAllUnitsAct, BgSide::kAllied, BgAction::kShoot, true);
  EXPECT_TRUE(play.over());
}

// BG-DX-02: 4♠, Joker — all Axis move, then the phase ends (BG-CARD-06).
TEST(BgCardPlay, BG_DX_02_JokerEndsThePhase) {
  BgCardPlay play;
  expect(take(play, c(4, S)), BgCardEffect::kAllUnitsAct, BgSide::kAxis, BgAction::kMove, false);
  const auto joker = take(play, make_joker(1));
  EXPECT_EQ(joker.effect, BgCardEffect::kEndsCardPhase);
  EXPECT_TRUE(joker.last_card);
  EXPECT_FALSE(joker.action.has_value());
  EXPECT_TRUE(play.over());
  EXPECT_EQ(play.suits_drawn(), 1);  // no shooting this turn
}

// BG-DX-03: a joker first — no actions at all.
TEST(BgCardPlay, BG_DX_03_JokerFirst) {
  BgCardPlay play;
  const auto joker = take(play, make_joker(2));
  EXPECT_EQ(joker.effect, BgCardEffect::kEndsCardPhase);
  EXPECT_TRUE(play.over());
  EXPECT_EQ(play.suits_drawn(), 0);
}

// BG-DX-04: 8♣, 10♣, 6♥, 2♠, J♣, 5♦ — repeated clubs ignored (BG-CARD-04).
TEST(BgCardPlay, BG_DX_04_DuplicateSuitIgnored) {
  BgCardPlay play;
  expect(take(play, c(8, C)), BgCardEffect::kAllUnitsAct, BgSide::kAxis, BgAction::kShoot, false);
  EXPECT_EQ(take(play, c(10, C)).effect, BgCardEffect::kIgnored);
  expect(take(play, c(6, H)), BgCardEffect::kAllUnitsAct, BgSide::kAllied, BgAction::kShoot, false);
  expect(take(play, c(2, S)), BgCardEffect::kAllUnitsAct, BgSide::kAxis, BgAction::kMove, false);
  EXPECT_EQ(take(play, c(11, C)).effect, BgCardEffect::kIgnored);
  expect(take(play, c(5, D)), BgCardEffect::kAllUnitsAct, BgSide::kAllied, BgAction::kMove, true);
}

// BG-CARD-10: the fourth suit opened by its ace — one unit acts and drawing ends.
TEST(BgCardPlay, BG_CARD_10_FourthSuitAce) {
  BgCardPlay play;
  take(play, c(2, C));
  take(play, c(2, S));
  take(play, c(2, H));
  const auto ace = take(play, c(1, D));
  expect(ace, BgCardEffect::kOneUnitActs, BgSide::kAllied, BgAction::kMove, true);
  EXPECT_TRUE(ace.compulsory);
  EXPECT_TRUE(play.over());
}

// BG-CARD-05: drawing goes on while the missing suit is known; jokers and aces may still come.
TEST(BgCardPlay, BG_CARD_05_DrawingContinuesUntilTheFourthSuit) {
  BgCardPlay play;
  take(play, c(9, C));
  take(play, c(9, S));
  take(play, c(9, H));
  for (int rank = 2; rank <= 13; ++rank) {
    if (rank == 9) continue;  // already drawn
    EXPECT_EQ(take(play, c(rank, C)).effect, BgCardEffect::kIgnored);  // BG-CARD-04
    EXPECT_FALSE(play.over());
  }
  EXPECT_EQ(take(play, c(1, H)).effect, BgCardEffect::kOneUnitActsAgain);  // a late ace still counts
  EXPECT_FALSE(play.over());
}

// BG-CARD-04 after BG-CARD-08: once the ace has given its extra action, the suit stays used.
TEST(BgCardPlay, BG_CARD_04_SuitStaysUsedAfterLateAce) {
  BgCardPlay play;
  take(play, c(6, H));
  EXPECT_EQ(take(play, c(1, H)).effect, BgCardEffect::kOneUnitActsAgain);
  EXPECT_EQ(take(play, c(7, H)).effect, BgCardEffect::kIgnored);
}

TEST(BgCardPlay, NonAcesAreNotCompulsoryAndBadCardsAreRefused) {
  BgCardPlay play;
  EXPECT_FALSE(take(play, c(3, C)).compulsory);
  EXPECT_FALSE(play.take(make_card(pb::SUIT_CLUBS, 14)).has_value());
  EXPECT_EQ(play.suits_drawn(), 1);
}

}  // namespace
}  // namespace sandtable
