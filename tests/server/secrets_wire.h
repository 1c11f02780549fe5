#pragma once
// The secrets scan's side of the wire (secrets_scan_test.cc): the scenarios it plays, the server it
// starts, and one connection that keeps every envelope as the bytes that carried it.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "engine/core/cards.h"
#include "engine/core/rng.h"
#include "engine/model/scenario_io.h"
#include "engine/model/view_patch.h"
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_state.h"
#include "sandtable/rulesets/bg/bg.pb.h"
#include "server/static_table.h"
#include "server/load/wire_peek.h"
#include "tests/server/ws_client.h"
#include "tests/support/scenario_file.h"
#include "tests/server/secrets_scan.h"
#include "tests/server/server_process.h"

namespace sandtable::testing::scan {

namespace pb = ::sandtable::v1;
using namespace std::chrono_literals;
using secrets::Hit;
using secrets::Kind;
using secrets::Secrets;

// autoplay()'s bot stream (engine/model/autoplay.cc).
constexpr std::uint64_t kBotStream = 0xb07b07b07ULL;

struct Match {
  const char* ruleset;
  const char* file;
  const char* scenario_id;
};

// Every demo scenario that hides something beyond the seed (the test checks each did).
inline const std::vector<Match> kScenarios = {
    {"battleground", "bg/village-assault.json", "bg-village-assault"},
    {"battleground", "bg/combined-arms.json", "bg-combined-arms"},
    {"battleground", "bg/crossroads.json", "bg-crossroads"},
    {"battleground", "bg/hedgerow-raid.json", "bg-hedgerow-raid"},
    {"portable-wargame-19c", "pw/meeting-engagement.json", "pw-meeting-engagement"},
    {"portable-wargame-19c", "pw/entrenched-assault.json", "pw-entrenched-assault"},
    {"one-hour-ww2", "oh/village-attack.json", "oh-village-attack"},
    {"rookie-rules", "rookie/farm-assault.json", "rr-farm-assault"},
    {"rookie-rules", "rookie/crossroads-armour.json", "rr-crossroads-armour"},
};

inline const RuleSet& rules_of(const Match& m) { return *builtin_registry().find(m.ruleset); }

inline pb::Scenario scenario_of(const Match& m) { return load_scenario_file(m.file); }

inline std::unique_ptr<ServerProcess> start_server(const std::string& db) {
  // No caps that a test playing at full speed from one address would meet; no fsync per commit
  // (durability is not what this test is about); small kernel send buffers, so that messages to a
// reader that pauses queue on the server and leave as batches.
  return std::make_unique<ServerProcess>(
      SANDTABLE_SERVER_BINARY, db,
      std::vector<std::string>{"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--allow-fixed-seed", "--threads", "2",
                               "--max-per-address", "0", "--rooms-per-minute", "0", "--bad-tokens-per-minute", "0", "--rate",
                               "100000", "--burst", "100000", "--sync", "normal", "--send-buffer", "4096"});
}

inline std::string token_of(const pb::RoomCreated& room, const std::string& seat) {
  for (const auto& l : room.links()) {
    if (l.seat() == seat) return l.token();
  }
  throw std::runtime_error("no link for " + seat);
}

// One envelope as it came, and the room sequences it spans: the one its connection held before it
// (or the catch-up's start) and the one it left it at. Inside a batch, an envelope's bytes are the
// slice of the WebSocket message that carried it, so each is scanned for its own moments.
struct Message {
  std::string bytes;
  std::uint64_t from = 0, to = 0;
  std::size_t frame = 0;  // the WebSocket message, counted from 1
  bool in_batch = false;
};

// The envelopes of one WebSocket message, as the bytes that carried them: a batch's entries
// are slices of its bytes (load::batch_parts, what the load tool reads them with), and a batch may
// hold batches.
inline void split(std::string_view b, std::vector<std::string_view>& out) {
  std::vector<std::string_view> entries;
  if (!load::batch_parts(b.data(), b.size(), entries)) throw std::runtime_error("a message that is not an Envelope");
  if (entries.empty()) {
    out.push_back(b);
    return;
  }
  for (const auto e : entries) split(e, out);
}

// One connection: it keeps every envelope's bytes, and its seat's sequence and View as a client
// would.
struct Conn {
  Conn(unsigned short port, const std::string& token, std::uint64_t last_seq, std::string kind_, std::string viewer_,
       int receive_buffer = 0)
      : kind(std::move(kind_)), viewer(std::move(viewer_)), client(port, "/ws", receive_buffer), seq(last_seq) {
    pb::Envelope env;
    env.mutable_hello()->set_token(token);
    env.mutable_hello()->set_last_seq(last_seq);
    const auto rid = client.send(env);
    const auto welcome = reply_to(rid);
    if (!welcome.has_welcome()) throw std::runtime_error("hello refused: " + welcome.ShortDebugString());
    while (catchups == 0) {
      if (!pump(10s)) throw std::runtime_error(viewer + ": no catch-up after the Welcome");
    }
  }

