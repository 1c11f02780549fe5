// The catalogue's proposed defaults for lost tables (GAP-BG-*), pinned so that changing a
// default fails a test that names it.
#include <gtest/gtest.h>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_damage.h"
#include "engine/rulesets/bg/bg_setup.h"
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/model/context.h"
#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {
namespace {

using bg::terrain_row;

// GAP-BG-TER-06: brush 1, crops 1, woods 1, hedge 1, wall 2, rubble 2, building 2, fence 0,
// MG nest 2, pillbox 3, dug-in +1.
TEST(BgUnitsGaps, TerrainDefenceTable) {
  EXPECT_EQ(terrain_row("brush")->red, 1);
  EXPECT_EQ(terrain_row("crops")->red, 1);
  EXPECT_EQ(terrain_row("woods")->red, 1);
  EXPECT_EQ(terrain_row("hedge")->red, 1);
  EXPECT_EQ(terrain_row("wall")->red, 2);
  EXPECT_EQ(terrain_row("rubble")->red, 2);
  EXPECT_EQ(terrain_row("building")->red, 2);
  EXPECT_EQ(terrain_row("fence")->red, 0);
  EXPECT_EQ(bg::emplacement_row("mg_nest")->red, 2);
  EXPECT_EQ(bg::emplacement_row("pillbox")->red, 3);
  EXPECT_EQ(bg::kDugInRed, 1);
}

// GAP-BG-TER-06: several pieces of intervening terrain give the single highest value (a hedge 1
// and a wall 2 between shooter and target: 2 red, not 3), plus dug-in.
TEST(BgUnitsGaps, TerrainDefenceHighestPieceOnly) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  auto& e = sc.inf(1, "e", 4, 10, 18, 1, 0, "C", 180);
  sc.line("hedge", "h", {{0, 14}, {20, 14}});
  sc.line("wall", "w", {{0, 16.5}, {20, 16.5}});
  TG t(sc.s);
  t.draw(card(C, 9));
  Outcome o = t.ok(shoot_cmd("axis", "a", "e"), {1, 1, 1, 6, 6});
  ASSERT_NE(attack_of(o), nullptr);
  EXPECT_EQ(attack_of(o)->red(), 2);
  e.add_attributes("dug_in");
  TG d(sc.s);
  d.draw(card(C, 9));
  o = d.ok(shoot_cmd("axis", "a", "e"), {1, 1, 1, 6, 6, 6});
  EXPECT_EQ(attack_of(o)->red(), 3);
}

// GAP-BG-OPT-06: quality-based defence is added to cover: a grade B unit in a building gets
// 2 (building) + 3 (grade B) = 5 red dice.
TEST(BgUnitsGaps, QualityDefenceAddsToCover) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "e", 4, 10, 18, 1, 0, "B", 180).add_attributes("building=h");
  sc.area("building", "h", 8, 16, 12, 20);
  sc.option("bg.quality_defence", "on");
  TG t(sc.s);
  t.draw(card(C, 9));
  Outcome o = t.ok(shoot_cmd("axis", "a", "e"), {1, 1, 1, 6, 6, 6, 6, 6});
  ASSERT_NE(attack_of(o), nullptr);
  EXPECT_EQ(attack_of(o)->red(), 5);
}

// GAP-BG-VEH-03: car/jeep/truck 1, armoured car/half-track/APC 2, light tank 3, medium 4, heavy 5.
TEST(BgUnitsGaps, VehicleDefenceValues) {
  const std::pair<const char*, int> rows[] = {{"car", 1},          {"truck", 1},      {"apc", 2},
                                              {"half_track", 2},   {"armoured_car", 2}, {"light_tank", 3},
                                              {"medium_tank", 4},  {"heavy_tank", 5}};
  for (auto [type, red] : rows) {
    ASSERT_NE(bg::vehicle_row(type), nullptr) << type;
    EXPECT_EQ(bg::vehicle_row(type)->armour, red) << type;
  }
}

