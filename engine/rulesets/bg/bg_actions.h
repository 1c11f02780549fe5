#pragma once
// Legal-action enumeration for Battleground: the commands a seat could give now, built from
// the same checks the handlers use (so every command listed is accepted, except for the dice).
// The bot and the client's "what can I do" list use it.
#include <memory>
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_state.h"
#include "engine/model/ruleset.h"
#include "sandtable/v1/command.pb.h"

namespace sandtable::bg {

// The seats the game waits on now (to act, to turn a card, to answer).
std::vector<std::string> waiting_seats(const BgState& st);

// Candidate commands for `seat`: end the action, moves toward a few sample points (walk, run,
// dig in/out), mounts/dismounts, vehicle moves, shots at every legal target, charges, draws.
// Free-table moves are infinite; the list gives a representative finite sample (toward the
// nearest enemy, away from it, and staying put with each facing change), each checked.
std::vector<pb::Command> legal_actions(const BgState& st, const std::string& seat);

// The random bot: plays a seeded random legal action. The fuzzer uses it so that it explores;
// the server's bot seats get the smart bot (make_bg_smart_bot, bg_bot.h).
std::unique_ptr<Bot> make_bg_random_bot();

}  // namespace sandtable::bg
