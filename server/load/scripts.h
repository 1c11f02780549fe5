#pragma once
// Whole bot-vs-bot games (the rule set's own bot: Portable Wargame, Battleground, ...), worked
// out before the run so the load generator spends its one core on the network. A room created
// with the script's seed replays exactly these orders (the server is started with
// --allow-fixed-seed), and each acceptance is checked against the sequence the engine reached.
#include <cstdint>
#include <string>
#include <vector>

#include "sandtable/v1/scenario.pb.h"

namespace sandtable::load {

struct Step {
  std::string seat;           // who sends it
  std::uint64_t seq_before;   // Order.seq: the room sequence it is issued against
  std::uint64_t seq_after;    // OrderAccepted.seq
  std::string envelope;       // the serialized Envelope{request_id, Order}
};

struct Script {
  std::uint64_t seed = 0;
  std::vector<Step> steps;
  std::string winner;
};

// Plays one bot-vs-bot game of `scenario` with `seed`; throws if the bots do not finish it.
Script make_script(const ::sandtable::v1::Scenario& scenario, std::uint64_t seed);

}  // namespace sandtable::load
