// Battleground units, set-up, tables, combining and views (BG-GEN-*, BG-UNIT-*, BG-COMB-*,
// BG-MARK-*, BG-MINE-02 visibility, GAP switches).
#include "tests/engine/bg_test_util.h"

#include "engine/rulesets/bg/bg_setup.h"
#include "engine/rulesets/bg/bg_tables.h"

namespace sandtable::bgtest {
namespace {

using bg::Grade;

std::string problem(const pb::Scenario& s) { return bg::validate_scenario(s).value_or(""); }

Sc ok_scenario() {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "b", 4, 50, 30);
  return sc;
}

// BG-GEN-04 / BG-UNIT-01: a free table, two sides, units of 2..12 figures with positions.
TEST(BgSetup, ValidatesAndNamesTheField) {
  EXPECT_EQ(problem(ok_scenario().s), "");
  Sc grid = ok_scenario();
  grid.s.mutable_grid()->set_cols(10);
  EXPECT_NE(problem(grid.s).find("board"), std::string::npos);
  Sc one = ok_scenario();
  one.inf(0, "solo", 1, 20, 20);
  EXPECT_NE(problem(one.s).find("sides[0].units[1].figures: a starting unit has 2 to 12 figures"), std::string::npos);
  Sc big = ok_scenario();
  big.inf(0, "huge", 13, 20, 20, 3, 2);
  EXPECT_NE(problem(big.s).find("not 13 (BG-UNIT-01)"), std::string::npos);
  Sc pair = ok_scenario();
  pair.inf(0, "pair", 2, 20, 20, 0);
  EXPECT_NE(problem(pair.s).find("must include a leader"), std::string::npos);
  Sc off = ok_scenario();
  off.inf(0, "off", 4, 59.5, 10);
  EXPECT_NE(problem(off.s).find("sides[0].units[1].figures[3].position"), std::string::npos);
  Sc grade = ok_scenario();
  grade.s.mutable_sides(0)->mutable_units(0)->set_quality("E");
  EXPECT_NE(problem(grade.s).find("sides[0].units[0].quality"), std::string::npos);
  Sc opt = ok_scenario();
  opt.option("bg.grade_b", "7");
  EXPECT_NE(problem(opt.s).find("options[bg.grade_b]"), std::string::npos);
  Sc unknown = ok_scenario();
  unknown.option("bg.nonsense", "1");
  EXPECT_NE(problem(unknown.s).find("unknown Battleground option"), std::string::npos);
  Sc type = ok_scenario();
  type.vehicle(0, "x", "spaceship", 10, 20);
  EXPECT_NE(problem(type.s).find("sides[0].units[1].type"), std::string::npos);
}

// BG-MINE-01: a 5.5" circle of mines (and any circle of terrain) is a simple 48-gon of that
// radius; circles once went round twice and the room's creation crashed the server.
TEST(BgSetup, BG_MINE_01_CirclesAreSimplePolygonsOfTheirRadius) {
  Sc sc = ok_scenario();
  auto* woods = sc.s.add_terrain();
  woods->set_kind("woods");
  woods->set_name("Copse");
  woods->mutable_circle()->mutable_centre()->set_x(30);
  woods->mutable_circle()->mutable_centre()->set_y(20);
  woods->mutable_circle()->set_radius(4);
  auto* mines = sc.s.add_terrain();
  *mines = *woods;
  mines->set_kind("minefield");
  mines->set_name("Mines");
  mines->mutable_circle()->mutable_centre()->set_x(40);
  mines->mutable_circle()->set_radius(2.75);
  ASSERT_EQ(problem(sc.s), "");
  TG t(sc.s);
  for (const auto& x : t.st().terrain) {
    ASSERT_TRUE(x.area) << x.name;
    const auto& v = x.area->vertices();
    ASSERT_EQ(v.size(), 48u) << x.name;
    const double r = x.name == "Copse" ? 4 : 2.75;
    const geom::Vec2 c = x.name == "Copse" ? geom::Vec2{30, 20} : geom::Vec2{40, 20};
    for (const auto& p : v) EXPECT_NEAR(geom::length(p - c), r, 1e-9) << x.name;
  }
  Sc huge = ok_scenario();
  *huge.s.add_terrain() = *woods;
  huge.s.mutable_terrain(0)->mutable_circle()->set_radius(1e300);
  EXPECT_NE(problem(huge.s).find("terrain[0].circle"), std::string::npos);
}

// BG-UNIT-03 / BG-EX-03: a 12-figure unit starts with at most 3 leaders and 2 HWs.
TEST(BgSetup, CompositionLimits) {
  EXPECT_EQ(bg::max_leaders(12), 3);
  EXPECT_EQ(bg::max_heavy(12), 2);
  Sc good = ok_scenario();
  good.inf(0, "twelve", 12, 20, 20, 3, 2);
  EXPECT_EQ(problem(good.s), "");
  Sc leaders = ok_scenario();
  leaders.inf(0, "twelve", 12, 20, 20, 4, 2);
  EXPECT_NE(problem(leaders.s).find("at most 3 leaders"), std::string::npos);
  Sc hws = ok_scenario();
  hws.inf(0, "twelve", 12, 20, 20, 3, 3);
  EXPECT_NE(problem(hws.s).find("at most 2 heavy weapons"), std::string::npos);
}

// BG-UNIT-05 / BG-DX-06: non-standing units.
TEST(BgSetup, NonStandingUnits) {
  auto unit = [](std::vector<bg::FigureKind> kinds) {
    bg::Unit u;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
      bg::Figure f;
      f.id = std::to_string(i);
      f.kind = kinds[i];
      u.figures.push_back(f);
    }
    return u;
  };
  using K = bg::FigureKind;
  EXPECT_FALSE(bg::non_standing(unit({K::kLeader, K::kRifle, K::kRifle})));
  EXPECT_TRUE(bg::non_standing(unit({K::kRifle, K::kRifle, K::kRifle})));
  EXPECT_TRUE(bg::non_standing(unit({K::kHeavyWeapon, K::kRifle})));
  EXPECT_FALSE(bg::non_standing(unit({K::kLeader, K::kRifle})));
  EXPECT_TRUE(bg::non_standing(unit({K::kLeader})));
  EXPECT_FALSE(bg::non_standing(unit({K::kHeavyWeapon, K::kRifle, K::kRifle})));
}

