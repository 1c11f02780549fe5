// Battleground vehicle movement, transports and cavalry (BG-VMOV-*, BG-MOVE-14..16, BG-CAV-*).
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {
namespace {

using bg::com;

Sc with(const std::string& type, double x = 10, double y = 10, double facing = 0) {
  Sc sc;
  sc.vehicle(0, "v", type, x, y, facing);
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  return sc;
}

TG moving(const Sc& sc) {
  TG t(sc.s);
  t.draw(card(S, 9));
  return t;
}

double pos_dist(const TG& t, const std::string& id, double x, double y) { return geom::distance(t.u(id).position, {x, y}); }

const pb::BgVehicleMoved* vmoved(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_vehicle_moved(); });
  return e ? &e->vehicle_moved() : nullptr;
}

// BG-DX-10 / BG-VMOV-01: a jeep rolling all 4 dice for a total of 4-6 is immobilized for good;
// with 3 dice there is no risk.
TEST(BgVehicle, JeepAllFourDiceLowTotalImmobilized) {
  TG t = moving(with("car"));
  auto o = t.ok(vmove("axis", "v", 4, {{10, 30}}), {1, 1, 2, 1});
  EXPECT_TRUE(vmoved(o)->immobilized());
  EXPECT_TRUE(t.u("v").vehicle->immobilized);
  EXPECT_NEAR(pos_dist(t, "v", 10, 10), 0, 1e-12);
  t.draw(card(S, 1));
  EXPECT_EQ(t.refused(vmove("axis", "v", 1, {{10, 30}}), {6}), "BG_IMMOBILIZED");
  TG u = moving(with("car"));
  o = u.ok(vmove("axis", "v", 3, {{10, 30}}), {1, 1, 1});
  EXPECT_FALSE(vmoved(o)->immobilized());
  EXPECT_NEAR(pos_dist(u, "v", 10, 10), 3.0, 1e-9);
}

// BG-DX-10 / BG-VMOV-02: a tank rolling all 3 dice for exactly 3 is immobilized.
TEST(BgVehicle, TankThreeOnesImmobilized) {
  TG t = moving(with("medium_tank"));
  auto o = t.ok(vmove("axis", "v", 3, {{10, 30}}), {1, 1, 1});
  EXPECT_TRUE(vmoved(o)->immobilized());
  TG u = moving(with("medium_tank"));
  EXPECT_EQ(u.refused(vmove("axis", "v", 4, {{10, 30}}), {1, 1, 1, 1}), "BG_VEHICLE_DICE");
  o = u.ok(vmove("axis", "v", 3, {{10, 30}}), {1, 1, 2});
  EXPECT_FALSE(vmoved(o)->immobilized());
  EXPECT_NEAR(pos_dist(u, "v", 10, 10), 4.0, 1e-9);
}

// BG-VMOV-04: +50% on a road, no marker.
TEST(BgVehicle, RoadBonusHalfAgain) {
  Sc sc = with("medium_tank");
  sc.area("road", "r", 9, 0, 11, 36);
  TG t = moving(sc);
  t.ok(vmove("axis", "v", 2, {{10, 30}}, 0, false, true), {3, 3});
  EXPECT_NEAR(pos_dist(t, "v", 10, 10), 9.0, 1e-9);
  EXPECT_FALSE(t.u("v").markers.road);
}

// BG-VMOV-05: tracked vehicles pay 3" per 90 degrees of heading change; wheeled pay none.
TEST(BgVehicle, TrackedTurningCost) {
  TG t = moving(with("medium_tank"));
  auto o = t.ok(vmove("axis", "v", 2, {{30, 10}}, 90), {6, 6});
  EXPECT_DOUBLE_EQ(vmoved(o)->turn_cost(), 3.0);
  EXPECT_NEAR(pos_dist(t, "v", 10, 10), 9.0, 1e-9);
  TG w = moving(with("car"));
  o = w.ok(vmove("axis", "v", 2, {{30, 10}}, 90), {6, 6});
  EXPECT_DOUBLE_EQ(vmoved(o)->turn_cost(), 0.0);
  EXPECT_NEAR(pos_dist(w, "v", 10, 10), 12.0, 1e-9);
  // 180 degrees costs 6" even when spread over the move (north -> east -> south).
  EXPECT_EQ(bg::total_turn_degrees(geom::Facing::from_degrees(0), {{10, 10}, {20, 10}}, geom::Facing::from_degrees(180), false), 180);
  bg::Options opt;
  EXPECT_DOUBLE_EQ(bg::tracked_turn_cost(opt, 180), 6.0);
  EXPECT_DOUBLE_EQ(bg::tracked_turn_cost(opt, 45), 1.5);
  opt.tracked_turn_quarters = true;  // "bg.tracked_turn" = "quarters"
  EXPECT_DOUBLE_EQ(bg::tracked_turn_cost(opt, 45), 3.0);
}

