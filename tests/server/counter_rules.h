#pragma once
// A tiny test-only rule set, "counter-test": two sides take turns; on its turn a side is asked
// (a decision only it and the GM can see) to advance, and rolls one d6; the first side whose
// total reaches the target (scenario option "target", default 20) wins. It exists so the
// server is proven against any registered rule set, with secrets (the prompts) to leak.
#include <memory>

#include "engine/model/registry.h"

namespace sandtable::testing {

std::unique_ptr<RuleSet> make_counter_rules();
// A registry holding the counter rule set.
const Registry& counter_registry();

}  // namespace sandtable::testing