// BG-UNIT-07 / GAP-BG-FIRE-01: the hit ladder A 3-6, B 4-6, C 5-6, D 6; each penalty removes the
// lowest face (a D unit that ran cannot hit); "bg.grade_b" = "5-6" reads the text literally.
TEST(BgSetup, HitLadderAndItsSwitch) {
  bg::Options o;
  EXPECT_EQ(bg::hit_from(o, Grade::kA, 0), 3);
  EXPECT_EQ(bg::hit_from(o, Grade::kB, 0), 4);
  EXPECT_EQ(bg::hit_from(o, Grade::kC, 0), 5);
  EXPECT_EQ(bg::hit_from(o, Grade::kD, 0), 6);
  EXPECT_EQ(bg::hit_from(o, Grade::kD, 1), 7);  // cannot hit
  EXPECT_EQ(bg::hit_from(o, Grade::kB, 2), 6);  // BG-FIRE-01: two penalties stack
  Sc sc = ok_scenario();
  sc.option("bg.grade_b", "5-6");
  bg::Options lit;
  ASSERT_FALSE(bg::read_options(sc.s, &lit));
  EXPECT_EQ(bg::hit_from(lit, Grade::kB, 0), 5);
}

// BG-UNIT-07 grades and BG-UNIT-02 figure kinds reach the state; BG-UNIT-08 vehicles get their
// table data; scenario attributes designate special units.
TEST(BgSetup, InitialState) {
  Sc sc = ok_scenario();
  sc.s.mutable_sides(0)->mutable_units(0)->set_quality("A");
  sc.s.mutable_sides(0)->mutable_units(0)->add_attributes("assault");
  auto& tank = sc.vehicle(0, "t", "medium_tank", 20, 10);
  tank.add_attributes("armour=5");
  auto st = bg::initial_state(sc.s);
  const auto* a = st->find("a");
  EXPECT_EQ(a->grade, Grade::kA);
  EXPECT_TRUE(a->assault);
  EXPECT_EQ(a->count(bg::FigureKind::kLeader), 1);
  EXPECT_NEAR(bg::com(*a).x, 10, 1e-12);
  const auto* t = st->find("t");
  ASSERT_TRUE(t->vehicle);
  EXPECT_EQ(t->vehicle->armour, 5);
  EXPECT_EQ(t->vehicle->move_dice, 3);
  EXPECT_EQ(t->grade, Grade::kC);
}

