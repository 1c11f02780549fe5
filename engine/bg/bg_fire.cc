// Shooting, casualties, vehicles in combat and morale (BG-LOS-*, BG-FIRE-*, BG-DMG-*, BG-VEH-*,
// BG-MOR-*). Filled by the shooting helper; until then every entry point refuses.
#include "engine/bg/bg_internal.h"

namespace sandtable::bg {

Check check_shoot(const BgState&, int, const pb::BgShoot&) {
  return refusal("BG_NOT_IMPLEMENTED", "BG-FIRE-07", "Shooting is not implemented yet in this build of Battleground.");
}
void do_shoot(Context&, BgState&, int, const pb::BgShoot&) { not_implemented("Shooting", "BG-FIRE-07"); }
void overrun_fire(Context&, BgState&, const Unit&, const std::string&, const std::string&) {
  not_implemented("The overrun machine-gun shot", "BG-VMOV-08");
}
void minefield_attack(Context&, BgState&, const std::string&, const std::string&, int) {
  not_implemented("Minefield attacks", "BG-MINE-04");
}

}  // namespace sandtable::bg
