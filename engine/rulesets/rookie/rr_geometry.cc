// The free table as the rules read it: what cover a place is in, what a move crosses, lines of
// sight (RR-LOS-01..04, GAP-RR-LOS-02) and command radius (RR-CMD-02).
#include <algorithm>
#include <cmath>

#include "engine/rulesets/rookie/rr_command.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_observe.h"

namespace sandtable::rr {

namespace {

// RR-FIRE-07 cover classes of the scenario's terrain kinds (docs/rulesets/rookie-rules.md).
Cover cover_class(TerrainKind k) {
  switch (k) {
    case TerrainKind::kBrush:
    case TerrainKind::kLightWoods:
    case TerrainKind::kBuiltUp: return Cover::kClass1;  // frame buildings
    case TerrainKind::kWoods:
    case TerrainKind::kDitch: return Cover::kClass2;
    case TerrainKind::kRubble:
    case TerrainKind::kTrench: return Cover::kClass3;
    case TerrainKind::kBuilding: return Cover::kClass4;
    default: return Cover::kOpen;
  }
}

// RR-MOVE-02 rows of the terrain kinds; nullopt: no effect on movement.
std::optional<MoveTerrain> move_terrain(TerrainKind k) {
  switch (k) {
    case TerrainKind::kMud: return MoveTerrain::kMud;
    case TerrainKind::kLightWoods: return MoveTerrain::kLightWoods;
    case TerrainKind::kWoods: return MoveTerrain::kWoods;
    case TerrainKind::kSteepSlope: return MoveTerrain::kSteepSlopes;
    case TerrainKind::kSlope:
    case TerrainKind::kHill: return MoveTerrain::kSlopes;
    case TerrainKind::kBuilding: return MoveTerrain::kInsideBuildings;
    case TerrainKind::kBuiltUp: return MoveTerrain::kBuiltUp;
    case TerrainKind::kRubble: return MoveTerrain::kRubble;
    default: return std::nullopt;
  }
}

// RR-LOS-04: below ground level, they hide what is in them but not what is beyond.
bool sunken(TerrainKind k) { return k == TerrainKind::kTrench || k == TerrainKind::kDitch; }

}  // namespace

Cover cover_at(const RrState& st, Vec2 p) {
  Cover best = Cover::kOpen;
  for (const auto& t : st.table->terrain) {
    const Cover c = cover_class(t.kind);
    if (c > best && geom::locate(t.area, p) != geom::Where::kOutside) best = c;
  }
  return best;
}

Cover cover_of(const RrState& st, const Unit& u) {
  if (u.kind == Kind::kBunker) return Cover::kOpen;  // a bunker's protection is its class (RR-FIRE-07)
  return cover_at(st, u.pos);
}

std::vector<MoveTerrain> terrain_crossed(const RrState& st, Vec2 a, Vec2 b) {
  std::vector<MoveTerrain> out;
  const geom::Segment s{a, b};
  for (const auto& t : st.table->terrain) {
    const auto m = move_terrain(t.kind);
    if (!m) continue;
    if (geom::locate(t.area, a) == geom::Where::kInside || geom::locate(t.area, b) != geom::Where::kOutside ||
        geom::enters(t.area, s)) {
      out.push_back(*m);
    }
  }
  return out;
}

bool on_road(const RrState& st, Vec2 p, Road* road) {
  for (const auto& t : st.table->terrain) {
    if (t.kind != TerrainKind::kRoad && t.kind != TerrainKind::kTrail) continue;
    if (geom::locate(t.area, p) == geom::Where::kOutside) continue;
    if (road) *road = t.kind == TerrainKind::kRoad ? Road::kGood : Road::kPoor;
    return true;
  }
  return false;
}

bool in_wire(const RrState& st, Vec2 p) {
  return std::any_of(st.table->terrain.begin(), st.table->terrain.end(), [&](const Terrain& t) {
    return t.kind == TerrainKind::kWire && geom::locate(t.area, p) != geom::Where::kOutside;
  });
}

bool line_of_sight(const RrState& st, Vec2 a, Vec2 b, std::string* why) {
  const geom::Segment s{a, b};
  for (const auto& t : st.table->terrain) {
    const bool hill = t.kind == TerrainKind::kHill;
    const Cover c = cover_class(t.kind);
    if (!hill && (c == Cover::kOpen || sunken(t.kind))) continue;
    const bool holds_a = geom::locate(t.area, a) != geom::Where::kOutside;
    const bool holds_b = geom::locate(t.area, b) != geom::Where::kOutside;
    if (hill) {
      // A hill hides what is beyond it; from or onto the hill one sees (RR-LOS-01).
      if (!holds_a && !holds_b && geom::enters(t.area, s)) {
        if (why) *why = t.name + " (a hill) is in the way";
        return false;
      }
      continue;
    }
    const double crossed = geom::inside_length(t.area, s);
    if (crossed <= geom::kEps) continue;
    const CoverSight sight = cover_sight(c);
    if (holds_a || holds_b) {
      // Seeing into (or out of) the cover the target (or the firer) stands in: as deep as its
      // class allows (RR-LOS-02).
      if (geom::beyond(crossed, sight.into_inches)) {
        if (why) *why = "it is " + inches(crossed) + " inside " + t.name + ", and one sees only " + inches(sight.into_inches) + " into it";
        return false;
      }
      continue;
    }
    if (!sight.see_through || geom::beyond(crossed, sight.into_inches)) {
      if (why) *why = t.name + " is in the way";
      return false;
    }
  }
  return true;
}

bool in_command(const RrState& st, const Unit& u) {
  if (u.kind == Kind::kLeader) return true;
  for (const auto& l : st.units) {
    if (!l.alive || l.side != u.side || l.kind != Kind::kLeader || l.id == u.id) continue;
    const double d = geom::distance(l.pos, u.pos);
    if (command_radius_inches(l.marker) <= 0 || geom::beyond(d, command_radius_inches(l.marker))) continue;
    if (in_command_radius(l.marker, std::min(d, static_cast<double>(command_radius_inches(l.marker))), line_of_sight(st, l.pos, u.pos))) {
      return true;
    }
  }
  return false;
}

const Unit* attached_leader(const RrState& st, const Unit& u) {
  if (u.kind == Kind::kLeader) return nullptr;
  const double rad = u.facing_deg * 3.14159265358979323846 / 180.0;
  const Vec2 across{std::cos(rad), -std::sin(rad)};
  for (const auto& l : st.units) {
    if (!l.alive || l.side != u.side || l.kind != Kind::kLeader) continue;
    for (int i = 0; i < std::max(u.figures, 1); ++i) {
      const double off = i - (u.figures - 1) / 2.0;
      if (geom::within_distance(l.pos, Vec2{u.pos.x + across.x * off, u.pos.y + across.y * off}, 1.5)) return &l;
    }
  }
  return nullptr;
}

double home_edge_y(const RrState& st, int side) {
  double sum = 0;
  int n = 0;
  for (const auto& u : st.units) {
    if (u.side != side) continue;
    sum += u.pos.y;
    ++n;
  }
  const double mean = n > 0 ? sum / n : 0;
  return mean < st.table->height / 2 ? 0 : st.table->height;
}

}  // namespace sandtable::rr

