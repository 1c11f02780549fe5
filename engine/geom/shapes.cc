#include "engine/geom/shapes.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace sandtable::geom {
namespace {

int sign_with_eps(double signed_distance) {
  if (signed_distance > kEps) return 1;
  if (signed_distance < -kEps) return -1;
  return 0;
}

// Signed distance of p from the line through s (positive = left of a->b). s must not be degenerate.
double side_distance(Segment s, Vec2 p) { return cross(s.b - s.a, p - s.a) / s.length(); }

double segment_distance_squared(Vec2 p, Segment s) {
  const Vec2 d = s.b - s.a;
  const double dd = dot(d, d);
  double t = dd > 0 ? dot(p - s.a, d) / dd : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  return length_squared(p - (s.a + d * t));
}

// Closest approach of two segments (0 if they cross).
double segments_distance(Segment s, Segment t) {
  const int s1 = sign_with_eps(side_distance(s, t.a));
  const int s2 = sign_with_eps(side_distance(s, t.b));
  const int t1 = sign_with_eps(side_distance(t, s.a));
  const int t2 = sign_with_eps(side_distance(t, s.b));
  if (s1 * s2 < 0 && t1 * t2 < 0) return 0.0;
  return std::sqrt(std::min({segment_distance_squared(t.a, s), segment_distance_squared(t.b, s),
                             segment_distance_squared(s.a, t), segment_distance_squared(s.b, t)}));
}

// For two edges known not to cross (opposite edges of a convex quadrilateral): true when each end
// of either is clearly farther than kEps from the other's line. A segment is never nearer than its
// line, so segments_distance would then be above kEps too; this skips it for the figure bases and
// hulls built for every line of sight, at two square roots instead of five.
bool opposite_edges_apart(Segment s, Segment t) {
  const Vec2 ds = s.b - s.a, dt = t.b - t.a;
  const double ls = length(ds), lt = length(dt);
  const double far = 2 * kEps;
  return std::fabs(cross(ds, t.a - s.a)) > far * ls && std::fabs(cross(ds, t.b - s.a)) > far * ls &&
         std::fabs(cross(dt, s.a - t.a)) > far * lt && std::fabs(cross(dt, s.b - t.a)) > far * lt;
}

std::string vertex_name(int i) { return "vertex " + std::to_string(i + 1); }

}  // namespace

Box box_of(Segment s) {
  return {{std::min(s.a.x, s.b.x), std::min(s.a.y, s.b.y)}, {std::max(s.a.x, s.b.x), std::max(s.a.y, s.b.y)}};
}

Polygon::Polygon(std::vector<Vec2> vertices) : v_(std::move(vertices)) {
  const int n = size();
  if (n < 3) throw std::invalid_argument("A polygon needs at least 3 vertices, got " + std::to_string(n) + ".");
  for (int i = 0; i < n; ++i)
    if (!is_finite(v_[i])) throw std::invalid_argument("Polygon " + vertex_name(i) + " is not a finite point.");
  for (int i = 0; i < n; ++i)
    if (edge(i).length() <= kEps)
      throw std::invalid_argument("Polygon " + vertex_name(i) + " repeats the next vertex (zero-length edge).");
  double twice_area = 0;
  for (int i = 0; i < n; ++i) twice_area += cross(v_[i], v_[(i + 1) % n]);
  area_ = std::fabs(twice_area) / 2;
  anticlockwise_ = twice_area > 0;
  if (area_ <= kEps)
    throw std::invalid_argument("A polygon must enclose an area; its vertices are collinear or it overlaps itself.");
  int turns_left = 0, turns_right = 0;
  for (int i = 0; i < n; ++i) {
    const Segment e = edge(i), next = edge((i + 1) % n);
    const Vec2 d1 = e.b - e.a, d2 = next.b - next.a;
    const double turn = cross(d1, d2);
    // The lengths only for a turn that goes back: most turns don't, and a polygon is built by the
    // thousand for the lines of sight of one order (every figure base, every hull).
    if (dot(d1, d2) < 0 && negligible(turn / (length(d1) * length(d2))))
      throw std::invalid_argument("Polygon edges fold back on themselves at " + vertex_name((i + 1) % n) + ".");
    if (turn > 0) ++turns_left;
    if (turn < 0) ++turns_right;
  }
  // Four turns all the same way make a convex quadrilateral (its exterior angles, each under 180
  // degrees, sum to one full turn), so its opposite edges cannot cross; see opposite_edges_apart.
  const bool convex_quad = n == 4 && (turns_left == 4 || turns_right == 4);
  for (int i = 0; i < n; ++i)
    for (int j = i + 2; j < n; ++j) {
      if (i == 0 && j == n - 1) continue;  // adjacent through the closing edge
      if (convex_quad && opposite_edges_apart(edge(i), edge(j))) continue;
      if (segments_distance(edge(i), edge(j)) <= kEps)
        throw std::invalid_argument("Polygon is not simple: the edge after " + vertex_name(i) +
                                    " meets the edge after " + vertex_name(j) + ".");
    }
  convex_ = turns_left == 0 || turns_right == 0;
  box_ = {v_[0], v_[0]};
  for (Vec2 p : v_) {
    box_.lo = {std::min(box_.lo.x, p.x), std::min(box_.lo.y, p.y)};
    box_.hi = {std::max(box_.hi.x, p.x), std::max(box_.hi.y, p.y)};
  }
}

