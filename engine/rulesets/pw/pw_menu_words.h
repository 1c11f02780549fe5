#pragma once
// Names and words shared by the Portable Wargame menu (pw_menu.cc) and the orders built from
// it (pw_menu_order.cc), so an action id written by one is always read back by the other.
#include <string>

#include "engine/rulesets/pw/pw_state.h"
#include "sandtable/rulesets/pw/pw.pb.h"

namespace sandtable::pw {

// A square as a target id: "<col>,<row>".
std::string square_id(Sq s);
std::string square_id(const pb::GridSquare& g);
// A square in words for a label: "(3,4)", with its terrain, e.g. "(3,4), woods".
std::string square_words(const PwState& st, Sq s);
// "1 square", "3 squares".
std::string squares(int n);

// A whole-turn task: its id prefix ("limber"), its label and the rule its handler cites.
struct StationaryWords {
  pb::PwStationaryKind kind;
  const char* id;
  const char* label;
  const char* rule;
};
const StationaryWords& stationary_words(pb::PwStationaryKind kind);
// The task an action id names ("limber:b-art-1"), or nullptr.
const StationaryWords* stationary_for_action(const std::string& action_id);

}  // namespace sandtable::pw
