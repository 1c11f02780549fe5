#pragma once
// A Portable Wargame computer player: picks among the legal commands (pw_actions.h) by a
// simple score — close on the enemy, fire when it can, fight when the odds are fair, keep the
// guns still and shooting — with a little seeded noise so games differ.
#include <memory>

#include "engine/model/ruleset.h"

namespace sandtable::pw {

std::unique_ptr<Bot> make_pw_bot();

}  // namespace sandtable::pw