Polygon rectangle(Vec2 centre, Facing facing, double length, double width) {
  if (!(length > kEps) || !(width > kEps) || !std::isfinite(length) || !std::isfinite(width))
    throw std::invalid_argument("A rectangle needs a positive, finite length and width.");
  const Vec2 f = facing.forward() * (length / 2);
  const Vec2 r = facing.right() * (width / 2);
  // Front-right, front-left, rear-left, rear-right: anticlockwise.
  return Polygon({centre + f + r, centre + f - r, centre - f - r, centre - f + r});
}

Polygon hull_polygon(const Hull& hull) { return rectangle(hull.centre, hull.facing, hull.length, hull.width); }

Polygon axis_rectangle(double x0, double y0, double x1, double y1) {
  return Polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

double distance_to_segment(Vec2 p, Segment s) { return std::sqrt(segment_distance_squared(p, s)); }

double distance_to_boundary(const Polygon& poly, Vec2 p) {
  double best = segment_distance_squared(p, poly.edge(0));
  for (int i = 1; i < poly.size(); ++i) best = std::min(best, segment_distance_squared(p, poly.edge(i)));
  return std::sqrt(best);
}

Where locate(const Polygon& poly, Vec2 p) {
  const Box& b = poly.box();
  if (p.x < b.lo.x - kEps || p.x > b.hi.x + kEps || p.y < b.lo.y - kEps || p.y > b.hi.y + kEps)
    return Where::kOutside;
  // On the boundary iff within kEps of some edge. The squared distance to the edge's LINE is a
  // cheap lower bound that rules out most edges without a division.
  const auto& v = poly.vertices();
  for (int i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const Vec2 e = v[i] - v[j];
    const double c = cross(e, p - v[j]);
    if (c * c > kEps * kEps * length_squared(e) * 1.0000001) continue;
    if (segment_distance_squared(p, {v[j], v[i]}) <= kEps * kEps) return Where::kBoundary;
  }
  // Crossing number; p is more than kEps from every edge, so the parity is not noise-sensitive.
  bool inside = false;
  for (int i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const Vec2 a = v[j], c = v[i];
    if ((a.y > p.y) != (c.y > p.y)) {
      const double x = a.x + (p.y - a.y) * (c.x - a.x) / (c.y - a.y);
      if (p.x < x) inside = !inside;
    }
  }
  return inside ? Where::kInside : Where::kOutside;
}

bool strictly_inside(const Polygon& poly, Vec2 p) { return locate(poly, p) == Where::kInside; }

namespace {

// Writes the break parameters of `s` against `poly` into buf (capacity >= 2 + 2 * poly.size())
// and returns how many, sorted. See chord_breaks.
int breaks_into(const Polygon& poly, Segment s, double* buf) {
  int n = 0;
  buf[n++] = 0.0;
  buf[n++] = 1.0;
  const Vec2 d = s.b - s.a;
  const double dd = dot(d, d);
  const double len = std::sqrt(dd);
  if (len <= kEps) return n;
  constexpr double kSlack = 1e-9;  // relative slack on the edge parameter: never miss a crossing
  const double near_line = 2 * kEps * len;
  for (int i = 0; i < poly.size(); ++i) {
    const Segment e = poly.edge(i);
    const Vec2 ev = e.b - e.a;
    const Vec2 w = e.a - s.a;
    // A vertex on (or within a hair of) the segment's line: its projection is a break. This
    // catches corner touches and runs along an edge.
    if (std::fabs(cross(d, w)) <= near_line) {
      const double t = dot(w, d) / dd;
      if (t > 0 && t < 1) buf[n++] = t;
    }
    // Proper crossing: t = tn / denom in (0, 1) and u = un / denom in [-slack, 1 + slack].
    // Compared on the numerators first so that only accepted crossings pay for a division.
    double denom = cross(d, ev);
    if (denom == 0) continue;
    double tn = cross(w, ev), un = cross(w, d);
    if (denom < 0) {
      denom = -denom;
      tn = -tn;
      un = -un;
    }
    if (tn <= 0 || tn >= denom || un < -kSlack * denom || un > (1 + kSlack) * denom) continue;
    const double t = tn / denom;
    if (t > 0 && t < 1) buf[n++] = t;
  }
  // Insertion sort: n is small and this keeps the order of equal values irrelevant.
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && buf[j] < buf[j - 1]; --j) std::swap(buf[j], buf[j - 1]);
  return n;
}

// Convex polygons: clip the segment's parameter range against each edge's inner half-plane
// (Cyrus-Beck). The chord counts if its midpoint is strictly inside, which is the same rule as
// the general case below (a chord along an edge or through a corner counts 0).
double convex_inside_length(const Polygon& poly, Segment s, double len) {
  const Vec2 d = s.b - s.a;
  const double orient = poly.anticlockwise() ? 1.0 : -1.0;
  double t0 = 0, t1 = 1;
  for (int i = 0; i < poly.size(); ++i) {
    const Segment e = poly.edge(i);
    const Vec2 ev = e.b - e.a;
    const double num = orient * cross(ev, s.a - e.a);  // >= 0: s.a on the inner side
    const double den = orient * cross(ev, d);
    if (den == 0) {
      if (num < 0) return 0.0;
      continue;
    }
    const double t = -num / den;
    if (den > 0) {
      t0 = std::max(t0, t);
    } else {
      t1 = std::min(t1, t);
    }
    if (t0 >= t1) return 0.0;
  }
  const Vec2 mid = s.a + d * ((t0 + t1) / 2);
  return strictly_inside(poly, mid) ? (t1 - t0) * len : 0.0;
}

// Sums the inside stretches in order; stops early once the sum exceeds `stop` (the partial sum
// is then returned, which is all a caller comparing with `stop` needs).
double inside_length_with(const Polygon& poly, Segment s, double len, double* buf, double stop) {
  const int n = breaks_into(poly, s, buf);
  double inside = 0;
  for (int i = 0; i + 1 < n; ++i) {
    const double t0 = buf[i], t1 = buf[i + 1];
    if (t1 <= t0) continue;
    const Vec2 mid = s.a + (s.b - s.a) * ((t0 + t1) / 2);
    if (strictly_inside(poly, mid)) {
      inside += (t1 - t0) * len;
      if (inside > stop) return inside;
    }
  }
  return inside;
}

double inside_length_until(const Polygon& poly, Segment s, double stop) {
  const Box& b = poly.box();
  const Box sb = box_of(s);
  if (sb.hi.x < b.lo.x - kEps || sb.lo.x > b.hi.x + kEps || sb.hi.y < b.lo.y - kEps || sb.lo.y > b.hi.y + kEps)
    return 0.0;
  const double len = s.length();
  if (len <= kEps) return 0.0;
  // Early rejection: every vertex well to one side of the segment's line means the line misses
  // the polygon (or at most grazes it). The margin is generous so this never decides a tie.
  {
    const Vec2 d = s.b - s.a;
    const double margin = 4 * kEps * len;
    bool any_left = false, any_right = false;
    for (Vec2 v : poly.vertices()) {
      const double c = cross(d, v - s.a);
      any_left |= c > -margin;
      any_right |= c < margin;
    }
    if (!any_left || !any_right) return 0.0;
  }
  if (poly.convex()) return convex_inside_length(poly, s, len);
  constexpr int kStackVertices = 31;
  if (poly.size() <= kStackVertices) {
    double buf[2 + 2 * kStackVertices];
    return inside_length_with(poly, s, len, buf, stop);
  }
  std::vector<double> buf(2 + 2 * static_cast<std::size_t>(poly.size()));
  return inside_length_with(poly, s, len, buf.data(), stop);
}

}  // namespace

