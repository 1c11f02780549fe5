// Portable Wargame scenario validation, initial strength and exhaustion points, options.
#include "engine/rulesets/pw/pw_setup.h"
#include "engine/rulesets/pw/pw_tables.h"
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

std::string problem(const Sc& s) { return rules().validate(s.s).value_or(""); }

Sc two() {
  Sc s;
  s.unit(0, "b1", "infantry", 1, 1).unit(1, "r1", "infantry", 8, 8);
  return s;
}

TEST(PwSetup, ValidScenarioPasses) { EXPECT_EQ(problem(two()), ""); }

TEST(PwSetup, UnknownUnitTypeNamesField) {
  Sc s = two();
  s.unit(1, "r2", "tank", 3, 3);
  EXPECT_EQ(problem(s).rfind("sides[1].units[1].type: unknown unit type \"tank\"; expected one of infantry, ", 0), 0u) << problem(s);
}

TEST(PwSetup, OffBoardDuplicateIdsAndSides) {
  Sc a = two();
  a.unit(0, "b2", "infantry", 12, 3);
  EXPECT_NE(problem(a).find("sides[0].units[1].square: (12,3) is off the 12x10 board"), std::string::npos);
  Sc b = two();
  b.unit(1, "b1", "infantry", 3, 3);
  EXPECT_NE(problem(b).find("duplicate unit id"), std::string::npos);
  Sc c = two();
  c.s.add_sides()->set_id("green");
  EXPECT_NE(problem(c).find("exactly two sides"), std::string::npos);
  Sc d = two();
  d.unit(0, "b2", "infantry", 1, 1, pb::GRID_FACING_NORTH, "heroic");
  EXPECT_NE(problem(d).find("quality"), std::string::npos);
  Sc e = two();
  e.terrain("lava", {{1, 1}});
  EXPECT_NE(problem(e).find("terrain[0].kind: unknown terrain \"lava\""), std::string::npos);
}

// PW-UNIT-05: two combat units may not share; commanders and transport may.
TEST(PwSetup, PW_UNIT_05_StackingAtSetup) {
  Sc a = two();
  a.unit(0, "b2", "infantry", 1, 1);
  EXPECT_NE(problem(a).find("PW-UNIT-05"), std::string::npos);
  Sc b = two();
  b.unit(0, "b-cmd", "commander", 1, 1).unit(0, "b-tr", "transport", 1, 1);
  EXPECT_EQ(problem(b), "");
  Sc c = two();
  c.unit(1, "r2", "commander", 1, 1);
  EXPECT_NE(problem(c).find("enemy"), std::string::npos);
}

TEST(PwSetup, OptionsAreValidated) {
  Sc a = two();
  a.option("pw.mg_hits", "lots");
  EXPECT_NE(problem(a).find("options.pw.mg_hits: unknown value \"lots\"; expected one of per_die, one"), std::string::npos);
  Sc b = two();
  b.option("pw.fog", "on");
  EXPECT_NE(problem(b).find("options.pw.fog: unknown option"), std::string::npos);
}

TEST(PwSetup, TowedByMustBeTransportInSameSquare) {
  Sc a = two();
  a.unit(0, "b-gun", "field_artillery", 3, 3, pb::GRID_FACING_NORTH, "", "b1");
  EXPECT_NE(problem(a).find("is not transport"), std::string::npos);
  Sc b = two();
  b.unit(0, "b-tr", "transport", 4, 4).unit(0, "b-gun", "field_artillery", 3, 3, pb::GRID_FACING_NORTH, "", "b-tr");
  EXPECT_NE(problem(b).find("square of its transport"), std::string::npos);
}

// PW-UNIT-01 / PW-UNIT-04: SP by type; PW-DX-06 / PW-EXH-01: 38 SP -> EP 13.
TEST(PwSetup, PW_DX_06_ExhaustionPoint) {
  Sc s;
  for (int i = 0; i < 6; ++i) {
    std::string id = "inf";
    id += std::to_string(i);
    s.unit(0, id, "infantry", i, 0);
  }
  s.unit(0, "cav1", "mounted_cavalry", 0, 1).unit(0, "cav2", "mounted_cavalry", 1, 1).unit(0, "mg", "machine_gun", 2, 1)
      .unit(0, "art1", "field_artillery", 3, 1).unit(0, "art2", "heavy_artillery", 4, 1).unit(0, "cmd", "commander", 5, 1)
      .unit(1, "r1", "infantry", 9, 9);
  ASSERT_EQ(problem(s), "");
  const auto st = pw::initial_state(s.s);
  EXPECT_EQ(st->side_state[0].initial_sp, 38);
  EXPECT_EQ(st->side_state[0].exhaustion_point, 13);
  EXPECT_EQ(st->find("art2")->artillery, pw::ArtilleryKind::kHeavy);
  EXPECT_EQ(st->find("cav1")->sp, 3);
  EXPECT_EQ(st->find("mg")->sp, 2);
  EXPECT_EQ(st->find("cmd")->sp, 2);
}

// PW-UNIT-01 / PW-MOVE-01 / PW-FIRE-01: every unit reads its own type's row (row_of looks it up by
// type and artillery kind in a table built once), and a pair no row names reads the first.
TEST(PwSetup, PW_UNIT_01_EachUnitReadsItsTypesRow) {
  int count = 0;
  const pw::TypeRow* rows = pw::type_rows(&count);
  ASSERT_EQ(count, 10);
  for (int i = 0; i < count; ++i) {
    pw::Unit u;
    u.type = rows[i].type;
    u.artillery = rows[i].artillery;
    EXPECT_EQ(&pw::row_of(u), &rows[i]) << rows[i].key;
  }
  pw::Unit inf;
  EXPECT_EQ(pw::row_of(inf).sp, 4);
  EXPECT_EQ(pw::row_of(inf).move, 2);
  EXPECT_EQ(pw::row_of(inf).fire_range, 3);
  pw::Unit heavy;
  heavy.type = pw::UnitType::kArtillery;
  heavy.artillery = pw::ArtilleryKind::kHeavy;
  EXPECT_EQ(pw::row_of(heavy).fire_range, 12);
  EXPECT_EQ(pw::row_of(heavy).move, 1);
  pw::Unit odd;  // infantry with a gun's kind: no row names it
  odd.artillery = pw::ArtilleryKind::kField;
  EXPECT_EQ(&pw::row_of(odd), &rows[0]);
}

// Views: the acting side sees what its units may still do; the other side does not.
TEST(PwSetup, ViewsShowActionsOnlyToTheActingSide) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 5).unit(1, "r1", "infantry", 5, 7, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  const pb::View bv = t.g->view("blue");
  const pb::View rv = t.g->view("red");
  // What a unit may do is on the acting side's menu only (the view has no rule-set fields).
  auto has_action = [](const pb::ActionMenu& m, const std::string& id) {
    for (const auto& a : m.actions()) {
      if (a.id() == id) return true;
    }
    return false;
  };
  EXPECT_TRUE(has_action(bv.menu(), "move:b1"));
  EXPECT_TRUE(has_action(bv.menu(), "fire:b1"));
  EXPECT_TRUE(rv.menu().actions().empty());
  EXPECT_EQ(bv.turn().phase(), "activation");
  EXPECT_EQ(bv.turn().active_side(), "blue");
  std::string exhaustion;
  for (const auto& m : bv.sides(0).markers()) {
    if (m.key() == "exhaustion_point") exhaustion = m.value();
  }
  EXPECT_EQ(exhaustion, "2");
}

}  // namespace
}  // namespace sandtable::pwtest
