// GM edits (docs/engine.md "GM edits"): typed, with the GM's reason, checked by the rule set,
// recorded as GmEdited events that every log that may see them shows, replayed and saved like
// any other event; the GM's dice override (GmSetDice) is the engine's own.
#include <gtest/gtest.h>

#include <functional>

#include "engine/model/game_words.h"
#include "engine/model/registry.h"
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/bg/bg_rules.h"
#include "engine/rulesets/pw/pw_rules.h"
#include "bg_test_util.h"
#include "pw_test_util.h"
#include "tests/support/race.pb.h"
#include "tests/support/race_rules.h"
#include "tests/support/scenario_file.h"
#include "tests/engine/gm_edit_util.h"

namespace sandtable {
namespace {

using testing::gm_edit;

pb::GmEdit with_reason(const std::string& reason) {
  pb::GmEdit e;
  e.set_reason(reason);
  return e;
}

const pb::Event* edited(const Outcome& o) {
  for (const auto& e : o.events) {
    if (e.has_gm_edited()) return &e;
  }
  return nullptr;
}

// ---- Portable Wargame ---------------------------------------------------------------------

// A meeting engagement its bots play until `reached` holds of its state (or `most` orders);
// null when the game could not start or a bot found nothing to do.
std::unique_ptr<Game> pw_meeting_until(std::uint64_t seed, int most, const std::function<bool(const pw::PwState&)>& reached) {
  const RuleSet& rules = pwtest::rules();
  std::string error;
  StartOptions start;
  start.seed = seed;
  auto game = Game::start(rules, load_scenario_file("pw/meeting-engagement.json"), start, nullptr, &error);
  if (!game) return nullptr;
  auto bot = rules.make_bot();
  Pcg32 rng(seed, 7);
  for (int step = 0; step < most && !game->over(); ++step) {
    if (reached(static_cast<const pw::PwState&>(game->state()))) break;
    const std::string seat = game->waiting_for().front();
    auto c = bot->choose(*game, seat, rng);
    if (!c || !game->execute(*c).accepted) return nullptr;
  }
  return game;
}

// "Give a side an extra action" (issue 17): the side taking its activations now gets the count
// the GM sets; any other side, or a count that is not one, is refused in words.
TEST(GmEdit, PwGivesTheSideActingNowMoreActivations) {
  auto game = pw_meeting_until(3, 100, [](const pw::PwState& s) { return s.phase == pw::Phase::kActivation && s.active_side >= 0; });
  ASSERT_TRUE(game);
  const auto st = [&]() -> const pw::PwState& { return static_cast<const pw::PwState&>(game->state()); };
  ASSERT_EQ(st().phase, pw::Phase::kActivation);
  const int acting = st().active_side;
  const std::string side = st().sides[static_cast<std::size_t>(acting)];
  const std::string other = st().sides[static_cast<std::size_t>(1 - acting)];
  auto give = [&](const std::string& who, const std::string& value) {
    pb::GmEdit e = with_reason("a reserve arrives");
    e.mutable_set_marker()->set_side_id(who);
    e.mutable_set_marker()->set_key("activations_left");
    e.mutable_set_marker()->set_value(value);
    return gm_edit(e);
  };
  EXPECT_EQ(Game(*game).execute(give(other, "3")).rejection.code(), "PW_GM_NOT_ACTING");
  EXPECT_EQ(Game(*game).execute(give(side, "three")).rejection.code(), "PW_GM_BAD_ACTIVATIONS");
  EXPECT_EQ(Game(*game).execute(give(side, "21")).rejection.code(), "PW_GM_BAD_ACTIVATIONS");
  const Outcome o = game->execute(give(side, "7"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(st().side_state[static_cast<std::size_t>(acting)].activations_left, 7);
  EXPECT_EQ(game->log_line_for(o.events[0], other)->text(),
            "GM sets activations_left to 7 on " + side_name(game->state(), side) + " (a reserve arrives).");
  bool offered = false;
  const pb::ActionMenu menu = game->menu(side);
  for (const auto& a : menu.actions()) offered |= a.kind() == "move";
  EXPECT_TRUE(offered) << "the side acts on with the activations given";
}

using pwtest::Sc;
using pwtest::TG;

pb::Scenario pw_table() {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(0, "b2", "infantry", 3, 2).unit(1, "r1", "infantry", 8, 8)
      .terrain("river", {{5, 5}});
  return s.s;
}

// "End an activation" (issue 17): setting `activated` on the unit acting now ends its
// activation; it cannot be made ready while it acts.
TEST(GmEdit, PwEndsTheActivationOfTheUnitActingNow) {
  auto game = pw_meeting_until(5, 400, [](const pw::PwState& s) { return !s.active_unit.empty() && s.hits.empty(); });
  ASSERT_TRUE(game);
  const auto st = [&]() -> const pw::PwState& { return static_cast<const pw::PwState&>(game->state()); };
  ASSERT_FALSE(st().active_unit.empty()) << "no unit was left acting between two orders";
  const std::string acting = st().active_unit;
  auto mark = [&](bool clear) {
    pb::GmEdit e = with_reason("the player left the table");
    e.mutable_set_marker()->set_unit_id(acting);
    e.mutable_set_marker()->set_key("activated");
    e.mutable_set_marker()->set_clear(clear);
    return gm_edit(e);
  };
  EXPECT_EQ(Game(*game).execute(mark(true)).rejection.code(), "PW_GM_UNIT_ACTIVE");
  pb::GmEdit remove = with_reason("x");
  remove.mutable_remove_unit()->set_unit_id(acting);
  EXPECT_NE(Game(*game).execute(gm_edit(remove)).rejection.message().find("set 'activated' on it"), std::string::npos);
  const Outcome o = game->execute(mark(false));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_TRUE(st().active_unit.empty()) << "its activation ended";
  EXPECT_TRUE(st().find(acting)->activated);
  EXPECT_TRUE(game->execute(gm_edit(remove)).accepted) << "no longer acting: the GM may now remove it";
}

TEST(GmEdit, PwMoveIsAnEventEverySeatReadsAndReplays) {
  TG t(pw_table());
  pb::GmEdit e = with_reason("the unit was placed on the wrong square");
  e.mutable_move_unit()->set_unit_id("b1");
  *e.mutable_move_unit()->mutable_square() = pwtest::sq(4, 6);
  e.mutable_move_unit()->set_facing(pb::GRID_FACING_EAST);
  const Outcome o = t.ok(gm_edit(e));
  ASSERT_EQ(o.events.size(), 1u);
  const pb::Event* ev = edited(o);
  ASSERT_TRUE(ev);
  EXPECT_TRUE(ev->visible_to().empty()) << "nothing on a Portable Wargame table is hidden";
  EXPECT_EQ(t.u("b1").sq.col, 4);
  EXPECT_EQ(t.u("b1").sq.row, 6);
  EXPECT_EQ(t.u("b1").facing, grid::Facing::kEast);
  for (const char* viewer : {"blue", "red", "spectator", "gm"}) {
    const auto seen = t.g->event_for(*ev, viewer);
    ASSERT_TRUE(seen) << viewer;
    EXPECT_EQ(seen->text(), "GM moves b1 to (4,6) (the unit was placed on the wrong square).") << viewer;
  }
  // The log replays to the same table, and a snapshot carries it.
  Registry reg;
  reg.add(make_portable_wargame());
  std::string error;
  auto replayed = Game::from_log(reg, t.log, &error);
  ASSERT_TRUE(replayed) << error;
  // The GM's rewind points are the live game's only (a replay starts without them).
  pb::View live = t.g->view("gm");
  ASSERT_EQ(live.menu().rewind_points_size(), 1);
  live.mutable_menu()->clear_rewind_points();
  EXPECT_EQ(replayed->view("gm").SerializeAsString(), live.SerializeAsString());
  auto loaded = Game::load(reg, t.log.front(), t.g->save(), &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->view("gm").SerializeAsString(), live.SerializeAsString());
}

// Refusals say why and change nothing.
TEST(GmEdit, PwRefusesWhatBreaksTheTable) {
  TG t(pw_table());
  const std::string before = t.g->view("gm").SerializeAsString();
  auto move_to = [](const std::string& id, int c, int r) {
    pb::GmEdit e = with_reason("test");
    e.mutable_move_unit()->set_unit_id(id);
    *e.mutable_move_unit()->mutable_square() = pwtest::sq(c, r);
    return e;
  };
  struct Case {
    pb::GmEdit edit;
    std::string seat, code;
  };
  pb::GmEdit no_reason = move_to("b1", 4, 4);
  no_reason.clear_reason();
  pb::GmEdit strength = with_reason("test");
  strength.mutable_set_strength()->set_unit_id("b1");
  strength.mutable_set_strength()->set_strength(99);
  pb::GmEdit marker = with_reason("test");
  marker.mutable_set_marker()->set_unit_id("b1");
  marker.mutable_set_marker()->set_key("invisible");
  pb::GmEdit facing = move_to("b1", 4, 4);
  facing.mutable_move_unit()->set_facing(static_cast<pb::GridFacing>(7));  // an open enum takes any number
  pb::GmEdit turn = with_reason("test");
  turn.mutable_set_turn()->set_turn(0);
  const std::vector<Case> cases = {
      {move_to("b1", 3, 2), "gm", "PW_GM_SQUARE_TAKEN"},  // b2 stands there
      {move_to("b1", 12, 2), "gm", "PW_GM_OFF_BOARD"},
      {move_to("b1", 5, 5), "gm", "PW_GM_IMPASSABLE"},     // river (PW-TER-05)
      {move_to("nobody", 4, 4), "gm", "PW_NO_SUCH_UNIT"},
      {move_to("b1", 4, 4), "blue", "GM_ONLY"},
      {no_reason, "gm", "GM_REASON_NEEDED"},
      {strength, "gm", "PW_GM_BAD_STRENGTH"},
      {marker, "gm", "PW_GM_NO_SUCH_MARKER"},
      {turn, "gm", "PW_GM_BAD_TURN"},
      {facing, "gm", "PW_GM_BAD_FACING"},
  };
  for (const auto& c : cases) {
    pb::Command cmd = gm_edit(c.edit);
    cmd.set_seat(c.seat);
    const Outcome o = t.run(cmd);
    EXPECT_FALSE(o.accepted) << c.code;
    EXPECT_EQ(o.rejection.code(), c.code) << o.rejection.message();
    EXPECT_FALSE(o.rejection.message().empty());
    EXPECT_EQ(t.g->view("gm").SerializeAsString(), before) << c.code;
  }
}

// PW-UNIT-02 / PW-EXH-01: SP a GM takes away count as lost for the side's exhaustion, and SP
// given back are no longer lost; a removed unit's SP are lost.
TEST(GmEdit, PwStrengthAndRemovalCountTowardExhaustion) {
  TG t(pw_table());
  const int max = t.u("b1").max_sp;
  ASSERT_GT(max, 1);
  pb::GmEdit e = with_reason("a hit was not recorded");
  e.mutable_set_strength()->set_unit_id("b1");
  e.mutable_set_strength()->set_strength(max - 1);
  t.ok(gm_edit(e));
  EXPECT_EQ(t.u("b1").sp, max - 1);
  EXPECT_EQ(t.st().side_state[0].sp_lost, 1);
  e.mutable_set_strength()->set_strength(max);
  t.ok(gm_edit(e));
  EXPECT_EQ(t.st().side_state[0].sp_lost, 0);
  pb::GmEdit r = with_reason("the player conceded the unit");
  r.mutable_remove_unit()->set_unit_id("b2");
  const Outcome o = t.ok(gm_edit(r));
  EXPECT_FALSE(t.u("b2").alive);
  EXPECT_EQ(t.st().side_state[0].sp_lost, t.u("b2").max_sp);
  EXPECT_EQ(t.g->event_for(*edited(o), "red")->text(), "GM removes b2 (the player conceded the unit).");
}

// ---- Battleground ---------------------------------------------------------------------------

pb::Scenario bg_table(bool hidden) {
  bgtest::Sc sc;
  sc.inf(0, "a1", 4, 10, 10).set_name("1st Squad");
  auto& farm = sc.inf(1, "b1", 4, 40, 30);
  farm.set_name("Farm Section");
  if (hidden) farm.add_attributes("hidden");
  return sc.s;
}

struct BgGame {
  std::unique_ptr<RuleSet> rules = make_battleground();
  std::vector<pb::Event> log;
  std::unique_ptr<Game> g;
  explicit BgGame(const pb::Scenario& s) {
    std::string err;
    g = Game::start(*rules, s, StartOptions{}, &log, &err);
    EXPECT_TRUE(g) << err;
  }
  const pb::UnitView* unit(const std::string& viewer, const std::string& id) const {
    static pb::View v;
    v = g->view(viewer);
    for (const auto& u : v.units()) {
      if (u.id() == id) return &u;
    }
    return nullptr;
  }
};

// BG-UNIT-09: an edit of a hidden unit is seen by its side and the GM only.
TEST(GmEdit, BgEditOfAHiddenUnitReachesOnlyThoseWhoSeeIt) {
  BgGame t(bg_table(true));
  ASSERT_TRUE(t.g) << "scenario";
  pb::GmEdit e = with_reason("the section was set up too far forward");
  e.mutable_move_unit()->set_unit_id("b1");
  e.mutable_move_unit()->mutable_point()->set_x(45);
  e.mutable_move_unit()->mutable_point()->set_y(32);
  const Outcome o = t.g->execute(gm_edit(e));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  const pb::Event* ev = edited(o);
  ASSERT_TRUE(ev);
  EXPECT_FALSE(t.g->event_for(*ev, "axis")) << "the Axis would learn of the hidden section";
  EXPECT_FALSE(t.g->event_for(*ev, "spectator"));
  ASSERT_TRUE(t.g->event_for(*ev, "allies"));
  EXPECT_EQ(t.g->event_for(*ev, "gm")->text(), "GM moves Farm Section to (45, 32) (the section was set up too far forward).");
  // Its figures moved with it, kept in formation: the centre is where the GM put it.
  const pb::UnitView* u = t.unit("allies", "b1");
  ASSERT_TRUE(u);
  EXPECT_NEAR(u->position().x(), 45, 1e-9);
  EXPECT_NEAR(u->position().y(), 32, 1e-9);
  EXPECT_FALSE(t.unit("axis", "b1"));
}

TEST(GmEdit, BgStrengthIsLivingFiguresAndMarkersAreTheViewsKeys) {
  BgGame t(bg_table(false));
  pb::GmEdit s = with_reason("two casualties were missed");
  s.mutable_set_strength()->set_unit_id("a1");
  s.mutable_set_strength()->set_strength(2);
  ASSERT_TRUE(t.g->execute(gm_edit(s)).accepted);
  EXPECT_EQ(t.unit("gm", "a1")->strength(), 2);
  EXPECT_EQ(t.unit("gm", "a1")->max_strength(), 4);
  s.mutable_set_strength()->set_strength(5);
  const Outcome too_many = t.g->execute(gm_edit(s));
  EXPECT_FALSE(too_many.accepted);
  EXPECT_EQ(too_many.rejection.code(), "BG_GM_BAD_STRENGTH");
  pb::GmEdit m = with_reason("it dug in last turn");
  m.mutable_set_marker()->set_unit_id("a1");
  m.mutable_set_marker()->set_key("dug_in");
  ASSERT_TRUE(t.g->execute(gm_edit(m)).accepted);
  bool dug_in = false;
  for (const auto& mk : t.unit("axis", "a1")->markers()) dug_in |= mk.key() == "dug_in";
  EXPECT_TRUE(dug_in);
  m.mutable_set_marker()->set_clear(true);
  ASSERT_TRUE(t.g->execute(gm_edit(m)).accepted);
  dug_in = false;
  for (const auto& mk : t.unit("axis", "a1")->markers()) dug_in |= mk.key() == "dug_in";
  EXPECT_FALSE(dug_in);
}

// BG-MOVE-16: a vehicle and its passengers name each other, so the GM removes neither while one
// is aboard the other; moving the vehicle takes the passengers along.
TEST(GmEdit, BgPassengersAndTheirVehicleStayTogether) {
  bgtest::Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.vehicle(1, "truck", "truck", 10, 18, 180);
  sc.inf(1, "p", 4, 10, 18).set_towed_by("truck");
  BgGame t(sc.s);
  const std::string before = t.g->save().SerializeAsString();
  for (const auto& [id, code] : std::vector<std::pair<std::string, std::string>>{{"p", "BG_GM_REMOVE_CARRIED"}, {"truck", "BG_GM_REMOVE_CARRIER"}}) {
    pb::GmEdit r = with_reason("test");
    r.mutable_remove_unit()->set_unit_id(id);
    const Outcome o = t.g->execute(gm_edit(r));
    EXPECT_FALSE(o.accepted) << id;
    EXPECT_EQ(o.rejection.code(), code);
  }
  EXPECT_EQ(t.g->save().SerializeAsString(), before);
  pb::GmEdit m = with_reason("the truck was on the wrong road");
  m.mutable_move_unit()->set_unit_id("truck");
  m.mutable_move_unit()->mutable_point()->set_x(20);
  m.mutable_move_unit()->mutable_point()->set_y(18);
  ASSERT_TRUE(t.g->execute(gm_edit(m)).accepted);
  EXPECT_NEAR(t.unit("gm", "truck")->position().x(), 20, 1e-9);
  EXPECT_NEAR(t.unit("gm", "p")->position().x(), 20, 1e-9) << "the passengers rode along";
}

// "Move or remove a unit or figure" (issue 17): Battleground's units are loose figures, so the GM
// may move one figure (the unit kept together, BG-MOVE-01) or take one off as a casualty; the
// unit's place follows its figures, the log names the figure, and the log replays to the table.
TEST(GmEdit, BgMovesOrRemovesOneFigureAndTheUnitFollows) {
  BgGame t(bg_table(false));
  EXPECT_TRUE(t.g->view("gm").menu().gm_figures()) << "the GM's menu offers figure edits";
  EXPECT_FALSE(t.g->view("axis").menu().gm_figures());
  auto run = [&](const pb::GmEdit& e) {
    Outcome o = t.g->execute(gm_edit(e));
    if (o.accepted) t.log.insert(t.log.end(), o.events.begin(), o.events.end());
    return o;
  };
  // a1's figures stand 1" apart along y = 10 (8.5 .. 11.5); bases are 0.625" square.
  pb::GmEdit far = with_reason("it strayed");
  far.mutable_move_unit()->set_unit_id("a1");
  far.mutable_move_unit()->set_figure_id("a1-f3");
  far.mutable_move_unit()->mutable_point()->set_x(13);
  far.mutable_move_unit()->mutable_point()->set_y(10);
  const std::string before = t.g->save().SerializeAsString();
  const Outcome apart = run(far);
  ASSERT_FALSE(apart.accepted);
  EXPECT_EQ(apart.rejection.code(), "BG_COHESION");
  EXPECT_EQ(apart.rejection.rule_id(), "BG-MOVE-01");
  EXPECT_EQ(t.g->save().SerializeAsString(), before) << "a refused edit changes nothing";

  pb::GmEdit near = far;
  near.mutable_move_unit()->mutable_point()->set_x(12);
  const Outcome moved = run(near);
  ASSERT_TRUE(moved.accepted) << moved.rejection.message();
  EXPECT_EQ(t.g->event_for(*edited(moved), "allies")->text(), "GM moves figure a1-f3 of 1st Squad to (12, 10) (it strayed).");
  const pb::UnitView* u = t.unit("gm", "a1");
  ASSERT_TRUE(u);
  EXPECT_NEAR(u->position().x(), (8.5 + 9.5 + 10.5 + 12) / 4, 1e-9) << "the unit's place is its figures' centre";
  for (const auto& f : u->figures()) {
    if (f.id() == "a1-f3") {
      EXPECT_NEAR(f.position().x(), 12, 1e-9);
    } else if (f.id() == "a1-f2") {
      EXPECT_NEAR(f.position().x(), 10.5, 1e-9) << "the others stay";
    }
  }

  pb::GmEdit fall = with_reason("hit by the sniper last turn");
  fall.mutable_remove_unit()->set_unit_id("a1");
  fall.mutable_remove_unit()->set_figure_id("a1-f0");
  const Outcome removed = run(fall);
  ASSERT_TRUE(removed.accepted) << removed.rejection.message();
  EXPECT_EQ(t.g->event_for(*edited(removed), "axis")->text(), "GM removes figure a1-f0 of 1st Squad as a casualty (hit by the sniper last turn).");
  u = t.unit("gm", "a1");
  EXPECT_EQ(u->strength(), 3);
  EXPECT_EQ(u->figures_size(), 3);
  EXPECT_NEAR(u->position().x(), (9.5 + 10.5 + 12) / 3, 1e-9);
  const Outcome again = run(fall);
  EXPECT_EQ(again.rejection.code(), "BG_GM_NO_SUCH_FIGURE") << "a dead figure is not edited again";

  testing::expect_log_replays(make_battleground(), t.log, *t.g, {"gm", "axis", "allies"});
}

// The last fighter is the unit: the GM removes the unit instead. A figure's facing is its unit's.
TEST(GmEdit, BgRefusesFigureEditsThatAreUnitEdits) {
  bgtest::Sc sc;
  sc.inf(0, "a1", 2, 10, 10);
  sc.inf(1, "b1", 4, 40, 30);
  BgGame t(sc.s);
  pb::GmEdit last = with_reason("test");
  last.mutable_remove_unit()->set_unit_id("a1");
  last.mutable_remove_unit()->set_figure_id("a1-f1");
  ASSERT_TRUE(t.g->execute(gm_edit(last)).accepted);
  last.mutable_remove_unit()->set_figure_id("a1-f0");
  EXPECT_EQ(t.g->execute(gm_edit(last)).rejection.code(), "BG_GM_LAST_FIGURE");
  pb::GmEdit turn = with_reason("test");
  turn.mutable_move_unit()->set_unit_id("b1");
  turn.mutable_move_unit()->set_figure_id("b1-f1");
  turn.mutable_move_unit()->mutable_point()->set_x(40);
  turn.mutable_move_unit()->mutable_point()->set_y(30.2);
  turn.mutable_move_unit()->set_facing_deg(90);
  EXPECT_EQ(t.g->execute(gm_edit(turn)).rejection.code(), "BG_GM_FIGURE_FACING");
  turn.mutable_move_unit()->set_figure_id("a1-f0");
  EXPECT_EQ(t.g->execute(gm_edit(turn)).rejection.code(), "BG_GM_NO_SUCH_FIGURE") << "a figure of another unit";
}

// A rule set whose units move as one refuses a figure edit in words, in the shared layer.
TEST(GmEdit, ARuleSetWithoutLooseFiguresRefusesAFigureEdit) {
  TG t(pw_table());
  EXPECT_FALSE(t.g->view("gm").menu().gm_figures());
  pb::GmEdit e = with_reason("test");
  e.mutable_remove_unit()->set_unit_id("b1");
  e.mutable_remove_unit()->set_figure_id("b1-f0");
  const Outcome o = t.g->execute(gm_edit(e));
  ASSERT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "GM_NO_LOOSE_FIGURES");
  EXPECT_NE(o.rejection.message().find("as one"), std::string::npos);
}

// ---- the GM's dice (shared) -----------------------------------------------------------------

struct GmDice : ::testing::Test {
  std::unique_ptr<RuleSet> rules = testing::make_race_rules();
  std::vector<pb::Event> log;
  std::unique_ptr<Game> g;
  void SetUp() override {
    std::string err;
    StartOptions o;
    o.seed = 42;
    g = Game::start(*rules, testing::race_scenario(), o, &log, &err);
    ASSERT_TRUE(g) << err;
  }
  Outcome run(const pb::Command& c) {
    Outcome o = g->execute(c);
    if (o.accepted) log.insert(log.end(), o.events.begin(), o.events.end());
    return o;
  }
};

TEST_F(GmDice, GmDiceAreRolledNextInOrderThenTheGeneratorResumes) {
  pb::GmEdit e = with_reason("the server's die rolled off the table");
  e.mutable_set_dice()->add_values(5);  // not a 6: that would ask the other side about a protest
  e.mutable_set_dice()->add_values(2);
  const Outcome set = run(gm_edit(e));
  ASSERT_TRUE(set.accepted) << set.rejection.message();
  EXPECT_EQ(g->event_for(*edited(set), "red")->text(), "GM sets the next dice: 5, 2 (the server's die rolled off the table).");
  const std::uint64_t draws = g->state().rng.draws();
  std::vector<pb::DieRoll> rolled;
  for (const char* seat : {"red", "blue", "red"}) {
    const Outcome o = run(order_of(seat, race::RaceRoll()));
    ASSERT_TRUE(o.accepted) << o.rejection.message();
    for (const auto& ev : o.events) rolled.insert(rolled.end(), ev.dice().begin(), ev.dice().end());
  }
  ASSERT_EQ(rolled.size(), 3u);
  EXPECT_EQ(rolled[0].value(), 5);
  EXPECT_EQ(rolled[0].source(), pb::DIE_SOURCE_GM);
  EXPECT_EQ(rolled[1].value(), 2);
  EXPECT_EQ(rolled[1].source(), pb::DIE_SOURCE_GM);
  EXPECT_EQ(rolled[2].source(), pb::DIE_SOURCE_RNG);
  EXPECT_EQ(g->state().rng.draws(), draws + 1) << "the GM's dice draw nothing from the generator";
  EXPECT_TRUE(g->state().gm_dice.empty());
  // Replayed, the game is the same (the GM's dice are used up in the same events).
  Registry reg;
  reg.add(testing::make_race_rules());
  std::string err;
  auto replayed = Game::from_log(reg, log, &err);
  ASSERT_TRUE(replayed) << err;
  EXPECT_EQ(replayed->save().SerializeAsString(), g->save().SerializeAsString());
}

TEST_F(GmDice, GmDiceNotYetRolledSurviveASnapshotAndFacesAreChecked) {
  pb::GmEdit e = with_reason("test");
  e.mutable_set_dice()->add_values(0);
  EXPECT_EQ(run(gm_edit(e)).rejection.code(), "GM_NOT_A_DIE");
  e.mutable_set_dice()->set_values(0, 3);
  ASSERT_TRUE(run(gm_edit(e)).accepted);
  Registry reg;
  reg.add(testing::make_race_rules());
  std::string err;
  auto loaded = Game::load(reg, log.front(), g->save(), &err);
  ASSERT_TRUE(loaded) << err;
  ASSERT_EQ(loaded->state().gm_dice, std::vector<int>{3});
}

TEST_F(GmDice, ARuleSetWithoutEditsRefusesThemInWords) {
  pb::GmEdit e = with_reason("test");
  e.mutable_remove_unit()->set_unit_id("x");
  const Outcome o = run(gm_edit(e));
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "GM_EDIT_UNSUPPORTED");
  EXPECT_FALSE(o.rejection.message().empty());
}

TEST_F(GmDice, TheBotsSeatsAreSharedStateThatReplaysAndIsSaved) {
  pb::GmEdit e = with_reason("red's player left");
  e.mutable_seat_bot()->set_side("red");
  e.mutable_seat_bot()->set_bot(true);
  ASSERT_TRUE(run(gm_edit(e)).accepted);
  EXPECT_TRUE(g->state().bot_plays("red"));
  EXPECT_FALSE(g->state().bot_plays("blue"));
  EXPECT_EQ(run(gm_edit(e)).rejection.code(), "GM_NOTHING_TO_CHANGE");
  e.mutable_seat_bot()->set_side("green");
  EXPECT_EQ(run(gm_edit(e)).rejection.code(), "UNKNOWN_SIDE");
  bool marked = false;
  const pb::View seen = g->view("blue");
  for (const auto& side : seen.sides()) {
    for (const auto& m : side.markers()) marked |= side.id() == "red" && m.key() == "bot";
  }
  EXPECT_TRUE(marked) << "every seat sees which side the computer plays";
  Registry reg;
  reg.add(testing::make_race_rules());
  std::string err;
  auto replayed = Game::from_log(reg, log, &err);
  ASSERT_TRUE(replayed) << err;
  EXPECT_TRUE(replayed->state().bot_plays("red"));
  auto loaded = Game::load(reg, log.front(), g->save(), &err);
  ASSERT_TRUE(loaded) << err;
  EXPECT_TRUE(loaded->state().bot_plays("red"));
  e.mutable_seat_bot()->set_side("red");
  e.mutable_seat_bot()->set_bot(false);
  ASSERT_TRUE(run(gm_edit(e)).accepted);
  EXPECT_FALSE(g->state().bot_plays("red"));
}

// The shared edits (a bot in a seat, the next dice) reach every built-in rule set: they used to
// be handed to the rule set's own edits when applied, which refused them (GM_EDIT_UNSUPPORTED).
TEST(GmSharedEdits, EveryBuiltInRuleSetTakesTheBotInASeatAndTheNextDice) {
  for (const auto& [ruleset, file] : {std::pair<const char*, const char*>{"battleground", "bg/crossroads.json"},
                                      {"portable-wargame-19c", "pw/meeting-engagement.json"}}) {
    SCOPED_TRACE(ruleset);
    const RuleSet* rules = builtin_registry().find(ruleset);
    ASSERT_NE(rules, nullptr);
    std::string err;
    auto game = Game::start(*rules, load_scenario_file(file), {}, nullptr, &err);
    ASSERT_TRUE(game) << err;
    const std::string side = game->state().sides.front();
    pb::GmEdit bot = with_reason("nobody came");
    bot.mutable_seat_bot()->set_side(side);
    bot.mutable_seat_bot()->set_bot(true);
    const Outcome seated = game->execute(gm_edit(bot));
    ASSERT_TRUE(seated.accepted) << seated.rejection.ShortDebugString();
    EXPECT_TRUE(game->state().bot_plays(side));
    pb::GmEdit dice = with_reason("the die fell off the table");
    dice.mutable_set_dice()->add_values(3);
    const Outcome set = game->execute(gm_edit(dice));
    ASSERT_TRUE(set.accepted) << set.rejection.ShortDebugString();
    EXPECT_EQ(game->state().gm_dice, std::vector<int>{3});
  }
}

TEST_F(GmDice, AReasonLongerThanALogLineIsRefused) {
  pb::GmEdit e = with_reason(std::string(501, 'x'));
  e.mutable_set_dice()->add_values(3);
  EXPECT_EQ(run(gm_edit(e)).rejection.code(), "GM_REASON_TOO_LONG");
  EXPECT_TRUE(g->state().gm_dice.empty());
}

}  // namespace
}  // namespace sandtable
