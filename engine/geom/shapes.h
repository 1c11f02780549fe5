#pragma once
// Shapes on the free table (inches) and the exact-ish primitives the rules build on: point in
// polygon, length of a segment inside a polygon or circle, circle/polygon overlap.
//
// Tie rules (docs/geometry.md): "inside" means more than kEps from the boundary; a point within
// kEps of an edge is ON the boundary. A segment that only touches or grazes a shape (runs along
// its edge, meets a corner) has inside length 0. A circle touching a polygon overlaps it.
#include <span>
#include <vector>

#include "engine/geom/arcs.h"
#include "engine/geom/vec.h"

namespace sandtable::geom {

struct Segment {
  Vec2 a;
  Vec2 b;
  double length() const { return distance(a, b); }
};

struct Circle {
  Vec2 centre;
  double radius = 0;
};

// Axis-aligned bounding box (closed).
struct Box {
  Vec2 lo;
  Vec2 hi;
  bool overlaps(const Box& o) const { return lo.x <= o.hi.x && o.lo.x <= hi.x && lo.y <= o.hi.y && o.lo.y <= hi.y; }
};
Box box_of(Segment s);

// A simple polygon (not necessarily convex), either winding. The constructor validates it and
// throws std::invalid_argument with a sentence: at least 3 vertices, finite coordinates, no edge
// shorter than kEps, area above kEps square inches, no edge crossing or touching a non-adjacent
// edge, no edge folding back over its neighbour.
class Polygon {
 public:
  explicit Polygon(std::vector<Vec2> vertices);

  const std::vector<Vec2>& vertices() const { return v_; }
  int size() const { return static_cast<int>(v_.size()); }
  Segment edge(int i) const { return {v_[i], v_[(i + 1) % v_.size()]}; }
  const Box& box() const { return box_; }
  bool convex() const { return convex_; }
  // True if the vertices run anticlockwise (interior on the left of each edge).
  bool anticlockwise() const { return anticlockwise_; }
  // Unsigned area in square inches.
  double area() const { return area_; }

 private:
  std::vector<Vec2> v_;
  Box box_;
  bool convex_ = false;
  bool anticlockwise_ = true;
  double area_ = 0;
};

// A rectangle footprint from its centre, facing, length (along the facing) and width.
Polygon rectangle(Vec2 centre, Facing facing, double length, double width);
Polygon hull_polygon(const Hull& hull);
// An axis-aligned rectangle [x0, x1] x [y0, y1] (terrain, minefields).
Polygon axis_rectangle(double x0, double y0, double x1, double y1);

enum class Where { kOutside, kBoundary, kInside };

double distance_to_segment(Vec2 p, Segment s);
double distance_to_boundary(const Polygon& poly, Vec2 p);
// Where p lies: kBoundary within kEps of an edge, else inside/outside by crossing number.
Where locate(const Polygon& poly, Vec2 p);
bool strictly_inside(const Polygon& poly, Vec2 p);

// Segment parameters t in [0, 1] at which `s` may cross the boundary of `poly`, plus 0 and 1,
// sorted. Between two consecutive values the segment is entirely inside, outside or along the
// boundary. Generous: extra values are harmless, none is ever missing. Appends to `out`.
void chord_breaks(const Polygon& poly, Segment s, std::vector<double>& out);

// Length (inches) of the part of `s` strictly inside `poly` (boundary runs count as outside).
double inside_length(const Polygon& poly, Segment s);
// Exactly beyond(inside_length(poly, s), limit), but may stop measuring early (LOS uses it).
bool inside_length_beyond(const Polygon& poly, Segment s, double limit);
// Length of the part of `s` strictly inside the disc (a tangent gives 0).
double inside_length(const Circle& c, Segment s);

// The segment passes through the polygon's interior for more than kEps.
bool enters(const Polygon& poly, Segment s);
// Any part of the polygon (interior or boundary) within the closed disc: touching counts.
bool overlaps(const Circle& c, const Polygon& poly);
// Any part of the segment within the closed disc.
bool touches(const Circle& c, Segment s);

}  // namespace sandtable::geom
