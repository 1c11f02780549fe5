#include "engine/registry/builtin_registry.h"

#include "engine/rulesets/bg/bg_rules.h"
#include "engine/rulesets/oh/oh_rules.h"
#include "engine/rulesets/pw/pw_rules.h"
#include "engine/rulesets/rookie/rr_rules.h"

namespace sandtable {

const Registry& builtin_registry() {
  static const Registry registry = [] {
    Registry r;
    // One line per rule set: adding a rule set is its folder plus a line here.
    r.add(make_portable_wargame());
    r.add(make_battleground());
    r.add(make_one_hour_ww2());
    r.add(make_rookie_rules());
    return r;
  }();
  return registry;
}

}  // namespace sandtable
