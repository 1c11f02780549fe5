// GM edits of a Portable Wargame table beyond its units (docs/rulesets/portable-wargame.md "GM
// edits"): terrain laid and removed, an extra activation, the end of an activation; the phase
// is never set.
#include <gtest/gtest.h>

#include <functional>

#include "engine/model/game_words.h"
#include "engine/model/registry.h"
#include "tests/engine/gm_edit_util.h"
#include "engine/rulesets/pw/pw_rules.h"
#include "pw_test_util.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

using testing::gm_edit;

using pwtest::TG;

pb::GmEdit lay(const std::string& kind, std::vector<std::pair<int, int>> squares) {
  pb::GmEdit e;
  e.set_reason("a flood");
  auto* f = e.mutable_terrain()->mutable_feature();
  f->set_kind(kind);
  for (auto [c, r] : squares) *f->add_squares() = pwtest::sq(c, r);
  return e;
}

pb::GmEdit remove(int index, const std::string& kind) {
  pb::GmEdit e;
  e.set_reason("the bridge was mended");
  e.mutable_terrain()->set_remove(true);
  e.mutable_terrain()->set_index(index);
  e.mutable_terrain()->mutable_feature()->set_kind(kind);
  return e;
}

pb::GmEdit move_to(const std::string& id, int c, int r) {
  pb::GmEdit e;
  e.set_reason("test");
  e.mutable_move_unit()->set_unit_id(id);
  *e.mutable_move_unit()->mutable_square() = pwtest::sq(c, r);
  return e;
}

pb::Scenario table() {
  pwtest::Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(0, "b2", "infantry", 3, 2).unit(1, "r1", "infantry", 8, 8).terrain("river", {{5, 5}});
  return s.s;
}

// The log replays to the same GM's view, and a snapshot carries it.
void expect_replays(const TG& t) { testing::expect_log_replays(make_portable_wargame(), t.log, *t.g, {"gm"}); }

TEST(GmEditPwTable, ALaidRiverIsInTheViewStopsUnitsAndReplays) {
  TG t(table());
  const Outcome o = t.g->execute(gm_edit(lay("river", {{4, 4}, {4, 5}})));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  t.log.insert(t.log.end(), o.events.begin(), o.events.end());
  ASSERT_EQ(o.events.size(), 1u);
  EXPECT_TRUE(o.events[0].visible_to().empty());
  EXPECT_EQ(t.g->event_for(o.events[0], "blue")->text(), "GM lays river at (4,4) (4,5) (a flood).");
  const pb::View v = t.g->view("red");
  ASSERT_EQ(v.terrain_size(), 2);
  EXPECT_EQ(v.terrain(1).kind(), "river");
  EXPECT_EQ(v.terrain(1).squares_size(), 2);
  // PW-TER-05: no unit may stand in the laid river (the GM's own move is refused like an order).
  EXPECT_EQ(t.g->execute(gm_edit(move_to("b1", 4, 5))).rejection.code(), "PW_GM_IMPASSABLE");
  const Outcome moved = t.g->execute(gm_edit(move_to("b1", 4, 6)));
  ASSERT_TRUE(moved.accepted) << moved.rejection.message();
  t.log.insert(t.log.end(), moved.events.begin(), moved.events.end());
  expect_replays(t);
}

TEST(GmEditPwTable, RemovingTheScenariosRiverLetsUnitsIn) {
  TG t(table());
  EXPECT_EQ(t.g->execute(gm_edit(move_to("b1", 5, 5))).rejection.code(), "PW_GM_IMPASSABLE");
  const Outcome o = t.g->execute(gm_edit(remove(0, "river")));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  t.log.insert(t.log.end(), o.events.begin(), o.events.end());
  EXPECT_EQ(t.g->event_for(o.events[0], "gm")->text(), "GM removes river (the bridge was mended).");
  EXPECT_EQ(t.g->view("blue").terrain_size(), 0);
  const Outcome moved = t.g->execute(gm_edit(move_to("b1", 5, 5)));
  ASSERT_TRUE(moved.accepted) << moved.rejection.message();
  t.log.insert(t.log.end(), moved.events.begin(), moved.events.end());
  expect_replays(t);
}

TEST(GmEditPwTable, WireIsOneFeatureLaidAndRemovedWhole) {
  TG t(table());
  const Outcome o = t.g->execute(gm_edit(lay("wire", {{6, 6}, {7, 6}})));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  t.log.insert(t.log.end(), o.events.begin(), o.events.end());
  EXPECT_TRUE(t.st().cell({6, 6}).wire);
  ASSERT_EQ(t.g->view("gm").terrain_size(), 2);  // the river, then the wire
  EXPECT_EQ(t.g->view("gm").terrain(1).kind(), "wire");
  const Outcome r = t.g->execute(gm_edit(remove(1, "wire")));
  ASSERT_TRUE(r.accepted) << r.rejection.message();
  t.log.insert(t.log.end(), r.events.begin(), r.events.end());
  EXPECT_FALSE(t.st().cell({6, 6}).wire);
  EXPECT_FALSE(t.st().cell({7, 6}).wire);
  expect_replays(t);
}