// GAP-BG-VEH-04: vehicle MG 2 white; light main gun 2 blue; heavy main gun 4 blue.
TEST(BgUnitsGaps, VehicleWeaponDice) {
  const auto& mg = bg::weapon_row(bg::WeaponKind::kMachineGun);
  const auto& light = bg::weapon_row(bg::WeaponKind::kLightGun);
  const auto& heavy = bg::weapon_row(bg::WeaponKind::kHeavyGun);
  EXPECT_EQ(mg.dice, 2);
  EXPECT_FALSE(mg.blue);
  EXPECT_EQ(light.dice, 2);
  EXPECT_TRUE(light.blue);
  EXPECT_EQ(heavy.dice, 4);
  EXPECT_TRUE(heavy.blue);
}

// GAP-BG-VEH-13: step 1 for a damaged vehicle is "roll a D6": an immobilized tank hit once is
// unharmed on 1-3 and goes on to the type die on 4-6.
TEST(BgUnitsGaps, DamagedVehicleStepOneIsAD6) {
  bg::Vehicle v;
  v.immobilized = true;
  for (int d = 1; d <= 3; ++d) EXPECT_FALSE(bg::vehicle_needs_second(v, 1, false, d)) << d;
  for (int d = 4; d <= 6; ++d) EXPECT_TRUE(bg::vehicle_needs_second(v, 1, false, d)) << d;
}

// GAP-BG-FIRE-07: ceil(figures/2) white, +1 white for a leader (one only, BG-UNIT-04), +1 blue
// per HW, +1 blue for a flank: 9 figures, 2 leaders, 2 HWs -> 6 white, 2 blue; flank 3 blue.
TEST(BgUnitsGaps, DicePerShooterChart) {
  bg::Shooters s;
  s.figures = 9;
  s.leaders = 2;
  s.hw = 2;
  auto p = bg::infantry_dice(s, false, false, false);
  EXPECT_EQ(p.white, 6);
  EXPECT_EQ(p.blue, 2);
  p = bg::infantry_dice(s, true, false, false);
  EXPECT_EQ(p.blue, 3);
  s.figures = 4;
  s.leaders = 0;
  s.hw = 0;
  EXPECT_EQ(bg::infantry_dice(s, false, false, false).white, 2);
}

// GAP-BG-DMG-01: casualties are a uniform choice among the unit's figures: a die with at least
// as many faces, re-rolled above the count (4 figures: D6 5 is re-rolled, then 2 -> the 2nd).
TEST(BgUnitsGaps, UniformCasualtyChoice) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "e", 4, 10, 18);
  auto st = bg::initial_state(sc.s);
  TableDice d;
  d.push(pb::DIE_KIND_D6, 5);
  d.push(pb::DIE_KIND_D6, 2);
  d.push(pb::DIE_KIND_D8, 8);
  Context ctx(rules(), *st, d);
  EXPECT_EQ(bg::pick(ctx, 4, "casualty"), 1);
  EXPECT_EQ(bg::pick(ctx, 8, "casualty"), 7);  // 7 or 8 figures: a D8
}

// GAP-BG-UNIT-07: the grade examples were lost; grades are scenario data, C when not given,
// and anything but A-D is refused.
TEST(BgUnitsGaps, GradeIsScenarioDataDefaultC) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10, 1, 0, "");
  sc.inf(1, "e", 4, 10, 18, 1, 0, "D");
  auto st = bg::initial_state(sc.s);
  EXPECT_EQ(st->find("a")->grade, bg::Grade::kC);
  EXPECT_EQ(st->find("e")->grade, bg::Grade::kD);
  Sc bad;
  bad.inf(0, "a", 4, 10, 10, 1, 0, "E");
  bad.inf(1, "e", 4, 10, 18);
  EXPECT_NE(rules().validate(bad.s).value_or("").find("BG-UNIT-07"), std::string::npos);
}

