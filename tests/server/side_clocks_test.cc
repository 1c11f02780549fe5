// A room's clocks as a value (issue 20, docs/campaigns.md "Clocks"): time is charged to the sides
// the game waits on and to no other, runs out once per turn, a turn's clock fills again each turn,
// a pause stops every clock, and a stored clock goes on from where it was without charging the time
// the server was down.
#include <gtest/gtest.h>

#include "server/side_clocks.h"

namespace sandtable::server {
namespace {

pb::ClockSettings settings(const char* mode, int seconds, const char* on_expiry = "warn") {
  pb::ClockSettings s;
  s.set_mode(mode);
  s.set_seconds(seconds);
  s.set_on_expiry(on_expiry);
  return s;
}

std::int64_t left(const SideClocks& c, const std::string& side, std::int64_t now) {
  const pb::ClockState state = c.state(now);
  for (const auto& s : state.sides()) {
    if (s.side() == side) return s.remaining_ms();
  }
  ADD_FAILURE() << "no clock for " << side;
  return -1;
}

TEST(SideClocks, OnlyTheSideTheGameWaitsOnSpendsItsTime) {
  SideClocks c;
  c.configure(settings("game", 60), {"blue", "red"}, 1000);
  EXPECT_TRUE(c.on());
  EXPECT_FALSE(c.next_expiry(1000)) << "nothing runs before the room looks";
  EXPECT_TRUE(c.update(1000, {"blue"}, 1));
  EXPECT_EQ(left(c, "blue", 11000), 50000);
  EXPECT_EQ(left(c, "red", 11000), 60000);
  EXPECT_EQ(*c.next_expiry(11000), 50000);
  EXPECT_TRUE(c.update(21000, {"red"}, 1)) << "the running side changed";
  EXPECT_EQ(left(c, "blue", 30000), 40000);
  EXPECT_EQ(left(c, "red", 30000), 51000);
  EXPECT_FALSE(c.update(30000, {"red"}, 1)) << "nothing changed but the time";
  // Paused or over: the room passes no side, and no clock runs.
  EXPECT_TRUE(c.update(31000, {}, 1));
  EXPECT_EQ(left(c, "red", 500000), 50000);
  EXPECT_FALSE(c.next_expiry(500000));
}

TEST(SideClocks, ASideRunsOutOncePerTurn) {
  SideClocks c;
  c.configure(settings("game", 2, "forfeit"), {"blue", "red"}, 0);
  c.update(0, {"blue"}, 1);
  EXPECT_TRUE(c.take_expired(1999).empty());
  EXPECT_EQ(c.take_expired(2000), std::vector<std::string>{"blue"});
  EXPECT_TRUE(c.take_expired(5000).empty()) << "told once";
  EXPECT_FALSE(c.next_expiry(5000)) << "no timer for a side already told";
  const auto st = c.state(5000);
  EXPECT_TRUE(st.sides(0).expired());
  EXPECT_EQ(st.sides(0).remaining_ms(), 0);
  // The next turn it is dealt with again, its time still gone ("game").
  c.update(6000, {"blue"}, 2);
  EXPECT_EQ(c.take_expired(6000), std::vector<std::string>{"blue"});
}

TEST(SideClocks, ATurnsClockFillsAgainEachTurn) {
  SideClocks c;
  c.configure(settings("turn", 10), {"blue", "red"}, 0);
  c.update(0, {"blue"}, 1);
  c.update(7000, {"red"}, 1);
  EXPECT_EQ(left(c, "blue", 7000), 3000);
  c.update(9000, {"blue"}, 2);
  EXPECT_EQ(left(c, "blue", 9000), 10000);
  EXPECT_EQ(left(c, "red", 9000), 10000);
}

TEST(SideClocks, AStoredClockGoesOnWithoutChargingTheDowntime) {
  SideClocks c;
  c.configure(settings("game", 100, "end_activation"), {"blue", "red"}, 0);
  c.update(0, {"blue"}, 3);
  const std::string stored = c.save(30000);
  SideClocks back;
  back.load(stored, 9000000);  // the server came back much later, on another steady clock
  EXPECT_EQ(back.settings().on_expiry(), "end_activation");
  EXPECT_EQ(left(back, "blue", 9000000), 70000);
  EXPECT_FALSE(back.next_expiry(9000000)) << "nothing runs until the room looks";
  back.update(9000000, {"blue"}, 3);
  EXPECT_EQ(left(back, "blue", 9010000), 60000);
  EXPECT_FALSE(back.update(9010000, {"blue"}, 3)) << "the same turn as stored";
}

TEST(SideClocks, SettingsAreCheckedInWords) {
  EXPECT_EQ(SideClocks::problem(settings("off", 0)), "");
  EXPECT_EQ(SideClocks::problem(settings("game", 600, "forfeit")), "");
  EXPECT_NE(SideClocks::problem(settings("game", 0)), "");
  EXPECT_NE(SideClocks::problem(settings("turn", 8 * 24 * 3600)), "");
  EXPECT_NE(SideClocks::problem(settings("sundial", 60)), "");
  EXPECT_NE(SideClocks::problem(settings("game", 60, "shrug")), "");
  SideClocks off;
  off.configure(settings("off", 0), {"blue"}, 0);
  EXPECT_FALSE(off.on());
  EXPECT_FALSE(off.update(1000, {"blue"}, 1));
}

}  // namespace
}  // namespace sandtable::server
