#pragma once
// Rookie Rules (free table, a card per unit): the game state as plain C++. It changes only in
// RookieRules::apply (rr_apply.cc); handlers compute and emit events. Snapshots save what play
// changes (rr_save.cc); the table, the unit types and the options are rebuilt from the scenario.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/geom/shapes.h"
#include "engine/model/game_state.h"
#include "engine/model/gm_terrain.h"
#include "engine/rulesets/rookie/activation_deck.h"
#include "engine/rulesets/rookie/rr_types.h"

namespace sandtable::rr {

using geom::Polygon;
using geom::Vec2;

// What a unit is, for the rules that ask (RR-UNIT-01): a squad, a leader (command element), a
// crew-served weapon, a vehicle, a sniper or a bunker.
enum class Kind { kSquad, kLeader, kWeapon, kVehicle, kSniper, kBunker };

// The scenario's terrain kinds (docs/rulesets/rookie-rules.md "Terrain"): each has a cover
// class (RR-FIRE-07) and a movement row (RR-MOVE-02).
enum class TerrainKind {
  kOpen, kMud, kLightWoods, kWoods, kSteepSlope, kSlope, kBuilding, kBuiltUp, kRubble,
  kBrush, kDitch, kTrench, kRoad, kTrail, kWire, kHill, kOther
};

struct Terrain {
  TerrainKind kind = TerrainKind::kOther;
  std::string name;
  Polygon area;
};

// What the scenario fixes: shared by every copy of the state.
struct Table {
  double width = 0;
  double height = 0;
  std::vector<Terrain> terrain;
};

// Scenario switches (docs/rulesets/rookie-rules.md "Switches").
struct Options {
  bool hide_unspotted = false;   // "rr.fog": "flagged" (default) | "hidden" (RR-OBS-02)
  bool japanese_charge = false;  // "rr.japanese": "off" | "on" (GAP-RR-MOR-03)
};

struct Unit {
  std::string id;
  std::string name;
  std::string type;          // the scenario's type key (rr_tables.h)
  int side = 0;
  Kind kind = Kind::kSquad;
  TroopClass troop = TroopClass::kC;
  ArmourClass armour = ArmourClass::kNone;
  int original_figures = 1;  // RR-UNIT-02; morale counts casualties against it (GAP-RR-MOR-05)
  int figures = 1;
  int ff_per_figure = 3;     // RR-UNIT-03
  int weapon_ff = 0;         // crew-served and vehicle weapons (RR-UNIT-04); 0 = figures x ff
  bool specialist = false;   // RR-OBS-04
  bool camouflaged = false;  // RR-OBS-04
  bool aa_gun = false;       // RR-AIR-05: an AA gun (50 % a shot at aircraft)
  Vec2 pos;
  double facing_deg = 0;
  Marker marker = Marker::kNone;
  bool alive = true;
  std::vector<int> spotted_by;  // side indexes that have spotted it (RR-OBS-01/02/05)
  // This card sequence.
  bool fired = false;
  bool moved = false;
  bool tested = false;       // took a voluntary morale test this turn (RR-MOR-02)
  // RR-FUNC-03: a heavy weapon packed for moving (it cannot fire), and the functions spent this
  // turn setting it up or taking it down.
  bool packed = false;
  int set_up_functions = 0;
  int set_up_turn = 0;
  // Vehicle damage (RR-ARM-04).
  bool immobile = false;
  bool one_function = false;
  // RR-MOVE-08..10: stuck until it breaks free; the card sequence (turn * 2 + sequence) of its last
  // breakdown roll, one a sequence.
  bool stuck = false;
  int breakdown_sequence = 0;
  // RR-ARM-04: a marker placed only until its next chance to act, and the one it goes back to.
  Marker temporary_marker = Marker::kNone;
  Marker underlying_marker = Marker::kNone;
  bool temporary_armed = false;  // that chance to act has begun: the marker goes when it ends
  // Snipers (RR-SNIP-02): turns in which it fired, and the last.
  int sniper_fire_turns = 0;
  int last_fire_turn = 0;

