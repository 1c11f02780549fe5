#pragma once
// Rookie Rules artillery and mortars (../shared/rules/rookie-rules.md section 13): plotting an
// impact point, the template each weapon uses and its shape, the impact (drift) roll, who is under
// a template, the chart column a template attack uses, minimum ranges and when all this happens.
// Pure: die faces are parameters, no I/O, no state.
//
// Rule IDs: RR-ART-01..07, RR-EX-06, RR-EX-07, GAP-RR-ART-03/04/05/07.
#include <array>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geom/arcs.h"
#include "engine/geom/shapes.h"
#include "engine/geom/vec.h"
#include "engine/rulesets/rookie/rr_types.h"

namespace sandtable::rr {

// ---------------------------------------------------------------------------------------------
// Firing-chart columns as ff bands, so the game can feed them to the chart (rr_fire_chart).

// An inclusive ff band that is one firing-chart column; hi == kOpenFf for "61+".
inline constexpr int kOpenFf = std::numeric_limits<int>::max();
struct WeaponFfBand {
  int lo = 0;
  int hi = 0;
  // The ff to look the column up with (any ff of the band lands in the same column).
  constexpr int ff() const { return lo; }
  constexpr bool contains(int ff) const { return ff >= lo && ff <= hi; }
  constexpr bool operator==(const WeaponFfBand&) const = default;
};

// ---------------------------------------------------------------------------------------------
// When (RR-ART-02, RR-SEQ-01, RR-AIR-04)

// The moments of a turn that air and artillery rules care about, in RR-SEQ-01 order.
enum class TurnWindow {
  kPlotting,          // step 1: written plots of aircraft and off-board fire
  kFirstCommand,      // step 2
  kFirstSequence,     // step 3
  kBetweenSequences,  // step 4: aircraft attacks and off-table artillery
  kSecondCommand,     // step 5
  kSecondSequence,    // step 5
  kEndOfTurn,         // step 6: morale; aircraft arrival check (RR-SEQ-03)
};

// RR-ART-01: off-board impact points are written before the turn (step 1).
constexpr bool off_board_fire_plotted_in(TurnWindow w) { return w == TurnWindow::kPlotting; }
// RR-ART-02: off-board artillery (and air strikes) resolve between the two card sequences.
constexpr bool off_board_fire_resolves_in(TurnWindow w) { return w == TurnWindow::kBetweenSequences; }

// ---------------------------------------------------------------------------------------------
// Plotting (RR-ART-01, RR-EX-06)

// The table: x runs along its length, y along its width, both in inches from a corner.
struct TableSize {
  double length = 0;
  double width = 0;
};

// A plotted point, or the sentence saying why it cannot be used.
struct PlotCheck {
  std::optional<std::string> refusal;
  geom::Vec2 point;
};

// Feet and inches to inches: RR-EX-06's 3'6" is feet_and_inches(3, 6) == 42.
constexpr double feet_and_inches(double feet, double inches) { return feet * 12 + inches; }

// RR-ART-01: a point written as a distance along the length and one along the width. Points on
// the table's edge are on the table; anything beyond it (or not a finite number) is refused.
PlotCheck check_plot(const TableSize& table, double along_length, double along_width);

// RR-ART-01 as written by a player: two distances separated by a comma and/or spaces, the first
// along the length. Each is inches ("42", "42.5", "42\"") or feet and inches ("3'6\"", "3'").
// Example (RR-EX-06): "3'6\" 3'" and "42, 36" both give (42, 36) on a 84 x 72 table.
PlotCheck parse_plot(const TableSize& table, std::string_view text);

bool on_table(const TableSize& table, geom::Vec2 p);

// ---------------------------------------------------------------------------------------------
// Templates (RR-ART-03, GAP-RR-ART-03)

enum class StrikeTemplate { kA, kB, kC, kD };

enum class ArtilleryWeapon {
  kLightArtillery,
  kMediumArtillery,
  kHeavyArtillery,
  kLightMortar,
  kMediumMortar,
  kHeavyMortar,
};

// RR-ART-03: heavy artillery A or B (player's choice); medium artillery and heavy mortars C;
// light artillery and the other mortars D only. Returned in A..D order.
std::vector<StrikeTemplate> allowed_templates(ArtilleryWeapon weapon);
// Why `weapon` may not use `chosen` (nullopt when it may).
std::optional<std::string> template_refusal(ArtilleryWeapon weapon, StrikeTemplate chosen);
// RR-ART-03: only heavy artillery asks the player to pick a template.
bool template_is_players_choice(ArtilleryWeapon weapon);

std::string template_name(StrikeTemplate t);  // "template A"

// GAP-RR-ART-03 (the template image was lost): A 12" x 4" rectangle, B 10" x 6" rectangle,
// C 6" diameter circle, D 3" diameter circle.
struct TemplateSize {
  bool round = false;
  double length = 0;    // rectangles: along the orientation; circles: the diameter
  double width = 0;     // rectangles: across it; circles: the diameter
};
// GAP-RR-ART-03, indexed by StrikeTemplate.
inline constexpr std::array<TemplateSize, 4> kTemplateSizes = {{
    {false, 12.0, 4.0},  // A
    {false, 10.0, 6.0},  // B
    {true, 6.0, 6.0},    // C
    {true, 3.0, 3.0},    // D
}};
constexpr TemplateSize template_size(StrikeTemplate t) { return kTemplateSizes[static_cast<int>(t)]; }

// A template on the table: its centre and (rectangles) the direction of its length. The
// orientation of a round template is irrelevant.
struct PlacedTemplate {
  StrikeTemplate kind = StrikeTemplate::kD;
  geom::Vec2 centre;
  geom::Facing orientation;
};

// RR-ART-04: "move the attack template to the final point keeping its orientation".
constexpr PlacedTemplate moved_to(PlacedTemplate t, geom::Vec2 centre) {
  t.centre = centre;
  return t;
}

// The template's outline: a rectangle (A, B), or nullopt for a round one (see template_circle).
std::optional<geom::Polygon> template_rectangle(const PlacedTemplate& t);
std::optional<geom::Circle> template_circle(const PlacedTemplate& t);

// Under the template: a point inside it or on its edge; a footprint (stand base, hull) any part
// of which is inside the template or touches its edge (as geom's under_ring for blast rings).
bool under_template(const PlacedTemplate& t, geom::Vec2 p);
bool under_template(const PlacedTemplate& t, const geom::Polygon& footprint);

// Any part of a touches b (interiors meet, or their boundaries touch within kEps). Any simple
// polygons.
bool footprints_touch(const geom::Polygon& a, const geom::Polygon& b);
// The two segments meet (cross or touch within kEps).
bool segments_touch(geom::Segment s, geom::Segment t);

// ---------------------------------------------------------------------------------------------
// Impact roll (RR-ART-04, GAP-RR-ART-04)

// The impact roll read: on target, or the drift sector 5, 6, 7, 8, 9 or 0.
struct ImpactReading {
  int value = 0;          // the d10 (0 read as 10) plus modifiers
  bool on_target = false;
  int sector = 0;         // 5..9 or 0 when drifting; meaningless on target
};

// RR-ART-04 / GAP-RR-ART-04: d10 face 0..9 (0 is the "0" sector, i.e. 10) plus the modifier
// (aircraft, RR-AIR-08). 1-4 on target, modified results below 1 also on target; 5-9 drift to
// that sector; 10 or more drift to sector 0. Throws std::invalid_argument for a face outside 0..9.
ImpactReading read_impact_roll(int d10_face, int modifier = 0);

// GAP-RR-ART-03: the impact rose has six 60-degree sectors numbered 5, 6, 7, 8, 9, 0 clockwise.
// Sector 5 is centred on the direction away from the firer (an over), 8 on the direction back
// toward him (a short); 6/7 are to the right of the line of fire, 9/0 to the left. Returns the
// direction of the sector's centre; throws for a sector not in {5..9, 0}.
geom::Facing drift_direction(geom::Facing away_from_firer, int sector);

// The direction away from the firer for a firer at `firer` aiming at `aim`.
inline geom::Facing away_from_firer(geom::Vec2 firer, geom::Vec2 aim) { return geom::Facing::toward(firer, aim); }

struct ImpactOutcome {
  ImpactReading reading;
  int drift_inches = 0;  // GAP-RR-ART-04: 1d6 inches; 0 on target
  geom::Vec2 point;      // the final impact point
};

// RR-ART-04 / GAP-RR-ART-04 in one call: the d6 face (1..6) is the drift distance in inches and
// is ignored (may be 0) when the reading is on target. Throws for bad faces.
ImpactOutcome resolve_impact(geom::Vec2 aim, geom::Facing away_from_firer, int d10_face, int modifier,
                             int d6_face);

// ---------------------------------------------------------------------------------------------
// Effect (RR-ART-05, GAP-RR-ART-05)

// GAP-RR-ART-05: the chart column a template attack by this weapon uses: light artillery 41-45,
// medium artillery and heavy mortar 51-55, heavy artillery 61+, light mortar 21-25, medium
// mortar 36-40 (the weapon's own RR-UNIT-04 band).
WeaponFfBand template_attack_band(ArtilleryWeapon weapon);

// RR-MOR-01 (2): artillery, medium or heavy mortars and air strikes force a morale check on
// every unit attacked; a light mortar does not (its targets test only if they take a casualty).
bool template_attack_forces_morale(ArtilleryWeapon weapon);

// One unit's stands (their footprints), in the game's own order.
using UnitStands = std::vector<geom::Polygon>;

// The indices of the units with any stand under the template (under_template), in input order.
std::vector<int> units_under(const PlacedTemplate& t, std::span<const UnitStands> units);

// RR-ART-05: each unit under the template is attacked ONCE on the band's column (with its own
// cover and armour shifts, added by the game), then checks morale at once if the attack forces it.
struct TemplateAttack {
  int unit = 0;             // index into the units passed in
  WeaponFfBand band;
  bool mandatory_morale = true;
};
std::vector<TemplateAttack> template_attacks(const PlacedTemplate& t, WeaponFfBand band, bool forces_morale,
                                             std::span<const UnitStands> units);

// ---------------------------------------------------------------------------------------------
// On-table fire (RR-ART-06, RR-ART-07, GAP-RR-ART-07)

// RR-ART-06: on-table artillery is direct fire without templates; RR-ART-07: on-table mortars use
// their template.
constexpr bool uses_template_on_table(ArtilleryWeapon w) {
  return w == ArtilleryWeapon::kLightMortar || w == ArtilleryWeapon::kMediumMortar ||
         w == ArtilleryWeapon::kHeavyMortar;
}

// The printed minimum ranges (RR-ART-06 artillery 8.1"; RR-ART-07 mortars light 8.1", medium
// 25.1", heavy 75.1"). Like the RR-FIRE-06 range bands (0-8, 8.1-25, ...), "8.1" names the band
// that starts past 8": a target is far enough when it is MORE than 8" (25", 75") away.
double printed_minimum_range(ArtilleryWeapon weapon);
// The distance a target must be beyond: 8, 25 or 75 inches.
double minimum_range_exceeds(ArtilleryWeapon weapon);
// Why an on-table weapon may not fire at this range (nullopt when it may).
std::optional<std::string> minimum_range_refusal(ArtilleryWeapon weapon, double range_in);

// GAP-RR-ART-07: an on-table mortar firing at a target it has not observed takes the blind-fire
// shift: 3 columns left (returned as a count of columns left).
constexpr int mortar_blind_fire_left(bool target_observed) { return target_observed ? 0 : 3; }

}  // namespace sandtable::rr
