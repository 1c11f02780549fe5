// Units and general rules: dispute roll-offs (BG-GEN-02), scale (BG-GEN-03), two-vehicle units
// (BG-UNIT-08), figures as men (BG-EX-14), the cavalry road switch (BG-CAV-03) and the
// properties of being dug in (BG-MOVE-13).
#include <gtest/gtest.h>

#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {
namespace {

pb::Command dispute(const std::string& seat, const std::string& q) {
  BgOrder c = cmd(seat);
  c.mutable_bg()->mutable_dispute()->set_question(q);
  return c;
}

Sc two_units() {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "e", 4, 10, 18, 1, 0, "C", 180);
  return sc;
}

// BG-GEN-02: either player may call a roll-off; 1D6 each, ties rolled again (3 : 3, then
// 5 : 2), the higher wins; both sides see the result.
TEST(BgUnitsExtra, DisputeRollOffBothSidesSee) {
  TG t(two_units().s);
  Outcome o = t.ok(dispute("allies", "Does the hedge block sight here?"), {3, 3, 5, 2});
  const pb::Event* ev = nullptr;
  for (const auto& e : o.events) {
    if (has_bg(e) && bg_of(e).has_dispute()) ev = &e;
  }
  ASSERT_NE(ev, nullptr);
  const auto& d = bg_of(*ev).dispute();
  EXPECT_EQ(d.asked_by(), "allies");
  ASSERT_EQ(d.rolls_size(), 2);
  EXPECT_EQ(d.rolls(0), 5);
  EXPECT_EQ(d.rolls(1), 2);
  EXPECT_EQ(d.winner(), "axis");
  EXPECT_EQ(ev->dice_size(), 4);  // the tied pair is kept too
  EXPECT_TRUE(t.g->event_for(*ev, "axis").has_value());
  EXPECT_TRUE(t.g->event_for(*ev, "allies").has_value());
  // No question: refused, nothing changes.
  const auto before = t.log.size();
  EXPECT_EQ(t.refused(dispute("axis", "")), "BG_DISPUTE_QUESTION");
  EXPECT_EQ(t.log.size(), before);
}

// BG-GEN-02: the roll-off is asked for at any moment, even while the game waits on the other
// side's card; the rule set says so (RuleSet::any_time), and a move is not such an order.
TEST(BgUnitsExtra, DisputeMayBeAskedOutOfTurn) {
  TG t(two_units().s);
  t.draw(card(S, 9));
  ASSERT_EQ(t.g->waiting_for(), std::vector<std::string>{"axis"});
  EXPECT_TRUE(rules().any_time(dispute("allies", "Is that wall linear?")));
  EXPECT_FALSE(rules().any_time(move("allies", "e", pb::BG_MOVE_WALK, {{10, 16}}, 0)));
  t.ok(dispute("allies", "Is that wall linear?"), {6, 1});
  EXPECT_EQ(t.g->waiting_for(), std::vector<std::string>{"axis"});  // still axis's card
}

// BG-GEN-03: no scale parameter: the same move with 15 mm bases (0.5") and 54 mm bases (1.25")
// goes exactly as far; the rule set has no "scale" option at all.
TEST(BgUnitsExtra, DistancesDoNotDependOnFigureScale) {
  auto walk = [](const std::string& base) {
    Sc sc = two_units();
    sc.option("bg.base_size", base);
    TG t(sc.s);
    t.draw(card(S, 9));
    t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 14}}, 0), {4});
    return bg::com(t.u("a"));
  };
  const auto small = walk("0.5"), big = walk("1.25");
  EXPECT_NEAR(small.x, big.x, 1e-12);
  EXPECT_NEAR(small.y, big.y, 1e-12);
  EXPECT_NEAR(small.y, 14.0, 1e-9);
  Sc scale = two_units();
  scale.option("bg.scale", "28mm");
  EXPECT_NE(rules().validate(scale.s).value_or("").find("unknown Battleground option"), std::string::npos);
}

// BG-EX-14: five figures may stand for up to 25 men, but the engine counts figures only: a
// 5-figure unit shoots with ceil(5/2) = 3 white dice whatever it represents.
TEST(BgUnitsExtra, EX14FiveFiguresAreFiveFigures) {
  Sc sc;
  sc.inf(0, "a", 5, 10, 10, 0);
  sc.inf(1, "e", 4, 10, 18, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(C, 9));
  Outcome o = t.ok(shoot_cmd("axis", "a", "e"), {1, 1, 1});
  ASSERT_NE(attack_of(o), nullptr);
  EXPECT_EQ(attack_of(o)->white(), 3);
}

// Two cars on the Allied side; with `paired` they are one unit (attribute pair=<other>).
Sc cars(bool paired) {
  Sc sc = two_units();
  auto& c1 = sc.vehicle(1, "c1", "car", 30, 20);
  auto& c2 = sc.vehicle(1, "c2", "car", 34, 20);
  if (paired) {
    c1.add_attributes("pair=c2");
    c2.add_attributes("pair=c1");
  }
  return sc;
}

// BG-UNIT-08: two light vehicles declared one unit both act on an ace (one unit), each with its
// own movement roll; no other unit may use that ace.
TEST(BgUnitsExtra, PairedVehiclesBothUseOneAce) {
  TG t(cars(true).s);
  t.draw(card(D, 1));  // Allied move, one unit
  ASSERT_TRUE(t.st().action.one_unit);
  t.ok(vmove("allies", "c1", 1, {{30, 22}}), {3});
  EXPECT_GE(t.st().action.side, 0);  // still open for the partner
  EXPECT_EQ(t.refused(move("allies", "e", pb::BG_MOVE_WALK, {{10, 20}}, 180)), "BG_ACE_USED");
  Outcome o = t.ok(vmove("allies", "c2", 1, {{34, 22}}), {4});
  const auto* m = TG::find(o, [](const pb::BgEvent& b) { return b.has_vehicle_moved(); });
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->vehicle_moved().roll(), 4);  // its own roll
  EXPECT_LT(t.st().action.side, 0);         // the ace is used up
  EXPECT_NEAR(t.u("c1").position.y, 22, 1e-9);
  EXPECT_NEAR(t.u("c2").position.y, 22, 1e-9);
}

