#pragma once
// A generator in a snapshot (sandtable.v1.RngState): the game's dice generator (Game::save)
// and any generator a rule set keeps in its state (e.g. Battleground's deck stream).
#include <optional>

#include "engine/core/rng.h"
#include "sandtable/v1/snapshot.pb.h"

namespace sandtable {

namespace pb = ::sandtable::v1;

void save_rng(const Pcg32& rng, pb::RngState* out);
// The very generator saved, or nullopt when the message is not one (an even increment).
std::optional<Pcg32> load_rng(const pb::RngState& in);

}  // namespace sandtable
