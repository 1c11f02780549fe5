// The real sandtable-test-server binary driven over real WebSockets: a full game between two
// players with a spectator and a GM watching, chat channels, resume, revocation, and every
// kind of bad input answered with a clear code and no change to the game.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "engine/model/autoplay.h"
#include "engine/model/scenario_io.h"
#include "server/frame_batch.h"
#include "tests/server/counter_rules.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

class ServerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    server_ = start_test_server(dir_->path + "/t.db").release();
  }
  static void TearDownTestSuite() {
    EXPECT_EQ(server_->stop(), 0) << "the server must exit cleanly on SIGTERM";
    delete server_;
    delete dir_;
  }
  unsigned short port() const { return server_->port(); }

  // Plays the whole game through the two player seats, each answering its own prompt.
  static void play_out(Seat& blue, Seat& red, std::vector<Seat*> watchers) {
    for (int guard = 0; guard < 1000 && !blue.view.result().over(); ++guard) {
      Seat& mover = blue.my_decision() ? blue : red;
      ASSERT_NE(mover.my_decision(), nullptr) << "nobody has a prompt: " << blue.view.ShortDebugString();
      const auto reply = mover.order(answer(*mover.my_decision()));
      ASSERT_TRUE(reply.has_order_accepted()) << reply.ShortDebugString();
      EXPECT_EQ(reply.order_accepted().seq(), mover.seq) << "the Delta comes before the acceptance";
      Seat& other = &mover == &blue ? red : blue;
      other.client.expect([&](const pb::Envelope& e) {
        other.absorb(e);
        return other.seq == mover.seq;
      });
      for (Seat* w : watchers) {
        w->client.expect([&](const pb::Envelope& e) {
          w->absorb(e);
          return w->seq == mover.seq;
        });
      }
    }
  }

  static TempDir* dir_;
  static ServerProcess* server_;
};
TempDir* ServerTest::dir_ = nullptr;
ServerProcess* ServerTest::server_ = nullptr;

bool contains(const std::vector<std::string>& frames, const std::string& needle) {
  for (const auto& f : frames) {
    if (f.find(needle) != std::string::npos) return true;
  }
  return false;
}

TEST(FrameBatch, ABatchParsesAsTheEnvelopesItWasMadeOfInOrder) {
  pb::Envelope a;
  a.set_request_id(7);
  a.mutable_order_accepted()->set_seq(300);
  pb::Envelope b;
  b.mutable_delta()->set_from_seq(299);
  b.mutable_delta()->set_seq(300);
  b.mutable_delta()->add_events()->set_text(std::string(200, 'x'));  // a length past one varint byte
  const auto frame = [](const pb::Envelope& e) { return std::make_shared<const std::string>(e.SerializeAsString()); };
  pb::Envelope inner;
  ASSERT_TRUE(inner.ParseFromString(*server::batch_of({frame(b), frame(a)})));
  pb::Envelope outer;
  ASSERT_TRUE(outer.ParseFromString(*server::batch_of({std::make_shared<const std::string>(inner.SerializeAsString()), frame(a)})));
  ASSERT_EQ(outer.batch_size(), 2);
  EXPECT_EQ(outer.body_case(), pb::Envelope::BODY_NOT_SET);
  ASSERT_EQ(outer.batch(0).batch_size(), 2);
  EXPECT_EQ(outer.batch(0).batch(0).SerializeAsString(), b.SerializeAsString());
  EXPECT_EQ(outer.batch(0).batch(1).SerializeAsString(), a.SerializeAsString());
  EXPECT_EQ(outer.batch(1).SerializeAsString(), a.SerializeAsString());
}

TEST_F(ServerTest, TheSendersDeltaAndItsAcceptanceComeInOneMessage) {
  const auto room = create_counter_room(port(), 5);
  Seat blue(port(), token_of(room, "blue"));
  const int before = blue.client.batches;
  const auto reply = blue.order(answer(*blue.my_decision()));
  ASSERT_TRUE(reply.has_order_accepted()) << reply.ShortDebugString();
  EXPECT_EQ(reply.order_accepted().seq(), blue.seq) << "the Delta comes first, in the same message";
  EXPECT_EQ(blue.client.batches, before + 1);
}

