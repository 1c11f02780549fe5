// Smoke, flares, medics and the special-actions phase (BG-SMK-*, BG-FLR-*, BG-MED-*, BG-SEQ-03).
// Mines are in bg_mines.cc, artillery and air in bg_artillery.cc.
#include "engine/rulesets/bg/bg_special.h"

#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

double cross(Vec2 o, Vec2 a, Vec2 b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// Two segments meet (crossing, or one passing within kEps of the other).
bool segments_meet(geom::Segment s, geom::Segment t) {
  const double d1 = cross(s.a, s.b, t.a), d2 = cross(s.a, s.b, t.b);
  const double d3 = cross(t.a, t.b, s.a), d4 = cross(t.a, t.b, s.b);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return geom::within(geom::distance_to_segment(t.a, s), 0) || geom::within(geom::distance_to_segment(t.b, s), 0) ||
         geom::within(geom::distance_to_segment(s.a, t), 0) || geom::within(geom::distance_to_segment(s.b, t), 0);
}

// A shooting-action order of a special kind: the unit may act on the open shooting card.
Check check_shooting_unit(const BgState& st, int side, const std::string& id, const Unit** out) {
  const Unit* u = nullptr;
  if (auto c = check_unit_may_act(st, side, id, BgAction::kShoot, &u)) return c;
  if (!u->infantry_like() || !u->carried_by.empty()) {
    return refusal("BG_NOT_INFANTRY", "BG-SMK-01", label(*u) + " is not infantry on foot.");
  }
  *out = u;
  return std::nullopt;
}

const Unit& shooting_unit(const BgState& st, int side, const std::string& id) {
  const Unit* u = nullptr;
  if (auto c = check_shooting_unit(st, side, id, &u)) refuse(*c);
  return *u;
}

}  // namespace

bool smoke_blocks(const BgState& st, Vec2 a, Vec2 b) {
  const geom::Segment sight{a, b};
  for (const auto& s : st.smoke) {
    if (s.circle ? geom::touches(geom::Circle{s.centre, s.radius}, sight) : segments_meet(sight, {s.a, s.b})) return true;
  }
  return false;
}

std::optional<double> night_sight_limit(const BgState& st) {
  if (!st.options.night || st.lit_until_turn >= st.turn) return std::nullopt;  // BG-FLR-02/03
  return kNightSight;                                                          // BG-LOS-06
}

// BG-SMK-01/02: a designated unit lays a 6" line, both ends within 12", instead of shooting.
Check check_lay_smoke(const BgState& st, int side, const pb::BgLaySmoke& c) {
  const Unit* found = nullptr;
  if (auto r = check_shooting_unit(st, side, c.unit_id(), &found)) return r;
  const Unit& u = *found;
  if (!u.smoke) return refusal("BG_NO_SMOKE", "BG-SMK-01", label(u) + " is not designated to lay smoke in this scenario.");
  if (non_standing(u)) return refusal("BG_NON_STANDING", "BG-FIRE-15", label(u) + " is non-standing and cannot shoot or lay smoke.");
  const Vec2 a = to_vec(c.a()), b = to_vec(c.b());
  if (!geom::same_length(geom::distance(a, b), kSmokeLength)) {
    return refusal("BG_SMOKE_LENGTH", "BG-SMK-02",
                   "Smoke laid by " + label(u) + " is a line exactly 6\" long; this one is " + inches(geom::distance(a, b)) + ".");
  }
  const Vec2 at = com(u);
  if (!geom::within_distance(at, a, kSmokeRange) || !geom::within_distance(at, b, kSmokeRange)) {
    return refusal("BG_SMOKE_RANGE", "BG-SMK-01", label(u) + " may lay smoke only within 12\" of its centre.");
  }
  return std::nullopt;
}

void do_lay_smoke(Context& ctx, BgState& st, int side, const pb::BgLaySmoke& c) {
  if (auto r = check_lay_smoke(st, side, c)) refuse(*r);
  const Unit& u = *st.find(c.unit_id());
  pb::BgEvent e;
  auto* s = e.mutable_smoke();
  s->set_smoke_id("smoke-" + std::to_string(st.next_id));
  *s->mutable_a() = c.a();
  *s->mutable_b() = c.b();
  s->set_state("laid");
  emit_bg(ctx, e);
  unit_acted(ctx, st, *st.find(u.id), BgAction::kShoot);
}

