// Off-table artillery on the table (RR-ART-01..05): each battery's secret plot in the plot phase
// (RR-SEQ-01 step 1), seen only by its side until it lands; between the card sequences (step 4)
// every plot is diced for drift (RR-ART-04) and attacks each unit under its template on the
// weapon's column (RR-ART-05), friend or foe, with a morale test where the weapon forces one.
// The numbers are rr_artillery.h's.
#include <algorithm>
#include <cmath>

#include "engine/rulesets/rookie/rr_artillery.h"
#include "engine/rulesets/rookie/rr_internal.h"

namespace sandtable::rr {

namespace {

Refusal r(const char* code, const char* rule, std::string msg) { return {code, rule, std::move(msg)}; }

struct WeaponName {
  const char* key;
  ArtilleryWeapon weapon;
};
constexpr WeaponName kWeapons[] = {
    {"light_artillery", ArtilleryWeapon::kLightArtillery}, {"medium_artillery", ArtilleryWeapon::kMediumArtillery},
    {"heavy_artillery", ArtilleryWeapon::kHeavyArtillery}, {"light_mortar", ArtilleryWeapon::kLightMortar},
    {"medium_mortar", ArtilleryWeapon::kMediumMortar},     {"heavy_mortar", ArtilleryWeapon::kHeavyMortar},
};

std::optional<ArtilleryWeapon> weapon_of(const Battery& b) {
  for (const auto& w : kWeapons) {
    if (b.weapon == w.key) return w.weapon;
  }
  return std::nullopt;
}

std::optional<StrikeTemplate> template_of(const std::string& k) {
  if (k == "A") return StrikeTemplate::kA;
  if (k == "B") return StrikeTemplate::kB;
  if (k == "C") return StrikeTemplate::kC;
  if (k == "D") return StrikeTemplate::kD;
  return std::nullopt;
}

// The line of fire comes from the battery's own table edge, straight across to the aim: "away
// from the firer" for the drift rose (GAP-RR-ART-03).
geom::Facing line_of_fire(const RrState& st, int side) {
  return home_edge_y(st, side) <= 0 ? geom::Facing::from_degrees(0) : geom::Facing::from_degrees(180);
}

}  // namespace

void attack_under(Context& ctx, RrState& st, const PlacedTemplate& placed, const NoFirerAttack& attack, bool air) {
  std::vector<std::string> under;
  for (const auto& u : st.units) {
    if (!u.alive) continue;
    const auto feet = footprints(u);
    if (std::any_of(feet.begin(), feet.end(), [&](const geom::Polygon& f) { return under_template(placed, f); })) under.push_back(u.id);
  }
  for (const auto& id : under) {
    const Unit* u = st.alive_unit(id);
    if (!u) continue;  // gone in an earlier unit's morale chain
    NoFirerAttack a = attack;
    a.blind = air && cover_of(st, *u) != Cover::kOpen;  // RR-AIR-10: blind fire on top of the cover shift
    attack_without_firer(ctx, st, *u, a);
  }
}

bool may_plot(const RrState& st, int side) {
  if (st.has_batteries(side)) return true;
  return std::any_of(st.aircraft.begin(), st.aircraft.end(), [&](const Aircraft& a) { return a.side == side && !a.on_table && !a.out; });
}

std::vector<std::string> battery_templates(const Battery& b) {
  std::vector<std::string> out;
  const auto w = weapon_of(b);
  if (!w) return out;
  for (const auto t : allowed_templates(*w)) out.push_back(std::string(1, static_cast<char>('A' + static_cast<int>(t))));
  return out;
}

std::string battery_label(const Battery& b) { return b.name.empty() ? b.id : b.name; }

Check check_plot(const RrState& st, int side, const pb::RrPlot& p) {
  const Battery* b = st.battery(p.battery_id());
  // Another side's battery is answered as no battery at all: its existence may be secret.
  if (!b || b->side != side) {
    return r("RR_NO_BATTERY", "RR-ART-01", side_name(st, side) + " has no off-table battery '" + p.battery_id() + "'.");
  }
  if (st.phase != Phase::kPlot || waiting_side(st) != side) {
    return r("RR_NOT_PLOTTING", "RR-ART-01", "Off-table fire is plotted before the turn, in " + side_name(st, side) +
                                                 "'s plotting step; it is the " + phase_words(st) + " now.");
  }
  const PlotCheck where = rr::check_plot(TableSize{st.table->width, st.table->height}, p.point().x(), p.point().y());
  if (where.refusal) return r("RR_PLOT_OFF_TABLE", "RR-ART-01", battery_label(*b) + ": " + *where.refusal);
  const auto kinds = battery_templates(*b);
  const std::string kind = p.template_kind().empty() && kinds.size() == 1 ? kinds.front() : p.template_kind();
  const auto t = template_of(kind);
  if (!t) {
    return r("RR_PLOT_TEMPLATE", "RR-ART-03", battery_label(*b) + " fires template " +
                                                  (kinds.size() == 1 ? kinds.front() : "A or B") + ", not '" + p.template_kind() + "'.");
  }
  if (auto bad = template_refusal(*weapon_of(*b), *t)) return r("RR_PLOT_TEMPLATE", "RR-ART-03", battery_label(*b) + ": " + *bad);
  if (!std::isfinite(p.orientation_deg())) return r("RR_PLOT_TEMPLATE", "RR-ART-03", "The template's orientation is not a number.");
  return std::nullopt;
}

void do_plot(Context& ctx, RrState& st, int side, const pb::RrPlot& p) {
  if (auto bad = check_plot(st, side, p)) refuse(*bad);
  const auto kinds = battery_templates(*st.battery(p.battery_id()));
  pb::RrEvent e;
  auto* x = e.mutable_plotted();
  x->set_side(st.side_id(side));
  x->set_battery_id(p.battery_id());
  *x->mutable_point() = p.point();
  x->set_template_kind(p.template_kind().empty() ? kinds.front() : p.template_kind());
  x->set_orientation_deg(std::fmod(std::fmod(p.orientation_deg(), 360.0) + 360.0, 360.0));
  emit_rr(ctx, e, {st.side_id(side)});  // RR-ART-01: written in secret
}

void fire_mortar(Context& ctx, RrState& st, int side, const Unit& mortar, const Unit& target, const FirePlan& aimed, bool split) {
  const ArtilleryWeapon weapon = mortar.type == "heavy_mortar"    ? ArtilleryWeapon::kHeavyMortar
                                 : mortar.type == "medium_mortar" ? ArtilleryWeapon::kMediumMortar
                                                                  : ArtilleryWeapon::kLightMortar;
  const StrikeTemplate kind = allowed_templates(weapon).front();
  const std::string mortar_id = mortar.id;
  const Vec2 aim = target.pos;
  // RR-ART-04 for the on-table mortar: the impact roll at the target, drifting away from the mortar.
  const int face = ctx.roll(pb::DIE_KIND_D10_ZERO, "impact");
  const ImpactReading reading = read_impact_roll(face);
  const int drift = reading.on_target ? 0 : ctx.roll(pb::DIE_KIND_D6, "drift");
  const ImpactOutcome out = resolve_impact(aim, away_from_firer(mortar.pos, aim), face, 0, drift);
  pb::RrEvent e;
  auto* x = e.mutable_strike_landed();
  x->set_side(st.side_id(side));
  x->set_battery_id(mortar.id);
  x->set_battery_name(label(mortar));
  geom::to_proto(aim, x->mutable_plotted());
  x->set_roll(face);
  x->set_drift_roll(drift);
  if (!reading.on_target) x->set_drift_sector(reading.sector);
  x->set_drift_inches(out.drift_inches);
  geom::to_proto(out.point, x->mutable_landed());
  x->set_template_kind(std::string(1, static_cast<char>('A' + static_cast<int>(kind))));
  x->set_aimed_at(target.id);  // RR-FIRE-08 counts the targets a unit fires at in one activation
  x->set_split(split);
  const std::vector<std::string> who = audience(st, mortar);
  emit_rr(ctx, e, who);
  if (!who.empty()) {
    pb::RrEvent seen = e;  // a hidden mortar's bombs land for all to see; who fired them does not
    seen.mutable_strike_landed()->clear_battery_id();
    seen.mutable_strike_landed()->set_battery_name("an unseen mortar");
    seen.mutable_strike_landed()->clear_plotted();
    seen.mutable_strike_landed()->clear_aimed_at();
    seen.mutable_strike_landed()->clear_split();
    emit_rr(ctx, seen, {st.side_id(1 - side), "spectator"});
  }
  // RR-ART-07 / GAP-RR-ART-05: every unit under the template is attacked on the mortar's own column,
  // with its cover and armour, the firer's marker and command, and blind fire at a unit its side has
  // not observed (GAP-RR-ART-07).
  const PlacedTemplate placed{kind, out.point, away_from_firer(mortar.pos, aim)};
  std::vector<std::string> under;
  for (const auto& u : st.units) {
    if (!u.alive) continue;
    const auto feet = footprints(u);
    if (std::any_of(feet.begin(), feet.end(), [&](const geom::Polygon& f) { return under_template(placed, f); })) under.push_back(u.id);
  }
  for (const auto& id : under) {
    const Unit* u = st.alive_unit(id);
    const Unit* m = st.alive_unit(mortar_id);
    if (!u || !m) continue;
    ShotInput in = aimed.input;
    in.range_in = 0;
    auto& sit = in.situation;
    sit.target_cover = cover_of(st, *u);
    sit.target_armour = armoured(*u) ? u->armour : ArmourClass::kNone;
    sit.target_is_vehicle = u->kind == Kind::kVehicle && armoured(*u);
    sit.aspect = aspect_of(*u, m->pos);
    sit.blind_fire = u->side != side && !u->spotted(side) && cover_of(st, *u) != Cover::kOpen;
    sit.target_unattached_leader = false;
    // RR-FIRE-08: the 2-left shift of a mortar splitting its two shots falls on every unit under the template.
    const ShotPlan plan = plan_shot(in);
    pb::RrEvent hit;
    auto* y = hit.mutable_fired();
    y->set_target_id(id);
    y->set_source(label(*m) + "'s bombs (" + template_name(kind) + ")");
    y->set_source_rule_id("RR-ART-07");
    y->set_blind(sit.blind_fire);
    const AttackResult res = roll_attack(ctx, in, plan, *u, 0, y);
    emit_rr(ctx, hit, audience(st, *u));
    after_attack(ctx, st, id, res, template_attack_forces_morale(weapon));
  }
}

void land_strikes(Context& ctx, RrState& st) {
  const std::vector<Plot> plots = st.plots;
  for (const auto& plot : plots) {
    const Battery* b = st.battery(plot.battery_id);
    if (!b) continue;
    const ArtilleryWeapon weapon = *weapon_of(*b);
    const StrikeTemplate kind = *template_of(plot.template_kind);
    const int face = ctx.roll(pb::DIE_KIND_D10_ZERO, "impact");
    const ImpactReading reading = read_impact_roll(face);
    const int drift = reading.on_target ? 0 : ctx.roll(pb::DIE_KIND_D6, "drift");
    const ImpactOutcome out = resolve_impact(plot.point, line_of_fire(st, plot.side), face, 0, drift);
    pb::RrEvent e;
    auto* x = e.mutable_strike_landed();
    x->set_side(st.side_id(plot.side));
    x->set_battery_id(b->id);
    x->set_battery_name(battery_label(*b));
    geom::to_proto(plot.point, x->mutable_plotted());
    x->set_roll(face);
    x->set_drift_roll(drift);
    if (!reading.on_target) x->set_drift_sector(reading.sector);
    x->set_drift_inches(out.drift_inches);
    geom::to_proto(out.point, x->mutable_landed());
    x->set_template_kind(plot.template_kind);
    x->set_orientation_deg(plot.orientation_deg);
    emit_rr(ctx, e);  // RR-ART-01: revealed when it lands
    NoFirerAttack a;
    a.band_ff = template_attack_band(weapon).ff();
    a.source = battery_label(*b) + "'s strike (" + template_name(kind) + ")";
    a.rule_id = "RR-ART-05";
    a.forces_morale = template_attack_forces_morale(weapon);
    attack_under(ctx, st, PlacedTemplate{kind, out.point, facing_of(plot.orientation_deg)}, a, false);
  }
  update_spotting(ctx, st);
}

}  // namespace sandtable::rr