  // Reads one WebSocket message (waiting up to `timeout`); false when none came.
  bool pump(std::chrono::milliseconds timeout) {
    auto bytes = client.recv_bytes(timeout);
    if (!bytes) {
      if (client.closed()) throw std::runtime_error(viewer + "'s connection closed");
      return false;
    }
    ++frames;
    frame_bytes += bytes->size();
    std::vector<std::string_view> parts;
    split(*bytes, parts);
    if (parts.size() > 1 || parts.front().size() != bytes->size()) ++batches;
    for (const auto part : parts) {
      pb::Envelope e;
      if (!e.ParseFromArray(part.data(), static_cast<int>(part.size()))) throw std::runtime_error(viewer + " received bytes that are no Envelope");
      if (e.batch_size() > 0) throw std::runtime_error(viewer + ": a batch the split missed");
      Message m;
      m.from = e.has_delta() ? std::min(seq, e.delta().from_seq()) : seq;
      absorb(e);
      m.to = seq;
      m.bytes = std::string(part);
      m.frame = frames;
      m.in_batch = parts.size() > 1 || part.size() != bytes->size();
      messages.push_back(std::move(m));
      if (e.request_id() != 0) replies.push_back(std::move(e));
    }
    return true;
  }

  void drain() {
    while (pump(0ms)) {
    }
  }

  void catch_up(std::uint64_t to) {
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (seq < to) {
      if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error(viewer + " did not reach seq " + std::to_string(to));
      pump(100ms);
    }
  }

  pb::Envelope reply_to(std::uint64_t rid) {
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    for (;;) {
      for (auto it = replies.begin(); it != replies.end(); ++it) {
        if (it->request_id() != rid) continue;
        pb::Envelope out = std::move(*it);
        replies.erase(it);
        return out;
      }
      if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error(viewer + ": no reply to request " + std::to_string(rid));
      pump(100ms);
    }
  }

  void absorb(const pb::Envelope& env) {
    if (env.has_snapshot()) {
      seq = env.snapshot().seq();
      view = env.snapshot().view();
      ++catchups;
    } else if (env.has_delta()) {
      const auto& d = env.delta();
      // A catch-up (joining, Resync) starts where the client asked and carries the whole View.
      if (d.from_seq() != seq && !d.has_view()) {
        throw std::runtime_error(viewer + ": a Delta from " + std::to_string(d.from_seq()) + " at " + std::to_string(seq));
      }
      if (d.has_patch()) {
        if (!apply_patch(view, d.patch(), d.seq())) throw std::runtime_error(viewer + ": a patch that does not fit");
      } else if (d.has_view()) {
        pb::View next = d.view();
        if (d.same_table()) server::copy_static_table(view, next);
        view = std::move(next);
      } else {
        view.set_seq(d.seq());
      }
      seq = d.seq();
      ++catchups;
    }
  }

  std::string kind;    // "player", "spectator", "gm", "lobby"
  std::string viewer;  // whose View: a side, "spectator", "gm"
  WsClient client;
  std::uint64_t seq = 0;
  pb::View view;
  int catchups = 0;  // Snapshots and Deltas received
  long frames = 0, batches = 0, frame_bytes = 0;  // WebSocket messages
  std::deque<pb::Envelope> replies;
  std::vector<Message> messages;
};

// What each viewer may not know after the opening and after each order.

}  // namespace sandtable::testing::scan
