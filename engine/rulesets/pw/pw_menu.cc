#include "engine/model/rejection.h"
#include "engine/rulesets/pw/pw_rules_impl.h"

namespace sandtable::pw {

void PortableWargame::actions(const GameState&, const std::string&, pb::ActionMenu&) const {}

pb::Command PortableWargame::order_for(const GameState&, const std::string&, const pb::Action& action, const pb::PlayAction&) const {
  reject("NOT_ON_MENU", "GEN", "'" + action.label() + "' cannot be ordered from the menu yet.");
}

}  // namespace sandtable::pw