// BG-VMOV-06: reversing moves a third of the roll.
TEST(BgVehicle, ReverseAtAThird) {
  TG t = moving(with("medium_tank"));
  auto o = t.ok(vmove("axis", "v", 2, {{10, 0.5}}, 0, true), {6, 6});
  EXPECT_DOUBLE_EQ(vmoved(o)->turn_cost(), 0.0);  // backing straight: no heading change
  EXPECT_NEAR(pos_dist(t, "v", 10, 10), 4.0, 1e-9);
}

// BG-VMOV-07/08, BG-MOVE-10: a tank may pass through enemy infantry (listed for the MG shot) but
// may not end on it; a car may not pass; no vehicle passes another vehicle.
TEST(BgVehicle, OverrunNoRammingNoPassingVehicles) {
  Sc sc = with("medium_tank");
  sc.inf(1, "inf", 4, 10, 16, 1, 0, "C", 180);
  sc.vehicle(0, "truck", "truck", 30, 16);
  TG t = moving(sc);
  // Ending on the infantry is not allowed: the tank stops short of it (BG-VMOV-03 as far as possible).
  auto s = t.ok(vmove("axis", "v", 1, {{10, 16.5}}), {6});
  EXPECT_FALSE(vmoved(s)->reached());
  EXPECT_LE(t.u("v").position.y + 1.5, 16 - 0.3125);  // the hull's front stays clear of the bases
  t.end_action("axis");
  t.draw(card(S, 1));
  auto o = t.ok(vmove("axis", "v", 3, {{10, 22}}), {6, 6, 6});
  ASSERT_EQ(vmoved(o)->overrun_units_size(), 1);
  EXPECT_EQ(vmoved(o)->overrun_units(0), "inf");
  Sc car = with("car");
  car.inf(1, "inf", 4, 10, 16, 1, 0, "C", 180);
  TG c = moving(car);
  EXPECT_EQ(c.refused(vmove("axis", "v", 3, {{10, 22}}), {6, 6, 6}), "BG_THROUGH_ENEMY");
  Sc block = with("medium_tank");
  block.vehicle(0, "truck", "truck", 10, 16);
  TG b = moving(block);
  EXPECT_EQ(b.refused(vmove("axis", "v", 3, {{10, 22}}), {6, 6, 6}), "BG_BLOCKED");
}

// BG-VMOV-09 / GAP-BG-TER-02: wheeled vehicles may not enter woods; tracked ones are halved.
TEST(BgVehicle, VehiclesInWoods) {
  Sc sc = with("car");
  sc.area("woods", "w", 0, 14, 30, 30);
  TG t = moving(sc);
  EXPECT_EQ(t.refused(vmove("axis", "v", 3, {{10, 20}}), {6, 6, 6}), "BG_VEHICLE_TERRAIN");
  Sc tk = with("medium_tank");
  tk.area("woods", "w", 0, 14, 30, 30);
  TG u = moving(tk);
  u.ok(vmove("axis", "v", 2, {{10, 30}}), {4, 4});
  EXPECT_NEAR(pos_dist(u, "v", 10, 10), 4.0 + 4.0 / 2, 1e-9);
}

// BG-TER-04: rivers are crossed at bridges; a light bridge is closed to heavy vehicles.
TEST(BgVehicle, BridgesAndHeavyVehicles) {
  auto scenario = [](const std::string& type) {
    Sc sc = with(type);
    sc.line("river", "river", {{0, 14}, {60, 14}});
    sc.area("bridge_light", "footbridge", 8, 12, 12, 16);
    return sc;
  };
  TG heavy = moving(scenario("heavy_tank"));
  EXPECT_EQ(heavy.refused(vmove("axis", "v", 3, {{10, 20}}), {6, 6, 6}), "BG_RIVER");
  TG medium = moving(scenario("medium_tank"));
  medium.ok(vmove("axis", "v", 3, {{10, 20}}), {6, 6, 6});
  EXPECT_NEAR(pos_dist(medium, "v", 10, 10), 10.0, 1e-9);
}

