// Shaffer's modifications (../shared/rules/battleground-mods.md): the derived examples BGM-DX-01..10
// with exactly their numbers, and each table's cells where the seed or a gap decision fixes them.
#include <gtest/gtest.h>

#include "engine/rulesets/bg/bgm_tables.h"

namespace sandtable::bg::mods {
namespace {

// Pz IV H (75L, long class) at an M4A3 (size L) 30" away: the long class's short band (<= 36")
// gives 12; a regular, stationary crew's first shot: only the large target's -1.
TEST(BgmExamples, BGM_DX_01_AntiTankToHit) {
  ASSERT_EQ(gun_class("75L"), AtWeapon::kLong);
  const auto band = at_band(AtWeapon::kLong, 30);
  ASSERT_EQ(band, AtBand::kShort);
  EXPECT_EQ(base_to_hit(*band), 12);
  const int mods = *size_modifier("L");
  EXPECT_EQ(mods, -1);
  int hits = 0;
  for (int d = 1; d <= 20; ++d) hits += at_hit(d, mods, *band).hit;
  EXPECT_EQ(hits, 12) << "natural 1-12 hit: 60 %";
  EXPECT_TRUE(at_hit(12, mods, *band).hit);
  const auto thirteen = at_hit(13, mods, *band);
  EXPECT_EQ(thirteen.modified, 12);
  EXPECT_FALSE(thirteen.hit) << "equality misses (BGM-AT-02)";
  EXPECT_TRUE(at_hit(20, -30, *band).jam);
  EXPECT_FALSE(at_hit(20, -30, *band).hit) << "a natural 20 is a jam and a miss whatever the modifiers (BGM-GEN-05)";
}

TEST(BgmExamples, BGM_DX_02_Penetration) {
  const int pen = effective_penetration(29, attenuation_percent(AtWeapon::kLong, AtBand::kShort));
  EXPECT_EQ(pen, 29);
  EXPECT_FALSE(penetrates(pen, 31)) << "front hull 31: the non-penetration table";
  EXPECT_TRUE(penetrates(pen, 23)) << "front turret 23: the penetration table";
}

TEST(BgmExamples, BGM_DX_03_AttenuationRoundsDown) {
  const auto band = at_band(AtWeapon::kLong, 80);
  ASSERT_EQ(band, AtBand::kLong);
  EXPECT_EQ(attenuation_percent(AtWeapon::kLong, *band), -10);
  const int pen = effective_penetration(29, -10);
  EXPECT_EQ(pen, 26) << "29 x 0.9 = 26.1";
  EXPECT_TRUE(penetrates(pen, 23));
  EXPECT_FALSE(penetrates(pen, 35)) << "a Panther's front turret";
}

TEST(BgmExamples, BGM_DX_04_ShortGun) {
  ASSERT_EQ(gun_class("75Sh"), AtWeapon::kShort);
  const auto band = at_band(AtWeapon::kShort, 50);
  ASSERT_EQ(band, AtBand::kLong) << "48 < 50 <= 60";
  EXPECT_EQ(base_to_hit(*band), 6);
  EXPECT_EQ(effective_penetration(14, attenuation_percent(AtWeapon::kShort, *band)), 7);
}

// Six regular riflemen (bolt action, rof 1), still for two actions, at 10" (effective, column C)
// into light woods.
TEST(BgmExamples, BGM_DX_05_SmallArms) {
  const auto band = sa_band(SmallArm::kBoltRifle, 10);
  ASSERT_TRUE(band);
  EXPECT_EQ(band->band, SaBand::kEffective);
  EXPECT_EQ(band->column, 'C');
  const int stationary = -2;
  const int mods = men_modifier(6) - rate_of_fire(SmallArm::kBoltRifle) + stationary;
  EXPECT_EQ(men_modifier(6), -4);
  EXPECT_EQ(mods, -7);
  const auto roll = sa_hits(12, 12 + mods);
  EXPECT_EQ(roll.result, SaResult::kHits);
  EXPECT_EQ(roll.hits, 2);
  const int light_woods = 2;
  EXPECT_EQ(infantry_damage(band->column, 9 + light_woods), Wound::kLightWound);
}

TEST(BgmExamples, BGM_DX_06_HitTableBoundaries) {
  const std::pair<int, int> hits[] = {{-3, 4}, {0, 4}, {1, 3}, {4, 3}, {5, 2}, {8, 2}, {9, 1}, {13, 1}};
  for (const auto& [modified, n] : hits) {
    const auto r = sa_hits(10, modified);
    EXPECT_EQ(r.result, SaResult::kHits) << modified;
    EXPECT_EQ(r.hits, n) << modified;
  }
  EXPECT_EQ(sa_hits(10, 14).result, SaResult::kMoraleCheck);
  EXPECT_EQ(sa_hits(10, 15).result, SaResult::kMoraleCheck);
  EXPECT_EQ(sa_hits(10, 16).result, SaResult::kNone);
  const auto twenty = sa_hits(20, 2);
  EXPECT_TRUE(twenty.jam);
  EXPECT_EQ(twenty.hits, 0) << "a natural 20 misses and jams, modifiers or not";
}

TEST(BgmExamples, BGM_DX_07_DamageTableLookups) {
  EXPECT_EQ(wound_code(infantry_damage('A', 1)), "GD");
  EXPECT_EQ(wound_code(infantry_damage('H', 1)), "HW");
  EXPECT_EQ(wound_code(infantry_damage('E', 7)), "LtW");
  EXPECT_EQ(wound_code(infantry_damage('A', 10)), "HW");
  EXPECT_EQ(wound_code(infantry_damage('A', 24)), "SUP");
  EXPECT_EQ(wound_code(infantry_damage('B', 24)), "-");
  EXPECT_EQ(wound_code(infantry_damage('C', 0)), "GD") << "below row 1 reads row 1";
  EXPECT_EQ(wound_code(infantry_damage('C', 30)), "-") << "above row 24: no effect";
}

// Four regular men with grenades assault an infantry group.
TEST(BgmExamples, BGM_DX_08_Assault) {
  const int grenades = -2, regular = 2;
  const int mods = assault_men_modifier(4) + grenades + regular;
  EXPECT_EQ(assault_men_modifier(4), -2);
  EXPECT_EQ(mods, -2);
  const auto r = assault(AssaultTarget::kInfantry, 8 + mods);
  EXPECT_EQ(r.hits, 5);
  EXPECT_EQ(r.column, 'B');
  const int infantry_target = -3;
  EXPECT_EQ(infantry_damage(r.column, 10 + infantry_target), Wound::kHeavyWound);
}

TEST(BgmExamples, BGM_DX_09_EngineFire) {
  for (int d = 1; d <= 20; ++d) {
    EXPECT_EQ(engine_fire(d, true), d <= 13) << "American petrol engine, natural " << d;
    EXPECT_EQ(engine_fire(d, false), d <= 5) << "German engine, natural " << d;
  }
}

// A turret & crew hit from the left side: the loader. A 75 mm AP round that penetrates puts a
// column-B hit on him; a 37 mm round that does not, a column-F hit with +3.
TEST(BgmExamples, BGM_DX_10_CrewHit) {
  EXPECT_EQ(hit_location(Aspect::kSide, 16), Location::kTurretAndCrew);
  EXPECT_EQ(crew_struck(Aspect::kSide, true, true, 1), Crewman::kLoader);
  const auto big = crew_hit(true, 75, false);
  EXPECT_EQ(big.column, 'B');
  EXPECT_EQ(big.modifier, 0);
  const auto small = crew_hit(false, 37, false);
  EXPECT_EQ(small.column, 'F');
  EXPECT_EQ(small.modifier, 3);
  EXPECT_EQ(crew_hit(true, 105, false).modifier, -2) << "over 100 mm";
  EXPECT_EQ(crew_hit(false, 88, true).modifier, -2) << "any HEAT round";
}

TEST(BgmTables, BGM_AT_03_07_BandsAndTheirLimits) {
  EXPECT_EQ(base_to_hit(AtBand::kPointBlank), 16);
  EXPECT_EQ(base_to_hit(AtBand::kEffective), 10);
  EXPECT_EQ(base_to_hit(AtBand::kExtreme), 2);
  EXPECT_EQ(at_band(AtWeapon::kPanzerfaust30, 8), AtBand::kExtreme);
  EXPECT_FALSE(at_band(AtWeapon::kPanzerfaust30, 8.01)) << "an infantry weapon cannot fire past its last band";
  EXPECT_EQ(at_band(AtWeapon::kPanzerfaust60, 4), AtBand::kShort);
  EXPECT_EQ(at_band(AtWeapon::kPiat, 6), AtBand::kExtreme);
  EXPECT_EQ(at_band(AtWeapon::kBazooka, 20), AtBand::kExtreme);
  EXPECT_EQ(at_band(AtWeapon::kPanzerschreck, 5), AtBand::kShort);
  EXPECT_FALSE(at_band(AtWeapon::kShort, 73)) << "nor a short gun";
  EXPECT_EQ(at_band(AtWeapon::kStandard, 500), AtBand::kExtreme) << "open-ended";
  EXPECT_EQ(at_band(AtWeapon::kXL, 120), AtBand::kLong);
  EXPECT_EQ(attenuation_percent(AtWeapon::kXL, AtBand::kExtreme), -10);
  EXPECT_EQ(attenuation_percent(AtWeapon::kBazooka, AtBand::kExtreme), 0) << "BGM-AT-10";
  EXPECT_EQ(effective_penetration(20, 25), 25) << "point blank adds (GAP-BGM-AT-05)";
  EXPECT_FALSE(gun_class("lcmg"));
  EXPECT_EQ(gun_class("88XL"), AtWeapon::kXL);
  EXPECT_EQ(gun_class("47St"), AtWeapon::kStandard);
}

TEST(BgmTables, BGM_LOC_09_HitLocationByAspectWithTheDecidedCells) {
  EXPECT_EQ(hit_location(Aspect::kFront, 1), Location::kSpecial);
  EXPECT_EQ(hit_location(Aspect::kFront, 19), Location::kGun);
  EXPECT_EQ(hit_location(Aspect::kSide, 8), Location::kImmobilized);
  EXPECT_EQ(hit_location(Aspect::kSide, 14), Location::kHullAndEngine);
  EXPECT_EQ(hit_location(Aspect::kRear, 2), Location::kSpecial) << "lost, decided";
  EXPECT_EQ(hit_location(Aspect::kRear, 16), Location::kTurret) << "lost, decided";
  EXPECT_EQ(hit_location(Aspect::kRear, 13), Location::kEngine);
  EXPECT_EQ(hit_location(Aspect::kTop, 1), Location::kGun);
  EXPECT_EQ(hit_location(Aspect::kTop, 12), Location::kHullAndCrew);
  for (Aspect a : {Aspect::kFront, Aspect::kSide, Aspect::kRear, Aspect::kTop}) {
    EXPECT_EQ(hit_location(a, 20), Location::kCommanderKilled);
  }
  EXPECT_EQ(location_name(Location::kTurretAndCrew), "turret & crew");
}

TEST(BgmTables, BGM_LOC_02_SpecialHits) {
  EXPECT_TRUE(special_hit(75, false).automatic);
  EXPECT_TRUE(special_hit(50, false).automatic);
  EXPECT_FALSE(special_hit(37, false).automatic);
  EXPECT_EQ(special_hit(37, false).die_modifier, 2);
  EXPECT_EQ(special_hit(105, true).die_modifier, 2) << "every HE round rolls with +2";
}

TEST(BgmTables, BGM_VDMG_07_08_DamageTables) {
  EXPECT_EQ(penetration_damage(1), PenDamage::kCatastrophic);
  EXPECT_EQ(penetration_damage(4), PenDamage::kDestroyedOneMorale);
  EXPECT_EQ(penetration_damage(10), PenDamage::kDestroyedFullMorale);
  EXPECT_EQ(penetration_damage(15), PenDamage::kHeavy);
  EXPECT_EQ(penetration_damage(18), PenDamage::kModerate);
  EXPECT_EQ(penetration_damage(20), PenDamage::kLight);
  EXPECT_EQ(turns_out_of_action(PenDamage::kHeavy), 3);
  EXPECT_EQ(turns_out_of_action(PenDamage::kLight), 1);
  EXPECT_EQ(non_penetration_damage(1), NonPenDamage::kPenetratesAfterAll);
  EXPECT_EQ(non_penetration_damage(4), NonPenDamage::kImmobilized);
  EXPECT_EQ(non_penetration_damage(7), NonPenDamage::kCrewLightWound);
  EXPECT_EQ(non_penetration_damage(9), NonPenDamage::kEngineSuspension);
  EXPECT_EQ(non_penetration_damage(10), NonPenDamage::kCommander);
  EXPECT_EQ(non_penetration_damage(11), NonPenDamage::kNoEffect);
}

TEST(BgmTables, BGM_CREW_02_CrewSelection) {
  EXPECT_EQ(crew_struck(Aspect::kFront, false, false, 3), Crewman::kDriver);
  EXPECT_EQ(crew_struck(Aspect::kFront, false, false, 4), Crewman::kAssistantDriver);
  EXPECT_EQ(crew_struck(Aspect::kFront, true, false, 3), Crewman::kCommander) << "front turret as top turret (GAP)";
  EXPECT_EQ(crew_struck(Aspect::kSide, false, false, 1), Crewman::kAssistantDriver);
  EXPECT_EQ(crew_struck(Aspect::kSide, true, false, 1), Crewman::kGunner);
  EXPECT_EQ(crew_struck(Aspect::kRear, false, false, 5), Crewman::kCommander);
  EXPECT_EQ(crew_struck(Aspect::kRear, true, false, 6), Crewman::kGunner);
  EXPECT_EQ(crew_struck(Aspect::kTop, true, false, 2), Crewman::kLoader);
}

TEST(BgmTables, BGM_SA_03_SmallArmsBandsColumnsAndRates) {
  EXPECT_EQ(rate_of_fire(SmallArm::kSmg), 4);
  EXPECT_EQ(rate_of_fire(SmallArm::kPistol), 2);
  EXPECT_EQ(sa_band(SmallArm::kPistol, 1)->column, 'C');
  EXPECT_EQ(sa_band(SmallArm::kPistol, 8)->column, 'H');
  EXPECT_FALSE(sa_band(SmallArm::kPistol, 8.5)) << "beyond extreme: no shot (BGM-SA-07)";
  EXPECT_EQ(sa_band(SmallArm::kAssaultRifle, 60)->column, 'G');
  EXPECT_EQ(sa_band(SmallArm::kHeavyMg, 30)->column, 'A');
  EXPECT_EQ(sa_band(SmallArm::kMmg, 80)->band, SaBand::kExtreme);
  EXPECT_EQ(men_modifier(1), 3);
  EXPECT_EQ(men_modifier(2), 3);
  EXPECT_EQ(men_modifier(3), 0) << "complete pairs only (GAP-BGM-SA-01)";
  EXPECT_EQ(men_modifier(5), -2);
  EXPECT_EQ(assault_men_modifier(1), 4);
}

TEST(BgmTables, BGM_DMG_02_ColumnShift) {
  EXPECT_EQ(shift_column('C'), 'B');
  EXPECT_EQ(shift_column('H'), 'G');
  EXPECT_EQ(shift_column('A'), 'A') << "nothing is more lethal than A";
}

TEST(BgmTables, BGM_ASLT_07_AssaultTableWithTheDecidedCells) {
  const auto closed = assault(AssaultTarget::kClosedAfv, 5);
  EXPECT_TRUE(closed.immobilized);
  EXPECT_EQ(closed.hits, 2);
  EXPECT_EQ(closed.column, 'C');
  EXPECT_TRUE(assault(AssaultTarget::kClosedAfv, 3).destroyed_or_silenced);
  EXPECT_TRUE(assault(AssaultTarget::kClosedAfv, 12).morale_check);
  EXPECT_EQ(assault(AssaultTarget::kClosedAfv, 15).hits, 0);
  const auto open = assault(AssaultTarget::kOpenAfv, 6);
  EXPECT_TRUE(open.destroyed_or_silenced);
  EXPECT_EQ(open.hits, 3);
  EXPECT_EQ(assault(AssaultTarget::kStoneBuilding, 9).column, 'F');
  EXPECT_EQ(assault(AssaultTarget::kBunker, 5).hits, 2) << "lost cell, decided 2 'C' hits";
  EXPECT_FALSE(assault(AssaultTarget::kBunker, 12).morale_check) << "lost cell, decided no effect";
  EXPECT_TRUE(assault(AssaultTarget::kInfantry, 20).half_morale_check);
  EXPECT_EQ(assault(AssaultTarget::kInfantry, 12).column, 'E');
}

}  // namespace
}  // namespace sandtable::bg::mods
