#include "engine/geom/blast.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace sandtable::geom {

Circle blast_ring(Vec2 centre) { return {centre, kBlastRadius}; }

int drift_inches(int die1, int die2) {
  if (die1 < 1 || die1 > 6 || die2 < 1 || die2 > 6)
    throw std::invalid_argument("Drift dice are d6 values 1 to 6, got " + std::to_string(die1) + " and " +
                                std::to_string(die2) + ".");
  return std::abs(die1 - die2);
}

Facing compass_bearing(int degrees) {
  if (degrees < 0 || degrees > 359)
    throw std::invalid_argument("A compass bearing is 0 to 359 degrees, got " + std::to_string(degrees) + ".");
  return Facing::from_degrees(degrees);
}

Facing clock_bearing(int d12) {
  if (d12 < 1 || d12 > 12) throw std::invalid_argument("A clock bearing is 1 to 12, got " + std::to_string(d12) + ".");
  return Facing::from_degrees((d12 % 12) * 30);
}

Vec2 drifted_centre(Vec2 aim, int die1, int die2, Facing bearing) {
  const int inches = drift_inches(die1, die2);
  if (inches == 0) return aim;
  return aim + bearing.forward() * static_cast<double>(inches);
}

bool under_ring(const Circle& ring, const Polygon& footprint) { return overlaps(ring, footprint); }

bool under_ring(const Circle& ring, const Circle& base) {
  return within(distance(ring.centre, base.centre), ring.radius + base.radius);
}

}  // namespace sandtable::geom