TEST_F(ServerTest, LobbyListsRuleSetsAndScenarios) {
  WsClient c(port());
  pb::Envelope env;
  env.mutable_list_catalog();
  const auto reply = c.reply_to(c.send(env));
  ASSERT_TRUE(reply.has_catalog());
  ASSERT_EQ(reply.catalog().rulesets_size(), 1);
  EXPECT_EQ(reply.catalog().rulesets(0).id(), "counter-test");
  ASSERT_EQ(reply.catalog().scenarios_size(), 1);
  EXPECT_EQ(reply.catalog().scenarios(0).id(), "counter-duel");
}

// The scenario editor's check needs no room: a built-in comes from the catalogue, a scenario
// being edited is checked and drawn, and nothing is stored.
TEST_F(ServerTest, TheEditorChecksABuiltInAndAScenarioWithoutARoom) {
  WsClient c(port());
  pb::Envelope env;
  env.mutable_check_scenario()->set_scenario_id("counter-duel");
  const auto reply = c.reply_to(c.send(env));
  ASSERT_TRUE(reply.has_scenario_checked()) << reply.ShortDebugString();
  EXPECT_EQ(reply.scenario_checked().problem(), "");
  EXPECT_EQ(reply.scenario_checked().scenario().id(), "counter-duel");
  EXPECT_EQ(reply.scenario_checked().preview().viewer(), "gm");
  pb::Envelope edited;
  *edited.mutable_check_scenario()->mutable_scenario() = reply.scenario_checked().scenario();
  edited.mutable_check_scenario()->mutable_scenario()->mutable_sides()->RemoveLast();
  const auto checked = c.reply_to(c.send(edited));
  ASSERT_TRUE(checked.has_scenario_checked());
  EXPECT_EQ(checked.scenario_checked().problem(), "sides: the counter game needs exactly two sides");
  EXPECT_EQ(checked.scenario_checked().preview().sides_size(), 1) << "drawn as it stands";
  pb::Envelope missing;
  missing.mutable_check_scenario()->set_scenario_id("nowhere");
  EXPECT_EQ(c.reply_to(c.send(missing)).scenario_checked().problem(), "There is no built-in scenario 'nowhere'.");
}

TEST_F(ServerTest, CreateGivesOneLinkPerSeatWithUnguessableTokens) {
  const auto room = create_counter_room(port(), 7);
  ASSERT_EQ(room.links_size(), 4);  // blue, red, gm, spectator
  for (const auto& l : room.links()) {
    EXPECT_EQ(l.token().size(), 64u) << "256 random bits as hex";
    EXPECT_NE(l.url().find("room=" + room.room_id()), std::string::npos);
  }
}