// BG-COMB-04 / BG-EX-06: A (7 figures) + C (3 figures), average B.
TEST(BgSetup, CombinedGradeSeedExample06) {
  EXPECT_EQ(bg::combined_grade(Grade::kA, 7, 1, Grade::kC, 3, 5), Grade::kB);  // (a) 8 v 8 tie
  EXPECT_EQ(bg::combined_grade(Grade::kA, 7, 4, Grade::kC, 3, 3), Grade::kA);  // (b) 11 v 6
  EXPECT_EQ(bg::combined_grade(Grade::kA, 7, 1, Grade::kC, 3, 6), Grade::kC);  // (c) 8 v 9
  EXPECT_EQ(bg::combined_grade(Grade::kA, 9, 1, Grade::kC, 3, 6), Grade::kC);  // (d) 10 v 9, 1 v 6
  // GAP-BG-COMB-04: A + D = between B and C; a tie re-rolls, a winner takes its side.
  EXPECT_EQ(bg::combined_grade(Grade::kA, 4, 3, Grade::kD, 4, 3), std::nullopt);
  EXPECT_EQ(bg::combined_grade(Grade::kA, 4, 4, Grade::kD, 4, 3), Grade::kB);
  EXPECT_EQ(bg::combined_grade(Grade::kA, 4, 3, Grade::kD, 4, 4), Grade::kC);
  EXPECT_EQ(bg::combined_grade(Grade::kB, 5, 2, Grade::kB, 3, 6), Grade::kB);  // same grade: no roll
}

// BG-COMB-03/04/05 through a move: the C unit walks into the A unit with combine_with; the rolls
// of BG-EX-06 (b) make it A, and the C unit's leader is no longer a leader.
TEST(BgSetup, CombineByMoving) {
  Sc sc;
  sc.inf(0, "A", 7, 10, 10, 1, 0, "A");
  sc.inf(0, "C", 3, 10, 14, 1, 0, "C");
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  BgOrder c = move("axis", "C", pb::BG_MOVE_WALK, {{10, 11.9}}, 180);
  c.mutable_bg()->mutable_move()->set_combine_with("A");
  auto o = t.ok(c, {6, 3, 4});  // walk 6; C rolls 3 (3+3 = 6), A rolls 4 (4+7 = 11)
  const auto* comb = TG::find(o, [](const pb::BgEvent& b) { return b.has_combined(); });
  ASSERT_NE(comb, nullptr);
  EXPECT_EQ(comb->combined().grade(), "A");
  EXPECT_EQ(t.u("A").grade, Grade::kA);
  EXPECT_EQ(t.u("A").living(), 10);
  EXPECT_TRUE(t.u("C").destroyed);
  EXPECT_EQ(t.u("A").figure("C-f0")->kind, bg::FigureKind::kRifle);   // BG-COMB-05
  EXPECT_EQ(t.u("A").figure("A-f0")->kind, bg::FigureKind::kLeader);
}

// BG-COMB-02: more than 12 figures split into two roughly equal units; BG-COMB-01: vehicles never.
TEST(BgSetup, CombineSplitsOverTwelve) {
  Sc sc;
  sc.inf(0, "A", 8, 10, 10, 2);
  sc.inf(0, "B", 6, 10, 13, 1);
  sc.vehicle(0, "truck", "truck", 30, 10);
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  BgOrder bad = move("axis", "B", pb::BG_MOVE_WALK, {{10, 12}}, 180);
  bad.mutable_bg()->mutable_move()->set_combine_with("truck");
  EXPECT_EQ(t.refused(bad, {6}), "BG_COMBINE_KIND");
  BgOrder c = move("axis", "B", pb::BG_MOVE_WALK, {{10, 12}}, 180);
  c.mutable_bg()->mutable_move()->set_combine_with("A");
  auto o = t.ok(c, {6});
  const auto* comb = TG::find(o, [](const pb::BgEvent& b) { return b.has_combined(); });
  ASSERT_NE(comb, nullptr);
  ASSERT_FALSE(comb->combined().split_into().empty());
  EXPECT_EQ(t.u("A").living(), 7);
  EXPECT_EQ(t.u(comb->combined().split_into()).living(), 7);
}

