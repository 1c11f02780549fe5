// What a Rookie Rules battle leaves of its units for a campaign's next battle: the figures still
// standing (RR-UNIT-02), and the units removed.
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"

namespace sandtable::rr {

std::vector<UnitOutcome> RookieRules::outcomes(const GameState& state) const {
  const auto& st = static_cast<const RrState&>(state);
  std::vector<UnitOutcome> out;
  for (const auto& u : st.units) out.push_back({u.id, st.side_id(u.side), u.alive ? u.figures : 0, !u.alive});
  return out;
}

}  // namespace sandtable::rr
