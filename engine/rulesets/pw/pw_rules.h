#pragma once
// Factory for the Portable Wargame 19th century rule set (registry id "portable-wargame-19c").
#include <memory>

#include "engine/model/ruleset.h"

namespace sandtable {

std::unique_ptr<RuleSet> make_portable_wargame();

}  // namespace sandtable
