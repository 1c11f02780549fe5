// Battleground sequence of play and card play through the rule set (BG-SEQ-*, BG-CARD-*,
// BG-UNIT-10, BG-EX-01, BG-DX-01..05).
#include "tests/engine/bg_test_util.h"

#include "engine/rulesets/bg/bg_actions.h"
#include "engine/registry/builtin_registry.h"

namespace sandtable::bgtest {
namespace {

Sc two_units_each() {
  Sc sc;
  sc.inf(0, "ax1", 4, 10, 10);
  sc.inf(0, "ax2", 4, 20, 10);
  sc.inf(1, "al1", 4, 10, 26, 1, 0, "C", 180);
  sc.inf(1, "al2", 4, 20, 26, 1, 0, "C", 180);
  return sc;
}

TEST(BgCards, RegisteredAsBattleground) {
  ASSERT_NE(builtin_registry().find("battleground"), nullptr);
}

// BG-SEQ-01: the game opens in turn 1's card-play phase, waiting for a card (physical deck).
TEST(BgCards, OpensTurnOneWaitingForACard) {
  TG t(two_units_each().s);
  EXPECT_EQ(t.st().turn, 1);
  EXPECT_EQ(t.st().phase, bg::Phase::kCards);
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"axis", "allies"}));
}

pb::BgView card_panel(const TG& t, const std::string& viewer) {
  pb::BgView v;
  EXPECT_TRUE(t.g->view(viewer).extra().UnpackTo(&v));
  return v;
}

std::vector<std::string> effects(const pb::BgView& v) {
  std::vector<std::string> out;
  for (const auto& c : v.turned()) out.push_back(c.side() + ": " + c.effect());
  return out;
}

// BG-CARD-12: drawn cards are public, so every seat's card panel lays out the turn's cards with
// what each did (BG-CARD-03/04/07/08), and says the open card's rule when it is an ace or a
// repeated suit; the deck's order never appears (counts only).
TEST(BgCards, BG_CARD_12_PanelListsTheTurnsCardsWithWhatEachDid) {
  TG t(two_units_each().s);
  t.draw(card(H, 5));
  t.end_action("allies");
  t.draw(card(S, 1));
  EXPECT_EQ(card_panel(t, "spectator").card_rule(),
            "An ace as its suit's first card: the side picks one unit to act, and later cards of the suit are ignored this "
            "turn (BG-CARD-07).");
  t.end_action("axis");
  t.draw(card(S, 9));  // BG-CARD-07: spades closed by their ace
  EXPECT_EQ(card_panel(t, "allies").card_rule(), "A card of a suit already played this turn does nothing (BG-CARD-04).");
  t.draw(card(C, 12));
  t.end_action("axis");
  t.draw(card(C, 1));
  const pb::BgView v = card_panel(t, "axis");
  EXPECT_EQ(effects(v), (std::vector<std::string>{"allies: every unit may shoot",
                                                   "axis: one unit may move (ace first: the suit is closed)",
                                                   "axis: ignored: its suit was already played", "axis: every unit may shoot",
                                                   "axis: one unit may shoot once more (ace)"}));
  EXPECT_NE(v.card_rule().find("(BG-CARD-08)"), std::string::npos);
  EXPECT_EQ(v.suit_roles_size(), 5);  // four suits (BG-CARD-02) and the ace/joker key
  EXPECT_EQ(v.suit_roles(0).rfind("Clubs: ", 0), 0u);
  EXPECT_EQ(card_panel(t, "spectator").turned_size(), 5);  // public: the same for a spectator
  t.end_action("axis");
  t.draw(make_joker(1));  // BG-CARD-06: the turn ends; the next one starts with no card turned
  EXPECT_EQ(t.st().turn, 2);
  EXPECT_EQ(card_panel(t, "axis").turned_size(), 0);
  EXPECT_EQ(card_panel(t, "axis").card_rule(), "");
}