TEST_F(ServerTest, FullGameEachSeatSeesOnlyItsOwnViewAndTheLogMatchesTheEngine) {
  const std::uint64_t seed = 12345;
  const auto room = create_counter_room(port(), seed);
  Seat blue(port(), token_of(room, "blue"));
  Seat red(port(), token_of(room, "red"));
  Seat spectator(port(), token_of(room, "spectator"));
  Seat gm(port(), token_of(room, "gm"), 1);  // resumes after GameStarted: receives every later event
  EXPECT_EQ(blue.welcome.role(), pb::ROLE_PLAYER);
  EXPECT_EQ(spectator.welcome.role(), pb::ROLE_SPECTATOR);
  EXPECT_EQ(gm.welcome.role(), pb::ROLE_GM);
  play_out(blue, red, {&spectator, &gm});
  ASSERT_TRUE(blue.view.result().over());
  for (Seat* s : {&red, &spectator, &gm}) EXPECT_EQ(s->view.result().winner(), blue.view.result().winner());
  // Secrets: each prompt is for its side (and the GM) only.
  EXPECT_FALSE(contains(blue.all_bytes, "SECRET-red"));
  EXPECT_FALSE(contains(red.all_bytes, "SECRET-blue"));
  EXPECT_FALSE(contains(spectator.all_bytes, "SECRET-"));
  EXPECT_TRUE(contains(gm.all_bytes, "SECRET-red"));
  EXPECT_TRUE(contains(gm.all_bytes, "SECRET-blue"));
  // The GM saw every event's log line; its dice are exactly the uninterrupted engine run's with the
  // same seed.
  const pb::Scenario scenario = counter_scenario();
  AutoplayOptions opt;
  opt.seed = seed;
  const auto run = autoplay(*counter_registry().find("counter-test"), scenario, opt);
  ASSERT_TRUE(run.finished);
  ASSERT_EQ(gm.events.size() + 1, run.log.size());
  for (std::size_t i = 0; i < gm.events.size(); ++i) {
    EXPECT_FALSE(gm.events[i].text().empty()) << "event " << i + 2 << " reached the GM without its log line";
    const pb::Event& sent = gm.events[i];
    const pb::Event& stored = run.log[i + 1];
    EXPECT_EQ(sent.seq(), stored.seq());
    EXPECT_EQ(sent.body_case(), pb::Event::BODY_NOT_SET) << "a Delta carries log lines, not the typed event";
    ASSERT_EQ(sent.dice_size(), stored.dice_size()) << "event " << i + 2;
    for (int d = 0; d < sent.dice_size(); ++d) {
      EXPECT_EQ(sent.dice(d).SerializeAsString(), stored.dice(d).SerializeAsString()) << "event " << i + 2;
    }
  }
  // After the end, orders are refused by the rules (GAME_OVER), nothing changes.
  const auto late = blue.order(answer(pb::Decision()));
  ASSERT_TRUE(late.has_order_rejected());
  EXPECT_EQ(late.order_rejected().rejection().code(), "GAME_OVER");
}

TEST_F(ServerTest, ChatChannelsAreKeptApart) {
  const auto room = create_counter_room(port(), 3);
  Seat blue(port(), token_of(room, "blue"));
  Seat spectator(port(), token_of(room, "spectator"));
  Seat gm(port(), token_of(room, "gm"));
  auto say = [](Seat& s, const std::string& text, pb::ChatChannel ch = pb::CHAT_CHANNEL_UNSPECIFIED) {
    pb::Envelope env;
    env.mutable_chat_send()->set_text(text);
    env.mutable_chat_send()->set_channel(ch);
    s.client.send(env);
  };
  say(blue, "players only");
  say(spectator, "spectators only");
  say(gm, "to the gallery", pb::CHAT_CHANNEL_SPECTATORS);
  for (Seat* s : {&blue, &spectator, &gm}) s->drain(300ms);
  auto texts = [](const Seat& s) {  // sorted: messages from different connections may interleave
    std::vector<std::string> out;
    for (const auto& m : s.chat) out.push_back(m.text());
    std::sort(out.begin(), out.end());
    return out;
  };
  EXPECT_EQ(texts(blue), std::vector<std::string>({"players only"}));
  EXPECT_EQ(texts(spectator), std::vector<std::string>({"spectators only", "to the gallery"}));
  EXPECT_EQ(texts(gm).size(), 3u);
  // History on join follows the same rule.
  Seat red(port(), token_of(room, "red"));
  red.drain(200ms);
  EXPECT_EQ(texts(red), std::vector<std::string>({"players only"}));
}

TEST_F(ServerTest, ResumeAfterReconnectSendsOnlyTheMissedEvents) {
  const auto room = create_counter_room(port(), 5);
  std::uint64_t blue_seq = 0;
  {
    Seat blue(port(), token_of(room, "blue"));
    ASSERT_TRUE(blue.order(answer(*blue.my_decision())).has_order_accepted());
    blue_seq = blue.seq;
    blue.client.abort();
  }
  Seat red(port(), token_of(room, "red"));
  ASSERT_TRUE(red.order(answer(*red.my_decision())).has_order_accepted());
  Seat blue(port(), token_of(room, "blue"), blue_seq, room.room_id());
  EXPECT_EQ(blue.seq, red.seq);
  EXPECT_FALSE(blue.events.empty()) << "a Delta with the missed events, not a snapshot";
  ASSERT_NE(blue.my_decision(), nullptr);
  // Resync on request, from a gap: the same answer.
  pb::Envelope rs;
  rs.mutable_resync()->set_since_seq(1);
  const auto reply = blue.client.reply_to(blue.client.send(rs));
  ASSERT_TRUE(reply.has_delta());
  EXPECT_EQ(reply.delta().from_seq(), 1u);
  EXPECT_EQ(reply.delta().seq(), red.seq);
}

