#include "engine/geom/paths.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace sandtable::geom {

double path_length(std::span<const Vec2> path) {
  double total = 0;
  for (std::size_t i = 1; i < path.size(); ++i) total += distance(path[i - 1], path[i]);
  return total;
}

double path_inside_length(std::span<const Vec2> path, const Polygon& area) {
  double total = 0;
  for (std::size_t i = 1; i < path.size(); ++i) total += inside_length(area, {path[i - 1], path[i]});
  return total;
}

double path_cost(std::span<const Vec2> path, std::span<const CostArea> areas) {
  for (const CostArea& area : areas)
    if (area.shape == nullptr || !(area.factor > 0) || !std::isfinite(area.factor))
      throw std::invalid_argument("A terrain cost factor must be a finite number above 0 with a shape.");
  double total = 0;
  std::vector<double> breaks;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const Segment leg{path[i - 1], path[i]};
    const double len = leg.length();
    if (len <= kEps) continue;
    breaks.clear();
    for (const CostArea& area : areas) {
      const Box& b = area.shape->box();
      if (box_of(leg).overlaps({{b.lo.x - kEps, b.lo.y - kEps}, {b.hi.x + kEps, b.hi.y + kEps}}))
        chord_breaks(*area.shape, leg, breaks);
    }
    breaks.push_back(0.0);
    breaks.push_back(1.0);
    std::sort(breaks.begin(), breaks.end());
    for (std::size_t k = 0; k + 1 < breaks.size(); ++k) {
      const double t0 = breaks[k], t1 = breaks[k + 1];
      if (t1 <= t0) continue;
      const Vec2 mid = leg.a + (leg.b - leg.a) * ((t0 + t1) / 2);
      double factor = 1;
      for (const CostArea& area : areas)
        if (area.factor > factor && strictly_inside(*area.shape, mid)) factor = area.factor;
      total += (t1 - t0) * len * factor;
    }
  }
  return total;
}

namespace {

// Side of p relative to the line through s, with "on the line" resolved to `on_line_side`.
int side(Segment s, double len, Vec2 p, int on_line_side) {
  const double d = cross(s.b - s.a, p - s.a) / len;
  if (d > kEps) return 1;
  if (d < -kEps) return -1;
  return on_line_side;
}

int count_crossings(std::span<const Vec2> path, std::span<const Vec2> obstacle, int on_line_side) {
  int count = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const Segment p{path[i - 1], path[i]};
    const double plen = p.length();
    if (plen <= kEps) continue;
    for (std::size_t j = 1; j < obstacle.size(); ++j) {
      const Segment w{obstacle[j - 1], obstacle[j]};
      const double wlen = w.length();
      if (wlen <= kEps) continue;
      if (side(w, wlen, p.a, on_line_side) != side(w, wlen, p.b, on_line_side) &&
          side(p, plen, w.a, on_line_side) != side(p, plen, w.b, on_line_side))
        ++count;
    }
  }
  return count;
}

}  // namespace

int crossings(std::span<const Vec2> path, std::span<const Vec2> obstacle) {
  return std::min(count_crossings(path, obstacle, 1), count_crossings(path, obstacle, -1));
}

}  // namespace sandtable::geom
