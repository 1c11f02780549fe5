// Queries (docs/engine.md "Queries"): measures and previews a seat uses to aim, answered with
// the handlers' own checks on the state as it stands, without dice. A unit hidden from the seat
// is answered exactly as a unit that does not exist (GAP-OH-LOS-05).
#include <cmath>

#include "engine/geom/paths.h"
#include "engine/model/menu_pick.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules_impl.h"

namespace sandtable::oh {

namespace {

struct End {
  const Unit* unit = nullptr;
  Vec2 point;
  std::string words;
};

Check place_of(const OhState& st, const std::string& seat, const pb::Place& p, End* out) {
  const int named = (p.unit_id().empty() ? 0 : 1) + (p.has_point() ? 1 : 0) + (p.has_square() ? 1 : 0);
  if (named != 1) return Refusal{"BAD_PLACE", "GEN", "Name each place once: a unit, or a point on the table."};
  if (!p.unit_id().empty()) {
    const Unit* u = st.alive_unit(p.unit_id());
    if (!u || !visible_to(st, *u, seat)) return Refusal{"OH_NO_SUCH_UNIT", "OH-CONV-03", "There is no unit there that you can see."};
    out->unit = u;
    out->point = u->pos;
    out->words = label(*u);
    return std::nullopt;
  }
  if (p.has_square()) return Refusal{"OH_NO_SQUARES", "OH-CONV-03", "One-Hour Wargames is played on a free table: measure between points or units."};
  const Vec2 v = geom::from_proto(p.point());
  if (!geom::is_finite(v)) return Refusal{"OH_BAD_POINT", "OH-CONV-03", "That point is not on the table."};
  out->point = v;
  out->words = "the point (" + inches(v.x) + ", " + inches(v.y) + ")";
  return std::nullopt;
}

// OH-CONV-03: free measuring, by anyone, at any time.
pb::QueryAnswer measure(const OhState& st, const std::string& seat, const pb::Measure& m) {
  End a, b;
  if (auto r = place_of(st, seat, m.from(), &a)) return refused_answer(*r);
  if (auto r = place_of(st, seat, m.to(), &b)) return refused_answer(*r);
  pb::QueryAnswer out;
  out.set_ok(true);
  const double d = a.unit && b.unit ? range_between(*a.unit, *b.unit) : geom::distance(a.point, b.point);
  out.set_distance(std::round(d * 100) / 100);
  std::string text = inches(d) + " from " + a.words + " to " + b.words;
  // Between units: two bases each to a different base (OH-LOS-01); with a point at either end:
  // the straight line between the places, terrain only (OH-LOS-03/04/06).
  const bool sight = a.unit && b.unit ? sees(st, *a.unit, *b.unit, SightFor::kSeeing) : line_clear(st, a.point, b.point);
  out.set_line_of_sight(sight);
  text += sight ? ", in sight" : ", out of sight";
  text += a.unit && b.unit ? " (OH-LOS-01)" : " (OH-LOS-03)";
  out.set_text(text);
  return out;
}

Check previewed_order(const OneHourWw2& rules, const OhState& st, const std::string& seat, const pb::PlayAction& play,
                      pb::OhCommand* out) {
  pb::ActionMenu menu;
  bool answering = false;
  for (const auto& d : st.decisions) {
    if (d.seat() == seat) {
      rules.decision_actions(st, d, menu);
      answering = true;
    }
  }
  if (!answering) rules.actions(st, seat, menu);
  try {
    const pb::Action& picked = on_menu(menu, play);
    *out = payload_of<pb::OhCommand>(rules.order_for(st, seat, picked, play));
  } catch (const Rejected& r) {
    return Refusal{r.rejection().code(), r.rejection().rule_id(), r.rejection().message()};
  }
  return std::nullopt;
}

pb::QueryAnswer preview_fire(const OhState& st, int side, const pb::OhFire& f) {
  if (auto r = check_fire(st, side, f.unit_id(), f.target_id())) return refused_answer(*r);
  const Unit& u = *st.alive_unit(f.unit_id());
  const Unit& t = *st.alive_unit(f.target_id());
  const FirePlan p = plan_fire(st, u, t, st.ready_window);
  std::string text = label(u) + " at " + label(t) + ", " + inches(p.distance) + ": one " + (st.options.average_dice ? "average die" : "d6");
  for (const auto& m : p.modifiers) text += ", " + std::string(m.value() > 0 ? "+" : "") + std::to_string(m.value()) + " " + m.words();
  for (const auto& h : p.halvings) text += ", halved (" + h + ")";
  if (p.close) text += ", doubled (close range)";
  text += ", rounded up (OH-FIRE-05..07).";
  // OH-FIRE-04 under "warn": the shot is allowed, and the player is told which target the rule
  // says to engage.
  if (const Unit* p = priority_target(st, u, st.ready_window); p && p->id != t.id) {
    text += " Not its priority target: " + label(*p) + " is (best modifier, then closest; OH-FIRE-04).";
  }
  pb::QueryAnswer a = accepted_answer(text);
  a.set_distance(std::round(p.distance * 100) / 100);
  a.set_line_of_sight(true);
  pb::DicePool* d = a.add_dice();
  d->set_label("fire " + label(u));  // as do_fire labels its die
  d->set_kind(die_kind(st));
  d->set_count(1);
  return a;
}

pb::QueryAnswer preview_move(const OhState& st, int side, const pb::OhMove& m) {
  const Unit* u = st.alive_unit(m.unit_id());
  std::vector<Vec2> pts{u ? u->pos : Vec2{}};
  for (const auto& p : m.path()) pts.push_back(geom::from_proto(p));
  const double used = geom::path_length(pts);
  const int limit = st.pending_move ? st.pending_move->allowance + (m.road() ? kRoadInches : 0) : 0;
  pb::QueryAnswer a;
  if (auto r = check_move(st, side, m)) a = refused_answer(*r);
  else a = accepted_answer(inches(used) + " of " + inches(limit) + (m.road() ? " along the road" : "") + " (OH-MOVE-01).");
  a.set_inches_used(std::round(used * 100) / 100);
  a.set_inches_left(std::round((limit - used) * 100) / 100);
  return a;
}

}  // namespace

pb::QueryAnswer OneHourWw2::query(const GameState& state, const std::string& seat, const pb::Query& q) const {
  const auto& st = static_cast<const OhState&>(state);
  if (q.has_measure()) return measure(st, seat, q.measure());
  pb::OhCommand c;
  if (auto r = previewed_order(*this, st, seat, q.preview(), &c)) return refused_answer(*r);
  const int side = st.side_index(seat);
  switch (c.body_case()) {
    case pb::OhCommand::kFire: return preview_fire(st, side, c.fire());
    case pb::OhCommand::kMove: return preview_move(st, side, c.move());
    case pb::OhCommand::kRollMove: {
      if (auto r = check_roll_move(st, side, c.roll_move().unit_id(), c.roll_move().march())) return refused_answer(*r);
      const Unit& u = *st.alive_unit(c.roll_move().unit_id());
      return accepted_answer(label(u) + " rolls " + allowance_words(st, u, c.roll_move().march()) + " and then moves up to the total (OH-MOVE-02).");
    }
    case pb::OhCommand::kRallyReady:
      if (auto r = check_rally_ready(st, side, c.rally_ready())) return refused_answer(*r);
      return accepted_answer("Can be ordered now.");
    default:
      if (auto r = check_end_step(st, side)) return refused_answer(*r);
      return accepted_answer("Can be ordered now.");
  }
}

}  // namespace sandtable::oh
