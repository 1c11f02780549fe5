#pragma once
// Battleground (WWII, card-driven, free table in inches): the game state as plain C++.
// It changes only in Battleground::apply (bg_apply*.cc); handlers compute and emit events.
// Snapshots save it field by field (bg_save*.cc): a field added here is saved there too, or
// rebuilt from the scenario.
// Rule IDs refer to /work/shared/rules/battleground.md. Geometry is engine/geom (inches,
// compass facings, the one tolerance kEps; docs/geometry.md).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_card_play.h"
#include "engine/rulesets/bg/bg_suits.h"
#include "engine/core/boxed.h"
#include "engine/core/rng.h"
#include "engine/geom/arcs.h"
#include "engine/geom/los.h"
#include "engine/geom/shapes.h"
#include "engine/model/game_state.h"
#include "engine/model/gm_terrain.h"
#include "sandtable/rulesets/bg/bg.pb.h"
#include "sandtable/rulesets/bg/bg_event.pb.h"

namespace sandtable::bg {

using geom::Facing;
using geom::Vec2;

// BG-UNIT-07: A best .. D poor. The number is the GAP-BG-COMB-04 averaging value.
enum class Grade { kD = 1, kC = 2, kB = 3, kA = 4 };

// BG-UNIT-02 figure types (scenario vocabulary in brackets, docs/rulesets/battleground.md).
enum class FigureKind : std::uint8_t {
  kRifle,        // "rifle" (a normal figure)
  kLeader,       // "leader"
  kHeavyWeapon,  // "heavy_weapon" (BG-OPT-02 subtypes: "hw_ap", "hw_at", "flame")
  kMedic,        // "medic" (BG-MED-01)
  kEngineer,     // "engineer" (BG-MINE-10; a normal shooter otherwise)
  kHorseHolder,  // "horse_holder" (BG-CAV-05; set when a cavalry unit dismounts)
  kMule,         // "mule" and other non-fighting special figures (BG-EX-07)
  kCrew,         // "crew" (emplacement crews)
};

// BG-OPT-02 specialisation of a heavy weapon figure.
enum class HwRole : std::uint8_t { kGeneral, kAntiPersonnel, kAntiArmour, kFlame };

// Strings first, then the numbers, then the one-byte fields: each room holds every figure of
// its table, so padding is memory per room (docs/PERFORMANCE.md).
struct Figure {
  std::string id;
  std::string from_unit;     // the unit it started in (combining, prisoners, healing)
  std::string melee_weapon;  // BG-MEL-07 optional: "pistol", "sword", "bayonet" (scenario), or none
  // Shaffer's vehicles (BGM-AT-07/10): a heavy-weapon figure's anti-tank weapon ("bazooka",
  // "panzerschreck", "panzerfaust30", "panzerfaust60", "piat") and its penetration; none: empty.
  std::string at_weapon;
  Vec2 pos;
  // BG-MED-02: dead figures stay in the state with where and when they died.
  Vec2 died_at;
  int died_turn = 0;
  int prisoner_of = -1;      // side holding the prisoner
  int stand = 0;             // BG-OPT-04: multi-figure stand number in its unit (0 = none)
  int at_pen = 0;
  // Shaffer's skirmish (profile b, GAP-BGM-GEN-02): light wounds carried (a second is a heavy
  // wound), out of action (HW: alive, a medic's to recover), grenades carried (BGM-ASLT-04).
  int light_wounds = 0;
  int grenades = 0;
  FigureKind kind = FigureKind::kRifle;
  HwRole hw = HwRole::kGeneral;
  bool alive = true;
  bool prisoner = false;     // BG-PRIS-*: a captured enemy figure escorted by this unit
  bool out_of_action = false;
};

enum class UnitKind { kInfantry, kCavalry, kVehicle, kEmplacement };

// Vehicle classes of the tables (bg_tables.h): the scenario `type` of a vehicle unit.
enum class VehicleClass {
  kCar, kTruck, kApc, kHalfTrack, kArmouredCar, kLightTank, kMediumTank, kHeavyTank,
};

enum class WeaponKind { kMachineGun, kLightGun, kHeavyGun, kEmplacement };

struct Weapon {
  std::string id;            // unique within the vehicle, e.g. "mg1", "main"
  WeaponKind kind = WeaponKind::kMachineGun;
  int dice = 2;              // even (BG-VEH-04); halved when the vehicle is damaged
  bool blue = false;
  double range = 12;         // BG-VEH-07
  bool bow = false;          // hull weapon: 90-degree front arc (BG-VEH-10); else turret
  bool main_gun = false;     // BG-VEH-05/06
};

// Shaffer's vehicles (profile a, engine/rulesets/bg/bgm_layer.h): the model of BGM-VEH-05/06
// whose data its d20 anti-tank fire reads, and what that fire has done to it.
struct BgmVehicle {
  std::string model;
  bool jammed = false;            // BGM-GEN-05: the main gun, until an Unjam order
  bool gun_out = false;           // BGM-LOC-06 / BGM-VDMG-05
  bool commander_killed = false;  // BGM-LOC-08: +3 on its shots
  bool heavy_damage = false;      // BGM-VDMG-02: +2 on its rolls
  bool half_movement = false;     // BGM-VDMG-08: engine/suspension damage
  int out_until_turn = 0;         // BGM-VDMG-01: no action until this turn has ended
  int engine_out_until_turn = 0;  // BGM-VDMG-04: immobile until this turn has ended
  int moved_turn = 0;             // the turn of its last move (GAP-BGM-GEN-01 "moved")
  double moved_inches = 0;        // the length of that move (GAP-BGM-AT-08, side aspect)
  std::string last_target;        // GAP-BGM-AT-08: new target / second / subsequent shot
  int shots_at_target = 0;
  bool stabilized = false;        // BGM-AT-09: scenario attribute `stabilized`
  bool open_topped = false;       // BGM-VEH-04: scenario attribute `open_topped`
  int special_rounds = 0;         // BGM-VEH-01 "Pen. Other": scenario attribute `special_rounds=N`
};

// Shaffer's skirmish (profile b): a unit in the recovered turn sequence (BGM-GEN-02).
struct SkirmishUnit {
  int activated_turn = 0;      // the turn its card last came up
  int actions = 0;             // taken since (two per activation)
  bool reaction = false;       // waits on reaction fire until the turn ends (BGM-RF-01)
  bool prone = false;          // BGM-COV-01 target position
  bool broken = false;         // no actions until rallied (GAP-BGM-GEN-02)
  bool suppressed = false;     // its next activation passes (SUP)
  bool jammed = false;         // its small arms (BGM-GEN-05), until an Unjam action
  bool moved_last = false;     // its last action was a move (BGM-SA-04)
  bool moved_before_last = false;  // the one before (BGM-ASLT-08: moved in its last 2 actions)
  bool casualties = false;     // lost a figure since the last morale step
  std::string small_arm = "rifle";  // the group's majority weapon (GAP-BGM-SA-01)
  int leadership = 0;          // its leader's rating while a leader lives (GAP-BGM-GEN-02)
  std::string special;         // step (1)'s order this turn: "opportunity", "ambush", "pinning"
  bool fired_here = false;     // BGM-SFO-03, since it last moved
  bool sighted_here = false;
  bool friend_fired_near = false;
  bool sniper = false;         // BGM-SA-04: scenario attribute `sniper`
  bool unqualified = false;    // BGM-SA-04: scenario attribute `unqualified` (crew-served weapons)
  int crew = 0;                // its figures at the start: "half crew or less" (BGM-SA-04)
};

struct Vehicle {
  VehicleClass cls = VehicleClass::kMediumTank;
  bool wheeled = false;      // BG-VMOV-01/05
  bool armoured = true;      // BG-VEH-03: cars and trucks are not
  int armour = 4;            // red dice (GAP-BG-VEH-03); front/side/rear with BG-OPT-01
  int armour_front = 0, armour_side = 0, armour_rear = 0;
  int move_dice = 3;         // 4 wheeled light, 3 tanks (BG-VMOV-01/02)
  double length = 3.0, width = 1.75;  // hull, inches
  int capacity = 0;          // infantry figures carried (BG-MOVE-15: 6 for trucks/APCs)
  bool mine_clearer = false; // BG-MINE-09
  bool no_forest = false;    // BG-VMOV-09 / GAP-BG-TER-02
  bool heavy = false;        // barred from bridges marked "light" (BG-TER-04)
  std::vector<Weapon> weapons;
  // Damage (BG-VEH-12..14): permanent.
  bool immobilized = false;
  bool half_weapons = false;
  std::vector<std::string> passengers;  // unit ids carried
  std::optional<BgmVehicle> bgm;        // with bg.mods = vehicles
};

struct Emplacement {
  int red = 2;               // MG nest 2, pillbox 3 (BG-EMP-01)
  bool has_weapon = true;    // bunker: none
  int hits = 0;              // BG-EMP-03: 1 = damaged, 2 = destroyed
  bool destroyed = false;
};

// BG-MARK-01: the markers a unit may carry at once (BG-MARK-04).
struct Markers {
  bool ran = false;       // green (BG-MOVE-06)
  bool road = false;      // white (BG-MOVE-07)
  bool dug_in = false;    // brown (BG-MOVE-11)
  bool routing = false;   // red (BG-MOR-04)
  bool melee = false;     // in a melee marked this turn (BG-MEL-04)
};

struct Unit {
  std::string id;
  std::string name;
  int side = 0;              // index into GameState::sides
  UnitKind kind = UnitKind::kInfantry;
  Grade grade = Grade::kC;
  Facing facing;
  std::vector<Figure> figures;  // alive and dead (dead stay for medics)
  Markers markers;

