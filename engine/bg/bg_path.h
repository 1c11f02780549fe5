#pragma once
// Path helpers for movement (bg_path.cc); walk_path itself is declared in bg_internal.h.
#include <span>
#include <string>
#include <vector>

#include "engine/bg/bg_internal.h"

namespace sandtable::bg {

// Every leg of the path lies on road features (BG-MOVE-07, BG-VMOV-04, BG-TER-02).
bool path_on_road(const BgState& st, std::span<const Vec2> path);
// Rivers only at fords/bridges (BG-TER-04), terrain closed to the vehicle (BG-VMOV-09), never
// through the enemy (BG-MOVE-10). A tank may pass enemy infantry: those units are listed in
// `overrun` when given (BG-VMOV-08), refused otherwise.
Check path_passable(const BgState& st, const Unit& u, std::span<const Vec2> path, std::vector<std::string>* overrun);
// Movement cost of the whole path: difficult terrain (BG-TER-02), walls/fences (BG-TER-03).
double path_cost_for(const BgState& st, const Unit& u, std::span<const Vec2> path);

}  // namespace sandtable::bg
