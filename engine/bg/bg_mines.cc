// Minefields (BG-MINE-*): detection of hidden minefields, entering (reveal and attack), and
// clearing by engineers. Hidden information: a failed detection roll and a detection are told
// only to the sides that may know (the owner and the detecting side; the GM sees everything).
#include <algorithm>
#include <cmath>

#include "engine/bg/bg_special.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

double polygon_gap(const geom::Polygon& p, const geom::Polygon& q) {
  for (const auto& v : p.vertices()) {
    if (geom::locate(q, v) != geom::Where::kOutside) return 0;
  }
  for (const auto& v : q.vertices()) {
    if (geom::locate(p, v) != geom::Where::kOutside) return 0;
  }
  double best = -1;
  auto scan = [&](const geom::Polygon& a, const geom::Polygon& b) {
    for (const auto& v : a.vertices()) {
      for (int i = 0; i < b.size(); ++i) {
        const double d = geom::distance_to_segment(v, b.edge(i));
        if (best < 0 || d < best) best = d;
      }
    }
  };
  scan(p, q);
  scan(q, p);
  for (int i = 0; i < p.size(); ++i) {
    for (int j = 0; j < q.size(); ++j) {
      if (geom::enters(q, p.edge(i)) || geom::enters(p, q.edge(j))) return 0;
    }
  }
  return best < 0 ? 0 : best;
}

// The CoM path of the unit's last move this command (BgUnitMoved / BgVehicleMoved).
std::optional<geom::Segment> last_move(Context& ctx, const std::string& uid) {
  for (auto it = ctx.events().rbegin(); it != ctx.events().rend(); ++it) {
    if (!it->has_bg()) continue;
    const auto& b = it->bg();
    if (b.has_unit_moved() && b.unit_moved().unit_id() == uid) return geom::Segment{to_vec(b.unit_moved().from()), to_vec(b.unit_moved().to())};
    if (b.has_vehicle_moved() && b.vehicle_moved().unit_id() == uid) {
      return geom::Segment{to_vec(b.vehicle_moved().from()), to_vec(b.vehicle_moved().to())};
    }
  }
  return std::nullopt;
}

bool point_cleared(const Minefield& m, Vec2 p) {
  for (const auto& c : m.cleared) {
    if (geom::locate(c, p) != geom::Where::kOutside) return true;
  }
  return false;
}

// BG-MINE-05..07: white dice hitting on 6 only, no red dice.
void mine_attack(Context& ctx, BgState& st, const Unit& u, const Minefield& m, int dice, Vec2 place) {
  const std::vector<int> rolled = ctx.roll_pool(dice, pb::DIE_KIND_D6, "minefield");
  int hits = 0, cancels = 0;
  for (int v : rolled) {
    hits += v >= kMineHitFace;
    cancels += v == 1;  // BG-FIRE-02: each white 1 cancels
  }
  const int net = std::max(0, hits - cancels);
  pb::BgEvent e;
  auto* a = e.mutable_attack();
  a->set_attacker_id(m.terrain);
  a->set_target_id(u.id);
  a->set_purpose("minefield");
  a->set_grade("D");
  a->set_white(dice);
  a->set_hits(hits);
  a->set_cancels(cancels);
  a->set_net(net);
  emit_bg(ctx, e);
  if (net == 0) return;
  if (u.vehicle) {
    // BG-MINE-06: unarmoured 1 net hit immobilizes, 2+ destroy; armoured 1 nothing, 2+ immobilize.
    pb::BgEvent d;
    auto* v = d.mutable_vehicle_damaged();
    v->set_unit_id(u.id);
    v->set_net_hits(net);
    if (u.vehicle->armoured) v->set_immobilized(net >= 2);
    else {
      v->set_immobilized(net == 1);
      v->set_destroyed(net >= 2);
    }
    v->add_notes("minefield (BG-MINE-06, not the BG-VEH-12 table)");
    if (v->immobilized() || v->destroyed()) emit_bg(ctx, d);
    return;
  }
  random_casualties(ctx, st, u.id, net, "minefield " + m.terrain, place);  // BG-MINE-07
}

}  // namespace

double distance_to_minefield(const BgState& st, const Unit& u, const Terrain& mine) {
  double best = -1;
  for (const auto& f : footprints(st, u)) {
    const double d = polygon_gap(f, *mine.area);
    if (best < 0 || d < best) best = d;
  }
  return best < 0 ? 0 : best;
}

