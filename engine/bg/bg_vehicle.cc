// Vehicle movement (BG-VMOV-01..09, BG-MOVE-14).
#include "engine/bg/bg_internal.h"

namespace sandtable::bg {

Check check_vehicle_move(const BgState&, int, const pb::BgVehicleMove&) {
  return refusal("BG_NOT_IMPLEMENTED", "BG-VMOV-03", "Vehicle movement is being written.");
}
void do_vehicle_move(Context&, BgState&, int, const pb::BgVehicleMove&) { not_implemented("Vehicle movement", "BG-VMOV-03"); }

}  // namespace sandtable::bg
