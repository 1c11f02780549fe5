// One move function (RR-MOVE-01..07): the unit's centre goes along straight legs, as far as the
// slowest terrain it crosses, its marker, its command and wire allow (rr_speed.h says how far).
#include <algorithm>
#include <cmath>

#include "engine/rulesets/rookie/rr_close.h"
#include "engine/rulesets/rookie/rr_internal.h"

namespace sandtable::rr {

namespace {

Refusal r(const char* code, const char* rule, std::string msg) { return {code, rule, std::move(msg)}; }

// A unit may not end a move closer than this to an enemy's centre: its stands would touch
// (melee, RR-MEL-02, is declared with the move; see docs/rulesets/rookie-rules.md).
constexpr double kStandoff = 1.0;

bool has_stands(const Unit& u) { return u.kind != Kind::kVehicle && u.kind != Kind::kBunker; }

std::vector<MeleeStand> melee_stands(const std::vector<geom::Polygon>& feet) {
  std::vector<MeleeStand> out;
  for (const auto& f : feet) out.push_back(MeleeStand{f, 1});
  return out;
}

// RR-MEL-02 / GAP-RR-MEL-01: the enemy the declared melee falls on: the one named, else the
// nearest the seat sees with a stand within 1" of the mover's stands where it ends.
Check melee_target(const RrState& st, int side, const Unit& u, Vec2 end, const pb::RrMove& m, std::string* out) {
  const auto mine = melee_stands(footprints(u, end, m.facing_deg()));
  double best = 1e300;
  for (const auto& e : st.units) {
    if (!e.alive || e.side == side || !visible_to(st, e, st.side_id(side))) continue;
    if (!m.melee_target_id().empty() && e.id != m.melee_target_id()) continue;
    if (!has_stands(e)) continue;
    const auto theirs = melee_stands(footprints(e));
    if (melee_declaration_refusal(true, mine, theirs)) continue;
    const double d = geom::distance(end, e.pos);
    if (d < best) {
      best = d;
      *out = e.id;
    }
  }
  if (!out->empty()) return std::nullopt;
  if (!m.melee_target_id().empty()) {
    const Unit* t = st.alive_unit(m.melee_target_id());
    if (!t || t->side == side || !visible_to(st, *t, st.side_id(side))) {
      return r("RR_NO_TARGET", "RR-OBS-02", "There is no enemy unit '" + m.melee_target_id() + "' that " + side_name(st, side) + " can see.");
    }
    if (!has_stands(*t)) return r("RR_MELEE_NO_FIGURES", "RR-MEL-01", "Melee is figure against figure, and " + label(*t) + " has no figures.");
  }
  return r("RR_MELEE_OUT_OF_REACH", "RR-MEL-02",
           "Melee is declared with a move that ends with " + label(u) + "'s stands within 1\" of the enemy's; this one does not.");
}

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
  if (u.kind == Kind::kBunker) return r("RR_EMPLACED", "RR-FUNC-03", label(u) + " is built in and does not move.");
  if (row.emplaced && !u.packed) {
    return r("RR_EMPLACED", "RR-FUNC-03", label(u) + " is set up: taking it down takes four functions, both activations of one turn.");
  }
  if (u.immobile) return r("RR_IMMOBILE", "RR-ARM-04", label(u) + " is immobilised.");
  if (u.stuck) return r("RR_STUCK", "RR-MOVE-08", label(u) + " is stuck: it may try to break free instead of moving.");
  if (m.melee() && !has_stands(u)) {
    return r("RR_MELEE_NO_FIGURES", "RR-MEL-01", "Melee is figure against figure, and " + label(u) + " has no figures to fight with.");
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
  std::string foe;
  if (m.melee()) {
    if (auto bad = melee_target(st, side, u, at, m, &foe)) return bad;
  }
  if (plan) {
    plan->melee_target = foe;
    plan->allowance = a;
    plan->distance = distance;
    plan->end = at;
    plan->road = m.road();
  }
  return std::nullopt;
}

namespace {

// Where a path first enters the minefield: a point just inside it on the first leg that goes in
// from outside, with the index of that leg; nullopt when it never enters (RR-MINE-01).
std::optional<std::pair<int, Vec2>> entry_into(const Minefield& field, const std::vector<Vec2>& pts) {
  for (std::size_t i = 1; i < pts.size(); ++i) {
    const Vec2 a = pts[i - 1], b = pts[i];
    if (in_minefield(field, a)) continue;
    const Vec2 leg[2] = {a, b};
    if (!path_enters_minefield(field, leg)) continue;
    // The field is convex: find the first inside sample, then close in on the edge from outside.
    const double len = geom::distance(a, b);
    const int steps = std::max(1, static_cast<int>(std::ceil(len / 0.05)));
    double lo = 0, hi = -1;
    for (int k = 1; k <= steps; ++k) {
      const double t = static_cast<double>(k) / steps;
      if (in_minefield(field, a + (b - a) * t)) {
        hi = t;
        break;
      }
      lo = t;
    }
    if (hi < 0) continue;
    for (int k = 0; k < 30; ++k) {
      const double mid = (lo + hi) / 2;
      (in_minefield(field, a + (b - a) * mid) ? hi : lo) = mid;
    }
    return std::pair{static_cast<int>(i), a + (b - a) * hi};
  }
  return std::nullopt;
}

// RR-MEL-01: figure against figure at once; the losers die, ties rolled again.
void fight_melee(Context& ctx, RrState& st, const std::string& attacker_id, const std::string& target_id) {
  const Unit& a = *st.find(attacker_id);
  const Unit& t = *st.find(target_id);
  if (!a.spotted(t.side)) {
    pb::RrEvent s;  // in melee the enemy knows where the attacker is
    auto* x = s.mutable_spotted();
    x->set_unit_id(a.id);
    x->set_side(st.side_id(t.side));
    x->set_spotted(true);
    x->set_reason("it closes to melee");
    emit_rr(ctx, s);
  }
  const auto as = melee_stands(footprints(a));
  const auto ts = melee_stands(footprints(t));
  const MeleeResult res = resolve_melee(as, ts, [&] { return ctx.roll(pb::DIE_KIND_D6, "melee"); });
  pb::RrEvent e;
  auto* x = e.mutable_melee_fought();
  x->set_unit_id(a.id);
  x->set_target_id(t.id);
  for (const auto& f : res.fights) {
    auto* b = x->add_bouts();
    b->set_unit_stand(f.pair.a.stand);
    b->set_unit_figure(f.pair.a.figure);
    b->set_target_stand(f.pair.b.stand);
    b->set_target_figure(f.pair.b.figure);
    for (const auto& r : f.rolls) {
      b->add_unit_rolls(r.a);
      b->add_target_rolls(r.b);
    }
    b->set_unit_won(f.a_won);
  }
  x->set_unit_losses(res.a_losses);
  x->set_target_losses(res.b_losses);
  x->set_unit_figures(std::max(a.figures - res.a_losses, 0));
  x->set_target_figures(std::max(t.figures - res.b_losses, 0));
  emit_rr(ctx, e);
  // RR-MOR-01 (1): each side that lost a figure tests, the attacker first.
  for (const auto& [id, lost] : {std::pair{attacker_id, res.a_losses}, std::pair{target_id, res.b_losses}}) {
    const Unit* u = st.alive_unit(id);
    if (u && lost > 0) morale_test(ctx, st, *u, "took a casualty");
  }
}

}  // namespace

// RR-OVR-02: armour forced back by a fire or morale result overruns friendly infantry behind it, as
// RR-OVR-01 does enemies: each unit whose stands the hull passes over is attacked on 41-45.
void overrun_backing_up(Context& ctx, RrState& st, const std::string& id, Vec2 from, Vec2 to) {
  const Unit& v = *st.find(id);
  const auto hull = hull_size(v);
  const double length = hull.first, width = hull.second;  // plain names: lambdas capture them
  const Vec2 path[2] = {from, to};
  std::vector<std::string> run_over;
  for (const auto& t : st.units) {
    if (!t.alive || t.side != v.side || t.id == v.id || t.kind == Kind::kVehicle || t.kind == Kind::kBunker) continue;
    const auto feet = footprints(t);
    if (std::any_of(feet.begin(), feet.end(), [&](const geom::Polygon& f) { return hull_passes_over(path, length, width, f); })) {
      run_over.push_back(t.id);
    }
  }
  for (const auto& tid : run_over) {
    const Unit* t = st.alive_unit(tid);
    if (!t) continue;
    NoFirerAttack a;
    a.band_ff = kOverrunBand.ff();
    a.source = "an overrun by " + label(*st.find(id)) + ", backing up";
    a.rule_id = "RR-OVR-02";
    attack_without_firer(ctx, st, *t, a);
  }
}

void retire(Context& ctx, RrState& st, const std::string& id, int functions, Marker marker_before) {
  const Unit* v = st.alive_unit(id);
  if (!v || functions <= 0) return;
  // RR-ARM-05: at once, toward its own table edge, at its current speed class (the marker the hit
  // gave it stops it only from its next chance to act).
  Unit as_was = *v;
  as_was.marker = marker_before;
  const MoveAllowance a = allowance_now(st, as_was);
  if (a.inches <= 0) return;
  const double edge = home_edge_y(st, v->side);
  const double dir = edge < v->pos.y ? -1.0 : 1.0;
  const Vec2 from = v->pos;
  const Vec2 to{from.x, std::clamp(from.y + dir * a.inches * functions, 0.0, st.table->height)};
  if (geom::distance(from, to) <= geom::kEps) return;
  pb::RrEvent e;
  auto* mv = e.mutable_moved();
  mv->set_unit_id(id);
  geom::to_proto(to, mv->add_path());
  geom::to_proto(to, mv->mutable_to());
  mv->set_facing_deg(v->facing_deg);  // backing up: it keeps its facing
  mv->set_distance(geom::distance(from, to));
  mv->set_allowance(a.inches * functions);
  mv->set_speed_class(std::string(speed_class_name(a.speed_class)));
  auto* why = mv->add_slowed_by();
  why->set_rule_id("RR-ARM-05");
  why->set_words("retires " + std::to_string(functions) + (functions == 1 ? " function" : " functions") + " to the rear");
  emit_rr(ctx, e, audience(st, *v));
  overrun_backing_up(ctx, st, id, from, to);
}

// RR-MOVE-08..10: a vehicle that moved through asterisked terrain rolls once in the card sequence.
void roll_breakdown(Context& ctx, RrState& st, const Unit& u, const std::vector<Vec2>& pts) {
  const int key = st.turn * 2 + st.sequence;
  if (u.breakdown_sequence == key) return;
  std::vector<MoveTerrain> crossed;
  for (std::size_t i = 1; i < pts.size(); ++i) {
    for (const auto t : terrain_crossed(st, pts[i - 1], pts[i])) crossed.push_back(t);
  }
  const BreakdownRisk risk = breakdown_risk(row_of(u).mover, crossed);
  if (!risk.roll_needed) return;
  const int roll = ctx.roll(pb::DIE_KIND_D10_ZERO, "breakdown");
  const Breakdown b = resolve_breakdown(risk, roll);
  pb::RrEvent e;
  auto* x = e.mutable_breakdown_rolled();
  x->set_unit_id(u.id);
  x->set_terrain(std::string(terrain_name(risk.terrain)));
  x->set_immobilized_on(risk.immobilized_on);
  x->set_roll(roll);
  x->set_stuck(b == Breakdown::kStuck);
  x->set_immobile(b == Breakdown::kImmobilizedForGame);
  emit_rr(ctx, e, audience(st, u));
}

Check check_break_free(const RrState& st, int side, const pb::RrBreakFree& b) {
  const Unit* u = nullptr;
  if (auto bad = check_function(st, side, b.unit_id(), &u)) return bad;
  if (!u->stuck) return r("RR_NOT_STUCK", "RR-MOVE-08", label(*u) + " is not stuck.");
  if (u->moved || st.functions_left < 2) {
    return r("RR_BREAK_FREE_LATE", "GAP-RR-MOVE-09", "Breaking free takes the place of moving: it is tried at the start of an activation.");
  }
  return std::nullopt;
}

void do_break_free(Context& ctx, RrState& st, int side, const pb::RrBreakFree& b) {
  if (auto bad = check_break_free(st, side, b)) refuse(*bad);
  const Unit& u = *st.find(b.unit_id());
  const int roll = ctx.roll(pb::DIE_KIND_D10_ZERO, "breaking free");
  pb::RrEvent e;
  auto* x = e.mutable_broke_free();
  x->set_unit_id(u.id);
  x->set_free_on(break_free_on(row_of(u).mover));
  x->set_roll(roll);
  x->set_free(breaks_free(row_of(u).mover, roll));
  emit_rr(ctx, e, audience(st, u));
  spend_function(ctx, st);
}

std::optional<pb::RrMove> melee_charge(const RrState& st, int side, const Unit& u, const Unit& target) {
  const double d = geom::distance(u.pos, target.pos);
  if (d <= geom::kEps) return std::nullopt;
  const double facing = std::fmod(std::atan2(target.pos.x - u.pos.x, target.pos.y - u.pos.y) * 180.0 / 3.14159265358979323846 + 360.0, 360.0);
  // As far off as still brings the stands within reach: the least ground crossed in the open.
  for (const double stop : {2.0, 1.75, 1.5, 1.25, 1.0}) {
    pb::RrMove m;
    m.set_unit_id(u.id);
    m.set_facing_deg(facing);
    m.set_melee(true);
    m.set_melee_target_id(target.id);
    if (d > stop) geom::to_proto(target.pos + (u.pos - target.pos) * (stop / d), m.add_path());
    if (!check_move(st, side, m, nullptr)) return m;
  }
  return std::nullopt;
}

void do_move(Context& ctx, RrState& st, int side, const pb::RrMove& m) {
  MovePlan plan;
  if (auto bad = check_move(st, side, m, &plan)) refuse(*bad);
  const Unit& mover = *st.find(m.unit_id());
  std::vector<Vec2> pts{mover.pos};
  for (const auto& p : m.path()) pts.push_back(geom::from_proto(p));
  // RR-MINE-01: the enemy's minefields the path enters, in the order it meets them. A hidden one
  // stops the move where it is entered (the unit blundered in); a known one is crossed at a cost.
  struct Entered {
    int index;
    int leg;
    Vec2 at;
  };
  std::vector<Entered> entered;
  for (std::size_t i = 0; i < st.minefields.size(); ++i) {
    const Mines& f = st.minefields[i];
    if (f.side == side) continue;
    if (auto e = entry_into(Minefield{f.centre, facing_of(f.flats_deg)}, pts)) entered.push_back({static_cast<int>(i), e->first, e->second});
  }
  std::sort(entered.begin(), entered.end(), [&](const Entered& x, const Entered& y) {
    return x.leg != y.leg ? x.leg < y.leg : geom::distance(pts[static_cast<std::size_t>(x.leg - 1)], x.at) < geom::distance(pts[static_cast<std::size_t>(y.leg - 1)], y.at);
  });
  for (std::size_t k = 0; k < entered.size(); ++k) {
    if (st.minefields[static_cast<std::size_t>(entered[k].index)].found) continue;
    pts.resize(static_cast<std::size_t>(entered[k].leg));
    pts.push_back(entered[k].at);
    entered.resize(k + 1);
    plan.end = entered[k].at;
    plan.melee_target.clear();  // stopped short: the melee never happens
    break;
  }
  const bool stopped = !entered.empty() && !st.minefields[static_cast<std::size_t>(entered.back().index)].found;
  pb::RrEvent e;
  auto* mv = e.mutable_moved();
  mv->set_unit_id(m.unit_id());
  for (std::size_t i = 1; i < pts.size(); ++i) geom::to_proto(pts[i], mv->add_path());
  geom::to_proto(plan.end, mv->mutable_to());
  mv->set_facing_deg(std::isfinite(m.facing_deg()) ? std::fmod(std::fmod(m.facing_deg(), 360.0) + 360.0, 360.0) : 0.0);
  double distance = 0;
  for (std::size_t i = 1; i < pts.size(); ++i) distance += geom::distance(pts[i - 1], pts[i]);
  mv->set_distance(stopped ? distance : plan.distance);
  mv->set_allowance(plan.allowance.inches);
  mv->set_speed_class(std::string(speed_class_name(plan.allowance.speed_class)));
  for (const auto& reason : plan.allowance.reasons) {
    auto* x = mv->add_slowed_by();
    x->set_rule_id(reason.rule);
    x->set_words(reason.phrase);
  }
  mv->set_road(plan.road);
  mv->set_wire_stop(plan.allowance.stops_at_wire);
  const std::string id = m.unit_id();
  const Vec2 from = mover.pos;
  emit_rr(ctx, e, audience(st, mover));  // a hidden unit moves unseen
  for (const auto& en : entered) {
    const Mines& f = st.minefields[static_cast<std::size_t>(en.index)];
    if (!f.found) {
      pb::RrEvent found;
      auto* x = found.mutable_minefield_found();
      x->set_index(en.index);
      x->set_side(st.side_id(f.side));
      geom::to_proto(f.centre, x->mutable_centre());
      x->set_flats_deg(f.flats_deg);
      if (audience(st, *st.find(id)).empty()) x->set_unit_id(id);  // never names a hidden unit
      emit_rr(ctx, found);
    }
    const Unit* u = st.alive_unit(id);
    if (!u) break;
    NoFirerAttack a;
    a.band_ff = kMinefieldBand.ff();
    a.source = "a minefield";
    a.rule_id = "RR-MINE-01";
    a.aspect = HitAspect::kRear;  // GAP: mines strike the belly; read as the weakest face
    attack_without_firer(ctx, st, *u, a);
  }
  // RR-OVR-01: an armoured vehicle driving through the space of enemy stands attacks them.
  if (const Unit* u = st.alive_unit(id); u && u->kind == Kind::kVehicle && armoured(*u)) {
    const auto hull = hull_size(*u);
    const double length = hull.first, width = hull.second;  // plain names: lambdas capture them
    std::vector<std::string> run_over;
    for (const auto& t : st.units) {
      if (!t.alive || t.side == side || !has_stands(t)) continue;
      const auto feet = footprints(t);
      if (std::any_of(feet.begin(), feet.end(), [&](const geom::Polygon& f) { return hull_passes_over(pts, length, width, f); })) {
        run_over.push_back(t.id);
      }
    }
    for (const auto& tid : run_over) {
      const Unit* t = st.alive_unit(tid);
      const Unit* v = st.alive_unit(id);
      if (!t || !v) continue;
      NoFirerAttack a;
      a.band_ff = kOverrunBand.ff();
      a.source = "an overrun by " + label(*v);
      a.rule_id = "RR-OVR-01";
      attack_without_firer(ctx, st, *t, a);
    }
  }
  if (const Unit* u = st.alive_unit(id)) roll_breakdown(ctx, st, *u, pts);
  if (const Unit* u = st.alive_unit(id)) tank_came_near(ctx, st, *u, from);
  if (!plan.melee_target.empty() && st.alive_unit(id) && st.alive_unit(plan.melee_target)) fight_melee(ctx, st, id, plan.melee_target);
  update_spotting(ctx, st);
  spend_function(ctx, st);
}

}  // namespace sandtable::rr
