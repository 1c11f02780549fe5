// Minefields (BG-MINE-*): detection of hidden minefields, entering (reveal and attack), and
// clearing by engineers. Hidden information: a failed detection roll and a detection are told
// only to the sides that may know (the owner and the detecting side; the GM sees everything).
#include <algorithm>
#include <cmath>

#include "engine/rulesets/bg/bg_path.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/geom/paths.h"
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
  // Touching or crossing: an edge of either enters the other (each edge asked once).
  if (p.size() > 0 && q.size() > 0) {
    for (int i = 0; i < p.size(); ++i) {
      if (geom::enters(q, p.edge(i))) return 0;
    }
    for (int j = 0; j < q.size(); ++j) {
      if (geom::enters(p, q.edge(j))) return 0;
    }
  }
  return best < 0 ? 0 : best;
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

namespace {

// BG-MINE-09: a mine-clearing vehicle reveals the minefield it enters and clears the strip its
// hull sweeps along the driven path; it is not attacked.
void clear_behind(Context& ctx, BgState& st, const Unit& u, const Minefield& m, const Terrain& t, std::span<const Vec2> path) {
  pb::BgEvent rev;
  auto* r = rev.mutable_minefield_revealed();
  r->set_minefield_id(m.terrain);
  r->set_to_side(side_id(st, u.side));
  r->set_by_unit(u.id);
  r->set_entered(true);
  r->set_dummy(m.dummy);
  emit_bg(ctx, rev);
  for (const auto& strip : swept_strips(path, u.vehicle->length, u.vehicle->width)) {
    bool touches = false;
    for (int i = 0; i < strip.size(); ++i) touches = touches || geom::enters(*t.area, strip.edge(i));
    for (const auto& v : strip.vertices()) touches = touches || geom::strictly_inside(*t.area, v);
    if (!touches) continue;
    pb::BgEvent e;
    auto* x = e.mutable_mines_cleared();
    x->set_minefield_id(m.terrain);
    x->set_by_unit(u.id);
    for (const auto& v : strip.vertices()) *x->add_strip_polygon() = to_point(v);
    emit_bg(ctx, e);
  }
}

// Could the unit stand `shift` inches from where it is: on the table and clear of every other
// unit's bases and hulls (BG-MOVE-10, BG-VMOV-07)?
bool place_free(const BgState& st, const Unit& u, Vec2 shift) {
  std::vector<geom::Polygon> mine;
  if (u.vehicle) {
    Unit moved = u;
    moved.position = u.position + shift;
    mine.push_back(vehicle_hull(moved));
  } else {
    for (const auto& f : u.figures) {
      if (f.alive) mine.push_back(figure_base(st, f.pos + shift, u.facing));
    }
  }
  for (const auto& p : mine) {
    for (Vec2 v : p.vertices()) {
      if (v.x < 0 || v.y < 0 || v.x > st.width || v.y > st.height) return false;
    }
  }
  for (const auto& o : st.units) {
    if (o.id == u.id || !o.on_table || o.destroyed || !o.carried_by.empty()) continue;
    for (const auto& their : footprints(st, o)) {
      for (const auto& p : mine) {
        if (geom::negligible(polygon_gap(p, their))) return false;
      }
    }
  }
  return true;
}

// BG-MINE-04: a unit that moved right through (no figure or hull left on a live part) is put
// back where the damage occurred: the middle of the first live stretch of its path. Ours: if
// another unit stands there (or the formation would leave the table) it stays where it ended.
bool put_back(Context& ctx, BgState& st, const Unit& u, std::span<const Vec2> path, double s, const std::string& mf) {
  const Vec2 end = path.back(), at = point_along(path, s);
  const Vec2 shift = at - end;
  if (!place_free(st, u, shift)) return false;
  const std::string note = "put back inside " + mf + " where the mines went off (BG-MINE-04)";
  pb::BgEvent e;
  if (u.vehicle) {
    auto* v = e.mutable_vehicle_moved();
    v->set_unit_id(u.id);
    *v->mutable_from() = to_point(end);
    *v->mutable_to() = to_point(at);
    v->set_facing_deg(facing_degrees(u.facing));
    v->add_notes(note);
    std::vector<std::string> who;  // BG-UNIT-09: a hidden vehicle's move stays with its side
    if (u.hidden) who.push_back(side_id(st, u.side));
    emit_bg(ctx, e, who);
    return true;
  }
  pb::BgUnitMoved m;
  m.set_unit_id(u.id);
  *m.mutable_from() = to_point(end);
  *m.mutable_to() = to_point(at);
  m.set_facing_deg(facing_degrees(u.facing));
  m.set_acted_as("put back (BG-MINE-04)");
  m.add_notes(note);
  for (const auto& f : u.figures) {
    if (!f.alive) continue;
    auto* p = m.add_figures();
    p->set_figure_id(f.id);
    *p->mutable_position() = to_point(f.pos + shift);
  }
  emit_unit_moved(ctx, st, u, m);
  return true;
}

// Who ran through a live part of one minefield: the hull centre, or each figure (taken to have
// followed the CoM path in its end formation).
struct Entry {
  int entered = 0;              // figures (or 1 for a hull)
  double live = 0;              // hull: live inches driven (GAP-BG-MINE-06)
  std::optional<double> first;  // arc length to the middle of the first live stretch
  bool still_inside = false;    // a figure or the hull centre now stands on a live point
};

Entry entry(const Unit& u, const Minefield& m, const Terrain& t, std::span<const Vec2> walked) {
  Entry e;
  if (u.vehicle) {
    const MinePassage p = mine_passage(m, *t.area, walked);
    e.entered = p.first_mid ? 1 : 0;
    e.live = p.live_length;
    e.first = p.first_mid;
    e.still_inside = live_point(m, *t.area, u.position);
    return e;
  }
  const Vec2 end = walked.empty() ? com(u) : walked.back();
  for (const auto& f : u.figures) {
    if (!f.alive || f.prisoner) continue;
    std::vector<Vec2> fp;
    for (Vec2 p : walked) fp.push_back(f.pos + (p - end));
    const MinePassage p = mine_passage(m, *t.area, fp);
    if (!p.first_mid) continue;
    ++e.entered;
    if (!e.first || *p.first_mid < *e.first) e.first = p.first_mid;
    e.still_inside = e.still_inside || live_point(m, *t.area, f.pos);
  }
  return e;
}

}  // namespace

