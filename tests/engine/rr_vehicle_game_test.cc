// Vehicles on the table: breaking down in asterisked terrain and breaking free (RR-MOVE-08..10,
// GAP-RR-MOVE-09), and special damage that lasts only until the next chance to act (RR-ARM-04).
#include <gtest/gtest.h>

#include "tests/engine/rr_test_util.h"

namespace sandtable::rrtest {
namespace {

pb::Command break_free(const std::string& seat, const std::string& unit) {
  pb::RrCommand c;
  c.mutable_break_free()->set_unit_id(unit);
  return order(seat, c);
}

TEST(RrVehicleGame, RR_MOVE_08_GAP_RR_MOVE_09_ATankInMudBreaksDownOnOneOrTwoAndBreaksFreeOnOneToThree) {
  // Mud is C* for tanks: 2" a function and a breakdown d10 (1-2 immobilise) once in the sequence.
  Sc sc;
  sc.area("mud", 20, 12, 40, 20, "Wet meadow");
  sc.unit(0, "r-tank", "tank", 30, 10).unit(0, "r-ldr", "leader", 24, 10).unit(1, "b1", "squad", 5, 45);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "r-tank"));
  const auto es = rr_events(g.ok(move("reds", "r-tank", {{30, 12}}), {{kD10, 1}}));
  const pb::RrBreakdownRolled* b = nullptr;
  for (const auto& e : es) {
    if (e.has_breakdown_rolled()) b = &e.breakdown_rolled();
  }
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->immobilized_on(), 2);
  EXPECT_TRUE(b->stuck());
  EXPECT_TRUE(g.u("r-tank").stuck);
  g.refused(move("reds", "r-tank", {{30, 13}}), "RR_STUCK", "RR-MOVE-08");
  g.refused(break_free("reds", "r-tank"), "RR_BREAK_FREE_LATE", "GAP-RR-MOVE-09");  // it already moved
  g.ok(end_activation("reds"));
  ASSERT_TRUE(g.skip_until([&] { return g.st().sequence == 2; }, 200));
  g.to_card("reds");
  g.ok(activate("reds", "r-tank"));
  const auto freed = rr_events(g.ok(break_free("reds", "r-tank"), {{kD10, 3}}));
  ASSERT_FALSE(freed.empty());
  ASSERT_TRUE(freed[0].has_broke_free());
  EXPECT_EQ(freed[0].broke_free().free_on(), 3);
  EXPECT_TRUE(freed[0].broke_free().free());
  EXPECT_FALSE(g.u("r-tank").stuck);
  EXPECT_TRUE(g.st().active_unit.empty());  // trying took the whole activation
}

TEST(RrVehicleGame, RR_MOVE_08_OneBreakdownRollASequence) {
  Sc sc;
  sc.area("mud", 20, 12, 40, 20, "Wet meadow");
  sc.unit(0, "r-tank", "tank", 30, 10).unit(0, "r-ldr", "leader", 24, 10).unit(1, "b1", "squad", 5, 45);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "r-tank"));
  g.ok(move("reds", "r-tank", {{30, 12}}), {{kD10, 5}});   // rolled: it keeps going
  const auto es = rr_events(g.ok(move("reds", "r-tank", {{30, 14}})));  // no second roll this sequence
  for (const auto& e : es) EXPECT_FALSE(e.has_breakdown_rolled());
}

TEST(RrVehicleGame, RR_ARM_04_APinForItsNextChanceToActIsRemovedWhenThatActivationEnds) {
  // The black tank's shot at the red one: d10 9 on 16-20 is P/W1, which penetrates class C, so the
  // special damage d10 is rolled: 2 pins it for its next chance to act, then the pin is removed.
  Sc sc;
  sc.unit(0, "r-tank", "tank", 30, 20).unit(0, "r-ldr", "leader", 36, 20).unit(1, "b-tank", "tank", 30, 30).unit(1, "b-ldr", "leader", 36, 32);
  TG g(sc.s);
  g.to_card("blacks");
  g.ok(activate("blacks", "b-tank"));
  const auto es = rr_events(g.ok(fire("blacks", "b-tank", "r-tank"), {{kD10, 9}, {kD10, 2}}));
  ASSERT_FALSE(es.empty());
  EXPECT_EQ(es[0].fired().temporary_marker(), pb::RR_MARKER_PINNED);
  EXPECT_EQ(g.u("r-tank").marker, rr::Marker::kPinned);
  g.ok(end_activation("blacks"));
  g.to_card("reds");
  g.ok(activate("reds", "r-tank"));
  EXPECT_EQ(g.u("r-tank").marker, rr::Marker::kPinned);  // pinned while it acts
  g.ok(end_activation("reds"));
  EXPECT_EQ(g.u("r-tank").marker, rr::Marker::kNone);
}

}  // namespace
}  // namespace sandtable::rrtest