// BG-MOVE-14: a vehicle that starts dug in loses the bonus for good when it moves off.
TEST(BgVehicle, DugInVehicleLosesItByMoving) {
  Sc sc = with("medium_tank");
  sc.s.mutable_sides(0)->mutable_units(0)->add_attributes("dug_in");
  TG t = moving(sc);
  EXPECT_TRUE(t.u("v").markers.dug_in);
  t.ok(vmove("axis", "v", 1, {{10, 20}}), {2});
  EXPECT_FALSE(t.u("v").markers.dug_in);
}

// BG-MOVE-15, BG-MOVE-16: up to 6 figures mount a truck standing within 1" (a unit farther off
// is refused); the truck does not move on that card; dismounting places the figures within 1"
// of it (a formation 3" off is refused); passengers ride along.
TEST(BgVehicle, MountRideAndDismount) {
  Sc sc;
  sc.vehicle(0, "truck", "truck", 10, 14);
  sc.inf(0, "sq", 4, 10, 12);
  sc.inf(0, "big", 8, 30, 12, 2);
  sc.vehicle(0, "truck2", "truck", 30, 15);
  sc.inf(0, "far", 4, 45, 12);
  sc.vehicle(0, "truck3", "truck", 45, 20);
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  BgOrder reach = cmd("axis");
  reach.mutable_bg()->mutable_mount()->set_unit_id("far");
  reach.mutable_bg()->mutable_mount()->set_vehicle_id("truck3");
  EXPECT_EQ(t.refused(reach), "BG_MOUNT_REACH");
  BgOrder m = cmd("axis");
  m.mutable_bg()->mutable_mount()->set_unit_id("sq");
  m.mutable_bg()->mutable_mount()->set_vehicle_id("truck");
  t.ok(m);
  EXPECT_EQ(t.u("sq").carried_by, "truck");
  EXPECT_EQ(t.refused(vmove("axis", "truck", 1, {{10, 20}}), {3}), "BG_ALREADY_ACTED");
  BgOrder too_many = cmd("axis");
  too_many.mutable_bg()->mutable_mount()->set_unit_id("big");
  too_many.mutable_bg()->mutable_mount()->set_vehicle_id("truck2");
  EXPECT_EQ(t.refused(too_many), "BG_TRANSPORT_FULL");
  t.end_action("axis");
  t.draw(card(S, 1));
  t.ok(vmove("axis", "truck", 1, {{10, 20}}), {3});
  EXPECT_NEAR(com(t.u("sq")).y, 17.0, 1e-9);
  t.draw(card(C, 5));
  t.end_action("axis");
  t.draw(card(H, 5));
  t.end_action("allies");
  t.draw(card(D, 5));
  t.end_action("allies");  // turn 2
  t.draw(card(S, 5));
  BgOrder d = cmd("axis");
  d.mutable_bg()->mutable_dismount()->set_unit_id("sq");
  d.mutable_bg()->mutable_dismount()->set_facing_deg(0);
  {
    BgOrder off = d;  // the same four figures in a line 3" behind the hull's rear end
    for (int i = 0; i < 4; ++i) {
      auto* f = off.mutable_bg()->mutable_dismount()->add_figures();
      f->set_figure_id("sq-f" + std::to_string(i));
      *f->mutable_position() = pt(8.5 + i, 11);
    }
    EXPECT_EQ(t.refused(off), "BG_MOUNT_REACH");
  }
  t.ok(d);
  EXPECT_TRUE(t.u("sq").carried_by.empty());
  for (const auto& f : t.u("sq").figures) EXPECT_LT(f.pos.y, 17.0 - 1.5);  // behind the hull
}

