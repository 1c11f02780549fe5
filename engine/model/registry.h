#pragma once
// The rule sets this build knows, by id.
#include <memory>
#include <string_view>
#include <vector>

#include "engine/model/ruleset.h"

namespace sandtable {

class Registry {
 public:
  void add(std::unique_ptr<RuleSet> rules);
  const RuleSet* find(std::string_view id) const;
  std::vector<const RuleSet*> all() const;

 private:
  std::vector<std::unique_ptr<RuleSet>> rules_;
};

// Every rule set shipped with Sandtable.
const Registry& builtin_registry();

}  // namespace sandtable