// BG-EX-01 (the seed's photo, "fourth turn"): 5H, AS, QC, AC, 7D. Two joker-first turns
// (BG-CARD-06, BG-DX-03: each still counts) and one four-suit turn bring the counter to 4.
TEST(BgCards, SeedExample01FourthTurn) {
  TG t(two_units_each().s);
  for (int turn = 1; turn <= 2; ++turn) {
    auto o = t.draw(make_joker(turn));
    ASSERT_EQ(TG::cards(o).size(), 1u);
    EXPECT_EQ(TG::cards(o)[0].effect(), pb::BG_CARD_ENDS_PHASE);
    EXPECT_EQ(t.st().turn, turn + 1);
  }
  t.draw(card(C, 2));
  t.end_action("axis");
  t.draw(card(S, 2));
  t.end_action("axis");
  t.draw(card(H, 2));
  t.end_action("allies");
  t.draw(card(D, 2));
  t.end_action("allies");
  EXPECT_EQ(t.st().turn, 4);  // "The turn counter was 4"

  // 5H: every Allied unit may shoot.
  auto c = TG::cards(t.draw(card(H, 5)))[0];
  EXPECT_EQ(c.effect(), pb::BG_CARD_ALL_UNITS);
  EXPECT_EQ(c.side(), "allies");
  EXPECT_EQ(c.action(), pb::BG_ACTION_SHOOT);
  EXPECT_EQ(t.g->waiting_for(), std::vector<std::string>{"allies"});
  t.end_action("allies");

  // AS (first spade): exactly one Axis unit moves; later spades are void.
  c = TG::cards(t.draw(card(S, 1)))[0];
  EXPECT_EQ(c.effect(), pb::BG_CARD_ONE_UNIT);
  EXPECT_EQ(c.side(), "axis");
  EXPECT_EQ(c.action(), pb::BG_ACTION_MOVE);
  EXPECT_TRUE(c.compulsory());  // BG-CARD-09
  t.ok(move("axis", "ax1", pb::BG_MOVE_WALK, {{10, 12}}), {2});
  // BG-CARD-07: the ace's one unit has acted; the action is over and the next card is due.
  EXPECT_LT(t.st().action.side, 0);
  EXPECT_EQ(t.refused(move("axis", "ax2", pb::BG_MOVE_WALK, {{20, 12}}), {2}), "BG_NO_CARD");

  // QC: every Axis unit may shoot.
  c = TG::cards(t.draw(card(C, 12)))[0];
  EXPECT_EQ(c.effect(), pb::BG_CARD_ALL_UNITS);
  EXPECT_EQ(c.side(), "axis");
  EXPECT_EQ(c.action(), pb::BG_ACTION_SHOOT);
  t.end_action("axis");

  // AC after QC: one Axis unit shoots again (BG-CARD-08).
  c = TG::cards(t.draw(card(C, 1)))[0];
  EXPECT_EQ(c.effect(), pb::BG_CARD_ONE_UNIT_AGAIN);
  t.end_action("axis");

  // 7D: every Allied unit moves; it is the first card of the fourth suit, so drawing stops.
  c = TG::cards(t.draw(card(D, 7)))[0];
  EXPECT_EQ(c.effect(), pb::BG_CARD_ALL_UNITS);
  EXPECT_EQ(c.side(), "allies");
  EXPECT_EQ(c.action(), pb::BG_ACTION_MOVE);
  EXPECT_TRUE(c.last_card());
  t.ok(move("allies", "al1", pb::BG_MOVE_WALK, {{10, 24}}, 180), {1});
  auto o = t.end_action("allies");
  // BG-SEQ-02/03: melee phase, special actions, then turn 5 begins.
  bool melee = false, special = false;
  for (const auto& e : o.events) {
    if (has_bg(e) && bg_of(e).has_phase_changed()) {
      melee = melee || bg_of(e).phase_changed().phase() == pb::BG_PHASE_MELEE;
      special = special || bg_of(e).phase_changed().phase() == pb::BG_PHASE_SPECIAL;
    }
  }
  EXPECT_TRUE(melee);
  EXPECT_TRUE(special);
  EXPECT_EQ(t.st().turn, 5);
}

// BG-DX-01: AD, 9D, 3C, KS, 2H -> one Allied unit moves; 9D ignored; all Axis shoot; all Axis
// move; all Allies shoot; the turn ends at 2H.
TEST(BgCards, DerivedAceFirst) {
  TG t(two_units_each().s);
  EXPECT_EQ(TG::cards(t.draw(card(D, 1)))[0].effect(), pb::BG_CARD_ONE_UNIT);
  t.end_action("allies");  // BG-CARD-09: the owner may decline to move the unit
  EXPECT_EQ(TG::cards(t.draw(card(D, 9)))[0].effect(), pb::BG_CARD_IGNORED);
  EXPECT_LT(t.st().action.side, 0);  // nothing to do: the next card is due
  EXPECT_EQ(TG::cards(t.draw(card(C, 3)))[0].effect(), pb::BG_CARD_ALL_UNITS);
  t.end_action("axis");
  EXPECT_EQ(TG::cards(t.draw(card(S, 13)))[0].effect(), pb::BG_CARD_ALL_UNITS);
  t.end_action("axis");
  auto last = TG::cards(t.draw(card(H, 2)))[0];
  EXPECT_EQ(last.effect(), pb::BG_CARD_ALL_UNITS);
  EXPECT_TRUE(last.last_card());
  t.end_action("allies");
  EXPECT_EQ(t.st().turn, 2);
}