namespace sandtable::rr {

geom::Facing facing_of(double degrees) {
  const double d = std::isfinite(degrees) ? degrees : 0.0;
  return geom::Facing::from_half_degrees(static_cast<int>(std::lround(std::fmod(d, 360.0) * 2)));
}

std::pair<double, double> hull_size(const Unit& u) {
  if (u.kind == Kind::kBunker) return {2.0, 2.0};
  if (u.type == "light_tank" || u.type == "armoured_car") return {2.5, 1.5};
  if (u.type == "tank" || u.type == "special_tank") return {3.0, 1.75};
  return {3.0, 1.5};
}

std::vector<geom::Polygon> footprints(const Unit& u, Vec2 at, double facing_deg) {
  const geom::Facing f = facing_of(facing_deg);
  if (u.kind == Kind::kVehicle || u.kind == Kind::kBunker) {
    const auto [length, width] = hull_size(u);
    return {geom::rectangle(at, f, length, width)};
  }
  // One 1" stand per figure in a row across the facing, as the view draws them (RR-UNIT-02).
  std::vector<geom::Polygon> out;
  const Vec2 across = f.right();
  const int n = std::max(u.figures, 1);
  for (int i = 0; i < n; ++i) {
    const double off = i - (n - 1) / 2.0;
    out.push_back(geom::rectangle(Vec2{at.x + across.x * off, at.y + across.y * off}, f, 1.0, 1.0));
  }
  return out;
}

std::vector<geom::Polygon> footprints(const Unit& u) { return footprints(u, u.pos, u.facing_deg); }

}  // namespace sandtable::rr
