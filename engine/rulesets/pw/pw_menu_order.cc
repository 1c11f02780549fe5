// Orders built from Portable Wargame menu picks. Game has already checked that the action and
// its target are on the seat's menu; the command is taken from the same legal enumeration the
// menu was read from (a move gets the enumerated path), then goes through the handlers.
#include <algorithm>

#include "engine/model/rejection.h"
#include "engine/rulesets/pw/pw_actions.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_menu_words.h"
#include "engine/rulesets/pw/pw_route.h"
#include "engine/rulesets/pw/pw_rules_impl.h"

namespace sandtable::pw {

namespace {


void check_facing(const pb::Action& action, const pb::PlayAction& play) {
  const auto& allowed = action.facings();
  if (std::find(allowed.begin(), allowed.end(), play.facing()) == allowed.end()) {
    reject("NOT_A_FACING", action.rule_id(), action.label() + ": the unit may not end facing that way; pick one of the facings offered.");
  }
}

// The legal command of the acting unit that `matches`, or a refusal when the table changed
// between the menu and the order (Game checks the menu first, so this is a safeguard).
template <typename Pred>
pb::PwCommand find_order(const PwState& st, const std::string& seat, const pb::Action& action, Pred matches) {
  for (auto& c : legal_unit_commands(st, seat, action.unit_id())) {
    if (matches(c)) return c;
  }
  reject("NOT_ON_MENU", action.rule_id(), action.label() + " cannot be ordered now; the table has changed.");
}

// A move along the player's waypoints (PlayAction.route), joined by the engine's own steps;
// the handler then checks the whole path as it checks any move.
pb::PwCommand route_order(const PwState& st, const std::string& seat, const pb::Action& action, const pb::PlayAction& play) {
  const pb::GridSquare& last = play.route(play.route_size() - 1);
  if (square_id(to_sq(last)) != play.target()) {
    reject("PW_ROUTE_END", "PW-MOVE-02", action.label() + ": the route ends at " + sq_text(to_sq(last)) +
                                             ", not at the square picked; its last point is where the unit goes.");
  }
  const Unit* u = st.alive_unit(action.unit_id());
  if (!u) reject("NOT_ON_MENU", action.rule_id(), action.label() + " cannot be ordered now; the table has changed.");
  pb::PwCommand c;
  if (auto bad = route_path(st, st.side_index(seat), *u, play.route(), c.mutable_move())) refuse(*bad);
  return c;
}

// One PwArtilleryPlan from the pick and its `also` parts; batteries not named hold fire.
pb::PwCommand plan_order(const pb::ActionMenu& menu, const pb::PlayAction& play) {
  pb::PwCommand c;
  auto* plan = c.mutable_artillery_plan();
  if (play.action() == "plan-hold") {
    if (!play.also().empty()) {
      reject("NOT_COMBINABLE", "PW-ART-01", "Holding fire with every battery cannot be sent together with orders to fire.");
    }
    return c;
  }
  std::vector<const pb::PlayAction*> picks{&play};
  for (const auto& part : play.also()) picks.push_back(&part);
  for (const pb::PlayAction* p : picks) {
    const pb::Action* a = nullptr;
    for (const auto& x : menu.actions()) {
      if (x.id() == p->action()) a = &x;
    }
    if (!a || a->kind() != "plan" || a->unit_id().empty()) {
      reject("NOT_COMBINABLE", "PW-ART-01", "An artillery plan is made of one order per battery; '" + p->action() + "' is not one.");
    }
    const bool twice = std::any_of(plan->targets().begin(), plan->targets().end(),
                                   [&](const pb::PwArtilleryTarget& t) { return t.unit_id() == a->unit_id(); });
    if (twice) reject("PW_ART_TWICE", "PW-ART-01", a->label() + " is ordered twice; each battery fires at most once per turn.");
    auto* t = plan->add_targets();
    t->set_unit_id(a->unit_id());
    for (const auto& target : a->targets()) {
      if (target.id() == p->target()) *t->mutable_target() = target.square();
    }
  }
  return c;
}

// The Portable Wargame order for a pick of `action` (`menu`: the seat's whole menu now).
pb::PwCommand body_for(const PwState& st, const std::string& seat, const pb::ActionMenu& menu, const pb::Action& action,
                       const pb::PlayAction& play) {
  if (action.kind() == "plan") {
    return plan_order(menu, play);
  }
  if (!play.also().empty()) {
    reject("NOT_COMBINABLE", action.rule_id(), action.label() + " is given on its own, not together with other orders.");
  }
  pb::PwCommand c;
  if (action.id() == "proceed") {
    c.mutable_proceed();
    return c;
  }
  if (action.id() == "end-activation") {
    c.mutable_end_activation();
    return c;
  }
  if (action.id() == "end-side") {
    c.mutable_end_side();
    return c;
  }
  if (action.kind() == "move") {
    check_facing(action, play);
    if (!play.route().empty()) {
      c = route_order(st, seat, action, play);
    } else {
      c = find_order(st, seat, action, [&](const pb::PwCommand& p) {
        return p.has_move() && square_id(p.move().path(p.move().path_size() - 1)) == play.target();
      });
    }
    c.mutable_move()->set_facing(play.facing());
    return c;
  }
  if (action.kind() == "face") {
    check_facing(action, play);
    c.mutable_face()->set_unit_id(action.unit_id());
    c.mutable_face()->set_facing(play.facing());
    return c;
  }
  if (action.kind() == "fire") {
    return find_order(st, seat, action,
                      [&](const pb::PwCommand& p) { return p.has_fire() && square_id(p.fire().target()) == play.target(); });
  }
  if (action.kind() == "close_combat") {
    return find_order(st, seat, action,
                      [&](const pb::PwCommand& p) { return p.has_close_combat() && p.close_combat().target_id() == play.target(); });
  }
  if (const StationaryWords* w = stationary_for_action(action.id())) {
    return find_order(st, seat, action, [&](const pb::PwCommand& p) {
      return p.has_stationary() && p.stationary().kind() == w->kind &&
             (action.targets().empty() || p.stationary().other_id() == play.target());
    });
  }
  reject("NOT_ON_MENU", action.rule_id().empty() ? "GEN" : action.rule_id(), "'" + action.label() + "' is not a Portable Wargame order.");
}

}  // namespace

pb::Command PortableWargame::order_for(const GameState& state, const std::string& seat, const pb::Action& action,
                                       const pb::PlayAction& play) const {
  pb::ActionMenu menu;
  if (action.kind() == "plan") actions(state, seat, menu);  // the `also` parts' entries (Game checked they are on it)
  return order_of(seat, body_for(static_cast<const PwState&>(state), seat, menu, action, play));
}

}  // namespace sandtable::pw
