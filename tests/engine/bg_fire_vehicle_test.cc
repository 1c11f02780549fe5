// Battleground vehicles and emplacements in combat (BG-VEH-02..12, BG-EMP-01/03, BG-VMOV-08,
// BG-OPT-01, BG-DX-07/08).
#include "engine/rulesets/bg/bg_combat_util.h"
#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {
namespace {

// Axis medium tank "t" at (10, 10) facing north (weapons mg1 bow, mg2 turret, heavy_gun3).
Sc tanks() {
  Sc sc;
  sc.vehicle(0, "t", "medium_tank", 10, 10, 0);
  sc.vehicle(1, "v", "medium_tank", 10, 25, 180);
  return sc;
}

TG axis_shooting(const Sc& sc) {
  TG t(sc.s);
  t.draw(card(C, 9));
  return t;
}

// BG-DX-08 / BG-VEH-06: heavy gun 2 net doubled to 4; D6 3 + 4 = 7 destroys (BG-VEH-12).
TEST(BgFireVehicle, MainGunDoublingDestroys) {
  TG t = axis_shooting(tanks());
  // 4 blue 5 6 2 2; 4 red 2 3 4 5; damage d6 3.
  auto o = run_dice(t, shoot_cmd("axis", "t", "v", "heavy_gun3"), d6s({5, 6, 2, 2, 2, 3, 4, 5, 3}));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  const auto* a = attack_of(o);
  EXPECT_EQ(a->blue(), 4);
  EXPECT_EQ(a->red(), 4);  // GAP-BG-VEH-03 medium tank
  EXPECT_TRUE(a->doubled());
  EXPECT_EQ(a->net(), 4);
  EXPECT_TRUE(t.u("v").destroyed);
}

// BG-VEH-05: machine guns cannot harm armour.
TEST(BgFireVehicle, MachineGunAgainstArmourRefused) {
  TG t = axis_shooting(tanks());
  EXPECT_EQ(t.refused(shoot_cmd("axis", "t", "v", "mg2")), "BG_MG_VS_ARMOUR");
}

// BG-VEH-10: bow weapons fire into the 90-degree front arc only; turrets anywhere.
// BG-VEH-11: several weapons at different targets in one action, each resolved separately.
TEST(BgFireVehicle, BowArcTurretAndSeveralTargets) {
  Sc sc = tanks();
  sc.inf(1, "e", 4, 20, 11, 1, 0, "C", 270);
  TG t = axis_shooting(sc);
  EXPECT_EQ(t.refused(shoot_cmd("axis", "t", "e", "mg1")), "BG_OUT_OF_ARC");
  BgOrder c = shoot_cmd("axis", "t", "e", "mg2");
  auto* s2 = c.mutable_bg()->mutable_shoot()->add_shots();
  s2->set_target_id("v");
  s2->set_weapon_id("heavy_gun3");
  auto o = run_dice(t, c, d6s({2, 2, 2, 2, 2, 2, 2, 2, 2, 2}));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  int attacks = 0;
  for (const auto& e : o.events) attacks += has_bg(e) && bg_of(e).has_attack();
  EXPECT_EQ(attacks, 2);
}

// BG-VEH-01: a vehicle is attacked with the same dice procedure as a unit (white per two
// figures + leader, red for its protection, 1s cancel, hit faces hit).
// BG-DX-07 / BG-VEH-02: 8 figures with a leader, no HW, vs a 3-red tank: 5 white + 3 red; net 3
// halved to 1; D6 6 + 1 = 7 cannot destroy on this first attack; second D6 2 -> immobilized.
TEST(BgFireVehicle, InfantryWithoutHwAgainstTank) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1, 0);
  sc.vehicle(1, "v", "medium_tank", 10, 18, 180).add_attributes("armour=3");
  TG t = axis_shooting(sc);
  auto o = run_dice(t, shoot_cmd("axis", "a", "v"), d6s({5, 6, 6, 2, 3, 2, 3, 4, 6, 2}));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  const auto* a = attack_of(o);
  EXPECT_EQ(a->white(), 5);
  EXPECT_EQ(a->red(), 3);
  EXPECT_TRUE(a->halved());
  EXPECT_EQ(a->net(), 1);
  EXPECT_FALSE(t.u("v").destroyed);
  EXPECT_TRUE(t.u("v").vehicle->immobilized);
}

// BG-VEH-08: a shot from behind a vehicle's centreline gets +1 blue.
TEST(BgFireVehicle, FlankShotAtVehicle) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10, 1, 1);
  sc.vehicle(1, "v", "truck", 10, 18, 0);
  TG t = axis_shooting(sc);
  auto o = t.ok(shoot_cmd("axis", "a", "v"), {2, 2, 2, 2, 2, 2});
  EXPECT_TRUE(attack_of(o)->flank());
  EXPECT_EQ(attack_of(o)->blue(), 2);  // HW + flank
  EXPECT_EQ(attack_of(o)->red(), 1);   // BG-VEH-03: trucks 1 red, unarmoured
  EXPECT_FALSE(attack_of(o)->halved());
}

