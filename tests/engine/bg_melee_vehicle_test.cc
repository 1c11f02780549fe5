// Battleground: vehicles in melee (BG-MEL-15/16), their prisoners (BG-PRIS-06, BG-PRIS-05) and
// emplacements that cannot be charged (BG-EMP-02).
#include "tests/engine/bg_fire_util.h"
#include "tests/engine/bg_melee_test_util.h"

namespace sandtable::bgtest {
namespace {

using bg::com;

const pb::BgChargeMoved* charge_moved(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_charge_moved(); });
  return e ? &e->charge_moved() : nullptr;
}
const pb::BgMeleeEnded* ended(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_ended(); });
  return e ? &e->melee_ended() : nullptr;
}
std::vector<pb::BgAttack> attacks(const Outcome& o) {
  std::vector<pb::BgAttack> out;
  for (const auto& e : o.events) {
    if (bg_of(e).has_attack()) out.push_back(bg_of(e).attack());
  }
  return out;
}

// Axis infantry "a" (8 figures, 1 leader) at (10, 10) facing north; an Allied medium tank "v"
// (bow mg1, turret mg2, heavy_gun3; armour 4) 10" north, facing `v_facing`.
TG infantry_charges_tank(double v_facing, std::vector<int> test_dice) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1);
  sc.vehicle(1, "v", "medium_tank", 10, 20, v_facing);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "v"), std::move(test_dice));
  return t;
}

// BG-MEL-15: infantry may charge a vehicle. From behind: the test has the flank blue die and the
// tank's 4 red dice; with no HW its net hits are halved as in shooting (GAP-BG-MEL-01, BG-VEH-02):
// two hits, halved to one, pass (8 figures > 0). In the melee's first round the infantry
// shoot at the tank with every hit counting although they have no HW (no halving, and the
// BG-VEH-12 first-kill bar does not apply): 5 white + 1 blue (came from behind); 4 net hits and
// a 3 make 7: destroyed. The tank fires back at the same time with every weapon but its bow MG
// (silent in the first round when attacked from behind).
TEST(BgMeleeVehicle, InfantryChargeATankFromBehindAndDestroyIt) {
  // Test: white 5,5,2,2,2; blue (flank) 2; red 2,2,2,2: two hits, halved to one.
  TG t = infantry_charges_tank(0, {5, 5, 2, 2, 2, 2, 2, 2, 2, 2});
  ASSERT_EQ(t.st().decisions.size(), 1u);
  auto o = t.ok(answer(t, "allies", "none"), {4, 3, 3});  // 10: reaches the hull centre
  ASSERT_NE(charge_moved(o), nullptr);
  EXPECT_TRUE(charge_moved(o)->reached());
  EXPECT_TRUE(charge_moved(o)->from_behind());
  // In contact behind the hull (y 18.5..21.5), not on it.
  EXPECT_LT(com(t.u("a")).y, 18.5);
  EXPECT_GT(com(t.u("a")).y, 15.0);
  ASSERT_EQ(t.st().melees.size(), 1u);
  EXPECT_TRUE(t.u("v").markers.melee);
  t.draw(make_joker(1));
  ASSERT_EQ(t.st().phase, bg::Phase::kMelee);
  const std::string id = t.st().melees[0].id;
  // Infantry: white 5,5,5,2,2 blue 5 red 2,2,2,2 -> 4 net; damage D6 3 -> 7 destroyed.
  // Tank: mg2 white 2,2; heavy_gun3 blue 2,2,2,2 -> nothing.
  auto f = t.ok(fight("axis", id), {5, 5, 5, 2, 2, 5, 2, 2, 2, 2, 3, 2, 2, 2, 2, 2, 2});
  const auto* r = TG::find(f, [](const pb::BgEvent& b) { return b.has_vehicle_melee_round(); });
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->vehicle_melee_round().round(), 1);
  EXPECT_TRUE(r->vehicle_melee_round().from_behind());
  const auto at = attacks(f);
  ASSERT_EQ(at.size(), 3u);
  EXPECT_EQ(at[0].attacker_id(), "a");
  EXPECT_EQ(at[0].white(), 5);
  EXPECT_EQ(at[0].blue(), 1);  // from behind, first round
  EXPECT_EQ(at[0].red(), 4);
  EXPECT_FALSE(at[0].halved());
  EXPECT_EQ(at[0].net(), 4);
  EXPECT_EQ(at[1].attacker_id(), "v");
  EXPECT_EQ(at[1].weapon_id(), "mg2");        // mg1 (bow) does not fire
  EXPECT_EQ(at[2].weapon_id(), "heavy_gun3");  // fires although the tank was just destroyed
  const auto* d = TG::find(f, [](const pb::BgEvent& b) { return b.has_vehicle_damaged(); });
  ASSERT_NE(d, nullptr);
  EXPECT_TRUE(d->vehicle_damaged().destroyed());
  ASSERT_NE(ended(f), nullptr);
  EXPECT_EQ(ended(f)->how(), "vehicle destroyed");
  EXPECT_EQ(ended(f)->winner_side(), "axis");
  EXPECT_TRUE(t.u("a").markers.ran);  // BG-MEL-11
  EXPECT_FALSE(t.u("a").markers.melee);
}

