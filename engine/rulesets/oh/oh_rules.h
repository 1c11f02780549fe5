#pragma once
// Factory for the One-Hour Wargames WWII rule set (registry id "one-hour-ww2").
#include <memory>

#include "engine/model/ruleset.h"

namespace sandtable {

std::unique_ptr<RuleSet> make_one_hour_ww2();

}  // namespace sandtable
