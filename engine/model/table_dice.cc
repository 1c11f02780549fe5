// Table dice in a room (docs/engine.md "Table dice"): a club that rolls real dice enters them. An
// order that needs a die the room has not been given waits (DiceAsked: which die, how many, what
// for); the GM, or the side the GM trusts with its own dice, enters the faces (EnterDice); the
// order then runs with them from the start, so its events are the ones it would have had with the
// dice handed in. A pool the rules roll at once is asked for at once; an order that needs more
// dice after those (hits, then damage) asks again, keeping what was entered.
#include <algorithm>

#include "engine/model/context.h"
#include "engine/model/game.h"
#include "engine/model/game_words.h"

namespace sandtable {

namespace {

constexpr const char* kGm = "gm";

}  // namespace

bool Game::may_enter_dice(const std::string& seat) const {
  const GameState& st = *state_;
  if (!st.dice_request) return false;
  if (seat == kGm) return true;
  return seat == st.dice_request->seat() &&
         std::find(st.dice_trusted.begin(), st.dice_trusted.end(), seat) != st.dice_trusted.end();
}

TableDice Game::entered_dice(const std::string& seat, const pb::EnterDice& enter) const {
  const GameState& st = *state_;
  if (!st.dice_request) reject("NO_DICE_ASKED", "GEN", "No order is waiting for the table's dice.");
  if (!may_enter_dice(seat)) {
    reject("DICE_NOT_YOURS", "GEN", "The GM enters the table's dice in this room" +
                                        std::string(st.is_side(seat) ? " (the GM may trust a side with its own)." : "."));
  }
  const pb::DiceRequest& r = *st.dice_request;
  if (enter.values_size() != r.count()) {
    reject("DICE_COUNT", "GEN", "Enter " + std::to_string(r.count()) + " " + die_name(r.kind()) +
                                    (r.count() == 1 ? "" : "s") + " for " + r.label() + ", not " +
                                    std::to_string(enter.values_size()) + ".");
  }
  TableDice dice;
  for (const auto& d : r.entered()) dice.push(d.kind(), d.value());
  for (int v : enter.values()) {
    if (auto why = dice.push(r.kind(), v)) reject("DICE_NOT_A_FACE", "GEN", "That cannot be: " + *why + ".");
  }
  return dice;
}

void Game::enter_dice(Context& ctx, const std::string& seat, const pb::EnterDice& enter) const {
  const GameState& st = ctx.state();
  // run() has checked the values (entered_dice) and hands them to the context's dice when the
  // room takes dice from the table; any other EnterDice (a room whose dice the server rolls, a
  // caller handing dice in) is checked here, so one that answers no request is refused.
  entered_dice(seat, enter);
  const pb::Command order = st.dice_order;
  pb::Event e;
  auto* d = e.mutable_dice_entered();
  d->set_seat(seat);
  for (const auto& r : st.dice_request->entered()) d->add_values(r.value());
  for (int v : enter.values()) d->add_values(v);
  ctx.emit(std::move(e));
  handle_shared(ctx, order);  // with every die entered for it, in order
}

std::unique_ptr<GameState> Game::park(const pb::Command& order, const DiceNeeded& needed, Outcome& out) const {
  const GameState& st = *state_;
  const bool more = order.has_enter_dice();
  auto scratch = st.clone();
  TableDice none;
  Context ctx(rules_, *scratch, none);
  pb::Event e;
  auto* a = e.mutable_dice_asked();
  auto* r = a->mutable_request();
  const pb::Command& waiting = more ? st.dice_order : order;
  r->set_seat(waiting.seat());
  r->set_kind(needed.kind());
  r->set_count(needed.count());
  r->set_label(needed.label());
  if (more) {
    // What was entered so far stays: the order will run again with all of it and the next dice.
    *r->mutable_entered() = st.dice_request->entered();
    for (int v : order.enter_dice().values()) {
      auto* d = r->add_entered();
      d->set_kind(st.dice_request->kind());
      d->set_value(v);
      d->set_source(pb::DIE_SOURCE_TABLE);
    }
  }
  r->set_asked_at(st.seq + 1);
  *a->mutable_order() = waiting;
  ctx.emit(std::move(e));
  out = Outcome{};
  out.accepted = true;
  out.events = std::move(ctx.events());
  return scratch;
}

std::unique_ptr<GameState> Game::drop_parked(const pb::Rejection& why, Outcome& out) const {
  auto scratch = state_->clone();
  TableDice none;
  Context ctx(rules_, *scratch, none);
  pb::Event e;
  e.mutable_dice_dropped()->set_reason(why.message());
  ctx.emit(std::move(e));
  out = Outcome{};
  out.accepted = true;
  out.events = std::move(ctx.events());
  return scratch;
}

void Game::offer_dice(const std::string& seat, pb::ActionMenu& menu) const {
  if (may_enter_dice(seat)) *menu.mutable_dice_request() = *state_->dice_request;
}

}  // namespace sandtable
