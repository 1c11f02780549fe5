#include "engine/rulesets/bg/bg_rules_impl.h"

namespace sandtable::bg {

std::string Battleground::describe(const GameState&, const pb::Event&, const std::string&) const { return ""; }

}  // namespace sandtable::bg
