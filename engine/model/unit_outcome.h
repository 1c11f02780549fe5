#pragma once
// What a finished battle leaves of one unit (RuleSet::outcomes), for a campaign's next battle.
#include <string>

namespace sandtable {

struct UnitOutcome {
  std::string unit_id;
  std::string side;   // the scenario side's id
  int strength = 0;   // as the unit's View counts it: SP, living figures, hits left
  bool lost = false;  // destroyed, wiped out or taken whole: gone for the campaign
};

}  // namespace sandtable
