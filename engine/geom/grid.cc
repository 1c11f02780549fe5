#include "engine/geom/grid.h"

namespace sandtable::grid {

const char* facing_name(Facing f) {
  switch (f) {
    case Facing::kNorth: return "north";
    case Facing::kEast: return "east";
    case Facing::kSouth: return "south";
    case Facing::kWest: return "west";
  }
  return "north";
}

Facing opposite(Facing f) { return static_cast<Facing>((static_cast<int>(f) + 2) % 4); }

Facing facing_toward(Sq a, Sq b) {
  if (b.row > a.row) return Facing::kNorth;
  if (b.row < a.row) return Facing::kSouth;
  if (b.col > a.col) return Facing::kEast;
  return Facing::kWest;
}

Side side_touched(Sq at, Facing facing, Sq other) {
  const Facing toward = facing_toward(at, other);
  if (toward == facing) return Side::kFront;
  if (toward == opposite(facing)) return Side::kRear;
  return Side::kFlank;
}

Sq direction_toward(Sq from, Sq to, Facing facing) {
  const int dc = to.col - from.col;
  const int dr = to.row - from.row;
  const int ac = std::abs(dc), ar = std::abs(dr);
  const bool vertical_axis = facing == Facing::kNorth || facing == Facing::kSouth;
  if (ar > ac || (ar == ac && vertical_axis)) return {0, dr > 0 ? 1 : -1};
  return {dc > 0 ? 1 : -1, 0};
}

// Centres sit at integer coordinates. Walk the line one crossing at a time: `error` compares
// how far the line has gone across columns and rows (scaled by 2 so the half-square offsets of
// the square edges stay integers); zero means the line hits a corner exactly.
std::vector<LineCell> line_between(Sq from, Sq to) {
  std::vector<LineCell> out;
  int dx = std::abs(to.col - from.col);
  int dy = std::abs(to.row - from.row);
  const int x_inc = to.col > from.col ? 1 : -1;
  const int y_inc = to.row > from.row ? 1 : -1;
  int x = from.col, y = from.row;
  int error = dx - dy;
  dx *= 2;
  dy *= 2;
  while (!(x == to.col && y == to.row)) {
    if (error > 0) {
      x += x_inc;
      error -= dy;
    } else if (error < 0) {
      y += y_inc;
      error += dx;
    } else {
      // Exactly through the corner shared by (x+x_inc, y) and (x, y+y_inc).
      out.push_back({{x + x_inc, y}, true, {x, y + y_inc}});
      x += x_inc;
      y += y_inc;
      error += dx - dy;
      if (!(x == to.col && y == to.row)) out.push_back({{x, y}, false, {}});
      continue;
    }
    if (!(x == to.col && y == to.row)) out.push_back({{x, y}, false, {}});
  }
  return out;
}

bool clear_line(Sq from, Sq to, const std::function<bool(Sq)>& blocks) {
  for (const LineCell& c : line_between(from, to)) {
    if (!c.corner && blocks(c.a)) return false;
    if (c.corner && blocks(c.a) && blocks(c.b)) return false;
  }
  return true;
}

}  // namespace sandtable::grid
