// One-Hour Wargames WWII fire: ranges, friends in the way, front and rear, the priority target,
// the procedure, the modifier table, the multipliers and the fired mark (OH-FIRE-*, OH-CONV-*).
#include "oh_test_util.h"

namespace sandtable::ohtest {
namespace {

// OH-FIRE-01: Infantry 12", ATG and Tank 24" (long beyond 12"), Mortar 48"; close at 4" or less.
TEST(OhFire, OH_FIRE_01_Ranges) {
  Sc s;
  // Allied infantry front edges at y = 10.5; axis infantry front edges (facing south) at y - 0.5.
  s.unit(0, "a-inf", "infantry", 10, 10).unit(0, "a-inf2", "infantry", 30, 10).unit(0, "a-atg", "atg", 50, 10)
      .unit(1, "x12", "infantry", 10, 23, 180).unit(1, "x12b", "infantry", 30, 23.5, 180).unit(1, "x24", "infantry", 50, 35.25, 180);
  TG t(s.s);
  t.refused(fire("allies", "a-inf2", "x12b"), "OH_OUT_OF_RANGE", "OH-FIRE-01");
  EXPECT_FALSE(fired(t.ok(fire("allies", "a-inf", "x12"), {1})).close_range());
  const pb::OhFired f = fired(t.ok(fire("allies", "a-atg", "x24"), {6}));
  EXPECT_DOUBLE_EQ(f.distance(), 24);
  ASSERT_EQ(f.halvings_size(), 1);
  EXPECT_EQ(f.halvings(0), "long range");
  EXPECT_EQ(f.hits(), 2);  // 6 - 2 (ATG vs Infantry) = 4, halved
  // Close range: 4" doubles, 4.5" does not.
  Sc c;
  c.unit(0, "a1", "infantry", 10, 10).unit(0, "a2", "infantry", 30, 10).unit(1, "x4", "infantry", 10, 15, 180).unit(1, "x45", "infantry", 30, 15.5, 180);
  TG u(c.s);
  EXPECT_TRUE(fired(u.ok(fire("allies", "a1", "x4"), {3})).close_range());
  EXPECT_EQ(u.u("x4").hits, 6);
  EXPECT_FALSE(fired(u.ok(fire("allies", "a2", "x45"), {3})).close_range());
  EXPECT_EQ(u.u("x45").hits, 3);
  EXPECT_DOUBLE_EQ(oh::row_of(oh::UnitType::kMortar).range, 48);
  EXPECT_DOUBLE_EQ(oh::row_of(oh::UnitType::kMortar).close, 0);
}

// OH-FIRE-02: direct fire passes a friend only if both are Dug-in, or the firer is a Tank and
// the friend Dug-in; a friend that is not Dug-in always blocks (OH-LOS-03).
TEST(OhFire, OH_FIRE_02_FiringThroughFriends) {
  auto game = [](bool friend_dug_in, const std::string& type, bool firer_dug_in) {
    Sc s;
    std::vector<std::string> fa, fr;
    if (firer_dug_in) fa.push_back("dug_in");
    if (friend_dug_in) fr.push_back("dug_in");
    s.unit(0, "a-fire", type, 20, 10, 0, fa).unit(0, "a-friend", "infantry", 20, 15, 0, fr).unit(1, "x", "infantry", 20, 21, 180);
    return s;
  };
  {
    TG t(game(false, "tank", false).s);
    t.refused(fire("allies", "a-fire", "x"), "OH_NO_LOS", "OH-LOS-01");
  }
  {
    TG t(game(true, "infantry", false).s);
    t.refused(fire("allies", "a-fire", "x"), "OH_NO_LOS", "OH-LOS-01");
  }
  {
    TG t(game(true, "infantry", true).s);
    t.ok(fire("allies", "a-fire", "x"), {3});
  }
  {
    TG t(game(true, "tank", false).s);
    t.ok(fire("allies", "a-fire", "x"), {3});
  }
}

// OH-FIRE-03: fire at a target's rear +2; a target behind the firer's own front -2.
TEST(OhFire, OH_FIRE_03_FrontAndRear) {
  Sc s;
  // a-rear stands behind x1 (which faces south, away from it); x2 stands behind a-back's front.
  s.unit(0, "a-rear", "infantry", 10, 30, 180).unit(1, "x1", "infantry", 10, 24, 180).unit(0, "a-back", "infantry", 40, 20, 0)
      .unit(1, "x2", "infantry", 40, 14, 0);
  TG t(s.s);
  pb::OhFired f = fired(t.ok(fire("allies", "a-rear", "x1"), {3}));
  ASSERT_EQ(f.modifiers_size(), 1);
  EXPECT_EQ(f.modifiers(0).words(), "target's rear");
  EXPECT_EQ(f.hits(), 5);
  f = fired(t.ok(fire("allies", "a-back", "x2"), {3}));
  std::vector<std::string> words;
  for (const auto& m : f.modifiers()) words.push_back(m.words());
  // x2 faces north toward a-back: a-back is in front of it, x2 is behind a-back's front.
  EXPECT_EQ(words, (std::vector<std::string>{"firing to own rear"}));
  EXPECT_EQ(f.hits(), 1);
}

// OH-FIRE-04: the priority target (best modifier, then closest) is marked in the menu; under
// "enforce" any other target is refused.
TEST(OhFire, OH_FIRE_04_PriorityTarget) {
  Sc s;
  s.unit(0, "a-atg", "atg", 20, 10).unit(1, "x-inf", "infantry", 20, 16, 180).unit(1, "x-tank", "tank", 32, 18, 180);
  {
    TG t(s.s);
    const pb::ActionMenu m = t.g->menu("allies");
    bool marked = false;
    for (const auto& a : m.actions()) {
      for (const auto& x : a.targets()) {
        if (x.id() == "x-tank") marked = x.detail().find("priority target") != std::string::npos;
        if (x.id() == "x-inf") {
          EXPECT_EQ(x.detail().find("priority"), std::string::npos);
        }
      }
    }
    EXPECT_TRUE(marked);
    pb::Query q;  // aiming at the other target warns
    q.mutable_preview()->set_action("fire:a-atg");
    q.mutable_preview()->set_target("x-inf");
    const pb::QueryAnswer a = t.g->query("allies", q);
    EXPECT_TRUE(a.ok());
    EXPECT_NE(a.text().find("Not its priority target: x-tank"), std::string::npos) << a.text();
    t.ok(fire("allies", "a-atg", "x-inf"), {3});  // "warn": allowed
  }
  Sc e = s;
  e.option("oh.target_priority", "enforce");
  TG t(e.s);
  const std::string why = t.refused(fire("allies", "a-atg", "x-inf"), "OH_NOT_PRIORITY", "OH-FIRE-04");
  EXPECT_NE(why.find("x-tank"), std::string::npos);
  t.ok(fire("allies", "a-atg", "x-tank"), {3});
}

// OH-FIRE-05 (with OH-CONV-06): -1 from 5 Hits, -2 from 10; a result below 0 is 0.
TEST(OhFire, OH_FIRE_05_Procedure) {
  Sc s;
  s.unit(0, "a1", "infantry", 10, 10).unit(0, "a2", "infantry", 30, 10).unit(1, "x-tank", "tank", 10, 18, 180).unit(1, "x-inf", "infantry", 30, 17, 180);
  TG t(s.s);
  t.set_hits("a1", 5);
  t.set_hits("a2", 9);
  pb::OhFired f = fired(t.ok(fire("allies", "a1", "x-tank"), {1}));
  EXPECT_EQ(f.modified(), -2);  // 1 - 1 - 2
  EXPECT_EQ(f.hits(), 0);
  EXPECT_EQ(t.u("x-tank").hits, 0);
  f = fired(t.ok(fire("allies", "a2", "x-inf"), {6}));
  ASSERT_EQ(f.modifiers_size(), 1);
  EXPECT_EQ(f.modifiers(0).words(), "firer has 5+ Hits");
  EXPECT_EQ(f.hits(), 5);
}

// OH-FIRE-06: the rebuilt modifier table, and mortars take no flank, Ready or road column.
TEST(OhFire, OH_FIRE_06_ModifierTable) {
  using oh::UnitType;
  const UnitType T[4] = {UnitType::kInfantry, UnitType::kMortar, UnitType::kAtg, UnitType::kTank};
  const int expected[4][4] = {{0, -2, 0, -2}, {2, 0, 2, -2}, {-2, -2, -2, 2}, {0, 0, 0, 2}};
  for (int f = 0; f < 4; ++f) {
    for (int g = 0; g < 4; ++g) EXPECT_EQ(oh::type_modifier(T[f], T[g]), expected[f][g]) << f << " vs " << g;
  }
  EXPECT_FALSE(oh::situational_modifiers(UnitType::kMortar));
  EXPECT_TRUE(oh::situational_modifiers(UnitType::kTank));
  EXPECT_EQ(oh::kRearBonus, 2);
  EXPECT_EQ(oh::kOwnRearPenalty, -2);
  EXPECT_EQ(oh::kReadyPenalty, -1);
  EXPECT_EQ(oh::kExposedBonus, 2);
}

// OH-FIRE-07, GAP-OH-FIRE-07, OH-CONV-02: one multiplication, rounded up once; at most two
// halvings count; a town and Dug-in together are one halving.
TEST(OhFire, OH_FIRE_07_Multipliers) {
  EXPECT_EQ(oh::fire_hits(7, 1, false), 4);
  EXPECT_EQ(oh::fire_hits(5, 2, false), 2);
  EXPECT_EQ(oh::fire_hits(4, 2, true), 2);
  EXPECT_EQ(oh::fire_hits(4, 3, false), 1);  // the cap: a quarter
  EXPECT_EQ(oh::fire_hits(5, 0, true), 10);
  EXPECT_EQ(oh::fire_hits(3, 1, true), 3);
  EXPECT_EQ(oh::fire_hits(0, 0, true), 0);
  EXPECT_EQ(oh::fire_hits(-3, 0, false), 0);
  Sc s;
  s.unit(0, "a1", "infantry", 20, 10).unit(1, "x", "infantry", 20, 17, 180, {"dug_in"}).area("town", 10, 16, 30, 22, "Village");
  TG t(s.s);
  const pb::OhFired f = fired(t.ok(fire("allies", "a1", "x"), {5}));
  ASSERT_EQ(f.halvings_size(), 1);
  EXPECT_EQ(f.halvings(0), "in a town");
  EXPECT_EQ(f.hits(), 3);
}

// OH-TER-06: woods halve fire except a mortar's; a tank on a hill is halved except by mortars.
TEST(OhFire, OH_TER_06_CoverEffectsOnFire) {
  Sc s;
  s.unit(0, "a-mor", "mortar", 20, 5).unit(0, "a-inf", "infantry", 20, 12).unit(1, "x", "infantry", 20, 20, 180)
      .area("woods", 10, 19, 30, 25, "Wood");
  TG t(s.s);
  EXPECT_EQ(fired(t.ok(fire("allies", "a-mor", "x"), {4})).halvings_size(), 0);
  ASSERT_EQ(t.st().step, oh::Step::kActions);  // no other mortar: the step is over by itself
  const pb::OhFired f = fired(t.ok(fire("allies", "a-inf", "x"), {4}));
  ASSERT_EQ(f.halvings_size(), 1);
  EXPECT_EQ(f.halvings(0), "in woods");
  EXPECT_EQ(f.hits(), 2);
}

// OH-FIRE-08, GAP-OH-FIRE-08: a unit that fired is marked; it has acted (no Rally, Ready or
// Dig-in this phase) and a Ready unit that fires loses Ready. No other effect.
TEST(OhFire, OH_FIRE_08_FiredMark) {
  Sc s;
  s.unit(0, "a1", "infantry", 20, 10, 0, {"ready"}).unit(0, "idle", "infantry", 40, 10).unit(1, "x", "infantry", 20, 17, 180);
  TG t(s.s);
  t.ok(fire("allies", "a1", "x"), {2});
  EXPECT_TRUE(t.u("a1").fired);
  EXPECT_FALSE(t.u("a1").ready);
  const pb::View v = t.g->view("axis");
  bool marked = false;
  for (const auto& u : v.units()) {
    if (u.id() == "a1") marked = has_marker(u, "fired");
  }
  EXPECT_TRUE(marked);
  t.to_step("allies", oh::Step::kRally);
  t.refused(rally_ready("allies", "a1", pb::OH_READY), "OH_ALREADY_ACTED", "OH-RR-01");
}

// OH-CONV-05, OH-CONV-06: one count of Hits; -1 at 5+, -2 at 10+; on first reaching 10, 5
// become permanent; destroyed at 15.
TEST(OhFire, OH_CONV_06_HitEffects) {
  Sc s;
  s.unit(0, "a1", "infantry", 22, 12).unit(0, "a2", "infantry", 30, 10).unit(1, "x", "infantry", 30, 15, 180);
  TG t(s.s);
  t.set_hits("x", 6);
  const pb::OhFired f = fired(t.ok(fire("allies", "a2", "x"), {2}));  // close: 4
  EXPECT_EQ(f.target_hits(), 10);
  EXPECT_EQ(f.target_permanent(), 5);
  EXPECT_EQ(t.u("x").permanent, 5);
  const pb::View v = t.g->view("allies");
  for (const auto& u : v.units()) {
    if (u.id() != "x") continue;
    EXPECT_TRUE(has_marker(u, "hits"));
    EXPECT_TRUE(has_marker(u, "permanent"));
    EXPECT_EQ(u.strength(), 5);  // Hits left before it is destroyed
  }
  EXPECT_TRUE(fired(t.ok(fire("allies", "a1", "x"), {6})).destroyed());  // 10 + 6
}

}  // namespace
}  // namespace sandtable::ohtest
