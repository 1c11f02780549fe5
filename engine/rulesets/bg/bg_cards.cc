// Sequence of play and card play (BG-SEQ-01..03, BG-CARD-01..13, BG-UNIT-10, BG-VIC-01):
// turns, the deck, what each card lets a side do, and the phases after the cards.
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_units.h"
#include "engine/rulesets/bg/bgm_layer.h"
#include "engine/rulesets/bg/bgs_skirmish.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

const char* action_word(BgAction a) { return a == BgAction::kMove ? "move" : "shoot"; }

pb::BgAction to_pb(BgAction a) { return a == BgAction::kMove ? pb::BG_ACTION_MOVE : pb::BG_ACTION_SHOOT; }

pb::BgCardEffect to_pb(BgCardEffect e) {
  switch (e) {
    case BgCardEffect::kAllUnitsAct: return pb::BG_CARD_ALL_UNITS;
    case BgCardEffect::kOneUnitActs: return pb::BG_CARD_ONE_UNIT;
    case BgCardEffect::kOneUnitActsAgain: return pb::BG_CARD_ONE_UNIT_AGAIN;
    case BgCardEffect::kIgnored: return pb::BG_CARD_IGNORED;
    case BgCardEffect::kEndsCardPhase: return pb::BG_CARD_ENDS_PHASE;
  }
  return pb::BG_CARD_IGNORED;
}

// Emits the card and what it does (the state's copy of the card play is advanced by apply).
void emit_card(Context& ctx, BgState& st, const pb::Card& card, bool refilled) {
  BgCardPlay play = st.play;
  const std::optional<BgCardOutcome> out = play.take(card);
  pb::BgEvent e;
  auto* d = e.mutable_card_drawn();
  *d->mutable_card() = card;
  d->set_refilled(refilled);
  if (out) {
    d->set_effect(to_pb(out->effect));
    d->set_compulsory(out->compulsory);
    d->set_last_card(out->last_card);
    if (out->action) {
      d->set_side(side_id(st, side_of(st, out->action->side)));
      d->set_action(to_pb(out->action->action));
    }
  }
  emit_bg(ctx, e);
  // BG-ART-08 / BG-CARD-15: a 5 or 6 may trigger the random artillery deck before the action.
  if (st.options.random_artillery && !is_joker(card) && (card.rank() == 5 || card.rank() == 6)) {
    random_artillery_trigger(ctx, st, card);
  }
  // BG-MOR-04: routing units roll to rally on their side's move card (bg_morale.cc).
  rally_routing_units(ctx, st);
}

// The generator's next card: the deck is copied so the handler can name the card; apply
// repeats the very same draw on the state's deck (same pile, same stream).
void draw_next(Context& ctx, BgState& st) {
  CardDeck deck = st.deck;
  Pcg32 rng = st.deck_rng;
  const bool refill = deck.draw_pile().empty();
  const std::optional<pb::Card> card = deck.draw(rng);
  if (!card) reject("BG_DECK_EMPTY", "BG-CARD-11", "No card is left to draw.");
  emit_card(ctx, st, *card, refill);
}

void start_turn(Context& ctx, BgState& st, int turn) {
  pb::BgEvent e;
  e.mutable_turn_started()->set_turn(turn);
  emit_bg(ctx, e);
  // BG-UNIT-10: reinforcements enter on their counted turn (joker-first turns count, BG-CARD-06).
  pb::BgEvent r;
  for (const auto& u : st.units) {
    if (!u.on_table && !u.destroyed && u.arrives_turn == turn) r.mutable_reinforcements()->add_unit_ids(u.id);
  }
  if (r.has_reinforcements()) {
    r.mutable_reinforcements()->set_turn(turn);
    emit_bg(ctx, r);
  }
  if (skirmish(st)) bgs_start_turn(ctx, st);  // BGM-GEN-02 step (1); (2)-(4) follow it
  if (st.options.bgm_vehicles) bgm_start_turn(ctx, st);  // BGM-VDMG-03: immobilised crews test again
}

// A unit that may still use the current card (BG-CARD-03: each unit once per card).
bool may_still_act(const BgState& st, const Unit& u) {
  if (skirmish(st)) return bgs_may_still_act(st, u);  // the unit whose card is up (BGM-GEN-02)
  if (u.side != st.action.side || !u.on_table || u.destroyed || u.prisoner_group) return false;
  if (u.kind == UnitKind::kEmplacement && st.action.action == BgAction::kMove) return false;
  const int done = st.action.action == BgAction::kMove ? u.moved_card : u.shot_card;
  return done != st.action.serial && ace_allows(st, u);  // BG-UNIT-08 pairs on an ace
}

