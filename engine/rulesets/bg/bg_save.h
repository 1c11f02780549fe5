#pragma once
// Battleground snapshots (bg_save.cc, bg_save_units.cc): BgState to sandtable.v1.BgSavedState
// (proto/sandtable/rulesets/bg/bg_state.proto) and back. Not part of the rule set's API.
#include <string>

#include "engine/rulesets/bg/bg_state.h"
#include "sandtable/rulesets/bg/bg_state.pb.h"

namespace sandtable::bg {

void save_unit(const Unit& u, pb::BgSavedUnit* out);
// Reads one saved unit; the first problem (naming the unit), or empty. `sides` is the number
// of sides; references to other units are checked by the caller once all are read.
std::string load_unit(const pb::BgSavedUnit& in, int sides, Unit* out);

// Helpers both files use.
void save_point(Vec2 v, pb::Point* out);
Vec2 load_point(const pb::Point& p);
inline bool in_range(int v, int lo, int hi) { return v >= lo && v <= hi; }

}  // namespace sandtable::bg
