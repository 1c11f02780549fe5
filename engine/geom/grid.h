#pragma once
// Square-grid geometry for grid rule sets (Portable Wargame). Column grows east, row grows
// north. A unit faces one of the four edges of its square. Everything is integer arithmetic,
// so results are exact on every machine.
#include <cstdlib>
#include <functional>
#include <vector>

namespace sandtable::grid {

struct Sq {
  int col = 0;
  int row = 0;
  friend bool operator==(const Sq&, const Sq&) = default;
};

// Same numbering as pb::GridFacing.
enum class Facing { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };

const char* facing_name(Facing f);  // "north", ...
Facing opposite(Facing f);
// The unit step (dcol, drow) across the edge a unit facing f looks through. These few are
// inline: the move search and the bot call them for every square they walk.
inline Sq delta(Facing f) {
  switch (f) {
    case Facing::kNorth: return {0, 1};
    case Facing::kEast: return {1, 0};
    case Facing::kSouth: return {0, -1};
    case Facing::kWest: return {-1, 0};
  }
  return {0, 1};
}
inline Sq step(Sq s, Facing f) {
  const Sq d = delta(f);
  return {s.col + d.col, s.row + d.row};
}

// Orthogonal distance: squares counted through edges, never corners (PW conventions).
inline int distance(Sq a, Sq b) { return std::abs(a.col - b.col) + std::abs(a.row - b.row); }
inline bool adjacent(Sq a, Sq b) { return distance(a, b) == 1; }  // sharing a side (PW-DEF-05)
// The facing from a toward an orthogonally adjacent b (a and b must be adjacent).
Facing facing_toward(Sq a, Sq b);

// 90-degree forward arc: the squares between and on the two 45-degree diagonals ahead, not
// the unit's own square. For north: drow >= |dcol| and drow > 0.
inline bool in_arc(Sq from, Facing facing, Sq to) {
  const int dc = to.col - from.col;
  const int dr = to.row - from.row;
  int ahead = 0, across = 0;  // rotate so the unit faces north
  switch (facing) {
    case Facing::kNorth: ahead = dr; across = dc; break;
    case Facing::kEast: ahead = dc; across = dr; break;
    case Facing::kSouth: ahead = -dr; across = dc; break;
    case Facing::kWest: ahead = -dc; across = dr; break;
  }
  return ahead > 0 && ahead >= std::abs(across);
}

enum class Side { kFront, kFlank, kRear };
// Which side of a unit (at `at`, facing `facing`) an orthogonally adjacent square touches.
Side side_touched(Sq at, Facing facing, Sq other);

// The unit step from `from` toward `to` along the axis with the larger |delta|; on an exact
// diagonal, along the axis of `facing` (GAP-PW-ART-07). from != to.
Sq direction_toward(Sq from, Sq to, Facing facing);

// One square of a supercover line, or a pair of squares when the line passes exactly through
// the corner where they meet.
struct LineCell {
  Sq a;
  bool corner = false;
  Sq b;  // the other square of a corner pair
};
// The squares the straight line from the centre of `from` to the centre of `to` passes
// through, strictly between the two (GAP-PW-DEF-03).
std::vector<LineCell> line_between(Sq from, Sq to);
// Direct line of sight: no intermediate square blocks, and no corner pair where both squares
// block (PW-DEF-03).
bool clear_line(Sq from, Sq to, const std::function<bool(Sq)>& blocks);

}  // namespace sandtable::grid
