// GM edits of a Rookie Rules table beyond its units (docs/rulesets/rookie-rules.md "GM edits"):
// terrain laid and removed (sight and cover follow), minefields (RR-MINE-01) seen only by their
// side and stopping the enemy that blunders in, the first side's part of a phase handed on, an
// extra function and the end of an activation; every refusal in words; replays and snapshots agree.
#include "engine/model/registry.h"
#include "tests/engine/gm_edit_util.h"
#include "tests/engine/rr_test_util.h"

namespace sandtable::rrtest {
namespace {

using testing::gm_edit;
using testing::lay_circle;

pb::GmEdit remove(int index, const std::string& kind, const std::string& name = "") {
  pb::GmEdit e;
  e.set_reason("it was cleared");
  e.mutable_terrain()->set_remove(true);
  e.mutable_terrain()->set_index(index);
  e.mutable_terrain()->mutable_feature()->set_kind(kind);
  e.mutable_terrain()->mutable_feature()->set_name(name);
  return e;
}

pb::GmEdit phase(const std::string& p, const std::string& side = "") {
  pb::GmEdit e;
  e.set_reason("the player said it was done");
  e.mutable_set_phase()->set_phase(p);
  e.mutable_set_phase()->set_active_side(side);
  return e;
}

pb::GmEdit extra(const std::string& side) {
  pb::GmEdit e;
  e.set_reason("the squad was misread");
  e.mutable_extra_action()->set_side(side);
  return e;
}

pb::GmEdit end(const std::string& unit) {
  pb::GmEdit e;
  e.set_reason("the player left");
  e.mutable_end_activation()->set_unit_id(unit);
  return e;
}

// r1 (reds) at (30, 11) facing b1 (blacks) at (30, 36); a wood far off.
Sc table() {
  Sc sc;
  sc.unit(0, "r1", "squad", 30, 11).unit(0, "r-ldr", "leader", 24, 11).unit(1, "b1", "squad", 30, 36);
  sc.area("woods", 2, 2, 8, 8, "Wood");
  return sc;
}

Outcome edit(TG& g, const pb::GmEdit& e) {
  const Outcome o = g.g->execute(gm_edit(e));
  if (o.accepted) g.log.insert(g.log.end(), o.events.begin(), o.events.end());
  return o;
}

std::string line_for(const TG& g, const Outcome& o, const std::string& seat) {
  const auto seen = g.g->event_for(o.events.at(0), seat);
  return seen ? seen->text() : "(not shown)";
}

void expect_replays(const TG& g) { testing::expect_log_replays(make_rookie_rules(), g.log, *g.g, {"gm", "reds", "blacks"}); }

bool sees(const TG& g) { return rr::line_of_sight(g.st(), g.u("r1").pos, g.u("b1").pos); }

TEST(GmEditRrTable, LaidWoodsBlockSightAndGiveCoverUntilRemoved) {
  TG g(table().s);
  ASSERT_TRUE(sees(g));
  ASSERT_EQ(rr::cover_of(g.st(), g.u("b1")), rr::Cover::kOpen);
  const Outcome o = edit(g, lay_circle("woods", 30, 24, 5));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_TRUE(o.events[0].visible_to().empty());
  EXPECT_EQ(line_for(g, o, "reds"), "GM lays woods around (30, 24), 5\" across the radius (a wood was missed).");
  const pb::View v = g.g->view("blacks");
  ASSERT_EQ(v.terrain_size(), 2);
  EXPECT_EQ(v.terrain(1).kind(), "woods");
  EXPECT_EQ(v.terrain(1).polygon_size(), 16) << "the circle is laid as an outline";
  EXPECT_FALSE(sees(g)) << "RR-LOS: the woods stand between them";
  // Woods under b1: it is in cover (RR-FIRE-07).
  ASSERT_TRUE(edit(g, lay_circle("woods", 30, 36, 3)).accepted);
  EXPECT_NE(rr::cover_of(g.st(), g.u("b1")), rr::Cover::kOpen);
  expect_replays(g);
  const Outcome r = edit(g, remove(1, "woods"));
  ASSERT_TRUE(r.accepted) << r.rejection.message();
  EXPECT_EQ(line_for(g, r, "blacks"), "GM removes woods (it was cleared).");
  EXPECT_TRUE(sees(g));
  ASSERT_TRUE(edit(g, remove(1, "woods")).accepted);
  EXPECT_EQ(rr::cover_of(g.st(), g.u("b1")), rr::Cover::kOpen);
  ASSERT_TRUE(edit(g, remove(0, "woods", "Wood")).accepted) << "the scenario's own";
  EXPECT_EQ(g.g->view("gm").terrain_size(), 0);
  EXPECT_TRUE(g.st().table->terrain.empty());
  expect_replays(g);
}

TEST(GmEditRrTable, RR_MINE_01_ALaidMinefieldIsItsSidesSecretAndStopsTheEnemyThatBlundersIn) {
  Sc sc;
  sc.unit(0, "r1", "squad", 30, 11).unit(0, "r-ldr", "leader", 24, 11).unit(1, "b1", "squad", 5, 45);
  TG g(sc.s);
  const Outcome o = edit(g, lay_circle("minefield", 30, 20, 6, "blacks"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  ASSERT_EQ(o.events[0].visible_to_size(), 1);
  EXPECT_EQ(o.events[0].visible_to(0), "blacks");
  EXPECT_FALSE(g.g->event_for(o.events[0], "reds"));
  EXPECT_FALSE(g.g->event_for(o.events[0], "spectator"));
  EXPECT_EQ(line_for(g, o, "blacks"),
            "GM lays a minefield of Blacks, a 12\" hex centred 30\" along, 20\" across, hidden from the enemy (RR-MINE-01) "
            "(a wood was missed).");
  EXPECT_FALSE(has_terrain(*g.g, "reds", "minefield"));
  EXPECT_FALSE(has_terrain(*g.g, "spectator", "minefield"));
  EXPECT_TRUE(has_terrain(*g.g, "blacks", "minefield"));
  EXPECT_TRUE(has_terrain(*g.g, "gm", "minefield"));
  expect_replays(g);
  // As RrMeleeGame.AHiddenMinefieldStopsTheUnitThatBlundersInAndAttacksIt: r1 stops where it
  // entered (y = 14), the field is shown to everyone, and r1 is attacked on the 16-20 column.
  g.to_card("reds");
  g.ok(activate("reds", "r1"));
  const Outcome m = g.ok(move("reds", "r1", {{30, 15}}), {{kD10, 5}, {kPct, 95}});
  bool found = false, hit = false;
  for (const auto& e : rr_events(m)) {
    found = found || e.has_minefield_found();
    hit = hit || (e.has_fired() && e.fired().source_rule_id() == "RR-MINE-01");
  }
  EXPECT_TRUE(found);
  EXPECT_TRUE(hit);
  EXPECT_NEAR(g.u("r1").pos.y, 14, 1e-6);
  EXPECT_EQ(g.u("r1").figures, 4);
  EXPECT_TRUE(has_terrain(*g.g, "reds", "minefield"));
  expect_replays(g);
}

TEST(GmEditRrTable, ARemovedMinefieldStopsNobodyAndItsRemovalStaysItsSidesSecret) {
  Sc sc;
  sc.unit(0, "r1", "squad", 30, 11).unit(0, "r-ldr", "leader", 24, 11).unit(1, "b1", "squad", 5, 45);
  pb::RrScenario x;
  x.add_minefields()->set_side("blacks");
  x.mutable_minefields(0)->set_at("30, 20");
  sc.s.mutable_extra()->PackFrom(x);
  TG g(sc.s);
  ASSERT_EQ(g.g->view("gm").terrain(0).kind(), "minefield") << "no terrain: the minefield comes first";
  const Outcome o = edit(g, remove(0, "minefield"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  ASSERT_EQ(o.events[0].visible_to_size(), 1);
  EXPECT_EQ(o.events[0].visible_to(0), "blacks");
  EXPECT_FALSE(g.g->event_for(o.events[0], "reds"));
  EXPECT_EQ(line_for(g, o, "blacks"), "GM removes a minefield (it was cleared).");
  EXPECT_TRUE(g.st().minefields.empty());
  expect_replays(g);
  g.to_card("reds");
  g.ok(activate("reds", "r1"));
  const Outcome m = g.ok(move("reds", "r1", {{30, 15}}));
  for (const auto& e : rr_events(m)) EXPECT_FALSE(e.has_minefield_found() || e.has_fired());
  EXPECT_NEAR(g.u("r1").pos.y, 15, 1e-6);
  expect_replays(g);
}

TEST(GmEditRrTable, RR_SEQ_01_TheFirstSidesPartOfThePlotIsHandedToTheSecond) {
  Sc sc = table();
  pb::RrScenario x;
  for (const std::string side : {"reds", "blacks"}) {
    auto* b = x.add_batteries();
    b->set_id(side + "-guns");
    b->set_side(side);
    b->set_weapon("light_artillery");
  }
  sc.s.mutable_extra()->PackFrom(x);
  TG g(sc.s);
  ASSERT_EQ(g.st().phase, rr::Phase::kPlot);
  ASSERT_EQ(g.st().phase_side, 0);
  // RR-ART-01: the reds' secret plot is drawn in the GM's list after the terrain, and is no terrain.
  pb::RrCommand plot;
  plot.mutable_plot()->set_battery_id("reds-guns");
  plot.mutable_plot()->mutable_point()->set_x(30);
  plot.mutable_plot()->mutable_point()->set_y(30);
  plot.mutable_plot()->set_template_kind("D");
  g.ok(order("reds", plot));
  ASSERT_EQ(g.g->view("gm").terrain_size(), 2);
  ASSERT_EQ(g.st().phase_side, 0);
  const Outcome drawn = g.g->execute(gm_edit(remove(1, "plotted_fire")));
  EXPECT_EQ(drawn.rejection.code(), "GM_EDIT_BAD_TERRAIN");
  EXPECT_NE(drawn.rejection.message().find("is plotted fire, not terrain"), std::string::npos) << drawn.rejection.message();
  const pb::View v = g.g->view("gm");
  ASSERT_EQ(v.menu().gm_phases_size(), 1);
  EXPECT_EQ(v.menu().gm_phases(0), "plotting off-table fire");
  EXPECT_EQ(g.g->view("reds").menu().gm_phases_size(), 0) << "the GM's menu only";
  const std::string before = g.g->view("gm").SerializeAsString();
  Outcome bad = g.g->execute(gm_edit(phase("morale")));
  EXPECT_EQ(bad.rejection.code(), "RR_GM_BAD_PHASE") << bad.rejection.message();
  bad = g.g->execute(gm_edit(phase("plotting off-table fire", "reds")));
  EXPECT_EQ(bad.rejection.code(), "RR_GM_BAD_PHASE") << bad.rejection.message();
  EXPECT_EQ(g.g->view("gm").SerializeAsString(), before);
  const Outcome o = edit(g, phase("plotting off-table fire", "blacks"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(line_for(g, o, "reds"), "GM sets the phase to plotting off-table fire, Blacks to act (the player said it was done).");
  EXPECT_EQ(g.st().phase_side, 1);
  EXPECT_EQ(g.g->waiting_for(), std::vector<std::string>{"blacks"});
  EXPECT_EQ(g.g->view("gm").turn().active_side(), "blacks");
  EXPECT_EQ(g.g->view("gm").menu().gm_phases_size(), 0) << "the second side's part is the last";
  expect_replays(g);
  g.ok(end_phase("blacks"));
  EXPECT_EQ(g.st().phase == rr::Phase::kCommand || g.st().phase == rr::Phase::kCards, true) << "the first card sequence begins";
}

TEST(GmEditRrTable, RR_CARD_05_AnExtraFunctionAndTheEndOfTheActivation) {
  TG g(table().s);
  g.to_card("reds");
  g.ok(activate("reds", "r1"));
  ASSERT_EQ(g.st().functions_left, 2);
  EXPECT_EQ(g.g->execute(gm_edit(extra("blacks"))).rejection.code(), "RR_GM_NOT_ACTING");
  const Outcome x = edit(g, extra("reds"));
  ASSERT_TRUE(x.accepted) << x.rejection.message();
  EXPECT_EQ(line_for(g, x, "blacks"), "GM gives Reds an extra function for r1 (the squad was misread).");
  EXPECT_EQ(g.st().functions_left, 3);
  ASSERT_TRUE(edit(g, extra("reds")).accepted);
  EXPECT_EQ(g.g->execute(gm_edit(extra("reds"))).rejection.code(), "RR_GM_BAD_FUNCTIONS") << "4 at most";
  expect_replays(g);
  // The end of the activation: stale when another unit is named.
  EXPECT_EQ(g.g->execute(gm_edit(end("b1"))).rejection.code(), "GM_EDIT_STALE");
  const Outcome e = edit(g, end(g.g->view("gm").turn().active_unit()));
  ASSERT_TRUE(e.accepted) << e.rejection.message();
  EXPECT_EQ(line_for(g, e, "blacks"), "GM ends the activation of r1: it does nothing more on this card (the player left).");
  EXPECT_EQ(g.st().functions_left, 0);
  EXPECT_EQ(g.run(move("reds", "r1", {{30, 13}})).rejection.code(), "RR_NO_FUNCTIONS");
  EXPECT_EQ(g.g->execute(gm_edit(end("r1"))).rejection.code(), "RR_GM_NO_FUNCTIONS");
  // Its side is waited on, with the end of the activation all that is left; the bot says so too.
  EXPECT_EQ(g.g->waiting_for(), std::vector<std::string>{"reds"});
  Pcg32 rng(7, 7);
  const auto bot = rules().make_bot()->choose(*g.g, "reds", rng);
  ASSERT_TRUE(bot);
  ASSERT_TRUE(carries<pb::RrCommand>(*bot));
  EXPECT_TRUE(payload_of<pb::RrCommand>(*bot).has_end_activation());
  expect_replays(g);
  g.ok(end_activation("reds"));
  EXPECT_TRUE(g.st().active_unit.empty());
}

TEST(GmEditRrTable, RefusalsSayWhyAndChangeNothing) {
  TG g(table().s);
  const std::string before = g.g->view("gm").SerializeAsString();
  pb::GmEdit squares = lay_circle("woods", 20, 20, 3);
  *squares.mutable_terrain()->mutable_feature()->add_squares() = pb::GridSquare();
  struct Case {
    pb::GmEdit edit;
    std::string code, words;
  };
  const std::vector<Case> cases = {
      {lay_circle("lava", 20, 20, 3), "GM_EDIT_BAD_TERRAIN", "unknown terrain \"lava\""},
      {lay_circle("woods", 58, 20, 5), "GM_EDIT_BAD_TERRAIN", "runs off the 60x48 table"},
      {lay_circle("woods", 20, 20, 0), "GM_EDIT_BAD_TERRAIN", "radius"},
      {squares, "GM_EDIT_BAD_TERRAIN", "no squares"},
      {lay_circle("woods", 20, 20, 3, "reds"), "GM_EDIT_BAD_TERRAIN", "secret but minefields"},
      {lay_circle("minefield", 20, 20, 6), "GM_EDIT_BAD_TERRAIN", "say whose it is"},
      {lay_circle("minefield", 20, 20, 6, "greens"), "GM_EDIT_BAD_TERRAIN", "not one of the sides"},
      {lay_circle("minefield", 20, 20, 5, "blacks"), "GM_EDIT_BAD_TERRAIN", "radius of 6\""},
      {lay_circle("minefield", 70, 20, 6, "blacks"), "GM_EDIT_BAD_TERRAIN", "The plotted point"},
      {remove(3, "woods"), "GM_EDIT_BAD_TERRAIN", "no terrain feature 4"},
      {remove(0, "hill"), "GM_EDIT_BAD_TERRAIN", "the table has changed since"},
      {phase("first card sequence"), "RR_GM_NO_PHASE", "No phase can be handed on"},
      {extra("reds"), "RR_GM_NO_UNIT_ACTING", "No unit is acting"},
      {end(""), "RR_GM_NO_UNIT_ACTING", "No unit is acting"},
  };
  for (const auto& c : cases) {
    const Outcome o = g.g->execute(gm_edit(c.edit));
    EXPECT_FALSE(o.accepted) << c.words;
    EXPECT_EQ(o.rejection.code(), c.code) << o.rejection.message();
    EXPECT_NE(o.rejection.message().find(c.words), std::string::npos) << o.rejection.message();
    EXPECT_EQ(g.g->view("gm").SerializeAsString(), before) << c.words;
  }
}

}  // namespace
}  // namespace sandtable::rrtest
