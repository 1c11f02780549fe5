// What a One-Hour Wargames battle leaves of its units for a campaign's next battle: the hits
// still to take before it is destroyed (as its View counts strength), and the units destroyed.
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules_impl.h"

namespace sandtable::oh {

std::vector<UnitOutcome> OneHourWw2::outcomes(const GameState& state) const {
  const auto& st = static_cast<const OhState&>(state);
  std::vector<UnitOutcome> out;
  for (const auto& u : st.units) {
    out.push_back({u.id, st.side_id(u.side), u.alive ? st.options.destroyed_at - u.hits : 0, !u.alive});
  }
  return out;
}

}  // namespace sandtable::oh
