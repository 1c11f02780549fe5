// Battleground's menu entries whose line, strips or partner the engine places
// (engine/rulesets/bg/bg_menu_orders.cc): smoke lines (BG-SMK-01/02), engineers' strips
// (BG-MINE-10), combining (BG-COMB-01/03) and road moves (BG-MOVE-07). Each entry is offered when
// the rules allow it and not otherwise, and a pick sent through the menu (PlayAction) is accepted
// and has the rule's effect.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <map>
#include <string>

#include "engine/model/autoplay.h"
#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "tests/engine/bg_test_util.h"
#include "tests/support/scenario_file.h"

namespace sandtable::bgtest {
namespace {

const pb::Action* entry(const TG& g, const std::string& seat, const std::string& id) {
  static pb::ActionMenu menu;
  menu = g.g->menu(seat);
  for (const auto& a : menu.actions()) {
    if (a.id() == id) return &a;
  }
  return nullptr;
}

const pb::ActionTarget* target_of(const pb::Action& a, const std::string& id) {
  for (const auto& t : a.targets()) {
    if (t.id() == id) return &t;
  }
  return nullptr;
}

pb::PlayAction play(const std::string& action, const std::string& target = "") {
  pb::PlayAction p;
  p.set_action(action);
  p.set_target(target);
  return p;
}

// A pick sent as a player sends it, with the table's dice.
Outcome pick(TG& g, const std::string& seat, const pb::PlayAction& p, std::vector<int> dice = {}) {
  pb::Command c;
  c.set_seat(seat);
  *c.mutable_play() = p;
  TableDice t;
  for (int v : dice) t.push(pb::DIE_KIND_D6, v);
  Outcome o = g.g->execute(c, &t);
  if (o.accepted) g.log.insert(g.log.end(), o.events.begin(), o.events.end());
  return o;
}

// ---- smoke ----

// Axis "sq" (smoke) at (10, 10) facing north, "plain" (no smoke) at (30, 10); Allies "farm" 20"
// north of sq.
Sc smoke_scenario() {
  Sc sc;
  sc.inf(0, "sq", 4, 10, 10).add_attributes("smoke");
  sc.inf(0, "plain", 4, 30, 10);
  sc.inf(1, "farm", 4, 10, 30, 1, 0, "C", 180);
  return sc;
}

// BG-SMK-01: only a designated unit, only on its shooting card, is offered smoke; the lines
// offered are 6" long with both ends within 12" of the layer (BG-SMK-02).
TEST(BgMenuOrders, BG_SMK_01_02_SmokeOfferedToDesignatedUnitsOnAShootCard) {
  TG move(smoke_scenario().s);
  move.draw(card(S, 9));  // Axis move: no smoke
  EXPECT_EQ(entry(move, "axis", "smoke:sq"), nullptr);

  TG g(smoke_scenario().s);
  g.draw(card(C, 3));  // Axis shoot
  EXPECT_EQ(entry(g, "axis", "smoke:plain"), nullptr);  // not designated
  const pb::Action* a = entry(g, "axis", "smoke:sq");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->kind(), "other");  // not the default pick of a selected unit, nor the F key
  EXPECT_EQ(a->label(), "Lay smoke with sq (a 6\" line within 12\")");
  EXPECT_EQ(a->rule_id(), "BG-SMK-01");
  const pb::ActionTarget* before = target_of(*a, "before:farm");
  ASSERT_NE(before, nullptr);
  EXPECT_EQ(before->label(), "Smoke screen in front of farm");
  EXPECT_FALSE(before->detail().empty());
  // Across the line of sight (due north), as far out as the ends stay within 12".
  EXPECT_NEAR(before->point().x(), 10, 1e-9);
  EXPECT_NEAR(before->point().y(), 10 + std::sqrt(135.0), 1e-9);
  ASSERT_NE(target_of(*a, "ahead"), nullptr);
  EXPECT_NEAR(target_of(*a, "ahead")->point().y(), 16, 1e-9);
  EXPECT_EQ(entry(g, "allies", "smoke:sq"), nullptr);
}

// BG-SMK-01/02: the pick lays a 6" line within 12" and is the unit's shooting action.
TEST(BgMenuOrders, BG_SMK_01_02_SmokePickLaysASixInchLineWithinTwelve) {
  TG g(smoke_scenario().s);
  g.draw(card(C, 3));
  const Outcome o = pick(g, "axis", play("smoke:sq", "before:farm"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  ASSERT_EQ(g.st().smoke.size(), 1u);
  const auto& s = g.st().smoke[0];
  EXPECT_NEAR(geom::distance(s.a, s.b), 6.0, 1e-9);
  const bg::Vec2 at = bg::com(g.u("sq"));
  EXPECT_LE(geom::distance(at, s.a), 12 + 1e-9);
  EXPECT_LE(geom::distance(at, s.b), 12 + 1e-9);
  EXPECT_EQ(entry(g, "axis", "smoke:sq"), nullptr);  // it has used its shooting action
}

// BG-SMK-01: a target nearer than 12" gets a line 1" short of it.
TEST(BgMenuOrders, BG_SMK_01_SmokeOneInchShortOfANearEnemy) {
  Sc sc;
  sc.inf(0, "sq", 4, 10, 10).add_attributes("smoke");
  sc.inf(1, "near", 4, 18, 16, 1, 0, "C", 180);  // 10" away
  TG g(sc.s);
  g.draw(card(C, 3));
  const pb::Action* a = entry(g, "axis", "smoke:sq");
  ASSERT_NE(a, nullptr);
  const pb::ActionTarget* t = target_of(*a, "before:near");
  ASSERT_NE(t, nullptr);
  EXPECT_NEAR(t->point().x(), 10 + 0.8 * 9, 1e-9);
  EXPECT_NEAR(t->point().y(), 10 + 0.6 * 9, 1e-9);
  ASSERT_TRUE(pick(g, "axis", play("smoke:sq", "before:near")).accepted);
}

// ---- mine clearing ----

// Axis "eng": 8 figures, figures 2..7 engineers, bases 1" short of minefield mf1 (8..14 x
// 20..24, public). "rifles" has no engineers; "far" has engineers but stands away.
Sc mines_scenario(const std::string& owner = "") {
  Sc sc;
  auto& u = sc.inf(0, "eng", 8, 10, 18.5);
  for (int i = 2; i < 8; ++i) u.mutable_figures(i)->set_kind("engineer");
  sc.inf(0, "rifles", 4, 20, 19);
  auto& far = sc.inf(0, "far", 4, 40, 10);
  far.mutable_figures(1)->set_kind("engineer");
  sc.inf(1, "b1", 4, 50, 30);
  sc.area("minefield", "mf1", 8, 20, 14, 24, owner);
  return sc;
}

// BG-MINE-10: offered to engineers at a known minefield on their shooting card, not elsewhere.
TEST(BgMenuOrders, BG_MINE_10_ClearingOfferedOnlyToEngineersAtAKnownMinefield) {
  TG g(mines_scenario().s);
  g.draw(card(C, 3));
  const pb::Action* a = entry(g, "axis", "clear-mines:eng");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->rule_id(), "BG-MINE-10");
  ASSERT_EQ(a->targets_size(), 1);
  EXPECT_EQ(a->targets(0).id(), "mf1");
  EXPECT_EQ(a->targets(0).label(), "Clear a lane into mf1");
  EXPECT_EQ(entry(g, "axis", "clear-mines:rifles"), nullptr);  // no engineers
  EXPECT_EQ(entry(g, "axis", "clear-mines:far"), nullptr);     // not at the minefield

  TG move(mines_scenario().s);
  move.draw(card(S, 9));  // a move card: no clearing
  EXPECT_EQ(entry(move, "axis", "clear-mines:eng"), nullptr);

  TG secret(mines_scenario("allies").s);  // the Allies' secret minefield: unknown to the Axis
  secret.draw(card(C, 3));
  EXPECT_EQ(entry(secret, "axis", "clear-mines:eng"), nullptr);
}

// BG-MINE-10: the pick clears one 2" x 1" strip per engineer, at the edge, facing in.
TEST(BgMenuOrders, BG_MINE_10_ClearingPickClearsOneStripPerEngineer) {
  TG g(mines_scenario().s);
  g.draw(card(C, 3));
  const Outcome o = pick(g, "axis", play("clear-mines:eng", "mf1"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  const auto& cleared = g.st().minefields[0].cleared;
  ASSERT_EQ(cleared.size(), 6u);
  const geom::Polygon field = geom::axis_rectangle(8, 20, 14, 24);
  for (std::size_t i = 0; i < cleared.size(); ++i) {
    EXPECT_NEAR(cleared[i].area(), 2.0, 1e-9);
    for (const auto& v : cleared[i].vertices()) {
      EXPECT_NE(geom::locate(field, v), geom::Where::kOutside) << "strip " << i << " at " << v.x << "," << v.y;
      EXPECT_LE(v.y, 21 + 1e-9);  // 1" deep from the edge at y 20
    }
  }
  EXPECT_EQ(entry(g, "axis", "clear-mines:eng"), nullptr);  // it has used its shooting action
}

// ---- combining ----

// Axis "a" and "b" touching (1" apart), "c" away, an Allied unit touching "a"; all infantry.
Sc combine_scenario(const std::string& grade_b = "C") {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(0, "b", 4, 10, 11, 1, 0, grade_b);
  sc.inf(0, "c", 4, 30, 10);
  sc.vehicle(0, "tank", "medium_tank", 14, 6);
  sc.inf(1, "e", 4, 10, 30, 1, 0, "C", 180);
  return sc;
}

// BG-COMB-01/03: a unit may combine (without a path) only with a touching friendly infantry unit.
TEST(BgMenuOrders, BG_COMB_01_03_CombineOfferedOnlyWithATouchingFriendlyInfantryUnit) {
  TG g(combine_scenario().s);
  g.draw(card(S, 9));  // Axis move
  const pb::Action* a = entry(g, "axis", "combine:a");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->label(), "Combine a with…");
  ASSERT_EQ(a->targets_size(), 1);
  EXPECT_EQ(a->targets(0).id(), "b");
  EXPECT_EQ(a->targets(0).detail(), "8 figures together; grade stays C");
  EXPECT_EQ(entry(g, "axis", "combine:c"), nullptr);  // touches no one

  TG rolled(combine_scenario("B").s);
  rolled.draw(card(S, 9));
  a = entry(rolled, "axis", "combine:a");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->targets(0).detail(), "8 figures together; grade rolled between C and B (BG-COMB-04)");

  TG shoot(combine_scenario().s);
  shoot.draw(card(C, 3));  // a shooting card: no combining
  EXPECT_EQ(entry(shoot, "axis", "combine:a"), nullptr);
}

// BG-COMB-01/03: the pick combines the two units (the mover joins the picked unit).
TEST(BgMenuOrders, BG_COMB_01_03_CombinePickJoinsTheUnits) {
  TG g(combine_scenario().s);
  g.draw(card(S, 9));
  const Outcome o = pick(g, "axis", play("combine:a", "b"), {3, 3});
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  ASSERT_NE(TG::find(o, [](const pb::BgEvent& e) { return e.has_combined(); }), nullptr);
  EXPECT_EQ(g.u("b").living(), 8);
  EXPECT_EQ(g.st().active_unit("a"), nullptr);
}

// ---- road moves ----

// A road 4" wide along y 8..12; Axis "r" on it facing east, "off" away from it.
Sc road_scenario() {
  Sc sc;
  sc.area("road", "the road", 0, 8, 60, 12);
  sc.inf(0, "r", 4, 10, 10, 1, 0, "C", 90);
  sc.inf(0, "off", 4, 10, 24, 1, 0, "C", 90);
  sc.inf(1, "e", 4, 50, 30, 1, 0, "C", 180);
  return sc;
}

// BG-MOVE-07: a unit on a road gets "walk by road" and "run by road" at 4/3 of the most.
TEST(BgMenuOrders, BG_MOVE_07_RoadModesOnlyOnARoad) {
  TG g(road_scenario().s);
  g.draw(card(S, 9));
  const pb::Action* a = entry(g, "axis", "move:r");
  ASSERT_NE(a, nullptr);
  std::map<std::string, double> most;
  for (int i = 0; i < a->move().modes_size(); ++i) most[a->move().modes(i)] = a->move().mode_max_inches(i);
  ASSERT_TRUE(most.count("walk by road"));
  ASSERT_TRUE(most.count("run by road"));
  EXPECT_DOUBLE_EQ(most["walk by road"], most["walk"] * 4 / 3);
  EXPECT_DOUBLE_EQ(most["run by road"], most["run"] * 4 / 3);
  EXPECT_DOUBLE_EQ(a->move().max_inches(), most["run by road"]);
  EXPECT_EQ(a->move().modes(0), "walk");  // the default stays the plain walk
  const pb::Action* off = entry(g, "axis", "move:off");
  ASSERT_NE(off, nullptr);
  for (const auto& m : off->move().modes()) EXPECT_EQ(m.find("road"), std::string::npos) << m;
}

// BG-MOVE-07: the road mode adds a third of the roll; a path off the road is refused, and the
// preview says so.
TEST(BgMenuOrders, BG_MOVE_07_RoadPickUsesTheBonusAndStaysOnTheRoad) {
  TG g(road_scenario().s);
  g.draw(card(S, 9));
  pb::PlayAction off_road = play("move:r");
  off_road.set_mode("walk by road");
  *off_road.add_path() = pt(20, 20);
  off_road.set_facing_deg(90);
  pb::Query q;
  *q.mutable_preview() = off_road;
  const pb::QueryAnswer preview = g.g->query("axis", q);
  EXPECT_FALSE(preview.ok());
  EXPECT_NE(preview.text().find("The road bonus needs the whole move along a road."), std::string::npos) << preview.text();
  Outcome o = pick(g, "axis", off_road, {5, 5});
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "BG_NOT_ON_ROAD");
  EXPECT_EQ(o.rejection.message(), "The road bonus needs the whole move along a road.");

  pb::PlayAction along = play("move:r");
  along.set_mode("run by road");
  *along.add_path() = pt(22, 10);  // 12": a run of 10 reaches it only with the bonus (+3)
  along.set_facing_deg(90);
  o = pick(g, "axis", along, {5, 5});
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  const auto* moved = TG::find(o, [](const pb::BgEvent& e) { return e.has_unit_moved(); });
  ASSERT_NE(moved, nullptr);
  ASSERT_EQ(moved->unit_moved().notes_size(), 1);
  EXPECT_EQ(moved->unit_moved().notes(0), "road bonus +3\"");
  EXPECT_NEAR(bg::com(g.u("r")).x, 22, 1e-6);
  EXPECT_TRUE(g.u("r").markers.road);
}


// ---- the demo scenarios ----

// A 1" move in this road mode, in one of 16 directions, facing kept, accepted by a game copy:
// "" if one is, else the refusals.
std::string road_step_refused(const Game& game, const std::string& seat, const pb::Action& a, const std::string& mode) {
  const auto& st = static_cast<const BgState&>(game.state());
  const bg::Unit& u = *st.find(a.unit_id());
  std::string why;
  for (int k = 0; k < 16; ++k) {
    pb::Command c;
    c.set_seat(seat);
    c.mutable_play()->set_action(a.id());
    c.mutable_play()->set_mode(mode);
    *c.mutable_play()->add_path() = bg::to_point(bg::com(u) + bg::Facing::from_half_degrees(k * 45).forward());
    c.mutable_play()->set_facing_deg(bg::facing_degrees(u.facing));
    Game copy(game);
    const Outcome o = copy.execute(c);
    if (o.accepted) return "";
    why.append(o.rejection.code()).append(" ");
  }
  return why;
}

// In random-bot games of the demo scenarios the new entries are offered, and the bot (whose
// candidates include every placement, bg_actions.cc) gives the orders: smoke from the village
// assault's 1st Squad, road moves on the scenarios' roads, combining and clearing where the game
// brings units together.
TEST(BgMenuOrders, DemoScenariosOfferAndPlayTheseOrders_BG_SMK_01_BG_MINE_10_BG_COMB_01_BG_MOVE_07) {
  std::map<std::string, int> offered, played;
  for (const char* name : {"crossroads", "village-assault", "combined-arms", "hedgerow-raid"}) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const pb::Scenario scenario = load_scenario_file(std::string("bg/") + name + ".json");
      AutoplayOptions options;
      options.seed = seed;
      options.keep_log = false;
      options.bot_for = [](const std::string&) { return bg::make_bg_random_bot(); };
      options.observer = [&](const Game& game, const std::vector<pb::Event>& events) {
        for (const auto& seat : game.state().sides) {
          const pb::ActionMenu menu = game.menu(seat);
          for (const auto& a : menu.actions()) {
            const std::string verb = a.id().substr(0, a.id().find(':'));
            if (verb == "smoke" || verb == "clear-mines" || verb == "combine") ++offered[verb];
            for (const auto& m : a.move().modes()) {
              if (m.find(" by road") == std::string::npos) continue;
              ++offered["road"];
              // Usable as offered: a 1" path along the road in one of 16 directions is accepted.
              EXPECT_EQ(road_step_refused(game, seat, a, m), "") << name << " seed " << seed << " " << a.id() << " " << m;
            }
          }
        }
        for (const auto& e : events) {
          if (!has_bg(e)) continue;
          const pb::BgEvent& b = bg_of(e);
          if (b.has_smoke() && b.smoke().state() == "laid" && b.smoke().has_a()) ++played["smoke"];
          if (b.has_mines_cleared() && !b.mines_cleared().by_unit().empty()) ++played["clear-mines"];
          if (b.has_combined()) ++played["combine"];
          if (b.has_unit_moved()) {
            for (const auto& n : b.unit_moved().notes()) played["road"] += n.rfind("road bonus", 0) == 0;
          }
        }
        return true;
      };
      const AutoplayResult r = autoplay(rules(), scenario, options);
      ASSERT_TRUE(r.finished) << name << " seed " << seed << ": " << r.error;
    }
  }
  for (const char* k : {"smoke", "clear-mines", "combine", "road"}) {
    std::cout << "[orders] " << k << ": offered " << offered[k] << ", played " << played[k] << "\n";
  }
  for (const char* k : {"smoke", "clear-mines", "combine", "road"}) {
    EXPECT_GT(offered[k], 0) << k;
    EXPECT_GT(played[k], 0) << k;
  }
}

}  // namespace
}  // namespace sandtable::bgtest
