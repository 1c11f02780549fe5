#include "engine/rulesets/pw/pw_rules_impl.h"

namespace sandtable::pw {

std::string PortableWargame::describe(const GameState&, const pb::Event&, const std::string&) const { return ""; }

}  // namespace sandtable::pw