// BG-MEL-12 (vehicle defender): answering "shoot" fires every weapon that can bear at the
// charger (the bow MG too, the infantry coming from the front).
TEST(BgMeleeVehicle, ChargedTankShootsWithEveryWeapon) {
  TG t = infantry_charges_tank(180, {5, 5, 2, 2, 2, 2, 2, 2, 2});  // no flank die; 2 hits halved: 1
  ASSERT_EQ(t.st().decisions.size(), 1u);
  const auto& q = t.st().decisions.front();
  ASSERT_EQ(q.choices_size(), 4);
  EXPECT_EQ(q.choices(1).id(), "move");
  EXPECT_EQ(q.choices(2).id(), "shoot");
  EXPECT_EQ(q.choices(3).id(), "both");
  // mg1 white 2,2; mg2 white 2,2; heavy_gun3 blue 2,2,2,2; distance 6,6,6.
  auto o = t.ok(answer(t, "allies", "shoot"), {2, 2, 2, 2, 2, 2, 2, 2, 6, 6, 6});
  const auto at = attacks(o);
  ASSERT_EQ(at.size(), 3u);
  EXPECT_EQ(at[0].weapon_id(), "mg1");
  EXPECT_EQ(at[1].weapon_id(), "mg2");
  EXPECT_EQ(at[2].weapon_id(), "heavy_gun3");
  EXPECT_TRUE(charge_moved(o)->reached());
}

// BG-MEL-12: a vehicle may do both: it fires every weapon, then drives 2D6" straight away from
// the charger (3 + 4 = 7: from y 20 to 27, facing kept); the charge then needs 17".
TEST(BgMeleeVehicle, ChargedTankShootsThenDrivesAway) {
  TG t = infantry_charges_tank(180, {5, 5, 2, 2, 2, 2, 2, 2, 2});  // 2 hits, halved: 1
  // mg1 2,2; mg2 2,2; heavy_gun3 2,2,2,2; flee 3,4; distance 6,6,4 (16 < 17).
  auto shot = t.ok(answer(t, "allies", "both"), {2, 2, 2, 2, 2, 2, 2, 2, 3, 4});
  EXPECT_EQ(attacks(shot).size(), 3u);
  auto o = t.ok(answer(t, "allies", "straight"), {6, 6, 4});  // BG-MEL-14: flee straight away
  const auto* mv = TG::find(o, [](const pb::BgEvent& b) { return b.has_vehicle_moved(); });
  ASSERT_NE(mv, nullptr);
  EXPECT_EQ(mv->vehicle_moved().roll(), 7);
  EXPECT_NEAR(geom::distance(t.u("v").position, {10, 27}), 0, 1e-9);
  EXPECT_NEAR(bg::facing_degrees(t.u("v").facing), 180, 1e-9);
  ASSERT_NE(charge_moved(o), nullptr);
  EXPECT_EQ(charge_moved(o)->roll(), 16);
  EXPECT_FALSE(charge_moved(o)->reached());
  EXPECT_TRUE(t.st().melees.empty());
}

