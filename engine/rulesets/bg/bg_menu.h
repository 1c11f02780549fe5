#pragma once
// Battleground's action menu (RuleSet::actions / order_for), split by job: bg_menu.cc lists the
// turn-level entries (cards, end of action, fire missions, strikes, table-dice melees) and turns
// every pick into its BgCommand; bg_menu_units.cc lists what each unit may do on the open card;
// bg_menu_orders.cc the orders whose line, strips or partner the engine places.
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
//   move:<unit>          BgMove from the drawn path (modes: walk, run, dig_in, dig_out, mounted;
//                        on a road also "walk by road", "run by road", "mounted by road": road)
//   drive:<unit>         BgVehicleMove from the drawn path (modes: "3d6".."1d6", "reverse 3d6"..)
//   mount:<unit>         BgMount (targets: vehicles)      dismount:<unit>  BgDismount
//   charge:<unit>        BgCharge (targets: enemy units)  shoot:<unit>     BgShoot (targets: enemies)
//   flare:<unit>         BgLaunchFlare                    heal:<unit>      BgHeal (targets: the dead)
//   surrender:<unit>     BgSurrender to a melee opponent (BG-PRIS-03, by agreement: confirmed)
//   smoke:<unit>         BgLaySmoke (BG-SMK-01): targets are 6" lines the engine places
//   clear-mines:<unit>   BgClearMines (BG-MINE-10): targets are known minefields at hand
//   combine:<unit>       BgMove staying put, combine_with the target (BG-COMB-01/03)
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_internal.h"
#include "sandtable/v1/command.pb.h"
#include "sandtable/v1/menu.pb.h"

namespace sandtable::bg {

// Appends a unit's entry to the menu (bg_menu_units.cc, bg_menu_orders.cc).
pb::Action& add_unit_entry(pb::ActionMenu& menu, const std::string& id, const std::string& kind, const std::string& label,
                           const Unit& u, const std::string& rule);
// A target naming one unit the seat may see: id = unit id, its point and name.
pb::ActionTarget unit_target(const Unit& u);
// May `side` see this enemy unit now (on the table, not destroyed, not hidden, not aboard)?
bool visible_enemy(const Unit& u, int side);

// The entries of every unit of `side` that may act on the open card (bg_menu_units.cc).
void unit_actions(const BgState& st, int side, pb::ActionMenu& menu);
// An infantry unit's free-table move entry (walk, run, road, dig in), as Carroll's move card has it.
void infantry_move_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu);
// The BgCommand of a unit entry ("move", "shoot", ...); verb and unit parsed from the id.
pb::BgCommand unit_order(const BgState& st, const std::string& verb, const std::string& unit_id,
                         const pb::Action& action, const pb::PlayAction& play);

// ---- orders the engine places (bg_menu_orders.cc) ----
// The smoke:, clear-mines: and combine: entries of a unit that may act on the open card.
void order_actions(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu);
// The BgCommand of such a pick (left unset when the target is not offered now).
void placed_order(const BgState& st, const std::string& verb, const Unit& u, const pb::PlayAction& play, pb::BgCommand& c);
// Every command those entries offer now (the random bot's candidates, bg_actions.cc).
std::vector<pb::BgCommand> placed_orders(const BgState& st, int side, const Unit& u);
// BG-MOVE-07: where the unit stands on a road, "<mode> by road" for each of its walk, run and
// mounted modes the handler accepts with road set for a 1" step along the road (in one of 16
// directions), at 4/3 of the most (words: the label's list).
void add_road_modes(const BgState& st, int side, const Unit& u, pb::MoveLimits& limits, std::string& words);
// "walk by road" -> "walk" with *road set; any other mode unchanged with *road cleared.
std::string road_mode(const std::string& mode, bool* road);

}  // namespace sandtable::bg
