#pragma once
// Free-table geometry in inches: the 2-D vector type, the one tolerance every rule uses, and the
// comparison helpers (`within`, `beyond`, ...) that rules must call instead of comparing doubles
// themselves. See docs/geometry.md for the model and the tie rules.
//
// Determinism: everything a rule compares is computed with +, -, *, / and sqrt only (IEEE 754
// makes these exactly rounded, so every machine gets the same bits). No sin/cos/atan2 reaches a
// comparison; angles come from the exact table in arcs.cc. The engine is compiled with
// -ffp-contract=off so that no compiler fuses a*b+c into an FMA behind our back.
#include <cmath>
#include <span>

namespace sandtable::v1 {
class Point;
}

namespace sandtable::geom {

// The single tolerance (inches). Two lengths that differ by at most kEps are equal; a point
// closer than kEps to a line or boundary is ON it. 1e-9" is far below anything a player can
// place (the UI works in 1/100") and far above double rounding noise on a 10-foot table (~1e-15").
inline constexpr double kEps = 1e-9;

struct Vec2 {
  double x = 0;
  double y = 0;

  friend constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
  friend constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
  friend constexpr Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
  friend constexpr Vec2 operator*(Vec2 a, double s) { return {a.x * s, a.y * s}; }
  friend constexpr Vec2 operator*(double s, Vec2 a) { return {a.x * s, a.y * s}; }
  friend constexpr Vec2 operator/(Vec2 a, double s) { return {a.x / s, a.y / s}; }
  friend constexpr bool operator==(Vec2 a, Vec2 b) = default;
};

constexpr double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
// z of the 3-D cross product: > 0 when b is counter-clockwise of a.
constexpr double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
constexpr double length_squared(Vec2 a) { return dot(a, a); }
// sqrt of a sum of products: exactly rounded, so identical on every machine (std::hypot is not
// guaranteed to be).
inline double length(Vec2 a) { return std::sqrt(dot(a, a)); }
inline double distance(Vec2 a, Vec2 b) { return length(b - a); }
// Lexicographic order; used to put segment ends in a canonical order so that a test of (a, b)
// and of (b, a) runs the very same arithmetic (LOS symmetry is then exact, not approximate).
constexpr bool lex_less(Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
inline bool is_finite(Vec2 a) { return std::isfinite(a.x) && std::isfinite(a.y); }

// ---- Rule comparisons. Rules compare measured lengths ONLY through these. ----

// "within N inches": a measured length equal to the limit (within kEps) is within it.
constexpr bool within(double measured, double limit) { return measured <= limit + kEps; }
// "more than N inches": the complement of within.
constexpr bool beyond(double measured, double limit) { return measured > limit + kEps; }
// Two lengths equal to the tolerance.
constexpr bool same_length(double a, double b) { return a - b <= kEps && b - a <= kEps; }
// A length that counts as zero (touching, grazing).
constexpr bool negligible(double measured) { return measured <= kEps && measured >= -kEps; }

// Convenience: centre-to-centre "within N inches" (e.g. BG-FIRE-08 ranges, BG-ART-05 6" spread).
inline bool within_distance(Vec2 a, Vec2 b, double limit) { return within(distance(a, b), limit); }

// Centroid ("centre of mass", BG CoM) of figure positions: their mean, summed in the given order
// (the order is part of the input, so the result is reproducible). Empty input is an error.
Vec2 centroid(std::span<const Vec2> points);

// Boundary conversions. The engine's protos carry pb::Point; geometry works on Vec2 only.
Vec2 from_proto(const sandtable::v1::Point& p);
void to_proto(Vec2 v, sandtable::v1::Point* out);

}  // namespace sandtable::geom
