// The real sandtable-server (every built-in rule set) plays whole bot games over WebSockets: the
// GM creates a room from a built-in scenario with a fixed seed, two players and a spectator join
// by their tokens, and the players play to GameEnded with orders chosen by the rule set's bot. A
// local engine Game with the same scenario and seed is the bot's oracle and the reference: after
// every order the server's acceptance must match it, hidden events (Portable Wargame artillery
// plans; Battleground hidden units, secret minefields and scheduled strikes) must reach only
// their side and the GM, the stored log must be the uninterrupted engine run byte for byte and
// every seat's final View the engine's. The kill tests SIGKILL the server a few times mid-game.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <fstream>
#include <map>
#include <sstream>

#include "engine/core/rng.h"
#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "engine/model/payload.h"
#include "engine/model/scenario_io.h"
#include "engine/rulesets/bg/bg_actions.h"
#include "sandtable/rulesets/pw/pw.pb.h"
#include "engine/model/verify.h"
#include "server/game_export.h"
#include "server/sqlite_storage.h"
#include "server/static_table.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

// autoplay()'s bot stream (engine/model/autoplay.cc), so this run is autoplay()'s run.
constexpr std::uint64_t kBotStream = 0xb07b07b07ULL;

// One match: the rule set, the scenario file under scenarios/ and its id.
struct Match {
  const char* ruleset;
  const char* file;
  const char* scenario_id;
};
const Match kPwMeeting{"portable-wargame-19c", "pw/meeting-engagement.json", "pw-meeting-engagement"};
const Match kBgVillage{"battleground", "bg/village-assault.json", "bg-village-assault"};
const Match kBgCombined{"battleground", "bg/combined-arms.json", "bg-combined-arms"};

const RuleSet& rules_of(const Match& m) { return *builtin_registry().find(m.ruleset); }

pb::Scenario scenario_of(const Match& m) {
  std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/" + m.file);
  std::stringstream text;
  text << in.rdbuf();
  auto parsed = parse_scenario(text.str(), builtin_registry());
  if (!parsed.scenario) throw std::runtime_error(std::string(m.file) + ": " + parsed.error);
  return *parsed.scenario;
}

std::unique_ptr<ServerProcess> start_server(const std::string& db) {
  return std::make_unique<ServerProcess>(
      SANDTABLE_SERVER_BINARY, db,
      std::vector<std::string>{"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--allow-fixed-seed",
                               "--threads", "2", "--max-per-address", "0", "--rooms-per-minute", "0", "--bad-tokens-per-minute", "0"});
}

pb::RoomCreated create_room(unsigned short port, const Match& m, std::uint64_t seed) {
  WsClient gm(port);
  pb::Envelope env;
  env.mutable_create_room()->set_scenario_id(m.scenario_id);
  env.mutable_create_room()->set_has_seed(true);
  env.mutable_create_room()->set_seed(seed);
  const auto reply = gm.reply_to(gm.send(env));
  if (!reply.has_room_created()) throw std::runtime_error("create failed: " + reply.ShortDebugString());
  return reply.room_created();
}

// Reads pushes until the seat has applied everything up to `seq`.
void catch_up(Seat& s, std::uint64_t seq) {
  if (s.seq >= seq) return;
  s.client.expect(
      [&](const pb::Envelope& e) {
        s.absorb(e);
        return s.seq >= seq;
      },
      10000ms);
}

// The bot that plays the match. Battleground: the random bot, as before the smart one became the
// rule set's bot; the smart bot's hidden section sits still in its house, so a game would give no
// hidden event to check.
std::unique_ptr<Bot> bot_of(const Match& m) {
  return std::string(m.ruleset) == "battleground" ? bg::make_bg_random_bot() : rules_of(m).make_bot();
}

