// Applying special-rule events (mines, smoke, flares, artillery/air, medics). The special-rules
// helper extends this file for its own events.
#include "engine/bg/bg_internal.h"

namespace sandtable::bg {

void apply_special_event(BgState& st, const pb::BgEvent& e) {
  switch (e.body_case()) {
    case pb::BgEvent::kMinefieldRevealed: {
      Minefield* m = st.minefield(e.minefield_revealed().minefield_id());
      const int side = st.side_index(e.minefield_revealed().to_side());
      if (m && side >= 0) m->known_to[static_cast<std::size_t>(side)] = true;
      break;
    }
    default:
      break;
  }
}

}  // namespace sandtable::bg
