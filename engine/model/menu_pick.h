#pragma once
// The menu entry a pick (PlayAction) names. Game uses it to turn an order given from the menu
// into the rule set's command, and rule sets use it to read the same pick in their previews, so
// an order and its preview are refused alike.
#include "sandtable/v1/menu.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

// The entry of `menu` that `play` names; throws Rejected (NOT_ON_MENU, NOT_A_TARGET) when the
// pick is not on the menu or names a target the entry does not offer; ROUTE_NOT_A_MOVE when it
// carries waypoints (PlayAction.route) but is not a move to a square.
const pb::Action& on_menu(const pb::ActionMenu& menu, const pb::PlayAction& play);

}  // namespace sandtable
