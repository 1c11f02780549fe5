#pragma once
// One-Hour Wargames WWII (free table): the game state as plain C++. It changes only in
// OneHourWw2::apply (oh_apply.cc); handlers compute and emit events. Snapshots save what play
// changes (oh_save.cc); the table and the options are rebuilt from the scenario.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/geom/shapes.h"
#include "engine/model/game_state.h"
#include "engine/model/gm_terrain.h"

namespace sandtable::oh {

using geom::Facing;
using geom::Polygon;
using geom::Vec2;

enum class UnitType { kInfantry, kMortar, kAtg, kTank };  // OH-UNIT-01
enum class Step { kMortar, kActions, kRally };              // OH-SEQ-01

enum class TerrainKind { kWoods, kTown, kHill, kCornfield, kMarsh, kLake, kRoad, kRiver, kFord, kBridge, kOther };

struct Terrain {
  TerrainKind kind = TerrainKind::kOther;
  std::string name;
  std::optional<Polygon> area;   // every kind but rivers
  std::vector<Vec2> line;        // rivers
};

// What the scenario fixes: shared by every copy of the state (copying a state stays cheap).
struct Table {
  double width = 0;
  double height = 0;
  std::vector<Terrain> terrain;
};

struct Unit {
  std::string id;
  std::string name;
  int side = 0;
  UnitType type = UnitType::kInfantry;
  Vec2 pos;                 // centre of the unique base (OH-UNIT-04)
  Facing facing;
  int hits = 0;             // OH-CONV-05
  int permanent = 0;        // Hits that cannot be rallied off (OH-CONV-06)
  bool alive = true;
  bool dug_in = false;      // OH-RR-04
  bool ready = false;       // OH-RR-03
  // This phase of its side (reset when its side's phase begins).
  bool acted = false;       // fired or rolled to move (OH-RR-01)
  bool fired = false;       // white cotton (OH-FIRE-08)
  bool moved = false;       // dust cloud (OH-MOVE-01)
  // Marching or using the road bonus: enemy fire at it +2 until its side's next phase.
  bool exposed = false;
};

// A unit that rolled to move and has not yet drawn its path (OH-MOVE-01).
struct PendingMove {
  std::string unit_id;
  int allowance = 0;
  bool road_possible = false;
  bool march = false;
};

// Scenario switches (docs/rulesets/one-hour-ww2.md).
struct Options {
  bool average_dice = false;        // "oh.dice": "d6" | "average" (OH-CONV-01)
  int destroyed_at = 15;            // "oh.destroyed_at": "15" | "16" (GAP-OH-CONV-06)
  bool enemy_blocks_los = true;     // "oh.enemy_blocks_los": "on" | "off" (GAP-OH-LOS-03)
  bool hidden_ambush = false;       // "oh.concealed_ready": "untargetable" | "hidden" (GAP-OH-LOS-05)
  bool enforce_priority = false;    // "oh.target_priority": "warn" | "enforce" (OH-FIRE-04)
};

struct Objective {
  std::string name;
  Vec2 point;
  double radius = 3;
  int points = 1;
};

struct OhState : StateBase<OhState> {
  std::shared_ptr<const Table> table;
  std::vector<std::string> side_names;
  std::vector<Unit> units;  // destroyed units stay with alive = false
  std::vector<Objective> objectives;
  std::vector<std::string> holders;  // side id holding each objective, "" = nobody
  Options options;
  int max_turns = 15;                // GAP-OH-SEQ-02
  int attacker = 0;                  // player A, who has the first phase (OH-SEQ-01)

  int turn = 0;
  int phasing = 0;                   // side index of the phase being played
  Step step = Step::kMortar;
  std::optional<PendingMove> pending_move;
  bool ready_window = false;         // the other side may fire with Ready units (OH-SEQ-05)
  std::vector<std::string> deciding; // what decided the game, in words, oldest first
  // The table's terrain features once the GM has laid or removed one (GmTerrain); unset, they
  // are the scenario's. `table` is made again from it.
  std::optional<TerrainList> gm_terrain;

  Unit* find(const std::string& id);
  const Unit* find(const std::string& id) const;
  const Unit* alive_unit(const std::string& id) const;
  int side_index(const std::string& side_id) const;  // -1 if unknown
  const std::string& side_id(int side) const;
  int other(int side) const { return 1 - side; }
  int defender() const { return 1 - attacker; }
};

}  // namespace sandtable::oh
