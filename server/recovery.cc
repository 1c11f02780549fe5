#include "server/recovery.h"

#include <stdexcept>

namespace sandtable::server {

namespace {

// The game at the snapshot plus the events after it; nullptr with the reason when the snapshot
// is not to be used.
std::unique_ptr<Game> from_snapshot(const Registry& registry, const std::vector<pb::Event>& log,
                                    const StoredSnapshot& stored, std::string* why) {
  pb::GameSnapshot snapshot;
  if (!snapshot.ParseFromString(stored.state)) {
    *why = "its bytes are not a GameSnapshot";
    return nullptr;
  }
  if (snapshot.seq() != stored.seq) {
    *why = "it says it is at event " + std::to_string(snapshot.seq()) + " but is stored at " + std::to_string(stored.seq);
    return nullptr;
  }
  if (log.empty() || snapshot.seq() > log.size()) {
    *why = "it is at event " + std::to_string(snapshot.seq()) + " but the log has " + std::to_string(log.size());
    return nullptr;
  }
  // The generator must have made exactly the draws the log's events up to it record: a cheap
  // check that the snapshot belongs to this log.
  std::uint64_t draws = 0;
  for (std::size_t i = 0; i < snapshot.seq(); ++i) {
    if (log[i].seq() != i + 1) {
      *why = "the log has event " + std::to_string(log[i].seq()) + " in place " + std::to_string(i + 1);
      return nullptr;
    }
    draws += log[i].rng_draws();
  }
  if (snapshot.rng().draws() != draws) {
    *why = "its generator has made " + std::to_string(snapshot.rng().draws()) + " draws but the log's first " +
           std::to_string(snapshot.seq()) + " events record " + std::to_string(draws);
    return nullptr;
  }
  auto game = Game::load(registry, log.front(), snapshot, why);
  if (!game) return nullptr;
  for (std::size_t i = static_cast<std::size_t>(snapshot.seq()); i < log.size(); ++i) {
    if (log[i].seq() != game->seq() + 1) {
      *why = "event " + std::to_string(log[i].seq()) + " is out of order after " + std::to_string(game->seq());
      return nullptr;
    }
    game->apply(log[i]);
  }
  return game;
}

}  // namespace

Recovery recover_game(const Registry& registry, const std::vector<pb::Event>& log,
                      const std::optional<StoredSnapshot>& snapshot) {
  Recovery r;
  if (snapshot && !snapshot->state.empty()) {
    r.game = from_snapshot(registry, log, *snapshot, &r.fallback);
    if (r.game) {
      r.snapshot_seq = snapshot->seq;
      return r;
    }
    if (r.fallback.empty()) r.fallback = "it could not be loaded";
  }
  std::string error;
  r.game = Game::from_log(registry, log, &error);
  if (!r.game) throw std::runtime_error(error);
  return r;
}

}  // namespace sandtable::server
