#pragma once
// The check of sandtable-restart-bench: that a restarted server plays each room. Per room, on a
// WebSocket of its own: Hello with the token of the seat the game waits on, then Welcome and a
// Snapshot at the stored sequence, then the game's next order and its OrderAccepted. `parallel`
// rooms are checked at once (coroutines on one thread).
#include <cstdint>
#include <string>
#include <vector>

namespace sandtable::load {

struct RoomCheck {
  std::string room_id;
  std::string token;          // of the seat the game waits on
  std::uint64_t seq = 0;      // the stored event count: Welcome.seq and Snapshot.seq
  std::uint64_t seq_after = 0;  // OrderAccepted.seq
  const std::string* order = nullptr;  // the serialized Envelope{Order}
};

struct CheckResult {
  int checked = 0;
  int playable = 0;
  int failed = 0;
  double seconds = 0;
  std::vector<std::string> problems;  // the first few
};

// With `quick_ack` the client acknowledges every segment at once (TCP_QUICKACK). Without it a
// server that writes two frames back to back without TCP_NODELAY (Welcome then Snapshot, Delta
// then OrderAccepted) holds the second behind the client's delayed ACK, about 40 ms on Linux.
CheckResult check_rooms(unsigned short port, const std::vector<RoomCheck>& rooms, int parallel, bool quick_ack);

}  // namespace sandtable::load