// BG-DX-02: 4S then a joker -> all Axis move, then the card phase ends: no shooting.
TEST(BgCards, DerivedJokerEndsPhase) {
  TG t(two_units_each().s);
  t.draw(card(S, 4));
  t.end_action("axis");
  auto c = TG::cards(t.draw(make_joker(1)))[0];
  EXPECT_EQ(c.effect(), pb::BG_CARD_ENDS_PHASE);
  EXPECT_TRUE(c.last_card());
  EXPECT_EQ(t.st().turn, 2);
}

// BG-DX-04: 8C, 10C, 6H, 2S, JC, 5D -> Axis shoot once (10C, JC ignored), Allies shoot, Axis
// move, Allies move, end.
TEST(BgCards, DerivedDuplicateSuit) {
  TG t(two_units_each().s);
  EXPECT_EQ(TG::cards(t.draw(card(C, 8)))[0].effect(), pb::BG_CARD_ALL_UNITS);
  t.end_action("axis");
  EXPECT_EQ(TG::cards(t.draw(card(C, 10)))[0].effect(), pb::BG_CARD_IGNORED);  // BG-CARD-04
  EXPECT_EQ(TG::cards(t.draw(card(H, 6)))[0].effect(), pb::BG_CARD_ALL_UNITS);
  t.end_action("allies");
  EXPECT_EQ(TG::cards(t.draw(card(S, 2)))[0].effect(), pb::BG_CARD_ALL_UNITS);
  t.end_action("axis");
  EXPECT_EQ(TG::cards(t.draw(card(C, 11)))[0].effect(), pb::BG_CARD_IGNORED);
  auto last = TG::cards(t.draw(card(D, 5)))[0];
  EXPECT_TRUE(last.last_card());
  t.end_action("allies");
  EXPECT_EQ(t.st().turn, 2);
}

// BG-CARD-03: on an all-units card each unit acts once; BG-CARD-08: an ace after another card
// lets one unit (even one that already acted) act once more.
TEST(BgCards, EachUnitOncePerCardAndAceAgain) {
  TG t(two_units_each().s);
  t.draw(card(S, 9));
  t.ok(move("axis", "ax1", pb::BG_MOVE_WALK, {{10, 12}}), {2});
  EXPECT_EQ(t.refused(move("axis", "ax1", pb::BG_MOVE_WALK, {{10, 14}}), {2}), "BG_ALREADY_ACTED");
  t.ok(move("axis", "ax2", pb::BG_MOVE_WALK, {{20, 12}}), {2});
  // Every Axis unit has moved: the action closes by itself and the next card is due.
  EXPECT_LT(t.st().action.side, 0);
  t.draw(card(S, 1));
  t.ok(move("axis", "ax1", pb::BG_MOVE_WALK, {{10, 14}}), {2});
  EXPECT_NEAR(bg::com(t.u("ax1")).y, 14, 1e-9);
}

// BG-CARD-02: a card belongs to one side and action; others are refused.
TEST(BgCards, WrongSideOrActionRefused) {
  TG t(two_units_each().s);
  t.draw(card(H, 4));  // Allied shoot
  EXPECT_EQ(t.refused(move("allies", "al1", pb::BG_MOVE_WALK, {{10, 24}}, 180), {2}), "BG_NOT_YOUR_CARD");
  EXPECT_EQ(t.refused(move("axis", "ax1", pb::BG_MOVE_WALK, {{10, 12}}), {2}), "BG_NOT_YOUR_CARD");
  BgOrder end = cmd("axis");
  end.mutable_bg()->mutable_end_action();
  EXPECT_EQ(t.refused(end), "BG_NOT_YOUR_CARD");
}

// BG-CARD-11 / BG-DX-05: a physical deck cannot turn a card twice in a turn; entering cards is
// refused when the generator deals (BG-CARD-12: the order is secret, engine only).
TEST(BgCards, PhysicalDeckAndSecretDeck) {
  TG t(two_units_each().s);
  t.draw(card(S, 9));
  t.end_action("axis");
  BgOrder again = cmd("axis");
  *again.mutable_bg()->mutable_draw_card()->mutable_card() = card(S, 9);
  EXPECT_EQ(t.refused(again), "BG_CARD_NOT_IN_DECK");
  TG r(two_units_each().s, /*table=*/false);
  EXPECT_EQ(r.refused(again), "BG_ENGINE_DRAWS");
  // Drawn cards are public: no card event is restricted to a seat.
  for (const auto& e : r.log) {
    if (has_bg(e) && bg_of(e).has_card_drawn()) {
      EXPECT_TRUE(e.visible_to().empty());
    }
  }
}