// BG-CAV-01/02/03: mounted cavalry moves 3D6 with no ran marker; walking is refused.
TEST(BgVehicle, CavalryMovesThreeDice) {
  Sc sc;
  sc.inf(0, "cav", 4, 10, 10, 1, 0, "C", 0, "cavalry");
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  EXPECT_EQ(t.refused(move("axis", "cav", pb::BG_MOVE_WALK, {{10, 30}}), {6}), "BG_MOUNTED_MOVE");
  EXPECT_EQ(t.refused(move("axis", "cav", pb::BG_MOVE_DIG_IN, {})), "BG_DIG_MOUNTED");  // BG-CAV-06
  t.ok(move("axis", "cav", pb::BG_MOVE_MOUNTED, {{10, 30}}), {2, 3, 4});
  EXPECT_NEAR(com(t.u("cav")).y, 19.0, 1e-9);
  EXPECT_FALSE(t.u("cav").markers.ran);
  EXPECT_EQ(bg::side_grade_penalties(t.st(), t.u("cav")), 1);  // BG-CAV-02 shoots a grade lower
}

// BG-CAV-04, BG-CAV-05, BG-CAV-06: move 1D6 then dismount; BG-CAV-05: the horse group stays
// where the unit dismounted with one figure as horse-holder, who stays with it while the rest
// walk away on foot; remounting needs the figures back at the horses; released horses never
// return and the holder joins the infantry as a rifle; on foot the unit may dig in.
TEST(BgVehicle, CavalryDismountRemountRelease) {
  Sc sc;
  sc.inf(0, "cav", 4, 10, 10, 1, 0, "C", 0, "cavalry");
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  BgOrder c = cmd("axis");
  auto* cv = c.mutable_bg()->mutable_cavalry();
  cv->set_unit_id("cav");
  cv->set_kind(pb::BG_CAV_DISMOUNT);
  cv->set_horse_holder("cav-f3");
  *cv->add_path() = pt(10, 20);
  t.ok(c, {4});
  EXPECT_FALSE(t.u("cav").mounted);
  EXPECT_TRUE(t.u("cav").has_horses);
  EXPECT_NEAR(t.u("cav").horses.y, 14.0, 1e-9);
  EXPECT_EQ(t.u("cav").figure("cav-f3")->kind, bg::FigureKind::kHorseHolder);
  t.draw(card(S, 1));
  const geom::Vec2 holder_at = t.u("cav").figure("cav-f3")->pos;
  EXPECT_NEAR(geom::distance(holder_at, t.u("cav").horses), 0.0, 1e-9);
  t.ok(move("axis", "cav", pb::BG_MOVE_WALK, {{9.5, 30}}), {6});  // walk away on foot
  EXPECT_NEAR(geom::distance(t.u("cav").figure("cav-f3")->pos, holder_at), 0.0, 1e-9);  // holder stays
  EXPECT_GT(geom::distance(t.u("cav").figure("cav-f0")->pos, t.u("cav").horses), 3.0);
  t.draw(card(C, 2));
  t.end_action("axis");
  t.draw(card(H, 2));
  t.end_action("allies");
  t.draw(card(D, 2));
  t.end_action("allies");
  t.draw(card(S, 2));  // turn 2
  BgOrder r = cmd("axis");
  r.mutable_bg()->mutable_cavalry()->set_unit_id("cav");
  r.mutable_bg()->mutable_cavalry()->set_kind(pb::BG_CAV_REMOUNT);
  EXPECT_EQ(t.refused(r, {3}), "BG_AWAY_FROM_HORSES");
  BgOrder rel = cmd("axis");
  rel.mutable_bg()->mutable_cavalry()->set_unit_id("cav");
  rel.mutable_bg()->mutable_cavalry()->set_kind(pb::BG_CAV_RELEASE_HORSES);
  t.ok(rel);
  EXPECT_TRUE(t.u("cav").horses_released);
  EXPECT_FALSE(t.u("cav").has_horses);
  EXPECT_EQ(t.u("cav").figure("cav-f3")->kind, bg::FigureKind::kRifle);  // joins the infantry
  EXPECT_EQ(t.u("cav").kind, bg::UnitKind::kInfantry);
  EXPECT_EQ(t.refused(r, {3}), "BG_NOT_CAVALRY");  // now plain infantry for good
  t.ok(move("axis", "cav", pb::BG_MOVE_DIG_IN, {}, bg::facing_degrees(t.u("cav").facing)));
  EXPECT_TRUE(t.u("cav").markers.dug_in);
}

}  // namespace
}  // namespace sandtable::bgtest