// The engine side of the match: the oracle game, the bot and the bot's generator.
struct Oracle {
  Oracle(const Match& m, std::uint64_t seed) : bot(bot_of(m)), rng(seed, kBotStream) {
    StartOptions start;
    start.seed = seed;
    std::string err;
    game = Game::start(rules_of(m), scenario_of(m), start, &log, &err);
    if (!game) throw std::runtime_error(err);
    saw(log);
  }
  // Records each viewer's copy of the events of one commit, as the server sends them: its log
  // line is written from the state after the whole commit.
  void saw(const std::vector<pb::Event>& events) {
    std::vector<std::string> viewers(game->state().sides);
    viewers.push_back("spectator");
    viewers.push_back("gm");
    for (const auto& e : events) {
      for (const auto& v : viewers) {
        if (auto copy = game->log_line_for(e, v)) seen[v].emplace_back(e.seq(), copy->SerializeAsString());
      }
    }
  }
  std::unique_ptr<Game> game;
  std::unique_ptr<Bot> bot;
  Pcg32 rng;
  std::vector<pb::Event> log;  // every event, GameStarted first
  std::map<std::string, std::vector<std::pair<std::uint64_t, std::string>>> seen;  // viewer -> (seq, its copy)
  int orders = 0;
};

// The seat the server says it waits on; checks the oracle agrees.
std::string server_waits_on(const Seat& any_player, const Oracle& o) {
  const auto& w = any_player.view.turn().waiting_for();
  const std::vector<std::string> server(w.begin(), w.end());
  EXPECT_EQ(server, o.game->waiting_for()) << "at seq " << any_player.seq;
  if (server.empty()) throw std::runtime_error("the server waits on nobody but the game is not over");
  return server.front();
}

// Plays one bot order through the server; returns false (after recording a failure) if the
// server's answer differs from the oracle's.
bool play_one(std::map<std::string, std::unique_ptr<Seat>>& players, Oracle& o) {
  for (auto& [id, seat] : players) catch_up(*seat, o.game->seq());
  const std::string who = server_waits_on(*players.begin()->second, o);
  Seat& mover = *players.at(who);
  auto command = o.bot->choose(*o.game, who, o.rng);
  if (!command) {
    ADD_FAILURE() << "the bot for " << who << " found nothing to do";
    return false;
  }
  auto next = std::make_unique<Game>(*o.game);
  Outcome out = next->execute(*command);
  if (!out.accepted) {
    ADD_FAILURE() << "the oracle refused the bot's order: " << out.rejection.ShortDebugString();
    return false;
  }
  const auto reply = mover.order_at(*command, mover.seq);  // Order.seq = the room sequence
  if (!reply.has_order_accepted()) {
    ADD_FAILURE() << "order " << o.orders + 1 << " refused: " << reply.ShortDebugString();
    return false;
  }
  EXPECT_EQ(reply.order_accepted().event_count(), out.events.size()) << "order " << o.orders + 1;
  EXPECT_EQ(reply.order_accepted().seq(), next->seq()) << "order " << o.orders + 1;
  EXPECT_EQ(mover.seq, next->seq()) << "the Delta comes before the acceptance";
  o.game = std::move(next);
  o.log.insert(o.log.end(), out.events.begin(), out.events.end());
  o.saw(out.events);
  ++o.orders;
  return true;
}

// What `viewer` may see of the oracle's log after `after_seq`, in order.
std::vector<std::string> visible_events(const Oracle& o, const std::string& viewer, std::uint64_t after_seq) {
  std::vector<std::string> out;
  const auto it = o.seen.find(viewer);
  if (it == o.seen.end()) return out;
  for (const auto& [seq, bytes] : it->second) {
    if (seq > after_seq) out.push_back(bytes);
  }
  return out;
}

std::vector<std::string> serialized(const std::vector<pb::Event>& events) {
  std::vector<std::string> out;
  for (const auto& e : events) out.push_back(e.SerializeAsString());
  return out;
}

// Deltas carry log lines: the seq, the viewer's words and the dice, never the typed body (where a
// hidden unit's id or a plotted target would be) nor whom a hidden event was for.
void expect_log_lines_only(const std::vector<pb::Event>& events, const std::string& viewer) {
  for (const auto& e : events) {
    EXPECT_EQ(e.body_case(), pb::Event::BODY_NOT_SET) << viewer << " received an event's body: " << e.ShortDebugString();
    EXPECT_TRUE(e.visible_to().empty()) << viewer << ": " << e.ShortDebugString();
    EXPECT_FALSE(e.text().empty()) << viewer << " received an event without its log line: " << e.seq();
  }
}

