#pragma once
// Legal-action enumeration: every command a seat could give now that the game would accept.
// Built from the same checks the handlers use (no exceptions thrown), for bots and clients.
#include <string>
#include <vector>

#include "engine/rulesets/pw/pw_state.h"
#include "sandtable/rulesets/pw/pw.pb.h"

namespace sandtable::pw {

// Orders for `seat` (a side id) in this state. Empty when the seat has nothing to do (not its
// turn, a decision pending, the game over). Decision answers are not listed: read the pending
// pb::Decision's choices instead.
//  - Artillery phase: the empty plan, one plan per battery and target square holding an enemy,
//    and one plan with every battery at its nearest enemy square.
//  - Activation: moves to every reachable destination (one path each, each final facing that
//    matters), faces, fires at every legal target square, close combats, stationary actions,
//    end_activation (when a unit is activated) and end_side.
std::vector<pb::PwCommand> legal_commands(const PwState& state, const std::string& seat);

// The same, for one unit only (its moves, faces, fires, close combats and stationary actions;
// not end_activation or end_side). Empty when the unit may not act now.
std::vector<pb::PwCommand> legal_unit_commands(const PwState& state, const std::string& seat, const std::string& unit_id);

// What the menu lists for one unit, without building a command per destination and facing:
// the squares its moves reach (nearest first, as legal_unit_commands lists them, with the
// shortest path's length in squares) and its commands that are not moves. The same walk and
// checks as legal_unit_commands, so the two never disagree.
struct Destination {
  Sq to;
  int steps = 0;
};
struct UnitChoices {
  std::vector<Destination> destinations;
  std::vector<pb::PwCommand> in_place;
};
UnitChoices unit_choices(const PwState& state, const std::string& seat, const std::string& unit_id);

}  // namespace sandtable::pw
