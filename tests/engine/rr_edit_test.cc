// GM edits of a Rookie Rules table (docs/rulesets/rookie-rules.md "GM edits"): figures, markers,
// places and removals, each audited in the log, refused with a sentence when they would break what
// the rules rely on (RR-UNIT-02 figures, RR-FIRE-04 one marker), and kept from the enemy when they
// touch a hidden unit.
#include "tests/engine/gm_edit_util.h"
#include "tests/engine/rr_test_util.h"

namespace sandtable::rrtest {
namespace {

using testing::gm_edit;

pb::GmEdit edit_unit(const std::string& id, int figures, pb::RrMarker marker) {
  pb::GmEdit e;
  e.set_reason("the table was knocked");
  pb::RrEditUnit x;
  x.set_unit_id(id);
  x.set_figures(figures);
  x.set_marker(marker);
  e.mutable_ruleset_edit()->PackFrom(x);
  return e;
}

Sc table() {
  Sc sc;
  sc.area("woods", 20, 34, 40, 44, "Wood").unit(0, "a", "squad", 30, 10).unit(1, "b", "squad", 30, 36).unit(1, "c", "squad", 40, 20);
  return sc;
}

TEST(RrEdit, RR_UNIT_02_RR_FIRE_04_TheGmSetsFiguresAndTheOneMarkerAndEverySeatReadsIt) {
  TG g(table().s);
  Outcome o = g.ok(gm_edit(edit_unit("c", 3, pb::RR_MARKER_PINNED)));
  EXPECT_EQ(g.u("c").figures, 3);
  EXPECT_EQ(g.u("c").ff(), 9);
  EXPECT_EQ(g.u("c").marker, rr::Marker::kPinned);
  ASSERT_FALSE(o.events.empty());
  const auto seen = g.g->event_for(o.events.back(), "reds");
  ASSERT_TRUE(seen);
  EXPECT_NE(seen->text().find("sets c to 3 figures, pinned (white)"), std::string::npos) << seen->text();
  EXPECT_NE(seen->text().find("the table was knocked"), std::string::npos) << seen->text();
  // Out of range: refused in words, nothing changes.
  const std::string why = g.refused(gm_edit(edit_unit("c", 6, pb::RR_MARKER_NONE)), "RR_GM_BAD_FIGURES", "RR-UNIT-02");
  EXPECT_NE(why.find("between 1 and 5"), std::string::npos) << why;
  EXPECT_EQ(g.u("c").figures, 3);
  // A marker set replaces the one it has (one at most).
  pb::GmEdit m;
  m.set_reason("ruling");
  m.mutable_set_marker()->set_unit_id("c");
  m.mutable_set_marker()->set_key("suppressed");
  g.ok(gm_edit(m));
  EXPECT_EQ(g.u("c").marker, rr::Marker::kSuppressed);
}

TEST(RrEdit, AnEditOfAUnitHiddenFromTheEnemyIsSeenOnlyByItsSide) {
  Sc sc = table();
  sc.option("rr.fog", "hidden");
  TG g(sc.s);
  Outcome o = g.ok(gm_edit(edit_unit("b", 4, pb::RR_MARKER_NONE)));  // b is in the wood, hidden from the reds
  ASSERT_FALSE(o.events.empty());
  EXPECT_FALSE(g.g->event_for(o.events.back(), "reds"));
  EXPECT_FALSE(g.g->event_for(o.events.back(), "spectator"));
  EXPECT_TRUE(g.g->event_for(o.events.back(), "blacks"));
}

TEST(RrEdit, RR_CARD_05_TheActingUnitIsNotRemovedInTheMiddleOfItsActivation) {
  TG g(table().s);
  g.to_card("reds");
  g.ok(activate("reds", "a"));
  pb::GmEdit e;
  e.set_reason("test");
  e.mutable_remove_unit()->set_unit_id("a");
  g.refused(gm_edit(e), "RR_GM_ACTING", "RR-CARD-05");
  g.ok(end_activation("reds"));
  g.ok(gm_edit(e));
  EXPECT_FALSE(g.u("a").alive);
  EXPECT_TRUE(g.st().deck->acted("a"));  // never eligible again
}

}  // namespace
}  // namespace sandtable::rrtest