  // Vehicles and emplacements: position is the hull / position centre. Infantry and cavalry:
  // the CoM of living figures (kept in step by apply).
  Vec2 position;
  // Boxed: most units are infantry, and an optional would hold a vehicle's size in every one.
  Boxed<Vehicle> vehicle;
  std::optional<Emplacement> emplacement;
  Boxed<SkirmishUnit> bgs;  // with bg.mods = skirmish

  // Cavalry (BG-CAV-*).
  bool mounted = false;
  bool has_horses = false;          // a horse group stands on the table
  Vec2 horses;                      // where it stands
  std::string horse_holder;         // figure id
  bool horses_released = false;

  std::string carried_by;           // vehicle unit id (BG-MOVE-16)
  std::string building;             // name of the occupied building feature (BG-TER-08..10)

  // Scenario designations.
  bool assault = false;             // BG-FIRE-11 special close-assault troops
  bool smoke = false;               // BG-SMK-01
  bool flares = false;              // BG-FLR-01
  bool passengers_may_shoot = false;// BG-FIRE-14
  std::string pair_with;            // BG-UNIT-08: the other light vehicle of a two-vehicle unit

  bool on_table = true;             // false: a reinforcement not yet arrived (BG-UNIT-10)
  int arrives_turn = 0;
  bool hidden = false;              // BG-UNIT-09
  bool destroyed = false;           // wiped out / vehicle destroyed / emplacement destroyed
  bool prisoner_group = false;      // guards + prisoners (BG-PRIS-01)
  std::string escort_vehicle;       // BG-PRIS-06: prisoners escorted by this vehicle (no guards)
  std::string guards_from;          // BG-PRIS-01: the captor unit whose side still chooses the guards

