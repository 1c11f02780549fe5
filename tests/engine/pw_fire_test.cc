// Portable Wargame fire: small arms, machine guns and the Artillery Fire phase.
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

void refused(TG& t, const pb::Command& c, const std::string& code, const std::string& rule) {
  const Outcome o = t.run(c);
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), code) << o.rejection.message();
  EXPECT_EQ(o.rejection.rule_id(), rule);
}

template <class F>
const pb::PwEvent* find_event(const Outcome& o, F pred) {
  for (const auto& e : o.events) {
    if (has_pw(e) && pred(pw_of(e))) return &pw_of(e);
  }
  return nullptr;
}

// PW-FIRE-01/02: range 3, 90-degree arc, direct line of sight; once per turn.
TEST(PwFire, PW_FIRE_01_02_RangeArcLosOnce) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 2).unit(1, "r-far", "infantry", 5, 6, pb::GRID_FACING_SOUTH)
      .unit(1, "r-side", "infantry", 8, 2, pb::GRID_FACING_WEST).unit(1, "r-hid", "infantry", 4, 4, pb::GRID_FACING_SOUTH)
      .unit(1, "r-near", "infantry", 6, 4, pb::GRID_FACING_SOUTH).terrain("woods", {{4, 3}});
  TG t(s.spares().s);
  blue_first(t);
  refused(t, fire("blue", "b1", 5, 6), "PW_FIRE_RANGE", "PW-FIRE-01");
  refused(t, fire("blue", "b1", 8, 2), "PW_FIRE_ARC", "PW-FIRE-02");
  refused(t, fire("blue", "b1", 4, 4), "PW_FIRE_NO_LOS", "PW-FIRE-02");
  refused(t, fire("blue", "b1", 5, 3), "PW_FIRE_NO_TARGET", "PW-FIRE-05");
  t.ok(fire("blue", "b1", 6, 4), {1});
  refused(t, fire("blue", "b1", 6, 4), "PW_FIRE_TWICE", "PW-FIRE-02");
}

