#pragma once
// A computer player for Rookie Rules (both sides).
#include <memory>

#include "engine/model/ruleset.h"

namespace sandtable::rr {

std::unique_ptr<Bot> make_rr_bot();

}  // namespace sandtable::rr
