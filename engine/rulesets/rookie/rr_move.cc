// One move function (RR-MOVE-01..07): the unit's centre goes along straight legs, as far as the
// slowest terrain it crosses, its marker, its command and wire allow (rr_speed.h says how far).
#include <algorithm>
#include <cmath>

#include "engine/rulesets/rookie/rr_internal.h"

namespace sandtable::rr {

namespace {

Refusal r(const char* code, const char* rule, std::string msg) { return {code, rule, std::move(msg)}; }

// A unit may not end a move closer than this to an enemy's centre: its stands would touch
// (melee, RR-MEL-02, is declared with the move; see docs/rulesets/rookie-rules.md).
constexpr double kStandoff = 1.0;

MoveQuery query_for(const RrState& st, const Unit& u) {
  MoveQuery q;
  q.mover = row_of(u).mover;
  q.marker = u.marker;
  q.in_command = in_command(st, u);
  q.wire = in_wire(st, u.pos) ? Wire::kEnteredEarlierThisPhase : Wire::kNone;
  return q;
}

}  // namespace

MoveAllowance allowance_now(const RrState& st, const Unit& u) {
  MoveQuery q = query_for(st, u);
  q.path = terrain_crossed(st, u.pos, u.pos);
  return move_allowance(q);
}

Check check_move(const RrState& st, int side, const pb::RrMove& m, MovePlan* plan) {
  const Unit* up = nullptr;
  if (auto bad = check_function(st, side, m.unit_id(), &up)) return bad;
  const Unit& u = *up;
  const TypeRow& row = row_of(u);
  if (row.emplaced || u.kind == Kind::kBunker) {
    return r("RR_EMPLACED", "RR-FUNC-03", label(u) + " is emplaced and does not move in this game.");
  }
  if (u.immobile) return r("RR_IMMOBILE", "RR-ARM-04", label(u) + " is immobilised.");
  if (m.melee()) {
    return r("RR_MELEE_LATER", "RR-MEL-02", "Declaring melee with a move is not played on this table yet; move next to the enemy and fire.");
  }
  MoveQuery q = query_for(st, u);
  Vec2 at = u.pos;
  double distance = 0;
  bool all_road = true;
  Road road_kind = Road::kGood;
  on_road(st, u.pos, &road_kind);
  all_road = on_road(st, u.pos, nullptr);
  for (int i = 0; i < m.path_size(); ++i) {
    const Vec2 p = geom::from_proto(m.path(i));
    if (!geom::is_finite(p)) return r("RR_MOVE_PATH", "RR-MOVE-01", "A point of the path is not a number.");
    if (p.x < 0 || p.y < 0 || p.x > st.table->width || p.y > st.table->height) {
      return r("RR_MOVE_OFF_TABLE", "RR-MOVE-01", label(u) + " cannot leave the table at " + inches(p.x) + ", " + inches(p.y) + ".");
    }
    for (const auto t : terrain_crossed(st, at, p)) q.path.push_back(t);
    Road here = Road::kNone;
    all_road = all_road && on_road(st, p, &here) && here == road_kind;
    if (in_wire(st, p) && q.wire == Wire::kNone) {
      q.wire = Wire::kEntersThisMove;
      if ((q.mover == MoverType::kInfantry || q.mover == MoverType::kCavalry) && i + 1 < m.path_size()) {
        return r("RR_MOVE_WIRE", "RR-MOVE-06", label(u) + " must stop on entering the wire and cannot go on this function.");
      }
    }
    distance += geom::distance(at, p);
    at = p;
  }
  // No path: the function turns the unit where it stands (the facing given).
  if (m.path_size() == 0) q.path = terrain_crossed(st, u.pos, u.pos);
  if (m.road() && !all_road) {
    return r("RR_MOVE_NOT_ROAD", "RR-MOVE-03", "The road bonus needs the whole move on the road, and " + label(u) + "'s path leaves it.");
  }
  if (m.road()) q.road = road_kind;
  const MoveAllowance a = move_allowance(q);
  if (a.speed_class == SpeedClass::kNone) {
    std::string why;
    for (const auto& reason : a.reasons) {
      if (!why.empty()) why += "; ";
      why += reason.phrase;
    }
    return r("RR_MOVE_CANNOT", a.reasons.empty() ? "RR-MOVE-07" : a.reasons.back().rule.c_str(),
             label(u) + " cannot move this function" + (why.empty() ? std::string(".") : " (" + why + ")."));
  }
  if (geom::beyond(distance, a.inches)) {
    std::string why;
    for (const auto& reason : a.reasons) {
      why += "; ";
      why += reason.phrase;
    }
    return r("RR_MOVE_TOO_FAR", "RR-MOVE-01",
             label(u) + " may move " + inches(a.inches) + " this function (class " + std::string(speed_class_name(a.speed_class)) + why +
                 "); the path is " + inches(distance) + ".");
  }
  for (const auto& e : st.units) {
    if (!e.alive || e.side == side || !visible_to(st, e, st.side_id(side))) continue;
    if (geom::distance(e.pos, at) < kStandoff) {
      return r("RR_MOVE_ONTO_ENEMY", "RR-MEL-02", label(u) + " cannot end its move on top of " + label(e) + ".");
    }
  }
  if (plan) {
    plan->allowance = a;
    plan->distance = distance;
    plan->end = at;
    plan->road = m.road();
  }
  return std::nullopt;
}

void do_move(Context& ctx, RrState& st, int side, const pb::RrMove& m) {
  MovePlan plan;
  if (auto bad = check_move(st, side, m, &plan)) refuse(*bad);
  pb::RrEvent e;
  auto* mv = e.mutable_moved();
  mv->set_unit_id(m.unit_id());
  *mv->mutable_path() = m.path();
  geom::to_proto(plan.end, mv->mutable_to());
  mv->set_facing_deg(std::isfinite(m.facing_deg()) ? std::fmod(std::fmod(m.facing_deg(), 360.0) + 360.0, 360.0) : 0.0);
  mv->set_distance(plan.distance);
  mv->set_allowance(plan.allowance.inches);
  mv->set_speed_class(std::string(speed_class_name(plan.allowance.speed_class)));
  for (const auto& reason : plan.allowance.reasons) {
    auto* x = mv->add_slowed_by();
    x->set_rule_id(reason.rule);
    x->set_words(reason.phrase);
  }
  mv->set_road(plan.road);
  mv->set_wire_stop(plan.allowance.stops_at_wire);
  const Vec2 from = st.find(m.unit_id())->pos;
  emit_rr(ctx, e, audience(st, *st.find(m.unit_id())));  // a hidden unit moves unseen
  tank_came_near(ctx, st, *st.find(m.unit_id()), from);
  update_spotting(ctx, st);
  spend_function(ctx, st);
}

}  // namespace sandtable::rr
