// Dice: ranges of every kind, the average die's face frequencies, unbiasedness, and table dice.
#include "engine/core/dice.h"

#include <gtest/gtest.h>

#include <map>
#include <vector>

namespace sandtable {
namespace {

const pb::DieKind kAllKinds[] = {pb::DIE_KIND_D6,  pb::DIE_KIND_AVERAGE,    pb::DIE_KIND_D10_ZERO, pb::DIE_KIND_D10,
                                 pb::DIE_KIND_D20, pb::DIE_KIND_PERCENTILE, pb::DIE_KIND_D8};

// Counts of each face over n rolls of one kind from a seeded generator.
std::map<int, int> tally(pb::DieKind kind, int n, std::uint64_t seed) {
  RngDice dice{Pcg32(seed)};
  std::map<int, int> counts;
  for (int i = 0; i < n; ++i) ++counts[*dice.roll(kind)];
  return counts;
}

// Pearson's chi-square of observed counts against a uniform expectation over [lo, hi].
double chi_square_uniform(const std::map<int, int>& counts, int lo, int hi, int n) {
  const double expected = static_cast<double>(n) / (hi - lo + 1);
  double chi = 0;
  for (int face = lo; face <= hi; ++face) {
    const auto it = counts.find(face);
    const double observed = it == counts.end() ? 0 : it->second;
    chi += (observed - expected) * (observed - expected) / expected;
  }
  return chi;
}

TEST(Dice, EveryKindStaysInItsRangeAndShowsEveryFace) {
  for (pb::DieKind kind : kAllKinds) {
    const DieRange r = die_range(kind);
    ASSERT_LE(r.lo, r.hi) << die_name(kind);
    const auto counts = tally(kind, 20000, 1234);
    for (const auto& [face, n] : counts) {
      EXPECT_GE(face, r.lo) << die_name(kind);
      EXPECT_LE(face, r.hi) << die_name(kind);
    }
    if (kind == pb::DIE_KIND_AVERAGE) {
      EXPECT_EQ(counts.size(), 4u);  // 2, 3, 4, 5 only
    } else {
      EXPECT_EQ(counts.size(), static_cast<std::size_t>(r.hi - r.lo + 1)) << die_name(kind);
    }
  }
}

TEST(Dice, RangesAreTheDocumentedOnes) {
  EXPECT_EQ(die_range(pb::DIE_KIND_D6).lo, 1);
  EXPECT_EQ(die_range(pb::DIE_KIND_D6).hi, 6);
  EXPECT_EQ(die_range(pb::DIE_KIND_AVERAGE).lo, 2);
  EXPECT_EQ(die_range(pb::DIE_KIND_AVERAGE).hi, 5);
  EXPECT_EQ(die_range(pb::DIE_KIND_D10_ZERO).lo, 0);  // RR reads the d10 0-9
  EXPECT_EQ(die_range(pb::DIE_KIND_D10_ZERO).hi, 9);
  EXPECT_EQ(die_range(pb::DIE_KIND_D10).hi, 10);
  EXPECT_EQ(die_range(pb::DIE_KIND_D20).hi, 20);
  EXPECT_EQ(die_range(pb::DIE_KIND_PERCENTILE).lo, 1);  // "00" = 100
  EXPECT_EQ(die_range(pb::DIE_KIND_PERCENTILE).hi, 100);
  EXPECT_EQ(die_range(pb::DIE_KIND_D8).hi, 8);
  EXPECT_LT(die_range(pb::DIE_KIND_UNSPECIFIED).hi, die_range(pb::DIE_KIND_UNSPECIFIED).lo);
}

// The average die has faces 2,3,3,4,4,5: 2 and 5 one time in six, 3 and 4 two times in six.
// Tolerance: 500 of 60,000 (about 5.5 standard deviations of a 1/6 count, sigma ~ 91).
TEST(Dice, AverageDieFacesHaveTheirMultiplicities) {
  const int n = 60000;
  const auto counts = tally(pb::DIE_KIND_AVERAGE, n, 99);
  EXPECT_NEAR(counts.at(2), n / 6, 500);
  EXPECT_NEAR(counts.at(3), 2 * n / 6, 500);
  EXPECT_NEAR(counts.at(4), 2 * n / 6, 500);
  EXPECT_NEAR(counts.at(5), n / 6, 500);
}

// Chi-square with a fixed seed, so the test is deterministic. Thresholds are loose: the 0.999
// quantiles are 20.5 (5 degrees of freedom) and 43.8 (19); a biased die (e.g. modulo bias or an
// off-by-one face) lands far above.
TEST(Dice, D6AndD20AreUnbiased) {
  const int n = 60000;
  EXPECT_LT(chi_square_uniform(tally(pb::DIE_KIND_D6, n, 2024), 1, 6, n), 30.0);
  EXPECT_LT(chi_square_uniform(tally(pb::DIE_KIND_D20, n, 2024), 1, 20, n), 55.0);
}

TEST(Dice, ChiSquareCatchesABiasedCount) {
  // Guard that the statistic above would fail a die that shows 6 one time in five.
  std::map<int, int> biased = {{1, 9600}, {2, 9600}, {3, 9600}, {4, 9600}, {5, 9600}, {6, 12000}};
  EXPECT_GT(chi_square_uniform(biased, 1, 6, 60000), 30.0);
}

TEST(Dice, SameSeedSameRolls) {
  RngDice a{Pcg32(5)}, b{Pcg32(5)}, c{Pcg32(6)};
  std::vector<int> ra, rb, rc;
  for (int i = 0; i < 50; ++i) {
    ra.push_back(*a.roll(pb::DIE_KIND_D20));
    rb.push_back(*b.roll(pb::DIE_KIND_D20));
    rc.push_back(*c.roll(pb::DIE_KIND_D20));
  }
  EXPECT_EQ(ra, rb);
  EXPECT_NE(ra, rc);
  EXPECT_EQ(a.draws(), b.draws());
  EXPECT_GE(a.draws(), 50u);
}

TEST(Dice, RngDiceRefusesAnUnknownKindWithoutDrawing) {
  RngDice dice{Pcg32(1)};
  EXPECT_FALSE(dice.roll(pb::DIE_KIND_UNSPECIFIED).has_value());
  EXPECT_EQ(dice.draws(), 0u);
}

TEST(TableDice, RefusesOutOfRangeValuesWithASentence) {
  TableDice dice;
  const auto why = dice.push(pb::DIE_KIND_D6, 7);
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(*why, "a d6 shows 1 to 6, not 7");
  EXPECT_EQ(dice.push(pb::DIE_KIND_D10_ZERO, 10).value(), "a d10 (0-9) shows 0 to 9, not 10");
  EXPECT_EQ(dice.push(pb::DIE_KIND_AVERAGE, 1).value(), "a average die shows 2 to 5, not 1");
  EXPECT_EQ(dice.push(pb::DIE_KIND_UNSPECIFIED, 3).value(), "unknown kind of die");
  EXPECT_EQ(dice.remaining(), 0u);  // refused values change nothing
  EXPECT_FALSE(dice.push(pb::DIE_KIND_D10_ZERO, 0).has_value());
  EXPECT_FALSE(dice.push(pb::DIE_KIND_PERCENTILE, 100).has_value());
  EXPECT_EQ(dice.remaining(), 2u);
}

TEST(TableDice, WrongKindReturnsNulloptWithoutConsuming) {
  TableDice dice;
  ASSERT_FALSE(dice.push(pb::DIE_KIND_D6, 4).has_value());
  ASSERT_FALSE(dice.push(pb::DIE_KIND_D20, 17).has_value());
  EXPECT_FALSE(dice.roll(pb::DIE_KIND_D20).has_value());  // a d6 is first in line
  EXPECT_EQ(dice.wanted(), pb::DIE_KIND_D20);
  EXPECT_EQ(dice.remaining(), 2u);
  EXPECT_EQ(dice.roll(pb::DIE_KIND_D6), 4);
  EXPECT_EQ(dice.roll(pb::DIE_KIND_D20), 17);
  EXPECT_FALSE(dice.roll(pb::DIE_KIND_D6).has_value());  // none left
  EXPECT_EQ(dice.draws(), 0u);
  EXPECT_EQ(dice.source(), pb::DIE_SOURCE_TABLE);
}

}  // namespace
}  // namespace sandtable