// Axis medium tank "v" at (10, 10) facing north charges Allied "e" (4 rifles) 10" north.
TG tank_charges(std::vector<int> distance) {
  Sc sc;
  sc.vehicle(0, "v", "medium_tank", 10, 10, 0);
  sc.inf(1, "e", 4, 10, 20, 0, 0, "C", 180);
  sc.inf(1, "at", 4, 20, 21, 1, 1, "C", 270);  // a bazooka team off to the side
  TG t(sc.s);
  t.draw(card(S, 9));
  auto o = t.ok(charge("axis", "v", "e"));  // BG-MEL-16: no charge test for a vehicle
  const auto* d = TG::find(o, [](const pb::BgEvent& b) { return b.has_charge_declared(); });
  EXPECT_TRUE(d && d->charge_declared().passed());
  EXPECT_EQ(attacks(o).size(), 0u);
  t.ok(answer(t, "allies", "none"), std::move(distance));
  return t;
}

// BG-MEL-16: a charging vehicle rolls its maximum movement dice (3 for a tank) and risks
// immobilisation: three 1s (total 3) immobilise it where it stands; no melee.
TEST(BgMeleeVehicle, TankChargeRollsAllItsDiceAndMayBeImmobilized) {
  TG t = tank_charges({1, 1, 1});
  const auto* m = find_in(t.log, [](const pb::BgEvent& b) { return b.has_charge_moved(); });
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->charge_moved().roll(), 3);
  EXPECT_TRUE(m->charge_moved().immobilized());
  EXPECT_TRUE(t.u("v").vehicle->immobilized);
  EXPECT_NEAR(geom::distance(t.u("v").position, {10, 10}), 0, 1e-12);
  EXPECT_TRUE(t.st().melees.empty());
}

// BG-MEL-15/16, BG-PRIS-06: a tank that reaches (18 >= 10) melees the infantry; the infantry
// (defenders: no from-behind die) shoot 2 white vs 4 red, the tank fires all three weapons
// (bow included). Three rifles die (d6 picks), the last figure is non-standing: the tank's owner
// chooses to escort it as a prisoner; the group has no guards and is escorted by the tank.
// BG-PRIS-05: when the escorting tank is destroyed later, the prisoners are removed.
TEST(BgMeleeVehicle, TankBeatsInfantryEscortsThePrisonerAndLosesIt) {
  TG t = tank_charges({6, 6, 6});
  // It ends in contact, its hull (3" long) just short of the front figures at y = 20.
  EXPECT_NEAR(t.u("v").position.x, 10, 1e-9);
  EXPECT_GT(t.u("v").position.y, 17.0);
  EXPECT_LT(t.u("v").position.y, 18.5);
  ASSERT_EQ(t.st().melees.size(), 1u);
  t.draw(make_joker(1));
  const std::string id = t.st().melees[0].id;
  // e: white 2,2 red 2,2,2,2. v: mg1 5,5 (picks 1,1); mg2 5,2 (pick 1); heavy_gun3 2,2,2,2.
  auto f = t.ok(fight("allies", id), {2, 2, 2, 2, 2, 2, 5, 5, 1, 1, 5, 2, 1, 2, 2, 2, 2});
  EXPECT_EQ(attacks(f).size(), 4u);
  EXPECT_EQ(t.u("e").living_fighters(), 1);
  ASSERT_EQ(t.st().decisions.size(), 1u);
  EXPECT_EQ(t.st().decisions.front().kind(), "BG_VEHICLE_PRISONERS");
  EXPECT_EQ(t.st().decisions.front().seat(), "axis");
  auto o = t.ok(answer(t, "axis", "escort"));
  const auto* g = TG::find(o, [](const pb::BgEvent& b) { return b.has_prisoners(); });
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->prisoners().guards_size(), 0);
  ASSERT_EQ(g->prisoners().prisoners_size(), 1);
  EXPECT_EQ(g->prisoners().prisoners(0), "e-f3");
  EXPECT_EQ(g->prisoners().escort_vehicle(), "v");
  ASSERT_NE(ended(o), nullptr);
  EXPECT_EQ(ended(o)->winner_side(), "axis");
  EXPECT_TRUE(t.u("e").destroyed);
  const std::string gid = g->prisoners().group_id();
  EXPECT_FALSE(t.u(gid).destroyed);
  EXPECT_EQ(t.u(gid).escort_vehicle, "v");
  // Turn 2: the Allied bazooka team destroys the tank (3 white + 1 blue HW vs 4 red; 4 net, 3).
  t.draw(card(H, 5));
  t.ok(shoot_cmd("allies", "at", "v"), {5, 5, 5, 5, 2, 2, 2, 2, 3});
  EXPECT_TRUE(t.u("v").destroyed);
  EXPECT_TRUE(t.u(gid).destroyed);  // BG-PRIS-05: the escort is gone, so are the prisoners
}

