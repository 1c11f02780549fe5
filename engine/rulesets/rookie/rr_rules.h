#pragma once
// Factory for the Rookie Rules rule set (registry id "rookie-rules").
#include <memory>

#include "engine/model/ruleset.h"

namespace sandtable {

std::unique_ptr<RuleSet> make_rookie_rules();

}  // namespace sandtable