// ---- bad input: a clear code, and the game unchanged ----

class BadInputTest : public ServerTest {
 protected:
  void SetUp() override {
    room_ = create_counter_room(port(), 99);
    blue_ = std::make_unique<Seat>(port(), token_of(room_, "blue"));
  }
  // The room is where it was: same sequence, blue still to move.
  void expect_unchanged() {
    Seat check(port(), token_of(room_, "gm"));
    EXPECT_EQ(check.seq, start_seq_);
  }
  std::string error_code(const pb::Envelope& e) { return e.has_error() ? e.error().code() : std::string("not an error: ").append(e.ShortDebugString()); }

  pb::RoomCreated room_;
  std::unique_ptr<Seat> blue_;
  const std::uint64_t start_seq_ = 2;  // GameStarted, first prompt
};

TEST_F(BadInputTest, MalformedProtobuf) {
  blue_->client.send_raw(std::string("\xff\xff\xff\xff garbage", 13));
  EXPECT_EQ(error_code(blue_->client.expect([](auto& e) { return e.has_error(); })), "MALFORMED");
  expect_unchanged();
}

TEST_F(BadInputTest, UnknownAndServerOnlyMessageTypes) {
  pb::Envelope empty;  // a body from a newer protocol parses as "no body"
  empty.set_request_id(41);
  blue_->client.send_raw(empty.SerializeAsString() + std::string("\xa2\x06\x00", 3));  // unknown field 100
  EXPECT_EQ(error_code(blue_->client.reply_to(41)), "UNKNOWN_MESSAGE");
  pb::Envelope pong;
  pong.mutable_pong()->set_nonce(1);
  EXPECT_EQ(error_code(blue_->client.reply_to(blue_->client.send(pong))), "UNEXPECTED_MESSAGE");
  // Batches go from the server only: an order inside one is not read.
  pb::Envelope batch;
  batch.set_request_id(42);
  auto* order = batch.add_batch()->mutable_order();
  order->set_seq(start_seq_);
  *order->mutable_command() = answer(*blue_->my_decision());
  EXPECT_EQ(error_code(blue_->client.reply_to(blue_->client.send(batch))), "UNKNOWN_MESSAGE");
  expect_unchanged();
}

TEST_F(BadInputTest, TextFrame) {
  blue_->client.send_raw("{\"order\": {}}", false);
  EXPECT_EQ(error_code(blue_->client.expect([](auto& e) { return e.has_error(); })), "TEXT_FRAME");
  expect_unchanged();
}

TEST_F(BadInputTest, OversizedFrameClosesWith1009) {
  // The server reads the frame's header, refuses the size and hangs up, maybe while we are still
  // writing the rest: then the write fails ("broken pipe") and the close frame may be lost in the
  // reset. Either way the connection ends.
  bool cut_off = false;
  try {
    blue_->client.send_raw(std::string(70 * 1024, 'x'));
  } catch (const std::exception&) {
    cut_off = true;
  }
  // A closed socket ends the wait at once; the long bound only matters on a loaded machine
  // (it once failed at 3 s while two builds ran).
  while (blue_->client.recv(15000ms)) {
  }
  EXPECT_TRUE(blue_->client.closed());
  if (!cut_off) {
    EXPECT_EQ(blue_->client.close_reason().code, boost::beast::websocket::close_code::too_big);
  }
  expect_unchanged();
}

TEST_F(BadInputTest, UnknownRoom) {
  WsClient c(port());
  pb::Envelope env;
  env.mutable_hello()->set_token(token_of(room_, "blue"));
  env.mutable_hello()->set_room_id("0000000000000000");
  EXPECT_EQ(error_code(c.reply_to(c.send(env))), "UNKNOWN_ROOM");
}

