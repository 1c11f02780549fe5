// GM edits of a One-Hour Wargames table beyond its units (docs/rulesets/one-hour-ww2.md "GM
// edits"): terrain laid and removed (sight follows), the phasing side's step moved on, the end
// of a unit's move; no extra action.
#include <gtest/gtest.h>

#include "engine/model/registry.h"
#include "tests/engine/gm_edit_util.h"
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules.h"
#include "oh_test_util.h"

namespace sandtable {
namespace {

using testing::gm_edit;
using testing::lay_circle;

using ohtest::TG;

pb::GmEdit remove(int index, const std::string& kind) {
  pb::GmEdit e;
  e.set_reason("it was cut down");
  e.mutable_terrain()->set_remove(true);
  e.mutable_terrain()->set_index(index);
  e.mutable_terrain()->mutable_feature()->set_kind(kind);
  return e;
}

pb::GmEdit phase(const std::string& p, const std::string& side = "") {
  pb::GmEdit e;
  e.set_reason("the player forgot to end the step");
  e.mutable_set_phase()->set_phase(p);
  e.mutable_set_phase()->set_active_side(side);
  return e;
}

pb::Scenario table() {
  ohtest::Sc s;
  s.unit(0, "a1", "infantry", 10, 10, 180).unit(1, "x1", "infantry", 10, 34).area("town", 40, 30, 50, 40);
  return s.s;
}

Outcome edit(TG& t, const pb::GmEdit& e) {
  const Outcome o = t.g->execute(gm_edit(e));
  if (o.accepted) t.log.insert(t.log.end(), o.events.begin(), o.events.end());
  return o;
}

void expect_replays(const TG& t) { testing::expect_log_replays(make_one_hour_ww2(), t.log, *t.g, {"gm"}); }

TEST(GmEditOhTable, LaidWoodsBlockSightUntilRemoved) {
  TG t(table());
  ASSERT_TRUE(oh::terrain_sight(t.st(), t.u("a1"), t.u("x1")));
  const Outcome o = edit(t, lay_circle("woods", 10, 22, 4));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_TRUE(o.events[0].visible_to().empty());
  EXPECT_EQ(t.g->event_for(o.events[0], "axis")->text(), "GM lays woods around (10, 22), 4\" across the radius (a wood was missed).");
  const pb::View v = t.g->view("allies");
  ASSERT_EQ(v.terrain_size(), 2);
  EXPECT_EQ(v.terrain(1).kind(), "woods");
  EXPECT_EQ(v.terrain(1).polygon_size(), 16) << "the circle is laid as an outline";
  EXPECT_FALSE(oh::terrain_sight(t.st(), t.u("a1"), t.u("x1"))) << "OH-LOS: the woods stand between them";
  expect_replays(t);
  const Outcome r = edit(t, remove(1, "woods"));
  ASSERT_TRUE(r.accepted) << r.rejection.message();
  EXPECT_EQ(t.g->event_for(r.events[0], "gm")->text(), "GM removes woods (it was cut down).");
  EXPECT_TRUE(oh::terrain_sight(t.st(), t.u("a1"), t.u("x1")));
  EXPECT_EQ(t.g->view("gm").terrain_size(), 1);
  expect_replays(t);
}

TEST(GmEditOhTable, RefusalsSayWhyAndChangeNothing) {
  TG t(table());
  const std::string before = t.g->view("gm").SerializeAsString();
  pb::GmEdit squares = lay_circle("woods", 10, 22, 4);
  *squares.mutable_terrain()->mutable_feature()->add_squares() = pb::GridSquare();
  pb::GmEdit secret = lay_circle("woods", 10, 22, 4);
  secret.mutable_terrain()->mutable_feature()->set_owner("axis");
  pb::GmEdit river = lay_circle("river", 10, 22, 4);
  river.mutable_terrain()->mutable_feature()->clear_circle();
  river.mutable_terrain()->mutable_feature()->add_polyline()->set_x(3);
  pb::GmEdit extra;
  extra.set_reason("test");
  extra.mutable_extra_action()->set_side("allies");
  pb::GmEdit end;
  end.set_reason("test");
  end.mutable_end_activation();
  struct Case {
    pb::GmEdit edit;
    std::string code, words;
  };
  const std::vector<Case> cases = {
      {lay_circle("lava", 10, 22, 4), "GM_EDIT_BAD_TERRAIN", "unknown terrain"},
      {lay_circle("woods", 10, 22, 0), "GM_EDIT_BAD_TERRAIN", "radius"},
      {lay_circle("woods", 58, 22, 5), "GM_EDIT_BAD_TERRAIN", "off the 60x48 table"},
      {squares, "GM_EDIT_BAD_TERRAIN", "no squares"},
      {secret, "GM_EDIT_BAD_TERRAIN", "secret"},
      {river, "GM_EDIT_BAD_TERRAIN", "two points"},
      {remove(4, "woods"), "GM_EDIT_BAD_TERRAIN", "no terrain feature 5"},
      {remove(0, "woods"), "GM_EDIT_BAD_TERRAIN", "is town, not woods"},
      {phase("mortar fire"), "OH_GM_BAD_PHASE", "not 'mortar fire'"},
      {phase("rally & ready", "axis"), "OH_GM_BAD_PHASE", "whose phase it is: Allies"},
      {extra, "OH_GM_NO_EXTRA_ACTION", "rations no actions"},
      {end, "OH_GM_NO_UNIT_ACTING", "No unit is in the middle of its move"},
  };
  for (const auto& c : cases) {
    const Outcome o = t.g->execute(gm_edit(c.edit));
    EXPECT_FALSE(o.accepted) << c.code;
    EXPECT_EQ(o.rejection.code(), c.code) << o.rejection.message();
    EXPECT_NE(o.rejection.message().find(c.words), std::string::npos) << o.rejection.message();
    EXPECT_EQ(t.g->view("gm").SerializeAsString(), before) << c.code;
  }
}

TEST(GmEditOhTable, TheStepMovesOnForThePhasingSideOnly) {
  TG t(table());
  ASSERT_EQ(t.st().step, oh::Step::kActions) << "no mortars: the mortar step passed by itself";
  const pb::View v = t.g->view("gm");
  ASSERT_EQ(v.menu().gm_phases_size(), 1);
  EXPECT_EQ(v.menu().gm_phases(0), "rally & ready");
  EXPECT_EQ(t.g->view("allies").menu().gm_phases_size(), 0) << "the GM's menu only";
  const Outcome o = edit(t, phase("rally & ready", "allies"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(t.g->event_for(o.events[0], "axis")->text(),
            "GM sets the phase to rally & ready, Allies to act (the player forgot to end the step).");
  EXPECT_EQ(t.st().step, oh::Step::kRally);
  EXPECT_EQ(t.g->view("gm").turn().phase(), "rally & ready");
  EXPECT_EQ(t.g->view("gm").menu().gm_phases_size(), 0) << "the last step: nothing further to set";
  expect_replays(t);
}

TEST(GmEditOhTable, EndingAMoveLeavesTheUnitWhereItStands) {
  TG t(table());
  t.ok(ohtest::roll_move("allies", "a1"), {3});
  ASSERT_TRUE(t.st().pending_move);
  EXPECT_EQ(t.g->view("gm").menu().gm_phases_size(), 0) << "not in the middle of a move";
  EXPECT_EQ(t.g->execute(gm_edit(phase("rally & ready"))).rejection.code(), "OH_GM_NO_PHASE");
  pb::GmEdit end;
  end.set_reason("the player left");
  end.mutable_end_activation()->set_unit_id("x1");
  EXPECT_EQ(t.g->execute(gm_edit(end)).rejection.code(), "GM_EDIT_STALE") << "another unit is moving";
  end.mutable_end_activation()->set_unit_id("a1");
  const Outcome o = edit(t, end);
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(t.g->event_for(o.events[0], "axis")->text().rfind("GM ends the move of ", 0), 0u);
  EXPECT_NE(t.g->event_for(o.events[0], "axis")->text().find(" where it stands (the player left)."), std::string::npos);
  EXPECT_EQ(t.g->event_for(o.events[0], "axis")->text().find("the unit moving"), std::string::npos) << "the unit is named";
  EXPECT_FALSE(t.st().pending_move);
  EXPECT_TRUE(t.u("a1").acted) << "its action is spent";
  EXPECT_DOUBLE_EQ(t.u("a1").pos.y, 10);
  expect_replays(t);
}

}  // namespace
}  // namespace sandtable
