#pragma once
// Helpers of the special rules that other areas use (shooting: smoke and night sight; views:
// hidden minefields). Implemented in bg_special.cc, bg_mines.cc and bg_artillery.cc.
#include <optional>
#include <string>
#include <vector>

#include "engine/bg/bg_internal.h"

namespace sandtable::bg {

// BG-SMK-04: no shooting into or through smoke: does the sight line a-b touch any smoke?
bool smoke_blocks(const BgState& st, Vec2 a, Vec2 b);
// BG-LOS-06 / BG-FLR-02/03: the sight limit in inches at night when the table is not lit
// (12"), or nullopt when sight is unlimited (day, or lit by a flare this turn).
std::optional<double> night_sight_limit(const BgState& st);

// GAP-BG-MINE-03: shortest distance (inches) from any figure base / hull of the unit to the
// minefield's edge (0 when touching or inside).
double distance_to_minefield(const BgState& st, const Unit& u, const Terrain& mine);

// BG-DMG-01/02 for blasts and mines: kills `hits` distinct figures chosen at random (one D20
// re-rolled while above the number of candidates), saving special figures on the target's own
// hit faces. Emits BgCasualties (and the unit's status when it becomes non-standing).
void random_casualties(Context& ctx, BgState& st, const std::string& unit_id, int hits, const std::string& cause,
                       Vec2 place);

// BG-ART-08: one card of the scenario's artillery deck ("bg.artillery_deck").
struct ArtilleryCard {
  std::string side;    // side id; empty for "reload"
  std::string system;  // fire_system_rows() name
  bool reload = false;
  std::string name() const { return reload ? "reload" : side + ":" + system; }
};
// Parses "bg.artillery_deck" (comma list of side:system or reload); error sentence or nullopt.
std::optional<std::string> artillery_deck(const pb::Scenario& s, std::vector<ArtilleryCard>* out);
// BG-ART-08/09: draws one artillery card (a die picks among the cards not drawn since the
// last reload) and opens its mission (it then waits for BgCallFire from its side).
void draw_artillery_card(Context& ctx, BgState& st, const std::string& why);
// The side that owes aim points for a mission, or -1.
int side_owing_aim(const BgState& st);

}  // namespace sandtable::bg