  // Card bookkeeping: the serial of the last card on which it moved / shot.
  int moved_card = 0;
  int shot_card = 0;
  // Failed charge that may continue on an extra ace move (BG-MEL-18).
  std::string charge_short_of;

  int living() const;                 // living figures (prisoners included)
  int living_fighters() const;        // living, not prisoners
  int count(FigureKind k) const;      // living, not prisoners
  const Figure* figure(const std::string& fid) const;
  Figure* figure(const std::string& fid);
  bool is_vehicle() const { return kind == UnitKind::kVehicle; }
  bool infantry_like() const { return kind == UnitKind::kInfantry || kind == UnitKind::kCavalry; }
};

enum class TerrainKind {
  kWoods, kBrush, kCrops, kHill, kBuilding, kRubble, kHedge, kWall, kFence,
  kRiver, kFord, kBridge, kRoad, kBeach, kWater, kMinefield, kDummyMinefield, kOther,
};

// Terrain as data: an area (polygon or circle as a polygon) or a line (walls, fences, rivers).
struct Terrain {
  std::string name;                  // unique (scenario order gives a default "t<i>")
  TerrainKind kind = TerrainKind::kOther;
  std::optional<geom::Polygon> area;
  std::vector<Vec2> line;            // polyline for linear features
  int red = 0;                       // protection (GAP-BG-TER-06)
  geom::SightRule sight = geom::SightRule::transparent();  // BG-LOS-04
  double move_factor = 1;            // cost per inch inside (2 = halved, BG-TER-02)
  int max_units = 2, max_figures = 18;  // buildings (BG-TER-10)
  bool light_bridge = false;         // closed to heavy vehicles (BG-TER-04)
  std::string owner;                 // secret: only this side (and the GM) sees it (BG-MINE-02)
  int index = 0;                     // position in the feature list (the scenario's, or the GM's)
  bool unnamed = false;              // its name ("t3") was given by the engine, not the scenario
};

// Minefields (BG-MINE-*): the terrain entry plus what each side knows.
struct Minefield {
  std::string terrain;               // name of the Terrain entry
  bool dummy = false;
  std::vector<bool> known_to;        // per side (owner always)
  bool entered = false;              // a unit entered it: everyone (spectators too) knows it, and
                                     // knows a dummy for one (BG-MINE-02/04)
  std::vector<geom::Polygon> cleared;  // strips cleared by engineers / clearers
};

struct Smoke {
  std::string id;
  bool circle = false;
  Vec2 a, b;                         // line ends (infantry, BG-SMK-02)
  Vec2 centre;                       // circle (artillery, BG-SMK-05)
  double radius = 0;
  int laid_turn = 0;
  int thin_turn = 0;                 // the special phase that thins it (BG-SMK-03/05)
  bool thinned = false;
};

struct FireMission {
  std::string id;
  int side = 0;
  std::string system;                // GAP-BG-ART-06 row
  int turn = 0;                      // scheduled turn (0 = random/card)
  int blasts = 1;
  int dice = 2;                      // blue dice per blast
  bool smoke = false, flare = false;
  bool awaiting_aim = false;
  bool done = false;
  // BG-ART-01: a scheduled strike (secret to its side until it lands) and its written aims.
  bool scheduled = false;
  std::vector<Vec2> aims;
  // Shaffer's skirmish (BGM-ART-02/03): the call number, a directing observer, the calibre.
  int call_number = 0;
  bool observed = false;
  int calibre_mm = 0;
};

// A melee marked during the card phase (BG-MEL-04), fought in the melee phase.
struct Melee {
  std::string id;
  std::vector<std::string> attackers;  // in charge order (BG-MEL-10)
  std::vector<std::string> defenders;
  std::vector<bool> from_behind;       // per attacker (BG-MEL-07, BG-MEL-15)
  Vec2 place;
  int round = 0;
  bool over = false;
  // BG-MEL-06/10: the pairs chosen by the attackers [0] and defenders [1] (figure ids in pair
  // order) and the round (1-based) they were chosen for; another round's choice is stale.
  std::vector<std::string> order[2];
  int order_round[2] = {0, 0};
};

// A charge between its successful test and its distance roll (BG-MEL-12 defender's option).
struct PendingCharge {
  std::string charger;
  std::string target;
  std::vector<Vec2> path;
  std::string response;              // "", "move", "shoot", "both", "none"
  bool response_done = false;
  int flee_roll = 0;                 // BG-MEL-14: >0 while the defender's flee waits to be drawn
};

// A scenario objective (BG-VIC-01, bg_victory.cc): a circle on the table worth points.
struct Objective {
  std::string name;
  Vec2 at;
  double radius = 0;                 // 0: options.objective_radius
  int points = 0;
  int owner = -1;                    // side holding it at the start (-1 = nobody)
};

enum class Phase { kCards, kMelee, kSpecial, kOver };

// The card being acted on (BG-CARD-03..09).
struct CardAction {
  int side = -1;                     // -1: no action open (waiting for a card)
  BgAction action = BgAction::kMove;
  bool one_unit = false;             // ace
  int serial = 0;                    // increases with every acting card
};

// Scenario switches (keys and defaults in docs/rulesets/battleground.md).
struct Options {
  bool grade_b_literal = false;      // "bg.grade_b": "4-6" | "5-6" (GAP-BG-FIRE-01)
  int walk_dice = 1;                 // GAP-BG-MOVE-05
  int run_dice = 2;
  bool road_exact_thirds = false;    // "bg.road_bonus": "floor" | "exact" (GAP-BG-MOVE-07)
  double facing_cost_90 = 1;         // GAP-BG-MOVE-08
  double facing_cost_180 = 2;
  bool declare_all_shots = false;    // "bg.shot_declaration" (BG-CARD-14)
  bool tracked_turn_quarters = false;// "bg.tracked_turn": "proportional" | "quarters" (BG-VMOV-05)
  double base_size = 0.625;          // "bg.base_size": square figure base, inches (BG-EX-05)
  bool morale = false;               // BG-OPT-07
  bool detailed_armour = false;      // BG-OPT-01
  bool specialised_hw = false;       // BG-OPT-02
  bool short_range_weapons = false;  // BG-OPT-03
  bool quality_defence = false;      // BG-OPT-06
  bool bgm_vehicles = false;         // "bg.mods": "off" | "vehicles" (GAP-BGM-GEN-01 profile a)
  bool bgm_buttoned = false;         // "bg.mods_hatches": "open" | "buttoned" (BGM-AT-08, BGM-VDMG-08)
  bool bgm_skirmish = false;         // "bg.mods": "skirmish" (GAP-BGM-GEN-01 profile b)
  bool bgm_prone_protects = false;   // "bg.mods_prone": "printed" (-2) | "protects" (+2) (GAP-BGM-COV-02)
  bool melee_weapons = false;        // BG-MEL-07 optional +1 to every figure (else marked figures only)
  bool melee_pairing_listed = false; // bg.melee_pairing = listed: never ask (BG-MEL-06/10 choice off)
  bool guards_listed = false;        // bg.guards = listed: rifles from the back, never ask (BG-PRIS-01)
  bool random_artillery = false;     // BG-ART-08
  bool artillery_per_turn = false;   // BG-ART-09
  bool drift_d12 = false;            // GAP-BG-ART-03 alternative
  bool night = false;                // BG-LOS-06
  double hidden_reveal = 6;          // BG-UNIT-09
  int axis_side = 0;                 // "bg.axis_side": side id (default: the first side)
  // Helper U (docs/rulesets/battleground.md "Units, morale, victory and stands").
  double objective_radius = 3;       // "bg.objective_radius" (BG-VIC-01)
  bool vehicles_hold = true;         // "bg.objective_vehicles": "hold" | "contest"
  int stands = 0;                    // "bg.stands": 0 off, 1 "track" (method 1), 2 "all_or_nothing"
  bool cavalry_road = true;          // "bg.cavalry_road" (BG-CAV-03)
};

struct BgState : StateBase<BgState> {
  Options options;
  double width = 0, height = 0;      // table, inches (BG-GEN-04)
  int max_turns = 0;
  std::vector<Objective> objectives; // BG-VIC-01 (bg_victory.cc)
  int prisoner_points = 0;           // per enemy prisoner figure escorted at the end
  int destroyed_unit_points = 0;     // per enemy unit destroyed

