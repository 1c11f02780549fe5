// The tables of Shaffer's modifications as data (../shared/rules/battleground-mods.md), read by
// small functions. Cells the seed lost are filled as the catalogue decides, each marked where it
// is used.
#include "engine/rulesets/bg/bgm_tables.h"

#include <array>
#include <cmath>
#include <limits>

namespace sandtable::bg::mods {

namespace {

constexpr double kOpen = std::numeric_limits<double>::infinity();  // an open-ended "+N" band

struct AtRow {
  std::array<double, 5> max;         // inches, PB..Ex
  std::array<int, 5> attenuation;    // percent
};

// BGM-AT-07, in AtWeapon order. The hand-held weapons' triples and pairs are split in the seed's
// order (30 / 60+ / PIAT, bazooka / panzerschreck); they attenuate nothing (BGM-AT-10).
constexpr std::array<AtRow, 9> kAtRows{{
    {{1, 2, 3, 6, 8}, {0, 0, 0, 0, 0}},                  // panzerfaust 30
    {{1, 4, 6, 8, 12}, {0, 0, 0, 0, 0}},                 // panzerfaust 60 and later
    {{1, 2, 3, 4, 6}, {0, 0, 0, 0, 0}},                  // PIAT
    {{2, 6, 10, 14, 20}, {0, 0, 0, 0, 0}},               // bazooka
    {{2, 5, 8, 10, 15}, {0, 0, 0, 0, 0}},                // panzerschreck
    {{4, 18, 48, 60, 72}, {0, 0, -25, -50, -75}},        // short, below L/29
    {{6, 24, 60, 82, kOpen}, {25, 0, -10, -25, -50}},    // standard, L/30-44
    {{6, 36, 72, 90, kOpen}, {25, 0, 0, -10, -25}},      // long, L/45-64
    {{8, 42, 90, 120, kOpen}, {25, 0, 0, 0, -10}},       // XL, L/65 and longer
}};

constexpr std::array<int, 5> kBaseToHit{16, 12, 10, 6, 2};  // BGM-AT-03

using L = Location;
// BGM-LOC-09 by d20 (index 0 = a roll of 1). Decided (GAP-BGM-LOC-01): rear 2 special, rear 16 and
// 19 turret, and "commander killed" on a 20 from every aspect.
constexpr std::array<std::array<L, 20>, 4> kLocation{{
    {L::kSpecial, L::kGun, L::kGun, L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kHull, L::kHull, L::kHull, L::kHull,
     L::kHull, L::kHull, L::kHullAndCrew, L::kHullAndCrew, L::kHullAndCrew, L::kTurretAndCrew, L::kTurretAndCrew, L::kTurret,
     L::kGun, L::kCommanderKilled},
    {L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kImmobilized,
     L::kImmobilized, L::kHullAndCrew, L::kHullAndCrew, L::kHullAndCrew, L::kHull, L::kHull, L::kHullAndEngine,
     L::kHullAndEngine, L::kTurretAndCrew, L::kTurretAndCrew, L::kTurretAndCrew, L::kTurret, L::kCommanderKilled},
    {L::kSpecial, L::kSpecial, L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kEngine,
     L::kEngine, L::kEngine, L::kEngine, L::kEngine, L::kEngine, L::kHull, L::kHull, L::kTurret, L::kTurret, L::kTurret,
     L::kTurret, L::kCommanderKilled},
    {L::kGun, L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kImmobilized, L::kImmobilized,
     L::kTurretAndCrew, L::kTurretAndCrew, L::kTurretAndCrew, L::kHullAndCrew, L::kHullAndCrew, L::kEngine, L::kEngine,
     L::kEngine, L::kEngine, L::kEngine, L::kEngine, L::kEngine, L::kCommanderKilled},
}};

struct SaRow {
  int rof;
  std::array<int, 4> max;  // inches, PB / Eff / L / Ex
  std::array<char, 4> column;
};
// BGM-SA-03, in SmallArm order.
constexpr std::array<SaRow, 9> kSmallArms{{
    {2, {1, 2, 4, 8}, {'C', 'D', 'F', 'H'}},        // pistol
    {4, {2, 5, 8, 10}, {'B', 'D', 'E', 'G'}},       // SMG
    {3, {3, 8, 10, 12}, {'B', 'C', 'E', 'F'}},      // carbine
    {1, {4, 12, 20, 60}, {'B', 'C', 'C', 'F'}},     // bolt-action rifle
    {2, {4, 12, 20, 60}, {'B', 'C', 'C', 'F'}},     // semi-automatic rifle
    {3, {4, 12, 20, 60}, {'B', 'C', 'C', 'G'}},     // assault rifle
    {4, {6, 15, 30, 70}, {'B', 'B', 'C', 'E'}},     // LMG
    {4, {8, 20, 60, 80}, {'B', 'B', 'C', 'D'}},     // MMG
    {4, {8, 30, 70, 100}, {'A', 'A', 'B', 'C'}},    // large-calibre MG
}};

// BGM-DMG-01: 24 rows, each in column order H G F E D C B A. N none, S suppressed, M morale
// check, L light wound, H heavy wound, K killed, G GD. All 192 cells survive in the seed.
constexpr std::array<std::string_view, 24> kDamage{
    "HKKKGGGG", "LHHKKKGG", "LLHHKKKG", "MLLHHKKK", "MMLLHHKK", "MMLLHHHK", "SMMLLHHK", "SMMMLLHH",
    "SSMMLLLH", "SSMMMLLH", "NSSMMLLL", "NSSSMMLL", "NNSSMMML", "NNSSSMML", "NNNSSMMM", "NNNNSSMM",
    "NNNNSSSM", "NNNNNSSM", "NNNNNSSM", "NNNNNSSS", "NNNNNNSS", "NNNNNNNS", "NNNNNNNS", "NNNNNNNS",
};
constexpr std::string_view kColumns = "HGFEDCBA";

Wound wound_of(char cell) {
  switch (cell) {
    case 'S': return Wound::kSuppressed;
    case 'M': return Wound::kMoraleCheck;
    case 'L': return Wound::kLightWound;
    case 'H': return Wound::kHeavyWound;
    case 'K': return Wound::kKilled;
    case 'G': return Wound::kGruesome;
    default: return Wound::kNone;
  }
}

// Which of a table's rows a modified d20 falls in, given each row's highest roll.
template <std::size_t N>
std::size_t row_of(int modified, const std::array<int, N>& highest) {
  for (std::size_t i = 0; i < N; ++i) {
    if (modified <= highest[i]) return i;
  }
  return N;
}

}  // namespace

std::optional<AtWeapon> gun_class(std::string_view code) {
  const auto first_letter = code.find_first_not_of("0123456789");
  if (first_letter == 0 || first_letter == std::string_view::npos) return std::nullopt;
  const std::string_view suffix = code.substr(first_letter);
  if (suffix == "Sh") return AtWeapon::kShort;
  if (suffix == "St") return AtWeapon::kStandard;
  if (suffix == "L") return AtWeapon::kLong;
  if (suffix == "XL") return AtWeapon::kXL;
  return std::nullopt;
}

int base_to_hit(AtBand band) { return kBaseToHit[static_cast<std::size_t>(band)]; }

std::optional<AtBand> at_band(AtWeapon weapon, double inches) {
  if (!std::isfinite(inches) || inches < 0) return std::nullopt;
  const auto& row = kAtRows[static_cast<std::size_t>(weapon)];
  for (std::size_t b = 0; b < row.max.size(); ++b) {
    if (inches <= row.max[b]) return static_cast<AtBand>(b);
  }
  return std::nullopt;
}

int attenuation_percent(AtWeapon weapon, AtBand band) {
  return kAtRows[static_cast<std::size_t>(weapon)].attenuation[static_cast<std::size_t>(band)];
}

int effective_penetration(int listed, int attenuation_pct) {
  // Integers throughout, so 29 x 0.9 is 26 on every machine (GAP-BGM-AT-05: rounded down).
  const int scaled = listed * (100 + attenuation_pct);
  return scaled >= 0 ? scaled / 100 : -((-scaled + 99) / 100);
}

AtRoll at_hit(int natural, int modifiers, AtBand band) {
  AtRoll r;
  r.modified = natural + modifiers;
  r.jam = natural == 20;
  r.hit = !r.jam && r.modified < base_to_hit(band);
  return r;
}

std::optional<int> size_modifier(std::string_view size) {
  if (size == "VS") return 2;
  if (size == "S") return 1;
  if (size == "M") return 0;
  if (size == "L") return -1;
  if (size == "VL") return -2;
  return std::nullopt;
}

Location hit_location(Aspect aspect, int d20) {
  const int i = d20 < 1 ? 0 : d20 > 20 ? 19 : d20 - 1;
  return kLocation[static_cast<std::size_t>(aspect)][static_cast<std::size_t>(i)];
}

std::string_view location_name(Location l) {
  switch (l) {
    case L::kSpecial: return "special";
    case L::kGun: return "gun";
    case L::kImmobilized: return "immobilized";
    case L::kHull: return "hull";
    case L::kHullAndCrew: return "hull & crew";
    case L::kHullAndEngine: return "hull & engine";
    case L::kTurret: return "turret";
    case L::kTurretAndCrew: return "turret & crew";
    case L::kEngine: return "engine";
    case L::kCommanderKilled: return "commander KIA";
  }
  return "";
}

bool penetrates(int effective_pen, int armour) { return effective_pen >= armour; }

SpecialHit special_hit(int calibre_mm, bool he_round) {
  if (!he_round && calibre_mm >= 50) return {true, 0};
  return {false, 2};
}

Crewman crew_struck(Aspect aspect, bool turret, bool from_left, int d6) {
  const auto driver_or_assistant = [&] { return d6 <= 3 ? Crewman::kDriver : Crewman::kAssistantDriver; };
  const auto turret_crew = [&] { return d6 <= 2 ? Crewman::kLoader : d6 <= 4 ? Crewman::kCommander : Crewman::kGunner; };
  switch (aspect) {
    case Aspect::kFront: return turret ? turret_crew() : driver_or_assistant();  // front turret: GAP-BGM-CREW-02
    case Aspect::kSide:
      if (turret) return from_left ? Crewman::kLoader : Crewman::kGunner;
      return from_left ? Crewman::kDriver : Crewman::kAssistantDriver;
    case Aspect::kRear: return d6 <= 3 ? Crewman::kLoader : d6 <= 5 ? Crewman::kCommander : Crewman::kGunner;
    case Aspect::kTop: return turret ? turret_crew() : driver_or_assistant();
  }
  return Crewman::kCommander;
}

std::string_view crewman_name(Crewman c) {
  switch (c) {
    case Crewman::kDriver: return "driver";
    case Crewman::kAssistantDriver: return "assistant driver";
    case Crewman::kLoader: return "loader";
    case Crewman::kCommander: return "commander";
    case Crewman::kGunner: return "gunner";
  }
  return "";
}

CrewHit crew_hit(bool penetrated, int calibre_mm, bool heat) {
  CrewHit h;
  h.column = penetrated ? 'B' : 'F';
  if (calibre_mm < 50) h.modifier += 3;
  if (calibre_mm > 100 || heat) h.modifier -= 2;
  return h;
}

PenDamage penetration_damage(int d20) {
  constexpr std::array<int, 5> kHighest{1, 4, 10, 15, 18};
  return static_cast<PenDamage>(row_of(d20, kHighest));
}

NonPenDamage non_penetration_damage(int d20) {
  constexpr std::array<int, 5> kHighest{1, 4, 7, 9, 10};
  return static_cast<NonPenDamage>(row_of(d20, kHighest));
}

int turns_out_of_action(PenDamage d) {
  switch (d) {
    case PenDamage::kHeavy: return 3;
    case PenDamage::kModerate: return 2;
    case PenDamage::kLight: return 1;
    default: return 0;
  }
}

bool engine_fire(int natural, bool american_petrol) { return natural - (american_petrol ? 8 : 0) <= 5; }

int rate_of_fire(SmallArm w) { return kSmallArms[static_cast<std::size_t>(w)].rof; }

std::optional<SaBandRow> sa_band(SmallArm w, double inches) {
  if (!std::isfinite(inches) || inches < 0) return std::nullopt;
  const auto& row = kSmallArms[static_cast<std::size_t>(w)];
  for (std::size_t b = 0; b < row.max.size(); ++b) {
    if (inches <= row.max[b]) return SaBandRow{static_cast<SaBand>(b), row.column[b]};
  }
  return std::nullopt;  // beyond the extreme band: it cannot fire (BGM-SA-07)
}

int men_modifier(int men) { return men <= 2 ? 3 : -2 * ((men - 2) / 2); }

int assault_men_modifier(int men) { return men <= 1 ? 4 : -2 * ((men - 2) / 2); }

SaHits sa_hits(int natural, int modified) {
  if (natural == 20) return {SaResult::kNone, 0, true};  // BGM-GEN-05
  if (modified < 1) return {SaResult::kHits, 4, false};
  if (modified <= 4) return {SaResult::kHits, 3, false};
  if (modified <= 8) return {SaResult::kHits, 2, false};
  if (modified <= 13) return {SaResult::kHits, 1, false};
  if (modified <= 15) return {SaResult::kMoraleCheck, 0, false};
  return {SaResult::kNone, 0, false};
}

std::string_view wound_code(Wound w) {
  switch (w) {
    case Wound::kNone: return "-";
    case Wound::kSuppressed: return "SUP";
    case Wound::kMoraleCheck: return "MC";
    case Wound::kLightWound: return "LtW";
    case Wound::kHeavyWound: return "HW";
    case Wound::kKilled: return "KIA";
    case Wound::kGruesome: return "GD";
  }
  return "";
}

Wound infantry_damage(char column, int modified) {
  const auto c = kColumns.find(column);
  if (c == std::string_view::npos) return Wound::kNone;
  if (modified > 24) return Wound::kNone;  // beyond the table: no effect (decided, BGM-DMG-01)
  const int row = modified < 1 ? 1 : modified;
  return wound_of(kDamage[static_cast<std::size_t>(row - 1)][c]);
}

char shift_column(char column) {
  const auto c = kColumns.find(column);
  if (c == std::string_view::npos || c + 1 >= kColumns.size()) return column;  // 'A' is the last
  return kColumns[c + 1];
}

AssaultResult assault(AssaultTarget target, int modified) {
  constexpr std::array<int, 4> kHighest{3, 6, 10, 14};
  const std::size_t row = row_of(modified, kHighest);  // 0..4
  AssaultResult r;
  auto hits = [&](int n, char column) {
    r.hits = n;
    r.column = column;
  };
  switch (target) {
    case AssaultTarget::kClosedAfv:
      if (row == 0) r.destroyed_or_silenced = true;
      if (row == 1) {
        r.immobilized = true;
        hits(2, 'C');
      }
      if (row == 2) {
        r.immobilized = true;
        hits(1, 'D');
      }
      if (row == 3) r.morale_check = true;
      break;
    case AssaultTarget::kOpenAfv:
      if (row == 0) r.destroyed_or_silenced = true;
      if (row == 1) {
        r.destroyed_or_silenced = true;
        hits(3, 'B');
      }
      if (row == 2) {
        r.immobilized = true;
        hits(2, 'C');
      }
      if (row == 3) hits(1, 'F');
      if (row == 4) r.morale_check = true;
      break;
    case AssaultTarget::kFightingPosition:
      if (row == 0) {
        r.destroyed_or_silenced = true;
        hits(4, 'B');
      }
      if (row == 1) hits(3, 'B');
      if (row == 2) hits(2, 'C');
      if (row == 3) r.morale_check = true;
      break;
    case AssaultTarget::kStoneBuilding:
      if (row == 0) {
        r.destroyed_or_silenced = true;
        hits(4, 'B');
      }
      if (row == 1) hits(2, 'C');
      if (row == 2) hits(1, 'F');
      break;
    case AssaultTarget::kBunker:  // 4-6 lost: 2 'C' hits; 11-14 lost: no effect (GAP-BGM-ASLT-07)
      if (row == 0) {
        r.destroyed_or_silenced = true;
        hits(4, 'B');
      }
      if (row == 1) hits(2, 'C');
      if (row == 2) r.morale_check = true;
      break;
    case AssaultTarget::kInfantry:  // 3 or less: every figure out (GAP-BGM-ASLT-07)
      if (row == 0) r.destroyed_or_silenced = true;
      if (row == 1) hits(5, 'B');
      if (row == 2) hits(3, 'C');
      if (row == 3) hits(2, 'E');
      if (row == 4) r.half_morale_check = true;
      break;
  }
  return r;
}

}  // namespace sandtable::bg::mods
