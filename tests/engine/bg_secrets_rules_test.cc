// Battleground secrets one by one: what each seat's copy of GameStarted holds, dummies, and the
// rules whose outcome could tell a seat of a hidden unit or an unfound minefield (building room,
// digging in, the rout direction, hidden transports). The end-to-end search of every event and
// view of bot games is bg_secrets_test.cc.
#include "engine/rulesets/bg/bg_combat_util.h"
#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {
namespace {

pb::Scenario started_scenario(const std::optional<pb::Event>& e) {
  EXPECT_TRUE(e && e->has_game_started());
  return e ? e->game_started().scenario() : pb::Scenario();
}

std::vector<std::string> unit_ids(const pb::Scenario& s) {
  std::vector<std::string> out;
  for (const auto& side : s.sides()) {
    for (const auto& u : side.units()) out.push_back(u.id());
  }
  for (const auto& r : s.reinforcements()) out.push_back("r:" + r.unit().id());
  return out;
}

std::string kind_of(const google::protobuf::RepeatedPtrField<pb::TerrainFeature>& terrain, const std::string& name) {
  for (const auto& t : terrain) {
    if (t.name() == name) return t.kind();
  }
  return "";
}

// BG-UNIT-09/10, BG-MINE-02: each seat's copy of GameStarted holds the other side's units only
// if they are on the table and not hidden; a public dummy is a minefield to everyone but the
// GM. Own hidden units and reinforcements stay in their side's copy.
TEST(BgSecrets, GameStartedHoldsNoHiddenUnitNorReinforcementOfTheOtherSideBG_UNIT_09_BG_UNIT_10) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(0, "ah", 4, 40, 10).add_attributes("hidden");
  sc.inf(1, "e", 4, 10, 30, 1, 0, "C", 180);
  sc.inf(1, "eh", 4, 40, 30, 1, 0, "C", 180).add_attributes("hidden");
  auto* r = sc.s.add_reinforcements();
  r->set_turn(3);
  r->set_side("allies");
  *r->mutable_unit() = sc.s.sides(1).units(0);
  r->mutable_unit()->set_id("late");
  r->mutable_unit()->set_name("late");
  for (int i = 0; i < r->unit().figures_size(); ++i) r->mutable_unit()->mutable_figures(i)->set_id("late-f" + std::to_string(i));
  sc.area("dummy_minefield", "bluff", 20, 17, 24, 23);
  TG t(sc.s);
  const pb::Event& started = t.log.front();
  using V = std::vector<std::string>;
  EXPECT_EQ(unit_ids(started_scenario(t.g->event_for(started, "axis"))), (V{"a", "ah", "e"}));
  EXPECT_EQ(unit_ids(started_scenario(t.g->event_for(started, "allies"))), (V{"a", "e", "eh", "r:late"}));
  EXPECT_EQ(unit_ids(started_scenario(t.g->event_for(started, "spectator"))), (V{"a", "e"}));
  EXPECT_EQ(unit_ids(started_scenario(t.g->event_for(started, "gm"))), (V{"a", "ah", "e", "eh", "r:late"}));
  for (const char* seat : {"axis", "allies", "spectator"}) {
    EXPECT_EQ(kind_of(started_scenario(t.g->event_for(started, seat)).terrain(), "bluff"), "minefield") << seat;
    EXPECT_EQ(kind_of(t.g->view(seat).terrain(), "bluff"), "minefield") << seat;
  }
  EXPECT_EQ(kind_of(started_scenario(t.g->event_for(started, "gm")).terrain(), "bluff"), "dummy_minefield");
}

