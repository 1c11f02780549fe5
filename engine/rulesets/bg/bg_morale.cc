// Optional "retreat after being attacked" (BG-OPT-07, BG-MOR-01..03): after a shooting attack
// that cost a unit 1/3 (retreat) or 1/2 (rout) of its figures, it rolls 1 die (2 with a leader)
// for one of its own hit faces; failing, it moves 1D6" (retreat, still facing the enemy) or
// 2D6" (rout, back to the enemy, red marker) straight away from the shooter.
// GAP-BG-MOR-01 (ours): the move is a straight line away from the shooter's point, clamped to
// the table; terrain on the way is not charged (the rule says "the full distance").
// BG-MOR-04 / GAP-BG-MOR-04: a routing unit may not shoot (bg_fire.cc) and rolls to rally on
// each of its side's movement actions: 1 die, 2 with a leader, for one of its own hit faces; a
// hit rallies it (red marker off; it acts normally from its next card), otherwise it routs
// again 2D6" straight away from the nearest enemy unit its side can see (hidden ones are not
// counted: the direction would reveal them). On a move card for all units every
// routing unit rolls when the card opens (that roll is its move); on an ace the owner may name
// a routing unit with an ordinary move (or charge) order, which becomes the rally roll.
#include <algorithm>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_damage.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/rulesets/bg/bg_units.h"

namespace sandtable::bg {

void morale_after_attack(Context& ctx, BgState& st, const std::string& unit_id, const std::string& attacker, int lost,
                         int strength) {
  const Unit* u = st.find(unit_id);
  if (!u || u->destroyed || !u->infantry_like() || !u->carried_by.empty() || lost <= 0 || strength <= 0) return;
  // BG-MOR-03: only the more severe test.
  const bool rout = lost * 2 >= strength;
  if (!rout && lost * 3 < strength) return;
  const int dice = u->count(FigureKind::kLeader) > 0 ? 2 : 1;
  const int need = hit_from(st.options, u->grade, 0);
  bool passed = false;
  for (int r : ctx.roll_pool(dice, pb::DIE_KIND_D6, rout ? "rout test" : "retreat test")) passed = passed || r >= need;
  pb::BgEvent e;
  auto* m = e.mutable_morale();
  m->set_unit_id(unit_id);
  m->set_test(rout ? "rout" : "retreat");
  m->set_passed(passed);
  const Vec2 here = com(*u);
  *m->mutable_to() = to_point(here);
  m->set_facing_deg(facing_degrees(u->facing));
  if (!passed) {
    int d = 0;
    for (int r : ctx.roll_pool(rout ? 2 : 1, pb::DIE_KIND_D6, rout ? "rout distance" : "retreat distance")) d += r;
    const Unit* a = st.find(attacker);
    const Vec2 from = a ? aim_point(st, *a) : here - u->facing.forward();
    const Vec2 away = here - from;
    const geom::Facing dir = geom::negligible(geom::length(away)) ? u->facing.reversed() : geom::Facing::along(away);
    Vec2 to = here + dir.forward() * static_cast<double>(d);
    to.x = std::clamp(to.x, 0.0, st.width);
    to.y = std::clamp(to.y, 0.0, st.height);
    m->set_distance(d);
    *m->mutable_to() = to_point(to);
    m->set_facing_deg(facing_degrees(rout ? dir : dir.reversed()));
  }
  emit_bg(ctx, e);
}

namespace {

// Straight line of `d` inches from `here` along `dir`, clamped to the table.
Vec2 run_off(const BgState& st, Vec2 here, const geom::Facing& dir, int d) {
  Vec2 to = here + dir.forward() * static_cast<double>(d);
  to.x = std::clamp(to.x, 0.0, st.width);
  to.y = std::clamp(to.y, 0.0, st.height);
  return to;
}

}  // namespace

void rally(Context& ctx, BgState& st, const std::string& unit_id) {
  const Unit* u = st.find(unit_id);
  if (!u || u->destroyed || !u->markers.routing) return;
  const int dice = u->count(FigureKind::kLeader) > 0 ? 2 : 1;
  const int need = hit_from(st.options, u->grade, 0);
  bool passed = false;
  for (int r : ctx.roll_pool(dice, pb::DIE_KIND_D6, "rally test")) passed = passed || r >= need;
  pb::BgEvent e;
  auto* m = e.mutable_morale();
  m->set_unit_id(unit_id);
  m->set_test("rally");
  m->set_passed(passed);
  const Vec2 here = com(*u);
  *m->mutable_to() = to_point(here);
  m->set_facing_deg(facing_degrees(u->facing));
  if (!passed) {
    // Away from the nearest enemy unit on the table that its side knows of (none: on along its
    // facing). GAP-BG-MOR-04 (ours): a hidden unit (BG-UNIT-09) is not "the enemy" a routing
    // unit runs from; the direction would show the other side where it hides.
    const Unit* nearest = nullptr;
    double best = 0;
    for (const auto* x : side_units(st, 1 - u->side)) {
      if (!knows_unit(*x, Seer{u->side, false})) continue;
      const double d = geom::distance(here, aim_point(st, *x));
      if (!nearest || d < best) {
        nearest = x;
        best = d;
      }
    }
    int d = 0;
    for (int r : ctx.roll_pool(2, pb::DIE_KIND_D6, "rout distance")) d += r;
    const Vec2 away = nearest ? here - aim_point(st, *nearest) : u->facing.forward();
    const geom::Facing dir = geom::negligible(geom::length(away)) ? u->facing : geom::Facing::along(away);
    m->set_distance(d);
    *m->mutable_to() = to_point(run_off(st, here, dir, d));
    m->set_facing_deg(facing_degrees(dir));  // back to the enemy
  }
  emit_bg(ctx, e);
}

void rally_routing_units(Context& ctx, BgState& st) {
  if (st.action.side < 0 || st.action.action != BgAction::kMove || st.action.one_unit) return;
  std::vector<std::string> ids;
  for (const auto* u : side_units(st, st.action.side)) {
    if (u->markers.routing && !u->markers.melee && u->carried_by.empty()) ids.push_back(u->id);
  }
  for (const auto& id : ids) {
    rally(ctx, st, id);
    if (const Unit* u = st.find(id)) unit_acted(ctx, st, *u, BgAction::kMove);
  }
}

bool rally_instead_of_move(Context& ctx, BgState& st, int side, const std::string& unit_id) {
  const Unit* u = st.find(unit_id);
  if (!u || !u->markers.routing) return false;
  if (auto c = check_unit_may_act(st, side, unit_id, BgAction::kMove, &u)) refuse(*c);
  rally(ctx, st, u->id);
  unit_acted(ctx, st, *st.find(unit_id), BgAction::kMove);
  return true;
}

}  // namespace sandtable::bg
