// Portable Wargame dice say in the tray what each did and the score it needed (PW-FIRE-05,
// PW-CC-03, PW-HIT-01, PW-ART-07, PW-SEQ-02), and name units by their names, never their ids.
#include "engine/rulesets/pw/pw_dice_words.h"
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

// The dice of the first event of the outcome that rolled any, with their meanings.
std::vector<pb::DieRoll> dice_of(const Outcome& o, int nth = 0) {
  for (const auto& e : o.events) {
    if (e.dice_size() == 0) continue;
    if (nth-- > 0) continue;
    return {e.dice().begin(), e.dice().end()};
  }
  return {};
}

std::vector<std::string> meanings(const std::vector<pb::DieRoll>& dice) {
  std::vector<std::string> out;
  for (const auto& d : dice) out.push_back(d.meaning());
  return out;
}

void named(Sc& s, int side, int index, const std::string& name) { s.s.mutable_sides(side)->mutable_units(index)->set_name(name); }

// PW-FIRE-05 with PW-FIRE-06: not moved +1, so each die hits on 4+ ("needed 4+"); the MG's
// three dice each say hit or miss, and every hit's PW-HIT-01 roll says what it did.
TEST(PwDiceWords, PW_FIRE_05_HitOrMissAndTheScoreNeeded) {
  Sc s;
  s.unit(0, "b-inf", "infantry", 4, 2).unit(0, "b-mg", "machine_gun", 6, 2)
      .unit(1, "r1", "infantry", 4, 4, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 6, 4, pb::GRID_FACING_SOUTH);
  named(s, 0, 0, "1st Foot");
  named(s, 1, 1, "Grey Rifles");
  TG t(s.spares().s);
  blue_first(t);
  Outcome o = t.ok(fire("blue", "b-inf", 4, 4), {3});
  std::vector<pb::DieRoll> d = dice_of(o);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].meaning(), "miss (needed 4+)");
  EXPECT_EQ(d[0].label(), "fire 1st Foot");  // the name, not "b-inf"

  o = t.ok(fire("blue", "b-mg", 6, 4), {4, 2, 6, 1, 5});
  EXPECT_EQ(meanings(dice_of(o)), (std::vector<std::string>{"hit (needed 4+)", "miss (needed 4+)", "hit (needed 4+)"}));
  // Two hits on Grey Rifles (average: 1-3 loses a strength point, PW-HIT-01).
  EXPECT_EQ(meanings(dice_of(o, 1)), (std::vector<std::string>{"loses 1 SP (needed 4+)"}));
  EXPECT_EQ(dice_of(o, 1)[0].label(), "hit Grey Rifles");
}

// With one hit a volley (pw.mg_hits = one) the second scoring die is said not to count.
TEST(PwDiceWords, PW_FIRE_05_OneHitAVolley) {
  Sc s;
  s.unit(0, "b-mg", "machine_gun", 6, 2).unit(1, "r2", "infantry", 6, 4, pb::GRID_FACING_SOUTH).option("pw.mg_hits", "one");
  TG t(s.spares().s);
  blue_first(t);
  const Outcome o = t.ok(fire("blue", "b-mg", 6, 4), {6, 1, 6, 1});
  EXPECT_EQ(meanings(dice_of(o)), (std::vector<std::string>{"hit (needed 4+)", "miss (needed 4+)", "hit, one a volley counts (needed 4+)"}));
}

// PW-CC-03: each side rolls for its own unit: infantry front-on is unhurt on 3+; from the flank
// 5+ (PW-CC-02). The dice say which unit was hit and what it needed.
TEST(PwDiceWords, PW_CC_03_EachDieSaysHitOrUnhurt) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4, pb::GRID_FACING_NORTH).unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_SOUTH)
      .unit(0, "b2", "infantry", 8, 4, pb::GRID_FACING_NORTH).unit(1, "r2", "infantry", 8, 5, pb::GRID_FACING_EAST);
  named(s, 0, 0, "Fusiliers");
  TG t(s.spares().s);
  blue_first(t);
  Outcome o = t.ok(cc("blue", "b1", "r1"), {2, 3, 1});
  std::vector<pb::DieRoll> d = dice_of(o);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].meaning(), "is hit (needed 3+)");
  EXPECT_EQ(d[0].label(), "close combat Fusiliers");
  EXPECT_EQ(d[1].meaning(), "unhurt (needed 3+)");
  o = t.ok(cc("blue", "b2", "r2"), {6, 4, 2});
  d = dice_of(o);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].meaning(), "unhurt (needed 3+)");
  EXPECT_EQ(d[1].meaning(), "is hit (needed 5+)");  // attacked in the flank
}

// PW-HIT-01: the hit roll says whether the unit loses a strength point or may retreat.
TEST(PwDiceWords, PW_HIT_01_LoseOrRetreat) {
  pb::DieRoll d;
  pw::tell_hit_die(d, 3, false);
  EXPECT_EQ(d.meaning(), "may retreat (needed 4+)");
  pw::tell_hit_die(d, 2, true);
  EXPECT_EQ(d.meaning(), "loses 1 SP (needed 3+)");
}

// PW-ART-07: the fall of shot, and the score on target needed.
TEST(PwDiceWords, PW_ART_07_FallOfShot) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(1, "r1", "infantry", 5, 7, pb::GRID_FACING_SOUTH);
  named(s, 0, 0, "Royal Battery");
  TG t(s.spares().s);
  const Outcome o = t.ok(plan("blue", {{"b-gun", 5, 7}}), {2, 1, 6, 1, 6, 6, 6});  // 2 +2 direct = 4: short
  const std::vector<pb::DieRoll> d = dice_of(o);
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].meaning(), "short (on target: needed 3+)");
  EXPECT_EQ(d[0].label(), "fall of shot Royal Battery");
}

// PW-SEQ-02: the initiative dice say who goes first.
TEST(PwDiceWords, PW_SEQ_02_Initiative) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 4).unit(1, "r1", "infantry", 5, 8, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  std::vector<std::string> said;
  for (const auto& e : t.log) {
    for (const auto& d : e.dice()) {
      if (d.label().rfind("initiative", 0) == 0) said.push_back(d.meaning());
    }
  }
  EXPECT_EQ(said, (std::vector<std::string>{"goes first", "second"}));
}

// A refusal names a side by its name, not its id (the log's Refusals show it).
TEST(PwDiceWords, PW_ART_01_RefusalNamesTheSide) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(1, "r-gun", "field_artillery", 5, 8, pb::GRID_FACING_SOUTH);
  s.s.mutable_sides(0)->set_name("Blue column");
  TG t(s.spares().s);
  t.ok(plan("blue", {}));
  const Outcome o = t.run(plan("blue", {}));
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "PW_ART_ALREADY_PLANNED");
  EXPECT_EQ(o.rejection.message(), "Blue column has already given its artillery orders this turn.");
}

}  // namespace
}  // namespace sandtable::pwtest
