#pragma once
// Helpers shared by the server tests: where the binaries are, creating a room, and a Seat
// (one joined connection that keeps its sequence, view and every event it was sent).
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tests/server/server_process.h"
#include "tests/server/ws_client.h"

namespace sandtable::testing {

std::string test_server_binary();  // sandtable-test-server (counter rule set)
std::string test_scenarios_dir();  // tests/server/scenarios
// The counter rule set's duel (tests/server/scenarios/counter-duel.json), first to `target`.
pb::Scenario counter_scenario(int target = 20);

// Starts the test server with the test scenarios and fixed seeds allowed.
std::unique_ptr<ServerProcess> start_test_server(const std::string& db, std::vector<std::string> extra = {});

pb::RoomCreated create_counter_room(unsigned short port, std::uint64_t seed, int target = 20);
// A room of a built-in scenario (its id, e.g. "pw-meeting-engagement") with a fixed seed and the
// lobby's options; fails the test when the lobby refuses it.
pb::RoomCreated create_scenario_room(unsigned short port, const std::string& scenario_id, std::uint64_t seed,
                                     const std::map<std::string, std::string>& options = {});
std::string token_of(const pb::RoomCreated& room, const std::string& seat);

struct Seat {
  // With a room id it connects at /ws/<room>, as the browser does (a proxy routes by it).
  // `deflate`: the connection offers permessage-deflate (client.deflated() says if it was taken).
  Seat(unsigned short port, const std::string& token, std::uint64_t last_seq = 0, const std::string& room_id = "",
       bool deflate = false);
  // Applies a Snapshot or Delta (checking the sequence chain) and records chat.
  void absorb(const pb::Envelope& env);
  // Reads and absorbs pushes until nothing arrives for `quiet`.
  void drain(std::chrono::milliseconds quiet = 100ms);
  // Sends an order against the current sequence and returns the reply (accepted, rejected or
  // error), absorbing the deltas that come first.
  pb::Envelope order(const pb::Command& command);
  pb::Envelope order_at(const pb::Command& command, std::uint64_t seq);
  // The pending decision addressed to this seat, if any.
  const pb::Decision* my_decision() const;

  WsClient client;
  pb::Welcome welcome;
  std::uint64_t seq = 0;
  pb::View view;
  int deltas = 0;
  std::size_t delta_bytes = 0;   // of every Delta envelope received
  int deltas_without_table = 0;  // Deltas that left the static table out (a patch, or same_table)
  int patches = 0;               // Deltas that carried a patch
  std::vector<pb::Event> events;       // every event received, in order
  std::vector<pb::ChatMessage> chat;
  std::vector<std::string> all_bytes;  // every frame's bytes, to search for leaked secrets
};

pb::Command answer(const pb::Decision& d);

// The GM hands `side` to the computer (a GmEdit seat_bot), sending again while the bots already
// seated make the order stale by playing on; the last reply.
pb::Envelope seat_bot(Seat& gm, const std::string& side, const std::string& reason = "the bots play");

// One GET over a fresh TCP connection (`headers`: more lines, each ending "\r\n"); the response
// as far as the server sent it before closing (an upgrade's 101 stays open: read with a limit).
std::string http_get(unsigned short port, const std::string& path, const std::string& headers = "");
// One unlabelled value of the server's /metrics (~0 when it is not there).
std::uint64_t metric(unsigned short port, const std::string& name);

}  // namespace sandtable::testing
