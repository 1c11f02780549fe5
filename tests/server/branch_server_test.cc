// The GM's "what if" branch over the real WebSocket (issue 18, docs/fair-play.md "What-if
// branches"): the GM of the village assault asks for a branch from a step of the replay and gets a
// new room with fresh links and a dice commitment of its own; every seat there finds the table
// as it saw it at that step in the original, its Welcome says where the room came from, the room
// takes orders and keeps all this over a restart. A player's request and a step the game cannot
// go on from are refused in words. The GM of an imported game's replay room (which takes no orders)
// branches it into a room that does.
#include <gtest/gtest.h>

#include <google/protobuf/util/json_util.h>

#include "engine/model/game.h"
#include "sandtable/v1/export.pb.h"
#include "engine/registry/builtin_registry.h"
#include "tests/server/replay_support.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

pb::Envelope branch_at(Seat& s, std::uint32_t step, bool seat_entropy = false) {
  pb::Envelope env;
  env.mutable_branch_request()->set_step(step);
  env.mutable_branch_request()->set_seat_entropy(seat_entropy);
  return ask(s, env);
}

// What a seat's table shows, without what the branch has of its own (sequence, dice, the deck's
// counts, the menu).
std::string table_of(pb::View v) {
  v.clear_seq();
  v.clear_seed_hash();
  v.clear_dice();
  v.clear_menu();
  v.clear_extra();
  return v.SerializeAsString();
}

// The branch room's game as the GM's file gives it, and one order a bot gives there.
pb::Command next_bot_order(Seat& gm, std::string* seat) {
  const pb::Envelope file = ask_export(gm);
  if (!file.has_export_reply()) throw std::runtime_error("no file: " + file.ShortDebugString());
  pb::GameExport game;
  if (!google::protobuf::util::JsonStringToMessage(file.export_reply().json(), &game).ok()) throw std::runtime_error("bad file");
  // The running game's file holds back the secret; the table and the orders are what count here.
  std::vector<pb::Event> log(game.events().begin(), game.events().end());
  std::string error;
  auto g = Game::from_log(builtin_registry(), log, &error);
  if (!g) throw std::runtime_error(error);
  *seat = g->waiting_for().front();
  Pcg32 rng(3, 4);
  auto command = g->rules().make_bot()->choose(*g, *seat, rng);
  if (!command) throw std::runtime_error("the bot found nothing to do");
  command->set_seat(*seat);
  return *command;
}