TEST_F(BadInputTest, BadTokenAndOrdersBeforeHello) {
  WsClient c(port());
  pb::Envelope env;
  env.mutable_hello()->set_token("not-a-token");
  EXPECT_EQ(error_code(c.reply_to(c.send(env))), "BAD_TOKEN");
  pb::Envelope order;
  order.mutable_order()->set_seq(2);
  EXPECT_EQ(error_code(c.reply_to(c.send(order))), "NOT_JOINED");
  expect_unchanged();
}

TEST_F(BadInputTest, RevokedTokenIsRefusedAndItsConnectionClosed) {
  Seat gm(port(), token_of(room_, "gm"));
  pb::Envelope rv;
  rv.mutable_revoke_seat()->set_seat("blue");
  const auto reply = gm.client.reply_to(gm.client.send(rv));
  ASSERT_TRUE(reply.has_seat_revoked());
  const std::string fresh = reply.seat_revoked().link().token();
  EXPECT_NE(fresh, token_of(room_, "blue"));
  // The connected blue is told and closed.
  EXPECT_EQ(error_code(blue_->client.expect([](auto& e) { return e.has_error(); })), "TOKEN_REVOKED");
  // The old link no longer opens the seat; the new one does.
  WsClient c(port());
  pb::Envelope hello;
  hello.mutable_hello()->set_token(token_of(room_, "blue"));
  EXPECT_EQ(error_code(c.reply_to(c.send(hello))), "TOKEN_REVOKED");
  Seat again(port(), fresh);
  EXPECT_EQ(again.welcome.seat(), "blue");
  // Only the GM may revoke.
  rv.set_request_id(0);
  EXPECT_EQ(error_code(again.client.reply_to(again.client.send(rv))), "GM_ONLY");
  expect_unchanged();
}

TEST_F(BadInputTest, OrderForAnotherSeatIsGivenAsTheTokensOwnSeat) {
  Seat red(port(), token_of(room_, "red"));
  // Red claims to be blue and answers blue's prompt: the server makes it red's order.
  pb::Command c;
  c.set_seat("blue");
  c.mutable_answer()->set_decision_id(blue_->my_decision()->id());
  c.mutable_answer()->set_choice_id("advance");
  const auto reply = red.order(c);
  ASSERT_TRUE(reply.has_order_rejected());
  EXPECT_EQ(reply.order_rejected().rejection().code(), "NOT_YOUR_DECISION");
  EXPECT_EQ(reply.order_rejected().room_seq(), start_seq_);
  expect_unchanged();
}

TEST_F(BadInputTest, StaleSequence) {
  const auto reply = blue_->order_at(answer(*blue_->my_decision()), 1);
  ASSERT_TRUE(reply.has_order_rejected());
  EXPECT_EQ(reply.order_rejected().rejection().code(), "STALE_SEQUENCE");
  expect_unchanged();
}

TEST_F(BadInputTest, OrderWhileNotActiveAndFromASpectator) {
  Seat red(port(), token_of(room_, "red"));
  pb::Command c;  // a rule-set order out of turn: the counter rules take none
  c.mutable_gm()->mutable_pause();
  auto reply = red.order(c);
  ASSERT_TRUE(reply.has_order_rejected());
  EXPECT_EQ(reply.order_rejected().rejection().code(), "GM_ONLY");
  ASSERT_EQ(red.my_decision(), nullptr) << "it is blue's turn";
  Seat spectator(port(), token_of(room_, "spectator"));
  reply = spectator.order(answer(*blue_->my_decision()));
  EXPECT_EQ(reply.order_rejected().rejection().code(), "SPECTATOR_CANNOT_ORDER");
  expect_unchanged();
}

