#pragma once
// The Portable Wargame tables as data: one row per unit type (PW-UNIT-01, PW-MOVE-01,
// PW-CC-03), per artillery kind (PW-ART-02) and per quality (PW-HIT-01).
#include <optional>
#include <string>
#include <string_view>

#include "engine/rulesets/pw/pw_state.h"

namespace sandtable::pw {

struct TypeRow {
  const char* key;         // scenario vocabulary, e.g. "mounted_cavalry"
  const char* words;       // what players read, e.g. "mounted cavalry"
  UnitType type;
  ArtilleryKind artillery;
  int sp;                  // PW-UNIT-01
  int move;                // PW-MOVE-01
  int fire_range;          // PW-FIRE-01 / PW-ART-02; 0 = does not fire
  int fire_dice;           // PW-FIRE-04 (artillery rolls fall of shot instead)
  int cc_front;            // PW-CC-03: lowest score not hit, front-on
  int cc_flank;            // PW-CC-03: lowest score not hit, flank/rear-on
};

// Every unit type of the scenario vocabulary, in the order of the rule text.
const TypeRow* type_rows(int* count);
const TypeRow* type_row(std::string_view key);
const TypeRow& row_of(const Unit& u);
std::string type_list();  // "infantry, dismounted_cavalry, ..." for error sentences

std::optional<Quality> parse_quality(std::string_view s);  // "" = average
const char* quality_name(Quality q);
// PW-HIT-01: the highest roll that loses 1 SP (Elite 2, Average 3, Poor 4).
int hit_lose_max(Quality q);

// PW-ART-07: fall of shot from the modified score.
enum class Fall { kOnTarget, kInFront, kBehind, kIneffective };
Fall fall_of_shot(int score);

// Stacking class (PW-UNIT-05): commanders and transport may share a square.
inline bool shares_squares(UnitType t) { return t == UnitType::kCommander || t == UnitType::kTransport; }
inline bool is_cavalry(UnitType t) {
  return t == UnitType::kMountedCavalry || t == UnitType::kDismountedCavalry;
}

}  // namespace sandtable::pw