// BG-CARD-11 / BG-DX-05 through the rule set: over many generator-dealt turns the deck keeps
// all 54 cards, runs out and is fully reshuffled after the turn in which it ran out; the log
// replays to the same state (the deck's own stream is re-derived from the seed).
TEST(BgCards, DeckRunOutAndReplay) {
  TG t(two_units_each().s, /*table=*/false, 7);
  int reshuffles = 0;
  for (int step = 0; step < 400 && t.st().turn < 30; ++step) {
    ASSERT_EQ(t.st().deck.size(), 54);
    const auto w = t.g->waiting_for();
    ASSERT_EQ(w.size(), 1u);
    auto o = t.end_action(w[0]);
    for (const auto& e : o.events) {
      if (has_bg(e) && bg_of(e).has_turn_ended() && bg_of(e).turn_ended().deck_reshuffled()) ++reshuffles;
    }
  }
  EXPECT_GE(t.st().turn, 30);
  EXPECT_GE(reshuffles, 1);
  std::string err;
  auto replay = Game::from_log(builtin_registry(), t.log, &err);
  ASSERT_TRUE(replay) << err;
  const auto& a = static_cast<const BgState&>(replay->state());
  EXPECT_EQ(a.turn, t.st().turn);
  EXPECT_EQ(a.deck.draw_pile().size(), t.st().deck.draw_pile().size());
  for (std::size_t i = 0; i < a.deck.draw_pile().size(); ++i) {
    EXPECT_TRUE(same_card(a.deck.draw_pile()[i], t.st().deck.draw_pile()[i]));
  }
}

// BG-UNIT-10: reinforcements arrive on their counted turn (joker-first turns count), and are
// not in anyone's view before.
TEST(BgCards, ReinforcementsArriveOnTheirTurn) {
  Sc sc = two_units_each();
  auto* r = sc.s.add_reinforcements();
  r->set_turn(3);
  r->set_side("allies");
  auto* u = r->mutable_unit();
  u->set_id("al3");
  u->set_type("infantry");
  for (int i = 0; i < 4; ++i) {
    auto* f = u->add_figures();
    f->set_id("al3-f" + std::to_string(i));
    f->set_kind(i == 0 ? "leader" : "rifle");
    *f->mutable_position() = pt(30 + i, 35);
  }
  TG t(sc.s);
  auto seen = [&](const std::string& who) {
    const pb::View v = t.g->view(who);
    for (int i = 0; i < v.units_size(); ++i) {
      if (v.units(i).id() == "al3") return true;
    }
    return false;
  };
  EXPECT_FALSE(seen("allies"));
  t.draw(make_joker(1));  // turn 1 ends at once
  EXPECT_FALSE(t.u("al3").on_table);
  t.draw(make_joker(2));  // turn 2
  EXPECT_EQ(t.st().turn, 3);
  EXPECT_TRUE(t.u("al3").on_table);
  EXPECT_TRUE(seen("axis"));
}

// BG-VIC-01: the scenario's turn limit ends the game (a draw the GM may overrule).
TEST(BgCards, TurnLimitEndsTheGame) {
  Sc sc = two_units_each();
  sc.s.mutable_victory()->set_max_turns(2);
  TG t(sc.s);
  t.draw(make_joker(1));
  t.draw(make_joker(2));
  EXPECT_TRUE(t.g->over());
}

// The legal-action list only offers commands the game accepts (RNG game, bot-like walk).
TEST(BgCards, LegalActionsAreAccepted) {
  TG t(two_units_each().s, /*table=*/false, 3);
  Pcg32 rng(11);
  for (int step = 0; step < 150 && !t.g->over(); ++step) {
    const auto w = t.g->waiting_for();
    ASSERT_FALSE(w.empty());
    const auto acts = bg::legal_actions(t.st(), w[0]);
    ASSERT_FALSE(acts.empty());
    for (const auto& a : acts) {
      Game copy(*t.g);
      const Outcome o = copy.execute(a);
      EXPECT_TRUE(o.accepted) << a.DebugString() << o.rejection.message();
    }
    t.ok(acts[rng.below(static_cast<std::uint32_t>(acts.size()))]);
  }
}

}  // namespace
}  // namespace sandtable::bgtest
