#pragma once
// Helpers of the special rules that other areas use (shooting: smoke and night sight; views:
// hidden minefields). Implemented in bg_special.cc, bg_mines.cc and bg_artillery.cc.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rulesets/bg/bg_internal.h"
#include "sandtable/v1/command.pb.h"

namespace sandtable::bg {

// BG-SMK-04: no shooting into or through smoke: does the sight line a-b touch any smoke?
bool smoke_blocks(const BgState& st, Vec2 a, Vec2 b);
// BG-LOS-06 / BG-FLR-02/03: the sight limit in inches at night when the table is not lit
// (12"), or nullopt when sight is unlimited (day, or lit by a flare this turn).
std::optional<double> night_sight_limit(const BgState& st);

// BG-SMK-01/02: the handler's checks of a smoke line (do_lay_smoke refuses with them).
Check check_lay_smoke(const BgState& st, int side, const pb::BgLaySmoke& c);
// BG-MINE-10: the handler's checks of an engineers' clearing (do_clear_mines refuses with them).
Check check_clear_mines(const BgState& st, int side, const pb::BgClearMines& c);

// GAP-BG-MINE-03: shortest distance (inches) from any figure base / hull of the unit to the
// minefield's edge (0 when touching or inside).
double distance_to_minefield(const BgState& st, const Unit& u, const Terrain& mine);

// ---- where a move meets a minefield (bg_mines_path.cc) ----
// BG-MINE-08: a unit with a figure (or hull) on a live part of a minefield its side knows, that
// stays still, may not even change facing.
Check check_trapped_turn(const BgState& st, const Unit& u, Facing end);
// The minefield its side knows that traps the unit (BG-MINE-08, as check_trapped_turn), or null.
const Terrain* trapped_in(const BgState& st, const Unit& u);
// Inside the minefield and on no cleared strip (BG-MINE-09/10).
bool live_point(const Minefield& m, const geom::Polygon& area, Vec2 p);
struct MinePassage {
  double live_length = 0;           // inches of the path inside, off cleared strips (GAP-BG-MINE-06)
  std::optional<double> first_mid;  // arc length to the middle of the first live stretch
};
MinePassage mine_passage(const Minefield& m, const geom::Polygon& area, std::span<const Vec2> path);
// The point at arc length s along the polyline (its end when s is past it).
Vec2 point_along(std::span<const Vec2> path, double s);
// BG-MINE-09: the strips a hull of this length and width sweeps along the path, one per leg.
std::vector<geom::Polygon> swept_strips(std::span<const Vec2> path, double length, double width);

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
// A mission's shape: a fire-system row (GAP-BG-ART-06), "smoke" (BG-SMK-05) or "flare" (BG-FLR-03).
struct MissionKind {
  int blasts = 1;
  int dice = 2;
  bool smoke = false;
  bool flare = false;
};
std::optional<MissionKind> mission_kind(std::string_view system);
// BG-ART-03/05: exactly the mission's aim points, on the table, pairwise within 6".
Check check_aims(const BgState& st, const FireMission& fm, std::span<const pb::Point> aims);
// Drift, then blasts (BG-ART-02..07), smoke circles (BG-SMK-05) or a flare (BG-FLR-03); marks
// the mission done.
void resolve_mission(Context& ctx, BgState& st, const FireMission& mission, std::span<const pb::Point> aims);
// ---- scheduled strikes (bg_special_strikes.cc, bg_special_scenario.cc) ----
// BG-ART-01: scenario checks of scheduled strikes; error or nullopt (minefield shapes: terrain_problem).
std::optional<std::string> check_special_scenario(const pb::Scenario& s);
// BG-MINE-01 / BG-EX-13: the minefield's listed shape ("2x12", "3x8", "4x6", "circle 5.5") and its
// area in square inches, or an error sentence.
struct MinefieldShape {
  std::string name;
  double area = 0;
};
std::optional<std::string> minefield_shape(const pb::TerrainFeature& t, MinefieldShape* out);
// Adds the scenario's scheduled strikes to the state's missions (secret until they land).
void read_strikes(const pb::Scenario& s, BgState& st);
// BG-ART-01: scheduled strikes of this turn land (special-actions phase).
void land_strikes(Context& ctx, BgState& st);
// The random bot's BgPlanStrike for one of its side's unwritten strikes (aimed at an enemy unit).
void plan_candidates(const BgState& st, int side, const std::string& seat, std::vector<pb::Command>& out);

// The side that owes aim points for a mission, or -1.
int side_owing_aim(const BgState& st);

}  // namespace sandtable::bg
