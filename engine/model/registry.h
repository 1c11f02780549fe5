#pragma once
// A set of rule sets, by id. Which rule sets a build ships is decided above the model layer
// (engine/registry/builtin_registry.h), so the model names none of them.
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

}  // namespace sandtable
