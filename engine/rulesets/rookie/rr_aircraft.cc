// Aircraft on the table (RR-AIR-01..10, RR-SEQ-03): a side with air support rolls at the end of
// each turn for an aircraft to arrive; one that arrives is on call, and in the next turn's
// plotting step its side writes, in secret, where it attacks and the heading of its run. It comes
// onto the table as the first card sequence begins (its path shown to all, its aim not), may be
// fired at by ground units as one of their functions, and attacks between the sequences with its
// template, diced like artillery with its attack-location modifiers; then it flies home. The
// numbers are rr_air.h's and rr_artillery.h's.
#include <algorithm>
#include <cmath>

#include "engine/rulesets/rookie/rr_air.h"
#include "engine/rulesets/rookie/rr_internal.h"

namespace sandtable::rr {

namespace {

Refusal r(const char* code, const char* rule, std::string msg) { return {code, rule, std::move(msg)}; }

AircraftKind kind_of(const AirSupport& a) {
  if (a.kind == "fighter") return AircraftKind::kFighter;
  if (a.kind == "dive_bomber") return AircraftKind::kDiveBomber;
  if (a.kind == "medium_bomber") return AircraftKind::kMediumBomber;
  if (a.kind == "modern") return AircraftKind::kModern;
  if (a.kind == "helicopter") return AircraftKind::kHelicopter;
  return AircraftKind::kFighterBomber;
}

AirAttack attack_of(const AirSupport& a) {
  if (a.attack == "strafing") return AirAttack::kStrafing;
  if (a.attack == "dive_bombing") return AirAttack::kDiveBombing;
  if (a.attack == "rockets") return AirAttack::kRockets;
  if (a.attack == "napalm") return AirAttack::kNapalm;
  if (a.attack == "medium_bombing") return AirAttack::kMediumBombing;
  return AirAttack::kFighterBomber;
}

const AirSupport& support_of(const RrState& st, const Aircraft& a) { return st.air[static_cast<std::size_t>(a.support)]; }

std::string name_of(const RrState& st, const Aircraft& a) {
  const std::string& n = support_of(st, a).name;
  return n.empty() ? a.id : n;
}

AircraftDamage damage_of(const Aircraft& a) {
  AircraftDamage d;
  d.airframe_hits = a.airframe_hits;
  d.location_modifier = a.location_modifier;
  return d;
}

std::string effect_words(AaHitEffect e) {
  switch (e) {
    case AaHitEffect::kNoEffect: return "no effect";
    case AaHitEffect::kPilotKilled: return "pilot killed: it crashes off the table";
    case AaHitEffect::kOilLine: return "oil line ruptured: it leaves at the end of this phase";
    case AaHitEffect::kLocationPlus2: return "+2 on its attack-location roll";
    case AaHitEffect::kLocationPlus1: return "+1 on its attack-location roll";
    case AaHitEffect::kAirframeHit: return "an airframe hit";
  }
  return "";
}

void leave(Context& ctx, const Aircraft& a, const std::string& reason) {
  pb::RrEvent e;
  e.mutable_aircraft_left()->set_aircraft_id(a.id);
  e.mutable_aircraft_left()->set_reason(reason);
  emit_rr(ctx, e);
}

}  // namespace

std::string air_template_letter(const AirSupport& a) {
  return std::string(1, static_cast<char>('A' + static_cast<int>(air_template(attack_of(a)))));
}

bool is_helicopter(const RrState& st, const Aircraft& a) { return kind_of(support_of(st, a)) == AircraftKind::kHelicopter; }

std::vector<Vec2> flight_path(const RrState& st, const Aircraft& a, Vec2 aim, double heading_deg) {
  const geom::Facing heading = facing_of(heading_deg);
  const Vec2 d = heading.forward();
  // Along the heading and back from the aim to the table's edges: the smallest positive reach.
  auto reach = [&](Vec2 dir) {
    double t = 1e300;
    if (dir.x > geom::kEps) t = std::min(t, (st.table->width - aim.x) / dir.x);
    if (dir.x < -geom::kEps) t = std::min(t, -aim.x / dir.x);
    if (dir.y > geom::kEps) t = std::min(t, (st.table->height - aim.y) / dir.y);
    if (dir.y < -geom::kEps) t = std::min(t, -aim.y / dir.y);
    return t;
  };
  if (!is_helicopter(st, a)) return {aim - d * reach(d * -1.0), aim + d * reach(d)};
  // RR-AIR-02: a helicopter comes in from the edge behind it and circles its aim.
  std::vector<Vec2> path = {aim - d * reach(d * -1.0), aim};
  for (const Vec2 p : helicopter_loop(aim, heading)) path.push_back(p);
  return path;
}

Check check_flight_plan(const RrState& st, int side, const pb::RrFlightPlan& p) {
  const Aircraft* a = st.plane(p.aircraft_id());
  if (!a || a->side != side || a->on_table || a->out) {
    return r("RR_NO_AIRCRAFT", "RR-AIR-01", side_name(st, side) + " has no aircraft '" + p.aircraft_id() + "' on call.");
  }
  if (st.phase != Phase::kPlot || waiting_side(st) != side) {
    return r("RR_NOT_PLOTTING", "RR-AIR-02", "Aircraft are given their runs before the turn, in " + side_name(st, side) +
                                                 "'s plotting step; it is the " + phase_words(st) + " now.");
  }
  const PlotCheck where = rr::check_plot(TableSize{st.table->width, st.table->height}, p.aim().x(), p.aim().y());
  if (where.refusal) return r("RR_PLOT_OFF_TABLE", "RR-AIR-07", name_of(st, *a) + ": " + *where.refusal);
  if (!std::isfinite(p.heading_deg())) return r("RR_FLIGHT_PATH", "RR-AIR-02", "The heading is not a number.");
  const bool helicopter = is_helicopter(st, *a);
  const auto path = flight_path(st, *a, geom::from_proto(p.aim()), p.heading_deg());
  if (auto bad = flight_path_refusal(TableSize{st.table->width, st.table->height}, path, helicopter)) {
    std::string why = name_of(st, *a) + "'s run: " + *bad;
    why += helicopter ? " It circles " + std::to_string(static_cast<int>(2 * kHelicopterCircleRadius)) +
                            "\" across beside its aim: aim it further from the edge or turn its heading."
                      : " Turn its heading.";
    return r("RR_FLIGHT_PATH", "RR-AIR-02", why);
  }
  return std::nullopt;
}

void do_flight_plan(Context& ctx, RrState& st, int side, const pb::RrFlightPlan& p) {
  if (auto bad = check_flight_plan(st, side, p)) refuse(*bad);
  pb::RrEvent e;
  auto* x = e.mutable_flight_planned();
  x->set_aircraft_id(p.aircraft_id());
  x->set_side(st.side_id(side));
  *x->mutable_aim() = p.aim();
  x->set_heading_deg(std::fmod(std::fmod(p.heading_deg(), 360.0) + 360.0, 360.0));
  emit_rr(ctx, e, {st.side_id(side)});  // RR-AIR-02: secret until the aircraft comes on
}

void bring_aircraft_on(Context& ctx, RrState& st) {
  std::vector<int> ratings[2];
  std::vector<std::string> ids[2];
  for (const auto& a : st.aircraft) {
    if (!a.planned || a.on_table || a.out) continue;
    pb::RrEvent e;
    auto* x = e.mutable_aircraft_on_table();
    x->set_aircraft_id(a.id);
    x->set_side(st.side_id(a.side));
    x->set_name(name_of(st, a));
    for (const Vec2 p : flight_path(st, a, a.aim, a.heading_deg)) geom::to_proto(p, x->add_path());
    emit_rr(ctx, e);
    ratings[a.side].push_back(support_of(st, a).rating);
    ids[a.side].push_back(a.id);
  }
  if (ids[0].empty() || ids[1].empty()) return;
  // RR-AIR-03: opposing aircraft cancel one for one.
  const DogfightOutcome d = dogfight(ratings[0], ratings[1]);
  pb::RrEvent e;
  for (const int i : d.removed_a) e.mutable_dogfight()->add_removed(ids[0][static_cast<std::size_t>(i)]);
  for (const int i : d.removed_b) e.mutable_dogfight()->add_removed(ids[1][static_cast<std::size_t>(i)]);
  emit_rr(ctx, e);
}

void land_air_attacks(Context& ctx, RrState& st) {
  std::vector<std::string> flying;
  for (const auto& a : st.aircraft) {
    if (a.on_table && !a.out) flying.push_back(a.id);
  }
  for (const auto& id : flying) {
    const Aircraft& a = *st.plane(id);
    const AirSupport& sup = support_of(st, a);
    const AirAttack attack = attack_of(sup);
    const StrikeTemplate kind = air_template(attack);
    const int modifier = attack_location_modifier(kind_of(sup), damage_of(a));
    const int face = ctx.roll(pb::DIE_KIND_D10_ZERO, "attack location");
    const ImpactReading reading = read_impact_roll(face, modifier);
    const int drift = reading.on_target ? 0 : ctx.roll(pb::DIE_KIND_D6, "drift");
    // RR-AIR-07 -> RR-ART-04: the aircraft flies on, so "away from the firer" is its heading.
    const ImpactOutcome out = resolve_impact(a.aim, facing_of(a.heading_deg), face, modifier, drift);
    pb::RrEvent e;
    auto* x = e.mutable_strike_landed();
    x->set_side(st.side_id(a.side));
    x->set_battery_id(a.id);
    x->set_battery_name(name_of(st, a));
    x->set_aircraft(true);
    geom::to_proto(a.aim, x->mutable_plotted());
    x->set_roll(face);
    x->set_modifier(modifier);
    x->set_drift_roll(drift);
    if (!reading.on_target) x->set_drift_sector(reading.sector);
    x->set_drift_inches(out.drift_inches);
    geom::to_proto(out.point, x->mutable_landed());
    x->set_template_kind(air_template_letter(sup));
    x->set_orientation_deg(a.heading_deg);
    emit_rr(ctx, e);
    NoFirerAttack hit;
    hit.band_ff = air_attack_band(attack).ff();
    hit.source = name_of(st, a) + "'s air attack (" + template_name(kind) + ")";
    hit.rule_id = "RR-AIR-07";
    hit.forces_morale = air_attack_forces_morale(attack);
    attack_under(ctx, st, PlacedTemplate{kind, out.point, facing_of(a.heading_deg)}, hit, true);
    leave(ctx, *st.plane(id), "flies home after its attack");
  }
}

void check_air_arrivals(Context& ctx, RrState& st) {
  for (int side = 0; side < 2; ++side) {
    const auto it = std::find_if(st.air.begin(), st.air.end(), [&](const AirSupport& a) { return a.side == side; });
    if (it == st.air.end() || (it->sorties > 0 && st.sorties[side] >= it->sorties)) continue;
    const int chance = arrival_chance(st.failed_checks[side], it->base_chance, it->step);
    const int roll = ctx.roll(pb::DIE_KIND_PERCENTILE, "aircraft arrival");
    const ArrivalCheck c = check_arrival(st.failed_checks[side], roll, it->base_chance, it->step);
    pb::RrEvent e;
    auto* x = e.mutable_air_arrival();
    x->set_side(st.side_id(side));
    x->set_chance(chance);
    x->set_roll(roll);
    x->set_arrived(c.arrived);
    if (c.arrived) {
      x->set_aircraft_id(st.side_id(side) + "-air-" + std::to_string(st.sorties[side] + 1));
      x->set_name(it->name);
    }
    emit_rr(ctx, e, {st.side_id(side)});  // the enemy learns of it when it comes on
  }
}

int aa_chance_of(const Unit& u) {
  if (u.aa_gun) return aa_hit_chance(AaShooter::kAaGun);
  if (u.type == "hmg") return aa_hit_chance(AaShooter::kDedicatedHeavyMg);
  return aa_hit_chance(AaShooter::kSquad);
}

Check check_aa_fire(const RrState& st, int side, const pb::RrAaFire& f) {
  const Unit* u = nullptr;
  if (auto bad = check_function(st, side, f.unit_id(), &u)) return bad;
  const Aircraft* a = st.plane(f.aircraft_id());
  if (!a || a->side == side || !a->on_table || a->out) {
    return r("RR_NO_AIRCRAFT", "RR-AIR-04", "There is no enemy aircraft '" + f.aircraft_id() + "' over the table.");
  }
  if (u->kind == Kind::kVehicle || u->kind == Kind::kBunker || u->kind == Kind::kSniper || u->ff() <= 0) {
    return r("RR_CANNOT_FIRE", "RR-AIR-05", label(*u) + " cannot fire at aircraft.");
  }
  if (u->marker == Marker::kSuppressed) return r("RR_CANNOT_FIRE", "RR-FIRE-03", label(*u) + " is suppressed and cannot fire.");
  return std::nullopt;
}

void do_aa_fire(Context& ctx, RrState& st, int side, const pb::RrAaFire& f) {
  if (auto bad = check_aa_fire(st, side, f)) refuse(*bad);
  const Unit& u = *st.find(f.unit_id());
  const Aircraft& a = *st.plane(f.aircraft_id());
  const int chance = aa_chance_of(u);
  const int roll = ctx.roll(pb::DIE_KIND_PERCENTILE, "anti-aircraft fire");
  pb::RrEvent e;
  auto* x = e.mutable_aa_fired();
  x->set_unit_id(u.id);
  x->set_aircraft_id(a.id);
  x->set_chance(chance);
  x->set_roll(roll);
  AircraftDamage d = damage_of(a);
  if (roll <= chance) {
    x->set_hit(true);
    const int face = ctx.roll(pb::DIE_KIND_D10_ZERO, "AA hit");
    x->set_effect_roll(face);
    x->set_effect(effect_words(aa_hit_effect(face)));
    d = apply_aa_hit(d, face);
  }
  x->set_airframe_hits(d.airframe_hits);
  x->set_location_modifier(d.location_modifier);
  x->set_out(!can_attack(d));
  emit_rr(ctx, e, audience(st, u));
  if (!audience(st, u).empty()) {
    pb::RrEvent seen = e;  // a hidden unit's AA fire: the enemy sees the flak, not the gun
    seen.mutable_aa_fired()->clear_unit_id();
    emit_rr(ctx, seen, {st.side_id(1 - u.side), "spectator"});
  }
  if (!can_attack(d)) leave(ctx, *st.plane(f.aircraft_id()), d.crashed ? "crashes off the table" : "is forced off the table");
  spend_function(ctx, st);
}

}  // namespace sandtable::rr
