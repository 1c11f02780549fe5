#pragma once
// Formation and end-of-move helpers shared by infantry, cavalry and mount moves (bg_move_util.cc).
#include <string>
#include <utility>
#include <vector>

#include "engine/rulesets/bg/bg_internal.h"

namespace sandtable::bg {

using Formation = std::vector<std::pair<std::string, Vec2>>;  // figure id -> place

// Living figures that move with the unit (a horse-holder stays with the horses, BG-CAV-05).
Formation current_formation(const Unit& u);
// The declared end formation, in the unit's figure order (already checked).
Formation declared_formation(const Unit& u, const google::protobuf::RepeatedPtrField<pb::BgFigurePlace>& f);
// Every moving figure exactly once, finite places.
Check check_formation(const BgState& st, const Unit& u, const google::protobuf::RepeatedPtrField<pb::BgFigurePlace>& f,
                      std::vector<Vec2>* placed);

struct MoveOutcome {
  double allowance = 0;    // after bonuses, facing cost and the 1" minimum
  double facing_cost = 0;  // BG-MOVE-08
  double used = 0;
  bool reached = false;
  Vec2 end;
  Formation figures;
  std::vector<std::string> notes;
};
// BG-MOVE-03/04/08/09: deduct the facing cost, keep at least 1", walk the path, place the
// formation with its centroid on the point reached.
Check move_along(const BgState& st, const Unit& u, const std::vector<Vec2>& path, Facing end_facing, double allowance,
                 const Formation& formation, MoveOutcome* out);
// BG-MOVE-01 cohesion, on the table, not on top of the enemy.
Check check_end_position(const BgState& st, const Unit& u, const Formation& figures);
// Gap between two square bases (edge to edge) in the frame of `facing`.
double base_gap(const BgState& st, Vec2 a, Vec2 b, Facing facing);
// Some figure of a within 1" (base edge to base edge) of some figure of b (BG-COMB-03).
bool units_touch(const BgState& st, const Unit& a, const Unit& b);
// BG-TER-10: at most 2 units and 18 figures per building.
Check check_building_room(const BgState& st, const Unit& u, const std::string& building);
[[noreturn]] void reject_building(const std::string& name);

}  // namespace sandtable::bg
