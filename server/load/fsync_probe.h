#pragma once
// The disk's fsync latency, measured alongside a run: the round trip of an order with
// --sync full is bounded below by one fsync of the server's database, so the report prints it.
#include <string>

namespace sandtable::load {

struct FsyncLatency {
  int samples = 0;
  double p50_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;
  std::string error;  // set when the probe could not run
};

// Appends 4 KiB and fsyncs, `samples` times, to a scratch file in `dir` (removed afterwards).
FsyncLatency measure_fsync(const std::string& dir, int samples);

}  // namespace sandtable::load
