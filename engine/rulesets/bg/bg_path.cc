// Walking a path on the free table (BG-MOVE-04/10, BG-TER-02..04, BG-VMOV-09): movement cost
// through difficult terrain, walls and fences, rivers only at fords and bridges, never through
// the enemy; and how far a budget carries a unit along its declared path (BG-MOVE-03).
#include <algorithm>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_path.h"
#include "engine/geom/paths.h"

namespace sandtable::bg {

namespace {

bool crossing_allowed_at(const BgState& st, Vec2 p, const Unit& u) {
  for (const auto& t : st.terrain) {
    if (!t.area || (t.kind != TerrainKind::kFord && t.kind != TerrainKind::kBridge)) continue;
    if (geom::locate(*t.area, p) == geom::Where::kOutside) continue;
    // BG-TER-04: some bridges are closed to heavy vehicles.
    if (t.kind == TerrainKind::kBridge && t.light_bridge && u.vehicle && u.vehicle->heavy) continue;
    return true;
  }
  return false;
}

// Where segment s crosses segment o (nullopt if it does not properly cross).
std::optional<Vec2> cross_point(geom::Segment s, geom::Segment o) {
  const Vec2 r = s.b - s.a, q = o.b - o.a;
  const double den = geom::cross(r, q);
  if (den == 0) return std::nullopt;
  const double t = geom::cross(o.a - s.a, q) / den;
  const double v = geom::cross(o.a - s.a, r) / den;
  if (t < 0 || t > 1 || v < 0 || v > 1) return std::nullopt;
  return s.a + r * t;
}

double leg_factor_area(const Unit& u, const Terrain& t) {
  if (u.vehicle) return vehicle_factor(*u.vehicle, t.kind);
  return t.move_factor;
}

bool leg_on_road(const BgState& st, geom::Segment leg) {
  double on = 0;
  for (const auto& t : st.terrain) {
    if (t.kind == TerrainKind::kRoad && t.area) on += geom::inside_length(*t.area, leg);
  }
  // Boundary runs count as outside, so a leg along the road's edge is not on the road.
  return !geom::beyond(leg.length() - on, 1e-6);
}

}  // namespace

bool path_on_road(const BgState& st, std::span<const Vec2> path) {
  if (path.size() < 2) return false;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const geom::Segment leg{path[i], path[i + 1]};
    if (geom::negligible(leg.length())) continue;
    if (!leg_on_road(st, leg)) return false;
  }
  return true;
}

Check path_passable(const BgState& st, const Unit& u, std::span<const Vec2> path, std::vector<std::string>* overrun,
                    const std::string* through) {
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const geom::Segment leg{path[i], path[i + 1]};
    for (const auto& t : st.terrain) {
      const TerrainRow& row = terrain_row(t.kind);
      if (row.impassable && !t.line.empty()) {
        // A river drawn as a line: crossings only inside a ford or bridge (BG-TER-04).
        for (std::size_t k = 0; k + 1 < t.line.size(); ++k) {
          if (auto p = cross_point(leg, {t.line[k], t.line[k + 1]}); p && !crossing_allowed_at(st, *p, u)) {
            return refusal("BG_RIVER", "BG-TER-04", "The path crosses " + t.name + " away from a ford or bridge.");
          }
        }
      } else if (row.impassable && t.area && geom::enters(*t.area, leg)) {
        std::vector<double> ts;
        geom::chord_breaks(*t.area, leg, ts);
        for (std::size_t k = 0; k + 1 < ts.size(); ++k) {
          const Vec2 mid = leg.a + (leg.b - leg.a) * ((ts[k] + ts[k + 1]) / 2);
          if (geom::strictly_inside(*t.area, mid) && !crossing_allowed_at(st, mid, u)) {
            return refusal("BG_RIVER", "BG-TER-04", "The path enters " + t.name + " away from a ford or bridge.");
          }
        }
      } else if (u.vehicle && t.area && vehicle_factor(*u.vehicle, t.kind) == 0 && geom::enters(*t.area, leg)) {
        return refusal("BG_VEHICLE_TERRAIN", "BG-VMOV-09", label(u) + " may not enter " + t.name + " (GAP-BG-TER-02).");
      }
    }
    // BG-MOVE-10: never through the enemy (BG-VMOV-08: a tank through enemy infantry).
    for (const auto& o : st.units) {
      if (o.id == u.id || !o.on_table || o.destroyed || !o.carried_by.empty() || (through && o.id == *through)) continue;
      const bool enemy = o.side != u.side;
      // BG-UNIT-09: a hidden enemy is unknown to the mover: it never refuses an order (that would
      // reveal it); the move runs into it instead (bg_hidden.cc).
      if (enemy && o.hidden) continue;
      if (o.infantry_like()) {
        if (!enemy) continue;  // infantry and vehicles move through friendly infantry
        bool hit = false;
        for (const auto& f : o.figures) {
          if (!f.alive || geom::beyond(geom::distance_to_segment(f.pos, leg), st.options.base_size)) continue;
          // A path that starts beside an enemy figure and leads away from it (no point of the
          // first leg nearer the figure than its start) leaves it, and passes through nothing:
          // a unit pressed against the enemy may step back (ours).
          if (i == 0 && geom::dot(leg.b - leg.a, f.pos - leg.a) <= 0) continue;
          hit = true;
        }
        if (!hit) continue;
        const bool tank = u.vehicle && u.vehicle->armoured && !u.vehicle->wheeled && u.vehicle->capacity == 0;
        if (tank && overrun) {
          if (std::find(overrun->begin(), overrun->end(), o.id) == overrun->end()) overrun->push_back(o.id);
          continue;
        }
        return refusal("BG_THROUGH_ENEMY", "BG-MOVE-10", "The path passes through " + label(o) + "; no unit may pass through the enemy.");
      }
      // Vehicles and emplacements: infantry may pass friendly vehicles; nothing passes enemies;
      // vehicles never pass other vehicles (BG-VMOV-07: no ramming).
      if (!enemy && !u.vehicle) continue;
      if (geom::enters(footprints(st, o).front(), leg)) {
        return refusal("BG_BLOCKED", u.vehicle ? "BG-VMOV-07" : "BG-MOVE-10", "The path passes through " + label(o) + ".");
      }
    }
  }
  return std::nullopt;
}

