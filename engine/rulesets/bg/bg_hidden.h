#pragma once
// BG-UNIT-09: hidden units in the way of a move. Orders are checked as if the other side's hidden
// units were not there (a refusal naming one would reveal it); when the dice carry a unit into
// one, the mover stops short of it and the hidden unit is revealed: it has been found.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_move_util.h"

namespace sandtable::bg {

// The other side's hidden units that the walked path (path legs of the mover's centre), the end
// formation (infantry) or the end hull (vehicles) would touch, in state order.
std::vector<std::string> hidden_touched(const BgState& st, const Unit& mover, std::span<const Vec2> walked,
                                        const Formation& figures, const std::optional<geom::Polygon>& hull);

// The other side's hidden units holding `building` (BG-TER-08..10): a move that would occupy it
// runs into them, as into their figures.
std::vector<std::string> hidden_in_building(const BgState& st, const Unit& mover, const std::string& building);

// Emits the reveal of each unit the mover ran into.
void reveal_ran_into(Context& ctx, const std::vector<std::string>& ids);

}  // namespace sandtable::bg