void chord_breaks(const Polygon& poly, Segment s, std::vector<double>& out) {
  std::vector<double> buf(2 + 2 * static_cast<std::size_t>(poly.size()));
  const int n = breaks_into(poly, s, buf.data());
  out.insert(out.end(), buf.begin(), buf.begin() + n);
}

double inside_length(const Polygon& poly, Segment s) {
  return inside_length_until(poly, s, std::numeric_limits<double>::infinity());
}

bool inside_length_beyond(const Polygon& poly, Segment s, double limit) {
  return beyond(inside_length_until(poly, s, limit + kEps), limit);
}

double inside_length(const Circle& c, Segment s) {
  const Vec2 d = s.b - s.a;
  const Vec2 f = s.a - c.centre;
  const double a = dot(d, d);
  if (a <= kEps * kEps) return 0.0;
  const double b = 2 * dot(f, d);
  const double cc = dot(f, f) - c.radius * c.radius;
  const double disc = b * b - 4 * a * cc;
  if (disc <= 0) return 0.0;
  const double root = std::sqrt(disc);
  const double t0 = std::max(0.0, (-b - root) / (2 * a));
  const double t1 = std::min(1.0, (-b + root) / (2 * a));
  return t1 > t0 ? (t1 - t0) * std::sqrt(a) : 0.0;
}

bool enters(const Polygon& poly, Segment s) { return inside_length(poly, s) > kEps; }

bool overlaps(const Circle& c, const Polygon& poly) {
  if (locate(poly, c.centre) != Where::kOutside) return true;
  return within(distance_to_boundary(poly, c.centre), c.radius);
}

bool touches(const Circle& c, Segment s) { return within(distance_to_segment(c.centre, s), c.radius); }

}  // namespace sandtable::geom
