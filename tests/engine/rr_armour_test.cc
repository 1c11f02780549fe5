// Rookie Rules armour and bunkers: RR-ARM-01..05, GAP-RR-ARM-01, GAP-RR-ARM-04, RR-DX-05.
#include "engine/rulesets/rookie/rr_armour.h"

#include <gtest/gtest.h>

#include <array>
#include <utility>

namespace sandtable::rr {
namespace {

using K = ArmourOutcomeKind;

// RR-ARM-01: single weapon ff -> highest class penetrated, both sides of every step.
TEST(RrArmour, RR_ARM_01_SingleWeaponPenetrationByFf) {
  const std::array<std::pair<int, ArmourClass>, 12> cases = {{{1, ArmourClass::kNone},
                                                             {20, ArmourClass::kNone},
                                                             {21, ArmourClass::kA},
                                                             {25, ArmourClass::kA},
                                                             {26, ArmourClass::kB},
                                                             {30, ArmourClass::kB},
                                                             {31, ArmourClass::kC},
                                                             {35, ArmourClass::kC},
                                                             {36, ArmourClass::kD},
                                                             {45, ArmourClass::kD},  // 41-45 does not get E
                                                             {46, ArmourClass::kE},
                                                             {70, ArmourClass::kE}}};
  for (auto [ff, want] : cases) EXPECT_EQ(single_weapon_penetration(ff), want) << ff;
  // "and below": a D-capable weapon gets through A-D, not E.
  EXPECT_TRUE(penetrates(ArmourClass::kD, ArmourClass::kA));
  EXPECT_TRUE(penetrates(ArmourClass::kD, ArmourClass::kD));
  EXPECT_FALSE(penetrates(ArmourClass::kD, ArmourClass::kE));
  EXPECT_FALSE(penetrates(ArmourClass::kNone, ArmourClass::kA));
  EXPECT_TRUE(penetrates(ArmourClass::kNone, ArmourClass::kNone));  // soft target
  EXPECT_EQ(penetration_limit(WeaponKind::kCrewServed, 33, 40), ArmourClass::kC);
  EXPECT_EQ(penetration_limit(WeaponKind::kOnTableArtillery, 43, 20), ArmourClass::kD);
  EXPECT_EQ(penetration_limit(WeaponKind::kSniper, 30, 5), ArmourClass::kNone);
}

// GAP-RR-ARM-01: one squad's small arms, after the x2 within 8", totalling 21+ penetrate A only.
TEST(RrArmour, GAP_RR_ARM_01_SmallArmsTotalling21WithinEightInchesPenetrateClassAOnly) {
  EXPECT_EQ(small_arms_penetration(10, 5), ArmourClass::kNone);  // 20 < 21
  EXPECT_EQ(small_arms_penetration(11, 5), ArmourClass::kA);     // 22
  EXPECT_EQ(small_arms_penetration(11, 8.0), ArmourClass::kA);
  EXPECT_EQ(small_arms_penetration(11, 8.1), ArmourClass::kNone);  // x1.5 band: never
  EXPECT_EQ(small_arms_penetration(30, 20), ArmourClass::kNone);   // a big squad beyond 8"
  EXPECT_EQ(small_arms_penetration(30, 2), ArmourClass::kA);       // never above class A
  EXPECT_EQ(penetration_limit(WeaponKind::kSquadSmallArms, 15, 7), ArmourClass::kA);
  EXPECT_EQ(penetration_limit(WeaponKind::kSquadSmallArms, 15, 9), ArmourClass::kNone);
  EXPECT_TRUE(penetrates(penetration_limit(WeaponKind::kSquadSmallArms, 15, 7), ArmourClass::kA));
  EXPECT_FALSE(penetrates(penetration_limit(WeaponKind::kSquadSmallArms, 15, 7), ArmourClass::kB));
}

// RR-ARM-02: results against bunkers.
TEST(RrArmour, RR_ARM_02_ResultsAgainstBunkers) {
  const auto B = ArmouredTarget::kBunker;
  EXPECT_EQ(armour_outcome(B, ArmourClass::kC, true, Effect::kSuppressed).kind, K::kDestroyed);
  EXPECT_EQ(armour_outcome(B, ArmourClass::kC, true, Effect::kPinned).kind, K::kSpecialDamageRoll);
  ArmourOutcome dr = armour_outcome(B, ArmourClass::kC, true, Effect::kDisrupted);
  EXPECT_EQ(dr.kind, K::kMarker);
  EXPECT_EQ(dr.marker, Marker::kDisrupted);
  ArmourOutcome reduced = armour_outcome(B, ArmourClass::kC, false, Effect::kSuppressed);
  EXPECT_EQ(reduced.kind, K::kBunkerClassReduced);
  EXPECT_EQ(reduced.new_class, ArmourClass::kB);
  ArmourOutcome pin = armour_outcome(B, ArmourClass::kC, false, Effect::kPinned);
  EXPECT_EQ(pin.kind, K::kMarker);
  EXPECT_EQ(pin.marker, Marker::kDisrupted);
  EXPECT_EQ(armour_outcome(B, ArmourClass::kC, false, Effect::kDisrupted).kind, K::kMiss);
  EXPECT_EQ(armour_outcome(B, ArmourClass::kC, true, Effect::kMiss).kind, K::kMiss);
  EXPECT_EQ(reduce_bunker_class(ArmourClass::kE), ArmourClass::kD);
  EXPECT_EQ(reduce_bunker_class(ArmourClass::kB), ArmourClass::kA);
  EXPECT_EQ(reduce_bunker_class(ArmourClass::kA), ArmourClass::kNone);
}

// RR-ARM-03: results against armour.
TEST(RrArmour, RR_ARM_03_ResultsAgainstArmour) {
  const auto V = ArmouredTarget::kVehicle;
  EXPECT_EQ(armour_outcome(V, ArmourClass::kB, true, Effect::kSuppressed).kind, K::kDestroyed);
  EXPECT_EQ(armour_outcome(V, ArmourClass::kB, true, Effect::kPinned).kind, K::kSpecialDamageRoll);
  ArmourOutcome dr = armour_outcome(V, ArmourClass::kB, true, Effect::kDisrupted);
  EXPECT_EQ(dr.kind, K::kMarker);
  EXPECT_EQ(dr.marker, Marker::kPinned);
  ArmourOutcome sb = armour_outcome(V, ArmourClass::kB, false, Effect::kSuppressed);
  EXPECT_EQ(sb.kind, K::kMarker);
  EXPECT_EQ(sb.marker, Marker::kSuppressed);
  EXPECT_EQ(sb.phrase, "vehicle suppressed, no casualties");
  ArmourOutcome pw = armour_outcome(V, ArmourClass::kB, false, Effect::kPinned);
  EXPECT_EQ(pw.kind, K::kMarker);
  EXPECT_EQ(pw.marker, Marker::kPinned);
  EXPECT_EQ(armour_outcome(V, ArmourClass::kB, false, Effect::kDisrupted).kind, K::kMiss);
  EXPECT_EQ(armour_outcome(V, ArmourClass::kB, false, Effect::kMiss).kind, K::kMiss);
}

// RR-ARM-04: special damage table, vehicle column.
TEST(RrArmour, RR_ARM_04_SpecialDamageVehicleColumn) {
  const auto V = ArmouredTarget::kVehicle;
  const std::array<DamageKind, 10> want = {
      DamageKind::kNoDamage,           DamageKind::kImmobilisedAndAbandoned, DamageKind::kPinnedNextActivation,
      DamageKind::kSuppressedNextActivation, DamageKind::kRetire,           DamageKind::kRetire,
      DamageKind::kRetire,             DamageKind::kMainArmamentDestroyed,   DamageKind::kOneFunctionPerActivation,
      DamageKind::kFireRoll};
  for (int d = 0; d < 10; ++d) EXPECT_EQ(special_damage(V, d).kind, want[d]) << d;
  for (int d = 0; d < 10; ++d) EXPECT_EQ(special_damage(V, d).suppressed_turns, 0) << d;
}

// RR-ARM-04: special damage table, bunker column.
TEST(RrArmour, RR_ARM_04_SpecialDamageBunkerColumn) {
  const auto B = ArmouredTarget::kBunker;
  EXPECT_EQ(special_damage(B, 0).kind, DamageKind::kNoDamage);
  EXPECT_EQ(special_damage(B, 1).kind, DamageKind::kAbandoned);
  EXPECT_EQ(special_damage(B, 2).kind, DamageKind::kPinnedNextActivation);
  EXPECT_EQ(special_damage(B, 3).kind, DamageKind::kSuppressedNextActivation);
  for (int d = 4; d <= 6; ++d) {
    EXPECT_EQ(special_damage(B, d).kind, DamageKind::kSuppressedTurns) << d;
    EXPECT_EQ(special_damage(B, d).suppressed_turns, d - 3) << d;
    EXPECT_EQ(special_damage(B, d).retire_functions, 0) << d;
    EXPECT_FALSE(idle_next_activation(special_damage(B, d))) << d;
  }
  for (int d = 7; d <= 9; ++d) EXPECT_EQ(special_damage(B, d).kind, DamageKind::kDestroyed) << d;
}

// RR-ARM-05 (with RR-ARM-04 rows 4-6): 1, 2, 3 functions of retirement, then idle next activation.
TEST(RrArmour, RR_ARM_05_RetirementFunctionsAsData) {
  const auto V = ArmouredTarget::kVehicle;
  for (int d = 0; d < 10; ++d) {
    const SpecialDamage& s = special_damage(V, d);
    const int want = (d >= 4 && d <= 6) ? d - 3 : 0;
    EXPECT_EQ(s.retire_functions, want) << d;
    EXPECT_EQ(idle_next_activation(s), want > 0) << d;
  }
}

// GAP-RR-ARM-04: fire table 1-3 explodes, 4-6 burns and abandoned, 7+ put out; 0 counts as 10.
TEST(RrArmour, GAP_RR_ARM_04_FireTableZeroCountsAsTen) {
  for (int d : {1, 2, 3}) EXPECT_EQ(fire_table(d), FireOutcome::kExplodes) << d;
  for (int d : {4, 5, 6}) EXPECT_EQ(fire_table(d), FireOutcome::kBurnsCrewAbandons) << d;
  for (int d : {7, 8, 9}) EXPECT_EQ(fire_table(d), FireOutcome::kExtinguishedOneFunction) << d;
  EXPECT_EQ(fire_table(0), FireOutcome::kExtinguishedOneFunction);
  EXPECT_EQ(describe(FireOutcome::kExplodes), "the tank explodes");
}

// RR-DX-05: 57 mm AT gun (31-35 ff) vs a class D tank cannot penetrate: P/W -> pinned, no
// casualties; D/R -> miss. Against class C: P/W -> special damage roll.
TEST(RrArmour, RR_DX_05_AtGunAgainstClassDAndClassC) {
  const ArmourClass limit = penetration_limit(WeaponKind::kCrewServed, 33, 30);
  EXPECT_EQ(limit, ArmourClass::kC);
  EXPECT_FALSE(penetrates(limit, ArmourClass::kD));
  ArmourOutcome pw = armour_outcome(ArmouredTarget::kVehicle, ArmourClass::kD, penetrates(limit, ArmourClass::kD),
                                    Effect::kPinned);
  EXPECT_EQ(pw.kind, K::kMarker);
  EXPECT_EQ(pw.marker, Marker::kPinned);
  EXPECT_EQ(pw.phrase, "vehicle pinned, no casualties");
  EXPECT_EQ(armour_outcome(ArmouredTarget::kVehicle, ArmourClass::kD, false, Effect::kDisrupted).kind, K::kMiss);
  EXPECT_TRUE(penetrates(limit, ArmourClass::kC));
  EXPECT_EQ(armour_outcome(ArmouredTarget::kVehicle, ArmourClass::kC, penetrates(limit, ArmourClass::kC),
                           Effect::kPinned)
                .kind,
            K::kSpecialDamageRoll);
  // The same gun also loses columns for the armour: 31-35, class D 5 left -> 6-10.
  FireSituation s;
  s.target_armour = ArmourClass::kD;
  s.target_is_vehicle = true;
  ShotPlan p = plan_shot(ShotInput{WeaponKind::kCrewServed, 33, 20, s});
  EXPECT_EQ(column_label(p.final_column), "6-10");
}

}  // namespace
}  // namespace sandtable::rr
