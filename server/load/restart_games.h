#pragma once
// The games sandtable-restart-bench stores: bot-vs-bot games (the rule set's own bot) played
// with the engine to the first order boundary at or past a number of events, with the snapshots
// the server would have stored on the way (at creation and with the order that crosses each
// multiple of Room::kSnapshotEvery) and the order the game waits on next.
#include <cstdint>
#include <string>
#include <vector>

#include "sandtable/v1/event.pb.h"
#include "sandtable/v1/scenario.pb.h"

namespace sandtable::load {

struct GameSnapshotRow {
  std::uint64_t seq = 0;
  std::string gm_view;  // serialized View for the GM
  std::string state;    // serialized GameSnapshot (Game::save)
};

struct StoredGame {
  std::uint64_t seed = 0;
  std::vector<::sandtable::v1::Event> events;  // seq 1..events.size(), whole orders only
  std::vector<GameSnapshotRow> snapshots;      // oldest first
  std::string next_seat;      // waiting_for().front() after the last event
  std::string next_envelope;  // serialized Envelope{request_id 2, Order{seq, the bot's command}}
  std::uint64_t seq_after = 0;  // the sequence after that order
};

// Plays `scenario` with `seed` until at least `min_events` events (ending with a whole order)
// and works out the next order from the game rebuilt from that log (Game::from_log). Throws
// if the game ends first, if `exact` and an order ends past `min_events`, if the rebuilt game
// differs, or if the bot's next order is refused.
StoredGame play_stored_game(const ::sandtable::v1::Scenario& scenario, std::uint64_t seed, std::uint64_t min_events,
                            std::uint64_t snapshot_every, bool exact);

}  // namespace sandtable::load
