// What a Portable Wargame battle leaves of its units for a campaign's next battle: SP, and the
// units lost (they stay in the state with alive = false).
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_rules_impl.h"

namespace sandtable::pw {

std::vector<UnitOutcome> PortableWargame::outcomes(const GameState& state) const {
  const auto& st = static_cast<const PwState&>(state);
  std::vector<UnitOutcome> out;
  for (const auto& u : st.units) out.push_back({u.id, side_id(st, u.side), u.alive ? u.sp : 0, !u.alive});
  return out;
}

}  // namespace sandtable::pw
