#include "engine/model/registry.h"

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

}  // namespace sandtable
