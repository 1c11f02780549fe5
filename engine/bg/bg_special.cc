// Mines, artillery/air, smoke, flares, medics and engineers (BG-MINE-*, BG-ART-*, BG-SMK-*,
// BG-FLR-*, BG-MED-*). Filled by the special-rules helper; until then every command refuses
// and the phase hooks do nothing.
#include "engine/bg/bg_internal.h"

namespace sandtable::bg {

void do_heal(Context&, BgState&, int, const pb::BgHeal&) { not_implemented("Medics", "BG-MED-02"); }
void do_clear_mines(Context&, BgState&, int, const pb::BgClearMines&) { not_implemented("Engineers", "BG-MINE-10"); }
void do_call_fire(Context&, BgState&, int, const pb::BgCallFire&) { not_implemented("Artillery and air", "BG-ART-01"); }
void do_lay_smoke(Context&, BgState&, int, const pb::BgLaySmoke&) { not_implemented("Smoke", "BG-SMK-01"); }
void do_launch_flare(Context&, BgState&, int, const pb::BgLaunchFlare&) { not_implemented("Flares", "BG-FLR-01"); }
void detect_mines(Context&, BgState&, const std::string&) {}
bool run_special_phase(Context&, BgState&) { return true; }
void random_artillery_trigger(Context&, BgState&, const pb::Card&) {}

}  // namespace sandtable::bg
