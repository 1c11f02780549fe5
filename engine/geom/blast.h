#pragma once
// Blast rings and drift (BG-ART-02..04, GAP-BG-ART-03). Pure geometry: the dice and the bearing
// are inputs; nothing here rolls dice.
#include "engine/geom/shapes.h"

namespace sandtable::geom {

// BG-ART-02: a 4" DIAMETER ring, i.e. radius 2". Also BG-SMK-05 artillery smoke circles.
inline constexpr double kBlastDiameter = 4.0;
inline constexpr double kBlastRadius = kBlastDiameter / 2;

Circle blast_ring(Vec2 centre);

// BG-ART-03: drift distance = |die1 - die2| inches (2D6 values 1..6; throws otherwise).
int drift_inches(int die1, int die2);

// GAP-BG-ART-03 default: the bearing is drawn by the rules with the engine RNG as a whole compass
// degree 0..359 (0 = north = +y, clockwise) and recorded; alternative switch: a d12 clock face.
// The direction vector comes from the exact sine table (arcs.h).
Facing compass_bearing(int degrees);
// d12 clock bearing: 12 = north, 3 = east, 6 = south, 9 = west (30 degrees per hour). Throws
// outside 1..12.
Facing clock_bearing(int d12);

// BG-ART-03: where the ring's centre ends after drift. Equal dice = no drift (the aim point).
Vec2 drifted_centre(Vec2 aim, int die1, int die2, Facing bearing);

// BG-ART-04: is any part of this figure base / vehicle hull under the ring? Touching the ring's
// edge (within kEps) counts as under it.
bool under_ring(const Circle& ring, const Polygon& footprint);
// Round bases (e.g. BG-EX-04 discs): any part of the disc under the ring.
bool under_ring(const Circle& ring, const Circle& base);

}  // namespace sandtable::geom