  std::vector<Unit> units;           // scenario order, then reinforcements
  std::vector<Terrain> terrain;
  // The features once the GM has laid or removed one (bg_edit_table.cc), every one named (the
  // engine's "t3" for those without): `terrain` is built from it, and the view lists it.
  std::optional<TerrainList> gm_terrain;
  std::vector<Minefield> minefields;
  std::vector<Smoke> smoke;
  std::vector<FireMission> missions;
  std::vector<Melee> melees;
  std::optional<PendingCharge> charge;
  int lit_until_turn = 0;            // flares (BG-FLR-02/03)
  std::vector<std::string> artillery_drawn;  // BG-ART-08: cards drawn since the last reload
  int artillery_turn_drawn = 0;      // BG-ART-09: the turn whose special phase drew its card
  int next_id = 1;                   // for ids the engine makes (melees, split units, smoke)
  // Profile (b): the units still to be asked whether they answer a reaction-fire trigger, in
  // order, and the enemy that set it off (BGM-RF-03/06).
  std::vector<std::string> reaction_due;
  std::string reaction_trigger;
  std::string skirmish_active;       // profile (b): the unit whose card is open
  int special_step = 0;              // profile (b) step (1): 1 + the side marking special fire; 0: none

  // Cards (BG-CARD-*). deck_rng is a stream of its own (seeded from the game seed in
  // BgGameOpened), so the secret deck order shares no outputs with the dice players see.
  CardDeck deck{std::vector<pb::Card>{}};
  Pcg32 deck_rng;
  BgCardPlay play;
  CardAction action;
  int turn = 0;
  Phase phase = Phase::kCards;
  bool card_phase_over = false;

  int axis() const { return options.axis_side; }
  int allied() const { return 1 - options.axis_side; }

  Unit* find(const std::string& id);
  const Unit* find(const std::string& id) const;
  // On the table and not destroyed.
  const Unit* active_unit(const std::string& id) const;
  int side_index(const std::string& side_id) const;  // -1 if unknown
  const Terrain* terrain_named(const std::string& name) const;
  Minefield* minefield(const std::string& terrain_name);
  const Minefield* minefield(const std::string& terrain_name) const;
};

// BG-CARD-02: the side a suit belongs to (index into sides), given who is Axis.
int side_of(const BgState& st, BgSide s);

}  // namespace sandtable::bg
