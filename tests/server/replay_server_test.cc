// Replays over the real WebSocket (docs/protocol.md "Replays"): the real sandtable-server hosts
// the Battleground village assault (its Farm Section hidden from the Germans, BG-UNIT-09) with a
// fixed seed and the bot plays some orders through it. Each seat's ReplayRequest for every step
// is answered with the View a local engine game showed that seat live after the same order (no
// menu), the step's log lines that seat saw and its dice statistics; the steps are the orders,
// also after a restart (read back from the stored orders); a replay before Hello is NOT_JOINED
// and a flood of steps is REPLAY_TOO_FAST; once the game is over the GM may open it to everyone's
// replay (GmReveal), and from then the Germans' replay shows the Farm Section from the opening.
// The game's file (ExportRequest) is the GM's at any time and everyone's after the end; it
// verifies, and the verify page's POST /api/verify says so in the CLI's words and names a changed die.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>

#include <google/protobuf/util/json_util.h>

#include <boost/asio/connect.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "engine/core/sha256.h"
#include "engine/model/dice_mix.h"
#include "engine/model/game.h"
#include "engine/model/verify.h"
#include "engine/model/scenario_io.h"
#include "engine/registry/builtin_registry.h"
#include "tests/server/replay_support.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

class ReplayServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(SANDTABLE_SERVER_BINARY, dir_.path + "/r.db", args());
  }
  static std::vector<std::string> args() {
    return {"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--allow-fixed-seed", "--threads", "2",
            "--max-per-address", "0", "--rooms-per-minute", "0", "--bad-tokens-per-minute", "0"};
  }
  // Every seat's every step is what the seat was shown live after that order.
  void expect_replays(const Played& p) {
    for (const auto& seat : kSeats) {
      SCOPED_TRACE(seat);
      Seat s(server_->port(), token_of(p.room, seat));
      for (std::uint32_t k = 0; k < p.views.size(); ++k) {
        const pb::Envelope reply = replay_step(s, k);
        ASSERT_TRUE(reply.has_replay_frame()) << reply.ShortDebugString();
        const pb::ReplayFrame& f = reply.replay_frame();
        EXPECT_EQ(f.step(), k);
        EXPECT_EQ(f.steps(), p.views.size());
        EXPECT_EQ(f.seat(), k == 0 ? "" : p.movers[k - 1]);
        EXPECT_FALSE(f.view().has_menu());
        EXPECT_EQ(f.view().SerializeAsString(), p.views[k].at(seat)) << "step " << k;
        EXPECT_FALSE(f.turn_starts().empty());
        for (const auto& e : f.events()) EXPECT_FALSE(e.text().empty());
      }
      // Past the end is the last step.
      const pb::Envelope last = replay_step(s, 10000);
      ASSERT_TRUE(last.has_replay_frame());
      EXPECT_EQ(last.replay_frame().step(), p.views.size() - 1);
      if (seat == "gm") {
        std::uint64_t rolls = 0;
        for (const auto& d : last.replay_frame().dice()) {
          EXPECT_EQ(d.face_size(), d.count_size());
          EXPECT_EQ(d.face_size(), d.expected_size());
          rolls += d.rolls();
        }
        EXPECT_GT(rolls, 0u) << "the GM saw the dice of the opening and the orders";
      }
    }
  }
  TempDir dir_;
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(ReplayServerTest, EachSeatReplaysWhatItSawAtEveryStepAlsoAfterARestart) {
  const Played p = play(server_->port());
  ASSERT_EQ(p.views.size(), static_cast<std::size_t>(kOrders) + 1);
  expect_replays(p);
  ASSERT_EQ(server_->stop(), 0);
  server_ = std::make_unique<ServerProcess>(SANDTABLE_SERVER_BINARY, dir_.path + "/r.db", args());
  expect_replays(p);
}

TEST_F(ReplayServerTest, ReplayBeforeHelloIsNotJoinedAndAFloodIsRefused) {
  {
    WsClient c(server_->port());
    pb::Envelope env;
    env.mutable_replay_request()->set_step(0);
    const pb::Envelope reply = c.reply_to(c.send(env));
    ASSERT_TRUE(reply.has_error()) << reply.ShortDebugString();
    EXPECT_EQ(reply.error().code(), "NOT_JOINED");
  }
  const Played p = play(server_->port());
  Seat s(server_->port(), token_of(p.room, "axis"));
  int refused = 0;
  for (int i = 0; i < 80 && refused == 0; ++i) {
    const pb::Envelope reply = replay_step(s, static_cast<std::uint32_t>(i % 5));
    if (reply.has_error()) {
      EXPECT_EQ(reply.error().code(), "REPLAY_TOO_FAST");
      ++refused;
    }
  }
  EXPECT_EQ(refused, 1) << "a burst of replay steps is served, a flood is not";
}


