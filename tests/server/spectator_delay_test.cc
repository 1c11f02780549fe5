// A delayed room's spectators (docs/engine.md "Spectators"): shown the game as it stood at the end
// of the turn the delay back, never later, moving on turn by turn, the end once the game is over;
// a recovered room finds the same game again from its log; and over the wire a spectator of a
// room the bots play never holds a later turn than the live one less the delay.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "server/spectator_delay.h"
#include "tests/server/server_process.h"
#include "tests/server/test_support.h"
#include "tests/support/scenario_file.h"

namespace sandtable::testing {
namespace {

using namespace std::chrono_literals;
using server::SpectatorDelay;

pb::Scenario delayed_meeting(int turns) {
  pb::Scenario s = load_scenario_file("pw/meeting-engagement.json");
  auto* o = s.add_options();
  o->set_key("spectators");
  o->set_value("delayed:" + std::to_string(turns));
  return s;
}

TEST(SpectatorDelay, SpectatorsSeeTheEndOfTheTurnTheDelayBackAndTheEndOfTheGame) {
  AutoplayOptions o;
  o.seed = 6;
  const auto played = autoplay(*builtin_registry().find("portable-wargame-19c"), delayed_meeting(2), o);
  ASSERT_TRUE(played.finished) << played.error;
  std::string error;
  auto game = Game::from_log(builtin_registry(), {played.log.front()}, &error);
  ASSERT_TRUE(game) << error;
  SpectatorDelay delay;
  delay.advance(nullptr, *game);
  ASSERT_TRUE(delay.shown());
  const int first_turn = delay.shown()->turn();
  std::uint64_t shown_seq = delay.shown()->seq();
  int moves = 0;
  for (std::size_t i = 1; i < played.log.size(); ++i) {
    auto before = std::make_shared<const Game>(*game);
    game->apply(played.log[i]);
    const bool moved = delay.advance(before, *game);
    ASSERT_TRUE(delay.shown());
    EXPECT_GE(delay.shown()->seq(), shown_seq) << "spectators never go back";
    EXPECT_EQ(moved, delay.shown()->seq() != shown_seq)
        << "at #" << game->seq() << " (turn " << game->turn() << (game->over() ? ", over" : "") << "): shown #"
        << delay.shown()->seq() << ", was #" << shown_seq;
    shown_seq = delay.shown()->seq();
    moves += moved ? 1 : 0;
    if (game->over()) break;
    EXPECT_LE(delay.shown()->turn(), std::max(first_turn, game->turn() - 2))
        << "at #" << game->seq() << " spectators see turn " << delay.shown()->turn() << " of live turn " << game->turn();
    // What they are shown is a whole turn's end: the next event begins a later turn.
    if (delay.shown()->seq() > played.log.front().seq() && moved) {
      Game next(*delay.shown());
      next.apply(played.log[delay.shown()->seq()]);
      EXPECT_GT(next.turn(), delay.shown()->turn());
    }
  }
  EXPECT_GE(moves, 3) << "spectators moved on turn by turn";
  EXPECT_EQ(delay.shown()->seq(), game->seq()) << "the game is over: spectators see its end";
  // Recovered from the log at some point mid-game: the same game shown as the live room kept.
  for (std::size_t cut : {played.log.size() / 3, played.log.size() / 2}) {
    std::vector<pb::Event> part(played.log.begin(), played.log.begin() + static_cast<std::ptrdiff_t>(cut));
    auto live = Game::from_log(builtin_registry(), {part.front()}, &error);
    SpectatorDelay fed;
    fed.advance(nullptr, *live);
    for (std::size_t i = 1; i < part.size(); ++i) {
      auto before = std::make_shared<const Game>(*live);
      live->apply(part[i]);
      fed.advance(before, *live);
    }
    const SpectatorDelay again = SpectatorDelay::rebuilt(builtin_registry(), part);
    ASSERT_TRUE(again.shown());
    EXPECT_EQ(again.shown()->seq(), fed.shown()->seq()) << "cut at " << cut;
  }
}

TEST(SpectatorDelay, OverTheWireASpectatorIsNeverShownTheLiveTurn) {
  TempDir dir;
  ServerProcess server(SANDTABLE_SERVER_BINARY, dir.path + "/delay.db",
                       {"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--allow-fixed-seed"});
  const pb::RoomCreated room = create_scenario_room(server.port(), "pw-meeting-engagement", 3, {{"spectators", "delayed:1"}});
  Seat gm(server.port(), token_of(room, "gm"));
  Seat spectator(server.port(), token_of(room, "spectator"));
  EXPECT_EQ(spectator.view.spectators().mode(), pb::SPECTATORS_DELAYED);
  for (const char* side : {"blue", "red"}) {
    const auto reply = seat_bot(gm, side);
    ASSERT_TRUE(reply.has_order_accepted()) << side << ": " << reply.ShortDebugString();
  }
  const auto started = std::chrono::steady_clock::now();
  while (!gm.view.result().over() && std::chrono::steady_clock::now() - started < 120s) {
    spectator.drain(20ms);
    if (spectator.view.result().over()) break;
    // The spectator's view was sent at the live sequence spectator.seq. The GM is read once it has
    // heard of that sequence too (the bots play on meanwhile, and the live turn only grows), so its
    // turn is at least the live turn of then: the spectator's is never ahead of it less the delay
    // (or the turn it was frozen at). Reading the GM first raced the bots on a busy machine.
    for (int i = 0; i < 250 && gm.seq < spectator.seq; ++i) gm.drain(20ms);
    ASSERT_GE(gm.seq, spectator.seq) << "the GM never heard of the sequence the spectator was shown";
    ASSERT_LE(spectator.view.turn().turn(), std::max(1, gm.view.turn().turn() - 1))
        << "spectator at #" << spectator.seq << ", live #" << gm.seq;
  }
  // The loop stops when the spectator hears of the end, which may reach it before the GM's last
  // Delta is read (seen on a busy machine: the GM still one read behind): let the GM read on.
  for (int i = 0; i < 250 && !gm.view.result().over(); ++i) gm.drain(20ms);
  ASSERT_TRUE(gm.view.result().over()) << "the bots did not finish";
  // The end's last Delta may still be on its way to the spectator: read until it has the GM's sequence.
  for (int i = 0; i < 250 && spectator.seq < gm.seq; ++i) spectator.drain(20ms);
  EXPECT_TRUE(spectator.view.result().over()) << "the game is over: spectators see its end";
  EXPECT_EQ(spectator.seq, gm.seq);
  // The GM heard of every commit; the spectator only of the turns' ends it was shown.
  EXPECT_GE(spectator.deltas, 3) << "the spectator moved on turn by turn";
  EXPECT_LT(spectator.deltas * 4, gm.deltas) << "the spectator heard of every order, not of turns";
  EXPECT_EQ(spectator.view.units_size(), gm.view.units_size()) << "delayed spectators see the whole table";
  EXPECT_EQ(spectator.view.menu().actions_size(), 0);
}

}  // namespace
}  // namespace sandtable::testing
