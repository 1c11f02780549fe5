// One-Hour Wargames WWII line of sight (OH-LOS-*, GAP-OH-LOS-01/03/05) and the fog-of-war room
// option: a Concealed Ready unit hidden from the enemy until spotted within 12".
#include "engine/core/rng.h"
#include "oh_test_util.h"

namespace sandtable::ohtest {
namespace {

// OH-LOS-01, GAP-OH-LOS-01: two of the firer's bases must each see a different target base,
// edge to edge.
TEST(OhLos, OH_LOS_01_TwoBasesToTwoBases) {
  auto game = [](double wood_right) {
    Sc s;
    s.unit(0, "a", "infantry", 20, 10).unit(1, "x", "infantry", 20, 22, 180).area("woods", 10, 15, wood_right, 17, "Hedge wood");
    return s;
  };
  {
    TG t(game(21).s);  // only the right-hand base sees, and only the right-hand target base
    t.refused(fire("allies", "a", "x"), "OH_NO_LOS", "OH-LOS-01");
  }
  TG t(game(19).s);  // the middle and right-hand bases each see their opposite number
  t.ok(fire("allies", "a", "x"), {2});
}

// OH-LOS-02: a mortar fires at what it cannot see if a friendly unit observes the target.
TEST(OhLos, OH_LOS_02_MortarObserver) {
  Sc s;
  s.unit(0, "m", "mortar", 20, 5).unit(1, "x", "infantry", 20, 25, 180).area("woods", 10, 12, 30, 16, "Wood");
  {
    TG t(s.s);
    // Nothing to fire at: the mortar step passes by itself.
    EXPECT_EQ(t.st().step, oh::Step::kActions);
    t.refused(fire("allies", "m", "x"), "OH_MORTAR_STEP", "OH-SEQ-03");
  }
  Sc o = s;
  o.unit(0, "obs", "infantry", 45, 20, 270);
  TG t(o.s);
  ASSERT_EQ(t.st().step, oh::Step::kMortar);
  EXPECT_FALSE(oh::sees(t.st(), t.u("m"), t.u("x"), oh::SightFor::kSeeing));
  EXPECT_TRUE(oh::observes(t.st(), t.u("obs"), t.u("x")));
  t.ok(fire("allies", "m", "x"), {3});
}

// The reach tests that let sight, threat and movement skip the exact test of far units
// (could_enter, could_be_within) must never say "apart" of bases the exact tests find touching:
// random units of every type and facing, and lines and units placed around them, many of them
// grazing the outer bases' corners.
TEST(OhLos, ReachNeverSkipsWhatTheExactTestsFind) {
  const oh::UnitType types[] = {oh::UnitType::kInfantry, oh::UnitType::kMortar, oh::UnitType::kAtg, oh::UnitType::kTank};
  Pcg32 rng(20261130);
  const auto uniform = [&](double lo, double hi) { return lo + (hi - lo) * (rng.next() / 4294967296.0); };
  int entered = 0, within = 0, skipped = 0;
  for (int i = 0; i < 20000; ++i) {
    oh::Unit u;
    u.type = types[rng.below(4)];
    u.pos = {uniform(20, 40), uniform(20, 40)};
    u.facing = geom::Facing::from_half_degrees(static_cast<int>(rng.below(720)));
    const geom::Segment s{{uniform(15, 45), uniform(15, 45)}, {uniform(15, 45), uniform(15, 45)}};
    bool enters = false;
    for (const auto& b : oh::bases(u)) enters = enters || geom::enters(b, s);
    if (enters) {
      ++entered;
      EXPECT_TRUE(oh::could_enter(u, s)) << "unit at " << u.pos.x << "," << u.pos.y;
    } else if (!oh::could_enter(u, s)) {
      ++skipped;
    }
    const oh::UnitType other = types[rng.below(4)];
    const geom::Vec2 at{uniform(20, 40), uniform(20, 40)};
    const geom::Facing f = geom::Facing::from_half_degrees(static_cast<int>(rng.below(720)));
    const double d = rng.below(2) == 0 ? 0.0 : oh::kThreatDistance;
    bool near = false;
    for (const auto& a : oh::bases(u)) {
      for (const auto& b : oh::bases_at(other, at, f)) near = near || (d == 0 ? oh::overlap(a, b) : !geom::beyond(oh::gap(a, b), d));
    }
    if (near) {
      ++within;
      EXPECT_TRUE(oh::could_be_within(u.type, u.pos, other, at, d));
    }
  }
  // The sample reaches both answers often enough to mean something.
  EXPECT_GT(entered, 1000);
  EXPECT_GT(within, 300);
  EXPECT_GT(skipped, 1000);
}

// OH-LOS-03, GAP-OH-LOS-03: an enemy unit other than the target blocks (switchable).
TEST(OhLos, OH_LOS_03_UnitsBlock) {
  Sc s;
  s.unit(0, "a", "tank", 20, 10).unit(1, "y", "infantry", 20, 18, 180).unit(1, "x", "infantry", 20, 25, 180);
  {
    TG t(s.s);
    t.refused(fire("allies", "a", "x"), "OH_NO_LOS", "OH-LOS-01");
  }
  Sc off = s;
  off.option("oh.enemy_blocks_los", "off");
  TG t(off.s);
  t.ok(fire("allies", "a", "x"), {2});
}

// OH-LOS-04: inside area terrain a unit sees and is seen at most 4".
TEST(OhLos, OH_LOS_04_AreaTerrain) {
  Sc s;
  s.unit(0, "a1", "tank", 20, 10).unit(0, "a2", "tank", 45, 10).unit(1, "x1", "infantry", 20, 23.5, 180)
      .unit(1, "x2", "infantry", 45, 25.5, 180).area("woods", 0, 20, 60, 40, "Forest");
  TG t(s.s);
  t.ok(fire("allies", "a1", "x1"), {2});                         // 3" into the wood
  t.refused(fire("allies", "a2", "x2"), "OH_NO_LOS", "OH-LOS-01");  // 5" into it
}

// OH-LOS-05, GAP-OH-LOS-05 (the table-faithful reading): a Concealed unit marked Ready can be
// targeted only from 12" or less.
TEST(OhLos, OH_LOS_05_ConcealedReadyOnlyWithin12) {
  Sc s;
  s.unit(0, "a1", "tank", 20, 10).unit(0, "a2", "tank", 45, 10).unit(1, "x1", "infantry", 20, 24.75, 180, {"dug_in", "ready"})
      .unit(1, "x2", "infantry", 45, 22.75, 180, {"dug_in", "ready"});
  TG t(s.s);
  EXPECT_EQ(t.g->view("allies").units_size(), 4);  // shown, not hidden, in this reading
  t.refused(fire("allies", "a1", "x1"), "OH_CONCEALED", "OH-LOS-05");
  t.ok(fire("allies", "a2", "x2"), {2});
}

// OH-LOS-06, OH-TER-05: a road lets sight along it through terrain that would block.
TEST(OhLos, OH_LOS_06_RoadsCarrySight) {
  Sc s;
  s.unit(0, "a", "tank", 20, 10).unit(1, "x", "infantry", 20, 24, 180).area("woods", 0, 14, 60, 18, "Forest");
  {
    TG t(s.s);
    t.refused(fire("allies", "a", "x"), "OH_NO_LOS", "OH-LOS-01");
  }
  Sc r = s;
  r.area("road", 15, 0, 25, 48, "Avenue");
  TG t(r.s);
  t.ok(fire("allies", "a", "x"), {2});
}

// The fog-of-war option (GAP-OH-LOS-05 "hidden"): a Concealed Ready unit is in no view, event,
// refusal or query of the enemy (or spectators) until an enemy unit is within 12" with sight.
Sc fog(const std::string& reading = "hidden") {
  Sc s;
  s.unit(0, "a", "infantry", 20, 10).unit(1, "h", "infantry", 20, 30, 180, {"ready"}).unit(1, "v", "infantry", 50, 40, 180)
      .area("woods", 10, 26, 30, 34, "Dark wood").option("oh.concealed_ready", reading);
  return s;
}

bool in_view(const pb::View& v, const std::string& id) {
  for (const auto& u : v.units()) {
    if (u.id() == id) return true;
  }
  return false;
}

TEST(OhHidden, GAP_OH_LOS_05_HiddenFromTheEnemyOnly) {
  TG t(fog().s);
  EXPECT_FALSE(in_view(t.g->view("allies"), "h"));
  EXPECT_FALSE(in_view(t.g->view("spectator"), "h"));
  EXPECT_TRUE(in_view(t.g->view("axis"), "h"));
  EXPECT_TRUE(in_view(t.g->view("gm"), "h"));
  const pb::View axis_view = t.g->view("axis");
  for (const auto& u : axis_view.units()) {
    if (u.id() == "h") {
      EXPECT_TRUE(has_marker(u, "hidden"));
    }
  }
}

// The seats share one build of the units and sides (RuleSet::pieces_key) in the table-faithful
// reading, where nothing is hidden, and not under the fog, where the sides see different units.
TEST(OhHidden, GAP_OH_LOS_05_SeatsSeeTheUnitsAlikeOnlyWithoutTheFog) {
  TG fogged(fog().s);
  EXPECT_NE(fogged.g->pieces_key("allies"), fogged.g->pieces_key("axis"));
  EXPECT_NE(fogged.g->pieces_key("spectator"), fogged.g->pieces_key("gm"));
  TG t(fog("untargetable").s);
  for (const char* seat : {"allies", "gm", "spectator"}) EXPECT_EQ(t.g->pieces_key(seat), t.g->pieces_key("axis")) << seat;
  EXPECT_TRUE(in_view(t.g->view("allies"), "h"));
}

TEST(OhHidden, GAP_OH_LOS_05_RefusalsAndQueriesAsIfNothingWereThere) {
  TG t(fog().s);
  const Outcome hidden = t.run(fire("allies", "a", "h"));
  const Outcome none = t.run(fire("allies", "a", "nobody"));
  EXPECT_FALSE(hidden.accepted);
  EXPECT_EQ(hidden.rejection.code(), none.rejection.code());
  EXPECT_EQ(hidden.rejection.message(), none.rejection.message());
  pb::Query q;
  q.mutable_measure()->mutable_from()->set_unit_id("a");
  q.mutable_measure()->mutable_to()->set_unit_id("h");
  pb::Query q2 = q;
  q2.mutable_measure()->mutable_to()->set_unit_id("nobody");
  EXPECT_EQ(t.g->query("allies", q).SerializeAsString(), t.g->query("allies", q2).SerializeAsString());
  EXPECT_TRUE(t.g->query("axis", q).ok());
}

TEST(OhHidden, GAP_OH_LOS_05_SpottedWithin12WithSight) {
  TG t(fog().s);
  t.ok(roll_move("allies", "a"), {5});
  t.ok(move("allies", "a", {{20, 17}}));  // 12" from h's front edge, 3.5" into the wood
  EXPECT_TRUE(in_view(t.g->view("allies"), "h"));
}

TEST(OhHidden, GAP_OH_LOS_05_TheEnemyDoesNotReadItsOrders) {
  Sc s = fog();
  s.s.mutable_sides(1)->mutable_units(0)->clear_attributes();  // h is not Ready yet
  TG t(s.s);
  EXPECT_TRUE(in_view(t.g->view("allies"), "h"));
  t.to_step("axis", oh::Step::kRally);
  const Outcome o = t.ok(rally_ready("axis", "h", pb::OH_READY));
  ASSERT_FALSE(o.events.empty());
  EXPECT_FALSE(t.g->event_for(o.events.back(), "allies"));
  EXPECT_FALSE(t.g->event_for(o.events.back(), "spectator"));
  EXPECT_TRUE(t.g->event_for(o.events.back(), "axis"));
  EXPECT_FALSE(in_view(t.g->view("allies"), "h"));
}

// A move is never refused for a unit the mover cannot see (that would give it away): it stops
// short where its bases would meet it, and the unit is then in plain sight.
TEST(OhHidden, GAP_OH_LOS_05_AMoveStopsShortAtAnUnseenUnit) {
  Sc s;
  s.unit(0, "a", "infantry", 20, 23).unit(1, "h", "infantry", 20, 31, 180, {"ready"}).unit(1, "v", "infantry", 50, 44, 180)
      .area("woods", 10, 26, 30, 40, "Dark wood").option("oh.concealed_ready", "hidden");
  TG t(s.s);
  ASSERT_FALSE(in_view(t.g->view("allies"), "h"));  // 7" away, but 4.5" deep in the wood
  t.ok(roll_move("allies", "a"), {6});
  const Outcome o = t.ok(move("allies", "a", {{20, 31}}));
  EXPECT_NEAR(t.u("a").pos.y, 30, 1e-9);
  std::string line;
  for (const auto& e : o.events) {
    if (auto seen = t.g->event_for(e, "allies")) line += seen->text();
  }
  EXPECT_NE(line.find("stops short"), std::string::npos) << line;
  EXPECT_TRUE(in_view(t.g->view("allies"), "h"));
}

}  // namespace
}  // namespace sandtable::ohtest
