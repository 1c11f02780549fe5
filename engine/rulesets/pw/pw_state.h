#pragma once
// Portable Wargame 19th century (square grid): the game state as plain C++. It changes only
// in PortableWargame::apply (pw_apply.cc); handlers compute and emit events. Snapshots save it
// field by field (pw_save.cc): a field added here is saved there too, or rebuilt from the scenario.
#include <optional>
#include <string>
#include <vector>

#include "engine/geom/grid.h"
#include "engine/model/game_state.h"
#include "engine/model/gm_terrain.h"

namespace sandtable::pw {

using grid::Facing;
using grid::Sq;

enum class UnitType {
  kInfantry,
  kDismountedCavalry,
  kMountedCavalry,
  kMachineGun,
  kArtillery,
  kTransport,
  kCommander,
};

enum class ArtilleryKind { kNone, kHeavy, kMedium, kField, kMountain };
enum class Quality { kElite, kAverage, kPoor };

enum class Phase {
  kArtilleryPlanning,  // both sides give artillery orders (PW-SEQ-01 step 1)
  kArtilleryEffects,   // every battery has fired; hits are being resolved (PW-ART-01)
  kActivation,         // the active side activates units (steps 3 and 4)
  kOver,
};

// Terrain of one square, as data.
struct Cell {
  bool woods = false;
  bool town = false;          // built-up area
  bool fortification = false;
  bool river = false;         // impassable unless also a ford (PW-TER-05)
  bool ford = false;          // a river square that may be entered
  bool road = false;
  bool wire = false;          // changes in play (PW-TER-06)
  bool trench = false;
  int level = 0;              // hill level
};

struct Unit {
  std::string id;
  std::string name;
  int side = 0;  // index into PwState::sides / side_state
  UnitType type = UnitType::kInfantry;
  ArtilleryKind artillery = ArtilleryKind::kNone;
  Quality quality = Quality::kAverage;
  Sq sq;
  Facing facing = Facing::kNorth;
  int sp = 0;
  int max_sp = 0;  // initial SP
  bool alive = true;

  // This turn (reset by PwTurnStarted).
  bool activated = false;
  bool moved = false;         // used its move, including turning in place (PW-MOVE-03)
  int squares_moved = 0;      // squares actually moved (for "has not moved" +1, PW-FIRE-06)
  int move_allowance = 0;     // allowance of the move it made (for PW-MOVE-05)
  bool fired = false;         // fired this turn (small arms or artillery)
  bool cc_done = false;       // has fought its close combat (a follow-up advance allows another)
  bool busy = false;          // spent the turn on a stationary action (limber, wire, ...)
  int trench_entered_turn = -1;  // crossing a trench in the turn it entered (PW-TER-07)

  std::string carried_by;  // transport towing or carrying this unit
  std::string carrying;    // unit this transport tows or carries

  // Artillery: the square fired at this turn and last turn (PW-ART-07 +1, GAP-PW-ART-09).
  std::optional<Sq> target_this_turn;
  std::optional<Sq> target_last_turn;
};

struct ArtilleryOrder {
  std::string unit_id;
  Sq target;
};

struct PendingHit {
  std::string unit_id;
  int hits = 0;
  std::string cause;
};

// A close-combat winner that may advance into the vacated square (PW-CC-05).
struct FollowUp {
  std::string attacker;
  Sq square;  // the defender's square
};

struct SideState {
  std::string id;
  std::string name;
  int initial_sp = 0;
  int sp_lost = 0;
  int exhaustion_point = 0;   // ceil(initial_sp / 3) (PW-EXH-01)
  bool exhausted = false;
  int exhausted_turn = 0;
  bool plan_due = false;      // its artillery plan is awaited this turn
  bool plan_given = false;
  std::vector<ArtilleryOrder> plan;  // hidden from the other side until fired
  int activation_dice = 0;    // dice rolled this turn
  int activations_left = 0;
  bool finished = false;      // its activation half is over this turn
};

// Scenario switches (documented in docs/rulesets/portable-wargame.md).
struct Options {
  bool mg_hits_per_die = true;   // "pw.mg_hits": "per_die" | "one"
  bool ties_reroll = true;       // "pw.initiative_ties": "reroll" | "previous_first"
  bool cc_follow_up = true;      // "pw.cc_follow_up": "same_activation" | "none"
  bool cc_commander_same_square = false;  // "pw.cc_commander_same_square": "off" | "on"
};

struct PwState : StateBase<PwState> {
  int cols = 0;
  int rows = 0;
  std::vector<Cell> cells;  // row-major, cols * rows
  std::vector<Unit> units;  // destroyed units stay with alive = false
  std::vector<SideState> side_state;
  Options options;
  int max_turns = 0;

  int turn = 0;
  Phase phase = Phase::kArtilleryPlanning;
  int first_side = -1;       // initiative winner this turn ("Side A")
  int previous_first = -1;   // last turn's first side
  int active_side = -1;
  std::string active_unit;   // the unit currently activated
  std::vector<PendingHit> hits;       // hits still to roll, front first
  std::optional<FollowUp> follow_up;
  // The table's terrain features (the wire apart: it is in the cells) once the GM has laid or
  // removed one (GmTerrain); unset, they are the scenario's. The cells follow it.
  std::optional<TerrainList> gm_terrain;

  bool on_board(Sq s) const { return s.col >= 0 && s.row >= 0 && s.col < cols && s.row < rows; }
  const Cell& cell(Sq s) const { return cells[static_cast<std::size_t>(s.row * cols + s.col)]; }
  Cell& cell(Sq s) { return cells[static_cast<std::size_t>(s.row * cols + s.col)]; }

  Unit* find(const std::string& id);
  const Unit* find(const std::string& id) const;  // alive or not
  const Unit* alive_unit(const std::string& id) const;
  int side_index(const std::string& side_id) const;  // -1 if unknown
  // Living units in a square (towed/carried units included).
  std::vector<const Unit*> units_at(Sq s) const;
  bool enemy_at(Sq s, int side) const;
  bool any_unit_at(Sq s) const;
};

}  // namespace sandtable::pw
