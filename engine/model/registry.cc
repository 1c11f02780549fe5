#include "engine/model/registry.h"

#include "engine/bg/bg_rules.h"
#include "engine/pw/pw_rules.h"


namespace sandtable {

void Registry::add(std::unique_ptr<RuleSet> rules) { rules_.push_back(std::move(rules)); }

const RuleSet* Registry::find(std::string_view id) const {
  for (const auto& r : rules_) {
    if (r->id() == id) return r.get();
  }
  return nullptr;
}

std::vector<const RuleSet*> Registry::all() const {
  std::vector<const RuleSet*> out;
  for (const auto& r : rules_) out.push_back(r.get());
  return out;
}

const Registry& builtin_registry() {
  static const Registry registry = [] {
    Registry r;
    // Rule sets register here.
    r.add(make_portable_wargame());
    r.add(make_battleground());
    return r;
  }();
  return registry;
}

}  // namespace sandtable
