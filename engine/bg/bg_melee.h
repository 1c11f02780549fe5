#pragma once
// Melee-area internals shared by bg_melee.cc (charges), bg_melee_fight.cc (rounds, surrender,
// prisoners) and bg_apply_melee.cc (their events). Rule IDs: BG-MEL-*, BG-PRIS-*.
#include <string>

#include "engine/bg/bg_internal.h"

namespace sandtable::bg {

inline constexpr const char* kDefenderResponseKind = "BG_DEFENDER_RESPONSE";  // BG-MEL-12

// BG-MEL-01 (GAP-BG-MEL-01): the charge test dice, rolled exactly like a shooting attack by
// `charger` at `target` (pool, grade with its penalties, the target's red dice); emits the
// BgAttack ("charge test") and returns the net hits. No casualties.
int charge_test_roll(Context& ctx, BgState& st, const Unit& charger, const Unit& target);
// The same pool without rolling (white, blue, red, lowest hit face), for tests and views.
struct ChargePool {
  int white = 0, blue = 0, red = 0, hit_from = 7;
  bool flank = false;
};
ChargePool charge_test_pool(const BgState& st, const Unit& charger, const Unit& target);

// The answer to the BG-MEL-12 decision ("none", "move", "shoot", "both").
void answer_defender_response(Context& ctx, BgState& st, const std::string& choice);

// BG-PRIS-01/BG-MEL-08: the figures of `loser` surrender to `captor`'s side; guards are taken
// from `captor` (one per four prisoners, at least one) and form a new prisoner group.
void take_prisoners(Context& ctx, BgState& st, const std::string& loser, const std::string& captor,
                    const std::string& reason);

// Events of this area applied to the state (hooked into Battleground::apply).
void apply_melee_event(BgState& st, const pb::BgEvent& e);

}  // namespace sandtable::bg
