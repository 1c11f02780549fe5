#include "engine/rulesets/rookie/rr_tables.h"

namespace sandtable::rr {

namespace {

// RR-UNIT-03/04 suggestions: a band's ff is given as its middle value, so the weapon reads in
// that band's chart column (RR-UNIT-04: "each band equals one firing-chart column").
constexpr TypeRow kTypes[] = {
    // key, words, kind, mover, emplaced, figures, ff/figure, weapon ff, armour, squad, indirect, min range
    {"squad", "rifle squad", Kind::kSquad, MoverType::kInfantry, false, 5, 3, 0, ArmourClass::kNone, true, false, 0},
    {"leader", "leader", Kind::kLeader, MoverType::kInfantry, false, 1, 3, 0, ArmourClass::kNone, true, false, 0},
    {"cavalry", "cavalry squad", Kind::kSquad, MoverType::kCavalry, false, 5, 3, 0, ArmourClass::kNone, true, false, 0},
    {"sniper", "sniper", Kind::kSniper, MoverType::kInfantry, false, 1, 3, 0, ArmourClass::kNone, false, false, 0},
    {"mmg", "medium machine gun", Kind::kWeapon, MoverType::kInfantry, false, 1, 0, 18, ArmourClass::kNone, false, false, 0},
    {"hmg", "heavy machine gun", Kind::kWeapon, MoverType::kInfantry, false, 1, 0, 23, ArmourClass::kNone, false, false, 0},
    {"light_mortar", "light mortar", Kind::kWeapon, MoverType::kInfantry, false, 1, 0, 23, ArmourClass::kNone, false, true, 8.1},
    {"medium_mortar", "medium mortar", Kind::kWeapon, MoverType::kInfantry, false, 1, 0, 38, ArmourClass::kNone, false, true, 25.1},
    {"heavy_mortar", "heavy mortar", Kind::kWeapon, MoverType::kInfantry, true, 1, 0, 53, ArmourClass::kNone, false, true, 75.1},
    {"at_gun_37", "37 mm anti-tank gun", Kind::kWeapon, MoverType::kInfantry, false, 1, 0, 28, ArmourClass::kNone, false, false, 0},
    {"at_gun_57", "57 mm anti-tank gun", Kind::kWeapon, MoverType::kInfantry, false, 1, 0, 33, ArmourClass::kNone, false, false, 0},
    {"gun_75", "75 mm gun", Kind::kWeapon, MoverType::kInfantry, true, 1, 0, 38, ArmourClass::kNone, false, false, 8.1},
    {"light_artillery", "light artillery piece", Kind::kWeapon, MoverType::kInfantry, true, 1, 0, 43, ArmourClass::kNone, false, false, 8.1},
    {"armoured_car", "armoured car", Kind::kVehicle, MoverType::kMotorcycleOrArmouredCar, false, 1, 0, 23, ArmourClass::kA, false, false, 0},
    {"german_halftrack", "half-track", Kind::kVehicle, MoverType::kGermanHalfTrack, false, 1, 0, 18, ArmourClass::kA, false, false, 0},
    {"allied_halftrack", "half-track", Kind::kVehicle, MoverType::kAlliedHalfTrack, false, 1, 0, 18, ArmourClass::kA, false, false, 0},
    {"truck", "truck", Kind::kVehicle, MoverType::kTruck, false, 1, 0, 0, ArmourClass::kNone, false, false, 0},
    {"light_tank", "light tank", Kind::kVehicle, MoverType::kSpecialTank, false, 1, 0, 28, ArmourClass::kB, false, false, 0},
    {"tank", "tank", Kind::kVehicle, MoverType::kTank, false, 1, 0, 38, ArmourClass::kC, false, false, 0},
    {"special_tank", "fast tank", Kind::kVehicle, MoverType::kSpecialTank, false, 1, 0, 43, ArmourClass::kD, false, false, 0},
    {"bunker", "bunker", Kind::kBunker, MoverType::kInfantry, true, 1, 0, 23, ArmourClass::kB, false, false, 0},
};

}  // namespace

std::span<const TypeRow> type_rows() { return kTypes; }

const TypeRow* row_by_key(std::string_view key) {
  for (const auto& r : kTypes) {
    if (r.key == key) return &r;
  }
  return nullptr;
}

const TypeRow& row_of(const Unit& u) {
  const TypeRow* r = row_by_key(u.type);
  return r ? *r : kTypes[0];
}

}  // namespace sandtable::rr
