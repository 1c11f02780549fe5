#pragma once
// Units, morale, victory and stands (docs/rulesets/battleground.md, "Units, morale, victory
// and stands"): scenario objectives and the end-of-game score (bg_victory.cc), rallying routing
// units (bg_morale.cc), multi-figure stands (bg_stands.cc), two-vehicle units and dispute
// roll-offs (bg_units_extra.cc), and the scenario checks for all of them (bg_units_setup.cc).
#include <optional>
#include <string>

#include "engine/rulesets/bg/bg_internal.h"

namespace sandtable::bg {

// ---- scenario (bg_units_setup.cc) ----
// Objectives, stand sizes and vehicle pairs; an error sentence naming the field, or nullopt.
std::optional<std::string> validate_units_extra(const pb::Scenario& s);
// Fills objectives, victory points, stand numbers and vehicle pairs into the initial state.
void setup_units_extra(const pb::Scenario& s, BgState* st);

// ---- victory (bg_victory.cc, BG-VIC-01 / GAP-BG-VIC-01) ----
struct ObjectiveHolder {
  int side = -1;        // -1: nobody
  std::string how;      // what the players read
};
// Who holds the objective now: a side with a unit that "holds ground" inside the circle and no
// enemy unit that does; contested or empty objectives stay with their owner.
ObjectiveHolder objective_holder(const BgState& st, const Objective& o);
// Whether the unit counts for objectives: on the table, not destroyed, not carried, not a
// prisoner escort, not routing, standing (BG-UNIT-05); vehicles/emplacements per the option.
bool counts_for_objectives(const Unit& u);
// Scores objectives, prisoners and destroyed units; emits BgVictory and ends the game.
void score_victory(Context& ctx, BgState& st, const std::string& why);

// ---- morale (bg_morale.cc, BG-MOR-04 / GAP-BG-MOR-04) ----
// A routing unit's rally roll on its side's movement action (1 die, 2 with a leader; a hit
// rallies, else it routs 2D6" again away from the nearest enemy). Emits BgMoraleTest "rally".
void rally(Context& ctx, BgState& st, const std::string& unit_id);
// On a move card for all units: every routing unit of the side rolls to rally (its move).
void rally_routing_units(Context& ctx, BgState& st);
// A move or charge order for a routing unit (an ace) is its rally roll; false if the unit is not
// routing (the order then goes ahead as usual).
bool rally_instead_of_move(Context& ctx, BgState& st, int side, const std::string& unit_id);

// ---- stands (bg_stands.cc, BG-OPT-04/05, GAP-BG-OPT-04) ----
// Casualties on a unit of multi-figure stands; returns false when stands are not in use for it
// (the caller then removes single figures). `killed` receives the number of figures lost.
bool stand_casualties(Context& ctx, BgState& st, const std::string& unit_id, int hits, const std::string& cause,
                      int* killed);
// BG-OPT-05: one melee round fought stand against stand; false when not every unit in the melee
// is on stands (the caller then pairs figures, BG-MEL-06).
bool fight_stand_round(Context& ctx, BgState& st, const Melee& m);
// BG-EX-11 generalised: a stand of `figures` hit `hits` (< figures) times dies on 1..this.
int stand_dies_up_to(int figures, int hits);

// ---- vehicle pairs and disputes (bg_units_extra.cc) ----
// BG-UNIT-08: on an ace, after one vehicle of a pair has acted only its partner may still act.
// Returns the unit that used the ace (nullptr if none yet).
const Unit* ace_user(const BgState& st);
bool ace_allows(const BgState& st, const Unit& u);
// BG-GEN-02: roll-off between the two sides.
void do_dispute(Context& ctx, BgState& st, int side, const pb::BgDispute& d);

}  // namespace sandtable::bg
