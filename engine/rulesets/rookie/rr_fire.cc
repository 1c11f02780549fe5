// One fire function (RR-FIRE-01..10): the numbers come from rr_fire_chart.h and rr_armour.h;
// this file finds them on the table (range, cover, sight, command, aspect), rolls the d10 and
// says what happened, then the target tests its morale if it lost a figure (RR-MOR-01).
#include <algorithm>
#include <cmath>

#include "engine/rulesets/rookie/rr_armour.h"
#include "engine/rulesets/rookie/rr_command.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_observe.h"

namespace sandtable::rr {

namespace {

Refusal r(const char* code, const char* rule, std::string msg) { return {code, rule, std::move(msg)}; }

WeaponKind weapon_of(const Unit& u) {
  if (u.kind == Kind::kSniper) return WeaponKind::kSniper;
  const TypeRow& row = row_of(u);
  if (row.squad_small_arms) return WeaponKind::kSquadSmallArms;
  if (row.emplaced && !row.indirect) return WeaponKind::kOnTableArtillery;
  return WeaponKind::kCrewServed;
}


// The same answer for a unit this side may not see and for no unit at all.
Refusal no_target(const RrState& st, int side, const std::string& id) {
  return r("RR_NO_TARGET", "RR-OBS-02", "There is no enemy unit '" + id + "' that " + side_name(st, side) + " can see.");
}

// RR-SNIP-02: in each turn it fires, from its second such turn on, the enemy may spot the sniper.
void detect_sniper(Context& ctx, RrState& st, const Unit& sniper) {
  const ObserveChance c = sniper_detection_chance(sniper.sniper_fire_turns);
  if (c.impossible) return;
  const int enemy = 1 - sniper.side;
  pb::RrEvent e;
  auto* s = e.mutable_spotted();
  s->set_unit_id(sniper.id);
  s->set_side(st.side_id(enemy));
  s->set_chance(c.automatic ? 100 : c.percent);
  bool found = c.automatic;
  if (!c.automatic) {
    const int roll = ctx.roll(pb::DIE_KIND_PERCENTILE, "sniper detection");
    s->set_roll(roll);
    found = observation_succeeds(c, roll);
  }
  s->set_spotted(found);
  s->set_reason(found ? "the sniper is detected" : "the sniper stays hidden");
  // Only a detection names the sniper to the enemy; a miss is its own side's news.
  emit_rr(ctx, e, found ? std::vector<std::string>{} : std::vector<std::string>{st.side_id(sniper.side)});
}

}  // namespace

std::vector<const Unit*> fire_targets(const RrState& st, const Unit& firer) {
  std::vector<const Unit*> out;
  for (const auto& e : st.units) {
    if (!e.alive || e.side == firer.side || !visible_to(st, e, st.side_id(firer.side))) continue;
    pb::RrFire f;
    f.set_unit_id(firer.id);
    f.set_target_id(e.id);
    if (!check_fire(st, firer.side, f, nullptr)) out.push_back(&e);
  }
  return out;
}

Check check_fire(const RrState& st, int side, const pb::RrFire& f, FirePlan* plan) {
  const Unit* up = nullptr;
  if (auto bad = check_function(st, side, f.unit_id(), &up)) return bad;
  const Unit& u = *up;
  const Unit* t = st.alive_unit(f.target_id());
  if (!t || t->side == side || !visible_to(st, *t, st.side_id(side))) return no_target(st, side, f.target_id());
  if (u.ff() <= 0) return r("RR_CANNOT_FIRE", "RR-UNIT-03", label(u) + " has no firing factor.");
  if (u.packed) return r("RR_PACKED", "RR-FUNC-03", label(u) + " is packed for moving: set it up (four functions in one turn) to fire.");
  const TypeRow& row = row_of(u);
  const double d = geom::distance(u.pos, t->pos);
  std::string why;
  if (!row.indirect && !line_of_sight(st, u.pos, t->pos, &why)) {
    return r("RR_NO_LINE_OF_SIGHT", "RR-LOS-01", label(u) + " cannot see " + label(*t) + ": " + why + ".");
  }
  if (row.min_range > 0 && d < row.min_range) {
    return r("RR_TOO_CLOSE", row.indirect ? "RR-ART-07" : "RR-ART-06",
             label(u) + " cannot fire closer than " + inches(row.min_range) + "; " + label(*t) + " is " + inches(d) + " away.");
  }
  // RR-FIRE-08: a second shot at another target only after a first that said it would split.
  const bool other_target = !st.fired_at.empty() && std::find(st.fired_at.begin(), st.fired_at.end(), t->id) == st.fired_at.end();
  if (other_target && !st.split) {
    return r("RR_SWITCH_UNDECLARED", "RR-FIRE-08",
             label(u) + " fired its first shot at one target; to fire at two, both shots take 2 left and the first must say so.");
  }
  if (f.split() && !st.fired_at.empty()) {
    return r("RR_SPLIT_LATE", "RR-FIRE-08", "Only the first shot of an activation can say the second goes elsewhere.");
  }
  FirePlan p;
  p.distance = d;
  p.blind = !t->spotted(side) && cover_of(st, *t) != Cover::kOpen;
  p.input.weapon = weapon_of(u);
  p.input.base_ff = u.ff();
  p.input.range_in = row.indirect ? 0 : d;  // RR-ART-07: a mortar's template attack reads its own column
  auto& s = p.input.situation;
  s.firer_marker = u.marker;
  s.target_cover = cover_of(st, *t);
  s.target_armour = armoured(*t) ? t->armour : ArmourClass::kNone;
  s.target_is_vehicle = t->kind == Kind::kVehicle && armoured(*t);
  s.aspect = aspect_of(*t, u.pos);
  s.blind_fire = p.blind;
  s.firer_out_of_command = u.kind != Kind::kLeader && !in_command(st, u);
  s.switching_targets = f.split() || st.split;
  s.target_unattached_leader = t->kind == Kind::kLeader;
  p.plan = plan_shot(p.input);
  if (p.plan.refusal) return r("RR_CANNOT_FIRE", "RR-FIRE-06", label(u) + " cannot fire at " + label(*t) + ": " + *p.plan.refusal);
  if (plan) *plan = std::move(p);
  return std::nullopt;
}

void do_fire(Context& ctx, RrState& st, int side, const pb::RrFire& f) {
  FirePlan p;
  if (auto bad = check_fire(st, side, f, &p)) refuse(*bad);
  const Unit& u = *st.find(f.unit_id());
  const Unit& t = *st.find(f.target_id());
  if (row_of(u).indirect) {
    fire_mortar(ctx, st, side, u, t, p, f.split());
    update_spotting(ctx, st);
    spend_function(ctx, st);
    return;
  }
  const bool sniper_first_this_turn = u.kind == Kind::kSniper && u.last_fire_turn != st.turn;
  pb::RrEvent e;
  auto* x = e.mutable_fired();
  x->set_unit_id(u.id);
  x->set_target_id(t.id);
  x->set_split(f.split());
  x->set_distance(p.distance);
  x->set_blind(p.blind);
  x->set_sniper(u.kind == Kind::kSniper);
  const AttackResult res = roll_attack(ctx, p.input, p.plan, t, p.distance, x);
  const std::vector<std::string> who = audience(st, u);
  emit_rr(ctx, e, who);
  if (!who.empty()) {
    // The enemy (and spectators) see the shot land, not who fired it (RR-SNIP-02, RR-OBS-02):
    // the same numbers without the firer, for their log; it changes nothing when applied.
    pb::RrEvent seen = e;
    seen.mutable_fired()->clear_unit_id();
    seen.mutable_fired()->set_distance(0);
    seen.mutable_fired()->set_unseen_firer(true);
    emit_rr(ctx, seen, {st.side_id(1 - u.side), "spectator"});
  }
  after_attack(ctx, st, f.target_id(), res, false);  // RR-MOR-01 (1)
  const Unit& firer = *st.find(f.unit_id());
  if (sniper_first_this_turn && firer.alive && !firer.spotted(1 - side)) detect_sniper(ctx, st, firer);
  update_spotting(ctx, st);
  spend_function(ctx, st);
}

}  // namespace sandtable::rr