// BG-UNIT-08: without the declaration each car is its own unit: the ace ends after one.
TEST(BgUnitsExtra, UnpairedVehiclesAreSeparateUnits) {
  TG t(cars(false).s);
  t.draw(card(D, 1));
  t.ok(vmove("allies", "c1", 1, {{30, 22}}), {3});
  EXPECT_LT(t.st().action.side, 0);
}

// BG-UNIT-08: only light vehicles of one side, naming each other, form a unit.
TEST(BgUnitsExtra, BadVehiclePairsRefused) {
  auto err = [](const Sc& sc) { return rules().validate(sc.s).value_or(""); };
  Sc tank = two_units();
  tank.vehicle(1, "t1", "medium_tank", 30, 20).add_attributes("pair=t2");
  tank.vehicle(1, "t2", "medium_tank", 34, 20).add_attributes("pair=t1");
  EXPECT_NE(err(tank).find("BG-UNIT-08"), std::string::npos);
  Sc one_way = two_units();
  one_way.vehicle(1, "c1", "car", 30, 20).add_attributes("pair=c2");
  one_way.vehicle(1, "c2", "car", 34, 20);
  EXPECT_NE(err(one_way).find("naming \"c1\""), std::string::npos);
  Sc enemy = two_units();
  enemy.vehicle(1, "c1", "car", 30, 20).add_attributes("pair=c2");
  enemy.vehicle(0, "c2", "car", 34, 10).add_attributes("pair=c1");
  EXPECT_NE(err(enemy).find("same side"), std::string::npos);
}

// BG-CAV-03: mounted cavalry may take +1/3 on a road (3D6 = 9, +3) and is marked white; the
// scenario switch "bg.cavalry_road" = "off" leaves the optional bonus out.
TEST(BgUnitsExtra, CavalryRoadBonusIsASwitch) {
  auto game = [](bool on) {
    Sc sc;
    sc.inf(0, "cav", 4, 10, 10, 1, 0, "C", 90, "cavalry");
    sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
    sc.area("road", "r", 0, 9, 60, 11);
    if (!on) sc.option("bg.cavalry_road", "off");
    return sc;
  };
  TG t(game(true).s);
  t.draw(card(S, 9));
  Outcome o = t.ok(move("axis", "cav", pb::BG_MOVE_MOUNTED, {{30, 10}}, 90, true), {3, 3, 3});
  const auto* m = TG::find(o, [](const pb::BgEvent& b) { return b.has_unit_moved(); });
  ASSERT_NE(m, nullptr);
  EXPECT_NEAR(m->unit_moved().allowance(), 12, 1e-9);
  EXPECT_TRUE(t.u("cav").markers.road);
  TG off(game(false).s);
  off.draw(card(S, 9));
  EXPECT_EQ(off.refused(move("axis", "cav", pb::BG_MOVE_MOUNTED, {{30, 10}}, 90, true), {3, 3, 3}), "BG_CAVALRY_ROAD");
  off.ok(move("axis", "cav", pb::BG_MOVE_MOUNTED, {{30, 10}}, 90, false), {3, 3, 3});
}

// BG-MOVE-13: a dug-in unit gets +1 red die when attacked, cannot be flank-attacked, fires in any
// direction, and the status belongs to the unit, not the place.
TEST(BgUnitsExtra, DugInProperties) {
  // Allied "e" faces away from the Axis shooter (its rear is toward "a").
  auto game = [](bool dug_in) {
    Sc sc;
    sc.inf(0, "a", 4, 10, 10, 1, 0, "C", 0);
    auto& e = sc.inf(1, "e", 4, 10, 18, 1, 0, "C", 0);
    if (dug_in) e.add_attributes("dug_in");
    sc.inf(1, "e2", 4, 14, 18, 1, 0, "C", 0);  // beside it in the same spot of open ground
    return sc;
  };
  TG open(game(false).s);
  open.draw(card(C, 9));
  Outcome o = open.ok(shoot_cmd("axis", "a", "e"), {1, 1, 1, 1});
  EXPECT_EQ(attack_of(o)->red(), 0);
  EXPECT_TRUE(attack_of(o)->flank());  // from behind: +1 blue
  EXPECT_EQ(attack_of(o)->blue(), 1);
  TG dug(game(true).s);
  dug.draw(card(C, 9));
  o = dug.ok(shoot_cmd("axis", "a", "e"), {1, 1, 1, 1});
  EXPECT_EQ(attack_of(o)->red(), 1);     // +1 red
  EXPECT_FALSE(attack_of(o)->flank());   // no front or rear
  EXPECT_EQ(attack_of(o)->blue(), 0);
  // Dug in belongs to the unit: its neighbour on the same ground is not.
  EXPECT_FALSE(dug.u("e2").markers.dug_in);
  // It fires in any direction: the Axis unit is behind it.
  dug.draw(card(H, 9));
  dug.ok(shoot_cmd("allies", "e", "a"), {1, 1, 1});
  EXPECT_EQ(dug.refused(shoot_cmd("allies", "e2", "a")), "BG_NOT_IN_FRONT");
}

}  // namespace
}  // namespace sandtable::bgtest
