// Several nodes behind HAProxy, on loopback (docs/hosting.md "Several nodes"): three real
// servers, each named with --node, behind the HAProxy configuration script/haproxy-config
// writes. Rooms are created through the proxy from several browsers' lobbies (so on every
// node), their players join through it at /ws/<room> and play Portable Wargame bot games
// through it; then one node is killed with SIGKILL with an order in flight:
//  - its players reconnect through the proxy and play on: with SQLite files when the node comes
//    back; with a shared PostgreSQL database on the node that takes its rooms over once the dead
//    node's leases run out, and again on their own node after it is back and they are handed back;
//  - the other nodes' players never notice: their connections stay open, every order is accepted;
//  - no acknowledged order is lost: each room comes back at or past its last acknowledged
//    sequence, and every order after that is accepted at exactly the sequence the bot game
//    (worked out here first, with the same seed) reaches.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "engine/model/scenario_io.h"
#include "engine/registry/builtin_registry.h"
#include "server/load/scripts.h"
#include "tests/server/cluster_support.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kNodes = 3;
constexpr int kRoomsPerNode = 2;
constexpr int kBeforeKill = 6;   // orders each room plays before the kill
constexpr int kDuringKill = 6;   // orders the living nodes' rooms play while one node is down
constexpr int kAfter = 6;        // orders every room plays after its node is back (or replaced)

