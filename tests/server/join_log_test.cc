// A page joining with no sequence of its own (Hello last_seq 0: a new device, a GM or spectator
// arriving mid-game) is sent a Snapshot with the latest log lines its seat may see
// (docs/protocol.md "Catch-up"): the same lines, word for word, that a page of that seat
// connected all along received, at most Room::kSnapshotLogLines of them; a page that held a
// sequence gets none (its log is its own).
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "server/room.h"
#include "tests/server/server_process.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

using namespace std::chrono_literals;

// The Snapshot a Seat was first sent, as it came.
pb::Snapshot first_snapshot(const Seat& s) {
  for (const auto& bytes : s.all_bytes) {
    pb::Envelope env;
    if (env.ParseFromString(bytes) && env.has_snapshot()) return env.snapshot();
  }
  return {};
}

std::vector<std::string> lines_of(const google::protobuf::RepeatedPtrField<pb::Event>& events) {
  std::vector<std::string> out;
  for (const auto& e : events) out.push_back(std::to_string(e.seq()) + " " + e.text());
  return out;
}

TEST(JoinLog, AFreshPageIsShownTheLatestLinesItsSeatSawLive) {
  TempDir dir;
  ServerProcess server(SANDTABLE_SERVER_BINARY, dir.path + "/join.db",
                       {"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--allow-fixed-seed"});
  const pb::RoomCreated room = create_scenario_room(server.port(), "pw-meeting-engagement", 5);
  // Pages connected from the start: what each seat saw live.
  Seat gm(server.port(), token_of(room, "gm"));
  Seat blue(server.port(), token_of(room, "blue"));
  Seat spectator(server.port(), token_of(room, "spectator"));
  for (const char* side : {"blue", "red"}) {
    const auto reply = seat_bot(gm, side);
    ASSERT_TRUE(reply.has_order_accepted()) << side << ": " << reply.ShortDebugString();
  }
  const auto started = std::chrono::steady_clock::now();
  while (!gm.view.result().over() && std::chrono::steady_clock::now() - started < 120s) gm.drain(50ms);
  ASSERT_TRUE(gm.view.result().over()) << "the bots did not finish";
  for (Seat* s : {&blue, &spectator}) {
    for (int i = 0; i < 250 && s->seq < gm.seq; ++i) s->drain(20ms);
    ASSERT_EQ(s->seq, gm.seq);
  }
  ASSERT_GT(gm.seq, server::Room::kSnapshotLogLines + 50) << "a game long enough to cut";

  for (Seat* live : {&blue, &spectator, &gm}) {
    const std::string seat = live->welcome.seat();
    Seat fresh(server.port(), token_of(room, seat));
    const pb::Snapshot snap = first_snapshot(fresh);
    ASSERT_EQ(snap.seq(), gm.seq) << seat;
    ASSERT_EQ(snap.events_size(), static_cast<int>(server::Room::kSnapshotLogLines)) << seat;
    EXPECT_EQ(snap.events(snap.events_size() - 1).seq(), gm.seq) << seat << ": the lines end where the game stands";
    // The same lines as the live page's last ones (its Deltas'), in order, hidden ones left out alike.
    std::vector<std::string> tail;
    for (std::size_t i = live->events.size() - server::Room::kSnapshotLogLines; i < live->events.size(); ++i) {
      tail.push_back(std::to_string(live->events[i].seq()) + " " + live->events[i].text());
    }
    EXPECT_EQ(lines_of(snap.events()), tail) << seat;
  }
  // A page that held a sequence is brought up by a Delta, or by a Snapshot with no lines of its own.
  Seat back(server.port(), token_of(room, "blue"), gm.seq);
  EXPECT_TRUE(first_snapshot(back).events().empty());
  Seat far(server.port(), token_of(room, "blue"), gm.seq + 7);  // ahead of the room: a Snapshot
  const pb::Snapshot s = first_snapshot(far);
  EXPECT_EQ(s.seq(), gm.seq);
  EXPECT_TRUE(s.events().empty()) << "a page with a log of its own is not sent lines";
}

}  // namespace
}  // namespace sandtable::testing
