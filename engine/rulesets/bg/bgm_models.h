#pragma once
// Shaffer's vehicle data (§10, BGM-VEH-01..06): the German and American models as printed, the
// data a vehicle of the Shaffer layer names with its `model=` attribute. A table, nothing else.
#include <optional>
#include <span>
#include <string_view>

#include "engine/rulesets/bg/bgm_tables.h"

namespace sandtable::bg::mods {

// Armour of one aspect (BGM-VEH-01): hull and turret; a single printed number (open-topped) has
// no turret value.
struct Armour {
  int hull = 0;
  int turret = -1;  // -1: open-topped, the hull value serves
};

struct Model {
  std::string_view name;        // as printed, e.g. "Pz IV H"
  bool american = false;        // BGM-VDMG-04: American petrol engines (GAP decided in the doc)
  std::string_view size;        // "S", "M", "L", "VL" (BGM-VEH-02)
  int speed_cross = 0, speed_road = 0;  // GAP-BGM-VEH-01
  bool soft_skin = false;       // "ss": always penetrated (BGM-PEN-01)
  Armour front, side, rear;
  std::optional<int> turret_mod;  // none: no turret (BGM-VEH-03)
  std::string_view mgs;         // "H, C, AA"
  std::string_view gun;         // e.g. "75L", "105Sh", "lcmg"; empty: none
  int pen_ap = 0;               // 0: none printed
  int pen_other = 0;            // special ammunition; for a gun with no AP round, its HEAT
  int he_pen = 0;
  std::string_view he_size;     // "sm", "med", "lrg"
};

// The infantry anti-tank weapons of BGM-AT-07, with the penetration GAP-BGM-AT-10 decides (a
// scenario may give another) and the warhead's calibre for special hits and crew hits.
struct InfantryWeapon {
  std::string_view name;  // "bazooka", "panzerschreck", "panzerfaust30", "panzerfaust60", "piat"
  std::string_view words; // "bazooka", "Panzerfaust 30", ...
  AtWeapon weapon;
  int pen;
  int calibre_mm;
};
const InfantryWeapon* infantry_weapon(std::string_view name);
std::span<const InfantryWeapon> infantry_weapons();

std::span<const Model> models();
// The model printed under this name, or nullptr.
const Model* model(std::string_view name);
// The calibre in mm of a gun code ("75L" -> 75); 0 for "lcmg" or none.
int calibre_mm(std::string_view gun);

}  // namespace sandtable::bg::mods
