#pragma once
// A Delta's log lines leave out the seq that follows on (docs/protocol.md "Deltas"): a line whose
// seq is unset is the one after the line before it, the first the one after from_seq. Most lines
// of a Delta follow on (an order's events, numbered in a row), so each saves its seq's bytes; a
// line after a hidden event carries its own.
#include <cstdint>

#include "sandtable/v1/protocol.pb.h"

namespace sandtable::server {

namespace pb = ::sandtable::v1;

// What the server does before it sends a Delta.
inline void leave_out_following_seqs(pb::Delta& d) {
  std::uint64_t next = d.from_seq() + 1;
  for (auto& e : *d.mutable_events()) {
    const std::uint64_t seq = e.seq();
    if (seq == next) e.clear_seq();
    next = seq + 1;
  }
}

// What a client does with a Delta it reads: every line numbered again.
inline void number_lines(pb::Delta& d) {
  std::uint64_t next = d.from_seq() + 1;
  for (auto& e : *d.mutable_events()) {
    if (e.seq() == 0) e.set_seq(next);
    next = e.seq() + 1;
  }
}

}  // namespace sandtable::server