TEST(GmEditPwTable, RefusalsSayWhyAndChangeNothing) {
  TG t(table());
  const std::string before = t.g->view("gm").SerializeAsString();
  pb::GmEdit outline = lay("woods", {{1, 1}});
  outline.mutable_terrain()->mutable_feature()->add_polygon()->set_x(1);
  pb::GmEdit hill = lay("hill", {{1, 1}});  // level 0
  pb::GmEdit phase;
  phase.set_reason("test");
  phase.mutable_set_phase()->set_phase("activation");
  pb::GmEdit end;
  end.set_reason("test");
  end.mutable_end_activation();
  struct Case {
    pb::GmEdit edit;
    std::string code, words;
  };
  const std::vector<Case> cases = {
      {lay("lava", {{1, 1}}), "GM_EDIT_BAD_TERRAIN", "unknown terrain"},
      {lay("woods", {}), "GM_EDIT_BAD_TERRAIN", "at least one square"},
      {lay("woods", {{12, 1}}), "GM_EDIT_BAD_TERRAIN", "off the 12x10 board"},
      {outline, "GM_EDIT_BAD_TERRAIN", "whole squares"},
      {hill, "GM_EDIT_BAD_TERRAIN", "level of 1"},
      {lay("river", {{2, 2}}), "GM_EDIT_BAD_TERRAIN", "b1 stands in (2,2)"},
      {remove(3, "woods"), "GM_EDIT_BAD_TERRAIN", "no terrain feature 4"},
      {remove(0, "woods"), "GM_EDIT_BAD_TERRAIN", "is river, not woods"},
      {phase, "PW_GM_NO_PHASE", "dice"},
      {end, "PW_GM_NO_UNIT_ACTING", "No unit is acting"},
  };
  for (const auto& c : cases) {
    const Outcome o = t.g->execute(gm_edit(c.edit));
    EXPECT_FALSE(o.accepted) << c.code;
    EXPECT_EQ(o.rejection.code(), c.code) << o.rejection.message();
    EXPECT_NE(o.rejection.message().find(c.words), std::string::npos) << o.rejection.message();
    EXPECT_EQ(t.g->view("gm").SerializeAsString(), before) << c.code;
  }
  EXPECT_EQ(t.g->view("gm").menu().gm_phases_size(), 0) << "no phase of the Portable Wargame is set by an edit";
}

// A meeting engagement its bots play until `reached` holds of its state.
std::unique_ptr<Game> meeting_until(std::uint64_t seed, int most, const std::function<bool(const pw::PwState&)>& reached) {
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

TEST(GmEditPwTable, AnExtraActivationGoesToTheSideActingNowOnly) {
  auto game = meeting_until(3, 100, [](const pw::PwState& s) { return s.phase == pw::Phase::kActivation && s.active_side >= 0; });
  ASSERT_TRUE(game);
  // Each order leaves a new state: read the game's state anew.
  const auto st = [&]() -> const pw::PwState& { return static_cast<const pw::PwState&>(game->state()); };
  ASSERT_EQ(st().phase, pw::Phase::kActivation);
  const int acting = st().active_side;
  const std::string side = st().sides[static_cast<std::size_t>(acting)];
  const std::string other = st().sides[static_cast<std::size_t>(1 - acting)];
  const int before = st().side_state[static_cast<std::size_t>(acting)].activations_left;
  pb::GmEdit e;
  e.set_reason("a reserve arrives");
  e.mutable_extra_action()->set_side(other);
  const std::string view = game->view("gm").SerializeAsString();
  EXPECT_EQ(game->execute(gm_edit(e)).rejection.code(), "PW_GM_NOT_ACTING");
  EXPECT_EQ(game->view("gm").SerializeAsString(), view);
  e.mutable_extra_action()->set_side(side);
  const Outcome o = game->execute(gm_edit(e));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(st().side_state[static_cast<std::size_t>(acting)].activations_left, before + 1);
  EXPECT_EQ(game->event_for(o.events[0], other)->text(),
            "GM gives " + side_name(st(), side) + " an extra activation (a reserve arrives).");
}

TEST(GmEditPwTable, EndingTheActivationOfTheUnitActingNow) {
  auto game = meeting_until(5, 400, [](const pw::PwState& s) { return !s.active_unit.empty() && s.hits.empty(); });
  ASSERT_TRUE(game);
  const auto st = [&]() -> const pw::PwState& { return static_cast<const pw::PwState&>(game->state()); };
  ASSERT_FALSE(st().active_unit.empty());
  const std::string acting = st().active_unit;
  pb::GmEdit e;
  e.set_reason("the player left the table");
  // Naming a unit that is not the one acting: the table moved on since the GM looked.
  e.mutable_end_activation()->set_unit_id(acting == st().units.front().id ? st().units.back().id : st().units.front().id);
  EXPECT_EQ(game->execute(gm_edit(e)).rejection.code(), "GM_EDIT_STALE");
  e.mutable_end_activation()->set_unit_id(acting);
  const Outcome o = game->execute(gm_edit(e));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  const std::string line = game->event_for(o.events[0], "gm")->text();
  EXPECT_EQ(line.rfind("GM ends the activation of ", 0), 0u) << line;
  EXPECT_NE(line.find(st().find(acting)->name), std::string::npos) << "the log names the unit: " << line;
  EXPECT_TRUE(st().active_unit.empty());
  EXPECT_TRUE(st().find(acting)->activated);
  EXPECT_EQ(game->execute(gm_edit(e)).rejection.code(), "PW_GM_NO_UNIT_ACTING");
}

}  // namespace
}  // namespace sandtable
