#include "engine/model/rejection.h"
#include "engine/rulesets/bg/bg_rules_impl.h"

namespace sandtable::bg {

void Battleground::actions(const GameState&, const std::string&, pb::ActionMenu&) const {}

pb::Command Battleground::order_for(const GameState&, const std::string&, const pb::Action& action, const pb::PlayAction&) const {
  reject("NOT_ON_MENU", "GEN", "'" + action.label() + "' cannot be ordered from the menu yet.");
}

}  // namespace sandtable::bg
