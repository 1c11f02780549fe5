#pragma once
// Rolling an attack and its effects: casualties with saves (BG-DMG-*), vehicle damage
// (BG-VEH-12..16), emplacements (BG-EMP-03), minefield effects (BG-MINE-06/07) and the optional
// retreat/rout test (BG-MOR-01..03).
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_state.h"
#include "engine/model/context.h"

namespace sandtable::bg {

// Everything decided before the dice: the pool and what the net hits will do.
struct AttackPlan {
  std::string target;
  std::string weapon;
  DicePool pool;
  double range = 0;
  bool flank = false;
  bool first_kill_barred = false;  // BG-VEH-12 exception
  bool mine = false;               // BG-MINE-06/07 effects instead of BG-VEH-12
  std::vector<std::string> notes;
};

AttackPlan plan_attack(const BgState& st, const Unit& shooter, const Unit& target, const std::string& weapon_id);

// Rolls white, blue, red (in that order), emits BgAttack and the effects; returns net hits.
int carry_out_attack(Context& ctx, BgState& st, const std::string& attacker, const AttackPlan& a, const std::string& purpose);

// BG-DMG-01/02 (GAP-BG-DMG-01): kills `hits` figures of the unit chosen at random, with a save
// roll for special figures when `saves`; returns the number killed.
int inflict_casualties(Context& ctx, BgState& st, const std::string& unit_id, int hits, const std::string& cause, bool saves);

// GAP-BG-DMG-01: a uniform choice of 0..n-1 with the smallest die that has n faces or more
// (d6, d8, d10, d20, d100), re-rolled while it shows more than n. n <= 1 rolls nothing.
int pick(Context& ctx, int n, const char* label);

// BG-MOR-01..03: retreat/rout test after `lost` of `strength` figures were lost to one attack.
void morale_after_attack(Context& ctx, BgState& st, const std::string& unit_id, const std::string& attacker, int lost,
                         int strength);

}  // namespace sandtable::bg
