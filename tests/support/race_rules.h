#pragma once
// A deliberately tiny rule set for testing the shared game machinery (seats, decisions, dice,
// rejections, views, replay) independently of any real rule set. Two sides take turns; each
// turn the active side "rolls" (carried by a PwEndSide command) a d6 and adds it to its score;
// on a 6 the opponent is asked whether to "accept" or "protest" (a decision). First to 15 wins.
// It reuses Portable Wargame messages as carriers because the proto has no test-only messages.
#include <memory>

#include "engine/model/ruleset.h"

namespace sandtable::testing {

struct RaceState : StateBase<RaceState> {
  int score[2] = {0, 0};
  int active = 0;
  int protests = 0;
};

std::unique_ptr<RuleSet> make_race_rules();
pb::Scenario race_scenario();

}  // namespace sandtable::testing
