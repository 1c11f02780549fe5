#pragma once
// Facing, fronts, arcs, flanks and hull quadrants on the free table.
//
// Compass convention: 0 degrees = north = +y, angles grow clockwise (90 = east = +x).
// A Facing is stored as a unit vector. It is made either from whole (or half) degrees through the
// exact sine table in arcs.cc (the table IS the definition: multiples of 90 give exact 0/±1,
// others the correctly rounded double of the true sine) or from a direction such as "toward that
// unit" (normalised with sqrt). Either way no libm trigonometry is involved, so every machine gets
// the same bits, and every test below is a sign test on dot/cross products with the kEps margin.
//
// Tie rules (docs/geometry.md): a point on (within kEps of) the facing line is neither in front
// nor behind; arc edges are outside the arc; a point on a hull diagonal belongs to the front or
// rear quadrant, never the side.
#include <optional>

#include "engine/geom/vec.h"

namespace sandtable::geom {

class Facing {
 public:
  // Due north.
  constexpr Facing() = default;
  // Whole compass degrees (any integer; reduced modulo 360).
  static Facing from_degrees(int degrees);
  // Half-degree steps: k * 0.5 degrees (any integer; reduced modulo 720).
  static Facing from_half_degrees(int half_degrees);
  // Facing along `v`; throws std::invalid_argument if v is (nearly) zero or not finite.
  static Facing along(Vec2 v);
  // Facing from `from` toward `to`; throws if the points coincide.
  static Facing toward(Vec2 from, Vec2 to) { return along(to - from); }
  // A facing saved as its forward() vector (snapshots): the very same bits back, never
  // renormalised. nullopt unless the vector is finite and of unit length within kEps.
  static std::optional<Facing> restore(Vec2 forward);

  Vec2 forward() const { return u_; }
  // 90 degrees clockwise of forward (the unit's right hand).
  Vec2 right() const { return {u_.y, -u_.x}; }
  // This facing turned clockwise by k * 0.5 degrees (negative k = anticlockwise), exact table.
  Facing turned_half_degrees(int half_degrees) const;
  Facing reversed() const { return Facing(-u_); }
  // Compass degrees in [0, 360) for DISPLAY ONLY (uses atan2; never compare it in a rule).
  double degrees_for_display() const;

 private:
  explicit constexpr Facing(Vec2 u) : u_(u) {}
  Vec2 u_{0.0, 1.0};
};

// sin and cos of k * 0.5 degrees from the exact table (k any integer).
double table_sin_half_degrees(int half_degrees);
double table_cos_half_degrees(int half_degrees);

// Signed distance (inches) of p ahead of the line through `centre` perpendicular to `facing`
// (positive = ahead). This is the quantity every front/flank rule tests.
double ahead_of(Vec2 centre, Facing facing, Vec2 p);

// BG-MOVE-02 / BG-LOS-05: p is in the 180-degree front iff it is more than kEps ahead of the
// facing line. A point on the line is NOT in front.
bool in_front(Vec2 centre, Facing facing, Vec2 p);
// Strictly behind the facing line (more than kEps). A point on the line is not behind either.
bool behind(Vec2 centre, Facing facing, Vec2 p);
// BG-FIRE-12 / BG-VEH-08: a flank attack iff the shooter's centre is behind the target's facing
// line. On the line: not a flank attack (and, for the target, not in front either).
bool flank_attack(Vec2 target_centre, Facing target_facing, Vec2 shooter_centre);

// p is in the arc of `width_degrees` (1..360) centred on `facing` with its apex at `apex`.
// Edges (within kEps) are outside; the apex itself is outside every arc narrower than 360.
// width 180 is exactly in_front(apex, facing, p); width 360 contains every point.
// Throws std::invalid_argument for a width outside 1..360.
bool in_arc(Vec2 apex, Facing facing, int width_degrees, Vec2 p);

// A rectangular vehicle hull or base: centre, facing, length along the facing, width across it.
struct Hull {
  Vec2 centre;
  Facing facing;
  double length = 0;
  double width = 0;
  Vec2 front_edge_centre() const { return centre + facing.forward() * (length / 2); }
};

// BG-VEH-10: bow weapons fire into the 90-degree arc centred on the facing, measured from the
// centre of the hull's front edge.
bool in_bow_arc(const Hull& hull, Vec2 p);

enum class Quadrant { kFront, kSide, kRear };
// BG-OPT-01: the attack quarter of `p` relative to the hull, found by the hull's two diagonals.
// On a diagonal (within kEps) -> front or rear; the hull centre itself -> front.
Quadrant hull_quadrant(const Hull& hull, Vec2 p);

// BG-MOVE-08: is the turn from `from` to `to` at most `degrees` (0..180)? A turn of exactly
// `degrees` (within kEps on the unit circle) is "at most". Throws outside 0..180.
bool turn_at_most(Facing from, Facing to, int degrees);

}  // namespace sandtable::geom
