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

}  // namespace
}  // namespace sandtable
