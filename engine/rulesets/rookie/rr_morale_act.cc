// Morale tests on the table (RR-MOR-01..06): the modifiers and bands are rr_morale.h's; this file
// reads the unit's situation, rolls the d%, and carries the result out (figures lost, marker,
// falling back toward the side's own edge, surrender, running off).
#include <algorithm>
#include <cmath>

#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_morale.h"

namespace sandtable::rr {

namespace {

Refusal r(const char* code, const char* rule, std::string msg) { return {code, rule, std::move(msg)}; }

bool enemy_within(const RrState& st, const Unit& u, double d) {
  return std::any_of(st.units.begin(), st.units.end(),
                     [&](const Unit& e) { return e.alive && e.side != u.side && geom::within_distance(e.pos, u.pos, d); });
}

std::string outcome_words(MoraleOutcome o) {
  switch (o) {
    case MoraleOutcome::kRunsOff: return "ran off the table";
    case MoraleOutcome::kSurrenders: return "surrendered";
    case MoraleOutcome::kChargesNearestEnemy: return "charges the nearest enemy";
    case MoraleOutcome::kLosesTwoSuppressed: return "lost 2 figures and is suppressed";
    case MoraleOutcome::kFallsBack: return "fell back";
    case MoraleOutcome::kNoChange: return "no change";
    case MoraleOutcome::kMayRemoveOneLevel: return "steady";
  }
  return "";
}

}  // namespace

void morale_test(Context& ctx, RrState& st, const Unit& u, const std::string& trigger) {
  std::vector<std::string> tested;
  morale_test(ctx, st, u, trigger, tested);
}

void morale_test(Context& ctx, RrState& st, const Unit& u, const std::string& trigger, std::vector<std::string>& tested) {
  tested.push_back(u.id);
  const Vec2 was = u.pos;
  const std::string id = u.id;
  const int side = u.side;
  MoraleQuery q;
  q.troops = u.troop;
  q.terrain = cover_of(st, u);
  q.bunker = u.kind == Kind::kBunker ? u.armour : ArmourClass::kNone;
  q.original_figures = u.original_figures;
  q.figures_now = u.figures;
  q.in_command_radius = in_command(st, u);
  q.friend_ran_away_within_8 = trigger == kFriendRanAway;
  q.leader_attached = attached_leader(st, u) != nullptr;
  const MoraleModifiers mods = morale_modifiers(q);
  const int roll = ctx.roll(pb::DIE_KIND_PERCENTILE, "morale");
  MoraleRollQuery rq;
  rq.d100 = roll;
  rq.modifiers = mods.total;
  rq.within_8_of_enemy = enemy_within(st, u, 8);
  rq.class_a_inches = class_inches(row_of(u).mover, SpeedClass::kA);
  MoraleOptions opt;
  opt.japanese_exception = false;  // GAP-RR-MOR-03: no unit is marked Japanese in these scenarios
  const MoraleResult res = morale_result(rq, opt);
  pb::RrEvent e;
  auto* x = e.mutable_morale_tested();
  x->set_unit_id(u.id);
  x->set_trigger(trigger);
  x->set_roll(roll);
  for (const auto& m : mods.items) {
    auto* y = x->add_modifiers();
    y->set_rule_id(m.rule);
    y->set_words(m.phrase);
    y->set_value(m.value);
  }
  x->set_total(res.total);
  x->set_result(outcome_words(res.outcome));
  const int lost = std::min(res.figures_lost, u.figures);
  x->set_figures_lost(lost);
  x->set_figures(u.figures - lost);
  // RR-MOR-03 41+: "may remove one penalty level", which a player always takes.
  x->set_marker(to_pb(marker_after_morale(u.marker, res, res.may_remove_one_level)));
  x->set_removed(res.removed_from_play || u.figures - lost <= 0);
  x->set_ran_away(res.runs_away);
  if (res.fall_back_inches > 0) {
    // Straight back toward the side's own table edge (RR-MOR-03), stopping at the edge.
    const double edge = home_edge_y(st, u.side);
    const double dir = edge < u.pos.y ? -1.0 : 1.0;
    const double y = std::clamp(u.pos.y + dir * res.fall_back_inches, 0.0, st.table->height);
    geom::to_proto(Vec2{u.pos.x, y}, x->mutable_fell_back_to());
  }
  const bool backs_up = x->has_fell_back_to() && u.kind == Kind::kVehicle && armoured(u) && !x->removed();
  const Vec2 to = x->has_fell_back_to() ? geom::from_proto(x->fell_back_to()) : was;
  emit_rr(ctx, e, audience(st, u));
  if (backs_up) overrun_backing_up(ctx, st, id, was, to);
  if (!res.runs_away) return;
  // RR-MOR-01 (5), RR-MOR-04: a unit running away makes its friends within 8" of where it stood
  // test at once, each once in this chain.
  for (const auto& f : st.units) {
    if (!f.alive || f.side != side || f.id == id || !geom::within_distance(f.pos, was, 8)) continue;
    if (std::find(tested.begin(), tested.end(), f.id) != tested.end()) continue;
    if (!trigger_applies(MoraleTrigger::kFriendRanAwayWithin8, armoured(f))) continue;
    morale_test(ctx, st, f, kFriendRanAway, tested);
  }
}

void tank_came_near(Context& ctx, RrState& st, const Unit& tank, Vec2 from) {
  if (tank.kind != Kind::kVehicle || !armoured(tank)) return;
  std::vector<std::string> tested;
  for (const auto& u : st.units) {
    if (!u.alive || u.side == tank.side || std::find(tested.begin(), tested.end(), u.id) != tested.end()) continue;
    if (!trigger_applies(MoraleTrigger::kEnemyTankWithin8, armoured(u))) continue;
    // RR-MOR-01 (4): coming within 8", not staying there.
    if (!geom::within_distance(u.pos, tank.pos, 8) || geom::within_distance(u.pos, from, 8)) continue;
    morale_test(ctx, st, u, kTankNear, tested);
  }
}

Check check_morale_test(const RrState& st, int side, const pb::RrMoraleTest& t) {
  if (st.phase != Phase::kMorale || st.phase_side != side) {
    return r("RR_NOT_MORALE_STEP", "RR-MOR-02", "Voluntary morale tests are taken in the morale step at the end of the turn.");
  }
  const Unit* u = st.alive_unit(t.unit_id());
  if (!u || u->side != side) {
    return r("RR_NO_SUCH_UNIT", "RR-MOR-02", "There is no unit of " + side_name(st, side) + " called '" + t.unit_id() + "'.");
  }
  if (!may_test_voluntarily(u->marker)) return r("RR_NOTHING_TO_REMOVE", "RR-MOR-02", label(*u) + " has no marker to remove.");
  if (u->tested) return r("RR_ALREADY_TESTED", "RR-MOR-02", label(*u) + " has already tested its morale this turn.");
  return std::nullopt;
}

}  // namespace sandtable::rr
