#pragma once
// Rookie Rules morale (RR-MOR-01..06, ../shared/rules/rookie-rules.md section 10): when a test is
// due, its modifiers, and what a total means. d% is read 01-100 ("00" = 100); the caller rolls.
#include <string>
#include <vector>

#include "engine/rulesets/rookie/rr_types.h"

namespace sandtable::rr {

// RR-MOR-01: the five mandatory triggers.
enum class MoraleTrigger {
  kCasualty,              // (1) took a casualty
  kHeavyAttack,           // (2) artillery, medium/heavy mortar, air strike or flame thrower
  kInDisabledVehicle,     // (3)
  kEnemyTankWithin8,      // (4) non-armoured units only
  kFriendRanAwayWithin8,  // (5) "running away" as RR-MOR-04 defines it
};

// Attack kinds that matter to trigger (2): light mortars and direct fire do not force a test.
enum class MoraleAttack {
  kDirectFire,
  kLightMortar,
  kMediumMortar,
  kHeavyMortar,
  kArtillery,
  kAirStrike,
  kFlameThrower,
};
bool attack_forces_morale(MoraleAttack attack);

// Whether a trigger applies to this unit (trigger (4) spares armoured units).
bool trigger_applies(MoraleTrigger trigger, bool unit_is_armoured);

// RR-MOR-06 / GAP-RR-MOR-06: mandatory tests resolve at once, except those raised while air and
// artillery are resolved together between the card sequences, which wait for step 6. Voluntary
// tests (RR-MOR-02) are made in step 6 too.
enum class MoraleTiming { kImmediately, kStepSix };
MoraleTiming mandatory_test_timing(bool raised_during_simultaneous_resolution);
MoraleTiming voluntary_test_timing();

// RR-MOR-02: a voluntary test is a try at removing a marker, so only a unit with one may make it.
bool may_test_voluntarily(Marker current);

struct MoraleQuery {
  TroopClass troops = TroopClass::kC;
  Cover terrain = Cover::kOpen;
  ArmourClass bunker = ArmourClass::kNone;  // bunker the unit occupies, if any
  int original_figures = 5;  // GAP-RR-MOR-05: the squad's size at the start
  int figures_now = 5;       // casualties = original_figures - figures_now
  bool in_command_radius = true;
  bool friend_ran_away_within_8 = false;
  bool leader_attached = false;
};

struct MoraleModifier {
  std::string rule;
  std::string phrase;
  int value = 0;
};

struct MoraleModifiers {
  int total = 0;
  std::vector<MoraleModifier> items;
};

// GAP-RR-MOR-05: percent per casualty by ORIGINAL size: 5+ -10, 4 -12, 3 -16, 2 -25; a one-figure
// unit has no rate (losing its figure ends it), so 0.
int casualty_rate(int original_figures);

// RR-MOR-05.
MoraleModifiers morale_modifiers(const MoraleQuery& query);

enum class MoraleOutcome {
  kRunsOff,              // < 0: off the table, out of the game
  kSurrenders,           // 0-15 within 8" of an enemy: removed
  kChargesNearestEnemy,  // 0-15 within 8", Japanese exception on (GAP-RR-MOR-03)
  kLosesTwoSuppressed,   // 0-15 further than 8": 2 figures lost, rest suppressed
  kFallsBack,            // 16-30: 4 functions of class-A movement back, 1 figure lost, pinned
  kNoChange,             // 31-40
  kMayRemoveOneLevel,    // 41+
};

struct MoraleRollQuery {
  int d100 = 50;
  int modifiers = 0;  // MoraleModifiers::total
  bool within_8_of_enemy = false;
  // The unit's class-A distance per move function (RR-MOVE-01 via rr_speed), for a fall back.
  int class_a_inches = 4;
  bool japanese = false;  // the unit is Japanese ...
};

// GAP-RR-MOR-03: room switch, default off.
struct MoraleOptions {
  bool japanese_exception = false;  // ... and Japanese units that would surrender charge instead
};

struct MoraleResult {
  int total = 0;
  MoraleOutcome outcome = MoraleOutcome::kNoChange;
  std::string rule;    // catalogue ID that decided it
  std::string phrase;  // what happens, in English
  bool removed_from_play = false;
  int figures_lost = 0;
  Marker marker = Marker::kNone;  // marker the result imposes (the unit keeps the worse one)
  int fall_back_functions = 0;    // of class-A movement, made at once
  int fall_back_inches = 0;
  bool runs_away = false;  // RR-MOR-04 / GAP-RR-MOR-04: triggers (5) for friends within 8"
  bool may_remove_one_level = false;
};

// RR-MOR-03 bands on d% + modifiers.
MoraleResult morale_result(const MoraleRollQuery& query, const MoraleOptions& options = {});

// The unit's marker after the test: the worse of its own and the one imposed (RR-FIRE-04); on 41+
// one level lower if the player takes the option (blue -> white -> red -> none).
Marker marker_after_morale(Marker current, const MoraleResult& result, bool remove_level);

}  // namespace sandtable::rr