void end_action(Context& ctx, BgState& st, const std::string& reason) {
  pb::BgEvent e;
  e.mutable_action_ended()->set_side(side_id(st, st.action.side));
  e.mutable_action_ended()->set_action(to_pb(st.action.action));
  e.mutable_action_ended()->set_reason(reason);
  emit_bg(ctx, e);
}

void change_phase(Context& ctx, pb::BgPhase phase, const std::string& reason) {
  pb::BgEvent e;
  e.mutable_phase_changed()->set_phase(phase);
  e.mutable_phase_changed()->set_reason(reason);
  emit_bg(ctx, e);
}

// BG-VIC-01: victory is the scenario's; the engine ends the game when a side has nothing left on
// or coming to the table, or at the turn limit, where the scenario's objectives and victory
// points are scored (bg_victory.cc; the GM may overrule, BG-GEN-01).
bool check_end(Context& ctx, BgState& st) {
  for (int side = 0; side < 2; ++side) {
    bool any = false;
    for (const auto& u : st.units) any = any || (u.side == side && !u.destroyed && !u.prisoner_group);
    if (!any) {
      ctx.end_game(side_id(st, 1 - side), side_id(st, side) + " has no units left");
      return true;
    }
  }
  if (st.max_turns > 0 && st.turn >= st.max_turns) {
    score_victory(ctx, st, "the scenario's " + std::to_string(st.max_turns) + " turns are over");
    return true;
  }
  return false;
}

}  // namespace

bool needs_card(const BgState& st) {
  return !st.over && st.table_dice && st.decisions.empty() && st.phase == Phase::kCards && st.turn > 0 &&
         st.action.side < 0 && !st.card_phase_over;
}

Check check_card_action(const BgState& st, int side, BgAction action) {
  if (st.phase != Phase::kCards) {
    return refusal("BG_NOT_CARD_PHASE", "BG-SEQ-01", "Units move and shoot only in the card-play phase; the turn is past it.");
  }
  if (st.action.side < 0) {
    return refusal("BG_NO_CARD", "BG-CARD-03", "No card is open for acting; the next card must be turned first.");
  }
  if (skirmish(st)) {  // BGM-GEN-02: a unit's card, for any of its actions
    if (st.action.side == side) return std::nullopt;
    return refusal("BG_NOT_YOUR_CARD", "BGM-GEN-02", "The card that is up is one of " + side_id(st, st.action.side) + "'s units'.");
  }
  if (st.action.side != side || st.action.action != action) {
    return refusal("BG_NOT_YOUR_CARD", "BG-CARD-02",
                   "The open card lets " + side_id(st, st.action.side) + " " + action_word(st.action.action) + ", not " +
                       side_id(st, side) + " " + action_word(action) + ".");
  }
  return std::nullopt;
}

Check check_unit_may_act(const BgState& st, int side, const std::string& unit_id, BgAction action, const Unit** out) {
  if (auto c = check_card_action(st, side, action)) return c;
  const Unit* u = st.find(unit_id);
  if (!u || u->destroyed) return refusal("BG_NO_SUCH_UNIT", "BG-UNIT-01", "There is no unit '" + unit_id + "' on the table.");
  if (!u->on_table) {
    return refusal("BG_NOT_ARRIVED", "BG-UNIT-10", label(*u) + " arrives on turn " + std::to_string(u->arrives_turn) + ".");
  }
  if (u->side != side) return refusal("BG_NOT_YOUR_UNIT", "BG-CARD-02", label(*u) + " belongs to " + side_id(st, u->side) + ".");
  if (u->prisoner_group && action == BgAction::kShoot) {
    return refusal("BG_GUARDS", "BG-PRIS-01", label(*u) + " is escorting prisoners and does not fight.");
  }
  if (u->markers.melee) {
    return refusal("BG_IN_MELEE", "BG-MEL-04", label(*u) + " is locked in a melee until the melee phase.");
  }
  if (auto c = check_bgm_may_act(st, *u)) return c;  // BGM-VDMG-01
  if (skirmish(st)) {  // two actions of the unit whose card is up, of any kind (BGM-GEN-02)
    if (auto c = check_bgs_may_act(st, *u, action)) return c;
    *out = u;
    return std::nullopt;
  }
  if (!ace_allows(st, *u)) {
    return refusal("BG_ACE_USED", "BG-CARD-07", "The ace's one unit (" + label(*ace_user(st)) + ") has acted; " + label(*u) +
                                                     " may not act on this card.");
  }
  const int done = action == BgAction::kMove ? u->moved_card : u->shot_card;
  if (done == st.action.serial) {
    return refusal("BG_ALREADY_ACTED", "BG-CARD-03",
                   label(*u) + " has already used this card; each unit " + action_word(action) + "s once per card.");
  }
  *out = u;
  return std::nullopt;
}

