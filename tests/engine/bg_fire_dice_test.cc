// Battleground shooting arithmetic as pure functions: dice pools, resolution, the hit ladder,
// shooters, vehicle damage tables (BG-FIRE-*, GAP-BG-FIRE-01, BG-VEH-02/06/12..14, BG-EX-02,
// BG-DX-07..09).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_tables.h"

namespace sandtable::bg {
namespace {

Unit infantry(int rifles, int leaders, int hws, Grade g = Grade::kC) {
  Unit u;
  u.id.assign(1, 'u');  // GCC 12 misreports string literal assignment here (-Wrestrict)
  u.grade = g;
  for (int i = 0; i < leaders + hws + rifles; ++i) {
    Figure f;
    f.id = std::to_string(i);
    f.id.insert(f.id.begin(), 'f');
    f.kind = i < leaders ? FigureKind::kLeader : i < leaders + hws ? FigureKind::kHeavyWeapon : FigureKind::kRifle;
    u.figures.push_back(f);
  }
  return u;
}

// BG-EX-02: grade C, 9 figures incl. 2 leaders and 2 HWs, target in a house (2) and dug in (+1).
TEST(BgFireDice, NineFigureExamplePoolAndNetHits) {
  Options o;
  const Unit u = infantry(5, 2, 2);
  const Shooters s = count_shooters(o, u, TargetClass::kInfantry, 8);
  DicePool p = infantry_dice(s, false, false, false);
  p.red = 2 + kDugInRed;
  p.hit_from = hit_from(o, Grade::kC, 0);
  // BG-FIRE-07: ceil(9/2) = 5 + 1 leader = 6 white; 2 blue (HWs); 3 red.
  EXPECT_EQ(p.white, 6);
  EXPECT_EQ(p.blue, 2);
  EXPECT_EQ(p.red, 3);
  // Every a, b, c in {2,3,4} and d in {2..5} gives hits 3, cancels 2, net 1.
  for (int a = 2; a <= 4; ++a) {
    for (int d = 2; d <= 5; ++d) {
      const std::vector<int> white{5, 6, 1, a, 4, 3}, blue{5, 1}, red{6, 1, d};
      const Resolution r = resolve(p, white, blue, red);
      EXPECT_EQ(r.hits, 3);
      EXPECT_EQ(r.cancels, 2);
      EXPECT_EQ(r.net, 1);
    }
  }
}

// BG-FIRE-02, BG-FIRE-03, BG-FIRE-04, BG-FIRE-05: white 1 cancels; blue hit faces hit and its 1s
// are ignored; red 1s cancel and every other red face (hit faces too) is ignored; net floors at 0.
TEST(BgFireDice, DieColoursAndNetFloor) {
  DicePool p;
  p.hit_from = 5;
  // BG-FIRE-03: blue 5 and 6 hit at 5-6; 1, 2 and 4 neither hit nor cancel.
  const Resolution b = resolve(p, std::vector<int>{}, std::vector<int>{5, 6, 1, 2, 4}, std::vector<int>{});
  EXPECT_EQ(b.hits, 2);
  EXPECT_EQ(b.cancels, 0);
  EXPECT_EQ(b.net, 2);
  // BG-FIRE-04: red 1, 1 cancel two; red 5 and 6 are not hits and 2..4 do nothing.
  const Resolution r4 = resolve(p, std::vector<int>{5, 6, 6}, std::vector<int>{}, std::vector<int>{1, 1, 5, 6, 2, 3, 4});
  EXPECT_EQ(r4.hits, 3);
  EXPECT_EQ(r4.cancels, 2);
  EXPECT_EQ(r4.net, 1);
  EXPECT_EQ(resolve(p, std::vector<int>{1}, std::vector<int>{}, std::vector<int>{}).cancels, 1);  // white 1
  EXPECT_EQ(resolve(p, std::vector<int>{}, std::vector<int>{1}, std::vector<int>{}).cancels, 0);  // blue 1
  EXPECT_EQ(resolve(p, std::vector<int>{}, std::vector<int>{}, std::vector<int>{6}).hits, 0);     // red 6
  const Resolution r = resolve(p, std::vector<int>{6}, std::vector<int>{}, std::vector<int>{1, 1, 1});
  EXPECT_EQ(r.net, 0);  // BG-FIRE-05: surplus cancels do nothing
}

// GAP-BG-FIRE-01: A 3-6, B 4-6, C 5-6, D 6; each penalty removes the lowest face; "bg.grade_b"
// = "5-6" makes B hit like C.
TEST(BgFireDice, HitLadderAndLiteralSwitch) {
  Options o;
  EXPECT_EQ(hit_from(o, Grade::kA, 0), 3);
  EXPECT_EQ(hit_from(o, Grade::kB, 0), 4);
  EXPECT_EQ(hit_from(o, Grade::kC, 0), 5);
  EXPECT_EQ(hit_from(o, Grade::kD, 0), 6);
  // BG-FIRE-06: a grade-D unit that ran cannot hit; B with two penalties shoots as D.
  EXPECT_EQ(hit_from(o, Grade::kD, 1), 7);
  EXPECT_EQ(hit_from(o, Grade::kB, 2), 6);
  DicePool p;
  p.hit_from = hit_from(o, Grade::kD, 1);
  EXPECT_EQ(resolve(p, std::vector<int>{6, 6}, std::vector<int>{6}, std::vector<int>{}).hits, 0);
  o.grade_b_literal = true;
  EXPECT_EQ(hit_from(o, Grade::kB, 0), 5);
}

// BG-FIRE-07 leader counts once; BG-FIRE-12 flank +1 blue; BG-FIRE-11 assault +50% rounded up of
// the figure dice only; BG-FIRE-17 +1 white against a road-marked target.
TEST(BgFireDice, PoolExtras) {
  Shooters s{7, 2, 1};
  DicePool p = infantry_dice(s, true, false, false);
  EXPECT_EQ(p.white, 4 + 1);
  EXPECT_EQ(p.blue, 1 + 1);
  p = infantry_dice(s, false, true, false);
  EXPECT_EQ(p.white, 4 + 2 + 1);  // ceil(4 * 0.5) = 2, leader die not raised
  p = infantry_dice(Shooters{5, 0, 0}, false, true, true);
  EXPECT_EQ(p.white, 3 + 2 + 1);  // ceil(3 * 0.5) = 2; road +1
}

// BG-FIRE-16 medics and BG-FIRE-13 guards (one per four prisoners) do not shoot.
TEST(BgFireDice, MedicsAndGuardsDoNotShoot) {
  Options o;
  Unit u = infantry(4, 1, 0);
  Figure m;
  m.id = "m";
  m.kind = FigureKind::kMedic;
  u.figures.push_back(m);
  EXPECT_EQ(count_shooters(o, u, TargetClass::kInfantry, 5).figures, 5);
  for (int i = 0; i < 5; ++i) {
    Figure p;
    p.id = std::to_string(i);
    p.id.insert(p.id.begin(), 'p');
    p.prisoner = true;
    u.figures.push_back(p);
  }
  EXPECT_EQ(count_shooters(o, u, TargetClass::kInfantry, 5).figures, 3);  // 5 prisoners: 2 guards
}

// BG-OPT-02: anti-personnel HWs do not count against armour, anti-armour not against infantry,
// flame against everything; BG-OPT-03 AT and flame reach 6" only.
TEST(BgFireDice, SpecialisedHeavyWeapons) {
  Options o;
  o.specialised_hw = true;
  Unit u = infantry(3, 0, 3);
  u.figures[0].hw = HwRole::kAntiPersonnel;
  u.figures[1].hw = HwRole::kAntiArmour;
  u.figures[2].hw = HwRole::kFlame;
  EXPECT_EQ(count_shooters(o, u, TargetClass::kInfantry, 10).hw, 2);
  EXPECT_EQ(count_shooters(o, u, TargetClass::kArmouredVehicle, 10).hw, 2);
  EXPECT_EQ(count_shooters(o, u, TargetClass::kUnarmouredVehicle, 10).hw, 3);
  EXPECT_EQ(count_shooters(o, u, TargetClass::kInfantry, 10).figures, 6);  // still shoot as figures
  o.short_range_weapons = true;
  EXPECT_EQ(count_shooters(o, u, TargetClass::kArmouredVehicle, 10).hw, 0);
  EXPECT_EQ(count_shooters(o, u, TargetClass::kArmouredVehicle, 6).hw, 2);
  o.specialised_hw = false;
  EXPECT_EQ(count_shooters(o, u, TargetClass::kArmouredVehicle, 10).hw, 3);
}

// BG-DX-07: C unit of 8 incl. 1 leader, no HW, vs a 3-red tank: 5 white + 3 red; 3 net -> 1.
TEST(BgFireDice, InfantryWithoutHwHalvesAgainstArmour) {
  Options o;
  const Unit u = infantry(7, 1, 0);
  DicePool p = infantry_dice(count_shooters(o, u, TargetClass::kArmouredVehicle, 5), false, false, false);
  EXPECT_EQ(p.white, 5);
  p.red = 3;
  p.halve = true;
  p.hit_from = 5;
  EXPECT_EQ(resolve(p, std::vector<int>{5, 6, 6, 2, 3}, std::vector<int>{}, std::vector<int>{2, 3, 4}).net, 1);
  // BG-VEH-12 exception: D6 6 + 1 = 7 still does not destroy; the second die decides the type.
  Vehicle v;
  EXPECT_TRUE(vehicle_needs_second(v, 1, true, 6));
  const VehicleDamage d = vehicle_damage(v, 1, true, 6, 2);
  EXPECT_FALSE(d.destroyed);
  EXPECT_TRUE(d.immobilized);
}

// BG-DX-08 / BG-VEH-06: heavy gun 2 net vs armour doubled to 4; D6 3 + 4 = 7 destroys, 2 + 4 not.
TEST(BgFireDice, MainGunDoublingAndFirstDamage) {
  DicePool p;
  p.blue = 4;
  p.hit_from = 5;
  p.double_hits = true;
  EXPECT_EQ(resolve(p, std::vector<int>{}, std::vector<int>{5, 6, 2, 2}, std::vector<int>{}).net, 4);
  Vehicle v;
  EXPECT_TRUE(vehicle_damage(v, 4, false, 3, 0).destroyed);
  EXPECT_FALSE(vehicle_needs_second(v, 4, false, 3));
  // BG-VEH-12: total < 7, second die 1-2 immobilized, 3-6 half weapons.
  EXPECT_TRUE(vehicle_damage(v, 4, false, 2, 2).immobilized);
  EXPECT_TRUE(vehicle_damage(v, 4, false, 2, 3).half_weapons);
}

// BG-DX-09 / BG-VEH-13: an immobilized tank hit once needs D6 4+; then 1 = also half weapons,
// 2-6 = destroyed. BG-VEH-14: fully damaged, a 1 does nothing more.
TEST(BgFireDice, DamagedVehicleTable) {
  Vehicle v;
  v.immobilized = true;
  EXPECT_FALSE(vehicle_needs_second(v, 1, false, 3));
  EXPECT_FALSE(vehicle_damage(v, 1, false, 3, 6).destroyed);
  EXPECT_TRUE(vehicle_needs_second(v, 1, false, 4));
  const VehicleDamage one = vehicle_damage(v, 1, false, 4, 1);
  EXPECT_TRUE(one.half_weapons);
  EXPECT_FALSE(one.destroyed);
  EXPECT_TRUE(vehicle_damage(v, 1, false, 4, 2).destroyed);
  v.half_weapons = true;
  const VehicleDamage full = vehicle_damage(v, 1, false, 4, 1);
  EXPECT_FALSE(full.destroyed || full.immobilized || full.half_weapons);
  EXPECT_TRUE(vehicle_damage(v, 1, false, 4, 6).destroyed);
}

// BG-FIRE-02/03/04 with BG-EX-02's faces, as the dice tray tells them: a white or blue 5 or 6
// hits for grade C; a white 1 and a red 1 cancel; a blue 1 and a red 6 do nothing.
TEST(BgFireDice, BG_FIRE_02_03_04_TrayTellsWhatEachFaceDid) {
  std::vector<pb::DieRoll> dice;
  auto add = [&](const char* label, int v) {
    pb::DieRoll d;
    d.set_label(label);
    d.set_value(v);
    dice.push_back(d);
  };
  for (int v : {5, 6, 1, 2, 3, 4}) add("white", v);
  for (int v : {5, 1}) add("blue", v);
  for (int v : {6, 1, 3}) add("charge test red", v);
  add("save f1", 1);  // not a pool die: left alone
  tell_pool_faces(dice, 5);
  std::vector<std::string> said;
  for (const auto& d : dice) said.push_back(d.colour() + ":" + d.meaning());
  EXPECT_EQ(said, (std::vector<std::string>{"white:hit", "white:hit", "white:cancels a hit", "white:no effect", "white:no effect",
                                            "white:no effect", "blue:hit", "blue:no effect", "red:no effect", "red:cancels a hit",
                                            "red:no effect", ":"}));
  // Told once: a later call (the next pool of the same command) leaves them as they are.
  dice[0].set_value(1);
  tell_pool_faces(dice, 5);
  EXPECT_EQ(dice[0].meaning(), "hit");
}

}  // namespace
}  // namespace sandtable::bg
