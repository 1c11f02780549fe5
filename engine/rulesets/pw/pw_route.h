#pragma once
// Routes by waypoints (PlayAction.route on a grid): the squares a player chose, joined by the
// rule set's own shortest legal steps into the path of a PwMove (PW-MOVE-01/02).
#include <google/protobuf/repeated_field.h>

#include "engine/rulesets/pw/pw_internal.h"

namespace sandtable::pw {

// Fills out->path with the shortest path of `u` that passes the waypoints of `route` in order
// and ends on the last, one that check_move accepts; otherwise the refusal, in words naming
// the route (the allowance, a square that stops the unit, an enemy in the way).
Check route_path(const PwState& st, int side, const Unit& u, const google::protobuf::RepeatedPtrField<pb::GridSquare>& route,
                 pb::PwMove* out);

}  // namespace sandtable::pw
