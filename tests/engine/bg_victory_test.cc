// Scenario victory (BG-VIC-01, GAP-BG-VIC-01): objectives scored at the turn limit.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/rulesets/bg/bg_setup.h"
#include "engine/rulesets/bg/bg_units.h"
#include "engine/model/context.h"
#include "engine/registry/builtin_registry.h"
#include "engine/model/scenario_io.h"
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {
namespace {

pb::Objective& objective(Sc& sc, const std::string& name, double x, double y, int points, const std::string& owner = "",
                         double radius = 0) {
  auto* o = sc.s.mutable_victory()->add_objectives();
  o->set_name(name);
  *o->mutable_point() = pt(x, y);
  o->set_points(points);
  o->set_owner(owner);
  o->set_radius(radius);
  return *o;
}

// Axis unit "a" (6 figures) around (10, 10); Allied unit "e" (6 figures) around (50, 26).
Sc base() {
  Sc sc;
  sc.inf(0, "a", 6, 10, 10);
  sc.inf(1, "e", 6, 50, 26, 1, 0, "C", 180);
  sc.s.mutable_victory()->set_max_turns(1);
  return sc;
}

const pb::BgVictory* victory_of(const std::vector<pb::Event>& log) {
  for (const auto& e : log) {
    if (has_bg(e) && bg_of(e).has_victory()) return &bg_of(e).victory();
  }
  return nullptr;
}
const pb::GameEnded* ended_of(const std::vector<pb::Event>& log) {
  for (const auto& e : log) {
    if (e.has_game_ended()) return &e.game_ended();
  }
  return nullptr;
}

// The initial state with its side ids (Game::start fills them in a real game).
std::unique_ptr<BgState> state_of(const Sc& sc) {
  auto st = bg::initial_state(sc.s);
  st->sides = {"axis", "allies"};
  return st;
}

// Scores the state directly (as the turn limit does) and returns the events.
std::vector<pb::Event> score(BgState& st) {
  TableDice d;
  Context ctx(rules(), st, d);
  bg::score_victory(ctx, st, "test");
  return ctx.events();
}

// BG-VIC-01 through the game: at the end of the last turn the side holding more objective
// points wins: Axis holds "hill" (10), the Allies hold "farm" (5) -> Axis 10 : 5.
TEST(BgVictory, TurnLimitScoresObjectivesAndNamesTheWinner) {
  Sc sc = base();
  objective(sc, "hill", 10, 12, 10);
  objective(sc, "farm", 50, 24, 5);
  TG t(sc.s);
  t.draw(make_joker(1));  // turn 1 ends at once; the limit is 1 turn
  ASSERT_TRUE(t.g->over());
  const auto* v = victory_of(t.log);
  ASSERT_NE(v, nullptr);
  ASSERT_EQ(v->objectives_size(), 2);
  EXPECT_EQ(v->objectives(0).holder(), "axis");
  EXPECT_EQ(v->objectives(1).holder(), "allies");
  EXPECT_EQ(v->scores(0), 10);
  EXPECT_EQ(v->scores(1), 5);
  EXPECT_EQ(v->winner(), "axis");
  const auto* end = ended_of(t.log);
  ASSERT_NE(end, nullptr);
  EXPECT_EQ(end->winner(), "axis");
  EXPECT_NE(end->reason().find("axis wins on victory points (axis 10, allies 5)"), std::string::npos) << end->reason();
}

// BG-VIC-01: level points are a draw, and the reason says so.
TEST(BgVictory, LevelPointsAreADraw) {
  Sc sc = base();
  objective(sc, "hill", 10, 12, 5);
  objective(sc, "farm", 50, 24, 5);
  TG t(sc.s);
  t.draw(make_joker(1));
  const auto* end = ended_of(t.log);
  ASSERT_NE(end, nullptr);
  EXPECT_EQ(end->winner(), "");
  EXPECT_NE(end->reason().find("victory points are level (axis 5, allies 5): a draw"), std::string::npos) << end->reason();
}

// GAP-BG-VIC-01: a scenario without objectives still ends at its limit, as a draw for the GM.
TEST(BgVictory, NoObjectivesIsADrawForTheGm) {
  TG t(base().s);
  t.draw(make_joker(1));
  const auto* end = ended_of(t.log);
  ASSERT_NE(end, nullptr);
  EXPECT_EQ(end->winner(), "");
  EXPECT_NE(end->reason().find("sets no objectives"), std::string::npos);
}

// BG-VIC-01 holding rule: enemies inside the circle contest it; a contested objective stays
// with its owner; without an owner nobody scores it.
TEST(BgVictory, ContestedObjectiveStaysWithItsOwner) {
  Sc sc = base();
  sc.inf(1, "e2", 6, 13, 10, 1, 0, "C", 270);  // Allied unit 3" east of the Axis unit
  objective(sc, "bridge", 11.5, 10, 7, "allies");
  objective(sc, "ford", 11.5, 10.5, 4);
  auto st = state_of(sc);
  EXPECT_EQ(bg::objective_holder(*st, st->objectives[0]).side, 1);
  EXPECT_EQ(bg::objective_holder(*st, st->objectives[1]).side, -1);
  const auto log = score(*st);
  const auto* v = victory_of(log);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->objectives(0).holder(), "allies");
  EXPECT_EQ(v->objectives(0).how(), "contested; kept by its owner allies");
  EXPECT_EQ(v->objectives(1).holder(), "");
  EXPECT_EQ(v->scores(1), 7);
  EXPECT_EQ(v->winner(), "allies");
}

// BG-VIC-01: an owned objective the enemy holds alone changes hands.
TEST(BgVictory, EnemyAloneTakesAnOwnedObjective) {
  Sc sc = base();
  objective(sc, "hill", 10, 12, 10, "allies");
  auto st = state_of(sc);
  EXPECT_EQ(bg::objective_holder(*st, st->objectives[0]).side, 0);
}

// "bg.objective_radius" (default 3"): the Axis figure nearest (9.5, 15) stands 4.5" from it.
TEST(BgVictory, RadiusOptionAndPerObjectiveRadius) {
  Sc sc = base();
  objective(sc, "wood", 9.5, 15, 3);              // default radius 3": not held
  objective(sc, "copse", 9.5, 15, 3, "", 5);      // own radius 5": held
  auto st = state_of(sc);
  EXPECT_EQ(bg::objective_holder(*st, st->objectives[0]).side, -1);
  EXPECT_EQ(bg::objective_holder(*st, st->objectives[1]).side, 0);
  Sc wide = sc;
  wide.option("bg.objective_radius", "4.5");      // exactly 4.5" counts (within)
  auto st2 = state_of(wide);
  EXPECT_EQ(bg::objective_holder(*st2, st2->objectives[0]).side, 0);
}

// Holding ground: routing (BG-MOR-04) and non-standing (BG-UNIT-05) units neither hold nor
// contest an objective.
TEST(BgVictory, RoutingAndNonStandingUnitsDoNotHold) {
  Sc sc = base();
  sc.inf(1, "e3", 3, 10, 14, 0, 0, "C", 180);     // 3 figures, no leader, no HW: non-standing
  objective(sc, "hill", 10, 12, 10);
  auto st = state_of(sc);
  EXPECT_FALSE(bg::counts_for_objectives(*st->find("e3")));
  EXPECT_EQ(bg::objective_holder(*st, st->objectives[0]).side, 0);
  st->find("a")->markers.routing = true;
  EXPECT_EQ(bg::objective_holder(*st, st->objectives[0]).side, -1);
}

// "bg.objective_vehicles": by default a vehicle holds; with "contest" it only denies.
TEST(BgVictory, VehiclesHoldOrOnlyContestByOption) {
  Sc sc = base();
  sc.vehicle(0, "tank", "medium_tank", 30, 18);
  objective(sc, "crossroads", 30, 19, 10);
  auto st = state_of(sc);
  EXPECT_EQ(bg::objective_holder(*st, st->objectives[0]).side, 0);
  Sc c = sc;
  c.option("bg.objective_vehicles", "contest");
  auto st2 = state_of(c);
  EXPECT_EQ(bg::objective_holder(*st2, st2->objectives[0]).side, -1);
}

// BG-VIC-01 (prisoners taken, enemy destroyed) and BG-PRIS-05 (a group whose guards all died
// counts for nobody): 2 prisoners x 3 + 1 destroyed unit x 4 = 10 for the Axis.
TEST(BgVictory, PrisonersAndDestroyedUnitsScore) {
  Sc sc = base();
  sc.inf(1, "gone", 4, 40, 30, 1, 0, "C", 180);
  sc.s.mutable_victory()->set_prisoner_points(3);
  sc.s.mutable_victory()->set_destroyed_unit_points(4);
  auto st = state_of(sc);
  st->find("gone")->destroyed = true;
  bg::Unit group;
  group.id = "p1";
  group.side = 0;
  group.prisoner_group = true;
  bg::Figure guard;
  guard.id = "g";
  group.figures.push_back(guard);
  for (const char* id : {"x1", "x2"}) {
    bg::Figure p;
    p.id = id;
    p.prisoner = true;
    p.prisoner_of = 0;
    group.figures.push_back(p);
  }
  st->units.push_back(group);
  auto log = score(*st);
  const auto* v = victory_of(log);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->scores(0), 10);
  EXPECT_EQ(v->scores(1), 0);
  // BG-PRIS-05: the guard dies -> the prisoners count for nobody; only the destroyed unit scores.
  st->units.back().figures[0].alive = false;
  log = score(*st);
  EXPECT_EQ(victory_of(log)->scores(0), 4);
}

