#pragma once
// The table as the Battleground bot's seat sees it (bg_bot.cc): its own units and only the enemy
// units it knows (BG-UNIT-09: a hidden enemy, or a reinforcement not yet arrived, is not there
// for the bot), and the objectives as those units hold them.
#include <vector>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_state.h"

namespace sandtable::bg::bot {

struct Sight {
  const BgState& st;
  int side;
  Seer seer;
  std::vector<const Unit*> enemies;  // known, on the table, standing somewhere
};

Sight look(const BgState& st, int side);

double radius_of(const BgState& st, const Objective& o);
bool unit_inside(const BgState& st, const Unit& u, const Objective& o);
// objective_holder as the seat sees it: only its own units and the enemies it knows.
int seen_holder(const Sight& s, const Objective& o);
bool near_objective(const BgState& st, Vec2 p, double extra);
// The objective u stands in, if any.
const Objective* inside_any(const BgState& st, const Unit& u);
// The objective this unit should go for: the nearest one its side does not hold, else the
// nearest one (nullptr when the scenario has none).
const Objective* goal_of(const Sight& s, const Unit& u);
// Some objective is not held by the bot's side, as far as it can see.
bool attacking(const Sight& s);

}  // namespace sandtable::bg::bot
