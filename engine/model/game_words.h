#pragma once
// Log lines for the events every game shares (start, decisions, pause, end). A rule set writes
// the lines of its own events (RuleSet::describe).
#include <optional>
#include <string>

#include "engine/model/game_state.h"
#include "sandtable/v1/event.pb.h"

namespace sandtable {

// The line of a shared event for a viewer, or nullopt when the event is the rule set's.
std::optional<std::string> shared_event_text(const GameState& state, const pb::Event& event, const std::string& viewer);

// A side's name as the scenario gives it ("Union"), or the id when it has none.
std::string side_name(const GameState& state, const std::string& side);
// "British's" but "Germans'": the side's name as an owner.
std::string side_possessive(const GameState& state, const std::string& side);

}  // namespace sandtable
