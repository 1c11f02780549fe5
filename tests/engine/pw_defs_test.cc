// Portable Wargame definitions (section 10 of the catalogue): cover, line of sight, retreat.
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

const pb::PwUnitFired* fired(const Outcome& o) {
  for (const auto& e : o.events) {
    if (pw_of(e).has_unit_fired()) return &pw_of(e).unit_fired();
  }
  return nullptr;
}

// PW-DEF-01: cover is terrain that can hide or obscure the target: woods, built-up areas,
// fortifications and a held trench give the target -1 (PW-FIRE-06); a hill, a road or wire hide
// nothing. The firer has not moved (+1), so a covered target is fired at with 0, an open one +1.
TEST(PwDefs, PW_DEF_01_CoverIsTerrainThatHidesTheTarget) {
  for (auto [kind, want] : std::vector<std::pair<std::string, int>>{
           {"woods", 0}, {"town", 0}, {"fortification", 0}, {"trench", 0}, {"hill", 1}, {"road", 1}, {"wire", 1}}) {
    Sc s;
    s.unit(0, "b1", "infantry", 5, 2).unit(1, "r1", "infantry", 5, 4, pb::GRID_FACING_SOUTH).terrain(kind, {{5, 4}}, kind == "hill" ? 1 : 0);
    TG t(s.spares().s);
    blue_first(t);
    const Outcome o = t.ok(fire("blue", "b1", 5, 4), {1});
    const auto* f = fired(o);
    ASSERT_TRUE(f) << kind;
    EXPECT_EQ(f->modifier(), want) << kind;
  }
}

// PW-DEF-02: the line of sight runs from the centre of the firer's square to the centre of the
// target's. From (0,0) to (2,1) that line crosses (1,0) and then (1,1) (it enters row 1 at
// x = 1.5), and passes no other square: a wood on either square blocks the shot, a wood on
// (2,0) or (0,1), beside the line, does not.
TEST(PwDefs, PW_DEF_02_LineOfSightRunsCentreToCentre) {
  for (auto [wood, blocks] : std::vector<std::pair<std::pair<int, int>, bool>>{
           {{1, 0}, true}, {{1, 1}, true}, {{2, 0}, false}, {{0, 1}, false}}) {
    Sc s;
    s.unit(0, "b1", "infantry", 0, 0, pb::GRID_FACING_EAST).unit(1, "r1", "infantry", 2, 1, pb::GRID_FACING_WEST)
        .terrain("woods", {wood});
    TG t(s.spares().s);
    blue_first(t);
    const Outcome o = t.run(fire("blue", "b1", 2, 1), {1});  // a miss, when it may fire
    EXPECT_EQ(o.accepted, !blocks) << wood.first << "," << wood.second << ": " << o.rejection.code();
    if (blocks) {
      EXPECT_EQ(o.rejection.code(), "PW_FIRE_NO_LOS");
    }
  }
}

// PW-DEF-06 / PW-HIT-03: a retreat is into an orthogonally adjacent empty square not next to an
// enemy. Around r1 at (5,5): (5,4) holds the attacker, (4,5) a friend, (6,5) is next to b2, and
// the diagonals are never offered; only (5,6) is. The retreat keeps the SP; refusing costs one.
TEST(PwDefs, PW_DEF_06_RetreatIntoAdjacentEmptySquareAwayFromEnemy) {
  for (const std::string choice : {"retreat:5,6", "lose"}) {
    Sc s;
    s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(0, "b2", "infantry", 7, 5, pb::GRID_FACING_WEST)
        .unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 4, 5, pb::GRID_FACING_SOUTH);
    TG t(s.spares().s);
    blue_first(t);
    t.ok(cc("blue", "b1", "r1"), {6, 1, 5});  // r1 hit; hit roll 5: retreat or lose
    ASSERT_TRUE(t.decision());
    std::vector<std::string> ids;
    for (const auto& c : t.decision()->choices()) ids.push_back(c.id());
    EXPECT_EQ(ids, (std::vector<std::string>{"lose", "retreat:5,6"}));
    t.answer(choice);
    const bool retreated = choice != "lose";
    EXPECT_EQ(t.u("r1").sq, retreated ? (pw::Sq{5, 6}) : (pw::Sq{5, 5})) << choice;
    EXPECT_EQ(t.u("r1").sp, retreated ? 4 : 3) << choice;
  }
}

}  // namespace
}  // namespace sandtable::pwtest