// BG-FLR-01/02: in a night scenario a designated unit lights the table for the rest of the turn.
void do_launch_flare(Context& ctx, BgState& st, int side, const pb::BgLaunchFlare& c) {
  const Unit& u = shooting_unit(st, side, c.unit_id());
  if (!st.options.night) reject("BG_NOT_NIGHT", "BG-FLR-01", "Flares are used only in night scenarios; " + label(u) + " has no need.");
  if (!u.flares) reject("BG_NO_FLARES", "BG-FLR-01", label(u) + " is not designated to launch flares in this scenario.");
  pb::BgEvent e;
  e.mutable_flare()->set_by(u.id);
  e.mutable_flare()->set_until_turn(st.turn);
  emit_bg(ctx, e);
  unit_acted(ctx, st, *st.find(u.id), BgAction::kShoot);
}

// BG-MED-02: as the unit's shooting action a medic tries to bring back one friendly figure that
// died at the unit's location (GAP-BG-MED-02: within 1" of a living figure of the medic's unit).
void do_heal(Context& ctx, BgState& st, int side, const pb::BgHeal& h) {
  const Unit& u = shooting_unit(st, side, h.unit_id());
  const Figure* medic = u.figure(h.medic_figure_id());
  if (!medic || !medic->alive || medic->kind != FigureKind::kMedic || medic->prisoner) {
    reject("BG_NO_MEDIC", "BG-MED-02", label(u) + " has no living medic '" + h.medic_figure_id() + "'.");
  }
  const Unit* owner = nullptr;
  const Figure* dead = nullptr;
  for (const auto& o : st.units) {
    if (o.side != side) continue;
    if (const Figure* f = o.figure(h.dead_figure_id()); f && !f->alive && !f->prisoner) {
      owner = &o;
      dead = f;
    }
  }
  if (!dead) reject("BG_NO_DEAD_FIGURE", "BG-MED-02", "No dead friendly figure '" + h.dead_figure_id() + "' lies on the table.");
  bool here = false;
  for (const auto& f : u.figures) here = here || (f.alive && geom::within_distance(f.pos, dead->died_at, kCohesion));
  if (!here) {
    reject("BG_DEAD_ELSEWHERE", "BG-MED-02",
           "The medic of " + label(u) + " can only reach figures that died at the unit's location (within 1\" of its figures).");
  }
  if (u.living() >= kMaxUnitFigures) reject("BG_UNIT_FULL", "BG-UNIT-01", label(u) + " already has 12 figures.");
  const int roll = ctx.roll(pb::DIE_KIND_D6, "medic");
  pb::BgEvent e;
  auto* a = e.mutable_heal();
  a->set_unit_id(u.id);
  a->set_medic_figure_id(medic->id);
  a->set_dead_figure_id(dead->id);
  a->set_roll(roll);
  // The medic's unit's hit faces, the run penalty included.
  a->set_healed(is_hit(st.options, u.grade, side_grade_penalties(st, u), roll));
  (void)owner;
  emit_bg(ctx, e);
  unit_acted(ctx, st, *st.find(u.id), BgAction::kShoot);
}

// BG-SEQ-03: smoke thins and clears, then the per-turn artillery card (BG-ART-09). Returns false
// while a mission waits for its aim points.
bool run_special_phase(Context& ctx, BgState& st) {
  if (side_owing_aim(st) >= 0) return false;
  // Applying a change makes it final, so a second call (after a mission's aim) changes nothing.
  for (const auto& s : st.smoke) {
    // BG-SMK-03: infantry smoke thins in the special phase of its own turn and goes in the next.
    // BG-SMK-05: artillery smoke thins at the next special phase and goes at the one after
    // (thin_turn is set when it is laid, bg_apply_special.cc).
    std::string to;
    if (st.turn > s.thin_turn) to = "removed";
    else if (st.turn == s.thin_turn && !s.thinned) to = "thinned";
    if (to.empty()) continue;
    pb::BgEvent e;
    auto* x = e.mutable_smoke();
    x->set_smoke_id(s.id);
    x->set_state(to);
    emit_bg(ctx, e);
  }
  land_strikes(ctx, st);  // BG-ART-01: this turn's scheduled strikes
  if (side_owing_aim(st) >= 0) return false;
  if (st.options.artillery_per_turn && st.artillery_turn_drawn != st.turn) {
    draw_artillery_card(ctx, st, "the special-actions phase (BG-ART-09)");
    if (side_owing_aim(st) >= 0) return false;
  }
  return true;
}

}  // namespace sandtable::bg
