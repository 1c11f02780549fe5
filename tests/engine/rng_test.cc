#include "engine/core/rng.h"

#include <gtest/gtest.h>

namespace sandtable {
namespace {

// Known answers from the PCG reference implementation (pcg32-demo): pcg32_srandom(42, 54).
TEST(Pcg32, MatchesReferenceOutputs) {
  Pcg32 rng(42, 54);
  const std::uint32_t expected[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
  for (std::uint32_t e : expected) EXPECT_EQ(rng.next(), e);
  EXPECT_EQ(rng.draws(), 6u);
}

TEST(Pcg32, AdvanceSkipsExactlyThatManyOutputs) {
  Pcg32 a(7), b(7);
  for (int i = 0; i < 1000; ++i) a.next();
  b.advance(1000);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.next(), b.next());
}

TEST(Pcg32, BelowIsNeverAtOrAboveItsBound) {
  Pcg32 rng(11);
  const std::uint32_t bounds[] = {1u, 2u, 3u, 6u, 7u, 20u, 100u, 0x80000001u, 0xfffffffbu, 0xffffffffu};
  for (std::uint32_t bound : bounds) {
    for (int i = 0; i < 20000; ++i) ASSERT_LT(rng.below(bound), bound) << "bound " << bound;
  }
}

TEST(Pcg32, BelowOneIsAlwaysZero) {
  Pcg32 rng(3);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(rng.below(1), 0u);
}

TEST(Pcg32, DrawsCountsEveryOutputIncludingRejections) {
  Pcg32 rng(8);
  EXPECT_EQ(rng.draws(), 0u);  // seeding steps are not counted
  rng.next();
  EXPECT_EQ(rng.draws(), 1u);
  // A power-of-two bound never rejects: exactly one output per call.
  for (int i = 0; i < 1000; ++i) rng.below(8);
  EXPECT_EQ(rng.draws(), 1001u);
  // Just above 2^31 about half of the outputs are rejected, so the count runs ahead of the calls.
  Pcg32 wide(8);
  for (int i = 0; i < 1000; ++i) wide.below(0x80000001u);
  EXPECT_GT(wide.draws(), 1300u);
  // And the count is exact: replaying that many raw outputs lands on the same state.
  Pcg32 replay(8);
  replay.advance(wide.draws());
  EXPECT_EQ(replay, wide);
}

TEST(Pcg32, RestoreGivesBackTheSameGeneratorAndRefusesAnEvenIncrement) {
  Pcg32 a(99, 1234);
  for (int i = 0; i < 37; ++i) a.below(6);
  const auto b = Pcg32::restore(a.state(), a.increment(), a.draws());
  ASSERT_TRUE(b);
  EXPECT_EQ(*b, a);
  Pcg32 c = *b;
  for (int i = 0; i < 100; ++i) ASSERT_EQ(c.next(), a.next());
  EXPECT_EQ(c.draws(), a.draws());
  EXPECT_FALSE(Pcg32::restore(a.state(), a.increment() + 1, a.draws())) << "an even increment is no PCG stream";
}

}  // namespace
}  // namespace sandtable
