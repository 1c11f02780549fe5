#pragma once
// Battleground's action menu (RuleSet::actions / order_for), split by job: bg_menu.cc lists the
// turn-level entries (cards, end of action, fire missions, strikes, table-dice melees) and turns
// every pick into its BgCommand; bg_menu_units.cc lists what each unit may do on the open card.
// Every entry is checked with the handlers' own checks (the ones legal_actions uses), so the
// menu and the handlers agree; nothing names or locates what the seat may not see (BG-UNIT-09,
// BG-MINE-02): a hidden enemy is never a target.
//
// Action ids ("verb:subject"), parsed back by order_for:
//   draw-card            table dice: the card turned at the table (targets: cards that may be)
//   end-action           BgEndAction
//   call-fire:<mission>  BgCallFire, every blast on the picked target's point (BG-ART-01)
//   plan-strike:<id>     BgPlanStrike, aimed at the picked target's point (BG-ART-01)
//   fight:<melee>        table dice: BgMeleeFight (BG-SEQ-02)
//   melee-pair:<melee>:<n>  kind "plan": the figure for pair n of the next round (targets: the
//                        side's figures that may fight); picks sent together are one BgMeleeOrder
//   melee-listed:<melee> kind "plan", no targets: BgMeleeOrder naming nobody (the listed order)
//   guard:<group>:<n>    kind "plan": the figure for guard n of new prisoners (targets: the
//                        figures that may guard); picks sent together are one BgPrisoners
//   guards-kept:<group>  kind "plan", no targets: BgPrisoners naming nobody (keep the guards)
//   move:<unit>          BgMove from the drawn path (modes: walk, run, dig_in, dig_out, mounted)
//   drive:<unit>         BgVehicleMove from the drawn path (modes: "3d6".."1d6", "reverse 3d6"..)
//   mount:<unit>         BgMount (targets: vehicles)      dismount:<unit>  BgDismount
//   charge:<unit>        BgCharge (targets: enemy units)  shoot:<unit>     BgShoot (targets: enemies)
//   flare:<unit>         BgLaunchFlare                    heal:<unit>      BgHeal (targets: the dead)
//   surrender:<unit>     BgSurrender to a melee opponent (BG-PRIS-03, by agreement: confirmed)
#include <string>

#include "engine/rulesets/bg/bg_internal.h"
#include "sandtable/v1/command.pb.h"
#include "sandtable/v1/menu.pb.h"

namespace sandtable::bg {

// A target naming one unit the seat may see: id = unit id, its point and name.
pb::ActionTarget unit_target(const Unit& u);
// May `side` see this enemy unit now (on the table, not destroyed, not hidden, not aboard)?
bool visible_enemy(const Unit& u, int side);

// The entries of every unit of `side` that may act on the open card (bg_menu_units.cc).
void unit_actions(const BgState& st, int side, pb::ActionMenu& menu);
// The BgCommand of a unit entry ("move", "shoot", ...); verb and unit parsed from the id.
pb::BgCommand unit_order(const BgState& st, const std::string& verb, const std::string& unit_id,
                         const pb::Action& action, const pb::PlayAction& play);

}  // namespace sandtable::bg
