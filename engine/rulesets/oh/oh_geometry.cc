// The free table as One-Hour Wargames reads it: a unit's three bases, ranges between unique
// bases, Threatened, Concealed, fronts and line of sight (OH-LOS-*, GAP-OH-LOS-01/03/05).
#include <algorithm>
#include <cmath>

#include "engine/geom/arcs.h"
#include "engine/rulesets/oh/oh_internal.h"

namespace sandtable::oh {

namespace {

using geom::Segment;

// Added to a reach before two things are judged apart: far above rounding, far below a base.
constexpr double kNearSlack = 1e-6;

bool blocks_sight(TerrainKind k) {
  return k == TerrainKind::kWoods || k == TerrainKind::kTown || k == TerrainKind::kHill ||
         k == TerrainKind::kCornfield;
}

// The edge of `base` that faces `toward` (its outward normal points most toward it).
Segment facing_edge(const Polygon& base, Vec2 toward) {
  const Vec2 c = geom::centroid(base.vertices());
  const Vec2 dir = toward - c;
  Segment best = base.edge(0);
  double best_dot = -1e300;
  for (int i = 0; i < base.size(); ++i) {
    const Segment e = base.edge(i);
    const Vec2 mid = (e.a + e.b) * 0.5;
    const double d = geom::dot(mid - c, dir) / std::max(geom::length(mid - c), geom::kEps);
    if (d > best_dot + geom::kEps) {
      best_dot = d;
      best = e;
    }
  }
  return best;
}

bool segments_cross(Segment p, Segment q) {
  const double d1 = geom::cross(p.b - p.a, q.a - p.a);
  const double d2 = geom::cross(p.b - p.a, q.b - p.a);
  const double d3 = geom::cross(q.b - q.a, p.a - q.a);
  const double d4 = geom::cross(q.b - q.a, p.b - q.a);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

bool along_road(const OhState& st, Segment s) {
  for (const auto& t : st.table->terrain) {
    if (t.kind == TerrainKind::kRoad && t.area && geom::inside_length(*t.area, s) >= s.length() - 1e-6) return true;
  }
  return false;
}

// Terrain between two places (OH-LOS-03/04/06): a sight-blocking feature blocks, except that a
// feature holding one end may be seen into for 4"; a line along a road sees through.
bool terrain_blocks(const OhState& st, Segment s, Vec2 from_centre, Vec2 to_centre) {
  if (s.length() <= geom::kEps) return false;
  bool roadside = false, road_checked = false;
  for (const auto& t : st.table->terrain) {
    if (!blocks_sight(t.kind) || !t.area) continue;
    const double in = geom::inside_length(*t.area, s);
    if (in <= 1e-6) continue;
    const bool holds_end = geom::locate(*t.area, from_centre) != geom::Where::kOutside ||
                           geom::locate(*t.area, to_centre) != geom::Where::kOutside;
    if (holds_end && in <= kAreaSight + geom::kEps) continue;
    if (!road_checked) {
      roadside = along_road(st, s);
      road_checked = true;
    }
    if (!roadside) return true;
  }
  return false;
}

// Units between (OH-LOS-03, OH-FIRE-02, GAP-OH-LOS-03).
bool units_block(const OhState& st, Segment s, const Unit& from, const Unit& to, SightFor why) {
  for (const auto& u : st.units) {
    if (!u.alive || u.id == from.id || u.id == to.id) continue;
    // Sight asks this of every unit for each of up to 27 lines between two units; building the
    // bases of every unit on the table for each line was most of a One-Hour order's time.
    if (!could_enter(u, s)) continue;
    if (u.side == from.side) {
      if (u.dug_in) {
        // Seeing passes over a Dug-in friend; fire only if the firer is Dug-in or a Tank.
        if (why == SightFor::kSeeing || from.dug_in || from.type == UnitType::kTank) continue;
      }
    } else {
      if (!st.options.enemy_blocks_los) continue;
      if (hidden_from(st, u, from.side)) continue;  // what the side cannot see cannot block it
    }
    for (const auto& b : bases(u)) {
      if (geom::enters(b, s)) return true;
    }
  }
  return false;
}

// GAP-OH-LOS-01: the quadrilateral between F's edge facing T and T's edge facing F, checked
// along its two sides and its middle line.
bool base_sees(const OhState& st, const Polygon& f, const Polygon& t, const Unit& from, const Unit& to, SightFor why,
               bool with_units) {
  const Vec2 fc = geom::centroid(f.vertices());
  const Vec2 tc = geom::centroid(t.vertices());
  const Segment fe = facing_edge(f, tc);
  Segment te = facing_edge(t, fc);
  if (segments_cross({fe.a, te.a}, {fe.b, te.b})) std::swap(te.a, te.b);
  const Segment lines[3] = {{fe.a, te.a}, {fe.b, te.b}, {(fe.a + fe.b) * 0.5, (te.a + te.b) * 0.5}};
  for (const auto& l : lines) {
    if (terrain_blocks(st, l, from.pos, to.pos)) return false;
    if (with_units && units_block(st, l, from, to, why)) return false;
  }
  return true;
}

}  // namespace

std::array<Vec2, 3> base_centres(const UnitType type, Vec2 pos, Facing facing) {
  const TypeRow& r = row_of(type);
  const Vec2 step = facing.right() * (r.base_width + r.base_gap);
  return {pos, pos - step, pos + step};
}

std::vector<Polygon> bases_at(UnitType type, Vec2 pos, Facing facing) {
  const TypeRow& r = row_of(type);
  std::vector<Polygon> out;
  for (const Vec2 c : base_centres(type, pos, facing)) out.push_back(geom::rectangle(c, facing, r.base_depth, r.base_width));
  return out;
}

std::vector<Polygon> bases(const Unit& u) { return bases_at(u.type, u.pos, u.facing); }

double reach(UnitType type) {
  const TypeRow& r = row_of(type);
  return std::hypot(1.5 * r.base_width + r.base_gap, r.base_depth / 2);
}

bool could_be_within(UnitType a, Vec2 pa, UnitType b, Vec2 pb, double d) {
  return !geom::beyond(geom::distance(pa, pb), d + reach(a) + reach(b) + kNearSlack);
}

bool could_enter(const Unit& u, Segment s) {
  return !geom::beyond(geom::distance_to_segment(u.pos, s), reach(u.type) + kNearSlack);
}

bool overlap(const Polygon& a, const Polygon& b) {
  if (!a.box().overlaps(b.box())) return false;
  for (int i = 0; i < a.size(); ++i) {
    if (geom::enters(b, a.edge(i))) return true;
  }
  for (int i = 0; i < b.size(); ++i) {
    if (geom::enters(a, b.edge(i))) return true;
  }
  // No edge enters the other: one holds the other, or they are the same shape.
  return geom::strictly_inside(b, geom::centroid(a.vertices())) || geom::strictly_inside(a, geom::centroid(b.vertices()));
}

double gap(const Polygon& a, const Polygon& b) {
  if (overlap(a, b)) return 0;
  double best = 1e300;
  for (const Vec2 p : a.vertices()) best = std::min(best, geom::distance_to_boundary(b, p));
  for (const Vec2 p : b.vertices()) best = std::min(best, geom::distance_to_boundary(a, p));
  return best;
}

double range_between(const Unit& a, const Unit& b) {
  const TypeRow& ra = row_of(a.type);
  const TypeRow& rb = row_of(b.type);
  return gap(geom::rectangle(a.pos, a.facing, ra.base_depth, ra.base_width),
             geom::rectangle(b.pos, b.facing, rb.base_depth, rb.base_width));
}

bool threatened(const OhState& st, const Unit& u) {
  const auto mine = bases(u);
  for (const auto& e : st.units) {
    if (!e.alive || e.side == u.side) continue;
    // The view asks this of every unit of the side to move, for every seat.
    if (!could_be_within(u.type, u.pos, e.type, e.pos, kThreatDistance)) continue;
    for (const auto& eb : bases(e)) {
      for (const auto& b : mine) {
        if (geom::within(gap(b, eb), kThreatDistance)) return true;
      }
    }
  }
  return false;
}

bool inside_kind(const OhState& st, Vec2 p, TerrainKind kind) {
  for (const auto& t : st.table->terrain) {
    if (t.kind == kind && t.area && geom::locate(*t.area, p) != geom::Where::kOutside) return true;
  }
  return false;
}

bool on_road(const OhState& st, Vec2 p) { return inside_kind(st, p, TerrainKind::kRoad); }

bool concealed(const OhState& st, const Unit& u) {
  return u.dug_in || inside_kind(st, u.pos, TerrainKind::kWoods) || inside_kind(st, u.pos, TerrainKind::kTown);
}

bool on_hill(const OhState& st, const Unit& u) { return inside_kind(st, u.pos, TerrainKind::kHill); }

bool behind_front(const Unit& of, Vec2 p) {
  const TypeRow& r = row_of(of.type);
  const Vec2 front_mid = of.pos + of.facing.forward() * (r.base_depth / 2);
  return geom::dot(p - front_mid, of.facing.forward()) < -geom::kEps;
}

bool sees(const OhState& st, const Unit& from, const Unit& to, SightFor why) {
  const auto fb = bases(from);
  const auto tb = bases(to);
  bool ok[3][3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) ok[i][j] = base_sees(st, fb[i], tb[j], from, to, why, true);
  }
  // Two different firing bases, each to a different target base.
  for (int i1 = 0; i1 < 3; ++i1) {
    for (int j1 = 0; j1 < 3; ++j1) {
      if (!ok[i1][j1]) continue;
      for (int i2 = 0; i2 < 3; ++i2) {
        for (int j2 = 0; j2 < 3; ++j2) {
          if (i2 != i1 && j2 != j1 && ok[i2][j2]) return true;
        }
      }
    }
  }
  return false;
}

bool observes(const OhState& st, const Unit& observer, const Unit& target) {
  const auto ob = bases(observer);
  const auto tb = bases(target);
  int seen = 0;
  for (int j = 0; j < 3; ++j) seen += base_sees(st, ob[0], tb[j], observer, target, SightFor::kSeeing, true) ? 1 : 0;
  return seen >= 2;
}

bool line_clear(const OhState& st, Vec2 a, Vec2 b) { return !terrain_blocks(st, {a, b}, a, b); }

bool terrain_sight(const OhState& st, const Unit& from, const Unit& to) {
  const auto fb = bases(from);
  const auto tb = bases(to);
  for (int j = 0; j < 3; ++j) {
    if (base_sees(st, fb[0], tb[j], from, to, SightFor::kSeeing, false)) return true;
  }
  return false;
}

bool hidden_from(const OhState& st, const Unit& u, int side) {
  if (!st.options.hidden_ambush || !u.alive || u.side == side || !u.ready || !concealed(st, u)) return false;
  for (const auto& e : st.units) {
    if (!e.alive || e.side != side) continue;
    if (geom::within(range_between(e, u), kAmbushSight) && terrain_sight(st, e, u)) return false;
  }
  return true;
}

bool visible_to(const OhState& st, const Unit& u, const std::string& viewer) {
  if (viewer == "gm" || st.over) return true;  // the fog lifts when the game ends
  const int side = st.side_index(viewer);
  if (side == u.side) return true;
  if (side < 0) {  // spectators see what no side hides
    for (int s = 0; s < 2; ++s) {
      if (s != u.side && hidden_from(st, u, s)) return false;
    }
    return true;
  }
  return !hidden_from(st, u, side);
}

std::vector<std::string> audience(const OhState& st, const Unit& u) {
  if (hidden_from(st, u, st.other(u.side))) return {st.side_id(u.side)};
  return {};
}

}  // namespace sandtable::oh