// BG-PRIS-06: releasing is allowed (escorting is not compulsory); the figure stays free in its
// own non-standing unit (it may later join another, BG-COMB-06).
TEST(BgMeleeVehicle, TankMayReleaseThePrisoners) {
  TG t = tank_charges({6, 6, 6});
  t.draw(make_joker(1));
  t.ok(fight("allies", t.st().melees[0].id), {2, 2, 2, 2, 2, 2, 5, 5, 1, 1, 5, 2, 1, 2, 2, 2, 2});
  auto o = t.ok(answer(t, "axis", "release"));
  ASSERT_NE(ended(o), nullptr);
  EXPECT_EQ(ended(o)->how(), "released");
  EXPECT_EQ(TG::find(o, [](const pb::BgEvent& b) { return b.has_prisoners(); }), nullptr);
  EXPECT_FALSE(t.u("e").destroyed);
  EXPECT_EQ(t.u("e").living_fighters(), 1);
  EXPECT_FALSE(t.u("e").markers.melee);
  EXPECT_TRUE(t.st().melees.empty());
}

// BG-MEL-15: vehicles never melee each other; a vehicle does not join an infantry melee.
TEST(BgMeleeVehicle, VehiclesNeverMeleeEachOther) {
  Sc sc;
  sc.vehicle(0, "v", "medium_tank", 10, 10, 0);
  sc.vehicle(1, "w", "medium_tank", 10, 20, 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  EXPECT_EQ(t.refused(charge("axis", "v", "w")), "BG_VEHICLE_MELEE");
}

// BG-EMP-02: emplacement crews cannot be charged in melee, and never retreat (with the optional
// retreat rule on, a hit emplacement takes no morale test).
TEST(BgMeleeVehicle, EmplacementsCannotBeChargedNorRetreat) {
  Sc sc;
  sc.inf(0, "a", 8, 10, 10, 1, 1);
  sc.vehicle(1, "n", "mg_nest", 10, 18, 180);
  sc.option("bg.morale", "on");
  TG t(sc.s);
  t.draw(card(S, 9));
  EXPECT_EQ(t.refused(charge("axis", "a", "n")), "BG_EMPLACEMENT_MELEE");
  t.end_action("axis");
  t.draw(card(C, 9));  // Axis shoot: 5 white + 1 blue (HW) vs the nest's 2 red; one net hit
  auto o = t.ok(shoot_cmd("axis", "a", "n"), {5, 2, 2, 2, 2, 2, 2, 2});
  EXPECT_EQ(t.u("n").emplacement->hits, 1);
  EXPECT_EQ(TG::find(o, [](const pb::BgEvent& b) { return b.has_morale(); }), nullptr);
  EXPECT_NEAR(geom::distance(t.u("n").position, {10, 18}), 0, 1e-12);
}

}  // namespace
}  // namespace sandtable::bgtest
