// Charges, melee and prisoners (BG-MEL-*, BG-PRIS-*). Filled by the melee helper; until then
// every entry point refuses.
#include "engine/bg/bg_internal.h"

namespace sandtable::bg {

Check check_charge(const BgState&, int, const pb::BgCharge&) {
  return refusal("BG_NOT_IMPLEMENTED", "BG-MEL-01", "Charges are not implemented yet in this build of Battleground.");
}
void do_charge(Context&, BgState&, int, const pb::BgCharge&) { not_implemented("Charging", "BG-MEL-01"); }
void do_flee(Context&, BgState&, int, const pb::BgFlee&) { not_implemented("Fleeing", "BG-MEL-14"); }
void do_melee_order(Context&, BgState&, int, const pb::BgMeleeOrder&) { not_implemented("Melee pairing", "BG-MEL-10"); }
void do_melee_fight(Context&, BgState&, int, const pb::BgMeleeFight&) { not_implemented("Melee", "BG-MEL-06"); }
void do_prisoners(Context&, BgState&, int, const pb::BgPrisoners&) { not_implemented("Prisoners", "BG-PRIS-01"); }
void do_surrender(Context&, BgState&, int, const pb::BgSurrender&) { not_implemented("Surrender", "BG-PRIS-03"); }
// No melee can be marked while charges refuse, so the phase has nothing to fight.
bool run_melee_phase(Context&, BgState& st) { return st.melees.empty(); }

}  // namespace sandtable::bg
