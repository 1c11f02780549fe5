// One-Hour Wargames WWII: the catalogue's derived examples (OH-DX-*), each with exactly its
// numbers, played on a table with the dice the example names.
#include "oh_test_util.h"

namespace sandtable::ohtest {
namespace {

// OH-DX-01, OH-CONV-04: Infantry (0 Hits) at Infantry in the open 6" away: Dx = 4 -> 4 Hits.
TEST(OhExamples, OH_DX_01_BasicFire) {
  Sc s;
  s.unit(0, "a-inf", "infantry", 20, 10).unit(1, "x-inf", "infantry", 20, 17, 180);
  TG t(s.s);
  const pb::OhFired f = fired(t.ok(fire("allies", "a-inf", "x-inf"), {4}));
  EXPECT_DOUBLE_EQ(f.distance(), 6);
  EXPECT_EQ(f.modifiers_size(), 0);
  EXPECT_EQ(f.halvings_size(), 0);
  EXPECT_FALSE(f.close_range());
  EXPECT_EQ(f.hits(), 4);
  EXPECT_EQ(t.u("x-inf").hits, 4);
}

// OH-DX-02: the same shot at a Dug-in target: 4 x 1/2 = 2 Hits.
TEST(OhExamples, OH_DX_02_DugInTarget) {
  Sc s;
  s.unit(0, "a-inf", "infantry", 20, 10).unit(1, "x-inf", "infantry", 20, 17, 180, {"dug_in"});
  TG t(s.s);
  const pb::OhFired f = fired(t.ok(fire("allies", "a-inf", "x-inf"), {4}));
  ASSERT_EQ(f.halvings_size(), 1);
  EXPECT_EQ(f.halvings(0), "Dug-in");
  EXPECT_EQ(f.hits(), 2);
}

// OH-DX-03: ATG (0 Hits) at a Tank 20" away, frontal: 5 + 2 = 7; long range 1/2 -> 3.5 -> 4.
TEST(OhExamples, OH_DX_03_LongRangeAntiTank) {
  Sc s;
  s.unit(0, "a-atg", "atg", 20, 10).unit(1, "x-tank", "tank", 20, 32, 180);
  TG t(s.s);
  const pb::OhFired f = fired(t.ok(fire("allies", "a-atg", "x-tank"), {5}));
  EXPECT_DOUBLE_EQ(f.distance(), 20);
  EXPECT_EQ(f.modified(), 7);
  ASSERT_EQ(f.halvings_size(), 1);
  EXPECT_EQ(f.halvings(0), "long range");
  EXPECT_EQ(f.hits(), 4);
}

// OH-DX-04: Tank at a Tank on a hilltop 18" away: 3 + 2 = 5; hilltop 1/2 and long range 1/2
// -> 1.25 -> 2 Hits.
TEST(OhExamples, OH_DX_04_HilltopTank) {
  Sc s;
  s.unit(0, "a-tank", "tank", 20, 10).unit(1, "x-tank", "tank", 20, 30.5, 180).area("hill", 14, 28.5, 26, 34, "Ridge");
  TG t(s.s);
  const pb::OhFired f = fired(t.ok(fire("allies", "a-tank", "x-tank"), {3}));
  EXPECT_DOUBLE_EQ(f.distance(), 18);
  EXPECT_EQ(f.modified(), 5);
  EXPECT_EQ(f.halvings_size(), 2);
  EXPECT_EQ(f.hits(), 2);
}

// OH-DX-05: Infantry with 10 Hits at a Dug-in ATG in woods 3" away: 6 - 2 + 0 = 4; Dug-in and
// woods (1/4, the cap), close x2 -> 2 Hits.
TEST(OhExamples, OH_DX_05_QuarterCapAndCloseRange) {
  Sc s;
  s.unit(0, "a-inf", "infantry", 20, 10).unit(1, "x-atg", "atg", 20, 14.25, 180, {"dug_in"}).area("woods", 15, 13, 25, 18, "Copse");
  TG t(s.s);
  t.set_hits("a-inf", 10, 5);
  const pb::OhFired f = fired(t.ok(fire("allies", "a-inf", "x-atg"), {6}));
  EXPECT_DOUBLE_EQ(f.distance(), 3);
  EXPECT_EQ(f.modified(), 4);
  EXPECT_EQ(f.halvings_size(), 2);
  EXPECT_TRUE(f.close_range());
  EXPECT_EQ(f.hits(), 2);
  // Had the target also been at long range the cap would keep the defence at 1/4.
  EXPECT_EQ(oh::fire_hits(4, 3, false), 1);
}

// OH-DX-06: Ready Infantry fires in the opponent's Actions step at a marching tank's rear:
// 4 - 2 (vs Tank) + 2 (rear) - 1 (Ready) + 2 (marching) = 5 Hits.
TEST(OhExamples, OH_DX_06_ReadyFireAtAMarchingTanksRear) {
  Sc s;
  s.unit(0, "a-tank", "tank", 45, 20, 270).unit(1, "x-inf", "infantry", 30, 30, 180, {"ready"});
  TG t(s.s);
  t.ok(roll_move("allies", "a-tank", true), {5, 5, 5});
  t.ok(move("allies", "a-tank", {{30, 20}}, 180));
  ASSERT_TRUE(t.decision());
  EXPECT_EQ(t.decision()->seat(), "axis");
  const pb::OhFired f = fired(t.ok(fire("axis", "x-inf", "a-tank"), {4}));
  EXPECT_TRUE(f.ready_fire());
  EXPECT_EQ(f.modified(), 5);
  EXPECT_EQ(f.halvings_size(), 0);
  EXPECT_FALSE(f.close_range());
  EXPECT_EQ(f.hits(), 5);
  std::vector<std::string> words;
  for (const auto& m : f.modifiers()) words.push_back(m.words() + " " + std::to_string(m.value()));
  EXPECT_EQ(words, (std::vector<std::string>{"vs Tank -2", "target's rear 2", "firing while Ready -1", "target on road or marching 2"}));
  EXPECT_FALSE(t.u("x-inf").ready);
}

// OH-DX-07: Mortar vs Tank: 2 - 2 = 0 -> no Hits. Mortar vs Infantry in woods: 3 + 2 = 5, woods
// do not halve mortar fire -> 5 Hits.
TEST(OhExamples, OH_DX_07_Mortar) {
  Sc s;
  s.unit(0, "a-mor", "mortar", 20, 5).unit(0, "a-mor2", "mortar", 35, 5).unit(1, "x-tank", "tank", 20, 20, 180)
      .unit(1, "x-inf", "infantry", 35, 20, 180).area("woods", 30, 18, 41, 24, "Wood");
  TG t(s.s);
  ASSERT_EQ(t.st().step, oh::Step::kMortar);
  EXPECT_EQ(fired(t.ok(fire("allies", "a-mor", "x-tank"), {2})).hits(), 0);
  const pb::OhFired f = fired(t.ok(fire("allies", "a-mor2", "x-inf"), {3}));
  EXPECT_EQ(f.modified(), 5);
  EXPECT_EQ(f.halvings_size(), 0);
  EXPECT_EQ(f.hits(), 5);
}

// OH-DX-08: Rally. Concealed Infantry with 7 Hits rolls 4 -> 3 Hits. Infantry in the open with
// 7 Hits rolls 3 -> removes 2 -> 5. A Concealed unit that once reached 12 Hits (5 permanent)
// rallies 6 -> 6, then rallies 4 -> 5.
TEST(OhExamples, OH_DX_08_Rally) {
  Sc s;
  s.unit(0, "a-wood", "infantry", 10, 10).unit(0, "a-open", "infantry", 30, 10).unit(0, "a-vet", "infantry", 50, 10, 0, {"dug_in"})
      .unit(1, "x-inf", "infantry", 30, 44, 180).area("woods", 5, 7, 15, 13);
  TG t(s.s);
  t.set_hits("a-wood", 7);
  t.set_hits("a-open", 7);
  t.set_hits("a-vet", 12, 5);
  t.to_step("allies", oh::Step::kRally);
  t.ok(rally_ready("allies", "a-wood", pb::OH_RALLY), {4});
  EXPECT_EQ(t.u("a-wood").hits, 3);
  t.ok(rally_ready("allies", "a-open", pb::OH_RALLY), {3});
  EXPECT_EQ(t.u("a-open").hits, 5);
  t.ok(rally_ready("allies", "a-vet", pb::OH_RALLY), {6});
  EXPECT_EQ(t.u("a-vet").hits, 6);
  t.to_step("allies", oh::Step::kRally);
  t.ok(rally_ready("allies", "a-vet", pb::OH_RALLY), {4});
  EXPECT_EQ(t.u("a-vet").hits, 5);
  EXPECT_EQ(t.u("a-vet").permanent, 5);
}

// OH-DX-09: a Tank on a road all the way, not entering 4" of an enemy, rolls 3: 3 + 4 + 4 =
// 11"; marching adds 2Dx more.
TEST(OhExamples, OH_DX_09_RoadMove) {
  Sc s;
  s.unit(0, "a-tank", "tank", 10, 10, 90).unit(1, "x-inf", "infantry", 30, 40, 180).area("road", 0, 9, 60, 11, "Road");
  {
    TG t(s.s);
    const pb::OhMoveRolled r = rolled(t.ok(roll_move("allies", "a-tank"), {3}));
    EXPECT_EQ(r.allowance(), 7);
    EXPECT_TRUE(r.road_possible());
    t.refused(move("allies", "a-tank", {{21.5, 10}}, -1, true), "OH_TOO_FAR", "OH-MOVE-01");
    t.ok(move("allies", "a-tank", {{21, 10}}, -1, true));
    EXPECT_DOUBLE_EQ(t.u("a-tank").pos.x, 21);
    EXPECT_TRUE(t.u("a-tank").exposed);  // enemy fire at it +2 (OH-MOVE-08)
  }
  TG t(s.s);
  const pb::OhMoveRolled r = rolled(t.ok(roll_move("allies", "a-tank", true), {3, 2, 2}));
  EXPECT_EQ(r.allowance(), 11);
  t.ok(move("allies", "a-tank", {{25, 10}}, -1, true));
}

// OH-DX-10: an ATG with an enemy base 1.5" away cannot move; Infantry in the same situation
// moves Dx + 2 - 2".
TEST(OhExamples, OH_DX_10_Threatened) {
  Sc s;
  s.unit(0, "a-atg", "atg", 20, 10).unit(0, "a-inf", "infantry", 40, 10.25).unit(1, "x1", "infantry", 20, 12.75, 180)
      .unit(1, "x2", "infantry", 40, 12.75, 180);
  TG t(s.s);
  EXPECT_TRUE(oh::threatened(t.st(), t.u("a-atg")));
  t.refused(roll_move("allies", "a-atg"), "OH_THREATENED", "OH-MOVE-04");
  const pb::OhMoveRolled r = rolled(t.ok(roll_move("allies", "a-inf"), {4}));
  EXPECT_EQ(r.allowance(), 4);
}

// OH-DX-11, OH-CONV-01: the average die {2,3,3,4,4,5}; half of it for rallying: 2->1, 3->2,
// 4->2, 5->3. The game's dice are of the kind chosen.
TEST(OhExamples, OH_DX_11_AverageDie) {
  EXPECT_EQ(oh::rally_removes(false, 2), 1);
  EXPECT_EQ(oh::rally_removes(false, 3), 2);
  EXPECT_EQ(oh::rally_removes(false, 4), 2);
  EXPECT_EQ(oh::rally_removes(false, 5), 3);
  Sc s;
  s.unit(0, "a-inf", "infantry", 20, 10).unit(1, "x-inf", "infantry", 20, 17, 180).option("oh.dice", "average");
  TG t(s.s);
  EXPECT_EQ(t.kind, pb::DIE_KIND_AVERAGE);
  const pb::View v = t.g->view("spectator");  // the dice kind is shown to everyone
  for (const auto& side : v.sides()) {
    bool shown = false;
    for (const auto& m : side.markers()) shown = shown || (m.key() == "dice" && m.value() == "average die");
    EXPECT_TRUE(shown) << side.id();
  }
  EXPECT_EQ(t.run(fire("allies", "a-inf", "x-inf"), {6}).rejection.code(), "TABLE_DICE_NEEDED");  // 6 is no face of it
  const Outcome o = t.ok(fire("allies", "a-inf", "x-inf"), {5});
  ASSERT_EQ(o.events.front().dice_size(), 1);
  EXPECT_EQ(o.events.front().dice(0).kind(), pb::DIE_KIND_AVERAGE);
  // Rolled by the server: only the average die's faces, 2 and 5 half as often as 3 and 4.
  int counts[7] = {0};
  for (std::uint64_t seed = 1; seed <= 600; ++seed) {
    TG r(s.s, false, seed);
    const Outcome x = r.g->execute(fire("allies", "a-inf", "x-inf"));
    ASSERT_TRUE(x.accepted);
    for (const auto& e : x.events) {
      for (const auto& d : e.dice()) counts[d.value()]++;
    }
  }
  EXPECT_GT(counts[3], counts[2] * 3 / 2);
  EXPECT_GT(counts[4], counts[5] * 3 / 2);
  EXPECT_EQ(counts[1] + counts[6], 0);
}

// OH-DX-12, GAP-OH-CONV-06: 13 Hits take 2 -> 15 -> removed (default); under the ">15" switch
// it is removed only at 16.
TEST(OhExamples, OH_DX_12_DestructionThreshold) {
  Sc s;
  s.unit(0, "a-inf", "infantry", 20, 10).unit(0, "a-inf2", "infantry", 30, 10).unit(1, "x-inf", "infantry", 20, 17, 180)
      .unit(1, "x-far", "infantry", 50, 44, 180);
  {
    TG t(s.s);
    t.set_hits("x-inf", 13, 5);
    const pb::OhFired f = fired(t.ok(fire("allies", "a-inf", "x-inf"), {2}));
    EXPECT_EQ(f.target_hits(), 15);
    EXPECT_TRUE(f.destroyed());
    EXPECT_FALSE(t.u("x-inf").alive);
  }
  Sc s16 = s;
  s16.option("oh.destroyed_at", "16");
  TG t(s16.s);
  t.set_hits("x-inf", 13, 5);
  EXPECT_FALSE(fired(t.ok(fire("allies", "a-inf", "x-inf"), {2})).destroyed());
  EXPECT_TRUE(t.u("x-inf").alive);
  EXPECT_EQ(t.u("x-inf").hits, 15);
  EXPECT_TRUE(fired(t.ok(fire("allies", "a-inf2", "x-inf"), {1})).destroyed());
}

}  // namespace
}  // namespace sandtable::ohtest