void unit_acted(Context& ctx, BgState& st, const Unit& u, BgAction action) {
  pb::BgEvent e;
  e.mutable_unit_acted()->set_unit_id(u.id);
  e.mutable_unit_acted()->set_action(to_pb(action));
  e.mutable_unit_acted()->set_card_serial(st.action.serial);
  emit_bg(ctx, e);
  // BG-CARD-07/08: an ace lets exactly one unit act; its action is then over. BG-UNIT-08: a
  // two-vehicle unit is one unit, so the ace stays open for the partner that has not acted.
  if (st.action.one_unit && st.action.side >= 0) {
    const Unit* partner = u.pair_with.empty() ? nullptr : st.active_unit(u.pair_with);
    if (partner && partner->side == u.side && may_still_act(st, *partner)) return;
    end_action(ctx, st, "the ace's one unit has acted");
  }
}

void do_draw_card(Context& ctx, BgState& st, int side, const pb::BgDrawCard& c) {
  (void)side;
  if (!st.table_dice) {
    reject("BG_ENGINE_DRAWS", "BG-CARD-12", "The server turns the cards in this game; the deck order is secret.");
  }
  if (!needs_card(st)) {
    reject("BG_NO_CARD_NEEDED", "BG-CARD-03",
           st.action.side >= 0 ? "The open card is still being acted on by " + side_id(st, st.action.side) + "."
                               : "No card is needed now: the card-play phase is over.");
  }
  if (!card_valid(c.card())) reject("BG_BAD_CARD", "BG-CARD-01", "That is not one of the 54 cards.");
  CardDeck deck = st.deck;
  if (auto why = deck.draw_entered(c.card())) reject("BG_CARD_NOT_IN_DECK", "BG-CARD-11", "Cannot turn that card: " + *why + ".");
  emit_card(ctx, st, c.card(), st.deck.draw_pile().empty());
}

void do_end_action(Context& ctx, BgState& st, int side) {
  if (st.phase != Phase::kCards || st.action.side != side) {
    reject("BG_NOT_YOUR_CARD", "BG-CARD-03", "There is no card open for " + side_id(st, side) + " to finish.");
  }
  end_action(ctx, st, st.action.one_unit ? "the ace's unit declined to act (BG-CARD-09)" : "the side has finished");
}

void settle(Context& ctx, BgState& st) {
  for (int guard = 0; guard < 1000 && !st.over; ++guard) {
    if (!st.decisions.empty()) return;
    if (guards_owed(st)) return;  // BG-PRIS-01: the captors choose the guards (BgPrisoners)
    switch (st.phase) {
      case Phase::kCards: {
        if (st.turn == 0) {
          start_turn(ctx, st, 1);
          continue;
        }
        if (skirmish(st) && bgs_ask_reaction(ctx, st)) continue;  // BGM-RF-06, before play goes on
        if (skirmish(st) && st.special_step > 0) {  // BGM-GEN-02 step (1), then (2)-(4)
          bgs_special_step(ctx, st);
          continue;
        }
        if (st.action.side >= 0) {
          bool any = false;
          for (const auto& u : st.units) any = any || may_still_act(st, u);
          if (!any) {
            end_action(ctx, st, "no unit of the side is left to act on this card");
            continue;
          }
          return;  // the side acts (or ends the action)
        }
        if (st.card_phase_over) {
          // BG-SEQ-02: melee follows whether the phase ended by the fourth suit or a joker.
          change_phase(ctx, pb::BG_PHASE_MELEE, "the card-play phase is over");
          continue;
        }
        if (skirmish(st)) {  // BGM-GEN-02: the activation deck, one card per unit
          if (!bgs_draw(ctx, st)) change_phase(ctx, pb::BG_PHASE_MELEE, "every unit has had its card");
          continue;
        }
        if (st.table_dice) return;  // a card from the table (BgDrawCard)
        draw_next(ctx, st);
        continue;
      }
      case Phase::kMelee:
        if (!run_melee_phase(ctx, st)) return;
        change_phase(ctx, pb::BG_PHASE_SPECIAL, "every melee has been fought");
        continue;
      case Phase::kSpecial: {
        if (!run_special_phase(ctx, st)) return;
        pb::BgEvent e;
        e.mutable_turn_ended()->set_turn(st.turn);
        e.mutable_turn_ended()->set_deck_reshuffled(st.deck.run_out_this_turn());  // BG-CARD-11
        emit_bg(ctx, e);
        if (check_end(ctx, st)) return;
        start_turn(ctx, st, st.turn + 1);
        continue;
      }
      case Phase::kOver:
        return;
    }
  }
}

}  // namespace sandtable::bg
