// Combining units (BG-COMB-01..06).
#include "engine/bg/bg_internal.h"

namespace sandtable::bg {

void combine_units(Context&, BgState&, const std::string&, const std::string&) { not_implemented("Combining", "BG-COMB-03"); }

}  // namespace sandtable::bg