// GAP-BG-MARK-01 removal condition 1: a unit with a green (ran) marker loses it when it shoots.
TEST(BgUnitsGaps, RanMarkerGoesWhenTheUnitShoots) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "e", 4, 10, 20, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(move("axis", "a", pb::BG_MOVE_RUN, {{10, 12}}), {1, 1});
  ASSERT_TRUE(t.u("a").markers.ran);
  t.draw(card(C, 9));
  Outcome o = t.ok(shoot_cmd("axis", "a", "e"), {1, 1, 1});
  EXPECT_FALSE(t.u("a").markers.ran);
  const auto* m = TG::find(o, [](const pb::BgEvent& b) { return b.has_markers() && b.markers().removed_size() > 0; });
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->markers().removed(0), "ran");
}

// GAP-BG-SEQ-01: the turn is (1) card play, (2) melee, (3) special actions.
TEST(BgUnitsGaps, SequenceCardsMeleeSpecial) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "e", 4, 10, 24, 1, 0, "C", 180);
  TG t(sc.s);
  Outcome o = t.draw(make_joker(1));
  std::vector<std::string> order;
  for (const auto& e : o.events) {
    if (!has_bg(e)) continue;
    if (bg_of(e).has_card_drawn()) order.push_back("card");
    if (bg_of(e).has_phase_changed()) {
      const auto ph = bg_of(e).phase_changed().phase();
      order.push_back(ph == pb::BG_PHASE_MELEE ? "melee" : ph == pb::BG_PHASE_SPECIAL ? "special" : "other");
    }
    if (bg_of(e).has_turn_ended()) order.push_back("end");
  }
  EXPECT_EQ(order, (std::vector<std::string>{"card", "melee", "special", "end"}));
}

// GAP-BG-CARD-EX: the seed's lost card examples are replaced by derived ones; BG-DX-01 through
// the rule set: A♦ (one Allied unit moves), 9♦ ignored, 3♣ all Axis shoot, K♠ all Axis move,
// 2♥ all Allies shoot and ends the card play (fourth suit).
TEST(BgUnitsGaps, DerivedCardExampleThroughTheRuleSet) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "e", 4, 10, 24, 1, 0, "C", 180);
  TG t(sc.s);
  auto effect = [](const Outcome& o) { return TG::cards(o).at(0).effect(); };
  EXPECT_EQ(effect(t.draw(card(D, 1))), pb::BG_CARD_ONE_UNIT);
  t.end_action("allies");
  EXPECT_EQ(effect(t.draw(card(D, 9))), pb::BG_CARD_IGNORED);
  EXPECT_EQ(effect(t.draw(card(C, 3))), pb::BG_CARD_ALL_UNITS);
  t.end_action("axis");
  EXPECT_EQ(effect(t.draw(card(S, 13))), pb::BG_CARD_ALL_UNITS);
  t.end_action("axis");
  const Outcome last = t.draw(card(H, 2));
  EXPECT_TRUE(TG::cards(last).at(0).last_card());
}

// GAP-BG-MOVE-05: walking is 1D6, running 2D6 (walk 4 -> 4"; run 3 + 4 -> 7").
TEST(BgUnitsGaps, WalkOneDieRunTwoDice) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(0, "b", 4, 20, 10);
  sc.inf(1, "e", 4, 10, 30, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  Outcome w = t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 20}}), {4});
  Outcome r = t.ok(move("axis", "b", pb::BG_MOVE_RUN, {{20, 20}}), {3, 4});
  const auto* mw = TG::find(w, [](const pb::BgEvent& b) { return b.has_unit_moved(); });
  const auto* mr = TG::find(r, [](const pb::BgEvent& b) { return b.has_unit_moved(); });
  EXPECT_EQ(mw->unit_moved().roll(), 4);
  EXPECT_EQ(mr->unit_moved().roll(), 7);
  EXPECT_NEAR(bg::com(t.u("a")).y, 14, 1e-9);
  EXPECT_NEAR(bg::com(t.u("b")).y, 17, 1e-9);
}

}  // namespace
}  // namespace sandtable::bgtest
