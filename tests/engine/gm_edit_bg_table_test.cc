// GM edits of a Battleground table beyond its units (docs/rulesets/battleground.md "GM edits"):
// terrain laid and removed (sight, movement and cover follow), smoke as its own, minefields seen
// only by their owner (and stopping the enemy as BG-MINE-04 says), an extra card play, the end of
// a go on the open card; no phase; every refusal in words; replays and snapshots agree.
#include "engine/model/registry.h"
#include "tests/engine/gm_edit_util.h"
#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_special.h"
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {
namespace {

using testing::gm_edit;
using testing::lay_circle;

pb::GmEdit lay_rectangle(const std::string& kind, double x0, double y0, double x1, double y1, const std::string& owner) {
  pb::GmEdit e;
  e.set_reason("the map shows mines here");
  auto* f = e.mutable_terrain()->mutable_feature();
  f->set_kind(kind);
  f->set_owner(owner);
  for (auto [x, y] : std::vector<std::pair<double, double>>{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}) *f->add_polygon() = pt(x, y);
  return e;
}

pb::GmEdit lay_smoke_line(double x0, double y0, double x1, double y1) {
  pb::GmEdit e;
  e.set_reason("the smoke pot was forgotten");
  auto* f = e.mutable_terrain()->mutable_feature();
  f->set_kind("smoke");
  *f->add_polyline() = pt(x0, y0);
  *f->add_polyline() = pt(x1, y1);
  return e;
}

pb::GmEdit remove(int index, const std::string& kind, const std::string& name = "") {
  pb::GmEdit e;
  e.set_reason("it was cut down");
  e.mutable_terrain()->set_remove(true);
  e.mutable_terrain()->set_index(index);
  e.mutable_terrain()->mutable_feature()->set_kind(kind);
  e.mutable_terrain()->mutable_feature()->set_name(name);
  return e;
}

pb::GmEdit extra(const std::string& side) {
  pb::GmEdit e;
  e.set_reason("the player was interrupted");
  e.mutable_extra_action()->set_side(side);
  return e;
}

pb::GmEdit end_go(const std::string& unit = "") {
  pb::GmEdit e;
  e.set_reason("the player left the table");
  e.mutable_end_activation()->set_unit_id(unit);
  return e;
}

// Axis a1 and a2 (4 figures, facing north) at y 10; Allied b1 facing them at (10, 30); the
// scenario's copse far off.
Sc table() {
  Sc sc;
  sc.inf(0, "a1", 4, 10, 10);
  sc.inf(0, "a2", 4, 30, 10);
  sc.inf(1, "b1", 4, 10, 30, 1, 0, "C", 180);
  sc.area("woods", "Copse", 40, 25, 50, 32);
  return sc;
}

Outcome edit(TG& t, const pb::GmEdit& e) {
  const Outcome o = t.g->execute(gm_edit(e));
  if (o.accepted) t.log.insert(t.log.end(), o.events.begin(), o.events.end());
  return o;
}

std::string line_for(const TG& t, const Outcome& o, const std::string& seat) {
  const auto seen = t.g->event_for(o.events.at(0), seat);
  return seen ? seen->text() : "(not shown)";
}

// The log replayed and the snapshot loaded give the GM's view of the live game, byte for byte.
void expect_replays(const TG& t) { testing::expect_log_replays(make_battleground(), t.log, *t.g, {"gm", "axis", "allies"}); }

int count_kind(const pb::View& v, const std::string& kind) {
  int n = 0;
  for (const auto& f : v.terrain()) n += f.kind() == kind;
  return n;
}

std::optional<std::string> sight(const TG& t) { return bg::los_blocker(t.st(), t.u("a1"), t.u("b1")); }

double walk_cost(const TG& t) {
  bg::WalkResult w;
  const std::vector<bg::Vec2> path = {{10, 10}, {10, 18}};
  EXPECT_FALSE(bg::walk_path(t.st(), t.u("a1"), path, 100, &w));
  return w.used;
}

TEST(GmEditBgTable, LaidWoodsLimitSightSlowAndCoverUntilRemoved) {
  TG t(table().s);
  ASSERT_FALSE(sight(t));
  EXPECT_NEAR(walk_cost(t), 8, 1e-9);
  EXPECT_EQ(bg::protection(t.st(), t.u("b1"), t.u("a1").position, t.u("b1").position).red, 0);
  const Outcome o = edit(t, lay_circle("woods", 10, 20, 5));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_TRUE(o.events[0].visible_to().empty());
  EXPECT_EQ(line_for(t, o, "axis"), "GM lays woods around (10, 20), 5\" across the radius (a wood was missed).");
  const pb::View v = t.g->view("allies");
  ASSERT_EQ(v.terrain_size(), 2);
  EXPECT_EQ(v.terrain(1).kind(), "woods");
  EXPECT_TRUE(v.terrain(1).has_circle());
  EXPECT_EQ(v.terrain(1).name(), "") << "the engine's name for it is not shown";
  EXPECT_EQ(v.terrain(0).name(), "Copse");
  // BG-LOS-04: 10" of woods between them (6" at most is seen through); BG-TER-02: the 3" of the
  // walk inside cost double; GAP-BG-TER-06: the woods give the target 1 red die.
  ASSERT_TRUE(sight(t));
  EXPECT_EQ(*sight(t), "t1");
  EXPECT_NEAR(walk_cost(t), 11, 1e-6);
  EXPECT_EQ(bg::protection(t.st(), t.u("b1"), t.u("a1").position, t.u("b1").position).red, 1);
  expect_replays(t);
  const Outcome r = edit(t, remove(1, "woods"));
  ASSERT_TRUE(r.accepted) << r.rejection.message();
  EXPECT_EQ(line_for(t, r, "allies"), "GM removes woods (it was cut down).");
  EXPECT_FALSE(sight(t));
  EXPECT_NEAR(walk_cost(t), 8, 1e-9);
  EXPECT_EQ(bg::protection(t.st(), t.u("b1"), t.u("a1").position, t.u("b1").position).red, 0);
  EXPECT_EQ(t.g->view("gm").terrain_size(), 1);
  // The scenario's copse is removed by its name too.
  ASSERT_TRUE(edit(t, remove(0, "woods", "Copse")).accepted);
  EXPECT_EQ(t.g->view("axis").terrain_size(), 0);
  EXPECT_EQ(t.st().terrain.size(), 0u);
  expect_replays(t);
}

TEST(GmEditBgTable, SmokeIsLaidAsItsOwnIsShownToAllAndRemovedByItsPlaceInTheList) {
  TG t(table().s);
  const Outcome o = edit(t, lay_smoke_line(7, 20, 13, 20));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(line_for(t, o, "allies"), "GM lays a 6\" smoke screen from (7, 20) to (13, 20) (BG-SMK-02) (the smoke pot was forgotten).");
  ASSERT_EQ(t.st().smoke.size(), 1u);
  EXPECT_EQ(t.st().smoke[0].thin_turn, t.st().turn) << "BG-SMK-03: thinned in this turn's special phase, as a unit's";
  EXPECT_TRUE(t.st().terrain.size() == 1) << "smoke is not terrain";
  // BG-LOS-07: no shot through it.
  ASSERT_TRUE(sight(t));
  EXPECT_EQ(sight(t)->rfind("smoke", 0), 0u) << *sight(t);
  EXPECT_TRUE(bg::smoke_blocks(t.st(), {10, 10}, {10, 30}));
  for (const std::string seat : {"axis", "allies", "spectator", "gm"}) {
    const pb::View v = t.g->view(seat);
    ASSERT_EQ(count_kind(v, "smoke"), 1) << seat;
    EXPECT_EQ(v.terrain(v.terrain_size() - 1).polyline_size(), 2) << seat;
  }
  // An artillery circle, 4" across (BG-SMK-05).
  ASSERT_TRUE(edit(t, lay_circle("smoke", 30, 20, 2)).accepted);
  EXPECT_TRUE(t.st().smoke[1].circle);
  EXPECT_EQ(count_kind(t.g->view("axis"), "smoke"), 2);
  expect_replays(t);
  // The GM's list: the copse, then the smoke in the order laid.
  const Outcome r = edit(t, remove(1, "smoke"));
  ASSERT_TRUE(r.accepted) << r.rejection.message();
  EXPECT_EQ(line_for(t, r, "axis"), "GM removes smoke (it was cut down).");
  ASSERT_EQ(t.st().smoke.size(), 1u);
  EXPECT_TRUE(t.st().smoke[0].circle) << "the line went, the circle stays";
  EXPECT_FALSE(sight(t));
  expect_replays(t);
}

TEST(GmEditBgTable, ALaidMinefieldIsSeenOnlyByItsOwnerAndStopsTheEnemyAsItsOwn) {
  Sc sc;
  sc.inf(0, "a1", 4, 10, 10);
  sc.inf(1, "b1", 4, 40, 30);
  TG t(sc.s);
  // BG-MINE-01: a 6" x 4" rectangle; BG-MINE-02: the Allies' secret.
  const Outcome o = edit(t, lay_rectangle("minefield", 8, 20, 14, 24, "allies"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  ASSERT_EQ(o.events[0].visible_to_size(), 1);
  EXPECT_EQ(o.events[0].visible_to(0), "allies");
  EXPECT_FALSE(t.g->event_for(o.events[0], "axis"));
  EXPECT_FALSE(t.g->event_for(o.events[0], "spectator"));
  EXPECT_EQ(line_for(t, o, "allies"), "GM lays minefield over 4 corners from (8, 20), seen only by allies (the map shows mines here).");
  EXPECT_NE(line_for(t, o, "gm").find("seen only by allies"), std::string::npos);
  EXPECT_EQ(count_kind(t.g->view("axis"), "minefield"), 0);
  EXPECT_EQ(count_kind(t.g->view("spectator"), "minefield"), 0);
  EXPECT_EQ(count_kind(t.g->view("allies"), "minefield"), 1);
  EXPECT_EQ(count_kind(t.g->view("gm"), "minefield"), 1);
  ASSERT_EQ(t.st().minefields.size(), 1u);
  EXPECT_FALSE(t.st().minefields[0].known_to[0]);
  EXPECT_TRUE(t.st().minefields[0].known_to[1]);
  expect_replays(t);
  // BG-MINE-04/05/07: the axis unit runs in; it is revealed to all and attacked with one white die
  // per figure (the dice of BgSpecialMines.EnteringRevealsAndAttacksPerFigure).
  t.draw(card(S, 3));
  TableDice dice;
  for (int v : {6, 6, 6, 6, 2, 3, 1, 5, 2, 1}) dice.push(pb::DIE_KIND_D6, v);
  const Outcome m = t.g->execute(move("axis", "a1", pb::BG_MOVE_RUN, {{10, 10}, {10, 22}}), &dice);
  ASSERT_TRUE(m.accepted) << m.rejection.message();
  t.log.insert(t.log.end(), m.events.begin(), m.events.end());
  const auto* revealed = TG::find(m, [](const pb::BgEvent& e) { return e.has_minefield_revealed() && e.minefield_revealed().entered(); });
  ASSERT_NE(revealed, nullptr);
  const auto* attack = TG::find(m, [](const pb::BgEvent& e) { return e.has_attack(); });
  ASSERT_NE(attack, nullptr);
  EXPECT_EQ(attack->attack().white(), 4);
  EXPECT_EQ(attack->attack().red(), 0);
  EXPECT_EQ(t.u("a1").living(), 2);
  EXPECT_EQ(count_kind(t.g->view("axis"), "minefield"), 1) << "entered: seen by everyone";
  expect_replays(t);
}

TEST(GmEditBgTable, ARemovedMinefieldNoLongerStopsAnyoneAndItsRemovalStaysItsOwnersSecret) {
  Sc sc;
  sc.inf(0, "a1", 4, 10, 10);
  sc.inf(1, "b1", 4, 40, 30);
  sc.area("minefield", "mf1", 8, 20, 14, 24, "allies");
  TG t(sc.s);
  const Outcome o = edit(t, remove(0, "minefield", "mf1"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  ASSERT_EQ(o.events[0].visible_to_size(), 1);
  EXPECT_EQ(o.events[0].visible_to(0), "allies");
  EXPECT_FALSE(t.g->event_for(o.events[0], "axis"));
  EXPECT_EQ(line_for(t, o, "allies"), "GM removes minefield (mf1) (it was cut down).");
  EXPECT_TRUE(t.st().minefields.empty());
  EXPECT_EQ(count_kind(t.g->view("gm"), "minefield"), 0);
  t.draw(card(S, 3));
  const Outcome m = t.ok(move("axis", "a1", pb::BG_MOVE_RUN, {{10, 10}, {10, 22}}), {6, 6});
  EXPECT_EQ(TG::find(m, [](const pb::BgEvent& e) { return e.has_minefield_revealed() || e.has_attack(); }), nullptr);
  EXPECT_EQ(t.u("a1").living(), 4);
  EXPECT_NEAR(t.u("a1").position.y, 22, 1e-9);
  expect_replays(t);
}

TEST(GmEditBgTable, RefusalsSayWhyAndChangeNothing) {
  Sc sc = table();
  sc.area("dummy_minefield", "bluff", 40, 2, 46, 6);  // a public dummy: both sides see "minefield"
  TG t(sc.s);
  const std::string before = t.g->view("gm").SerializeAsString();
  pb::GmEdit squares = lay_circle("woods", 20, 20, 3);
  *squares.mutable_terrain()->mutable_feature()->add_squares() = pb::GridSquare();
  pb::GmEdit owned_smoke = lay_smoke_line(7, 20, 13, 20);
  owned_smoke.mutable_terrain()->mutable_feature()->set_owner("axis");
  pb::GmEdit named = lay_circle("woods", 20, 20, 3);
  named.mutable_terrain()->mutable_feature()->set_name("Copse");
  pb::GmEdit phase;
  phase.set_reason("test");
  phase.mutable_set_phase()->set_phase("melee");
  struct Case {
    pb::GmEdit edit;
    std::string code, words;
  };
  const std::vector<Case> cases = {
      {lay_circle("lava", 20, 20, 3), "GM_EDIT_BAD_TERRAIN", "\"lava\" is not a Battleground terrain kind"},
      {lay_circle("woods", 58, 20, 5), "GM_EDIT_BAD_TERRAIN", "runs off the 60x36 table"},
      {squares, "GM_EDIT_BAD_TERRAIN", "no squares"},
      {named, "GM_EDIT_BAD_TERRAIN", "already called \"Copse\""},
      {lay_circle("minefield", 20, 20, 3, "allies"), "GM_EDIT_BAD_TERRAIN", "covers 24 sq in"},
      {lay_circle("dummy_minefield", 20, 20, 2.75), "GM_EDIT_BAD_TERRAIN", "say whose it is"},
      {lay_circle("minefield", 20, 20, 2.75, "reds"), "GM_EDIT_BAD_TERRAIN", "not one of the scenario's sides"},
      {lay_smoke_line(7, 20, 12, 20), "GM_EDIT_BAD_TERRAIN", "exactly 6\" long"},
      {lay_circle("smoke", 20, 20, 3), "GM_EDIT_BAD_TERRAIN", "4\" across"},
      {owned_smoke, "GM_EDIT_BAD_TERRAIN", "no owner"},
      {lay_circle("water", 10, 10, 3), "GM_EDIT_BAD_TERRAIN", "a1 stands there"},
      {remove(5, "woods"), "GM_EDIT_BAD_TERRAIN", "no terrain feature 6"},
      {remove(0, "hill"), "GM_EDIT_BAD_TERRAIN", "the table has changed since"},
      {remove(0, "woods", "Orchard"), "GM_EDIT_BAD_TERRAIN", "the table has changed since"},
      {remove(1, "dummy_minefield", "bluff"), "GM_EDIT_BAD_TERRAIN", "would tell them it is a dummy"},
      {phase, "BG_GM_NO_PHASE", "cards turned from the secret deck"},
      {extra("axis"), "BG_GM_NO_CARD", "No card is open"},
      {end_go(), "BG_GM_NO_UNIT_ACTING", "No side is acting on a card"},
  };
  for (const auto& c : cases) {
    const Outcome o = t.g->execute(gm_edit(c.edit));
    EXPECT_FALSE(o.accepted) << c.words;
    EXPECT_EQ(o.rejection.code(), c.code) << o.rejection.message();
    EXPECT_NE(o.rejection.message().find(c.words), std::string::npos) << o.rejection.message();
    EXPECT_EQ(t.g->view("gm").SerializeAsString(), before) << c.words;
  }
  EXPECT_EQ(t.g->view("gm").menu().gm_phases_size(), 0) << "Battleground offers no phase";
}

TEST(GmEditBgTable, AnExtraCardPlayLetsTheSideActingActOnceMore) {
  TG t(table().s);
  t.draw(card(S, 3));  // BG-CARD-02: spades, Axis move
  const std::string before = t.g->view("gm").SerializeAsString();
  Outcome o = t.g->execute(gm_edit(extra("allies")));
  EXPECT_EQ(o.rejection.code(), "BG_GM_NOT_ACTING") << o.rejection.message();
  o = t.g->execute(gm_edit(extra("axis")));
  EXPECT_EQ(o.rejection.code(), "BG_GM_NOTHING_TO_GIVE") << o.rejection.message();
  EXPECT_EQ(t.g->view("gm").SerializeAsString(), before);
  t.ok(move("axis", "a1", pb::BG_MOVE_WALK, {{10, 10}, {10, 12}}), {6});
  EXPECT_EQ(t.refused(move("axis", "a1", pb::BG_MOVE_WALK, {{10, 12}, {10, 14}}), {6}), "BG_ALREADY_ACTED");
  const Outcome x = edit(t, extra("axis"));
  ASSERT_TRUE(x.accepted) << x.rejection.message();
  EXPECT_EQ(line_for(t, x, "allies"),
            "GM gives axis an extra card play: each of its units may move once more on the open card (the player was interrupted).");
  t.ok(move("axis", "a1", pb::BG_MOVE_WALK, {{10, 12}, {10, 14}}), {6});
  EXPECT_NEAR(t.u("a1").position.y, 14, 1e-9);
  t.ok(move("axis", "a2", pb::BG_MOVE_WALK, {{30, 10}, {30, 12}}), {6});
  expect_replays(t);
}

TEST(GmEditBgTable, EndingTheGoOnTheOpenCardLeavesTheSideOnlyItsEnd) {
  TG t(table().s);
  t.draw(card(S, 3));
  Outcome o = t.g->execute(gm_edit(end_go("b1")));
  EXPECT_EQ(o.rejection.code(), "GM_EDIT_STALE") << "b1 is not of the side acting";
  // One unit's go.
  const Outcome one = edit(t, end_go("a1"));
  ASSERT_TRUE(one.accepted) << one.rejection.message();
  EXPECT_EQ(line_for(t, one, "allies"), "GM ends the go of a1 on the open card (the player left the table).");
  EXPECT_EQ(t.refused(move("axis", "a1", pb::BG_MOVE_WALK, {{10, 10}, {10, 12}}), {6}), "BG_ALREADY_ACTED");
  o = t.g->execute(gm_edit(end_go("a1")));
  EXPECT_EQ(o.rejection.code(), "BG_GM_NO_UNIT_ACTING") << o.rejection.message();
  // The whole side's.
  const Outcome all = edit(t, end_go());
  ASSERT_TRUE(all.accepted) << all.rejection.message();
  EXPECT_EQ(line_for(t, all, "axis"), "GM ends axis's go on the open card: its units that had not acted stand (the player left the table).");
  EXPECT_EQ(t.refused(move("axis", "a2", pb::BG_MOVE_WALK, {{30, 10}, {30, 12}}), {6}), "BG_ALREADY_ACTED");
  // The side is still waited on, with its end of the action the one thing left on its menu.
  EXPECT_EQ(t.g->waiting_for(), std::vector<std::string>{"axis"});
  const pb::View v = t.g->view("axis");
  ASSERT_EQ(v.menu().actions_size(), 1);
  EXPECT_EQ(v.menu().actions(0).id(), "end-action");
  EXPECT_TRUE(v.menu().actions(0).confirm().empty()) << "no unit could still act";
  expect_replays(t);
  t.end_action("axis");
  EXPECT_TRUE(bg::needs_card(t.st())) << "the next card is turned";
}

}  // namespace
}  // namespace sandtable::bgtest