  // RR-UNIT-03/04: the unit's current firing factor.
  int ff() const { return weapon_ff > 0 ? (figures > 0 ? weapon_ff : 0) : figures * ff_per_figure; }
  bool spotted(int by_side) const;
};

struct Objective {
  std::string name;
  Vec2 point;
  double radius = 3;
  int points = 1;
};

// An off-table battery a side may plot fire for (RR-ART-01), from the scenario.
struct Battery {
  std::string id;
  std::string name;
  int side = 0;
  std::string weapon;  // "light_artillery", "medium_artillery", "heavy_artillery", "medium_mortar", "heavy_mortar"
};

struct Plot {
  int side = 0;
  std::string battery_id;
  Vec2 point;
  std::string template_kind;
  double orientation_deg = 0;
};

// Where a plotted strike landed this turn (RR-ART-04), kept to draw until the turn ends.
struct Strike {
  int side = 0;
  std::string battery_id;   // or the aircraft's id
  std::string name;         // an aircraft's name (a battery's comes from the scenario)
  Vec2 landed;
  std::string template_kind;
  double orientation_deg = 0;
};

// A side's air support from the scenario (RR-AIR-01): what arrives and how often.
struct AirSupport {
  int side = 0;
  std::string name;
  std::string kind;    // rr_air.h AircraftKind, by its scenario key
  std::string attack;  // rr_air.h AirAttack, by its scenario key
  int rating = 0;
  int sorties = 0;     // 0 = no limit
  int base_chance = 35;
  int step = 10;
};

// An aircraft that arrived (RR-AIR-01): on call until its side plans its run (RR-AIR-02), on the
// table from the first card sequence, attacking between the sequences (RR-AIR-04/07).
struct Aircraft {
  std::string id;
  int side = 0;
  int support = 0;     // index into RrState::air
  Vec2 aim;
  double heading_deg = 0;
  bool planned = false;
  bool on_table = false;
  std::vector<Vec2> path;
  int airframe_hits = 0;      // RR-AIR-06
  int location_modifier = 0;  // RR-AIR-06 results 3 and 4
  bool out = false;           // crashed, leaving, or forced off: it attacks no more
};

// A minefield of the scenario (RR-MINE-01): hidden from the other side until found.
struct Mines {
  int side = 0;
  Vec2 centre;
  double flats_deg = 0;
  bool found = false;
};

enum class Phase { kPlot, kCommand, kCards, kStrikes, kMorale };

struct RrState : StateBase<RrState> {
  std::shared_ptr<const Table> table;
  // The features once the GM has laid or removed one (rr_edit_table.cc): the table's terrain is
  // built from it, and the view lists it in place of the scenario's.
  std::optional<TerrainList> gm_terrain;
  std::vector<std::string> side_names;
  std::vector<Unit> units;  // removed units stay with alive = false
  std::vector<Objective> objectives;
  std::vector<std::string> holders;  // side id holding each objective, "" = nobody
  std::vector<Battery> batteries;
  Options options;
  int max_turns = 10;

  int turn = 0;
  Phase phase = Phase::kCommand;
  int sequence = 1;          // 1 or 2 (RR-SEQ-01)
  int phase_side = 0;        // whose part of the plot, command or morale phase it is
  std::optional<ActivationDeck> deck;
  Pcg32 deck_rng;            // the deck's own stream, so shuffles never move the dice
  std::string active_unit;   // the unit acting on the turned card
  int functions_left = 0;    // RR-CARD-05
  std::vector<std::string> fired_at;  // this activation's targets (RR-FIRE-08)
  bool split = false;        // its first shot said the second goes elsewhere (RR-FIRE-08)
  std::vector<Plot> plots;      // this turn's secret plots, one per battery at most
  std::vector<Strike> strikes;  // this turn's strikes, where they landed
  std::vector<Mines> minefields;
  bool gm_minefields = false;  // the GM has laid or removed one: snapshots keep the whole list
  std::vector<AirSupport> air;
  std::vector<Aircraft> aircraft;
  int failed_checks[2] = {0, 0};  // RR-AIR-01: arrival checks failed in a row, per side
  int sorties[2] = {0, 0};        // aircraft arrived so far, per side
  std::vector<std::string> deciding;

  Unit* find(const std::string& id);
  const Unit* find(const std::string& id) const;
  const Unit* alive_unit(const std::string& id) const;
  const Battery* battery(const std::string& id) const;
  bool has_batteries(int side) const;
  Aircraft* plane(const std::string& id);
  const Aircraft* plane(const std::string& id) const;
  int side_index(const std::string& side_id) const;  // -1 if unknown
  const std::string& side_id(int side) const;
  int other(int side) const { return 1 - side; }
};

}  // namespace sandtable::rr