// BG-MINE-03/04/06..09: after a move along `path` (the CoM or hull-centre path actually walked,
// ending where the unit now stands): minefields whose live part the path ran through are dealt
// with in the order the path meets them: revealed, the unit put back if it ran right through
// (the rest of its path then no longer counts), and attacked (again each time it moves,
// BG-MINE-08). Then, from where it stands, it rolls to detect hidden minefields within 6".
void detect_mines(Context& ctx, BgState& st, const std::string& unit_id, std::span<const Vec2> path) {
  std::vector<Vec2> walked(path.begin(), path.end());
  std::vector<bool> dealt(st.minefields.size(), false);
  auto relevant = [&](const Unit& u, std::size_t i) -> const Terrain* {
    const Terrain* t = st.terrain_named(st.minefields[i].terrain);
    if (!t || !t->area) return nullptr;
    if (!t->owner.empty() && t->owner == side_id(st, u.side)) return nullptr;  // one's own is marked for one's men
    return t;
  };
  for (;;) {
    const Unit* u = st.find(unit_id);
    if (!u || u->destroyed || !u->carried_by.empty()) return;
    int best = -1;
    Entry be;
    for (std::size_t i = 0; i < st.minefields.size(); ++i) {
      const Terrain* t = dealt[i] ? nullptr : relevant(*u, i);
      if (!t) continue;
      if (u->vehicle && u->vehicle->mine_clearer && walked.size() >= 2 &&
          geom::beyond(geom::path_inside_length(walked, *t->area), 0)) {
        dealt[i] = true;
        clear_behind(ctx, st, *u, st.minefields[i], *t, walked);
        continue;
      }
      const Entry e = entry(*u, st.minefields[i], *t, walked);
      if (e.entered > 0 && (best < 0 || *e.first < *be.first)) {
        best = static_cast<int>(i);
        be = e;
      }
    }
    if (best < 0) break;
    dealt[static_cast<std::size_t>(best)] = true;
    const Minefield m = st.minefields[static_cast<std::size_t>(best)];
    const Terrain& t = *st.terrain_named(m.terrain);
    // BG-MINE-04: entering reveals it to everyone (the explosions are public).
    pb::BgEvent e;
    auto* r = e.mutable_minefield_revealed();
    r->set_minefield_id(m.terrain);
    r->set_to_side(side_id(st, u->side));
    r->set_by_unit(u->id);
    r->set_entered(true);
    r->set_dummy(m.dummy);
    emit_bg(ctx, e);
    if (m.dummy) continue;  // BG-MINE-02: a dummy is harmless once entered
    if (!be.still_inside && put_back(ctx, st, *u, walked, *be.first, t.name)) {
      walked = walked_prefix(walked, point_along(walked, *be.first));
    }
    // BG-MINE-07: one die per figure that entered; BG-MINE-06 / GAP-BG-MINE-06: one per inch
    // driven inside, partial inches rounded up, at least 1.
    const int dice = u->vehicle ? std::max(1, static_cast<int>(std::ceil(be.live - geom::kEps))) : be.entered;
    minefield_attack(ctx, st, unit_id, m.terrain, dice);
  }
  for (std::size_t i = 0; i < st.minefields.size(); ++i) {
    const Unit* u = st.find(unit_id);
    if (!u || u->destroyed || !u->carried_by.empty()) return;
    const Terrain* t = dealt[i] ? nullptr : relevant(*u, i);
    if (!t) continue;
    const Minefield& m = st.minefields[i];
    const std::string me = side_id(st, u->side);
    const std::string owner = t->owner;
    const double dist = distance_to_minefield(st, *u, *t);
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
Check check_clear_mines(const BgState& st, int side, const pb::BgClearMines& c) {
  const Unit* u = nullptr;
  if (auto r = check_unit_may_act(st, side, c.unit_id(), BgAction::kShoot, &u)) return r;
  const int engineers = std::min(u->count(FigureKind::kEngineer), kMaxEngineers);
  if (engineers == 0) return refusal("BG_NO_ENGINEERS", "BG-MINE-10", label(*u) + " has no engineer figures.");
  if (c.strips_size() == 0) return refusal("BG_NO_STRIPS", "BG-MINE-10", "Name at least one strip for " + label(*u) + " to clear.");
  if (c.strips_size() > engineers) {
    return refusal("BG_TOO_MANY_STRIPS", "BG-MINE-10",
                   label(*u) + " has " + std::to_string(engineers) + " engineer figures: one strip each at most.");
  }
  for (const auto& s : c.strips()) {
    const Minefield* m = st.minefield(s.minefield_id());
    const Terrain* t = st.terrain_named(s.minefield_id());
    if (!m || !t || !t->area || !m->known_to[static_cast<std::size_t>(side)]) {
      return refusal("BG_NO_MINEFIELD", "BG-MINE-10",
                     "There is no minefield '" + s.minefield_id() + "' known to " + side_id(st, side) + ".");
    }
    if (!geom::within(distance_to_minefield(st, *u, *t), kCohesion)) {
      return refusal("BG_NOT_AT_MINEFIELD", "BG-MINE-10", label(*u) + " must be adjacent to or inside " + t->name + " to clear it.");
    }
    if (!facing_from_degrees(s.facing_deg())) {
      return refusal("BG_BAD_FACING", "BG-MINE-10", "A strip's facing must be a multiple of half a degree.");
    }
  }
  return std::nullopt;
}

void do_clear_mines(Context& ctx, BgState& st, int side, const pb::BgClearMines& c) {
  if (auto r = check_clear_mines(st, side, c)) refuse(*r);
  const Unit* u = st.find(c.unit_id());
  std::vector<pb::BgEvent> out;
  for (const auto& s : c.strips()) {
    const Terrain* t = st.terrain_named(s.minefield_id());
    const auto f = facing_from_degrees(s.facing_deg());
    const geom::Polygon strip = geom::rectangle(to_vec(s.centre()), *f, kStripDepth, kStripWidth);
    pb::BgEvent e;
    auto* x = e.mutable_mines_cleared();
    x->set_minefield_id(t->name);
    x->set_by_unit(u->id);
    for (const auto& v : strip.vertices()) *x->add_strip_polygon() = to_point(v);
    out.push_back(e);
  }
  const std::string uid = u->id;
  for (auto& e : out) {
    // A secret minefield nobody has entered is known only to its owner and the sides that found
    // it (BG-MINE-02/03): its clearing, which names it and draws its strips, is told to the
    // clearing side and the owner, not to spectators.
    const Terrain* t = st.terrain_named(e.mines_cleared().minefield_id());
    const Minefield* m = st.minefield(e.mines_cleared().minefield_id());
    std::vector<std::string> who;
    if (t && m && !t->owner.empty() && !m->entered) {
      who.push_back(side_id(st, side));
      if (t->owner != who.front()) who.push_back(t->owner);
    }
    emit_bg(ctx, e, who);
  }
  unit_acted(ctx, st, *st.find(uid), BgAction::kShoot);
}

}  // namespace sandtable::bg
