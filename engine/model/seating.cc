// Before the first roll of a scheme-2 game (docs/fair-play.md): each awaited side's browser adds
// its own randomness as it joins, and the mix is sealed in the log once nobody is awaited, or
// when the GM begins without them. Only then does the rule set's opening run.
#include <algorithm>

#include "engine/core/sha256.h"
#include "engine/model/context.h"
#include "engine/model/dice_mix.h"
#include "engine/model/game.h"
#include "engine/model/game_words.h"
#include "engine/model/rejection.h"

namespace sandtable {

namespace {

constexpr const char* kGm = "gm";

std::string listed_names(const GameState& st, const std::vector<std::string>& sides) {
  std::string out;
  for (std::size_t i = 0; i < sides.size(); ++i) {
    out += std::string(i == 0 ? "" : i + 1 == sides.size() ? " and " : ", ") + side_name(st, sides[i]);
  }
  return out;
}

[[noreturn]] void refuse_not_begun(const GameState& st) {
  const pb::Rejection r = not_begun(st);
  reject(r.code(), r.rule_id(), r.message());
}

// The GM's edits that do not touch the table (the rules have not set it out yet).
bool edit_before_start(const pb::GmEdit& edit) {
  return edit.has_seat_bot() || edit.has_trust_dice() || edit.has_spectators() || edit.has_set_dice();
}

}  // namespace

pb::Rejection not_begun(const GameState& st) {
  pb::Rejection r;
  r.set_code("NOT_BEGUN");
  r.set_rule_id("GEN");
  const auto awaited = st.entropy_awaited();
  r.set_message("The game has not begun: the first roll waits for " +
                (awaited.empty() ? std::string("the dice to be sealed") : listed_names(st, awaited) + " to join") +
                ", so that each player's own randomness is in the dice. The game master can begin without waiting.");
  return r;
}

void Game::seating(Context& ctx, const pb::Command& command) const {
  const GameState& st = ctx.state();
  const std::string& seat = command.seat();
  if (seat != kGm && !st.is_side(seat)) {
    reject("UNKNOWN_SEAT", "GEN", "There is no seat called '" + seat + "' in this game.");
  }
  switch (command.body_case()) {
    case pb::Command::kAddEntropy: {
      if (seat == kGm) reject("ENTROPY_FROM_A_SIDE", "GEN", "Only a side adds its own randomness to the dice mix.");
      const std::size_t n = command.add_entropy().entropy().size();
      if (n < kMinEntropyBytes || n > kMaxEntropyBytes) {
        reject("BAD_ENTROPY", "GEN", "A seat's randomness is " + std::to_string(kMinEntropyBytes) + " to " +
                                         std::to_string(kMaxEntropyBytes) + " bytes; this is " + std::to_string(n) + ".");
      }
      const auto awaited = st.entropy_awaited();
      if (std::find(awaited.begin(), awaited.end(), seat) == awaited.end()) {
        const bool added = std::any_of(st.entropy.begin(), st.entropy.end(), [&](const auto& e) { return e.first == seat; });
        if (added) reject("ENTROPY_ALREADY_ADDED", "GEN", side_possessive(st, seat) + " randomness is already in the dice mix.");
        reject("ENTROPY_NOT_ASKED", "GEN", "This game does not wait for " + side_possessive(st, seat) + " randomness.");
      }
      pb::Event e;
      e.mutable_entropy_added()->set_seat(seat);
      e.mutable_entropy_added()->set_entropy(command.add_entropy().entropy());
      ctx.emit(std::move(e));
      break;
    }
    case pb::Command::kAskRuling:
      ask_ruling(ctx, seat, command.ask_ruling());  // rulings.cc
      return;
    case pb::Command::kGm: {
      if (seat != kGm) reject("GM_ONLY", "GEN", "Only the game master can do that.");
      const auto& gm = command.gm();
      if (gm.has_begin()) {
        seal(ctx, kGm);
        return;
      }
      if (gm.has_edit() && !edit_before_start(gm.edit())) refuse_not_begun(st);
      handle_shared(ctx, command);  // pause, end, rulings, the secret, the seats' edits
      break;
    }
    default:
      refuse_not_begun(st);
  }
  if (!ctx.state().over && !ctx.state().dice_sealed && ctx.state().entropy_awaited().empty()) seal(ctx, "");
}

void Game::seal(Context& ctx, const std::string& begun_by) {
  const GameState& st = ctx.state();
  pb::Event e;
  auto* d = e.mutable_dice_sealed();
  d->set_mix_commitment(mix_commitment(dice_mix(st.secret, st.entropy)));
  for (const auto& [seat, bytes] : st.entropy) d->add_seats(seat);
  d->set_begun_by(begun_by);
  ctx.emit(std::move(e));
}

void Game::fill_dice_view(const std::string& seat, pb::View& v) const {
  const GameState& st = *state_;
  if (st.dice_scheme.empty()) return;
  auto* d = v.mutable_dice();
  d->set_scheme(st.dice_scheme);
  for (const auto& side : st.entropy_awaited()) d->add_awaiting(side);
  for (const auto& [side, bytes] : st.entropy) d->add_added(side);
  d->set_sealed(st.dice_sealed);
  d->set_mix_commitment(st.mix_commitment);
  d->set_begun_by(st.begun_by);
  // The seat itself, not whom it sees as: a delayed spectator sees the GM's table, not its secret.
  if (st.over || (seat == kGm && st.secret_shown)) d->set_secret(hex(st.secret));
}

}  // namespace sandtable
