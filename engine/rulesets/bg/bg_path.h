#pragma once
// Path helpers for movement (bg_path.cc); walk_path itself is declared in bg_internal.h.
#include <span>
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_internal.h"

namespace sandtable::bg {

// Every leg of the path lies on road features (BG-MOVE-07, BG-VMOV-04, BG-TER-02).
bool path_on_road(const BgState& st, std::span<const Vec2> path);
// Rivers only at fords/bridges (BG-TER-04), terrain closed to the vehicle (BG-VMOV-09), never
// through the enemy (BG-MOVE-10). A tank may pass enemy infantry: those units are listed in
// `overrun` when given (BG-VMOV-08), refused otherwise. `through`: a unit passed as if gone.
Check path_passable(const BgState& st, const Unit& u, std::span<const Vec2> path, std::vector<std::string>* overrun,
                    const std::string* through = nullptr);
// Movement cost of the whole path: difficult terrain (BG-TER-02), walls/fences (BG-TER-03).
double path_cost_for(const BgState& st, const Unit& u, std::span<const Vec2> path);
// BG-MOVE-03 "as far as possible": the points along `path` (up to `end`, which lies on it)
// stepping back from `end` toward the start in 0.05" steps, `end` first, the start last. Used
// when the dice would leave a unit on top of another or off the table: it stops short instead.
// The part of `path` from its start to `end` (a point on it).
std::vector<Vec2> walked_prefix(std::span<const Vec2> path, Vec2 end);
std::vector<Vec2> back_off_points(std::span<const Vec2> path, Vec2 end);

}  // namespace sandtable::bg
