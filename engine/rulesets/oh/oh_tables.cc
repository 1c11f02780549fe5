#include "engine/rulesets/oh/oh_tables.h"

#include <array>

namespace sandtable::oh {

namespace {

// clang-format off
constexpr std::array<TypeRow, 4> kTypes{{
  //  type               key         words             w    d    gap  range close long  bonus march stops  dig    ready
  {UnitType::kInfantry, "infantry", "Infantry",       2.0, 1.0, 0.5, 12,   4,    0,    2,    1,    false, true,  true},
  {UnitType::kMortar,   "mortar",   "Mortar",         1.5, 1.0, 0.5, 48,   0,    0,    0,    1,    true,  true,  false},
  {UnitType::kAtg,      "atg",      "Anti-Tank Gun",  1.5, 1.5, 0.5, 12,   4,    24,   0,    1,    true,  true,  true},
  {UnitType::kTank,     "tank",     "Tank",           1.5, 2.5, 1.0, 12,   4,    24,   4,    2,    false, false, true},
}};

// OH-FIRE-06, the target-type columns: rows Infantry, Mortar, ATG, Tank firing; columns vs
// Infantry, Mortar, ATG, Tank.
constexpr int kTypeModifier[4][4] = {
    {0, -2, 0, -2},   // Infantry
    {2, 0, 2, -2},    // Mortar
    {-2, -2, -2, 2},  // ATG
    {0, 0, 0, 2},     // Tank
};
// clang-format on

}  // namespace

const TypeRow& row_of(UnitType t) { return kTypes[static_cast<std::size_t>(t)]; }

const TypeRow* row_by_key(std::string_view key) {
  for (const auto& r : kTypes) {
    if (r.key == key) return &r;
  }
  return nullptr;
}

int type_modifier(UnitType firer, UnitType target) {
  return kTypeModifier[static_cast<int>(firer)][static_cast<int>(target)];
}

bool situational_modifiers(UnitType firer) { return firer != UnitType::kMortar; }

}  // namespace sandtable::oh