TEST_F(BadInputTest, FloodOfFramesIsRateLimitedThenClosed) {
  pb::Envelope ping;
  ping.mutable_ping()->set_nonce(1);
  int limited = 0;
  try {
    for (int i = 0; i < 400; ++i) blue_->client.send(ping);
  } catch (const std::exception&) {
    // the server may hang up while we are still writing
  }
  while (auto e = blue_->client.recv(2000ms)) {
    if (e->has_error() && e->error().code() == "RATE_LIMITED") ++limited;
  }
  EXPECT_GT(limited, 0);
  EXPECT_TRUE(blue_->client.closed());
  EXPECT_EQ(blue_->client.close_reason().code, boost::beast::websocket::close_code::policy_error);
  expect_unchanged();
}

TEST_F(BadInputTest, AbruptDisconnectMidFrame) {
  pb::Envelope env;
  env.mutable_order()->set_seq(start_seq_);
  *env.mutable_order()->mutable_command() = answer(*blue_->my_decision());
  blue_->client.write_partial_frame(env.SerializeAsString(), 6);
  blue_->client.abort();
  expect_unchanged();
  // The seat still works from a new connection.
  Seat blue(port(), token_of(room_, "blue"));
  EXPECT_TRUE(blue.order(answer(*blue.my_decision())).has_order_accepted());
}

// GmSeatBot: the GM puts the server's bot in a seat; it gives that side's orders as soon as the
// game waits on it, the seat's own orders are refused, and with both seats so filled the game
// plays itself to the end (one person can play solo against the bot the same way).
// Take-backs and rewinds travel as orders and come back as Deltas like any other
// (docs/protocol.md "Take-backs and rewinds"): every answer of the counter game rolls a die, so a
// player's take-back is refused in words and changes nothing, and the GM rewinds to a point its
// menu lists, which every seat sees in its table and its log.
TEST_F(ServerTest, ATakeBackAfterADieIsRefusedAndTheGmRewindsForEveryone) {
  const auto room = create_counter_room(port(), 7);
  Seat blue(port(), token_of(room, "blue"));
  Seat red(port(), token_of(room, "red"));
  Seat gm(port(), token_of(room, "gm"));
  ASSERT_TRUE(blue.my_decision());
  const pb::View before = blue.view;
  const std::uint64_t point = blue.seq;
  ASSERT_TRUE(blue.order(answer(*blue.my_decision())).has_order_accepted());
  EXPECT_FALSE(blue.view.menu().has_take_back()) << "a die was rolled: nothing to offer";
  pb::Command take_back;
  take_back.mutable_take_back();
  const auto refused = blue.order(take_back);
  ASSERT_TRUE(refused.has_order_rejected()) << refused.ShortDebugString();
  EXPECT_EQ(refused.order_rejected().rejection().code(), "TAKE_BACK_AFTER_REVEAL");
  EXPECT_NE(refused.order_rejected().rejection().message().find("only the GM can rewind it"), std::string::npos);
  Seat spectator(port(), token_of(room, "spectator"));
  EXPECT_EQ(spectator.order(take_back).order_rejected().rejection().code(), "SPECTATOR_CANNOT_ORDER");

  gm.drain();
  ASSERT_GE(gm.view.menu().rewind_points_size(), 1) << gm.view.menu().ShortDebugString();
  EXPECT_EQ(gm.view.menu().rewind_points(0).seq(), point) << "newest first: before blue's answer";
  EXPECT_EQ(blue.view.menu().rewind_points_size(), 0) << "only the GM's menu lists rewind points";
  pb::Command rewind;
  auto* e = rewind.mutable_gm()->mutable_edit();
  e->set_reason("the die fell off the table");
  e->mutable_rewind()->set_to_seq(point);
  const auto done = gm.order(rewind);
  ASSERT_TRUE(done.has_order_accepted()) << done.ShortDebugString();
  for (Seat* s : {&blue, &red, &spectator}) {
    s->drain();
    ASSERT_EQ(s->seq, gm.seq);
    bool said = false;
    for (const auto& ev : s->events) {
      said |= ev.text() == "GM rewinds the table to how it was after #" + std::to_string(point) +
                               " (the die fell off the table).";
      EXPECT_FALSE(ev.has_rewound()) << "a Delta carries log lines, never the state a rewind restores";
    }
    EXPECT_TRUE(said) << s->welcome.seat();
  }
  pb::View now = blue.view;
  pb::View then = before;
  for (pb::View* v : {&now, &then}) {
    v->clear_seq();
    v->mutable_menu()->clear_take_back();
  }
  EXPECT_EQ(now.SerializeAsString(), then.SerializeAsString()) << "blue's table is as it was: totals, decision, menu";
  ASSERT_TRUE(blue.my_decision()) << "blue decides again";
}