void random_casualties(Context& ctx, BgState& st, const std::string& unit_id, int hits, const std::string& cause,
                       Vec2 place) {
  const Unit& u = *st.find(unit_id);
  std::vector<const Figure*> pool;
  for (const auto& f : u.figures) {
    if (f.alive) pool.push_back(&f);
  }
  pb::BgEvent e;
  auto* c = e.mutable_casualties();
  c->set_unit_id(u.id);
  c->set_cause(cause);
  (void)place;  // each figure dies where it stands (its place is kept for medics, BG-MED-02)
  if (hits >= static_cast<int>(pool.size())) {  // BG-DMG-01: wiped out
    for (const auto* f : pool) c->add_killed(f->id);
    c->set_wiped_out(true);
    emit_bg(ctx, e);
    return;
  }
  std::vector<const Figure*> chosen;
  for (int h = 0; h < hits; ++h) {
    int pick = 0;
    do pick = ctx.roll(pb::DIE_KIND_D20, "casualty"); while (pick > static_cast<int>(pool.size()));
    chosen.push_back(pool[static_cast<std::size_t>(pick - 1)]);
    pool.erase(pool.begin() + (pick - 1));
  }
  for (const auto* f : chosen) {
    const bool special = f->kind != FigureKind::kRifle && !f->prisoner;
    if (!special) {
      c->add_killed(f->id);
      continue;
    }
    // BG-DMG-02: the target's own hit faces, without the run penalty.
    const int roll = ctx.roll(pb::DIE_KIND_D6, "save");
    auto* s = c->add_saves();
    s->set_figure_id(f->id);
    s->set_roll(roll);
    const Figure* instead = nullptr;
    if (is_hit(st.options, u.grade, 0, roll)) {
      for (auto it = pool.begin(); it != pool.end(); ++it) {
        if ((*it)->kind == FigureKind::kRifle && !(*it)->prisoner) {
          instead = *it;
          pool.erase(it);
          break;
        }
      }
    }
    s->set_saved(instead != nullptr);
    if (instead) {
      s->set_died_instead(instead->id);
      c->add_killed(instead->id);
    } else {
      c->add_killed(f->id);
    }
  }
  emit_bg(ctx, e);
}

// BG-MINE-03/04: after a move, a unit in a hidden minefield reveals it and is attacked; a unit
// that ends within 6" of one (without entering) rolls to detect it.
void detect_mines(Context& ctx, BgState& st, const std::string& unit_id) {
  for (std::size_t i = 0; i < st.minefields.size(); ++i) {
    const Unit* u = st.find(unit_id);
    if (!u || u->destroyed || !u->carried_by.empty()) return;
    const Minefield m = st.minefields[i];
    const Terrain* t = st.terrain_named(m.terrain);
    if (!t || !t->area) continue;
    const std::string me = side_id(st, u->side);
    const std::string owner = t->owner;
    if (!owner.empty() && owner == me) continue;  // one's own minefield is marked for one's men
    const double dist = distance_to_minefield(st, *u, *t);
    const auto path = last_move(ctx, u->id);
    // BG-MINE-09: a mine-clearing vehicle clears a path of its width behind it and is not attacked.
    if (u->vehicle && u->vehicle->mine_clearer && path && geom::enters(*t->area, *path)) {
      const Vec2 mid{(path->a.x + path->b.x) / 2, (path->a.y + path->b.y) / 2};
      const geom::Polygon strip = geom::rectangle(mid, u->facing, path->length() + u->vehicle->length, u->vehicle->width);
      pb::BgEvent e;
      auto* x = e.mutable_mines_cleared();
      x->set_minefield_id(m.terrain);
      x->set_by_unit(u->id);
      for (const auto& v : strip.vertices()) *x->add_strip_polygon() = to_point(v);
      emit_bg(ctx, e);
      continue;
    }
    // Figures (or the hull) standing inside, not on a cleared strip (BG-MINE-09/10).
    int inside = 0;
    if (u->vehicle) {
      inside = geom::strictly_inside(*t->area, u->position) && !point_cleared(m, u->position);
    } else {
      for (const auto& f : u->figures) inside += f.alive && !f.prisoner && geom::strictly_inside(*t->area, f.pos) && !point_cleared(m, f.pos);
    }
    if (inside > 0) {
      // BG-MINE-04: entering reveals it to everyone (the explosions are public).
      pb::BgEvent e;
      auto* r = e.mutable_minefield_revealed();
      r->set_minefield_id(m.terrain);
      r->set_to_side(me);
      r->set_by_unit(u->id);
      r->set_entered(true);
      r->set_dummy(m.dummy);
      emit_bg(ctx, e);
      if (m.dummy) continue;  // BG-MINE-02: a dummy is harmless once entered
      int dice = inside;      // BG-MINE-07: figures that entered
      if (u->vehicle) {
        // BG-MINE-06 / GAP-BG-MINE-06: inches driven inside, rounded up, at least 1.
        const double len = path ? geom::inside_length(*t->area, *path) : 0;
        dice = std::max(1, static_cast<int>(std::ceil(len - geom::kEps)));
      }
      mine_attack(ctx, st, *u, m, dice, com(*u));
      continue;
    }
    if (m.known_to[static_cast<std::size_t>(u->side)]) continue;
    if (geom::beyond(dist, kMineDetectRange)) continue;
    // Only the owner (and the GM) learn that a roll was made, and why (BG-MINE-03 [HID]).
    std::vector<std::string> told = {me};
    if (!owner.empty()) told.push_back(owner);
    pb::BgEvent e;
    auto* r = e.mutable_minefield_revealed();
    r->set_minefield_id(m.terrain);
    r->set_by_unit(u->id);
    r->set_distance(dist);
    if (geom::within(dist, kMineAutoDetect)) {
      r->set_automatic(true);  // BG-DX-13: within 1" it is found without a roll
    } else {
      const int roll = ctx.roll(pb::DIE_KIND_D6, "mine detection");
      r->set_roll(roll);
      if (!geom::within(dist, roll)) {
        // Not found: the owner alone hears of the roll.
        if (owner.empty()) continue;
        r->set_to_side("");
        emit_bg(ctx, e, {owner});
        continue;
      }
    }
    r->set_to_side(me);
    emit_bg(ctx, e, told);
  }
}