bool names_unit(const pb::View& v, const std::string& id) {
  for (const auto& u : v.units()) {
    if (u.id() == id) return true;
  }
  return false;
}

TEST_F(ReplayServerTest, AfterTheGameTheGmOpensTheWholeGameToEveryonesReplay) {
  const Played p = play(server_->port());
  Seat axis(server_->port(), token_of(p.room, "axis"));
  Seat gm(server_->port(), token_of(p.room, "gm"));
  Seat spectator(server_->port(), token_of(p.room, "spectator"));
  pb::Envelope opening = replay_step(axis, 0);
  ASSERT_TRUE(opening.has_replay_frame());
  EXPECT_FALSE(opening.replay_frame().revealed());
  EXPECT_FALSE(names_unit(opening.replay_frame().view(), "b2")) << "the Farm Section is hidden from the Germans";

  // Not before the game is over, and never by a player.
  pb::Envelope early = gm.order_at(gm_command([](pb::GmCommand& g) { g.mutable_reveal(); }), gm.seq);
  ASSERT_TRUE(early.has_order_rejected()) << early.ShortDebugString();
  EXPECT_EQ(early.order_rejected().rejection().code(), "GAME_NOT_OVER");
  pb::Envelope ended = gm.order_at(gm_command([](pb::GmCommand& g) { g.mutable_end_game()->set_reason("time"); }), gm.seq);
  ASSERT_TRUE(ended.has_order_accepted()) << ended.ShortDebugString();
  axis.drain(50ms);
  pb::Command by_axis = gm_command([](pb::GmCommand& g) { g.mutable_reveal(); });
  by_axis.set_seat("axis");
  pb::Envelope refused = axis.order_at(by_axis, axis.seq);
  ASSERT_TRUE(refused.has_order_rejected()) << refused.ShortDebugString();
  opening = replay_step(axis, 0);
  ASSERT_TRUE(opening.has_replay_frame());
  EXPECT_FALSE(names_unit(opening.replay_frame().view(), "b2")) << "the end alone reveals nothing";

  gm.drain(50ms);
  pb::Envelope revealed = gm.order_at(gm_command([](pb::GmCommand& g) { g.mutable_reveal(); }), gm.seq);
  ASSERT_TRUE(revealed.has_order_accepted()) << revealed.ShortDebugString();
  gm.drain(50ms);
  pb::Envelope again = gm.order_at(gm_command([](pb::GmCommand& g) { g.mutable_reveal(); }), gm.seq);
  ASSERT_TRUE(again.has_order_rejected()) << again.ShortDebugString();
  EXPECT_EQ(again.order_rejected().rejection().code(), "ALREADY_REVEALED");
  for (Seat* s : {&axis, &spectator}) {
    s->drain(50ms);
    const pb::Envelope f = replay_step(*s, 0);
    ASSERT_TRUE(f.has_replay_frame()) << f.ShortDebugString();
    EXPECT_TRUE(f.replay_frame().revealed());
    EXPECT_TRUE(names_unit(f.replay_frame().view(), "b2")) << "revealed: the Farm Section from the opening";
    EXPECT_EQ(f.replay_frame().steps(), p.views.size() + 2) << "the end and the reveal are steps too";
  }
  // The reveal is in the log and survives a restart.
  ASSERT_EQ(server_->stop(), 0);
  server_ = std::make_unique<ServerProcess>(SANDTABLE_SERVER_BINARY, dir_.path + "/r.db", args());
  Seat later(server_->port(), token_of(p.room, "allies"));
  EXPECT_TRUE(later.view.result().revealed());
  const pb::Envelope f = replay_step(later, 3);
  ASSERT_TRUE(f.has_replay_frame());
  EXPECT_TRUE(f.replay_frame().revealed());
}


