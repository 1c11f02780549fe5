#pragma once
// The unit types a Rookie Rules scenario names, as data (RR-UNIT-01..06, RR-MOVE-01): what each
// is, its default figures and firing factors, how it moves. A scenario may override the numbers
// per unit ("strength" = figures, attributes "ff=", "weapon_ff=", "armour=", "class=").
#include <span>
#include <string_view>

#include "engine/rulesets/rookie/rr_speed.h"
#include "engine/rulesets/rookie/rr_state.h"

namespace sandtable::rr {

struct TypeRow {
  std::string_view key;    // scenario and view vocabulary
  std::string_view words;  // what players read
  Kind kind;
  MoverType mover;         // its RR-MOVE-01 column
  bool emplaced;           // heavy mortars and guns: set up, they do not move (RR-FUNC-03)
  int figures;             // RR-UNIT-02 default figures (crew of a weapon: one stand)
  int ff_per_figure;       // RR-UNIT-03
  int weapon_ff;           // RR-UNIT-04 suggested (the middle of its band); 0 = figures x ff
  ArmourClass armour;      // RR-UNIT-06 default
  bool squad_small_arms;   // the squad range table applies (RR-FIRE-06)
  bool indirect;           // mortars: ignore LOS (RR-LOS-03), minimum ranges (RR-ART-07)
  double min_range;        // RR-ART-06/07, inches (0: none)
};

const TypeRow* row_by_key(std::string_view key);
// Every unit type, in the table's order (the scenario editor lists them).
std::span<const TypeRow> type_rows();
const TypeRow& row_of(const Unit& u);

}  // namespace sandtable::rr