class BranchServerTest : public ::testing::Test {
 protected:
  void SetUp() override { restart(); }
  void restart() {
    server_.reset();
    server_ = std::make_unique<ServerProcess>(
        SANDTABLE_SERVER_BINARY, dir_.path + "/b.db",
        std::vector<std::string>{"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--allow-fixed-seed",
                                 "--threads", "2", "--max-per-address", "0", "--rooms-per-minute", "0",
                                 "--bad-tokens-per-minute", "0"});
  }
  TempDir dir_;
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(BranchServerTest, TheGmBranchesFromAStepIntoARoomThatPlaysOn) {
  const Played p = play(server_->port());
  constexpr std::uint32_t kStep = 10;
  Seat axis(server_->port(), token_of(p.room, "axis"));
  const pb::Envelope refused = branch_at(axis, kStep);
  ASSERT_TRUE(refused.has_error()) << refused.ShortDebugString();
  EXPECT_EQ(refused.error().code(), "BRANCH_GM_ONLY");
  EXPECT_NE(refused.error().message().find("Only the game master"), std::string::npos);

  Seat gm(server_->port(), token_of(p.room, "gm"));
  const pb::Envelope past = branch_at(gm, 10000);
  ASSERT_TRUE(past.has_error()) << past.ShortDebugString();
  EXPECT_EQ(past.error().code(), "BRANCH_NOT_HERE");

  const pb::Envelope made = branch_at(gm, kStep);
  ASSERT_TRUE(made.has_room_created()) << made.ShortDebugString();
  const pb::RoomCreated& room = made.room_created();
  EXPECT_NE(room.room_id(), p.room.room_id());
  EXPECT_EQ(room.links_size(), 4);
  EXPECT_EQ(room.seed_hash().size(), 64u);
  EXPECT_NE(room.seed_hash(), p.room.seed_hash()) << "the branch's dice are its own";

  auto check_room = [&] {
    for (const auto& seat : kSeats) {
      SCOPED_TRACE(seat);
      Seat s(server_->port(), token_of(room, seat));
      EXPECT_EQ(s.welcome.branch().room_id(), p.room.room_id());
      EXPECT_EQ(s.welcome.branch().step(), kStep);
      EXPECT_EQ(s.welcome.branch().source_seed_hash(), p.room.seed_hash());
      EXPECT_FALSE(s.welcome.read_only());
      EXPECT_EQ(s.welcome.room_name().rfind("What if: ", 0), 0u) << s.welcome.room_name();
      pb::View then;
      ASSERT_TRUE(then.ParseFromString(p.views[kStep].at(seat)));
      EXPECT_EQ(table_of(s.view), table_of(then)) << "the seat's table is the one it saw after order " << kStep;
      EXPECT_EQ(s.view.dice().scheme(), "sandtable-dice/2");
      EXPECT_TRUE(s.view.dice().sealed());
    }
  };
  check_room();
  // The branch takes orders, and the original room goes on as it was.
  Seat bgm(server_->port(), token_of(room, "gm"));
  std::string mover;
  const pb::Command order = next_bot_order(bgm, &mover);
  Seat player(server_->port(), token_of(room, mover));
  const pb::Envelope accepted = player.order(order);
  ASSERT_TRUE(accepted.has_order_accepted()) << accepted.ShortDebugString();
  Seat original(server_->port(), token_of(p.room, "gm"));
  EXPECT_EQ(original.view.seq(), gm.view.seq());
  EXPECT_FALSE(original.welcome.has_branch());

  // Over a restart: the room, where it came from, its table and its order.
  const std::uint64_t seq = player.view.seq();
  ASSERT_EQ(server_->stop(), 0);
  restart();
  Seat later(server_->port(), token_of(room, mover));
  EXPECT_EQ(later.view.seq(), seq);
  EXPECT_EQ(later.welcome.branch().step(), kStep);
  const pb::Envelope step0 = replay_step(later, 0);
  ASSERT_TRUE(step0.has_replay_frame()) << step0.ShortDebugString();
  ASSERT_FALSE(step0.replay_frame().events().empty());
  EXPECT_NE(step0.replay_frame().events(0).text().find("What if: this game goes on from order 10"), std::string::npos)
      << step0.replay_frame().events(0).text();
  // The GM's list of rooms says where the branch came from.
  WsClient lobby(server_->port());
  pb::Envelope ask_list;
  ask_list.mutable_list_rooms()->set_token(token_of(room, "gm"));
  lobby.send(ask_list);
  const auto listed = lobby.recv();
  ASSERT_TRUE(listed && listed->has_room_list());
  bool found = false;
  for (const auto& r : listed->room_list().rooms()) {
    if (r.room_id() != room.room_id()) continue;
    found = true;
    EXPECT_EQ(r.origin(), "branch:" + p.room.room_id() + ":" + std::to_string(kStep));
  }
  EXPECT_TRUE(found);
}

// An imported game's room replays and takes no orders; its GM branches it into one that plays on.
TEST_F(BranchServerTest, AnImportedGamesGmBranchesItIntoARoomThatPlays) {
  const Played p = play(server_->port());
  Seat gm(server_->port(), token_of(p.room, "gm"));
  const pb::Envelope file = ask_export(gm);
  ASSERT_TRUE(file.has_export_reply()) << file.ShortDebugString();
  const Checked opened = post_file(server_->port(), file.export_reply().json(), "/api/import");
  ASSERT_EQ(opened.status, 200u) << opened.report << opened.error;
  pb::RoomCreated imported;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(opened.report, &imported).ok()) << opened.report;
  Seat igm(server_->port(), token_of(imported, "gm"));
  EXPECT_TRUE(igm.welcome.read_only());

  const pb::Envelope made = branch_at(igm, 5, true);
  ASSERT_TRUE(made.has_room_created()) << made.ShortDebugString();
  Seat axis(server_->port(), token_of(made.room_created(), "axis"));
  EXPECT_FALSE(axis.welcome.read_only());
  EXPECT_EQ(axis.welcome.branch().room_id(), imported.room_id());
  // Asked with the seats' randomness: the first roll waits for them.
  EXPECT_FALSE(axis.view.dice().sealed());
  pb::Command entropy;
  entropy.set_seat("axis");
  entropy.mutable_add_entropy()->set_entropy(std::string(32, '\x5a'));
  const pb::Envelope added = axis.order(entropy);
  ASSERT_TRUE(added.has_order_accepted()) << added.ShortDebugString();
}

}  // namespace
}  // namespace sandtable::testing
