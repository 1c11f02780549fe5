// Portable Wargame queries (RuleSet::query; docs/engine.md "Queries"): read-only previews a seat
// uses to aim, answered with the handlers' own code on the state as it stands, without dice.
// - measure: the orthogonal distance in squares between two squares or units (the grid's own
//   distance, as ranges are counted: PW-FIRE-01, PW-ART-02) and the direct line of sight of
//   PW-DEF-02/03 (direct_los: cover, a higher crest or a unit in an intermediate square blocks;
//   artillery fires over units, PW-ART-04);
// - preview of a menu pick: the check its handler runs (check_move, check_face, check_fire,
//   check_close_combat, check_stationary, check_plan), with the squares moved, the fire range
//   and distance, the line of sight and the fire dice in the answer.
// No unit of this rule set is hidden; what is secret (the other side's artillery orders,
// PW-ART-01) is never read here.
#include <algorithm>

#include "engine/model/menu_pick.h"
#include "engine/model/refusal.h"
#include "engine/model/payload.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_menu_words.h"
#include "engine/rulesets/pw/pw_route.h"
#include "engine/rulesets/pw/pw_rules_impl.h"

namespace sandtable::pw {

namespace {

pb::QueryAnswer refused(const Refusal& r) { return refused_answer({r.code, r.rule, r.message}); }

// ---- measuring ----

struct End {
  Sq sq;
  std::string words;
};

Check place_of(const PwState& st, const pb::Place& p, End* out) {
  const int named = (p.unit_id().empty() ? 0 : 1) + (p.has_point() ? 1 : 0) + (p.has_square() ? 1 : 0);
  if (named != 1) return Refusal{"BAD_PLACE", "GEN", "Name each place once: a unit, or a square of the board."};
  if (!p.unit_id().empty()) {
    const Unit* u = st.alive_unit(p.unit_id());
    if (!u) return Refusal{"PW_NO_SUCH_UNIT", "PW-UNIT-02", "There is no unit '" + p.unit_id() + "' on the table."};
    out->sq = u->sq;
    out->words = label(*u) + " " + sq_text(u->sq);
    return std::nullopt;
  }
  if (p.has_point()) {
    return Refusal{"PW_NO_POINTS", "PW-DEF-02", "The Portable Wargame is played on a grid: measure between squares or units."};
  }
  const Sq s = to_sq(p.square());
  if (!st.on_board(s)) return Refusal{"PW_OFF_BOARD", "PW-DEF-02", sq_text(s) + " is not on the table."};
  out->sq = s;
  out->words = sq_text(s);
  return std::nullopt;
}

pb::QueryAnswer measure(const PwState& st, const pb::Measure& m) {
  End from, to;
  if (auto r = place_of(st, m.from(), &from)) return refused(*r);
  if (auto r = place_of(st, m.to(), &to)) return refused(*r);
  const int d = grid::distance(from.sq, to.sq);
  const bool direct = direct_los(st, from.sq, to.sq, false);   // PW-DEF-03
  const bool over_units = direct_los(st, from.sq, to.sq, true);  // PW-ART-04
  pb::QueryAnswer a;
  a.set_ok(true);
  a.set_distance(d);
  a.set_line_of_sight(direct);
  std::string text = squares(d) + " from " + from.words + " to " + to.words + ", ";
  if (direct) text += "in direct line of sight";
  else if (over_units) text += "no direct line of sight: a unit is in between (artillery fires over units)";
  else text += "no direct line of sight: cover or a crest is in between";
  a.set_text(text);
  return a;
}

// ---- previews ----

// The one place a menu pick becomes this rule set's own order (Game has checked that it is on
// the seat's menu; order_for may still refuse it, e.g. a facing not offered).
Check previewed_order(const PortableWargame& rules, const PwState& st, const std::string& seat, const pb::PlayAction& play,
                      pb::PwCommand* out, pb::Action* action) {
  pb::ActionMenu menu;
  rules.actions(st, seat, menu);
  try {
    const pb::Action& picked = on_menu(menu, play);
    *out = payload_of<pb::PwCommand>(rules.order_for(st, seat, picked, play));
    *action = picked;
  } catch (const Rejected& r) {
    return Refusal{r.rejection().code(), r.rejection().rule_id(), r.rejection().message()};
  }
  return std::nullopt;
}

// A refused route by waypoints still answers the squares it would walk (the path its refusal
// was read from: too long, or stopped on the way), so the board can show the player why.
void attempted_route(const PortableWargame& rules, const PwState& st, const std::string& seat, const pb::PlayAction& play,
                     pb::QueryAnswer* a) {
  if (play.route().empty() || square_id(play.route(play.route_size() - 1)) != play.target()) return;
  pb::ActionMenu menu;
  rules.actions(st, seat, menu);
  for (const auto& action : menu.actions()) {
    if (action.id() != play.action() || action.kind() != "move") continue;
    const Unit* u = st.alive_unit(action.unit_id());
    pb::PwMove m;
    if (!u) return;
    route_path(st, st.side_index(seat), *u, play.route(), &m);
    a->set_squares_used(m.path_size());
    *a->mutable_route() = m.path();
  }
}

pb::QueryAnswer accepted(const std::string& text) {
  pb::QueryAnswer a;
  a.set_ok(true);
  a.set_text(text);
  return a;
}

pb::QueryAnswer preview_move(const PwState& st, int side, const pb::PwMove& m) {
  MovePlan plan;
  if (auto r = check_move(st, side, m, &plan)) return refused(*r);
  const Unit& u = *st.alive_unit(m.unit_id());
  const Sq to = to_sq(m.path(m.path_size() - 1));
  pb::QueryAnswer a = accepted(label(u) + " moves " + squares(m.path_size()) + " of its " + std::to_string(plan.allowance) +
                               (plan.road ? " by road" : "") + " to " + sq_text(to) +
                               (plan.stop_reason.empty() ? "" : " and stops there: " + plan.stop_reason) + ".");
  a.set_distance(m.path_size());
  // The route as the order would walk it (PlayAction.route), for the board to draw.
  a.set_squares_used(m.path_size());
  a.set_squares_left(plan.allowance - m.path_size());
  *a.mutable_route() = m.path();
  return a;
}

pb::QueryAnswer preview_fire(const PwState& st, int side, const pb::PwFire& f) {
  if (auto r = check_fire(st, side, f)) return refused(*r);
  const Unit& u = *st.alive_unit(f.unit_id());
  const Sq t = to_sq(f.target());
  const int d = grid::distance(u.sq, t);
  const int dice = row_of(u).fire_dice;  // PW-FIRE-04
  pb::QueryAnswer a = accepted(label(u) + " fires at " + sq_text(t) + ": " + squares(d) + " away, range " + std::to_string(fire_range(st, u)) +
                               ", in direct line of sight; " + std::to_string(dice) + (dice == 1 ? " die" : " dice") + ", hits on 5+ after modifiers.");
  a.set_distance(d);
  a.set_line_of_sight(direct_los(st, u.sq, t, false));
  pb::DicePool* p = a.add_dice();
  p->set_label("fire " + label(u));  // as do_fire labels its dice
  p->set_kind(pb::DIE_KIND_D6);
  p->set_count(dice);
  return a;
}

pb::QueryAnswer preview_plan(const PwState& st, int side, const pb::PwArtilleryPlan& plan) {
  if (auto r = check_plan(st, side, plan)) return refused(*r);
  if (plan.targets().empty()) return accepted("Every battery holds fire this turn.");
  pb::QueryAnswer a;
  a.set_ok(true);
  std::string text;
  for (const auto& t : plan.targets()) {
    const Unit& gun = *st.alive_unit(t.unit_id());
    const Sq s = to_sq(t.target());
    const int d = grid::distance(gun.sq, s);
    const bool sight = direct_los(st, gun.sq, s, true);  // over units (PW-ART-04)
    if (!text.empty()) text += " ";
    text += label(gun) + " fires at " + sq_text(s) + ": " + squares(d) + " away, range " + std::to_string(fire_range(st, gun)) +
            (sight ? ", in sight over any units." : ", not in direct sight.");
    if (&t == &plan.targets(0)) {
      a.set_distance(d);  // the first battery's
      a.set_line_of_sight(sight);
    }
  }
  a.set_text(text);
  return a;
}

}  // namespace

pb::QueryAnswer PortableWargame::query(const GameState& state, const std::string& seat, const pb::Query& q) const {
  const auto& st = static_cast<const PwState&>(state);
  if (q.has_measure()) return measure(st, q.measure());
  pb::PwCommand c;
  pb::Action action;
  if (auto r = previewed_order(*this, st, seat, q.preview(), &c, &action)) {
    pb::QueryAnswer a = refused(*r);
    attempted_route(*this, st, seat, q.preview(), &a);
    return a;
  }
  const int side = st.side_index(seat);
  const std::string words = action.label() + (action.confirm().empty() ? "" : " (" + action.confirm() + ")");
  switch (c.body_case()) {
    case pb::PwCommand::kMove: return preview_move(st, side, c.move());
    case pb::PwCommand::kFire: return preview_fire(st, side, c.fire());
    case pb::PwCommand::kArtilleryPlan: return preview_plan(st, side, c.artillery_plan());
    case pb::PwCommand::kFace: {
      if (auto r = check_face(st, side, c.face())) return refused(*r);
      return accepted(label(*st.alive_unit(c.face().unit_id())) + " turns to face " +
                      grid::facing_name(static_cast<Facing>(c.face().facing())) + ".");
    }
    case pb::PwCommand::kCloseCombat: {
      if (auto r = check_close_combat(st, side, c.close_combat())) return refused(*r);
      const Unit& d = *st.alive_unit(c.close_combat().target_id());
      pb::QueryAnswer a = accepted(label(*st.alive_unit(c.close_combat().unit_id())) + " attacks " + label(d) + " at " +
                                   sq_text(d.sq) + " in close combat.");
      a.set_distance(1);
      return a;
    }
    case pb::PwCommand::kStationary:
      if (auto r = check_stationary(st, side, c.stationary())) return refused(*r);
      return accepted(words + ": can be ordered now.");
    default:
      // Ending an activation or the side's turn, rolling: offered only when the handler takes them.
      return accepted(words + ": can be ordered now.");
  }
}

}  // namespace sandtable::pw
