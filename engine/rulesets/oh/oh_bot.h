#pragma once
// A computer player for One-Hour Wargames WWII (both sides).
#include <memory>

#include "engine/model/ruleset.h"

namespace sandtable::oh {

std::unique_ptr<Bot> make_oh_bot();

}  // namespace sandtable::oh