// PW-FIRE-04: mounted cavalry, commanders, transport do not fire; artillery only in its phase.
TEST(PwFire, PW_FIRE_04_WhoFires) {
  Sc s;
  s.unit(0, "b-cav", "mounted_cavalry", 5, 2).unit(0, "b-gun", "field_artillery", 2, 2).unit(0, "b-dcav", "dismounted_cavalry", 7, 2)
      .unit(1, "r1", "infantry", 5, 4, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 7, 4, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  refused(t, fire("blue", "b-cav", 5, 4), "PW_FIRE_CANNOT", "PW-FIRE-04");
  refused(t, fire("blue", "b-gun", 2, 4), "PW_FIRE_ARTILLERY", "PW-ART-01");
  t.ok(fire("blue", "b-dcav", 7, 4), {1});
}

// PW-DX-03 and PW-FIRE-06: not moved +1, commander +1, cover -1 -> raw 4 hits; MG dice
// [4,2,6] +1 -> 2 hits on every enemy unit in the square (PW-FIRE-05, GAP-PW-FIRE-05).
TEST(PwFire, PW_DX_03_SmallArmsAndMg) {
  Sc s;
  s.unit(0, "b-inf", "infantry", 4, 2).unit(0, "b-cmd", "commander", 3, 2).unit(0, "b-mg", "machine_gun", 6, 2)
      .unit(1, "r1", "infantry", 4, 4, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 6, 4, pb::GRID_FACING_SOUTH)
      .unit(1, "r-cmd", "commander", 6, 4, pb::GRID_FACING_SOUTH).terrain("town", {{4, 4}});
  TG t(s.spares().s);
  blue_first(t);
  Outcome o = t.ok(fire("blue", "b-inf", 4, 4), {4, 1});  // 4 +1 +1 -1 = 5: hit; hit roll 1
  const pb::PwEvent* f = find_event(o, [](const pb::PwEvent& e) { return e.has_unit_fired(); });
  ASSERT_TRUE(f);
  EXPECT_EQ(f->unit_fired().modifier(), 1);
  EXPECT_EQ(f->unit_fired().hits(), 1);
  EXPECT_EQ(t.u("r1").sp, 3);
  // MG: not moved +1, no commander near (3,2 is 3 away), no cover.
  o = t.ok(fire("blue", "b-mg", 6, 4), {4, 2, 6, 1, 1, 1, 1});
  f = find_event(o, [](const pb::PwEvent& e) { return e.has_unit_fired(); });
  ASSERT_TRUE(f);
  EXPECT_EQ(f->unit_fired().modifier(), 1);
  EXPECT_EQ(f->unit_fired().hits(), 2);
  EXPECT_EQ(t.u("r2").sp, 2);     // two hits, both lost
  EXPECT_EQ(t.u("r-cmd").sp, 0);  // two hits on the commander too: destroyed
}

// Option pw.mg_hits = one: an MG scores at most one hit.
TEST(PwFire, OptionMgHitsOne) {
  Sc s;
  s.unit(0, "b-mg", "machine_gun", 6, 2).unit(1, "r2", "infantry", 6, 4, pb::GRID_FACING_SOUTH).option("pw.mg_hits", "one");
  TG t(s.spares().s);
  blue_first(t);
  const Outcome o = t.ok(fire("blue", "b-mg", 6, 4), {6, 6, 6, 1});
  EXPECT_EQ(find_event(o, [](const pb::PwEvent& e) { return e.has_unit_fired(); })->unit_fired().hits(), 1);
}

// PW-FIRE-03 / PW-ART-05: firing out of a wood only from its edge; PW-TER-04: range 1 inside.
TEST(PwFire, PW_FIRE_03_OutOfWoodsFromEdgeOnly) {
  Sc s;
  s.unit(0, "b-deep", "infantry", 5, 2).unit(0, "b-edge", "infantry", 7, 3).unit(1, "r1", "infantry", 5, 4, pb::GRID_FACING_SOUTH)
      .unit(1, "r2", "infantry", 7, 4, pb::GRID_FACING_SOUTH).terrain("woods", {{5, 2}, {5, 3}, {7, 3}});
  TG t(s.spares().s);
  blue_first(t);
  refused(t, fire("blue", "b-deep", 5, 4), "PW_FIRE_RANGE", "PW-TER-04");
  t.ok(fire("blue", "b-edge", 7, 4), {1});
}

// PW-FIRE-03: small arms out of a built-up area only from its edge square.
TEST(PwFire, PW_FIRE_03_NotFromDeepInsideTown) {
  Sc s;
  s.unit(0, "b-deep", "infantry", 5, 2).unit(0, "b-edge", "infantry", 6, 3).unit(1, "r1", "infantry", 5, 4, pb::GRID_FACING_SOUTH)
      .unit(1, "r2", "infantry", 6, 5, pb::GRID_FACING_SOUTH).terrain("town", {{5, 2}, {5, 3}, {6, 3}});
  TG t(s.spares().s);
  blue_first(t);
  refused(t, fire("blue", "b-deep", 5, 4), "PW_FIRE_NOT_EDGE", "PW-FIRE-03");
  t.ok(fire("blue", "b-edge", 6, 5), {1});
}

TEST(PwFire, PW_ART_05_NotFromDeepInsideTown) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 2).unit(1, "r1", "infantry", 5, 6, pb::GRID_FACING_SOUTH).terrain("town", {{5, 2}, {5, 3}});
  TG t(s.spares().s);
  refused(t, plan("blue", {{"b-gun", 5, 6}}), "PW_ART_NOT_EDGE", "PW-ART-05");
}

