#pragma once
// Rookie Rules observation numbers (../shared/rules/rookie-rules.md sections 6 and 11): the
// observation table (RR-OBS-03, column choice GAP-RR-OBS-03), its modifiers (RR-OBS-04), how deep
// into each cover class a unit may see and fire (RR-LOS-02, GAP-RR-LOS-02) and the chance to spot
// a sniper (RR-SNIP-02). Numbers only: the caller measures distances and decides LOS.
#include <string>
#include <vector>

#include "engine/rulesets/rookie/rr_types.h"

namespace sandtable::rr {

// One line of a chance's working, for showing the player.
struct ObserveItem {
  std::string rule;    // catalogue ID, e.g. "RR-OBS-04"
  std::string phrase;  // e.g. "target camouflaged"
  int value = 0;       // percentage points added (base chance for the table line)
};

struct ObserveChance {
  bool automatic = false;   // success without a roll
  bool impossible = false;  // no roll can succeed (e.g. class 4 at 100"+, sniper's first turn)
  int percent = 0;          // table value + modifiers, unclamped: succeed on d% <= percent
  std::vector<ObserveItem> items;
};

struct ObserveQuery {
  Cover terrain = Cover::kClass1;  // cover the target is in; kOpen = automatically spotted
  double distance_inches = 0;      // observer to the terrain observed
  TroopClass observer = TroopClass::kC;
  bool specialist = false;            // specialist training (+30)
  bool buttoned_up_tank = false;      // observer is a buttoned-up tank (-50) ...
  bool infantry_alongside_tank = false;  // ... unless an infantry squad is alongside it
  bool smoke = false;                 // smoke obscures the target (-50)
  bool target_fired_at_observer = false;  // this phase: automatic success
  bool target_moved = false;          // this phase (+50)
  bool target_camouflaged = false;    // (-50)
};

// GAP-RR-OBS-03: column 0..4 for 12"/25"/50"/75"/100": the largest heading not above the
// distance, everything under 25" in the first column, beyond 100" the last.
int observation_column(double distance_inches);

// RR-OBS-03 table value in percent; -1 where the table says n/a (class 4 at 100"). kOpen: 100.
int observation_base(Cover terrain, double distance_inches);

// RR-OBS-01, RR-OBS-03, RR-OBS-04 together.
ObserveChance observation_chance(const ObserveQuery& query);

// d% read 01-100 ("00" = 100).
bool observation_succeeds(const ObserveChance& chance, int d100);

// RR-LOS-02 / GAP-RR-LOS-02: how far into a cover class a unit may see and fire, and how much of
// it a line of sight may cross (class 1 up to 8" of it; classes 2-4 never).
struct CoverSight {
  bool unlimited = false;    // open ground
  double into_inches = 0;    // a target this deep or less may be seen/fired at
  bool see_through = false;  // a line of sight may cross this cover (up to into_inches of it)
};
CoverSight cover_sight(Cover terrain);
bool can_see_into(Cover terrain, double target_depth_inches);
bool can_see_through(Cover terrain, double crossed_inches);

// RR-SNIP-02 / RR-DX-07: the enemy's chance to spot a sniper in a turn in which it fires, given
// how many turns (including this one) it has fired: 1st undetectable, then 25 % more each turn.
ObserveChance sniper_detection_chance(int turns_fired);

}  // namespace sandtable::rr
