// Infantry and cavalry movement (BG-MOVE-01..13, BG-MOVE-17, BG-CAV-01/03/06, BG-MARK-02/03,
// BG-TER-02..04, BG-TER-10, BG-COMB-03): declared intent, dice, facing cost, walking the path,
// the new formation, markers and combining at the end of the move.
#include <algorithm>

#include "engine/rulesets/bg/bg_hidden.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_path.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/rulesets/bg/bg_move_util.h"

namespace sandtable::bg {

namespace {

const char* intent_word(pb::BgMoveIntent i) {
  switch (i) {
    case pb::BG_MOVE_WALK: return "walk";
    case pb::BG_MOVE_RUN: return "run";
    case pb::BG_MOVE_DIG_IN: return "dig in";
    case pb::BG_MOVE_DIG_OUT: return "dig out";
    case pb::BG_MOVE_MOUNTED: return "mounted move";
    case pb::BG_MOVE_FLEE: return "flee";
    default: return "move";
  }
}

}  // namespace

Check check_move(const BgState& st, int side, const pb::BgMove& m, MovePlan* plan) {
  const Unit* u = nullptr;
  if (auto c = check_unit_may_act(st, side, m.unit_id(), BgAction::kMove, &u)) return c;
  if (!u->infantry_like()) {
    return refusal("BG_NOT_INFANTRY", "BG-VMOV-03", label(*u) + " is not infantry or cavalry; use a vehicle move.");
  }
  if (!u->carried_by.empty()) {
    return refusal("BG_ABOARD", "BG-MOVE-16", label(*u) + " is aboard " + u->carried_by + "; it must dismount first.");
  }
  if (u->markers.melee) return refusal("BG_IN_MELEE", "BG-MEL-04", label(*u) + " is locked in a melee.");
  if (m.path_size() > kMaxPathPoints) {
    return refusal("BG_PATH_TOO_LONG", "BG-MOVE-04", "A path has at most " + std::to_string(kMaxPathPoints) + " points.");
  }
  const bool mounted = u->kind == UnitKind::kCavalry && u->mounted;
  const bool moving = m.path_size() > 0 || m.figures_size() > 0;
  switch (m.intent()) {
    case pb::BG_MOVE_WALK:
    case pb::BG_MOVE_RUN:
      if (mounted) {
        return refusal("BG_MOUNTED_MOVE", "BG-CAV-01", label(*u) + " is mounted: it moves 3D6 (intent mounted), without walking or running.");
      }
      break;
    case pb::BG_MOVE_MOUNTED:
      if (!mounted) return refusal("BG_NOT_MOUNTED", "BG-CAV-01", label(*u) + " is not mounted cavalry.");
      break;
    case pb::BG_MOVE_DIG_IN:
      if (mounted) return refusal("BG_DIG_MOUNTED", "BG-CAV-06", "Cavalry digs in only when dismounted.");
      if (u->markers.dug_in) return refusal("BG_ALREADY_DUG_IN", "BG-MOVE-11", label(*u) + " is already dug in.");
      if (moving || m.road()) {
        return refusal("BG_DIG_IN_MOVE", "BG-MOVE-11", "Digging in takes the unit's whole move; it makes no other movement.");
      }
      // BG-MINE-08 forbids digging in inside a minefield the side knows of (its own, a public
      // one, one it has found or entered); an unfound secret one is not told by a refusal
      // (BG-MINE-02/03): the unit digs in, as a player who cannot see the mines would.
      for (const auto& mf : st.minefields) {
        const Terrain* t = st.terrain_named(mf.terrain);
        if (!t || !knows_terrain(st, *t, Seer{side, false})) continue;
        if (t->area && geom::locate(*t->area, com(*u)) == geom::Where::kInside) {
          return refusal("BG_DIG_IN_MINES", "BG-MINE-08", "Units may not dig in inside a minefield.");
        }
      }
      for (const auto& t : st.terrain) {  // BG-TER-05: a shale beach allows no digging in
        if (t.kind == TerrainKind::kBeach && t.area && geom::locate(*t.area, com(*u)) == geom::Where::kInside) {
          return refusal("BG_NO_DIGGING", "BG-TER-05", label(*u) + " cannot dig in on " + t.name + " (shale beach).");
        }
      }
      break;
    case pb::BG_MOVE_DIG_OUT:
      if (!u->markers.dug_in) return refusal("BG_NOT_DUG_IN", "BG-MOVE-12", label(*u) + " is not dug in.");
      break;
    case pb::BG_MOVE_FLEE:
      return refusal("BG_FLEE_ONLY_CHARGED", "BG-MEL-14", "Fleeing is only a charged unit's response (BgFlee).");
    default:
      return refusal("BG_BAD_INTENT", "BG-MOVE-03", "Unknown movement intention.");
  }
  const auto end_facing = facing_from_degrees(m.facing_deg());
  if (!end_facing) return refusal("BG_BAD_FACING", "BG-MOVE-02", "Facings are compass degrees in half-degree steps.");
  if (m.intent() == pb::BG_MOVE_DIG_IN && !geom::turn_at_most(u->facing, *end_facing, 0)) {
    return refusal("BG_DIG_IN_MOVE", "BG-MOVE-11", "Digging in takes the whole move; the unit keeps its facing.");
  }
  if (!moving) {
    if (auto c = check_trapped_turn(st, *u, *end_facing)) return c;  // BG-MINE-08
  }
  MovePlan p;
  p.end_facing = end_facing;
  p.path.push_back(com(*u));
  for (const auto& pt : m.path()) {
    const Vec2 v = to_vec(pt);
    if (!geom::is_finite(v)) return refusal("BG_BAD_POINT", "BG-MOVE-04", "A path point is not a number.");
    p.path.push_back(v);
  }
  std::vector<Vec2> placed;
  if (m.figures_size() > 0) {
    if (auto c = check_formation(st, *u, m.figures(), &placed)) return c;
    if (m.path_size() == 0) p.path.push_back(geom::centroid(placed));
  }
  // BG-UNIT-05: a non-standing unit must retreat and/or try to join another unit: unless it
  // names a unit to join, its destination may not be nearer the closest enemy than its start.
  if (non_standing(*u) && m.combine_with().empty() && p.path.size() > 1) {
    if (!retreats(st, side, p.path.front(), p.path.back())) {
      return refusal("BG_NON_STANDING_ADVANCE", "BG-UNIT-05",
                     label(*u) + " is non-standing: it must retreat or move to join another unit.");
    }
  }
  if (m.road() && mounted && !st.options.cavalry_road) {  // BG-CAV-03 is optional ("bg.cavalry_road")
    return refusal("BG_CAVALRY_ROAD", "BG-CAV-03", "This scenario does not use the optional cavalry road bonus.");
  }
  if (m.road() && !path_on_road(st, p.path)) {
    return refusal("BG_NOT_ON_ROAD", "BG-MOVE-07", "The road bonus needs the whole move along a road.");
  }
  if (auto c = path_passable(st, *u, p.path, nullptr)) return c;
  if (!m.combine_with().empty()) {
    const Unit* o = st.active_unit(m.combine_with());
    if (!o || o->side != side || o->id == u->id) {
      return refusal("BG_COMBINE_TARGET", "BG-COMB-01", "'" + m.combine_with() + "' is not another unit of this side on the table.");
    }
    if (!o->infantry_like() || (o->kind == UnitKind::kCavalry && o->mounted) || (u->kind == UnitKind::kCavalry && u->mounted)) {
      return refusal("BG_COMBINE_KIND", "BG-COMB-01", "Only infantry units combine; vehicles never do.");
    }
    if (!o->carried_by.empty() || o->markers.melee) {
      return refusal("BG_COMBINE_TARGET", "BG-COMB-03", label(*o) + " cannot be joined now.");
    }
  }
  if (!m.building().empty()) {
    const Terrain* b = st.terrain_named(m.building());
    if (!b || b->kind != TerrainKind::kBuilding) return refusal("BG_NO_BUILDING", "BG-TER-08", "There is no building called '" + m.building() + "'.");
  }
  switch (m.intent()) {
    case pb::BG_MOVE_WALK: p.dice = st.options.walk_dice; break;
    case pb::BG_MOVE_RUN: p.dice = st.options.run_dice; break;
    case pb::BG_MOVE_MOUNTED: p.dice = kCavalryDice; break;
    case pb::BG_MOVE_DIG_OUT: p.dice = moving ? st.options.walk_dice : 0; break;  // BG-MOVE-12
    default: p.dice = 0;
  }
  if (plan) *plan = std::move(p);
  return std::nullopt;
}

void do_move(Context& ctx, BgState& st, int side, const pb::BgMove& m) {
  MovePlan plan;
  if (auto c = check_move(st, side, m, &plan)) refuse(*c);
  const Unit& u = *st.find(m.unit_id());
  pb::BgUnitMoved moved;
  moved.set_unit_id(u.id);
  moved.set_intent(m.intent());
  moved.set_acted_as(intent_word(m.intent()));
  int roll = 0;
  if (plan.dice > 0) {
    for (int v : ctx.roll_pool(plan.dice, pb::DIE_KIND_D6, std::string(intent_word(m.intent())) + " distance")) roll += v;
  }
  moved.set_roll(roll);
  double allowance = roll;
  if (m.road()) {
    // BG-MOVE-07 / BG-CAV-03: +1/3 on a road (GAP-BG-MOVE-07 rounding).
    allowance += road_bonus(st.options, roll);
    moved.add_notes("road bonus +" + inches(road_bonus(st.options, roll)));
  }
  std::vector<std::pair<std::string, Vec2>> formation = current_formation(u);
  if (m.figures_size() > 0) formation = declared_formation(u, m.figures());
  MoveOutcome out;
  if (plan.dice > 0) {
    if (auto c = move_along(st, u, plan.path, *plan.end_facing, allowance, formation, &out)) refuse(*c);
  } else {
    out.end = plan.path.front();
    out.reached = true;
    out.figures = current_formation(u);
    out.facing_cost = 0;
    out.allowance = 0;
  }
  // Stopping short: from the roll's end back along the path to the first place `clear` accepts;
  // if there is none (it stands pressed against the enemy, e.g. guards just formed in a melee)
  // the dice are spent and it stays as it is.
  auto stop_short = [&](auto&& clear) {
    const Vec2 end0 = out.end;
    const Formation figs0 = out.figures;
    out.end = plan.path.front();
    out.figures = current_formation(u);
    out.reached = false;
    for (Vec2 p : back_off_points(plan.path, end0)) {
      Formation shifted;
      for (const auto& [fid, pos] : figs0) shifted.emplace_back(fid, pos + (p - end0));
      if (clear(p, shifted)) {
        out.figures = shifted;
        out.end = p;
        return;
      }
    }
  };
  std::string short_note;
  if (auto c = check_end_position(st, u, out.figures)) {
    // BG-MOVE-03 "as far as possible": a roll that would leave the unit on an enemy or off the
    // table stops it short on its path (cohesion does not depend on the dice: refused above).
    if (c->code != "BG_ON_ENEMY" && c->code != "BG_OFF_TABLE") refuse(*c);
    stop_short([&](Vec2, const Formation& f) { return !check_end_position(st, u, f); });
    short_note = "stopped short: the full roll would end on the enemy or off the table";
  }
  // BG-UNIT-09: the dice may carry it into a hidden enemy: it stops short and finds it.
  // BG-TER-08..10 with BG-UNIT-09: a building held by a hidden enemy is run into like its
  // figures: the mover stops short of occupying it and finds the unit. (The room check below
  // counts only what the mover's side may see, so it can never tell of a hidden unit.)
  auto held_hidden = [&](const Formation& f) {
    std::vector<Vec2> pts;
    for (const auto& [fid, pos] : f) pts.push_back(pos);
    const Terrain* b = building_at(st, pts);
    return b ? hidden_in_building(st, u, b->name) : std::vector<std::string>{};
  };
  std::vector<std::string> ran_into = hidden_touched(st, u, walked_prefix(plan.path, out.end), out.figures, std::nullopt);
  for (const auto& id : held_hidden(out.figures)) {
    if (std::find(ran_into.begin(), ran_into.end(), id) == ran_into.end()) ran_into.push_back(id);
  }
  if (!ran_into.empty()) {
    stop_short([&](Vec2 p, const Formation& f) {
      return !check_end_position(st, u, f) && hidden_touched(st, u, walked_prefix(plan.path, p), f, std::nullopt).empty() &&
             held_hidden(f).empty();
    });
    short_note = "stopped short: ran into a hidden enemy unit";
  }
  // BG-TER-10: the roll may carry the unit into a building with no room for it; like an enemy
  // in the way, that stops it short (dice-dependent outcomes never refuse). The building it
  // already stands in is no entry: staying, or moving within it, needs no room.
  std::string was_in;
  {
    std::vector<Vec2> pts;
    for (const auto& [fid, pos] : current_formation(u)) pts.push_back(pos);
    if (const Terrain* b = building_at(st, pts)) was_in = b->name;
  }
  auto no_room = [&](const Formation& f) {
    std::vector<Vec2> pts;
    for (const auto& [fid, pos] : f) pts.push_back(pos);
    const Terrain* b = building_at(st, pts);
    return b && b->name != was_in && check_building_room(st, u, b->name).has_value();
  };
  if (m.building().empty() && ran_into.empty() && no_room(out.figures)) {
    stop_short([&](Vec2, const Formation& f) { return !check_end_position(st, u, f) && !no_room(f) && held_hidden(f).empty(); });
    short_note = "stopped short: the building it would end in has no room (BG-TER-10)";
  }
  moved.set_allowance(out.allowance);
  moved.set_facing_cost(out.facing_cost);
  moved.set_used(out.used);
  moved.set_reached(out.reached);
  *moved.mutable_from() = to_point(plan.path.front());
  *moved.mutable_to() = to_point(out.end);
  moved.set_facing_deg(m.facing_deg());
  for (const auto& n : out.notes) moved.add_notes(n);
  if (!short_note.empty()) moved.add_notes(short_note);
  std::vector<Vec2> pts;
  for (const auto& [fid, pos] : out.figures) {
    auto* f = moved.add_figures();
    f->set_figure_id(fid);
    *f->mutable_position() = to_point(pos);
    pts.push_back(pos);
  }
  // BG-MOVE-17 / BG-TER-08..10: occupying a building is declared and shown by the figures.
  std::string building;
  if (!m.building().empty() && ran_into.empty()) {
    const Terrain* b = building_at(st, pts);
    if (!b || b->name != m.building()) {
      reject_building(m.building());
    }
    building = b->name;
  } else if (const Terrain* b = building_at(st, pts)) {
    // (Stopped short by a hidden unit, a declared building may be out of reach: that is the
    // dice's outcome, not a refusal, which would tell of the hidden unit.)
    building = b->name;
  }
  if (!building.empty() && building != was_in) {
    if (auto c = check_building_room(st, u, building)) refuse(*c);
  }
  moved.set_building(building);
  emit_unit_moved(ctx, st, u, moved);
  reveal_ran_into(ctx, ran_into);
  // BG-MARK-02: green and white go after the next movement unless it runs / takes the road again.
  pb::BgEvent mk;
  auto* mkb = mk.mutable_markers();
  mkb->set_unit_id(u.id);
  const bool runs = m.intent() == pb::BG_MOVE_RUN || m.intent() == pb::BG_MOVE_DIG_IN ||
                    (m.intent() == pb::BG_MOVE_DIG_OUT && plan.dice > 0);
  if (runs) mkb->add_added("ran");  // BG-MOVE-06, BG-MOVE-11, BG-MOVE-12, BG-EX-10
  else if (u.markers.ran) mkb->add_removed("ran");
  if (m.road()) mkb->add_added("road");
  else if (u.markers.road) mkb->add_removed("road");
  if (m.intent() == pb::BG_MOVE_DIG_IN) mkb->add_added("dug_in");  // BG-MOVE-11
  if (m.intent() == pb::BG_MOVE_DIG_OUT) mkb->add_removed("dug_in");  // BG-MOVE-12
  mkb->set_reason(intent_word(m.intent()));
  if (mkb->added_size() + mkb->removed_size() > 0) emit_bg(ctx, mk);
  const std::string uid = u.id;
  detect_mines(ctx, st, uid, walked_prefix(plan.path, out.end));  // BG-MINE-04/08: the path walked
  reveal_hidden(ctx, st);
  if (!m.combine_with().empty()) {
    const Unit& mover = *st.find(uid);
    const Unit* other = st.find(m.combine_with());
    if (other && units_touch(st, mover, *other)) {
      combine_units(ctx, st, other->id, uid);
    } else {
      pb::BgEvent note;
      note.mutable_unit_status()->set_unit_id(uid);
      note.mutable_unit_status()->set_non_standing(non_standing(mover));
      note.mutable_unit_status()->set_reason("did not reach " + m.combine_with() + " to combine (BG-COMB-03)");
      emit_bg(ctx, note);
    }
  }
  if (const Unit* after = st.find(uid); after && !after->destroyed) unit_acted(ctx, st, *after, BgAction::kMove);
  else if (st.action.one_unit && st.action.side >= 0) {
    // The mover was absorbed by a combination: the ace's one action is still spent.
    pb::BgEvent e;
    e.mutable_action_ended()->set_side(side_id(st, side));
    e.mutable_action_ended()->set_action(pb::BG_ACTION_MOVE);
    e.mutable_action_ended()->set_reason("the ace's one unit has acted");
    emit_bg(ctx, e);
  }
}

void emit_unit_moved(Context& ctx, const BgState& st, const Unit& u, pb::BgUnitMoved moved) {
  pb::BgEvent e;
  *e.mutable_unit_moved() = std::move(moved);
  // BG-UNIT-09: a hidden unit's moves are seen by its own side (and the GM) only.
  std::vector<std::string> who;
  if (u.hidden) who.push_back(side_id(st, u.side));
  emit_bg(ctx, e, who);
}

void reveal_hidden(Context& ctx, BgState& st) {
  std::vector<std::string> found;
  for (const auto& u : st.units) {
    if (!u.hidden || !u.on_table || u.destroyed) continue;
    for (const auto& o : st.units) {
      if (o.side == u.side || !o.on_table || o.destroyed || o.hidden) continue;
      if (geom::within(geom::distance(com(u), com(o)), st.options.hidden_reveal)) {
        found.push_back(u.id);
        break;
      }
    }
  }
  for (const auto& id : found) {
    pb::BgEvent e;
    e.mutable_revealed()->set_unit_id(id);
    e.mutable_revealed()->set_reason("an enemy unit came within " + inches(st.options.hidden_reveal));
    emit_bg(ctx, e);
  }
}

}  // namespace sandtable::bg
