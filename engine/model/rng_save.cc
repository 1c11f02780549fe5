#include "engine/model/rng_save.h"

namespace sandtable {

void save_rng(const Pcg32& rng, pb::RngState* out) {
  out->set_state(rng.state());
  out->set_increment(rng.increment());
  out->set_draws(rng.draws());
}

std::optional<Pcg32> load_rng(const pb::RngState& in) { return Pcg32::restore(in.state(), in.increment(), in.draws()); }

}  // namespace sandtable
