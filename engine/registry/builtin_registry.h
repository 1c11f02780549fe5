#pragma once
// The rule sets shipped with Sandtable. This is the one layer above the rule sets: the model
// names none of them, the server and tools reach them only through this registry.
#include "engine/model/registry.h"

namespace sandtable {

const Registry& builtin_registry();

}  // namespace sandtable