TEST_F(ServerTest, TheGmPutsTheBotInSeatsAndItPlaysThem) {
  const auto room = create_counter_room(port(), 99);
  Seat blue(port(), token_of(room, "blue"));
  Seat gm(port(), token_of(room, "gm"));
  auto bot_for = [&](const std::string& side) {
    pb::Command c;
    c.set_seat("gm");
    auto* e = c.mutable_gm()->mutable_edit();
    e->set_reason("nobody came for " + side);
    e->mutable_seat_bot()->set_side(side);
    e->mutable_seat_bot()->set_bot(true);
    return gm.order(c);
  };
  ASSERT_TRUE(bot_for("blue").has_order_accepted());
  blue.drain();
  bool marked = false;
  for (const auto& side : blue.view.sides()) {
    for (const auto& m : side.markers()) marked |= side.id() == "blue" && m.key() == "bot";
  }
  EXPECT_TRUE(marked) << "the view says the computer plays blue";
  const auto refused = blue.order(answer(pb::Decision()));
  ASSERT_TRUE(refused.has_order_rejected());
  EXPECT_EQ(refused.order_rejected().rejection().code(), "BOT_SEAT");
  gm.drain();  // the bot's own orders for blue came after the GM's edit
  const auto second = bot_for("red");
  ASSERT_TRUE(second.has_order_accepted()) << second.ShortDebugString();
  for (int i = 0; i < 100 && !gm.view.result().over(); ++i) gm.drain(50ms);
  ASSERT_TRUE(gm.view.result().over()) << "the bots play the game to its end";
  bool logged = false;
  for (const auto& e : gm.events) logged |= e.text() == "GM puts the computer in the seat of Red (nobody came for red).";
  EXPECT_TRUE(logged);
}

}  // namespace
}  // namespace sandtable::testing

namespace sandtable::testing {
namespace {

// The rate limiter forgives old refusals: a client that bursts now and then, under the average
// rate, stays connected however long it plays; a flood is still hung up on.
TEST(RateLimit, StrikesAreCountedWithinAWindowNotForever) {
  TempDir dir;
  auto server = start_test_server(dir.path + "/t.db", {"--rate", "10", "--burst", "5", "--strikes", "10", "--strike-window", "1"});
  const auto room = create_counter_room(server->port(), 5);
  Seat calm(server->port(), token_of(room, "blue"));
  pb::Envelope ping;
  ping.mutable_ping()->set_nonce(7);
  int refused = 0, pongs = 0;
  for (int second = 0; second < 5; ++second) {  // 8 frames a second against 10/s with a burst of 5
    for (int i = 0; i < 8; ++i) calm.client.send(ping);
    const auto until = std::chrono::steady_clock::now() + 1100ms;
    while (auto e = calm.client.recv(std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()))) {
      if (e->has_error() && e->error().code() == "RATE_LIMITED") ++refused;
      if (e->has_pong()) ++pongs;
      if (std::chrono::steady_clock::now() >= until) break;
    }
  }
  EXPECT_GT(refused, 10) << "more refusals in all than one window allows: the old counter would have hung up";
  EXPECT_FALSE(calm.client.closed());
  EXPECT_GT(pongs, 20);
  Seat flood(server->port(), token_of(room, "red"));
  try {
    for (int i = 0; i < 200; ++i) flood.client.send(ping);
  } catch (const std::exception&) {
    // the server may hang up while we are still writing
  }
  while (flood.client.recv(2000ms)) {
  }
  EXPECT_TRUE(flood.client.closed());
}

}  // namespace
}  // namespace sandtable::testing
