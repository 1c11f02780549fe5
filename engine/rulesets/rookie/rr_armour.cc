// Rookie Rules armour and bunkers: penetration, outcome tables, special damage, fire table.
#include "engine/rulesets/rookie/rr_armour.h"

#include <algorithm>

namespace sandtable::rr {
namespace {

// RR-ARM-01: lowest single-weapon ff that penetrates each class, strongest first.
struct PenetrationStep {
  int min_ff;
  ArmourClass up_to;
};
constexpr std::array<PenetrationStep, 5> kPenetration = {{
    {46, ArmourClass::kE},
    {36, ArmourClass::kD},
    {31, ArmourClass::kC},
    {26, ArmourClass::kB},
    {21, ArmourClass::kA},
}};

// GAP-RR-ARM-01: small arms within 8" (the x2 band of RR-FIRE-06) totalling 21+.
constexpr double kSmallArmsPenetrationRangeIn = 8.0;
constexpr int kSmallArmsPenetrationFf = 21;

}  // namespace

ArmourClass single_weapon_penetration(int single_weapon_ff) {
  for (const PenetrationStep& step : kPenetration) {
    if (single_weapon_ff >= step.min_ff) return step.up_to;
  }
  return ArmourClass::kNone;
}

ArmourClass small_arms_penetration(int squad_base_ff, double range_in) {
  if (range_in < 0 || range_in > kSmallArmsPenetrationRangeIn) return ArmourClass::kNone;
  return squad_base_ff * 2 >= kSmallArmsPenetrationFf ? ArmourClass::kA : ArmourClass::kNone;
}

ArmourClass penetration_limit(WeaponKind weapon, int base_ff, double range_in) {
  switch (weapon) {
    case WeaponKind::kSquadSmallArms: return small_arms_penetration(base_ff, range_in);
    case WeaponKind::kCrewServed:
    case WeaponKind::kOnTableArtillery: return single_weapon_penetration(base_ff);
    case WeaponKind::kSniper: return ArmourClass::kNone;
  }
  return ArmourClass::kNone;
}

bool penetrates(ArmourClass limit, ArmourClass target) {
  if (target == ArmourClass::kNone) return true;
  return limit != ArmourClass::kNone && static_cast<int>(limit) >= static_cast<int>(target);
}

ArmourClass reduce_bunker_class(ArmourClass bunker) {
  if (bunker == ArmourClass::kNone) return ArmourClass::kNone;
  return static_cast<ArmourClass>(static_cast<int>(bunker) - 1);
}

ArmourOutcome armour_outcome(ArmouredTarget target, ArmourClass target_class, bool can_penetrate, Effect effect) {
  using K = ArmourOutcomeKind;
  constexpr ArmourClass kUnused = ArmourClass::kNone;  // new_class is only read for kBunkerClassReduced
  const ArmourOutcome special{K::kSpecialDamageRoll, Marker::kNone, kUnused, "roll on the special damage table"};
  if (effect == Effect::kMiss) return {K::kMiss, Marker::kNone, kUnused, "miss"};
  if (target == ArmouredTarget::kBunker) {
    // RR-ARM-02
    if (can_penetrate) {
      switch (effect) {
        case Effect::kSuppressed: return {K::kDestroyed, Marker::kNone, kUnused, "bunker destroyed"};
        case Effect::kPinned: return special;
        default: return {K::kMarker, Marker::kDisrupted, kUnused, "bunker disrupted"};
      }
    }
    switch (effect) {
      case Effect::kSuppressed:
        return {K::kBunkerClassReduced, Marker::kNone, reduce_bunker_class(target_class),
                "bunker class reduced one step"};
      case Effect::kPinned: return {K::kMarker, Marker::kDisrupted, kUnused, "bunker disrupted"};
      default: return {K::kMiss, Marker::kNone, kUnused, "miss: the weapon cannot penetrate"};
    }
  }
  // RR-ARM-03
  if (can_penetrate) {
    switch (effect) {
      case Effect::kSuppressed: return {K::kDestroyed, Marker::kNone, kUnused, "vehicle destroyed"};
      case Effect::kPinned: return special;
      default: return {K::kMarker, Marker::kPinned, kUnused, "vehicle pinned"};
    }
  }
  switch (effect) {
    case Effect::kSuppressed: return {K::kMarker, Marker::kSuppressed, kUnused, "vehicle suppressed, no casualties"};
    case Effect::kPinned: return {K::kMarker, Marker::kPinned, kUnused, "vehicle pinned, no casualties"};
    default: return {K::kMiss, Marker::kNone, kUnused, "miss: the weapon cannot penetrate"};
  }
}

const SpecialDamage& special_damage(ArmouredTarget target, int d10) {
  const auto& table = target == ArmouredTarget::kVehicle ? kVehicleSpecialDamage : kBunkerSpecialDamage;
  return table[static_cast<size_t>(std::clamp(d10, 0, 9))];
}

bool idle_next_activation(const SpecialDamage& damage) { return damage.kind == DamageKind::kRetire; }

FireOutcome fire_table(int d10) {
  const int roll = d10 == 0 ? 10 : d10;  // GAP-RR-ARM-04
  if (roll <= 3) return FireOutcome::kExplodes;
  if (roll <= 6) return FireOutcome::kBurnsCrewAbandons;
  return FireOutcome::kExtinguishedOneFunction;
}

std::string_view describe(FireOutcome outcome) {
  switch (outcome) {
    case FireOutcome::kExplodes: return "the tank explodes";
    case FireOutcome::kBurnsCrewAbandons: return "the tank burns this turn and the crew abandon it";
    case FireOutcome::kExtinguishedOneFunction:
      return "the fire is put out; one function per activation for the rest of the game";
  }
  return "";
}

}  // namespace sandtable::rr
