// One attack read on the firing chart, whoever makes it: a unit's fire function (rr_fire.cc), a
// strike's template (rr_strike.cc), a minefield or an overrun (rr_move.cc). The d10, what the
// result does to soft targets, armour and bunkers (RR-FIRE-03/04, RR-ARM-02..04), an attached
// leader's share (RR-CMD-08/09) and the morale test that follows (RR-MOR-01 (1)/(2)).
#include <cmath>

#include "engine/rulesets/rookie/rr_armour.h"
#include "engine/rulesets/rookie/rr_command.h"
#include "engine/rulesets/rookie/rr_internal.h"

namespace sandtable::rr {

namespace {

// RR-CMD-08: a leader attached to a unit that loses figures may be hit (d% against a chance by the
// unit's size when hit); RR-CMD-09: if not, it takes the unit's marker too (the worse one stays).
void share_with_leader(Context& ctx, RrState& st, const Unit& unit, int lost, Marker result) {
  const Unit* leader = attached_leader(st, unit);
  if (!leader) return;
  const std::string id = leader->id;
  if (lost > 0) {
    const int chance = leader_hit_chance(unit.figures + lost);
    const int roll = ctx.roll(pb::DIE_KIND_PERCENTILE, "leader hit");
    if (leader_is_hit(unit.figures + lost, roll)) {
      pb::RrEvent e;
      e.mutable_unit_removed()->set_unit_id(id);
      e.mutable_unit_removed()->set_reason("hit with " + label(unit) + ": d% " + std::to_string(roll) + ", " +
                                           std::to_string(chance) + "% or less (RR-CMD-08)");
      emit_rr(ctx, e, audience(st, *leader));
      return;
    }
    pb::RrEvent e;  // the roll is told with the leader's lot, hit or not
    auto* m = e.mutable_marker_changed();
    m->set_unit_id(id);
    m->set_marker(to_pb(worst_marker(leader->marker, result)));
    m->set_rule_id("RR-CMD-08");
    m->set_reason("unhurt with " + label(unit) + ": d% " + std::to_string(roll) + ", more than " + std::to_string(chance) + "%");
    emit_rr(ctx, e, audience(st, *leader));
    return;
  }
  if (worst_marker(leader->marker, result) == leader->marker) return;
  pb::RrEvent e;
  auto* m = e.mutable_marker_changed();
  m->set_unit_id(id);
  m->set_marker(to_pb(worst_marker(leader->marker, result)));
  m->set_rule_id("RR-CMD-09");
  m->set_reason("shares what " + label(unit) + " received");
  emit_rr(ctx, e, audience(st, *leader));
}
}  // namespace

bool armoured(const Unit& u) { return u.armour != ArmourClass::kNone && (u.kind == Kind::kVehicle || u.kind == Kind::kBunker); }

HitAspect aspect_of(const Unit& target, Vec2 from) {
  const double rad = target.facing_deg * 3.14159265358979323846 / 180.0;
  const Vec2 ahead{std::sin(rad), std::cos(rad)};  // 0 = north (+y), clockwise
  const Vec2 d = from - target.pos;
  const double len = geom::length(d);
  if (len <= geom::kEps) return HitAspect::kFront;
  const double c = geom::dot(ahead, d) / len;
  if (c >= std::cos(3.14159265358979323846 / 4)) return HitAspect::kFront;
  if (c <= -std::cos(3.14159265358979323846 / 4)) return HitAspect::kRear;
  return HitAspect::kSide;
}

void fill_plan(const ShotPlan& plan, pb::RrFired* x) {
  x->set_base_ff(plan.base_ff);
  x->set_ff(plan.ff_after_range);
  x->set_start_column(column_label(plan.start_column));
  for (const auto& sh : plan.shifts) {
    auto* m = x->add_shifts();
    m->set_rule_id(sh.rule_id);
    m->set_words(sh.phrase);
    m->set_value(sh.columns);
  }
  x->set_shift_total(plan.total_shift);
  x->set_column(plan.off_chart_left ? column_label(-1) : column_label(plan.final_column));
}

AttackResult roll_attack(Context& ctx, const ShotInput& in, const ShotPlan& plan, const Unit& t, double distance, pb::RrFired* x) {
  fill_plan(plan, x);
  const int roll = ctx.roll(pb::DIE_KIND_D10_ZERO, "firing chart");
  const ShotResolution res = resolve_shot(in, roll);
  x->set_roll(roll);
  x->set_result(chart_code(res.result));
  x->set_marker(to_pb(marker_for(res.result.effect)));
  AttackResult out;
  out.marker = marker_for(res.result.effect);
  out.marker_before = t.marker;
  Marker after = t.marker;
  int figures = t.figures;
  if (armoured(t)) {
    // RR-ARM-02/03: the weapon's penetration decides what the result does; no figures are lost.
    const ArmourClass limit = penetration_limit(in.weapon, in.base_ff, distance);
    const ArmouredTarget kind = t.kind == Kind::kBunker ? ArmouredTarget::kBunker : ArmouredTarget::kVehicle;
    const ArmourOutcome ao = armour_outcome(kind, t.armour, penetrates(limit, t.armour), res.result.effect);
    x->set_armour_effect(std::string(ao.phrase));
    if (ao.kind == ArmourOutcomeKind::kMarker) after = worst_marker(t.marker, ao.marker);
    if (ao.kind == ArmourOutcomeKind::kDestroyed) figures = 0;
    if (ao.kind == ArmourOutcomeKind::kSpecialDamageRoll) {
      const int dmg = ctx.roll(pb::DIE_KIND_D10_ZERO, "special damage");
      const SpecialDamage& sd = special_damage(kind, dmg);
      x->set_damage_roll(dmg);
      std::string words(sd.phrase);
      switch (sd.kind) {
        case DamageKind::kImmobilisedAndAbandoned:
        case DamageKind::kAbandoned:
        case DamageKind::kDestroyed: figures = 0; break;
        case DamageKind::kPinnedNextActivation:
        case DamageKind::kSuppressedNextActivation: {
          // RR-ARM-04: only until its next chance to act, then back to the marker it had.
          const Marker temp = sd.kind == DamageKind::kPinnedNextActivation ? Marker::kPinned : Marker::kSuppressed;
          if (worst_marker(after, temp) != after) {
            x->set_underlying_marker(to_pb(after));
            x->set_temporary_marker(to_pb(temp));
            after = temp;
          }
          break;
        }
        case DamageKind::kSuppressedTurns:
        case DamageKind::kRetire:
          after = worst_marker(after, Marker::kSuppressed);
          out.retire_functions = kind == ArmouredTarget::kVehicle ? sd.retire_functions : 0;
          break;
        case DamageKind::kFireRoll: {
          const int fire = ctx.roll(pb::DIE_KIND_D10_ZERO, "fire table");
          const FireOutcome fo = fire_table(fire);
          words += "; fire roll " + std::to_string(fire) + ": " + std::string(describe(fo));
          if (fo != FireOutcome::kExtinguishedOneFunction) figures = 0;
          break;
        }
        default: break;
      }
      x->set_special_damage(words);
    }
  } else {
    const UnitFireState before{t.figures, t.ff(), t.marker};
    const UnitFireState now = apply_result(before, res.result);
    out.lost = t.figures - now.figures;
    figures = now.figures;
    after = now.marker;
  }
  x->set_casualties(out.lost);
  x->set_target_marker(to_pb(after));
  x->set_target_figures(figures);
  x->set_destroyed(figures <= 0);
  Unit scratch = t;
  scratch.figures = figures;
  x->set_target_ff(scratch.ff());
  return out;
}

void after_attack(Context& ctx, RrState& st, const std::string& target_id, const AttackResult& r, bool forces_morale) {
  const Unit* target = st.find(target_id);
  if (!target) return;
  share_with_leader(ctx, st, *target, r.lost, r.marker);
  target = st.find(target_id);
  if (!target->alive) return;
  if (r.retire_functions > 0) {
    retire(ctx, st, target_id, r.retire_functions, r.marker_before);
    target = st.find(target_id);
    if (!target->alive) return;
  }
  if (forces_morale) {
    morale_test(ctx, st, *target, "under a heavy attack");  // RR-MOR-01 (2)
  } else if (r.lost > 0) {
    morale_test(ctx, st, *target, "took a casualty");  // RR-MOR-01 (1)
  }
}

void attack_without_firer(Context& ctx, RrState& st, const Unit& target, const NoFirerAttack& a) {
  ShotInput in;
  in.weapon = WeaponKind::kCrewServed;  // GAP-RR-FIRE-06: x1 within 25", so the band's own column
  in.base_ff = a.band_ff;
  in.range_in = 0;
  auto& s = in.situation;
  s.target_cover = cover_of(st, target);
  s.target_armour = armoured(target) ? target.armour : ArmourClass::kNone;
  s.target_is_vehicle = target.kind == Kind::kVehicle && armoured(target);
  s.aspect = a.aspect;
  s.blind_fire = a.blind;
  const ShotPlan plan = plan_shot(in);
  pb::RrEvent e;
  auto* x = e.mutable_fired();
  x->set_target_id(target.id);
  x->set_source(a.source);
  x->set_source_rule_id(a.rule_id);
  x->set_blind(a.blind);
  const std::string id = target.id;
  const AttackResult res = roll_attack(ctx, in, plan, target, 0, x);
  emit_rr(ctx, e, audience(st, target));
  after_attack(ctx, st, id, res, a.forces_morale);
}

}  // namespace sandtable::rr
