#pragma once
// What the replay, import and branch tests over the real server share: the Battleground village
// assault with a fixed seed, played some orders by the bot through the server while a local game
// records each seat's live View; a request answered on a seat's connection; the game file's POST.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include <boost/asio/connect.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "engine/model/game.h"
#include "engine/model/scenario_io.h"
#include "engine/registry/builtin_registry.h"
#include "tests/server/test_support.h"
#include "tests/support/scenario_file.h"

namespace sandtable::testing {

inline constexpr std::uint64_t kSeed = 777;
inline constexpr int kOrders = 24;
inline const std::vector<std::string> kSeats = {"axis", "allies", "gm", "spectator"};

inline pb::Scenario village() { return load_scenario_file("bg/village-assault.json"); }

inline pb::View without_menu(pb::View v) {
  v.clear_menu();
  return v;
}

// Sends a request on a seat's connection and returns its answer (what comes first is absorbed).
inline pb::Envelope ask(Seat& s, const pb::Envelope& env) {
  const std::uint64_t rid = s.client.send(env);
  for (;;) {
    auto got = s.client.recv(10000ms);
    if (!got) throw std::runtime_error("no reply to " + env.ShortDebugString());
    if (got->request_id() == rid) return *got;
    s.absorb(*got);
  }
}

inline pb::Envelope replay_step(Seat& s, std::uint32_t step) {
  pb::Envelope env;
  env.mutable_replay_request()->set_step(step);
  return ask(s, env);
}

struct Played {
  pb::RoomCreated room;
  // views[k][seat]: the seat's live View after step k (0: the opening), without its menu.
  std::vector<std::map<std::string, std::string>> views;
  std::vector<std::string> movers;  // whose order each step after the opening was
};

inline std::map<std::string, std::string> views_of(const Game& g) {
  std::map<std::string, std::string> out;
  for (const auto& seat : kSeats) out[seat] = without_menu(g.view(seat)).SerializeAsString();
  return out;
}

inline Played play(unsigned short port) {
  Played p;
  {
    WsClient c(port);
    pb::Envelope env;
    env.mutable_create_room()->set_scenario_id("bg-village-assault");
    env.mutable_create_room()->set_has_seed(true);
    env.mutable_create_room()->set_seed(kSeed);
    const auto reply = c.reply_to(c.send(env));
    if (!reply.has_room_created()) throw std::runtime_error("create failed: " + reply.ShortDebugString());
    p.room = reply.room_created();
  }
  const RuleSet& rules = *builtin_registry().find("battleground");
  StartOptions o;
  o.seed = kSeed;
  std::string err;
  auto game = Game::start(rules, village(), o, nullptr, &err);
  if (!game) throw std::runtime_error(err);
  p.views.push_back(views_of(*game));
  auto bot = rules.make_bot();
  Pcg32 rng(kSeed, 99);
  std::map<std::string, std::unique_ptr<Seat>> players;
  for (const char* side : {"axis", "allies"}) players[side] = std::make_unique<Seat>(port, token_of(p.room, side));
  for (int i = 0; i < kOrders && !game->over(); ++i) {
    const std::string who = game->waiting_for().front();
    auto command = bot->choose(*game, who, rng);
    if (!command) throw std::runtime_error("the bot found nothing to do");
    command->set_seat(who);
    Seat& mover = *players.at(who);
    mover.drain(20ms);
    const auto reply = mover.order_at(*command, game->seq());
    if (!reply.has_order_accepted()) throw std::runtime_error("refused: " + reply.ShortDebugString());
    const std::uint64_t before = game->seq();
    Outcome out = game->execute(*command);
    if (!out.accepted || game->seq() == before) throw std::runtime_error("the oracle disagrees");
    p.views.push_back(views_of(*game));
    p.movers.push_back(who);
  }
  return p;
}


inline pb::Command gm_command(const std::function<void(pb::GmCommand&)>& fill) {
  pb::Command c;
  c.set_seat("gm");
  fill(*c.mutable_gm());
  return c;
}


// A game file posted to the verify page's /api/verify or to /api/import: the status, the verdict
// and error headers, and the words (or the new room's JSON).
struct Checked {
  unsigned status = 0;
  std::string verified, report, error;
};
inline Checked post_file(unsigned short port, const std::string& file, const char* path = "/api/verify") {
  namespace http = boost::beast::http;
  boost::asio::io_context io;
  boost::beast::tcp_stream stream(io);
  stream.connect({boost::asio::ip::make_address("127.0.0.1"), port});
  http::request<http::string_body> req(http::verb::post, path, 11);
  req.set(http::field::host, "127.0.0.1");
  req.body() = file;
  req.prepare_payload();
  http::write(stream, req);
  boost::beast::flat_buffer buffer;
  http::response_parser<http::string_body> res;
  res.body_limit(1 << 20);
  stream.expires_after(std::chrono::seconds(60));
  http::read(stream, buffer, res);
  return {res.get().result_int(), std::string(res.get()["X-Sandtable-Verified"]), res.get().body(),
          std::string(res.get()["X-Sandtable-Error"])};
}

inline pb::Envelope ask_export(Seat& s) {
  pb::Envelope env;
  env.mutable_export_request();
  return ask(s, env);
}

}  // namespace sandtable::testing
