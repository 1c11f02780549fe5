// The odds the Battleground bot weighs its shots and charges by (engine/rulesets/bg/bg_bot_odds.h)
// against the rules' own resolution of the dice (BG-FIRE-02..05, BG-VEH-02/06) and the charge's
// 3D6 (BG-MEL-03), counted over every face of every die.
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "engine/rulesets/bg/bg_bot_odds.h"
#include "engine/rulesets/bg/bg_combat_util.h"

namespace sandtable::bg {
namespace {

// The chance of each net hit count, by rolling every face of every die through resolve().
std::vector<double> counted(const DicePool& p) {
  const int n = p.white + p.blue + p.red;
  std::vector<double> out(static_cast<std::size_t>(p.white + p.blue) * 2 + 1, 0.0);
  std::vector<int> faces(static_cast<std::size_t>(n), 1);
  double total = 0;
  for (;;) {
    const std::vector<int> white(faces.begin(), faces.begin() + p.white);
    const std::vector<int> blue(faces.begin() + p.white, faces.begin() + p.white + p.blue);
    const std::vector<int> red(faces.begin() + p.white + p.blue, faces.end());
    out[static_cast<std::size_t>(resolve(p, white, blue, red).net)] += 1;
    total += 1;
    std::size_t i = 0;
    while (i < faces.size() && faces[i] == 6) faces[i++] = 1;
    if (i == faces.size()) break;
    ++faces[i];
  }
  for (auto& x : out) x /= total;
  return out;
}

TEST(BgBotOdds, NetHitsAgreeWithTheRulesResolutionOverEveryFace) {
  for (int white = 0; white <= 3; ++white) {
    for (int blue = 0; blue <= 2; ++blue) {
      for (int red = 0; red <= 1; ++red) {
        for (int hit_from : {2, 4, 5, 6, 7}) {
          for (int extra = 0; extra < 3; ++extra) {
            DicePool p{white, blue, red, hit_from, extra == 1, extra == 2};
            const auto want = counted(p);
            const auto got = bot::net_distribution(p);
            ASSERT_EQ(got.size(), want.size());
            double expected = 0;
            for (std::size_t k = 0; k < want.size(); ++k) {
              EXPECT_NEAR(got[k], want[k], 1e-12) << white << "W " << blue << "B " << red << "R hit " << hit_from
                                                  << " halve " << p.halve << " double " << p.double_hits << " net " << k;
              expected += static_cast<double>(k) * want[k];
            }
            EXPECT_NEAR(bot::expected_net(p), expected, 1e-12);
            EXPECT_NEAR(bot::at_least(p, 1), 1.0 - want[0], 1e-12);
          }
        }
      }
    }
  }
}

TEST(BgBotOdds, TheChargeReachesAsThreeDiceDo) {
  EXPECT_DOUBLE_EQ(bot::p_3d6_at_least(3), 1.0);
  EXPECT_DOUBLE_EQ(bot::p_3d6_at_least(10.5), 0.5);  // 108 of the 216 rolls make 11 or more
  EXPECT_DOUBLE_EQ(bot::p_3d6_at_least(18), 1.0 / 216);
  EXPECT_DOUBLE_EQ(bot::p_3d6_at_least(18.01), 0.0);
}

}  // namespace
}  // namespace sandtable::bg
