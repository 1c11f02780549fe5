// Close combat and hazards on the table: melee declared with a move (RR-MEL-01/02), armour
// driving through enemy stands (RR-OVR-01) and hidden minefields found the hard way (RR-MINE-01).
#include <gtest/gtest.h>

#include "tests/engine/rr_test_util.h"

namespace sandtable::rrtest {
namespace {

pb::Command melee_move(const std::string& seat, const std::string& unit, double x, double y, double facing = 0,
                       const std::string& target = "") {
  pb::Command c = move(seat, unit, {{x, y}});
  pb::RrCommand rc = payload_of<pb::RrCommand>(c);
  rc.mutable_move()->set_melee(true);
  rc.mutable_move()->set_facing_deg(facing);
  rc.mutable_move()->set_melee_target_id(target);
  return order(seat, rc);
}

TEST(RrMeleeGame, AMoveDeclaredAsMeleeFightsFigureAgainstFigureAtOnce) {
  // RR-MEL-02: r1 (3 figures) moves 1.2" to bring its stands within 1" of b1's (2 figures) and
  // declares melee; RR-MEL-01 / GAP-RR-MEL-01: two one-to-one pairs, then r1's third figure fights
  // one of b1's too. Rolls (reds first): 6-1, 6-1, 1-6: both of b1's figures lose a pair and die
  // (once each); r1 loses the figure of the third pair.
  Sc sc;
  sc.unit(0, "r1", "squad", 30, 20, 3).unit(1, "b1", "squad", 30, 23, 2).unit(1, "b2", "squad", 5, 45);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "r1"));
  const Outcome o = g.ok(melee_move("reds", "r1", 30, 21.2),
                         {{pb::DIE_KIND_D6, 6}, {pb::DIE_KIND_D6, 1}, {pb::DIE_KIND_D6, 6}, {pb::DIE_KIND_D6, 1},
                          {pb::DIE_KIND_D6, 1}, {pb::DIE_KIND_D6, 6}, {kPct, 95}});
  const pb::RrMeleeFought* m = nullptr;
  const auto es = rr_events(o);
  for (const auto& e : es) {
    if (e.has_melee_fought()) m = &e.melee_fought();
  }
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->bouts_size(), 3);
  EXPECT_EQ(m->unit_losses(), 1);
  EXPECT_EQ(m->target_losses(), 2);
  EXPECT_EQ(g.u("r1").figures, 2);
  EXPECT_FALSE(g.u("b1").alive);
}

TEST(RrMeleeGame, ATieIsRolledAgain) {
  // RR-MEL-01 (decided): 4-4 is rolled again, then 2-5: the black figure wins.
  Sc sc;
  sc.unit(0, "r1", "squad", 30, 20, 1).unit(1, "b1", "squad", 30, 23, 1).unit(1, "b2", "squad", 5, 45);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "r1"));
  const Outcome o = g.ok(melee_move("reds", "r1", 30, 21.2),
                         {{pb::DIE_KIND_D6, 4}, {pb::DIE_KIND_D6, 4}, {pb::DIE_KIND_D6, 2}, {pb::DIE_KIND_D6, 5}});
  const auto es = rr_events(o);
  for (const auto& e : es) {
    if (!e.has_melee_fought()) continue;
    ASSERT_EQ(e.melee_fought().bouts_size(), 1);
    EXPECT_EQ(e.melee_fought().bouts(0).unit_rolls_size(), 2);
    EXPECT_FALSE(e.melee_fought().bouts(0).unit_won());
  }
  EXPECT_FALSE(g.u("r1").alive);
  EXPECT_EQ(g.u("b1").figures, 1);
}

TEST(RrMeleeGame, MeleeNeedsTheMoveToEndWithinReachAndFiguresOnBothSides) {
  Sc sc;
  sc.unit(0, "r1", "squad", 30, 10, 3).unit(0, "r-tank", "tank", 40, 10).unit(0, "r-ldr", "leader", 35, 10);
  sc.unit(1, "b1", "squad", 30, 23, 2);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "r1"));
  g.refused(melee_move("reds", "r1", 30, 13), "RR_MELEE_OUT_OF_REACH", "RR-MEL-02");
  g.ok(end_activation("reds"));
  g.to_card("reds");
  g.ok(activate("reds", "r-tank"));
  g.refused(melee_move("reds", "r-tank", 40, 12), "RR_MELEE_NO_FIGURES", "RR-MEL-01");
}

TEST(RrMeleeGame, ATankDrivingThroughEnemyStandsAttacksThemOnThe41To45Column) {
  // RR-OVR-01: the Sherman drives 8" up through b1's stands: b1 is attacked on 41-45 in the open;
  // d10 9 there is S/B2, both figures.
  Sc sc;
  sc.unit(0, "r-tank", "tank", 30, 8).unit(0, "r-ldr", "leader", 24, 8).unit(1, "b1", "squad", 30, 12, 2).unit(1, "b2", "squad", 5, 45);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "r-tank"));
  const Outcome o = g.ok(move("reds", "r-tank", {{30, 16}}), {{kD10, 9}});
  const pb::RrFired* hit = nullptr;
  const auto es = rr_events(o);
  for (const auto& e : es) {
    if (e.has_fired()) hit = &e.fired();
  }
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->target_id(), "b1");
  EXPECT_EQ(hit->source_rule_id(), "RR-OVR-01");
  EXPECT_EQ(hit->start_column(), "41-45");
  EXPECT_EQ(hit->result(), "S/B2");
  EXPECT_FALSE(g.u("b1").alive);
}

