#pragma once
// Reads only the few numbers the load generator needs from an Envelope (which message it is,
// its request id and sequence numbers) without parsing the View inside a Delta or Snapshot:
// with thousands of deltas a second, a full parse would make the load generator the bottleneck.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace sandtable::load {

// Envelope body field numbers (proto/sandtable/v1/protocol.proto).
enum Body : int {
  kWelcome = 11,
  kRoomCreated = 15,
  kSnapshot = 20,
  kDelta = 21,
  kOrderAccepted = 23,
  kOrderRejected = 24,
  kChat = 31,
  kPong = 41,
  kError = 50,
};
constexpr int kBatch = 60;  // Envelope.batch: several envelopes in one message

struct Peek {
  int body = 0;  // field number of the Envelope's body, 0 if none
  std::uint64_t request_id = 0;
  std::uint64_t seq = 0;       // Welcome.seq, Snapshot.seq, Delta.seq, OrderAccepted.seq, OrderRejected.room_seq
  std::uint64_t from_seq = 0;  // Delta.from_seq
};

// False when the bytes are not a well-formed Envelope.
bool peek(const void* data, std::size_t size, Peek& out);

// The envelopes of a batch (Envelope.batch) in order, as slices of `data`; `parts` stays empty when
// the envelope is not a batch. False when the bytes are not well formed.
bool batch_parts(const void* data, std::size_t size, std::vector<std::string_view>& parts);

}  // namespace sandtable::load