// ExportRequest: the GM's file at any time, a player's once the game is over; the file is the one
// `sandtable-cli verify` reads, and it verifies.
TEST_F(ReplayServerTest, TheGameExportsToTheGmAnyTimeAndToPlayersAfterTheEndAndVerifies) {
  const Played p = play(server_->port());
  Seat axis(server_->port(), token_of(p.room, "axis"));
  Seat gm(server_->port(), token_of(p.room, "gm"));
  const pb::Envelope early = ask_export(axis);
  ASSERT_TRUE(early.has_error()) << early.ShortDebugString();
  EXPECT_EQ(early.error().code(), "EXPORT_NOT_YET");

  const pb::Envelope running = ask_export(gm);
  ASSERT_TRUE(running.has_export_reply()) << running.ShortDebugString();
  EXPECT_EQ(running.export_reply().file_name(), "sandtable-" + p.room.room_id() + ".json");
  pb::GameExport file;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(running.export_reply().json(), &file).ok());
  EXPECT_EQ(file.orders_size(), kOrders);
  EXPECT_EQ(file.room_id(), p.room.room_id());
  for (const auto& seat : file.seats()) EXPECT_EQ(seat.seat().find("token"), std::string::npos);
  const VerifyResult running_check = verify_game(builtin_registry(), file);
  EXPECT_TRUE(running_check.ok) << "the GM's file of a running game carries the seed and re-runs: " << running_check.summary;

  const pb::Envelope ended = gm.order_at(gm_command([](pb::GmCommand& g) { g.mutable_end_game(); }), gm.seq);
  ASSERT_TRUE(ended.has_order_accepted()) << ended.ShortDebugString();
  axis.drain(50ms);
  const pb::Envelope after = ask_export(axis);
  ASSERT_TRUE(after.has_export_reply()) << after.ShortDebugString();
  pb::GameExport finished;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(after.export_reply().json(), &finished).ok());
  EXPECT_EQ(finished.orders_size(), kOrders + 1) << "the GM's end is an order too";
  const VerifyResult check = verify_game(builtin_registry(), finished);
  EXPECT_TRUE(check.ok) << check.summary;

  // The verify page's check answers in the CLI's words; a changed die is named at its event.
  const Checked good = post_file(server_->port(), after.export_reply().json());
  EXPECT_EQ(good.status, 200u);
  EXPECT_EQ(good.verified, "yes");
  EXPECT_EQ(good.report, verify_report(check));
  pb::GameExport tampered = finished;
  pb::Event* rolled = nullptr;
  for (auto& e : *tampered.mutable_events()) {
    if (e.dice_size() > 0) {
      rolled = &e;
      break;
    }
  }
  ASSERT_NE(rolled, nullptr);
  rolled->mutable_dice(0)->set_value(rolled->dice(0).value() % 6 + 1);
  std::string json;
  ASSERT_TRUE(google::protobuf::util::MessageToJsonString(tampered, &json).ok());
  const Checked bad = post_file(server_->port(), json);
  EXPECT_EQ(bad.status, 200u);
  EXPECT_EQ(bad.verified, "no");
  EXPECT_EQ(bad.report.rfind("MISMATCH: event " + std::to_string(rolled->seq()) + " ", 0), 0u) << bad.report;
  const Checked junk = post_file(server_->port(), "not json");
  EXPECT_EQ(junk.status, 400u);
  EXPECT_EQ(junk.verified, "no");

  int refused = 0;
  for (int i = 0; i < 6; ++i) refused += ask_export(axis).has_error() ? 1 : 0;
  EXPECT_GT(refused, 0) << "asking for the file again and again is refused";
}