TEST(RrMeleeGame, RR_ARM_05_RR_OVR_02_ATankToldToRetireBacksUpAtOnceOverFriendlyInfantry) {
  // The black tank's shot at the red one (ff 38, 36-40, class C armour 4 left: 16-20) rolls 9: P/W1,
  // which penetrates, so the special damage d10 is rolled: 5 retires it two functions at once,
  // 2 x 8" toward its own edge. It backs over its own squad, which is attacked on 41-45: d10 0 is D/R.
  Sc sc;
  sc.unit(0, "r-tank", "tank", 30, 20).unit(0, "r-ldr", "leader", 36, 20).unit(0, "r1", "squad", 30, 12);
  sc.unit(1, "b-tank", "tank", 30, 30).unit(1, "b-ldr", "leader", 36, 32);
  TG g(sc.s);
  g.to_card("blacks");
  g.ok(activate("blacks", "b-tank"));
  const Outcome o = g.ok(fire("blacks", "b-tank", "r-tank"), {{kD10, 9}, {kD10, 5}, {kD10, 0}});
  const auto es = rr_events(o);
  const pb::RrFired* shot = nullptr;
  const pb::RrFired* overrun = nullptr;
  const pb::RrMoved* back = nullptr;
  for (const auto& e : es) {
    if (e.has_fired() && e.fired().target_id() == "r-tank") shot = &e.fired();
    if (e.has_fired() && e.fired().target_id() == "r1") overrun = &e.fired();
    if (e.has_moved()) back = &e.moved();
  }
  ASSERT_NE(shot, nullptr);
  EXPECT_EQ(shot->damage_roll(), 5);
  ASSERT_NE(back, nullptr);
  EXPECT_DOUBLE_EQ(back->to().y(), 4);
  EXPECT_DOUBLE_EQ(back->facing_deg(), 0);  // backing up: still facing the enemy
  ASSERT_NE(overrun, nullptr);
  EXPECT_EQ(overrun->source_rule_id(), "RR-OVR-02");
  EXPECT_EQ(overrun->start_column(), "41-45");
  EXPECT_EQ(overrun->result(), "D/R");
  EXPECT_EQ(g.u("r-tank").pos.y, 4);
  EXPECT_EQ(g.u("r1").marker, rr::Marker::kDisrupted);
}

TEST(RrMeleeGame, AHiddenMinefieldStopsTheUnitThatBlundersInAndAttacksIt) {
  // RR-MINE-01: the blacks' 12" hex at (30, 20) is off the reds' table until r1 walks into it: r1
  // stops where it entered (y = 14), the field is shown to everyone, and r1 is attacked on the
  // 16-20 column: d10 5 there is D/R1; the casualty makes it test morale (d% 95).
  Sc sc;
  sc.unit(0, "r1", "squad", 30, 11).unit(0, "r-ldr", "leader", 24, 11).unit(1, "b1", "squad", 5, 45);
  pb::RrScenario x;
  auto* m = x.add_minefields();
  m->set_side("blacks");
  m->set_at("30, 20");
  sc.s.mutable_extra()->PackFrom(x);
  TG g(sc.s);
  EXPECT_FALSE(has_terrain(*g.g, "reds", "minefield"));
  EXPECT_FALSE(has_terrain(*g.g, "spectator", "minefield"));
  EXPECT_TRUE(has_terrain(*g.g, "blacks", "minefield"));
  g.to_card("reds");
  g.ok(activate("reds", "r1"));
  const Outcome o = g.ok(move("reds", "r1", {{30, 15}}), {{kD10, 5}, {kPct, 95}});
  bool found = false;
  const pb::RrFired* hit = nullptr;
  const auto es = rr_events(o);
  for (const auto& e : es) {
    if (e.has_minefield_found()) found = true;
    if (e.has_fired()) hit = &e.fired();
    if (e.has_moved()) {
      EXPECT_NEAR(e.moved().to().y(), 14, 1e-6);
    }
  }
  EXPECT_TRUE(found);
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->source_rule_id(), "RR-MINE-01");
  EXPECT_EQ(hit->start_column(), "16-20");
  EXPECT_EQ(hit->result(), "D/R1");
  EXPECT_NEAR(g.u("r1").pos.y, 14, 1e-6);
  EXPECT_EQ(g.u("r1").figures, 4);
  EXPECT_TRUE(has_terrain(*g.g, "reds", "minefield"));
  EXPECT_TRUE(has_terrain(*g.g, "spectator", "minefield"));
}

TEST(RrMeleeGame, AFoundMinefieldIsCrossedAtACostWithoutStopping) {
  // Once found, entering it again is a choice: the move goes on, and the unit is attacked again.
  Sc sc;
  sc.unit(0, "r1", "squad", 30, 11).unit(0, "r-ldr", "leader", 24, 11).unit(1, "b1", "squad", 5, 45);
  pb::RrScenario x;
  x.add_minefields()->set_side("blacks");
  x.mutable_minefields(0)->set_at("30, 20");
  sc.s.mutable_extra()->PackFrom(x);
  TG g(sc.s);
  g.to_card("reds");
  g.ok(activate("reds", "r1"));
  g.ok(move("reds", "r1", {{30, 15}}), {{kD10, 0}});  // found; the chart's 0 on 16-20 misses
  g.ok(move("reds", "r1", {{30, 12}}));               // out again: leaving costs nothing
  ASSERT_TRUE(g.skip_until([&] { return g.st().sequence == 2; }, 200));
  g.to_card("reds");
  g.ok(activate("reds", "r1"));
  const Outcome o = g.ok(move("reds", "r1", {{30, 16}}), {{kD10, 0}});
  EXPECT_NEAR(g.u("r1").pos.y, 16, 1e-9);
  int attacks = 0;
  const auto es = rr_events(o);
  for (const auto& e : es) attacks += e.has_fired() ? 1 : 0;
  EXPECT_EQ(attacks, 1);
}

}  // namespace
}  // namespace sandtable::rrtest
