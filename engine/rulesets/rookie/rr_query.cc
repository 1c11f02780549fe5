// Queries (docs/engine.md "Queries"): measures and previews a seat uses to aim, answered with
// the handlers' own checks on the state as it stands, without dice. A unit hidden from the seat
// is answered exactly as a unit that does not exist.
#include <cmath>

#include "engine/model/menu_pick.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"

namespace sandtable::rr {

namespace {

struct End {
  const Unit* unit = nullptr;
  Vec2 point;
  std::string words;
};

Check place_of(const RrState& st, const std::string& seat, const pb::Place& p, End* out) {
  const int named = (p.unit_id().empty() ? 0 : 1) + (p.has_point() ? 1 : 0) + (p.has_square() ? 1 : 0);
  if (named != 1) return Refusal{"BAD_PLACE", "GEN", "Name each place once: a unit, or a point on the table."};
  if (!p.unit_id().empty()) {
    const Unit* u = st.alive_unit(p.unit_id());
    if (!u || !visible_to(st, *u, seat)) return Refusal{"RR_NO_SUCH_UNIT", "RR-LOS-01", "There is no unit there that you can see."};
    out->unit = u;
    out->point = u->pos;
    out->words = label(*u);
    return std::nullopt;
  }
  if (p.has_square()) return Refusal{"RR_NO_SQUARES", "RR-LOS-01", "Rookie Rules is played on a free table: measure between points or units."};
  const Vec2 v = geom::from_proto(p.point());
  if (!geom::is_finite(v)) return Refusal{"RR_BAD_POINT", "RR-LOS-01", "That point is not on the table."};
  out->point = v;
  out->words = "the point (" + inches(v.x) + ", " + inches(v.y) + ")";
  return std::nullopt;
}

pb::QueryAnswer measure(const RrState& st, const std::string& seat, const pb::Measure& m) {
  End a, b;
  if (auto r = place_of(st, seat, m.from(), &a)) return refused_answer(*r);
  if (auto r = place_of(st, seat, m.to(), &b)) return refused_answer(*r);
  pb::QueryAnswer out;
  out.set_ok(true);
  const double d = geom::distance(a.point, b.point);
  out.set_distance(std::round(d * 100) / 100);
  std::string why;
  const bool sight = line_of_sight(st, a.point, b.point, &why);
  out.set_line_of_sight(sight);
  out.set_text(inches(d) + " from " + a.words + " to " + b.words + (sight ? ", in sight (RR-LOS-01)" : ", out of sight: " + why + " (RR-LOS-01)"));
  return out;
}

}  // namespace

pb::QueryAnswer RookieRules::query(const GameState& state, const std::string& seat, const pb::Query& q) const {
  const auto& st = static_cast<const RrState&>(state);
  if (q.has_measure()) return measure(st, seat, q.measure());
  pb::ActionMenu menu;
  actions(st, seat, menu);
  pb::RrCommand c;
  try {
    const pb::Action& picked = on_menu(menu, q.preview());
    c = payload_of<pb::RrCommand>(order_for(st, seat, picked, q.preview()));
  } catch (const Rejected& r) {
    return refused_answer(Refusal{r.rejection().code(), r.rejection().rule_id(), r.rejection().message()});
  }
  const int side = st.side_index(seat);
  if (c.has_fire()) {
    FirePlan p;
    if (auto r = check_fire(st, side, c.fire(), &p)) return refused_answer(*r);
    std::string text = "ff " + std::to_string(p.plan.base_ff) + " → " + std::to_string(p.plan.ff_after_range) + ", column " +
                       column_label(p.plan.start_column);
    for (const auto& s : p.plan.shifts) {
      text += "; ";
      text += s.phrase;
    }
    text += " → " + (p.plan.off_chart_left ? column_label(-1) : column_label(p.plan.final_column)) + "; one d10 (RR-FIRE-01).";
    pb::QueryAnswer a = accepted_answer(text);
    a.set_distance(std::round(p.distance * 100) / 100);
    a.set_line_of_sight(true);
    pb::DicePool* d = a.add_dice();
    d->set_label("firing chart");
    d->set_kind(pb::DIE_KIND_D10_ZERO);
    d->set_count(1);
    return a;
  }
  if (c.has_move()) {
    MovePlan plan;
    if (auto r = check_move(st, side, c.move(), &plan)) return refused_answer(*r);
    pb::QueryAnswer a = accepted_answer(inches(plan.distance) + " of " + inches(plan.allowance.inches) + " (class " +
                                        std::string(speed_class_name(plan.allowance.speed_class)) + ", RR-MOVE-01).");
    a.set_inches_used(std::round(plan.distance * 100) / 100);
    a.set_inches_left(std::round((plan.allowance.inches - plan.distance) * 100) / 100);
    return a;
  }
  return accepted_answer("Can be ordered now.");
}

}  // namespace sandtable::rr