void expect_log_is(const std::string& db, const std::string& room_id, const std::vector<pb::Event>& expected) {
  server::SqliteStorage storage(db);
  const auto stored = storage.events(room_id);
  ASSERT_EQ(stored.size(), expected.size());
  for (std::size_t i = 0; i < stored.size(); ++i) {
    ASSERT_EQ(stored[i].SerializeAsString(), expected[i].SerializeAsString()) << "event " << i + 1;
  }
}

// Issue 18: the stored orders with the stored log re-run the game from its seed, every event
// alike (what `sandtable-cli export` and `verify` do), and the seats are named without tokens.
void expect_verifies(const std::string& db, const std::string& room_id) {
  server::SqliteStorage storage(db);
  std::string error;
  const auto file = server::export_room(storage, room_id, &error);
  ASSERT_TRUE(file) << error;
  EXPECT_GT(file->orders_size(), 0);
  EXPECT_EQ(file->seats_size(), 4);  // two sides, the GM, the spectators
  const VerifyResult r = verify_game(builtin_registry(), *file);
  EXPECT_TRUE(r.ok) << r.summary << " / " << r.expected << " / " << r.found;
  EXPECT_EQ(r.events, static_cast<std::uint64_t>(file->events_size()));
  // The same through the CLI, as a club would: export the room to a file, verify the file.
  const std::string out = db + "." + room_id + ".json";
  const std::string cli = SANDTABLE_CLI;
  ASSERT_EQ(std::system((cli + " export --db " + db + " --room " + room_id + " --out " + out + " 2>/dev/null").c_str()), 0);
  FILE* p = popen((cli + " verify " + out).c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string said(512, '\0');
  said.resize(fread(said.data(), 1, said.size(), p));
  EXPECT_EQ(pclose(p), 0) << said;
  EXPECT_NE(said.find("every roll and card matches"), std::string::npos) << said;
}

void play_whole_game(const Match& m, std::uint64_t seed) {
  TempDir dir;
  const std::string db = dir.path + "/game.db";
  auto server = start_server(db);
  const auto room = create_room(server->port(), m, seed);
  Oracle o(m, seed);
  const pb::Scenario scenario = scenario_of(m);
  std::map<std::string, std::unique_ptr<Seat>> players;
  for (const auto& side : scenario.sides()) {
    players[side.id()] = std::make_unique<Seat>(server->port(), token_of(room, side.id()), 0, room.room_id());
    EXPECT_EQ(players[side.id()]->welcome.role(), pb::ROLE_PLAYER);
  }
  ASSERT_EQ(players.size(), 2u);
  Seat spectator(server->port(), token_of(room, "spectator"), 0, room.room_id());
  Seat gm(server->port(), token_of(room, "gm"), 1, room.room_id());  // resumes after GameStarted
  const std::uint64_t joined_at = players.begin()->second->seq;       // everyone got a Snapshot here
  EXPECT_EQ(joined_at, o.game->seq()) << "the room starts where the engine starts (GameStarted and the opening)";

  while (!o.game->over()) {
    ASSERT_LT(o.orders, 3000) << "the game does not end";
    ASSERT_TRUE(play_one(players, o));
  }
  const std::uint64_t end = o.game->seq();
  for (auto& [id, seat] : players) catch_up(*seat, end);
  catch_up(spectator, end);
  catch_up(gm, end);
  std::cout << "[ " << m.scenario_id << " ] " << o.orders << " orders, " << end << " events, winner '" << o.game->state().winner
            << "'; mean Delta to a player " << players.begin()->second->delta_bytes / std::max(1, players.begin()->second->deltas)
            << " bytes; the static table it leaves out "
            << server::static_table_of(o.game->view(players.begin()->first)).size() << " bytes\n";

  // The game is over on the server, for every seat alike; each seat's copy, built from Deltas
  // that mostly left the static table out, is the engine's View exactly.
  for (Seat* s : {players.begin()->second.get(), players.rbegin()->second.get(), &spectator, &gm}) {
    EXPECT_TRUE(s->view.result().over());
    EXPECT_EQ(s->view.result().winner(), o.game->state().winner);
    EXPECT_EQ(s->view.SerializeAsString(), o.game->view(s->view.viewer()).SerializeAsString()) << s->view.viewer();
    EXPECT_GT(s->deltas_without_table, o.orders / 2) << "the static table travelled again and again";
    EXPECT_GT(s->patches, o.orders / 2) << "the whole View travelled again and again, not what changed";
  }
  // Hidden events went only where they may: each seat received exactly what log_line_for gives it.
  int hidden = 0;
  for (const auto& e : o.log) hidden += e.visible_to().empty() ? 0 : 1;
  EXPECT_GT(hidden, 0) << "the game had no hidden events, so the secrecy checks proved nothing";
  for (auto& [id, seat] : players) {
    expect_log_lines_only(seat->events, id);
    EXPECT_EQ(serialized(seat->events), visible_events(o, id, joined_at)) << id;
  }
  expect_log_lines_only(spectator.events, "spectator");
  expect_log_lines_only(gm.events, "gm");
  EXPECT_EQ(serialized(spectator.events), visible_events(o, "spectator", joined_at));
  EXPECT_EQ(serialized(gm.events), visible_events(o, "gm", 1)) << "the GM sees every event";

  // A fresh Snapshot gives each seat exactly the engine's View.
  for (const std::string& seat : {players.begin()->first, players.rbegin()->first, std::string("spectator"),
                                 std::string("gm")}) {
    Seat fresh(server->port(), token_of(room, seat), 0, room.room_id());
    EXPECT_EQ(fresh.seq, end);
    EXPECT_EQ(fresh.view.SerializeAsString(), o.game->view(seat).SerializeAsString()) << seat;
  }
  // After the end, orders are refused by the rules and change nothing.
  Seat& any = *players.begin()->second;
  const auto late = any.order(answer(pb::Decision()));
  ASSERT_TRUE(late.has_order_rejected()) << late.ShortDebugString();
  EXPECT_EQ(late.order_rejected().rejection().code(), "GAME_OVER");
  EXPECT_EQ(server->stop(), 0);

  // The stored log is the oracle's, which is autoplay()'s uninterrupted run with the same seed.
  expect_log_is(db, room.room_id(), o.log);
  expect_verifies(db, room.room_id());
  AutoplayOptions opt;
  opt.seed = seed;
  opt.bot_for = [&](const std::string&) { return bot_of(m); };
  const auto run = autoplay(rules_of(m), scenario, opt);
  ASSERT_TRUE(run.finished) << run.error;
  EXPECT_EQ(serialized(run.log), serialized(o.log));
}

TEST(PwGameTest, BotsPlayAWholeGameThroughTheServerAndEachSeatSeesOnlyItsOwn) { play_whole_game(kPwMeeting, 20240917); }

// Battleground: the farm section starts hidden (BG-UNIT-09); its moves reach only the Allies.
TEST(BgGameTest, VillageAssaultThroughTheServerKeepsTheHiddenSectionSecret) { play_whole_game(kBgVillage, 1); }

// Battleground: a secret minefield, a dummy and two scheduled strikes stay with their owners.
TEST(BgGameTest, CombinedArmsThroughTheServerKeepsMinefieldsAndStrikesSecret) { play_whole_game(kBgCombined, 77); }

// Battleground with the server's bot in both seats (the GM's GmSeatBot): the room gives every
// order the game waits on, the sides' choice of melee pairs (BG-MEL-06/10) and the captors'
// choice of guards (BG-PRIS-01) included (bg.melee_pairing and bg.guards = players, the
// default), so the game reaches its end instead of hanging on a choice nobody answers.
int bots_in_seats(const Match& m, std::uint64_t seed, int* pairs, int* guards) {
  TempDir dir;
  auto server = start_server(dir.path + "/bots.db");
  const auto room = create_room(server->port(), m, seed);
  Seat gm(server->port(), token_of(room, "gm"), 1, room.room_id());
  const pb::Scenario scenario = scenario_of(m);
  for (const auto& side : scenario.sides()) {
    const pb::Envelope r = seat_bot(gm, side.id(), "bots play " + side.id());
    EXPECT_TRUE(r.has_order_accepted()) << r.ShortDebugString();
  }
  for (int i = 0; i < 1200 && !gm.view.result().over(); ++i) gm.drain(50ms);
  EXPECT_TRUE(gm.view.result().over()) << m.scenario_id << " seed " << seed << ": the bots did not finish";
  for (const auto& e : gm.events) {
    *pairs += e.text().find("keeps the listed order for melee round") != std::string::npos ||
              e.text().find("chooses the pairs for melee round") != std::string::npos;
    *guards += e.text().find("prisoner group") != std::string::npos && e.text().find("guard") != std::string::npos &&
               e.text().find("taken by") == std::string::npos;
  }
  return gm.view.result().over() ? 1 : 0;
}

TEST(BgGameTest, BotsInBothSeatsAnswerMeleePairsAndGuardsAndFinish) {
  int pairs = 0, guards = 0, finished = 0, games = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed, ++games) finished += bots_in_seats(kBgVillage, seed, &pairs, &guards);
  std::cout << "[ bots in seats ] village-assault: " << finished << " of " << games << " games finished; " << pairs
            << " choices of pairs, " << guards << " choices of guards\n";
  EXPECT_EQ(finished, games);
  EXPECT_GT(pairs, 0) << "no game waited on a choice of pairs, so this proved nothing";
}

