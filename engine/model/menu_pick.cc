#include "engine/model/menu_pick.h"

#include <algorithm>
#include <string>

#include "engine/model/rejection.h"

namespace sandtable {

namespace {
// Far more than any grid move walks; a bound on what one order makes the engine search.
constexpr int kMaxRoutePoints = 32;
}  // namespace

const pb::Action& on_menu(const pb::ActionMenu& menu, const pb::PlayAction& play) {
  const pb::Action* action = nullptr;
  for (const auto& a : menu.actions()) {
    if (a.id() == play.action()) action = &a;
  }
  if (!action) {
    reject("NOT_ON_MENU", "GEN", "That order is not one you can give now; the table has changed or it was never offered.");
  }
  if (action->targets_size() > 0) {
    const auto& ts = action->targets();
    if (std::none_of(ts.begin(), ts.end(), [&](const pb::ActionTarget& t) { return t.id() == play.target(); })) {
      reject("NOT_A_TARGET", action->rule_id().empty() ? "GEN" : action->rule_id(),
             "'" + play.target() + "' is not one of the targets offered for " + action->label() + ".");
    }
  }
  if (play.route_size() > 0) {
    // Waypoints belong to a grid move whose target is a square (PlayAction.route).
    const auto& ts = action->targets();
    const bool square_move = action->kind() == "move" && std::any_of(ts.begin(), ts.end(), [&](const pb::ActionTarget& t) {
                               return t.id() == play.target() && t.has_square();
                             });
    if (!square_move) {
      reject("ROUTE_NOT_A_MOVE", action->rule_id().empty() ? "GEN" : action->rule_id(),
             action->label() + " takes no route: waypoints are given only with a move to a square of the grid.");
    }
    if (play.route_size() > kMaxRoutePoints) {
      reject("ROUTE_TOO_LONG", "GEN", "A route has at most " + std::to_string(kMaxRoutePoints) + " waypoints.");
    }
  }
  return *action;
}

}  // namespace sandtable