// BG-MINE-02: a secret dummy found by the other side (BG-MINE-03, here within 1": automatic)
// shows in its view as a minefield; its owner and the GM see the dummy; spectators see nothing.
// Once entered, everyone sees the dummy.
TEST(BgSecrets, FoundDummyLooksLikeAMinefieldBG_MINE_02) {
  Sc sc;
  sc.inf(0, "a", 4, 14, 10);
  sc.inf(1, "e", 4, 40, 30, 1, 0, "C", 180);
  sc.area("dummy_minefield", "fake", 20, 7, 24, 13, "allies");
  TG t(sc.s);
  EXPECT_EQ(kind_of(t.g->view("axis").terrain(), "fake"), "");
  EXPECT_EQ(kind_of(t.g->view("spectator").terrain(), "fake"), "");
  t.draw(card(S, 9));
  t.ok(move("axis", "a", pb::BG_MOVE_WALK, {{18, 10}}), {6});
  ASSERT_TRUE(t.st().minefield("fake")->known_to[0]);
  EXPECT_EQ(kind_of(t.g->view("axis").terrain(), "fake"), "minefield");
  EXPECT_EQ(kind_of(t.g->view("allies").terrain(), "fake"), "dummy_minefield");
  EXPECT_EQ(kind_of(t.g->view("gm").terrain(), "fake"), "dummy_minefield");
  EXPECT_EQ(kind_of(t.g->view("spectator").terrain(), "fake"), "");  // told to the finder and the owner only
  // Entered, it is seen by everyone for what it is (BG-MINE-04).
  TG in(sc.s);
  in.draw(card(S, 9));
  in.ok(move("axis", "a", pb::BG_MOVE_RUN, {{22, 10}}), {6, 6});
  ASSERT_TRUE(in.st().minefield("fake")->entered);
  for (const char* seat : {"axis", "allies", "gm", "spectator"}) {
    EXPECT_EQ(kind_of(in.g->view(seat).terrain(), "fake"), "dummy_minefield") << seat;
  }
}

// BG-TER-10 with BG-UNIT-09: a building held by a hidden enemy is never counted in a refusal
// ("would hold 20 figures" told of 12 hidden ones). A move that would occupy it runs into the
// hidden unit: it stops short, outside the building, and the unit is found; whether the unit
// would have fitted beside it or not, the answer is the same.
TEST(BgSecrets, BuildingHeldByAHiddenUnitIsRunIntoNotCountedBG_TER_10_BG_UNIT_09) {
  for (int hidden_figures : {12, 4}) {
    SCOPED_TRACE(hidden_figures);
    Sc sc;
    sc.area("building", "barn", 18, 20, 26, 27);
    sc.inf(0, "a", 8, 28, 25);
    sc.inf(1, "h", hidden_figures, 20.5, 21, 1, 0, "C", 180).add_attributes("hidden");
    TG t(sc.s);
    ASSERT_EQ(t.u("h").building, "barn");
    t.draw(card(S, 9));
    BgOrder c = move("axis", "a", pb::BG_MOVE_WALK, {{23, 25}});
    c.mutable_bg()->mutable_move()->set_building("barn");
    const Outcome o = t.ok(c, {6});
    EXPECT_EQ(t.u("a").building, "");
    EXPECT_GT(bg::com(t.u("a")).x, 25.5);  // stopped short: not every figure in or around the barn
    const auto* found = TG::find(o, [](const pb::BgEvent& b) { return b.has_revealed(); });
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->revealed().unit_id(), "h");
    EXPECT_EQ(found->revealed().reason(), "an enemy unit ran into it");
    EXPECT_FALSE(t.u("h").hidden);
  }
}

// BG-TER-10: the building's room still counts what the mover's side sees (its own units and
// visible enemies are counted as before: BgMove.BuildingOccupancyLimits).

// BG-MINE-08 / BG-MINE-02: digging in is refused inside a minefield the side knows of, and not
// inside another side's secret one it has not found (the refusal would reveal it); there the
// unit digs in, and standing inside it finds the minefield (within 1": automatic, BG-MINE-03).
TEST(BgSecrets, DigInInsideAnUnfoundSecretMinefieldIsNotRefusedBG_MINE_08) {
  for (const std::string owner : {"", "axis", "allies"}) {
    SCOPED_TRACE("owner '" + owner + "'");
    Sc sc;
    sc.inf(0, "a", 4, 10, 10);
    sc.inf(1, "e", 4, 40, 30, 1, 0, "C", 180);
    sc.area("minefield", "mf", 8, 7, 12, 13, owner);
    TG t(sc.s);
    t.draw(card(S, 9));
    const pb::Command dig = move("axis", "a", pb::BG_MOVE_DIG_IN, {});
    if (owner != "allies") {
      EXPECT_EQ(t.refused(dig), "BG_DIG_IN_MINES");
      continue;
    }
    t.ok(dig);
    EXPECT_TRUE(t.u("a").markers.dug_in);
    EXPECT_TRUE(t.st().minefield("mf")->known_to[0]);
  }
}