double path_cost_for(const BgState& st, const Unit& u, std::span<const Vec2> path) {
  std::vector<geom::CostArea> areas;
  for (const auto& t : st.terrain) {
    if (!t.area) continue;
    const double f = leg_factor_area(u, t);
    if (f > 1) areas.push_back({&*t.area, f});
  }
  double cost = 0;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const Vec2 leg[2] = {path[i], path[i + 1]};
    // BG-TER-02: no halving while moving along a road.
    if (leg_on_road(st, {leg[0], leg[1]})) cost += geom::distance(leg[0], leg[1]);
    else cost += geom::path_cost(leg, areas);
  }
  for (const auto& t : st.terrain) {
    if (t.line.empty() || terrain_row(t.kind).impassable) continue;
    cost += kWallCost * geom::crossings(path, t.line);  // BG-TER-03: 3" per wall or fence
  }
  return cost;
}

std::vector<Vec2> walked_prefix(std::span<const Vec2> path, Vec2 end) {
  std::vector<Vec2> walked{path.empty() ? end : path[0]};
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const geom::Segment leg{path[i], path[i + 1]};
    if (!geom::beyond(geom::distance_to_segment(end, leg), 1e-6)) {
      walked.push_back(end);
      break;
    }
    walked.push_back(path[i + 1]);
  }
  return walked;
}

std::vector<Vec2> back_off_points(std::span<const Vec2> path, Vec2 end) {
  const std::vector<Vec2> walked = walked_prefix(path, end);
  std::vector<Vec2> out{end};
  constexpr double kStep = 0.05;
  for (std::size_t i = walked.size() - 1; i > 0; --i) {
    const Vec2 a = walked[i], b = walked[i - 1];
    const double len = geom::distance(a, b);
    for (double d = kStep; d < len; d += kStep) out.push_back(a + (b - a) * (d / len));
    out.push_back(b);
  }
  return out;
}

Check walk_path(const BgState& st, const Unit& u, std::span<const Vec2> path, double budget, WalkResult* out,
                const std::string* through) {
  std::vector<std::string> overrun;  // vehicles: listed (and fired at) by the vehicle move
  if (auto c = path_passable(st, u, path, u.vehicle ? &overrun : nullptr, through)) return c;
  out->notes.clear();
  const double full = path_cost_for(st, u, path);
  if (path.size() < 2 || geom::within(full, budget)) {
    out->used = full;
    out->reached = true;
    out->end = path.back();
    return std::nullopt;
  }
  // BG-MOVE-03: as far as the roll allows. Find the last leg reached, then bisect along it
  // (cost along a leg never decreases, so the bisection is exact to 2^-50 of the leg).
  std::vector<Vec2> prefix{path[0]};
  for (std::size_t i = 1; i < path.size(); ++i) {
    prefix.push_back(path[i]);
    if (!geom::within(path_cost_for(st, u, prefix), budget)) {
      prefix.pop_back();
      double lo = 0, hi = 1;
      for (int k = 0; k < 50; ++k) {
        const double mid = (lo + hi) / 2;
        prefix.push_back(path[i - 1] + (path[i] - path[i - 1]) * mid);
        // Plain <= here: the bisection must not overshoot the budget by the tolerance.
        if (path_cost_for(st, u, prefix) <= budget) lo = mid;
        else hi = mid;
        prefix.pop_back();
      }
      prefix.push_back(path[i - 1] + (path[i] - path[i - 1]) * lo);
      break;
    }
  }
  out->used = path_cost_for(st, u, prefix);
  out->reached = false;
  out->end = prefix.back();
  return std::nullopt;
}

}  // namespace sandtable::bg