// BG-EMP-01/03: an MG nest has 2 red; 2 net hits in total destroy it.
TEST(BgFireVehicle, EmplacementDestroyedByTwoHits) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.vehicle(1, "n", "mg_nest", 10, 18, 180);
  TG t = axis_shooting(sc);
  auto o = run_dice(t, shoot_cmd("axis", "a", "n"), d6s({5, 6, 2, 2, 3}));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(attack_of(o)->red(), 2);
  EXPECT_TRUE(t.u("n").destroyed);
}

// BG-EMP-01: an emplacement shoots with 1 white + 1 blue.
TEST(BgFireVehicle, EmplacementShoots) {
  Sc sc;
  sc.vehicle(0, "n", "mg_nest", 10, 10, 0);
  sc.inf(1, "e", 4, 10, 18, 1, 0, "C", 180);
  TG t = axis_shooting(sc);
  auto o = t.ok(shoot_cmd("axis", "n", "e"), {2, 2});
  EXPECT_EQ(attack_of(o)->white(), 1);
  EXPECT_EQ(attack_of(o)->blue(), 1);
}

// BG-VMOV-08: a tank driving through infantry fires one MG (2 white) at it; usual red dice.
TEST(BgFireVehicle, OverrunMachineGunShot) {
  Sc sc;
  sc.vehicle(0, "t", "medium_tank", 10, 3, 0);
  sc.inf(1, "e", 4, 10, 12, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  BgOrder c = vmove("axis", "t", 3, {{10, 20}}, 0);
  c.mutable_bg()->mutable_vehicle_move()->set_overrun_weapon_id("mg2");
  // movement 6 6 5; MG white 5 2 -> 1 net; pick d6 2 -> e-f1.
  auto o = run_dice(t, c, d6s({6, 6, 5, 5, 2, 2}));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  ASSERT_NE(attack_of(o), nullptr);
  EXPECT_EQ(attack_of(o)->purpose(), "overrun");
  EXPECT_EQ(attack_of(o)->white(), 2);
  EXPECT_FALSE(t.u("e").figures[1].alive);
}

// BG-OPT-01: detailed armour by the hull's diagonals, and then no flank blue die.
TEST(BgFireVehicle, DetailedArmourQuarters) {
  bg::BgState st;
  st.options.detailed_armour = true;
  bg::Unit v;
  v.kind = bg::UnitKind::kVehicle;
  v.position = {0, 0};
  bg::Vehicle veh;
  veh.armour_front = 5;
  veh.armour_side = 3;
  veh.armour_rear = 1;
  v.vehicle = veh;
  EXPECT_EQ(bg::protection(st, v, {0, 10}, {0, 0}).red, 5);
  EXPECT_EQ(bg::protection(st, v, {10, 0}, {0, 0}).red, 3);
  EXPECT_EQ(bg::protection(st, v, {0, -10}, {0, 0}).red, 1);
  EXPECT_FALSE(bg::is_flank(st, v, {0, -10}));
  st.options.detailed_armour = false;
  EXPECT_TRUE(bg::is_flank(st, v, {0, -10}));
  EXPECT_EQ(bg::protection(st, v, {0, -10}, {0, 0}).red, veh.armour);
}

// BG-MOVE-13 with BG-MOVE-14 and BG-OPT-01: a dug-in vehicle has no side or rear: from every
// direction it shows its front armour (5) plus the dug-in red die (1), and no flank die.
TEST(BgFireVehicle, DugInVehicleHasNoSideOrRearArmour) {
  bg::BgState st;
  st.options.detailed_armour = true;
  bg::Unit v;
  v.kind = bg::UnitKind::kVehicle;
  v.position = {0, 0};
  v.markers.dug_in = true;
  bg::Vehicle veh;
  veh.armour_front = 5;
  veh.armour_side = 3;
  veh.armour_rear = 1;
  v.vehicle = veh;
  EXPECT_EQ(bg::protection(st, v, {0, 10}, {0, 0}).red, 6);
  EXPECT_EQ(bg::protection(st, v, {10, 0}, {0, 0}).red, 6);
  EXPECT_EQ(bg::protection(st, v, {0, -10}, {0, 0}).red, 6);
  st.options.detailed_armour = false;
  EXPECT_FALSE(bg::is_flank(st, v, {0, -10}));
}

// BG-MINE-05/06: mines roll white dice hitting on 6 only, no red dice; an armoured vehicle is
// immobilized by 2+ net hits (not through BG-VEH-12); BG-MINE-07 hits on infantry are random.
TEST(BgFireVehicle, MinefieldAttack) {
  Sc sc = tanks();
  sc.inf(1, "e", 4, 30, 20, 1, 0, "C", 180);
  TG t(sc.s);
  BgState st = t.st();
  TableDice td;
  for (int v : {6, 6, 5}) td.push(pb::DIE_KIND_D6, v);
  Context ctx(rules(), st, td);
  bg::minefield_attack(ctx, st, "v", "m1", 3);
  EXPECT_TRUE(st.find("v")->vehicle->immobilized);
  EXPECT_FALSE(st.find("v")->destroyed);
  for (int v : {6, 2, 2, 3}) td.push(pb::DIE_KIND_D6, v);  // 1 hit; casualty d6 3 of 4 -> e-f2
  bg::minefield_attack(ctx, st, "e", "m1", 3);
  EXPECT_EQ(st.find("e")->living(), 3);
  EXPECT_FALSE(st.find("e")->figures[2].alive);
}

}  // namespace
}  // namespace sandtable::bgtest