// Dice scheme 2 through the server (docs/fair-play.md): a room whose first roll waits for both
// sides' randomness; orders before it are refused in words; the GM's file of the running game
// keeps the secret back until the GM looks at it in the open; then it verifies.
TEST_F(ReplayServerTest, TheFirstRollWaitsForBothSidesRandomnessAndTheSecretStaysBack) {
  pb::RoomCreated room;
  {
    WsClient c(server_->port());
    pb::Envelope env;
    env.mutable_create_room()->set_scenario_id("bg-village-assault");
    env.mutable_create_room()->set_has_seed(true);
    env.mutable_create_room()->set_seed(kSeed);
    env.mutable_create_room()->set_seat_entropy(true);
    const auto reply = c.reply_to(c.send(env));
    ASSERT_TRUE(reply.has_room_created()) << reply.ShortDebugString();
    room = reply.room_created();
  }
  EXPECT_EQ(room.seed_hash(), secret_commitment(secret_from_seed(kSeed)));
  Seat axis(server_->port(), token_of(room, "axis"));
  Seat allies(server_->port(), token_of(room, "allies"));
  Seat gm(server_->port(), token_of(room, "gm"));
  EXPECT_EQ(axis.view.dice().awaiting_size(), 2);
  EXPECT_FALSE(axis.view.dice().sealed());
  EXPECT_GT(axis.view.units_size(), 0) << "the table is set out while the seats join";

  pb::Command play;
  play.mutable_play()->set_action("end-action");
  pb::Envelope early = axis.order(play);
  ASSERT_TRUE(early.has_order_rejected()) << early.ShortDebugString();
  EXPECT_EQ(early.order_rejected().rejection().code(), "NOT_BEGUN");

  pb::Command mine;
  mine.mutable_add_entropy()->set_entropy(std::string(32, 'a'));
  ASSERT_TRUE(axis.order(mine).has_order_accepted());
  const pb::Envelope running = ask_export(gm);
  ASSERT_TRUE(running.has_export_reply()) << running.ShortDebugString();
  pb::GameExport file;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(running.export_reply().json(), &file).ok());
  EXPECT_TRUE(file.events(0).game_started().secret().empty()) << "the secret stays back while the game is played";
  EXPECT_NE(verify_game(builtin_registry(), file).summary.find("does not hold the dice secret"), std::string::npos);

  allies.drain(50ms);
  mine.mutable_add_entropy()->set_entropy(std::string(32, 'b'));
  ASSERT_TRUE(allies.order(mine).has_order_accepted());
  axis.drain(100ms);
  EXPECT_TRUE(axis.view.dice().sealed());
  EXPECT_EQ(axis.view.dice().mix_commitment(),
            mix_commitment(dice_mix(secret_from_seed(kSeed), {{"axis", std::string(32, 'a')}, {"allies", std::string(32, 'b')}})));
  EXPECT_FALSE(axis.view.menu().actions().empty() && allies.view.menu().actions().empty()) << "the game has begun";

  gm.drain(50ms);
  ASSERT_TRUE(gm.order(gm_command([](pb::GmCommand& g) { g.mutable_show_secret(); })).has_order_accepted());
  axis.drain(100ms);
  EXPECT_EQ(gm.view.dice().secret(), hex(secret_from_seed(kSeed)));
  EXPECT_TRUE(axis.view.dice().secret().empty());
  EXPECT_EQ(axis.events.back().text(), "The game master looked at the dice secret.");
  // Not one byte of the secret, raw or in hex, reached a player or a spectator before the end.
  Seat spectator(server_->port(), token_of(room, "spectator"));
  axis.drain(50ms);
  allies.drain(50ms);
  const std::string secret = secret_from_seed(kSeed);
  for (const Seat* s : {&axis, &allies, &spectator}) {
    for (const auto& frame : s->all_bytes) {
      EXPECT_EQ(frame.find(secret), std::string::npos);
      EXPECT_EQ(frame.find(hex(secret)), std::string::npos);
    }
  }
  // The scan finds it where it is: in the GM's View since the GM looked.
  EXPECT_TRUE(std::any_of(gm.all_bytes.begin(), gm.all_bytes.end(),
                          [&](const std::string& f) { return f.find(hex(secret)) != std::string::npos; }));
  const pb::Envelope shown = ask_export(gm);
  ASSERT_TRUE(shown.has_export_reply()) << shown.ShortDebugString();
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(shown.export_reply().json(), &file).ok());
  const VerifyResult check = verify_game(builtin_registry(), file);
  EXPECT_TRUE(check.ok) << check.summary;
  EXPECT_EQ(check.scheme, "sandtable-dice/2");
}

// Without a fixed seed every room draws a 256-bit secret (scheme 2), sealed at once when no seat's
// randomness is asked for.
TEST_F(ReplayServerTest, ARoomWithoutAFixedSeedDrawsASecret) {
  WsClient c(server_->port());
  pb::Envelope env;
  env.mutable_create_room()->set_scenario_id("bg-village-assault");
  const auto reply = c.reply_to(c.send(env));
  ASSERT_TRUE(reply.has_room_created()) << reply.ShortDebugString();
  Seat axis(server_->port(), token_of(reply.room_created(), "axis"));
  EXPECT_EQ(axis.view.dice().scheme(), "sandtable-dice/2");
  EXPECT_TRUE(axis.view.dice().sealed());
  EXPECT_EQ(axis.view.seed_hash().size(), 64u);
  EXPECT_EQ(axis.view.seed_hash(), reply.room_created().seed_hash());
}