// BG-MINE-10: up to 6 engineer figures each clear a 2" x 1" strip as the unit's shooting action;
// the unit must touch or be inside the minefield (BG-EX-08: six strips = 2" x 6").
void do_clear_mines(Context& ctx, BgState& st, int side, const pb::BgClearMines& c) {
  const Unit* u = nullptr;
  if (auto r = check_unit_may_act(st, side, c.unit_id(), BgAction::kShoot, &u)) refuse(*r);
  const int engineers = std::min(u->count(FigureKind::kEngineer), kMaxEngineers);
  if (engineers == 0) reject("BG_NO_ENGINEERS", "BG-MINE-10", label(*u) + " has no engineer figures.");
  if (c.strips_size() == 0) reject("BG_NO_STRIPS", "BG-MINE-10", "Name at least one strip for " + label(*u) + " to clear.");
  if (c.strips_size() > engineers) {
    reject("BG_TOO_MANY_STRIPS", "BG-MINE-10",
           label(*u) + " has " + std::to_string(engineers) + " engineer figures: one strip each at most.");
  }
  std::vector<pb::BgEvent> out;
  for (const auto& s : c.strips()) {
    const Minefield* m = st.minefield(s.minefield_id());
    const Terrain* t = st.terrain_named(s.minefield_id());
    if (!m || !t || !t->area || !m->known_to[static_cast<std::size_t>(side)]) {
      reject("BG_NO_MINEFIELD", "BG-MINE-10", "There is no minefield '" + s.minefield_id() + "' known to " + side_id(st, side) + ".");
    }
    if (!geom::within(distance_to_minefield(st, *u, *t), kCohesion)) {
      reject("BG_NOT_AT_MINEFIELD", "BG-MINE-10", label(*u) + " must be adjacent to or inside " + t->name + " to clear it.");
    }
    const auto f = facing_from_degrees(s.facing_deg());
    if (!f) reject("BG_BAD_FACING", "BG-MINE-10", "A strip's facing must be a multiple of half a degree.");
    const geom::Polygon strip = geom::rectangle(to_vec(s.centre()), *f, kStripDepth, kStripWidth);
    pb::BgEvent e;
    auto* x = e.mutable_mines_cleared();
    x->set_minefield_id(t->name);
    x->set_by_unit(u->id);
    for (const auto& v : strip.vertices()) *x->add_strip_polygon() = to_point(v);
    out.push_back(e);
  }
  const std::string uid = u->id;
  for (auto& e : out) emit_bg(ctx, e);
  unit_acted(ctx, st, *st.find(uid), BgAction::kShoot);
}

}  // namespace sandtable::bg