// BG-MOR-04 / GAP-BG-MOR-04: a failed rally routs away from the nearest enemy its side can see;
// a nearer hidden enemy (BG-UNIT-09) does not turn it, and stays hidden.
TEST(BgSecrets, FailedRallyRunsFromTheNearestVisibleEnemyNotAHiddenOneBG_MOR_04) {
  Sc sc;
  sc.inf(0, "a", 6, 10, 10);
  sc.inf(0, "h", 4, 20, 30).add_attributes("hidden");
  sc.inf(1, "e", 6, 10, 18, 0, 0, "C", 180);
  sc.option("bg.morale", "on");
  TG t(sc.s);
  t.draw(card(C, 9));
  t.ok(shoot_cmd("axis", "a", "e"), {5, 6, 6, 2, 1, 1, 1, 2, 3, 3});  // 3 of 6 hit; rout 6"
  ASSERT_TRUE(t.u("e").markers.routing);
  t.end_action("axis");  // "h" need not shoot
  const geom::Vec2 seen = bg::aim_point(t.st(), t.u("a"));
  const geom::Vec2 hidden = bg::aim_point(t.st(), t.u("h"));
  const geom::Vec2 before = bg::com(t.u("e"));
  ASSERT_LT(geom::distance(before, hidden), geom::distance(before, seen));  // the hidden one is nearer
  BgOrder x = cmd("axis");
  *x.mutable_bg()->mutable_draw_card()->mutable_card() = card(D, 7);  // Allied move: the rally roll
  t.ok(x, {2, 3, 4});                                                   // no hit; 2D6 = 7"
  const geom::Vec2 after = bg::com(t.u("e"));
  EXPECT_NEAR(geom::distance(after, seen) - geom::distance(before, seen), 7.0, 1e-6);  // straight away from "a"
  EXPECT_TRUE(t.u("h").hidden);
}

// BG-UNIT-09: a unit and the transport it starts in are hidden together or not at all (a
// passenger is shown where its transport is: one hidden without the other would show a hidden
// unit's id and place).
TEST(BgSecrets, TransportAndPassengersAreHiddenTogetherBG_UNIT_09) {
  for (int hide = 0; hide < 4; ++hide) {
    SCOPED_TRACE(hide);
    Sc sc;
    sc.inf(0, "a", 4, 10, 10);
    auto& truck = sc.vehicle(1, "truck", "truck", 10, 18, 180);
    auto& p = sc.inf(1, "p", 4, 10, 18);
    p.set_towed_by("truck");
    if (hide & 1) truck.add_attributes("hidden");
    if (hide & 2) p.add_attributes("hidden");
    const auto error = rules().validate(sc.s);
    if (hide == 0 || hide == 3) {
      EXPECT_FALSE(error) << *error;
    } else {
      ASSERT_TRUE(error);
      EXPECT_EQ(*error, "sides[1].units[1].towed_by: a unit and its transport are hidden together or not at all (BG-UNIT-09)");
    }
  }
}

// BG-MINE-02/03/10: engineers clearing a secret minefield their side has found (nobody has
// entered it) is told to their side and the owner; spectators, who do not see the minefield,
// get no copy (it names the minefield and draws its strips).
TEST(BgSecrets, ClearingAFoundSecretMinefieldIsNotToldToSpectatorsBG_MINE_10) {
  Sc sc;
  auto& u = sc.inf(0, "eng", 8, 10, 18.5);
  for (int i = 2; i < 8; ++i) u.mutable_figures(i)->set_kind("engineer");
  sc.inf(1, "b1", 4, 40, 30);
  sc.area("minefield", "mf1", 8, 20, 14, 24, "allies");
  TG t(sc.s);
  t.draw(card(S, 3));
  t.ok(move("axis", "eng", pb::BG_MOVE_WALK, {{10, 18.55}}), {1});  // ends 0.6" away: found
  ASSERT_TRUE(t.st().minefield("mf1")->known_to[0]);
  t.draw(card(C, 3));
  BgOrder c = cmd("axis");
  auto* cm = c.mutable_bg()->mutable_clear_mines();
  cm->set_unit_id("eng");
  auto* strip = cm->add_strips();
  strip->set_minefield_id("mf1");
  *strip->mutable_centre() = pt(10, 20.5);
  const Outcome o = t.ok(c);
  int cleared = 0;
  for (const auto& e : o.events) {
    if (!has_bg(e) || !bg_of(e).has_mines_cleared()) continue;
    ++cleared;
    EXPECT_TRUE(t.g->event_for(e, "axis"));
    EXPECT_TRUE(t.g->event_for(e, "allies"));
    EXPECT_TRUE(t.g->event_for(e, "gm"));
    EXPECT_FALSE(t.g->event_for(e, "spectator"));
  }
  EXPECT_EQ(cleared, 1);
}

}  // namespace
}  // namespace sandtable::bgtest
