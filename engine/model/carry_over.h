#pragma once
// Campaigns (docs/campaigns.md): a battle that follows another starts with what the first one
// left. Each unit of the new battle whose id a unit of the finished one had, on the side the
// campaign maps it to, starts lost (taken off the table) or with the strength it ended with
// when that is less than the scenario gives it. The changes are GM edits, so they stand in the
// new game's log for everyone to read, and the GM can adjust them the same way.
#include <map>
#include <string>
#include <vector>

#include "engine/model/game.h"

namespace sandtable {

struct CarriedUnit {
  std::string unit_id;
  std::string name;
  std::string side;  // the new battle's side id
  int before = 0;    // the strength the scenario gives it
  int after = 0;     // the strength it starts with (0 when removed)
  bool removed = false;
  std::string refused;  // the rule set's reason when the edit could not be made (nothing changed)
};

struct CarriedOrder {
  pb::Command command;
  std::vector<pb::Event> events;
};

struct CarryOver {
  std::vector<CarriedUnit> units;     // every unit whose start changed, or that could not be changed
  std::vector<CarriedOrder> orders;   // the accepted GM edits, in order, with their events
};

// Applies to `next` (just started) the losses `finished` left. `sides` maps each side id of the
// finished game to the side id of `next` that the same campaign side plays (a side missing
// from it carries nothing). `reason` is every edit's audit line ("Campaign: losses of ...").
CarryOver carry_over(const Game& finished, Game& next, const std::map<std::string, std::string>& sides,
                     const std::string& reason);

}  // namespace sandtable
