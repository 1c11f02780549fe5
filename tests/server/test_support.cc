#include "tests/server/test_support.h"

#include "engine/model/scenario_io.h"
#include "engine/model/view_patch.h"

#include "server/line_seqs.h"
#include "server/static_table.h"
#include "tests/server/counter_rules.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace sandtable::testing {

pb::Scenario counter_scenario(int target) {
  std::ifstream in(test_scenarios_dir() + "/counter-duel.json");
  std::stringstream text;
  text << in.rdbuf();
  pb::Scenario s = *parse_scenario(text.str(), counter_registry()).scenario;
  for (auto& o : *s.mutable_options()) {
    if (o.key() == "target") o.set_value(std::to_string(target));
  }
  return s;
}

std::string test_server_binary() { return SANDTABLE_TEST_SERVER; }
std::string test_scenarios_dir() { return SANDTABLE_TEST_SCENARIOS; }

std::unique_ptr<ServerProcess> start_test_server(const std::string& db, std::vector<std::string> extra) {
  // The suite opens many connections and rooms from one address: no caps unless a test sets them.
  std::vector<std::string> args = {"--scenarios", test_scenarios_dir(), "--allow-fixed-seed", "--threads", "2",
                                   "--max-per-address", "0", "--rooms-per-minute", "0", "--bad-tokens-per-minute", "0"};
  args.insert(args.end(), extra.begin(), extra.end());
  return std::make_unique<ServerProcess>(test_server_binary(), db, args);
}

pb::RoomCreated create_counter_room(unsigned short port, std::uint64_t seed, int target) {
  WsClient c(port);
  pb::Envelope env;
  auto* cr = env.mutable_create_room();
  cr->set_scenario_id("counter-duel");
  cr->set_has_seed(true);
  cr->set_seed(seed);
  (*cr->mutable_options())["target"] = std::to_string(target);
  const auto reply = c.reply_to(c.send(env));
  if (!reply.has_room_created()) throw std::runtime_error("create failed: " + reply.ShortDebugString());
  return reply.room_created();
}

pb::RoomCreated create_scenario_room(unsigned short port, const std::string& scenario_id, std::uint64_t seed,
                                     const std::map<std::string, std::string>& options) {
  WsClient lobby(port);
  pb::Envelope env;
  auto* c = env.mutable_create_room();
  c->set_scenario_id(scenario_id);
  c->set_has_seed(true);
  c->set_seed(seed);
  for (const auto& [k, v] : options) (*c->mutable_options())[k] = v;
  const auto created = lobby.reply_to(lobby.send(env));
  if (!created.has_room_created()) throw std::runtime_error("the lobby refused the room: " + created.ShortDebugString());
  return created.room_created();
}

std::string token_of(const pb::RoomCreated& room, const std::string& seat) {
  for (const auto& l : room.links()) {
    if (l.seat() == seat) return l.token();
  }
  throw std::runtime_error("no link for " + seat);
}

Seat::Seat(unsigned short port, const std::string& token, std::uint64_t last_seq, const std::string& room_id,
           bool deflate)
    : client(port, room_id.empty() ? "/ws" : "/ws/" + room_id, 0, deflate) {
  pb::Envelope env;
  env.mutable_hello()->set_token(token);
  env.mutable_hello()->set_last_seq(last_seq);
  env.mutable_hello()->set_room_id(room_id);
  seq = last_seq;
  const auto rid = client.send(env);
  const auto reply = client.reply_to(rid);
  if (!reply.has_welcome()) throw std::runtime_error("hello refused: " + reply.ShortDebugString());
  welcome = reply.welcome();
  absorb(client.expect([](const pb::Envelope& e) { return e.has_snapshot() || e.has_delta(); }));
}

pb::Envelope seat_bot(Seat& gm, const std::string& side, const std::string& reason) {
  pb::Command c;
  c.set_seat("gm");
  auto* e = c.mutable_gm()->mutable_edit();
  e->set_reason(reason);
  e->mutable_seat_bot()->set_side(side);
  e->mutable_seat_bot()->set_bot(true);
  pb::Envelope reply;
  for (int attempt = 0; attempt < 50; ++attempt) {
    gm.drain(30ms);
    reply = gm.order(c);
    if (!reply.has_order_rejected() || reply.order_rejected().rejection().code() != "STALE_SEQUENCE") break;
  }
  return reply;
}

