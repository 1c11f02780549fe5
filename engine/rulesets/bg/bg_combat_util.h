#pragma once
// Pure pieces of Battleground combat: the dice pool of an attack and its resolution from the
// faces rolled, the vehicle damage tables, the shooter's figure count, protection (red dice),
// flank and LOS. Nothing here rolls or emits; bg_fire.cc does that. Shared with the melee
// helper (the charge test "rolls as if shooting", BG-MEL-01).
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_state.h"
#include "sandtable/v1/common.pb.h"

namespace sandtable::bg {

// The dice of one attack (BG-FIRE-02..07) and what is done to its net hits.
struct DicePool {
  int white = 0;
  int blue = 0;
  int red = 0;
  int hit_from = 5;          // lowest face that hits (GAP-BG-FIRE-01 ladder); 7 = cannot hit
  bool halve = false;        // BG-VEH-02: infantry without HW against armour
  bool double_hits = false;  // BG-VEH-06: main gun against armour
};

struct Resolution {
  int hits = 0;
  int cancels = 0;
  int net = 0;  // after halving / doubling
};

// BG-FIRE-02..05, BG-VEH-02/06. White: hit faces hit, 1s cancel. Blue: hit faces hit, 1s
// ignored. Red: 1s cancel, all else ignored. Net = max(0, hits - cancels), halved (rounded
// down) then doubled. Faces outside 1..6 are not checked here (dice come from the Context).
Resolution resolve(const DicePool& p, std::span<const int> white, std::span<const int> blue, std::span<const int> red);

// The dice tray's reading of a pool (BG-FIRE-02..04): each die not yet told whose label ends
// in "white", "blue" or "red" gets that colour and what its face did ("hit", "cancels a hit",
// "no effect"), as resolve() counted it.
void tell_pool_faces(std::vector<pb::DieRoll>& dice, int hit_from);

// ---- who shoots (BG-FIRE-07, -13, -16, BG-CAV-05, BG-OPT-02/03) ----
enum class TargetClass { kInfantry, kUnarmouredVehicle, kArmouredVehicle, kEmplacement };
TargetClass target_class(const Unit& t);
struct Shooters {
  int figures = 0;   // shooting figures (leaders and HWs included)
  int leaders = 0;
  int hw = 0;        // heavy weapons that count against this target (BG-OPT-02/03)
};
// `range` is the CoM-to-CoM distance, used by BG-OPT-03 (short-ranged AT weapons and flame).
Shooters count_shooters(const Options& o, const Unit& u, TargetClass target, double range);

// BG-FIRE-07 (GAP-BG-FIRE-07): ceil(figures/2) white, +1 white with a leader, +1 blue per HW,
// +1 blue for a flank (BG-FIRE-12), BG-FIRE-11 assault +50% (round up) of the figure dice within
// 6", BG-FIRE-17 +1 white against a road-marked target. Red dice and the hit face are set by
// the caller.
DicePool infantry_dice(const Shooters& s, bool flank, bool assault_in_range, bool target_on_road);

// ---- vehicle damage (BG-VEH-12..14) ----
struct VehicleDamage {
  int total = 0;              // first D6 + net hits
  bool second_roll = false;   // a second D6 was needed
  bool destroyed = false;
  bool immobilized = false;   // newly
  bool half_weapons = false;  // newly
};
// True when the outcome needs a second D6 after `first`.
bool vehicle_needs_second(const Vehicle& v, int net, bool first_kill_barred, int first);
// The outcome given both dice (`second` is ignored when not needed). `first_kill_barred`:
// BG-VEH-12 exception (infantry without HW can never destroy an undamaged armoured vehicle).
VehicleDamage vehicle_damage(const Vehicle& v, int net, bool first_kill_barred, int first, int second);

// ---- the red dice of a target (BG-TER-06, BG-VEH-03, BG-EMP-01, BG-OPT-01/06) ----
struct Protection {
  int red = 0;
  std::vector<std::string> notes;
};
// `from` is the shooter's point (CoM, vehicle hull, building centre); `to` the target's.
Protection protection(const BgState& st, const Unit& target, Vec2 from, Vec2 to, bool overhead = false);

// The terrain a shot from `from` to `to` passes through or ends in, less what the shooter stands
// at the edge of while the target is in the clear (BG-TER-06); walls only when not `overhead`.
std::vector<const Terrain*> terrain_on_line(const BgState& st, Vec2 from, Vec2 to, bool overhead = false);
// Shaffer's plunging fire (BGM-DMG-03, GAP-BGM-DMG-03): the shooter stands on a hill or in a
// building, the target on neither, and it is at most 12" away (a steep line down; ours).
bool plunging(const BgState& st, const Unit& shooter, Vec2 from, const Unit& target, Vec2 to);
inline constexpr double kPlungingReach = 12.0;

// BG-FIRE-09 / BG-TER-09: the point a unit is shot from / at (building centre, hull, CoM).
Vec2 aim_point(const BgState& st, const Unit& u);
// BG-FIRE-12 / BG-VEH-08: a flank shot (never against dug-in, building, emplacement units, or
// with BG-OPT-01 detailed armour against an armoured vehicle).
bool is_flank(const BgState& st, const Unit& target, Vec2 from);

// BG-LOS-01..04/07: the name of what blocks the line from `shooter` to `target`, or nullopt.
std::optional<std::string> los_blocker(const BgState& st, const Unit& shooter, const Unit& target);
// The same rules between two points (los_blocker is this from aim point to aim point): `from`
// and `to` are the units standing at the ends, if any (their own figures, the building they
// hold and a passenger's vehicle never block); `side` is the side looking (-1: nobody's):
// hidden units of other sides are not there for it (BG-UNIT-09), unless `sees_all` (the GM).
std::optional<std::string> sight_blocker(const BgState& st, Vec2 a, Vec2 b, const Unit* from, const Unit* to, int side,
                                         bool sees_all);

}  // namespace sandtable::bg
