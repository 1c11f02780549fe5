#include "engine/rulesets/pw/pw_tables.h"

#include <array>
#include <cstdint>
#include <iterator>

namespace sandtable::pw {

namespace {

constexpr std::size_t kUnitTypes = static_cast<std::size_t>(UnitType::kCommander) + 1;
constexpr std::size_t kArtilleryKinds = static_cast<std::size_t>(ArtilleryKind::kMountain) + 1;

// key, words, type, artillery, SP, move, range, dice, cc front, cc flank
constexpr TypeRow kRows[] = {
    {"infantry", "infantry", UnitType::kInfantry, ArtilleryKind::kNone, 4, 2, 3, 1, 3, 5},
    {"dismounted_cavalry", "dismounted cavalry", UnitType::kDismountedCavalry, ArtilleryKind::kNone, 3, 2, 3, 1, 3, 5},
    {"mounted_cavalry", "mounted cavalry", UnitType::kMountedCavalry, ArtilleryKind::kNone, 3, 3, 0, 0, 2, 4},
    {"machine_gun", "machine guns", UnitType::kMachineGun, ArtilleryKind::kNone, 2, 2, 3, 3, 3, 5},
    {"heavy_artillery", "heavy artillery", UnitType::kArtillery, ArtilleryKind::kHeavy, 2, 1, 12, 1, 4, 5},
    {"medium_artillery", "medium artillery", UnitType::kArtillery, ArtilleryKind::kMedium, 2, 1, 10, 1, 4, 5},
    {"field_artillery", "field artillery", UnitType::kArtillery, ArtilleryKind::kField, 2, 2, 8, 1, 4, 5},
    {"mountain_artillery", "mountain artillery", UnitType::kArtillery, ArtilleryKind::kMountain, 2, 2, 6, 1, 4, 5},
    {"transport", "horse-drawn transport", UnitType::kTransport, ArtilleryKind::kNone, 1, 2, 0, 0, 5, 6},
    {"commander", "commander", UnitType::kCommander, ArtilleryKind::kNone, 2, 3, 0, 0, 3, 3},
};

}  // namespace

const TypeRow* type_rows(int* count) {
  *count = static_cast<int>(sizeof(kRows) / sizeof(kRows[0]));
  return kRows;
}

const TypeRow* type_row(std::string_view key) {
  for (const TypeRow& r : kRows) {
    if (key == r.key) return &r;
  }
  return nullptr;
}

const TypeRow& row_of(const Unit& u) {
  // Each (type, artillery) pair's row, looked up once: the rules and the bot ask for a unit's row
  // at every square they weigh. A pair no row names reads the first row, as the search did.
  static const auto index = [] {
    std::array<std::array<std::uint8_t, kArtilleryKinds>, kUnitTypes> at{};
    for (std::size_t i = std::size(kRows); i-- > 0;) {
      at[static_cast<std::size_t>(kRows[i].type)][static_cast<std::size_t>(kRows[i].artillery)] = static_cast<std::uint8_t>(i);
    }
    return at;
  }();
  const auto type = static_cast<std::size_t>(u.type), artillery = static_cast<std::size_t>(u.artillery);
  if (type >= kUnitTypes || artillery >= kArtilleryKinds) return kRows[0];
  return kRows[index[type][artillery]];
}

std::string type_list() {
  std::string out;
  for (const TypeRow& r : kRows) {
    if (!out.empty()) out += ", ";
    out += r.key;
  }
  return out;
}

std::optional<Quality> parse_quality(std::string_view s) {
  if (s.empty() || s == "average") return Quality::kAverage;
  if (s == "elite") return Quality::kElite;
  if (s == "poor") return Quality::kPoor;
  return std::nullopt;
}

const char* quality_name(Quality q) {
  switch (q) {
    case Quality::kElite: return "elite";
    case Quality::kAverage: return "average";
    case Quality::kPoor: return "poor";
  }
  return "average";
}

int hit_lose_max(Quality q) {
  switch (q) {
    case Quality::kElite: return 2;
    case Quality::kAverage: return 3;
    case Quality::kPoor: return 4;
  }
  return 3;
}

// As printed: 5+ on target; 2 or 4 in front; 1 or 3 behind; below 1 ineffective.
Fall fall_of_shot(int score) {
  if (score >= 5) return Fall::kOnTarget;
  if (score < 1) return Fall::kIneffective;
  if (score == 2 || score == 4) return Fall::kInFront;
  return Fall::kBehind;
}

}  // namespace sandtable::pw