// PW-ART-02/03: ranges by kind, arc; PW-ART-01: once per turn.
TEST(PwFire, PW_ART_02_03_RangeAndArc) {
  Sc s;
  s.unit(0, "b-mtn", "mountain_artillery", 1, 0).unit(0, "b-hvy", "heavy_artillery", 3, 0).unit(1, "r1", "infantry", 1, 7, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  refused(t, plan("blue", {{"b-mtn", 1, 7}}), "PW_ART_RANGE", "PW-ART-02");
  refused(t, plan("blue", {{"b-hvy", 0, 0}}), "PW_ART_ARC", "PW-ART-03");
  refused(t, plan("blue", {{"b-hvy", 1, 7}, {"b-hvy", 1, 6}}), "PW_ART_TWICE", "PW-ART-01");
  t.ok(plan("blue", {{"b-hvy", 1, 7}, {"b-mtn", 1, 6}}), {6, 6, 1, 1, 6, 1, 6});
}

// PW-DX-01 / PW-ART-07: field gun, open target 6 away, direct LOS: raw 3 -> on target,
// raw 2 -> in front, raw 1 -> behind.
TEST(PwFire, PW_DX_01_ArtilleryDirect) {
  for (auto [raw, fall, row] : std::vector<std::tuple<int, pb::PwFallOfShot, int>>{
           {3, pb::PW_FALL_ON_TARGET, 7}, {2, pb::PW_FALL_IN_FRONT, 6}, {1, pb::PW_FALL_BEHIND, 8}}) {
    Sc s;
    s.unit(0, "b-gun", "field_artillery", 5, 1).unit(1, "r1", "infantry", 5, 7, pb::GRID_FACING_SOUTH);
    TG t(s.spares().s);
    const Outcome o = t.ok(plan("blue", {{"b-gun", 5, 7}}), {raw, 1, 6, 1, 6, 6, 6});
    const pb::PwEvent* f = find_event(o, [](const pb::PwEvent& e) { return e.has_artillery_fired(); });
    ASSERT_TRUE(f);
    EXPECT_TRUE(f->artillery_fired().direct());
    EXPECT_EQ(f->artillery_fired().score(), raw + 2);
    EXPECT_EQ(f->artillery_fired().fall(), fall);
    EXPECT_EQ(f->artillery_fired().landed().row(), row);
    EXPECT_EQ(f->artillery_fired().landed().col(), 5);
  }
}

// PW-DX-02 / PW-ART-06: target in a wood: indirect, -1; raw 1 -> ineffective, 4 -> behind,
// 5 -> in front, 6 -> on target; with a commander adjacent and the same target last turn +2.
TEST(PwFire, PW_DX_02_ArtilleryIndirect) {
  for (auto [raw, fall] : std::vector<std::pair<int, pb::PwFallOfShot>>{
           {1, pb::PW_FALL_INEFFECTIVE}, {4, pb::PW_FALL_BEHIND}, {5, pb::PW_FALL_IN_FRONT}, {6, pb::PW_FALL_ON_TARGET}}) {
    Sc s;
    s.unit(0, "b-gun", "field_artillery", 5, 1).unit(1, "r1", "infantry", 5, 7, pb::GRID_FACING_SOUTH).terrain("woods", {{5, 7}});
    TG t(s.spares().s);
    const Outcome o = t.ok(plan("blue", {{"b-gun", 5, 7}}), {raw, 1, 6, 1, 1, 6, 6, 6});
    const pb::PwEvent* f = find_event(o, [](const pb::PwEvent& e) { return e.has_artillery_fired(); });
    ASSERT_TRUE(f);
    EXPECT_FALSE(f->artillery_fired().direct());
    EXPECT_EQ(f->artillery_fired().modifier(), -1);
    EXPECT_EQ(f->artillery_fired().fall(), fall);
  }
  // Turn 2 with a commander next to the gun, same target square: -1 +1 +1 = +1 (GAP-PW-ART-09).
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(0, "b-cmd", "commander", 4, 1).unit(1, "r1", "infantry", 5, 7, pb::GRID_FACING_SOUTH)
      .terrain("woods", {{5, 7}});
  TG t(s.spares().s);
  t.ok(plan("blue", {{"b-gun", 5, 7}}), {1, 1, 6, 1, 1});  // ineffective (1-1+1=1 -> behind? see below)
  t.ok(end_side("red"), {1, 1});
  t.ok(end_side("blue"));
  EXPECT_EQ(t.st().turn, 2);
  const Outcome o = t.ok(plan("blue", {{"b-gun", 5, 7}}), {1, 1, 6, 6, 6});
  const pb::PwEvent* f = find_event(o, [](const pb::PwEvent& e) { return e.has_artillery_fired(); });
  ASSERT_TRUE(f);
  EXPECT_EQ(f->artillery_fired().modifier(), 1);
}

// PW-ART-01 / PW-ART-08: all batteries fire first, then hits; a shot hits every unit in the
// square, of either side.
TEST(PwFire, PW_ART_01_08_SimultaneousThenHits) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(0, "b-inf", "infantry", 8, 5)
      .unit(1, "r-gun", "field_artillery", 5, 8, pb::GRID_FACING_SOUTH).unit(1, "r-inf", "infantry", 2, 5);
  TG t(s.spares().s);
  t.ok(plan("red", {{"r-gun", 5, 1}}));
  // blue gun raw 6 on r-gun's square... (5,8); red gun raw 6 on (5,1). Then hit rolls 1, 1.
  const Outcome o = t.ok(plan("blue", {{"b-gun", 5, 8}}), {6, 6, 1, 1, 6, 1, 6, 6});
  int fired = 0, first_hit_index = -1, last_fire_index = -1, i = 0;
  for (const auto& e : o.events) {
    if (pw_of(e).has_artillery_fired()) { ++fired; last_fire_index = i; }
    if (pw_of(e).has_hit_rolled() && first_hit_index < 0) first_hit_index = i;
    ++i;
  }
  EXPECT_EQ(fired, 2);
  EXPECT_GT(first_hit_index, last_fire_index);
  EXPECT_EQ(t.u("b-gun").sp, 1);
  EXPECT_EQ(t.u("r-gun").sp, 1);
}

}  // namespace
}  // namespace sandtable::pwtest