// BG-MINE-02 / BG-GEN-06: a secret minefield is in its owner's and the GM's view only.
TEST(BgSetup, SecretMinefieldHiddenFromTheOtherSide) {
  Sc sc = ok_scenario();
  sc.area("minefield", "mf", 20, 20, 23, 28, "allies");
  TG t(sc.s);
  EXPECT_EQ(t.g->view("allies").terrain_size(), 1);
  EXPECT_EQ(t.g->view("gm").terrain_size(), 1);
  EXPECT_EQ(t.g->view("axis").terrain_size(), 0);
  EXPECT_EQ(t.g->view("spectator").terrain_size(), 0);
  for (const auto& e : t.log) {
    const auto copy = t.g->event_for(e, "axis");
    if (copy && copy->has_game_started()) {
      EXPECT_EQ(copy->game_started().scenario().terrain_size(), 0);
    }
  }
}

// BG-UNIT-09: a unit set up hidden is not in the other side's view.
TEST(BgSetup, HiddenSetupUnits) {
  Sc sc = ok_scenario();
  sc.s.mutable_sides(1)->mutable_units(0)->add_attributes("hidden");
  TG t(sc.s);
  EXPECT_EQ(t.g->view("axis").units_size(), 1);
  EXPECT_EQ(t.g->view("allies").units_size(), 2);
  EXPECT_EQ(t.g->view("gm").units_size(), 2);
  // Not even the side's total of figures counts it for the other side (found in the browser).
  const auto allied_strength = [&](const std::string& viewer) { return t.g->view(viewer).sides(1).strength(); };
  EXPECT_EQ(allied_strength("allies"), allied_strength("gm"));
  EXPECT_LT(allied_strength("axis"), allied_strength("allies"));
  EXPECT_EQ(allied_strength("axis"), allied_strength("spectator"));
}

// BG-UNIT-09: hidden until an enemy unit comes within 6" (CoM to CoM); its moves are not seen.
TEST(BgSetup, HiddenUnitsRevealedWithinSixInches) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "h", 4, 10, 20, 1, 0, "C", 180).add_attributes("hidden");
  TG t(sc.s);
  t.draw(card(D, 9));  // Allied move: the hidden unit moves unseen
  auto o = t.ok(move("allies", "h", pb::BG_MOVE_WALK, {{12, 20}}, 90), {2});
  for (const auto& e : o.events) {
    if (has_bg(e) && bg_of(e).has_unit_moved()) {
      EXPECT_FALSE(t.g->event_for(e, "axis").has_value());
    }
  }
  t.draw(card(S, 9));
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 16}}), {3});  // 13 -> CoM distance 7.3: still hidden
  EXPECT_TRUE(t.u("h").hidden);
  t.draw(card(S, 1));
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{10, 16}}), {2});  // 15 -> 5.4": revealed
  EXPECT_FALSE(t.u("h").hidden);
  EXPECT_EQ(t.g->view("axis").units_size(), 2);
}

// BG-GEN-01: the referee pauses, resumes and ends the game through the shared GM commands.
TEST(BgSetup, RefereeOverrides) {
  TG t(ok_scenario().s);
  pb::Command p = cmd("gm");
  p.mutable_gm()->mutable_pause()->set_reason("dispute");
  t.ok(p);
  BgOrder d = cmd("axis");
  *d.mutable_bg()->mutable_draw_card()->mutable_card() = card(S, 3);
  EXPECT_EQ(t.refused(d), "GAME_PAUSED");
  pb::Command r = cmd("gm");
  r.mutable_gm()->mutable_resume();
  t.ok(r);
  t.ok(d);
  pb::Command e = cmd("gm");
  e.mutable_gm()->mutable_end_game()->set_winner("allies");
  t.ok(e);
  EXPECT_TRUE(t.g->over());
}

// BG-GEN-03: no scale parameter: the same scenario plays in inches whatever the figures.
// BG-MARK-01: the view names markers as words.
TEST(BgSetup, ViewShowsUnitsAndMarkers) {
  TG t(ok_scenario().s);
  const auto v = t.g->view("axis");
  ASSERT_EQ(v.units_size(), 2);
  EXPECT_EQ(v.units(0).strength(), 4);
  ASSERT_TRUE(has_marker(v.units(0), "grade"));
  EXPECT_EQ(v.units(0).markers(0).value(), "C");  // BG-UNIT-07: the grade is the first marker
  EXPECT_NEAR(v.units(0).position().x(), 10, 1e-12);
  EXPECT_EQ(v.turn().turn(), 1);
  EXPECT_EQ(v.turn().phase(), "card play");
}

}  // namespace
}  // namespace sandtable::bgtest
