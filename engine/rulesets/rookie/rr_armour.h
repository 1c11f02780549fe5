#pragma once
// Rookie Rules armour and bunkers (../shared/rules/rookie-rules.md section 7): which weapons
// penetrate which class, what a firing-chart result does to a vehicle or a bunker, and the special
// damage table with its fire sub-table, all as data. Pure: the caller passes every die face.
//
// Rule IDs: RR-ARM-01 (GAP-RR-ARM-01), RR-ARM-02, RR-ARM-03, RR-ARM-04 (GAP-RR-ARM-04), RR-ARM-05.
#include <array>
#include <string_view>

#include "engine/rulesets/rookie/rr_fire_chart.h"
#include "engine/rulesets/rookie/rr_types.h"

namespace sandtable::rr {

enum class ArmouredTarget { kVehicle, kBunker };

// ---------------------------------------------------------------------------------------------
// Penetration (RR-ARM-01, GAP-RR-ARM-01)

// RR-ARM-01: the highest class a single weapon of this ff penetrates: 46+ E, 36+ D, 31+ C, 26+ B,
// 21+ A; kNone below 21 (penetrates nothing armoured).
ArmourClass single_weapon_penetration(int single_weapon_ff);

// GAP-RR-ARM-01: one squad's small arms penetrate class A only, and only within 8" when the
// squad's ff after the x2 close multiplier is 21 or more; squads are never combined.
ArmourClass small_arms_penetration(int squad_base_ff, double range_in);

// The highest class this firer penetrates: squads as small arms, crew-served weapons and on-table
// artillery as single weapons, snipers never.
ArmourClass penetration_limit(WeaponKind weapon, int base_ff, double range_in);

// True when a weapon whose highest class is `limit` gets through `target` (kNone: soft target,
// always).
bool penetrates(ArmourClass limit, ArmourClass target);

// ---------------------------------------------------------------------------------------------
// Results against armour and bunkers (RR-ARM-02, RR-ARM-03)

enum class ArmourOutcomeKind {
  kMiss,
  kMarker,             // the vehicle or bunker takes `marker`, no casualties
  kSpecialDamageRoll,  // roll d10 on the special damage table (RR-ARM-04)
  kDestroyed,
  kBunkerClassReduced, // `new_class` is the bunker's class from now on (A reduces to kNone)
};

struct ArmourOutcome {
  ArmourOutcomeKind kind = ArmourOutcomeKind::kMiss;
  Marker marker = Marker::kNone;              // for kMarker
  ArmourClass new_class = ArmourClass::kNone; // for kBunkerClassReduced
  std::string_view phrase;                    // for the player
  bool operator==(const ArmourOutcome&) const = default;
};

// RR-ARM-02 (bunkers) and RR-ARM-03 (vehicles): the chart result's effect read through the
// outcome table; the chart's casualty number never applies to the vehicle or bunker itself.
// `target_class` is the bunker's current class (only used to reduce it).
ArmourOutcome armour_outcome(ArmouredTarget target, ArmourClass target_class, bool can_penetrate, Effect effect);

// RR-ARM-02: a bunker one class weaker (E->D ... B->A, A->kNone: no bunker protection left).
ArmourClass reduce_bunker_class(ArmourClass bunker);

// ---------------------------------------------------------------------------------------------
// Special damage (RR-ARM-04, RR-ARM-05, GAP-RR-ARM-04)

enum class DamageKind {
  kNoDamage,
  kImmobilisedAndAbandoned,  // vehicle, for the rest of the game
  kAbandoned,                // bunker
  kPinnedNextActivation,     // pin for movement and fire, removed automatically afterwards
  kSuppressedNextActivation, // crew stunned, removed automatically afterwards
  kRetire,                   // retire_functions moves to the rear at once, then idle next activation
  kSuppressedTurns,          // bunker suppressed for suppressed_turns turns
  kMainArmamentDestroyed,
  kOneFunctionPerActivation, // crew casualties: one function per activation for the rest of the game
  kFireRoll,                 // roll d10 on the fire table (fire_table)
  kDestroyed,
};

struct SpecialDamage {
  DamageKind kind = DamageKind::kNoDamage;
  int retire_functions = 0;   // RR-ARM-05: moves of retirement, made at once toward its own edge
  int suppressed_turns = 0;
  std::string_view phrase;
  bool operator==(const SpecialDamage&) const = default;
};

// RR-ARM-04 special damage table, vehicle column, indexed by d10.
inline constexpr std::array<SpecialDamage, 10> kVehicleSpecialDamage = {{
    {DamageKind::kNoDamage, 0, 0, "no damage"},
    {DamageKind::kImmobilisedAndAbandoned, 0, 0, "immobilised for the rest of the game and abandoned"},
    {DamageKind::kPinnedNextActivation, 0, 0, "pinned for its next chance to act, then the pin is removed"},
    {DamageKind::kSuppressedNextActivation, 0, 0, "crew stunned: suppressed for its next turn to act, then removed"},
    {DamageKind::kRetire, 1, 0,
     "retires one function's move to the rear at once; cannot move or fire next chance to act"},
    {DamageKind::kRetire, 2, 0,
     "retires two functions' moves to the rear at once; cannot move or fire next chance to act"},
    {DamageKind::kRetire, 3, 0,
     "retires three functions' moves to the rear at once; cannot move or fire next chance to act"},
    {DamageKind::kMainArmamentDestroyed, 0, 0, "main armament destroyed"},
    {DamageKind::kOneFunctionPerActivation, 0, 0,
     "crew casualties: one function per activation for the rest of the game"},
    {DamageKind::kFireRoll, 0, 0, "fire in the tank: roll on the fire table"},
}};

// RR-ARM-04 special damage table, bunker column, indexed by d10.
inline constexpr std::array<SpecialDamage, 10> kBunkerSpecialDamage = {{
    {DamageKind::kNoDamage, 0, 0, "no damage"},
    {DamageKind::kAbandoned, 0, 0, "bunker abandoned"},
    {DamageKind::kPinnedNextActivation, 0, 0, "pinned for its next chance to act, then the pin is removed"},
    {DamageKind::kSuppressedNextActivation, 0, 0, "crew stunned: suppressed for its next turn to act, then removed"},
    {DamageKind::kSuppressedTurns, 0, 1, "bunker suppressed for 1 turn"},
    {DamageKind::kSuppressedTurns, 0, 2, "bunker suppressed for 2 turns"},
    {DamageKind::kSuppressedTurns, 0, 3, "bunker suppressed for 3 turns"},
    {DamageKind::kDestroyed, 0, 0, "bunker destroyed"},
    {DamageKind::kDestroyed, 0, 0, "bunker destroyed"},
    {DamageKind::kDestroyed, 0, 0, "bunker destroyed"},
}};

// RR-ARM-04: the row for a d10 face (0-9) in the target's column.
const SpecialDamage& special_damage(ArmouredTarget target, int d10);

// RR-ARM-04 vehicle rows 4-6 make the unit idle (no move, no fire) at its next chance to act.
bool idle_next_activation(const SpecialDamage& damage);

// RR-ARM-04 fire table.
enum class FireOutcome {
  kExplodes,                  // 1-3
  kBurnsCrewAbandons,         // 4-6: burns this turn, crew abandon it
  kExtinguishedOneFunction,   // 7+: put out; one function per activation for the rest of the game
};

// RR-ARM-04 fire table, GAP-RR-ARM-04: a 0 counts as 10 (7+). Precondition: 0 <= d10 <= 9.
FireOutcome fire_table(int d10);
std::string_view describe(FireOutcome outcome);

}  // namespace sandtable::rr