// Bad objectives are refused with a sentence naming the field.
TEST(BgVictory, BadObjectivesRefused) {
  auto err = [](const Sc& sc) { return rules().validate(sc.s).value_or(""); };
  Sc off = base();
  objective(off, "far", 70, 10, 5);
  EXPECT_NE(err(off).find("victory.objectives[0].point"), std::string::npos);
  Sc owner = base();
  objective(owner, "x", 10, 10, 5, "nobody");
  EXPECT_NE(err(owner).find("victory.objectives[0].owner"), std::string::npos);
  Sc twice = base();
  objective(twice, "x", 10, 10, 5);
  objective(twice, "x", 12, 10, 5);
  EXPECT_NE(err(twice).find("used twice"), std::string::npos);
  Sc neg = base();
  objective(neg, "x", 10, 10, -1);
  EXPECT_NE(err(neg).find("points"), std::string::npos);
  Sc radius = base();
  radius.option("bg.objective_radius", "0");
  EXPECT_NE(err(radius).find("bg.objective_radius"), std::string::npos);
  Sc veh = base();
  veh.option("bg.objective_vehicles", "maybe");
  EXPECT_NE(err(veh).find("bg.objective_vehicles"), std::string::npos);
}

// BG-VIC-01: the three demo scenarios carry their objectives; at the start each objective is
// with its owner (the defender), so the attacker has to take it.
TEST(BgVictory, DemoScenariosHaveObjectivesHeldByTheirOwners) {
  const std::pair<const char*, std::size_t> files[] = {
      {"crossroads.json", 1}, {"village-assault.json", 2}, {"combined-arms.json", 1}};
  for (auto [name, count] : files) {
    std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bg/" + name);
    std::stringstream text;
    text << in.rdbuf();
    const auto parsed = parse_scenario(text.str(), builtin_registry());
    ASSERT_TRUE(parsed.scenario) << name << ": " << parsed.error;
    ASSERT_FALSE(rules().validate(*parsed.scenario).has_value()) << name;
    auto st = bg::initial_state(*parsed.scenario);
    ASSERT_EQ(st->objectives.size(), count) << name;
    EXPECT_GT(st->max_turns, 0) << name;  // GAP-BG-VIC-01: a turn limit
    for (const auto& o : st->objectives) {
      EXPECT_GE(o.owner, 0) << name << " " << o.name;
      EXPECT_EQ(bg::objective_holder(*st, o).side, o.owner) << name << " " << o.name;
    }
  }
}

}  // namespace
}  // namespace sandtable::bgtest
