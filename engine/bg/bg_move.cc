// Infantry and cavalry movement (BG-MOVE-*, BG-CAV-*, BG-TER-02..04, BG-TER-10).
#include "engine/bg/bg_internal.h"

namespace sandtable::bg {

Check check_move(const BgState&, int, const pb::BgMove&, MovePlan*) {
  return refusal("BG_NOT_IMPLEMENTED", "BG-MOVE-03", "Movement is being written.");
}
void do_move(Context&, BgState&, int, const pb::BgMove&) { not_implemented("Movement", "BG-MOVE-03"); }
Check check_mount(const BgState&, int, const pb::BgMount&) {
  return refusal("BG_NOT_IMPLEMENTED", "BG-MOVE-16", "Mounting is being written.");
}
void do_mount(Context&, BgState&, int, const pb::BgMount&) { not_implemented("Mounting", "BG-MOVE-16"); }
Check check_dismount(const BgState&, int, const pb::BgDismount&) {
  return refusal("BG_NOT_IMPLEMENTED", "BG-MOVE-16", "Dismounting is being written.");
}
void do_dismount(Context&, BgState&, int, const pb::BgDismount&) { not_implemented("Dismounting", "BG-MOVE-16"); }
Check check_cavalry(const BgState&, int, const pb::BgCavalry&) {
  return refusal("BG_NOT_IMPLEMENTED", "BG-CAV-04", "Cavalry is being written.");
}
void do_cavalry(Context&, BgState&, int, const pb::BgCavalry&) { not_implemented("Cavalry", "BG-CAV-04"); }
Check walk_path(const BgState&, const Unit&, std::span<const Vec2>, double, WalkResult*) {
  return refusal("BG_NOT_IMPLEMENTED", "BG-MOVE-04", "Movement is being written.");
}
void emit_unit_moved(Context&, const BgState&, const Unit&, pb::BgUnitMoved) { not_implemented("Movement", "BG-MOVE-04"); }

}  // namespace sandtable::bg
