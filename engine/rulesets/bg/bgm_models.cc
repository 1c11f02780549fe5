// BGM-VEH-05 (German) and BGM-VEH-06 (American) as printed in the seed's §10, including the
// suspect rear armour of the 76 mm Jumbo (GAP-BGM-VEH-06: kept; a scenario may use another model).
#include "engine/rulesets/bg/bgm_models.h"

#include <array>
#include <cctype>

namespace sandtable::bg::mods {

namespace {

constexpr Armour A(int h, int t) { return {h, t}; }
constexpr Armour O(int h) { return {h, -1}; }
constexpr Armour kSoft{0, -1};

// name, american, size, cross, road, soft, front, side, rear, turret mod, MGs, gun, pen AP, pen other, HE pen, HE size
const std::array kModels = {
    // ---- German (BGM-VEH-05) ----
    Model{"Pz IV D", false, "M", 8, 12, false, A(8, 8), A(7, 7), A(3, 3), 0, "H, C", "75Sh", 14, 0, 13, "med"},
    Model{"Pz IV H", false, "M", 7, 10, false, A(23, 18), A(8, 11), A(5, 11), 0, "H, C, AA", "75L", 29, 34, 13, "med"},
    Model{"Pz V G (Panther)", false, "L", 10, 15, false, A(43, 35), A(18, 16), A(18, 16), 1, "H, C, AA", "75XL", 37, 0, 13, "med"},
    Model{"Pz VI E (Tiger)", false, "L", 8, 12, false, A(32, 30), A(22, 22), A(22, 22), 1, "H, C, AA", "88L", 32, 39, 14, "med"},
    Model{"Pz VI B (King Tiger)", false, "VL", 7, 10, false, A(57, 51), A(22, 24), A(24, 24), 1, "H, C, AA", "88XL", 50, 0, 14, "med"},
    Model{"Jpz IV/70", false, "M", 6, 10, false, A(41, 38), A(10, 11), A(3, 3), std::nullopt, "H, AA", "75XL", 37, 0, 13, "med"},
    Model{"Jpz V (Jagdpanther)", false, "M", 10, 15, false, A(41, 38), A(11, 16), A(14, 14), std::nullopt, "H", "88XL", 50, 0, 14, "med"},
    Model{"StuG III G", false, "M", 8, 12, false, A(20, 18), A(8, 8), A(3, 3), std::nullopt, "C, AA", "75L", 29, 34, 13, "med"},
    Model{"StuH 42", false, "M", 8, 12, false, A(20, 18), A(8, 8), A(3, 3), std::nullopt, "C, AA", "105Sh", 0, 21, 17, "lrg"},
    Model{"Sd.Kfz. 250/1", false, "S", 8, 16, false, O(3), O(3), O(3), std::nullopt, "C, AA, P", "", 0, 0, 0, ""},
    Model{"Sd.Kfz. 251/1", false, "M", 10, 19, false, O(3), O(3), O(3), std::nullopt, "C, AA, P", "", 0, 0, 0, ""},
    Model{"Panhard", false, "S", 10, 20, false, A(5, 4), A(3, 3), A(3, 3), 0, "C", "47St", 15, 0, 8, "sm"},
    Model{"Kübelwagen", false, "S", 13, 21, true, kSoft, kSoft, kSoft, std::nullopt, "", "", 0, 0, 0, ""},
    Model{"Medium truck (German)", false, "M", 9, 17, true, kSoft, kSoft, kSoft, std::nullopt, "", "", 0, 0, 0, ""},
    Model{"Heavy truck (German)", false, "L", 6, 12, true, kSoft, kSoft, kSoft, std::nullopt, "", "", 0, 0, 0, ""},
    // ---- American (BGM-VEH-06) ----
    Model{"M4A3 (75)", true, "L", 9, 14, false, A(31, 23), A(11, 15), A(8, 8), 0, "H, C, AA", "75St", 20, 0, 13, "med"},
    Model{"M4A3 (76)", true, "L", 9, 14, false, A(31, 23), A(11, 15), A(8, 8), 0, "H, C, AA", "76L", 24, 28, 13, "med"},
    Model{"M4A3E2 (75) Jumbo", true, "L", 7, 10, false, A(52, 52), A(23, 26), A(11, 11), 0, "H, C, AA", "75St", 20, 0, 13, "med"},
    Model{"M4A3E2 (76) Jumbo", true, "L", 7, 10, false, A(52, 52), A(23, 26), A(22, 22), 0, "H, C, AA", "76L", 24, 28, 13, "med"},
    Model{"M5A1 (Stuart)", true, "S", 13, 18, false, A(16, 11), A(8, 11), A(3, 3), 0, "H, C, AA", "37L", 15, 0, 0, ""},
    Model{"M10 GMC", true, "L", 9, 14, false, A(23, 23), A(8, 8), A(3, 3), 0, "C, AA", "76L", 24, 28, 13, "med"},
    Model{"M8 armoured car", true, "S", 18, 25, false, A(7, 7), A(3, 2), A(2, 2), 0, "C, AA", "37L", 15, 0, 0, ""},
    Model{"M3A1 half-track", true, "M", 12, 17, false, A(1, 1), A(1, 1), A(1, 1), std::nullopt, "AA", "lcmg", 6, 0, 0, ""},
    Model{"Jeep", true, "S", 13, 21, true, kSoft, kSoft, kSoft, std::nullopt, "", "", 0, 0, 0, ""},
    Model{"Medium truck (American)", true, "M", 9, 17, true, kSoft, kSoft, kSoft, std::nullopt, "", "", 0, 0, 0, ""},
    Model{"Heavy truck (American)", true, "L", 6, 12, true, kSoft, kSoft, kSoft, std::nullopt, "", "", 0, 0, 0, ""},
};

// GAP-BGM-AT-10: panzerfausts 40, panzerschreck 35, bazooka and PIAT 25. Calibres: the warheads
// (Panzerfaust 30 and 60: 100 mm and 149 mm; Panzerschreck 88 mm; bazooka 60 mm; PIAT 89 mm).
const std::array kInfantry = {
    InfantryWeapon{"panzerfaust30", "Panzerfaust 30", AtWeapon::kPanzerfaust30, 40, 100},
    InfantryWeapon{"panzerfaust60", "Panzerfaust 60", AtWeapon::kPanzerfaust60, 40, 149},
    InfantryWeapon{"piat", "PIAT", AtWeapon::kPiat, 25, 89},
    InfantryWeapon{"bazooka", "bazooka", AtWeapon::kBazooka, 25, 60},
    InfantryWeapon{"panzerschreck", "Panzerschreck", AtWeapon::kPanzerschreck, 35, 88},
};

}  // namespace

std::span<const InfantryWeapon> infantry_weapons() { return kInfantry; }

const InfantryWeapon* infantry_weapon(std::string_view name) {
  for (const auto& w : kInfantry) {
    if (w.name == name) return &w;
  }
  return nullptr;
}

std::span<const Model> models() { return kModels; }

const Model* model(std::string_view name) {
  for (const auto& m : kModels) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

int calibre_mm(std::string_view gun) {
  int mm = 0;
  for (char c : gun) {
    if (!std::isdigit(static_cast<unsigned char>(c))) break;
    mm = mm * 10 + (c - '0');
  }
  return mm;
}

}  // namespace sandtable::bg::mods