void kill_nine_mid_game(const Match& m, std::uint64_t seed, int kills) {
  TempDir dir;
  const std::string db = dir.path + "/crash.db";
  auto server = start_server(db);
  const auto room = create_room(server->port(), m, seed);
  const pb::Scenario scenario = scenario_of(m);
  Oracle o(m, seed);
  Pcg32 chaos(static_cast<std::uint64_t>(std::time(nullptr)));  // when to kill: differs per run
  // An order sent just before a kill: the oracle's game after it and the bot's generator before it.
  std::unique_ptr<Game> in_flight;
  std::vector<pb::Event> in_flight_events;
  Pcg32 rng_before_flight;
  int killed = 0;
  while (!o.game->over()) {
    std::map<std::string, std::unique_ptr<Seat>> players;
    for (const auto& side : scenario.sides()) {
      players[side.id()] = std::make_unique<Seat>(server->port(), token_of(room, side.id()), 0, room.room_id());
    }
    const std::uint64_t server_seq = players.begin()->second->seq;
    if (in_flight) {
      // Durable (all of its events) or lost (none of them), never half.
      if (server_seq == in_flight->seq()) {
        o.game = std::move(in_flight);
        o.log.insert(o.log.end(), in_flight_events.begin(), in_flight_events.end());
        o.saw(in_flight_events);
        ++o.orders;
      } else {
        ASSERT_EQ(server_seq, o.game->seq()) << "a half-stored order";
        o.rng = rng_before_flight;  // the bot chooses that order again
      }
      in_flight.reset();
    }
    ASSERT_EQ(server_seq, o.game->seq()) << "an acknowledged order was lost in the crash";
    const std::uint32_t orders_before_kill = killed < kills ? 5 + chaos.below(15) : 1u << 30;
    for (std::uint32_t n = 0; n < orders_before_kill && !o.game->over(); ++n) {
      if (n + 1 == orders_before_kill && chaos.below(2) == 0) {
        for (auto& [id, seat] : players) catch_up(*seat, o.game->seq());
        const std::string who = server_waits_on(*players.begin()->second, o);
        rng_before_flight = o.rng;
        auto command = o.bot->choose(*o.game, who, o.rng);
        ASSERT_TRUE(command);
        in_flight = std::make_unique<Game>(*o.game);
        Outcome out = in_flight->execute(*command);
        ASSERT_TRUE(out.accepted);
        in_flight_events = out.events;
        pb::Envelope env;
        env.mutable_order()->set_seq(o.game->seq());
        *env.mutable_order()->mutable_command() = *command;
        players.at(who)->client.send(env);
        break;
      }
      ASSERT_TRUE(play_one(players, o));
    }
    if (o.game->over()) break;
    players.clear();
    server->kill9();
    ++killed;
    server = start_server(db);
  }
  EXPECT_EQ(killed, kills);
  std::cout << "[ " << m.scenario_id << " crash ] " << o.orders << " orders, " << killed << " kills\n";
  EXPECT_EQ(server->stop(), 0);
  expect_log_is(db, room.room_id(), o.log);
  expect_verifies(db, room.room_id());  // every acknowledged order kept with its events
  AutoplayOptions opt;
  opt.seed = seed;
  opt.bot_for = [&](const std::string&) { return bot_of(m); };
  const auto run = autoplay(rules_of(m), scenario, opt);
  ASSERT_TRUE(run.finished) << run.error;
  EXPECT_EQ(serialized(run.log), serialized(o.log)) << "the game ended as the uninterrupted run";
}