void Seat::absorb(const pb::Envelope& env) {
  all_bytes.push_back(env.SerializeAsString());
  if (env.has_snapshot()) {
    seq = env.snapshot().seq();
    view = env.snapshot().view();
  } else if (env.has_delta()) {
    if (env.delta().from_seq() != seq) {
      throw std::runtime_error("delta from " + std::to_string(env.delta().from_seq()) + " but we are at " +
                               std::to_string(seq));
    }
    pb::Delta numbered = env.delta();
    server::number_lines(numbered);
    for (const auto& e : numbered.events()) events.push_back(e);
    seq = env.delta().seq();
    ++deltas;
    delta_bytes += env.ByteSizeLong();
    if (env.delta().has_patch()) {
      // What changed in the View we hold (docs/protocol.md "Patches"); the table stays ours.
      if (!apply_patch(view, env.delta().patch(), seq)) {
        throw std::runtime_error("a patch to seq " + std::to_string(seq) + " does not fit the View we hold");
      }
      ++deltas_without_table;
      ++patches;
    } else if (env.delta().has_view()) {
      // A Delta that leaves out the static table keeps ours (Delta.same_table).
      pb::View next = env.delta().view();
      if (env.delta().same_table()) {
        server::copy_static_table(view, next);
        ++deltas_without_table;
      }
      view = std::move(next);
    } else {
      view.set_seq(seq);
    }
  } else if (env.has_chat()) {
    chat.push_back(env.chat());
  }
}

void Seat::drain(std::chrono::milliseconds quiet) {
  while (auto env = client.recv(quiet)) absorb(*env);
  // recv() returns nothing both when quiet and when closed.
  if (client.closed()) throw std::runtime_error("connection closed while draining");
}

pb::Envelope Seat::order(const pb::Command& command) { return order_at(command, seq); }

pb::Envelope Seat::order_at(const pb::Command& command, std::uint64_t at) {
  pb::Envelope env;
  env.mutable_order()->set_seq(at);
  *env.mutable_order()->mutable_command() = command;
  const auto rid = client.send(env);
  for (;;) {
    auto got = client.recv(10000ms);
    if (!got) throw std::runtime_error("no reply to the order");
    if (got->request_id() == rid) return *got;
    absorb(*got);
  }
}

const pb::Decision* Seat::my_decision() const {
  for (const auto& d : view.decisions()) {
    if (d.seat() == welcome.seat()) return &d;
  }
  return nullptr;
}

pb::Command answer(const pb::Decision& d) {
  pb::Command c;
  c.mutable_answer()->set_decision_id(d.id());
  c.mutable_answer()->set_choice_id(d.choices().empty() ? "advance" : d.choices(0).id());
  return c;
}

// One GET over a fresh TCP connection (`headers`: more lines, each ending "\r\n"); the response
// as far as the server sent it before closing (an upgrade's 101 stays open: read with a limit).
std::string http_get(unsigned short port, const std::string& path, const std::string& headers) {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket s(io);
  s.connect({boost::asio::ip::make_address("127.0.0.1"), port});
  const bool upgrade = headers.find("Upgrade") != std::string::npos;
  const std::string req = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n" +
                          (upgrade ? "" : "Connection: close\r\n") + headers + "\r\n";
  boost::asio::write(s, boost::asio::buffer(req));
  std::string out;
  boost::system::error_code ec;
  if (upgrade) {
    boost::asio::read_until(s, boost::asio::dynamic_buffer(out), "\r\n\r\n", ec);
  } else {
    boost::asio::read(s, boost::asio::dynamic_buffer(out), ec);
  }
  return out;
}

std::uint64_t metric(unsigned short port, const std::string& name) {
  std::istringstream in(http_get(port, "/metrics"));
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(name + ' ', 0) == 0) return std::stoull(line.substr(name.size() + 1));
  }
  return ~0ull;
}

}  // namespace sandtable::testing
