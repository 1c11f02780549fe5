#pragma once
// Battleground (Steve Carroll, WWII skirmish, card-driven, free table): the rule-set factory.
#include <memory>

#include "engine/model/ruleset.h"

namespace sandtable {

// Registry id "battleground".
std::unique_ptr<RuleSet> make_battleground();

}  // namespace sandtable