std::string meeting_engagement_json() {
  std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/pw/meeting-engagement.json");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string name_of(int i) { return "n" + std::to_string(i + 1); }

// One room: its bot game, its players' links and connections, and how far it is acknowledged.
struct Room {
  std::string id;
  load::Script script;
  std::map<std::string, std::string> tokens;  // side -> token
  std::map<std::string, std::unique_ptr<Seat>> seats;
  std::size_t next = 0;       // the next step of the script to send
  std::uint64_t acked = 0;    // the highest sequence an acceptance reached us at
  int rejoins = 0;            // times its players lost their connections and joined again
  std::string node() const { return id.substr(0, id.find('-')); }
};

class Cluster {
 public:
  explicit Cluster(bool shared) : shared_(shared) {
    if (shared_) postgres_ = std::make_unique<Postgres>();
    for (int i = 0; i < kNodes; ++i) ports_.push_back(free_port());
    nodes_.resize(kNodes);
    for (int i = 0; i < kNodes; ++i) start(i);
    std::vector<std::string> named;
    for (int i = 0; i < kNodes; ++i) named.push_back(name_of(i) + "=127.0.0.1:" + std::to_string(ports_[i]));
    proxy_ = std::make_unique<Haproxy>(dir_.path, free_port(), named, shared_);
  }

  void start(int i) {
    const std::string db = shared_ ? postgres_->url() : dir_.path + "/" + name_of(i) + ".db";
    // Every client comes from the proxy's address: the per-address caps are the proxy's to keep.
    nodes_[i] = std::make_unique<ServerProcess>(
        SANDTABLE_SERVER_BINARY, db,
        std::vector<std::string>{"--port", std::to_string(ports_[i]), "--node", name_of(i), "--lease-ms", "3000",
                                 "--allow-fixed-seed", "--max-per-address", "0", "--rooms-per-minute", "0",
                                 "--bad-tokens-per-minute", "0", "--scenarios",
                                 std::string(SANDTABLE_SOURCE_DIR) + "/scenarios"});
  }
  void kill9(int i) { nodes_[i]->kill9(); }
  unsigned short proxy() const { return proxy_->port(); }
  unsigned short node_port(int i) const { return ports_[i]; }

 private:
  bool shared_;
  TempDir dir_;
  std::unique_ptr<Postgres> postgres_;
  std::vector<unsigned short> ports_;
  std::vector<std::unique_ptr<ServerProcess>> nodes_;
  std::unique_ptr<Haproxy> proxy_;
};

// Creates rooms through the proxy from different lobbies until every node has kRoomsPerNode.
std::vector<Room> create_rooms(unsigned short proxy, const std::string& scenario_json) {
  const pb::Scenario scenario = *parse_scenario(scenario_json, builtin_registry()).scenario;
  std::vector<Room> rooms;
  std::map<std::string, int> per_node;
  const auto deadline = Clock::now() + 60s;
  for (int home = 0; static_cast<int>(rooms.size()) < kNodes * kRoomsPerNode; ++home) {
    if (Clock::now() > deadline) throw std::runtime_error("could not place rooms on every node through the proxy");
    std::unique_ptr<WsClient> lobby;
    try {
      lobby = std::make_unique<WsClient>(proxy, "/ws?home=h" + std::to_string(home));
    } catch (const std::exception&) {
      std::this_thread::sleep_for(200ms);  // the proxy's first health checks
      continue;
    }
    Room room;
    room.script = load::make_script(scenario, 1000 + static_cast<std::uint64_t>(home));
    pb::Envelope env;
    // The file itself, as sandtable-load sends it: the room then starts exactly as the script did.
    env.mutable_create_room()->set_scenario_json(scenario_json);
    env.mutable_create_room()->set_has_seed(true);
    env.mutable_create_room()->set_seed(room.script.seed);
    const auto reply = lobby->reply_to(lobby->send(env), 20s);
    if (!reply.has_room_created()) throw std::runtime_error("create refused: " + reply.ShortDebugString());
    room.id = reply.room_created().room_id();
    if (per_node[room.node()] >= kRoomsPerNode) continue;
    ++per_node[room.node()];
    for (const auto& l : reply.room_created().links()) {
      if (l.role() == pb::ROLE_PLAYER) room.tokens[l.seat()] = l.token();
    }
    rooms.push_back(std::move(room));
  }
  return rooms;
}

// Joins (or joins again) every side of a room through the proxy, retrying while its node is
// away or the room is on its way to another node; returns the room's sequence.
std::uint64_t join(Room& room, unsigned short proxy, std::chrono::seconds patience) {
  const auto deadline = Clock::now() + patience;
  std::string last_error;
  for (auto& [side, token] : room.tokens) {
    for (;;) {
      try {
        room.seats[side] = std::make_unique<Seat>(proxy, token, 0, room.id);
        break;
      } catch (const std::exception& e) {
        last_error = e.what();
        if (Clock::now() > deadline) {
          throw std::runtime_error("room " + room.id + ": could not rejoin: " + last_error);
        }
        std::this_thread::sleep_for(250ms);
      }
    }
  }
  return room.seats.begin()->second->seq;
}

// Plays the room's next step from the seat it belongs to; false when the connection went away
// before an answer came.
bool play(Room& room) {
  const auto& step = room.script.steps.at(room.next);
  pb::Envelope env;
  env.ParseFromString(step.envelope);
  Seat& seat = *room.seats.at(step.seat);
  pb::Envelope reply;
  try {
    reply = seat.order_at(env.order().command(), step.seq_before);
  } catch (const std::exception&) {
    return false;
  }
  if (!reply.has_order_accepted()) {
    ADD_FAILURE() << "room " << room.id << " step " << room.next << ": " << reply.ShortDebugString();
    return false;
  }
  EXPECT_EQ(reply.order_accepted().seq(), step.seq_after) << room.id;
  room.acked = reply.order_accepted().seq();
  ++room.next;
  return true;
}

// After a rejoin: the room must hold every acknowledged order; play on from where it is.
void resume(Room& room, std::uint64_t seq) {
  ASSERT_GE(seq, room.acked) << "room " << room.id << " lost an acknowledged order";
  std::size_t i = 0;
  while (i < room.script.steps.size() && room.script.steps[i].seq_before < seq) ++i;
  ASSERT_TRUE(i < room.script.steps.size() && room.script.steps[i].seq_before == seq)
      << "room " << room.id << " came back at " << seq << ", which is not a point of its game";
  // At most the one order in flight at the kill may have landed without its answer.
  EXPECT_LE(i, room.next + 1) << room.id;
  room.next = i;
}

// Plays `n` orders in every room of `rooms`; a room whose connection drops is rejoined (it was
// moved or its node died) and must resume without losing an acknowledged order.
void play_all(std::vector<Room*> rooms, int n, unsigned short proxy) {
  for (int k = 0; k < n; ++k) {
    for (Room* r : rooms) {
      if (r->next >= r->script.steps.size()) continue;
      while (!play(*r)) {
        ASSERT_LT(++r->rejoins, 10) << r->id << " keeps losing its connections";
        resume(*r, join(*r, proxy, 60s));
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

void survive_a_killed_node(bool shared) {
  if (const auto missing = cluster_tools_missing(); !missing.empty()) FAIL() << missing;
  Cluster cluster(shared);
  std::vector<Room> rooms = create_rooms(cluster.proxy(), meeting_engagement_json());
  for (auto& r : rooms) join(r, cluster.proxy(), 20s);
  std::vector<Room*> all;
  for (auto& r : rooms) all.push_back(&r);
  play_all(all, kBeforeKill, cluster.proxy());
  if (::testing::Test::HasFailure()) return;

  // n2 dies with an order of one of its rooms sent and unanswered.
  std::vector<Room*> victims, others;
  for (auto& r : rooms) (r.node() == "n2" ? victims : others).push_back(&r);
  ASSERT_EQ(victims.size(), static_cast<std::size_t>(kRoomsPerNode));
  {
    Room& r = *victims.front();
    const auto& step = r.script.steps.at(r.next);
    pb::Envelope env;
    env.ParseFromString(step.envelope);
    env.clear_request_id();
    r.seats.at(step.seat)->client.send(env);
  }
  cluster.kill9(1);
  const auto down = Clock::now();

  // The other nodes' rooms play on, on the same connections, while n2 is down.
  play_all(others, kDuringKill, cluster.proxy());
  if (::testing::Test::HasFailure()) return;
  for (Room* r : others) EXPECT_EQ(r->rejoins, 0) << r->id << " noticed the other node's death";

  // With SQLite, n2's rooms are in n2's file: they are back when n2 is. With PostgreSQL, n3 (next
  // in the proxy's list) takes them over once n2's leases run out, without n2.
  if (!shared) cluster.start(1);
  for (Room* r : victims) resume(*r, join(*r, cluster.proxy(), 60s));
  std::printf("%s: n2's rooms playable again %.1f s after the kill\n", shared ? "postgresql" : "sqlite",
              std::chrono::duration<double>(Clock::now() - down).count());
  // Served where the rule says: by n2 again (SQLite), or by n3, next in the proxy's list.
  for (Room* r : victims) {
    EXPECT_NO_THROW(Seat(cluster.node_port(shared ? 2 : 1), r->tokens.begin()->second, 0, r->id)) << r->id;
  }
  play_all(victims, kAfter, cluster.proxy());
  if (::testing::Test::HasFailure()) return;

  if (shared) {
    // n2 returns: n3 hands its rooms back, their players are sent to reconnect, and play on n2.
    cluster.start(1);
    const auto deadline = Clock::now() + 30s;
    for (Room* r : victims) {
      // Until n3 has handed the room back, a join straight at n2 is told the room is moving.
      for (;;) {
        try {
          Seat direct(cluster.node_port(1), r->tokens.begin()->second, 0, r->id);
          break;
        } catch (const std::exception& e) {
          ASSERT_LT(Clock::now(), deadline) << r->id << " never went back to n2: " << e.what();
          std::this_thread::sleep_for(250ms);
        }
      }
    }
    play_all(victims, kAfter, cluster.proxy());
    if (::testing::Test::HasFailure()) return;
  }
  play_all(others, kAfter, cluster.proxy());
  if (::testing::Test::HasFailure()) return;
  for (Room* r : others) EXPECT_EQ(r->rejoins, 0) << r->id << " noticed the other node's death or return";

  // A room no node has is, once the database has said so, UNKNOWN_ROOM (a dead link), not a
  // room forever on its way.
  std::string answer;
  for (int i = 0; i < 20 && answer != "UNKNOWN_ROOM"; ++i) {
    WsClient c(cluster.proxy(), "/ws/n1-00000000deadbeef");
    pb::Envelope hello;
    hello.mutable_hello()->set_token(std::string(64, 'a'));
    hello.mutable_hello()->set_room_id("n1-00000000deadbeef");
    c.send(hello);
    const auto got = c.recv(5000ms);
    answer = got && got->has_error() ? got->error().code() : "nothing";
    EXPECT_TRUE(answer == "UNKNOWN_ROOM" || (shared && answer == "ROOM_MOVING")) << answer;
  }
  EXPECT_EQ(answer, "UNKNOWN_ROOM");

  // Every room, joined afresh, stands exactly at its last acknowledged order.
  for (auto& r : rooms) {
    Seat fresh(cluster.proxy(), r.tokens.begin()->second, 0, r.id);
    EXPECT_EQ(fresh.seq, r.acked) << r.id;
  }
}

// A node that keeps its rooms in its own file tells a client sent to it for another node's room
// (the proxy does that only while that node is away) to come back later, and one for a room of its
// own it does not have that there is no such room.
TEST(ClusterTest, ANodeSendsAnotherNodesRoomsPlayersBackAndRefusesUnknownRoomsOfItsOwn) {
  TempDir dir;
  ServerProcess node(SANDTABLE_SERVER_BINARY, dir.path + "/n1.db",
                     {"--node", "n1", "--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios"});
  auto hello = [&](const std::string& room) {
    WsClient c(node.port(), "/ws/" + room);
    pb::Envelope env;
    env.mutable_hello()->set_token(std::string(64, 'a'));
    env.mutable_hello()->set_room_id(room);
    c.send(env);
    const auto got = c.recv(5000ms);
    const std::string code = got && got->has_error() ? got->error().code() : "no error";
    // Sent away: the server closes the connection (the client reconnects later).
    const bool closed = code == "ROOM_MOVING" && !c.recv(5000ms) && c.closed();
    return std::make_pair(code, closed);
  };
  EXPECT_EQ(hello("n2-00000000deadbeef"), std::make_pair(std::string("ROOM_MOVING"), true));
  EXPECT_EQ(hello("n1-00000000deadbeef").first, "UNKNOWN_ROOM");
  // Not shaped like any room's id (Rooms mints a-z, 0-9 and '-'): no node has it.
  EXPECT_EQ(hello("N2-00000000DEADBEEF").first, "UNKNOWN_ROOM");

  // And the rooms it makes carry its name.
  WsClient lobby(node.port(), "/ws?home=h");
  pb::Envelope create;
  create.mutable_create_room()->set_scenario_id("pw-meeting-engagement");
  const auto reply = lobby.reply_to(lobby.send(create), 20s);
  ASSERT_TRUE(reply.has_room_created()) << reply.ShortDebugString();
  EXPECT_EQ(reply.room_created().room_id().rfind("n1-", 0), 0u) << reply.room_created().room_id();
}

// Nodes sharing a database must be named, or each would load and write every room.
TEST(ClusterTest, AServerOnPostgresqlWithoutANodeNameRefusesToStart) {
  const std::string cmd = std::string(SANDTABLE_SERVER_BINARY) +
                          " --port 0 --db postgresql://nobody@127.0.0.1:1/none >/dev/null 2>&1";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 64);
}

TEST(ClusterTest, ThreeSqliteNodesBehindHaproxySurviveAKilledNode) { survive_a_killed_node(false); }

TEST(ClusterTest, ThreeNodesSharingPostgresqlTakeOverAKilledNodesRooms) { survive_a_killed_node(true); }

}  // namespace
}  // namespace sandtable::testing