// POST /api/import: a finished game's file opens as a new room to replay, with fresh links; it
// shows each seat the game as it ended, replays step by step as the original room did, takes no
// order, and stays so after a restart. A file that does not verify, or is no game file, opens
// nothing and says why.
TEST_F(ReplayServerTest, AGameFileOpensAsARoomToReplayThatTakesNoOrders) {
  const Played p = play(server_->port());
  Seat gm(server_->port(), token_of(p.room, "gm"));
  ASSERT_TRUE(gm.order(gm_command([](pb::GmCommand& g) { g.mutable_end_game()->set_reason("time"); })).has_order_accepted());
  Seat axis(server_->port(), token_of(p.room, "axis"));
  const pb::Envelope file = ask_export(axis);
  ASSERT_TRUE(file.has_export_reply()) << file.ShortDebugString();
  const pb::Envelope original_step = replay_step(axis, 3);
  ASSERT_TRUE(original_step.has_replay_frame());

  const Checked opened = post_file(server_->port(), file.export_reply().json(), "/api/import");
  ASSERT_EQ(opened.status, 200u) << opened.report << opened.error;
  pb::RoomCreated room;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(opened.report, &room).ok()) << opened.report;
  EXPECT_NE(room.room_id(), p.room.room_id());
  EXPECT_EQ(room.seed_hash(), p.room.seed_hash());
  EXPECT_EQ(room.links_size(), 4);

  Seat replayer(server_->port(), token_of(room, "axis"));
  EXPECT_EQ(replayer.welcome.room_name().rfind("Replay: ", 0), 0u) << replayer.welcome.room_name();
  EXPECT_TRUE(replayer.view.result().over());
  EXPECT_EQ(replayer.view.seq(), axis.view.seq());
  EXPECT_EQ(without_menu(replayer.view).SerializeAsString(), without_menu(axis.view).SerializeAsString())
      << "the Germans' table in the replay room is the one they left";
  const pb::Envelope step = replay_step(replayer, 3);
  ASSERT_TRUE(step.has_replay_frame()) << step.ShortDebugString();
  EXPECT_EQ(step.replay_frame().steps(), original_step.replay_frame().steps());
  EXPECT_EQ(step.replay_frame().view().SerializeAsString(), original_step.replay_frame().view().SerializeAsString());
  pb::Command chat_like;
  chat_like.mutable_take_back();
  pb::Envelope refused = replayer.order(chat_like);
  ASSERT_TRUE(refused.has_order_rejected()) << refused.ShortDebugString();
  EXPECT_EQ(refused.order_rejected().rejection().code(), "READ_ONLY_ROOM");
  Seat gm2(server_->port(), token_of(room, "gm"));
  refused = gm2.order(gm_command([](pb::GmCommand& g) { g.mutable_reveal(); }));
  ASSERT_TRUE(refused.has_order_rejected()) << refused.ShortDebugString();
  EXPECT_EQ(refused.order_rejected().rejection().code(), "READ_ONLY_ROOM");

  // A file with one die changed does not verify, and opens nothing; nor does a file that is none.
  pb::GameExport tampered;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(file.export_reply().json(), &tampered).ok());
  for (auto& e : *tampered.mutable_events()) {
    if (e.dice_size() > 0) {
      e.mutable_dice(0)->set_value(e.dice(0).value() % 6 + 1);
      break;
    }
  }
  std::string json;
  ASSERT_TRUE(google::protobuf::util::MessageToJsonString(tampered, &json).ok());
  const Checked bad = post_file(server_->port(), json, "/api/import");
  EXPECT_EQ(bad.status, 400u);
  EXPECT_EQ(bad.error, "IMPORT_DOES_NOT_VERIFY");
  EXPECT_NE(bad.report.find("does not verify: event "), std::string::npos) << bad.report;
  const Checked junk = post_file(server_->port(), "not json", "/api/import");
  EXPECT_EQ(junk.status, 400u);
  EXPECT_EQ(junk.error, "NOT_A_GAME_FILE");

  // After a restart the replay room is there, still taking no orders.
  ASSERT_EQ(server_->stop(), 0);
  server_ = std::make_unique<ServerProcess>(SANDTABLE_SERVER_BINARY, dir_.path + "/r.db", args());
  Seat later(server_->port(), token_of(room, "allies"));
  EXPECT_TRUE(later.view.result().over());
  refused = later.order(chat_like);
  ASSERT_TRUE(refused.has_order_rejected()) << refused.ShortDebugString();
  EXPECT_EQ(refused.order_rejected().rejection().code(), "READ_ONLY_ROOM");
  EXPECT_TRUE(replay_step(later, 3).has_replay_frame());
}

}  // namespace
}  // namespace sandtable::testing
