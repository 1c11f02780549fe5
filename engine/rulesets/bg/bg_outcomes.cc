// What a Battleground battle leaves of its units for a campaign's next battle: an infantry-like
// unit's living figures (prisoners are lost to their side, BG-PRIS-*), a vehicle or emplacement
// whole or destroyed. A reinforcement that never came on (BG-UNIT-10) carries nothing.
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_rules_impl.h"

namespace sandtable::bg {

std::vector<UnitOutcome> Battleground::outcomes(const GameState& state) const {
  const auto& st = static_cast<const BgState&>(state);
  std::vector<UnitOutcome> out;
  for (const auto& u : st.units) {
    if (!u.on_table) continue;
    const int strength = u.infantry_like() ? u.living_fighters() : (u.destroyed ? 0 : 1);
    out.push_back({u.id, side_id(st, u.side), strength, u.destroyed || strength == 0});
  }
  return out;
}

}  // namespace sandtable::bg
