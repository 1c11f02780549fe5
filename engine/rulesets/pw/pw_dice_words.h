#pragma once
// What each Portable Wargame die did, in the words the dice tray shows beside its face: the
// score it needed and the result, e.g. "hit (needed 4+)". Set on the dice rolled (the
// Context's pending dice) before the event that carries them is emitted.
#include <string>
#include <vector>

#include "sandtable/v1/common.pb.h"

namespace sandtable::pw {

namespace pb = ::sandtable::v1;

// "needed 4+": the least face that does it with the modifiers counted in.
std::string needed_words(int face);

// PW-FIRE-05: each die scoring 5+ after the modifier hits; with one hit a volley
// (pw.mg_hits_per_die off) the hitting dice after the first are said to count for nothing.
void tell_fire_dice(std::vector<pb::DieRoll>& dice, int modifier, bool every_hit_counts);

// PW-CC-03: a unit rolls for itself and is hit unless its score reaches `not_hit`.
void tell_close_combat_die(pb::DieRoll& die, int modifier, int not_hit, bool hit);

// PW-HIT-01: 1..lose_max loses a strength point, above it the unit may retreat instead.
void tell_hit_die(pb::DieRoll& die, int lose_max, bool lose);

// PW-ART-07: where the shot falls; on target needs 5+ after the modifier.
void tell_fall_die(pb::DieRoll& die, int modifier, const std::string& fall);

}  // namespace sandtable::pw
