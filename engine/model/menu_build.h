#pragma once
// Building an action menu (RuleSet::actions): one entry with its id, the control that offers it,
// its words, the unit that acts and the rule that allows it.
#include <string>

#include "sandtable/v1/menu.pb.h"

namespace sandtable {

inline ::sandtable::v1::Action* add_action(::sandtable::v1::ActionMenu& menu, const std::string& id, const char* kind,
                                            const std::string& label, const std::string& unit_id, const char* rule) {
  ::sandtable::v1::Action* a = menu.add_actions();
  a->set_id(id);
  a->set_kind(kind);
  a->set_label(label);
  a->set_unit_id(unit_id);
  a->set_rule_id(rule);
  return a;
}

}  // namespace sandtable
