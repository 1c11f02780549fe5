// A room's clocks through the server (issue 20, docs/campaigns.md "Clocks"): only the GM sets
// them, in words when they cannot be; every member is told; a side that runs out is warned, or
// loses the game (a GM order in the log that says why); the clocks outlast a restart.
#include <gtest/gtest.h>

#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

using namespace std::chrono_literals;

pb::Envelope set_clock(const char* mode, int seconds, const char* on_expiry) {
  pb::Envelope env;
  auto* s = env.mutable_set_clock()->mutable_settings();
  s->set_mode(mode);
  s->set_seconds(seconds);
  s->set_on_expiry(on_expiry);
  return env;
}

// The next ClockState the seat is sent (other pushes are absorbed on the way).
std::optional<pb::ClockState> next_clock(Seat& seat, std::chrono::milliseconds within = 5000ms) {
  const auto until = std::chrono::steady_clock::now() + within;
  while (std::chrono::steady_clock::now() < until) {
    auto env = seat.client.recv(100ms);
    if (!env) continue;
    if (env->has_clock()) return env->clock();
    if (env->has_error()) ADD_FAILURE() << env->ShortDebugString();
    seat.absorb(*env);
  }
  return std::nullopt;
}

const pb::SideClock* side(const pb::ClockState& s, const std::string& id) {
  for (const auto& c : s.sides()) {
    if (c.side() == id) return &c;
  }
  return nullptr;
}

class ClockServerTest : public ::testing::Test {
 protected:
  void SetUp() override { server_ = start_test_server(dir_.path + "/clock.db"); }
  TempDir dir_;
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(ClockServerTest, OnlyTheGmSetsClocksAndBadOnesAreRefusedInWords) {
  const auto room = create_counter_room(server_->port(), 5);
  Seat blue(server_->port(), token_of(room, "blue"));
  blue.client.send(set_clock("game", 60, "warn"));
  auto r = blue.client.recv();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->error().code(), "CLOCK_GM_ONLY");
  Seat gm(server_->port(), token_of(room, "gm"));
  gm.client.send(set_clock("game", 0, "warn"));
  r = gm.client.recv();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->error().code(), "BAD_CLOCK");
  EXPECT_EQ(r->error().message(), "A side's time is 1 second to 7 days.");
}

TEST_F(ClockServerTest, ASideOutOfTimeIsWarnedThenTheClockGoesToTheOther) {
  const auto room = create_counter_room(server_->port(), 5);
  Seat gm(server_->port(), token_of(room, "gm"));
  Seat blue(server_->port(), token_of(room, "blue"));
  gm.client.send(set_clock("game", 1, "warn"));
  auto set = next_clock(gm);
  ASSERT_TRUE(set);
  EXPECT_EQ(set->settings().mode(), "game");
  ASSERT_TRUE(side(*set, "blue"));
  EXPECT_TRUE(side(*set, "blue")->running()) << "the counter game waits on blue first";
  EXPECT_FALSE(side(*set, "red")->running());
  auto told = next_clock(blue);  // the settings, as every member hears them
  ASSERT_TRUE(told);
  auto out = next_clock(blue, 4000ms);
  ASSERT_TRUE(out) << "blue's second ran out";
  EXPECT_TRUE(side(*out, "blue")->expired());
  EXPECT_EQ(side(*out, "blue")->remaining_ms(), 0);
  EXPECT_FALSE(blue.view.result().over()) << "a warning only";
  // Blue answers at last: red's clock runs.
  blue.drain();
  ASSERT_TRUE(blue.my_decision());
  ASSERT_TRUE(blue.order(answer(*blue.my_decision())).has_order_accepted());
  auto moved = next_clock(blue);
  ASSERT_TRUE(moved);
  EXPECT_FALSE(side(*moved, "blue")->running());
  EXPECT_TRUE(side(*moved, "red")->running());
}

TEST_F(ClockServerTest, ASideOutOfTimeForfeitsWithALineInTheLogAndTheClocksOutlastARestart) {
  const auto room = create_counter_room(server_->port(), 5);
  {
    Seat gm(server_->port(), token_of(room, "gm"), 1, room.room_id());
    gm.client.send(set_clock("game", 3600, "forfeit"));
    ASSERT_TRUE(next_clock(gm));
  }
  // A restart keeps the settings and the time left.
  server_->stop();
  server_ = start_test_server(dir_.path + "/clock.db");
  Seat gm(server_->port(), token_of(room, "gm"), 1, room.room_id());
  auto back = next_clock(gm);
  ASSERT_TRUE(back) << "a member who joins a room with clocks is told them";
  EXPECT_EQ(back->settings().on_expiry(), "forfeit");
  EXPECT_EQ(back->settings().seconds(), 3600);
  EXPECT_LE(side(*back, "blue")->remaining_ms(), 3600 * 1000);
  EXPECT_GT(side(*back, "blue")->remaining_ms(), 3500 * 1000);

  gm.client.send(set_clock("game", 1, "forfeit"));
  ASSERT_TRUE(next_clock(gm));
  for (int i = 0; i < 60 && !gm.view.result().over(); ++i) gm.drain(100ms);
  ASSERT_TRUE(gm.view.result().over()) << "blue's second ran out";
  EXPECT_EQ(gm.view.result().winner(), "red");
  bool said = false;
  for (const auto& e : gm.events) said |= e.text().find("Clock: Blue's time ran out") != std::string::npos;
  EXPECT_TRUE(said) << "the log says why the game ended";
}

}  // namespace
}  // namespace sandtable::testing
