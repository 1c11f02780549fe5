#include "engine/model/menu_pick.h"

#include <algorithm>

#include "engine/model/rejection.h"

namespace sandtable {

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
  return *action;
}

}  // namespace sandtable
