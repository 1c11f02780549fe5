#pragma once
// The Battleground opponent bot (bg_bot.cc): one-ply heuristics scored over the seat's legal
// orders. RuleSet::make_bot() gives it to the server's bot seats; the random bot
// (make_bg_random_bot, bg_actions.h) stays what the fuzzer uses, so it keeps exploring.
#include <memory>
#include <string>

#include "engine/model/ruleset.h"

namespace sandtable::bg {

// A bot that plays to win: takes (or keeps) the objectives, shoots the target with the most
// expected net hits, charges when the test and the odds are good, answers the defender's option
// with a shot when it can. It uses only what its seat may know (knows_unit / knows_terrain).
std::unique_ptr<Bot> make_bg_smart_bot();

// The side that owns no objective at the start: it must take them (the bots' "attacker", as
// the win tables count it).
std::string attacking_side(const pb::Scenario& s);

}  // namespace sandtable::bg
