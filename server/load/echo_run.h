#pragma once
// The baseline of sandtable-load --baseline: the same clients against sandtable-echo, a plain
// Beast echo server pinned like the room server, so that the server's CPU per order can be
// read as a number of echo round trips.
#include <cstdint>
#include <optional>
#include <string>

#include "server/load/load_client.h"
#include "server/load/phases.h"

namespace sandtable::load {

struct EchoBaseline {
  std::uint64_t round_trips = 0;     // in the window
  double cpu_us_per_round_trip = 0;  // the echo server's CPU time / round trips
};

// Starts `binary` pinned to `cpu`, drives it with `options` (made echo mode here) through
// `phases` (watch_pid is set here), prints its part of the report and stops it. Nullopt (and a
// problem printed) when it could not run or measured no round trip.
std::optional<EchoBaseline> run_echo_baseline(const std::string& binary, int cpu, LoadOptions options, Phases phases);

// The sandtable-echo next to this program's binary.
std::string default_echo_binary();

}  // namespace sandtable::load
