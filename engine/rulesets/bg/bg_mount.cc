// Mounting and dismounting transports (BG-MOVE-15/16) and cavalry (BG-CAV-04/05).
#include <algorithm>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_move_util.h"

namespace sandtable::bg {

namespace {

// Distance from a figure base to the vehicle hull (0 when touching or under it).
double gap_to_hull(const BgState& st, const Unit& v, Vec2 p) {
  const geom::Polygon hull = vehicle_hull(v);
  if (geom::locate(hull, p) != geom::Where::kOutside) return 0;
  return std::max(0.0, geom::distance_to_boundary(hull, p) - st.options.base_size / 2);
}

int carried_figures(const BgState& st, const Unit& v) {
  int n = 0;
  for (const auto& id : v.vehicle->passengers) {
    if (const Unit* p = st.find(id)) n += p->living();
  }
  return n;
}

// Default dismount places: a line behind the hull, half an inch clear of it.
Formation behind_vehicle(const BgState& st, const Unit& u, const Unit& v) {
  Formation out;
  std::vector<const Figure*> alive;
  for (const auto& f : u.figures) {
    if (f.alive) alive.push_back(&f);
  }
  const double step = st.options.base_size + 0.25;
  const Vec2 rear = v.position - v.facing.forward() * (v.vehicle->length / 2 + 0.25 + st.options.base_size / 2);
  const double mid = (static_cast<double>(alive.size()) - 1) / 2;
  for (std::size_t i = 0; i < alive.size(); ++i) {
    out.emplace_back(alive[i]->id, rear + v.facing.right() * ((static_cast<double>(i) - mid) * step));
  }
  return out;
}

void acted_raw(Context& ctx, BgState& st, const Unit& u) {
  pb::BgEvent e;
  e.mutable_unit_acted()->set_unit_id(u.id);
  e.mutable_unit_acted()->set_action(pb::BG_ACTION_MOVE);
  e.mutable_unit_acted()->set_card_serial(st.action.serial);
  emit_bg(ctx, e);
}

}  // namespace

Check check_mount(const BgState& st, int side, const pb::BgMount& m) {
  const Unit* u = nullptr;
  if (auto c = check_unit_may_act(st, side, m.unit_id(), BgAction::kMove, &u)) return c;
  if (u->kind != UnitKind::kInfantry) return refusal("BG_MOUNT_KIND", "BG-MOVE-15", "Only infantry rides in trucks and APCs.");
  if (!u->carried_by.empty()) return refusal("BG_ABOARD", "BG-MOVE-16", label(*u) + " is already aboard.");
  if (u->markers.melee) return refusal("BG_IN_MELEE", "BG-MEL-04", label(*u) + " is locked in a melee.");
  const Unit* v = st.active_unit(m.vehicle_id());
  if (!v || v->side != side || !v->vehicle || v->vehicle->capacity == 0) {
    return refusal("BG_NOT_TRANSPORT", "BG-MOVE-15", "'" + m.vehicle_id() + "' is not a truck or APC of this side.");
  }
  // BG-MOVE-15: up to 6 infantry figures.
  if (carried_figures(st, *v) + u->living() > v->vehicle->capacity) {
    return refusal("BG_TRANSPORT_FULL", "BG-MOVE-15",
                   label(*v) + " carries at most " + std::to_string(v->vehicle->capacity) + " figures.");
  }
  // BG-MOVE-16: the vehicle does not move on that card.
  if (v->moved_card == st.action.serial) {
    return refusal("BG_TRANSPORT_MOVED", "BG-MOVE-16", label(*v) + " has moved on this card; units mount a vehicle that stands still.");
  }
  for (const auto& f : u->figures) {
    if (f.alive && geom::beyond(gap_to_hull(st, *v, f.pos), kMountReach)) {
      return refusal("BG_MOUNT_REACH", "BG-MOVE-16", "Figure '" + f.id + "' is more than 1\" from " + label(*v) + ".");
    }
  }
  return std::nullopt;
}

void do_mount(Context& ctx, BgState& st, int side, const pb::BgMount& m) {
  if (auto c = check_mount(st, side, m)) refuse(*c);
  const Unit& u = *st.find(m.unit_id());
  const Unit& v = *st.find(m.vehicle_id());
  pb::BgEvent e;
  e.mutable_mounted()->set_unit_id(u.id);
  e.mutable_mounted()->set_vehicle_id(v.id);
  e.mutable_mounted()->set_mounted(true);
  emit_bg(ctx, e);
  if (v.moved_card != st.action.serial) acted_raw(ctx, st, v);  // the vehicle stands this card
  unit_acted(ctx, st, *st.find(m.unit_id()), BgAction::kMove);
}

Check check_dismount(const BgState& st, int side, const pb::BgDismount& m) {
  const Unit* u = nullptr;
  if (auto c = check_unit_may_act(st, side, m.unit_id(), BgAction::kMove, &u)) return c;
  if (u->carried_by.empty()) return refusal("BG_NOT_ABOARD", "BG-MOVE-16", label(*u) + " is not aboard a vehicle.");
  const Unit* v = st.find(u->carried_by);
  if (v->moved_card == st.action.serial) {
    return refusal("BG_TRANSPORT_MOVED", "BG-MOVE-16", label(*v) + " has moved on this card; units dismount from a vehicle that stands still.");
  }
  if (!facing_from_degrees(m.facing_deg())) return refusal("BG_BAD_FACING", "BG-MOVE-02", "Facings are compass degrees in half-degree steps.");
  Formation figs;
  if (m.figures_size() > 0) {
    Unit aground = *u;
    aground.carried_by.clear();
    std::vector<Vec2> placed;
    if (auto c = check_formation(st, aground, m.figures(), &placed)) return c;
    figs = declared_formation(aground, m.figures());
  } else {
    figs = behind_vehicle(st, *u, *v);
  }
  for (const auto& [id, p] : figs) {
    if (geom::beyond(gap_to_hull(st, *v, p), kMountReach)) {
      return refusal("BG_MOUNT_REACH", "BG-MOVE-16", "Figure '" + id + "' would be more than 1\" from " + label(*v) + ".");
    }
  }
  Unit placed_unit = *u;
  placed_unit.facing = *facing_from_degrees(m.facing_deg());
  return check_end_position(st, placed_unit, figs);
}

void do_dismount(Context& ctx, BgState& st, int side, const pb::BgDismount& m) {
  if (auto c = check_dismount(st, side, m)) refuse(*c);
  const Unit& u = *st.find(m.unit_id());
  const Unit& v = *st.find(u.carried_by);
  Formation figs;
  if (m.figures_size() > 0) {
    Unit aground = u;
    aground.carried_by.clear();
    figs = declared_formation(aground, m.figures());
  } else {
    figs = behind_vehicle(st, u, v);
  }
  pb::BgEvent e;
  auto* d = e.mutable_mounted();
  d->set_unit_id(u.id);
  d->set_vehicle_id(v.id);
  d->set_mounted(false);
  d->set_facing_deg(m.facing_deg());
  for (const auto& [id, p] : figs) {
    auto* f = d->add_figures();
    f->set_figure_id(id);
    *f->mutable_position() = to_point(p);
  }
  emit_bg(ctx, e);
  if (v.moved_card != st.action.serial) acted_raw(ctx, st, v);
  unit_acted(ctx, st, *st.find(m.unit_id()), BgAction::kMove);
}

Check check_cavalry(const BgState& st, int side, const pb::BgCavalry& c) {
  const Unit* u = nullptr;
  if (auto r = check_unit_may_act(st, side, c.unit_id(), BgAction::kMove, &u)) return r;
  if (u->kind != UnitKind::kCavalry) return refusal("BG_NOT_CAVALRY", "BG-CAV-04", label(*u) + " is not cavalry.");
  if (u->markers.melee) return refusal("BG_IN_MELEE", "BG-MEL-04", label(*u) + " is locked in a melee.");
  if (!facing_from_degrees(c.facing_deg())) return refusal("BG_BAD_FACING", "BG-MOVE-02", "Facings are compass degrees in half-degree steps.");
  switch (c.kind()) {
    case pb::BG_CAV_DISMOUNT: {
      if (!u->mounted) return refusal("BG_NOT_MOUNTED", "BG-CAV-04", label(*u) + " is already dismounted.");
      const Figure* h = u->figure(c.horse_holder());
      if (!h || !h->alive || h->prisoner) {
        return refusal("BG_HORSE_HOLDER", "BG-CAV-05", "Name a living figure of " + label(*u) + " to hold the horses.");
      }
      if (u->living_fighters() < 2) return refusal("BG_HORSE_HOLDER", "BG-CAV-05", "Nobody would be left to fight on foot.");
      break;
    }
    case pb::BG_CAV_REMOUNT: {
      if (u->mounted || !u->has_horses) {
        return refusal("BG_NO_HORSES", "BG-CAV-05", label(*u) + (u->horses_released ? " has released its horses for good." : " has no horses waiting."));
      }
      // GAP-BG-CAV-05: "return to remount" = every figure within 3" of the horse group.
      for (const auto& f : u->figures) {
        if (f.alive && !f.prisoner && f.kind != FigureKind::kHorseHolder && geom::beyond(geom::distance(f.pos, u->horses), 3.0)) {
          return refusal("BG_AWAY_FROM_HORSES", "BG-CAV-05", "Figure '" + f.id + "' is more than 3\" from the horses.");
        }
      }
      break;
    }
    case pb::BG_CAV_RELEASE_HORSES:
      if (!u->has_horses) return refusal("BG_NO_HORSES", "BG-CAV-05", label(*u) + " has no horse group on the table.");
      if (c.path_size() > 0) return refusal("BG_RELEASE_MOVE", "BG-CAV-05", "Releasing the horses is not a move.");
      break;
    default:
      return refusal("BG_BAD_CAVALRY", "BG-CAV-04", "Unknown cavalry action.");
  }
  std::vector<Vec2> path{com(*u)};
  for (const auto& p : c.path()) path.push_back(to_vec(p));
  WalkResult w;
  return walk_path(st, *u, path, 1e9, &w);  // passability only; the 1D6 budget is applied later
}

void do_cavalry(Context& ctx, BgState& st, int side, const pb::BgCavalry& c) {
  if (auto r = check_cavalry(st, side, c)) refuse(*r);
  const Unit& u = *st.find(c.unit_id());
  const std::string uid = u.id;
  const Facing end_facing = *facing_from_degrees(c.facing_deg());
  auto step_move = [&](const Unit& mover) {
    // BG-CAV-04: the 1D6 move that goes with dismounting (before) or remounting (after).
    std::vector<Vec2> path{com(mover)};
    for (const auto& p : c.path()) path.push_back(to_vec(p));
    const int roll = ctx.roll(pb::DIE_KIND_D6, "cavalry 1D6 move");
    MoveOutcome out;
    if (auto r = move_along(st, mover, path, end_facing, roll, current_formation(mover), &out)) refuse(*r);
    if (auto r = check_end_position(st, mover, out.figures)) refuse(*r);
    pb::BgUnitMoved m;
    m.set_unit_id(mover.id);
    m.set_intent(mover.mounted ? pb::BG_MOVE_MOUNTED : pb::BG_MOVE_WALK);
    m.set_roll(roll);
    m.set_allowance(out.allowance);
    m.set_facing_cost(out.facing_cost);
    m.set_used(out.used);
    m.set_reached(out.reached);
    *m.mutable_from() = to_point(path.front());
    *m.mutable_to() = to_point(out.end);
    m.set_facing_deg(c.facing_deg());
    m.set_acted_as(c.kind() == pb::BG_CAV_DISMOUNT ? "move then dismount" : "remount then move");
    for (const auto& [id, p] : out.figures) {
      auto* f = m.add_figures();
      f->set_figure_id(id);
      *f->mutable_position() = to_point(p);
    }
    emit_unit_moved(ctx, st, mover, m);
  };
  pb::BgEvent e;
  auto* cv = e.mutable_cavalry();
  cv->set_unit_id(uid);
  cv->set_kind(c.kind());
  if (c.kind() == pb::BG_CAV_DISMOUNT) {
    if (c.path_size() > 0) step_move(u);
    const Unit& now = *st.find(uid);
    cv->set_horse_holder(c.horse_holder());
    // BG-CAV-05: the horse group stays where the unit dismounted, with its holder.
    *cv->mutable_horses() = to_point(now.figure(c.horse_holder())->pos);
    cv->set_mounted(false);
    emit_bg(ctx, e);
  } else if (c.kind() == pb::BG_CAV_REMOUNT) {
    cv->set_mounted(true);
    emit_bg(ctx, e);
    if (c.path_size() > 0) step_move(*st.find(uid));
  } else {
    // The holder walks back to the unit: placed beside its last figure, in line.
    const Figure* last = nullptr;
    for (const auto& f : u.figures) {
      if (f.alive && !f.prisoner && f.id != u.horse_holder) last = &f;
    }
    const Vec2 rejoin = last ? last->pos + u.facing.right() * (st.options.base_size + 0.25) : u.horses;
    *cv->mutable_horses() = to_point(rejoin);
    cv->set_horse_holder(u.horse_holder);
    cv->set_mounted(false);
    emit_bg(ctx, e);
    return;  // releasing the horses is the owner's decision, not the unit's move (BG-CAV-05)
  }
  unit_acted(ctx, st, *st.find(uid), BgAction::kMove);
}

}  // namespace sandtable::bg
