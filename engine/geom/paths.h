#pragma once
// Movement paths on the free table: polyline length, the part inside terrain, the movement cost of
// a path through difficult terrain (BG-TER-02 halving = cost factor 2), and crossings of linear
// obstacles such as walls, fences and rivers (BG-TER-03: each crossing costs 3").
#include <span>

#include "engine/geom/shapes.h"

namespace sandtable::geom {

// Sum of the leg lengths of a polyline (0 for fewer than 2 points).
double path_length(std::span<const Vec2> path);
// Length of the path strictly inside the polygon (boundary runs count as outside).
double path_inside_length(std::span<const Vec2> path, const Polygon& area);

// A terrain area that multiplies the cost of each inch moved inside it: 2 for "movement halved"
// (BG-TER-02, fords BG-TER-04), 3 for "1/3 movement" (BG-TER-05 shale beach).
struct CostArea {
  const Polygon* shape = nullptr;
  double factor = 1;
};

// Movement cost: every stretch of the path costs its length times the largest factor among the
// areas strictly containing it (1 in the open). Overlapping areas do not stack. Throws
// std::invalid_argument for a null shape or a factor that is not a finite number > 0.
double path_cost(std::span<const Vec2> path, std::span<const CostArea> areas);

// How many times the path crosses the linear obstacle (a polyline). A crossing is a passage from
// one side to the other; touching the obstacle and turning back, or running along it and leaving
// on the side one came from, is not a crossing. Crossing exactly through a vertex of either line
// counts once. (Computed as the smaller of the two counts obtained by treating "on the line,
// within kEps" as left, then as right; both give the same count for genuine crossings.)
int crossings(std::span<const Vec2> path, std::span<const Vec2> obstacle);

}  // namespace sandtable::geom
