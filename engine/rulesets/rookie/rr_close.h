#pragma once
// Rookie Rules close combat and hazards (../shared/rules/rookie-rules.md section 14): figure
// against figure melee, armoured overrun (of enemies, and of friendly infantry when backing up)
// and minefields. Pure: dice come from the caller (a callback or a list of faces), no I/O, no state.
//
// Rule IDs: RR-MEL-01, RR-MEL-02, GAP-RR-MEL-01, RR-OVR-01, RR-OVR-02, RR-MINE-01.
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geom/arcs.h"
#include "engine/geom/shapes.h"
#include "engine/geom/vec.h"
#include "engine/rulesets/rookie/rr_artillery.h"

namespace sandtable::rr {

// ---------------------------------------------------------------------------------------------
// Melee (RR-MEL-01, RR-MEL-02, GAP-RR-MEL-01)

// One stand in a melee: its base and how many figures stand on it (1 for a rifleman's 1" square,
// RR-UNIT-02; a crew-served weapon's stand carries its crew).
struct MeleeStand {
  geom::Polygon footprint;
  int figures = 1;
};

// RR-MEL-01: a stand fights when it is within 1" of an opposing stand (edge to edge; exactly 1"
// is within).
inline constexpr double kMeleeReach = 1.0;

// The gap between two footprints: 0 when they touch or overlap, else the shortest distance.
double footprint_gap(const geom::Polygon& a, const geom::Polygon& b);
bool in_melee_reach(const MeleeStand& a, const MeleeStand& b);

// A figure: its stand's index on its side and its number on that stand.
struct FigureRef {
  int stand = 0;
  int figure = 0;
  bool operator==(const FigureRef&) const = default;
};

struct MeleePair {
  FigureRef a;  // side A's figure
  FigureRef b;  // side B's figure
  bool operator==(const MeleePair&) const = default;
};

// RR-MEL-01 / GAP-RR-MEL-01: every figure on a stand within 1" of an opposing stand is paired with
// an opposing figure on a stand within its reach. First as many one-to-one pairs as the reach
// allows (a maximum matching, figures taken in input order, nearer stands first); then each
// figure still alone is paired with a reachable opponent that has the fewest pairs so far (nearer
// stand, then input order, on a tie), so the outnumbered figure fights each of them.
std::vector<MeleePair> pair_figures(std::span<const MeleeStand> side_a, std::span<const MeleeStand> side_b);

struct MeleeRoll {
  int a = 0;
  int b = 0;
  bool operator==(const MeleeRoll&) const = default;
};

// One pair's fight: the rolls (ties re-rolled, so every roll but the last is a tie) and who won.
struct MeleeFight {
  MeleePair pair;
  std::vector<MeleeRoll> rolls;
  bool a_won = false;
};

struct MeleeResult {
  std::vector<MeleeFight> fights;
  std::vector<int> a_losses_by_stand;  // figures killed on each of side A's stands
  std::vector<int> b_losses_by_stand;
  int a_losses = 0;
  int b_losses = 0;
  int dice_used = 0;
};

// RR-MEL-01: each pair rolls 1d6 each (A's die first), the higher wins and the loser dies; a tie
// is rolled again. Pairs fight simultaneously: a figure in several pairs fights all of them and
// dies (once) if it loses any. `d6` returns faces 1..6 (std::invalid_argument otherwise; also after
// 1000 ties in a row, so a broken die cannot hang the game).
MeleeResult resolve_melee(std::span<const MeleeStand> side_a, std::span<const MeleeStand> side_b,
                          const std::function<int()>& d6);
// The same with the faces listed in the order they are rolled; throws if they run out.
MeleeResult resolve_melee(std::span<const MeleeStand> side_a, std::span<const MeleeStand> side_b,
                          std::span<const int> faces);

// RR-MEL-02 / GAP-RR-MEL-01: melee is declared as part of a move function that brings the unit to
// within 1" of enemy stands, and is resolved at once. nullopt when the declaration stands.
std::optional<std::string> melee_declaration_refusal(bool declared_with_a_move, std::span<const MeleeStand> movers,
                                                     std::span<const MeleeStand> enemies);

// ---------------------------------------------------------------------------------------------
// Overrun (RR-OVR-01, RR-OVR-02)

// RR-OVR-01: the overrun unit is attacked on the 41-45 column with the normal shifts.
inline constexpr WeaponFfBand kOverrunBand{41, 45};

// RR-OVR-01: an armoured vehicle driving through an enemy unit's space overruns it; RR-OVR-02:
// armour forced to back up by fire or morale also overruns FRIENDLY infantry behind it.
bool overrun_applies(bool vehicle_armoured, bool unit_is_friendly, bool unit_is_infantry, bool forced_back_up);

// Does the hull, driven along `centre_path` (its centre's polyline, the hull facing along each
// leg, forward or backing up), pass over the stand? The hull must cover part of the stand's
// interior; grazing its edge is not driving through it. Stands and hulls are convex.
bool hull_passes_over(std::span<const geom::Vec2> centre_path, double hull_length, double hull_width,
                      const geom::Polygon& stand);

// Interiors of two convex polygons overlap (touching edges or corners do not). Throws
// std::invalid_argument for a non-convex polygon.
bool interiors_overlap(const geom::Polygon& a, const geom::Polygon& b);

// ---------------------------------------------------------------------------------------------
// Minefields (RR-MINE-01)

// RR-MINE-01: "12-inch hexes" are taken as 12" ACROSS THE FLATS, as hex sizes are quoted on hex
// maps: every point within 6" of the written centre is mined, and the corners are 12 / sqrt(3)
// (about 6.93") from it.
inline constexpr double kMinefieldAcrossFlats = 12.0;
// RR-MINE-01: a unit entering is attacked on the 16-20 column.
inline constexpr WeaponFfBand kMinefieldBand{16, 20};

// A minefield: its written centre and which way one pair of flats faces (default north = +y, so
// two sides run along the table's length).
struct Minefield {
  geom::Vec2 centre;
  geom::Facing flats;
};

geom::Polygon minefield_hex(const Minefield& field);

// Inside means strictly inside (geom's convention): a point on the edge, a stand touching the edge
// or a path running along it has not entered.
bool in_minefield(const Minefield& field, geom::Vec2 p);
bool footprint_in_minefield(const Minefield& field, const geom::Polygon& footprint);
bool path_enters_minefield(const Minefield& field, std::span<const geom::Vec2> path);

// RR-MINE-01: the centre is written like an artillery impact point (RR-ART-01 parse_plot).
struct MinefieldPlot {
  std::optional<std::string> refusal;
  Minefield field;
};
MinefieldPlot plot_minefield(const TableSize& table, std::string_view text, geom::Facing flats = {});

}  // namespace sandtable::rr