TEST(PwGameTest, KillNineMidGameStillEndsAsTheUninterruptedRun) { kill_nine_mid_game(kPwMeeting, 4711, 3); }

TEST(BgGameTest, KillNineMidGameStillEndsAsTheUninterruptedRun) { kill_nine_mid_game(kBgCombined, 4712, 3); }

// The tests above keep the random bot; this one seats the rule set's own bot (the smart one,
// RuleSet::make_bot) as a GM does for a solo player (ServerTest.TheGmPutsTheBotInSeats...), in
// both seats of the short hedgerow raid, and the room plays to its end. The room asks its bot
// once after each commit (server/room.cc), so an order of the bot's that the game refused, or a
// bot that found nothing to do, would leave the room waiting for ever: the room may never sit
// still while the game is not over.
const Match kBgHedgerow{"battleground", "bg/hedgerow-raid.json", "bg-hedgerow-raid"};

TEST(BgGameTest, TheRuleSetsOwnBotPlaysBothSeatsOfARoomToTheEnd) {
  TempDir dir;
  auto server = start_server(dir.path + "/solo.db");
  const auto room = create_room(server->port(), kBgHedgerow, 5);
  Seat gm(server->port(), token_of(room, "gm"), 0, room.room_id());
  const pb::Scenario scenario = scenario_of(kBgHedgerow);
  for (const auto& side : scenario.sides()) {
    // The bot may already be playing the first seat: an order against an old sequence is retried.
    const pb::Envelope reply = seat_bot(gm, side.id(), "a solo game");
    ASSERT_TRUE(reply.has_order_accepted()) << side.id() << ": " << reply.ShortDebugString();
  }
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  auto last_move = started;
  std::uint64_t last_seq = gm.seq;
  int most_turn = 0;
  while (!gm.view.result().over()) {
    gm.drain(100ms);
    most_turn = std::max(most_turn, gm.view.turn().turn());
    if (gm.seq != last_seq) {
      last_seq = gm.seq;
      last_move = Clock::now();
      continue;
    }
    std::string waiting;
    for (const auto& w : gm.view.turn().waiting_for()) waiting += " " + w;
    ASSERT_LT(Clock::now() - last_move, 15s) << "the room is stuck at seq " << gm.seq << ", turn " << gm.view.turn().turn()
                                             << ", waiting for" << waiting << " (a refused bot order?)";
    ASSERT_LT(Clock::now() - started, 240s) << "the game does not end (turn " << gm.view.turn().turn() << ")";
  }
  std::cout << "[ " << kBgHedgerow.scenario_id << " ] the smart bot in both seats: " << gm.seq << " events, " << most_turn
            << " turns, winner '" << gm.view.result().winner() << "'\n";
  EXPECT_GE(most_turn, 2) << "the game ended before it was played";
  bool seated = false;
  for (const auto& e : gm.events) seated |= e.text().find("GM puts the computer in the seat of") != std::string::npos;
  EXPECT_TRUE(seated);
}

}  // namespace
}  // namespace sandtable::testing
