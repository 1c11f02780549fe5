#pragma once
// Joe Shaffer's Battleground modifications (../shared/rules/battleground-mods.md, issue 19): the
// d20 tables and the arithmetic of one roll on each, as pure functions of the dice and the
// situation. The layer that plays them on Carroll's table (profile a, GAP-BGM-GEN-01) builds on
// these; nothing here knows a unit or a state. Every d20 in this file is rolled low: modifiers are
// added to the die and a positive one is bad for the roller (GAP-BGM-AT-02).
#include <optional>
#include <string_view>

namespace sandtable::bg::mods {

// ---- anti-tank fire (§1) ----

// BGM-AT-04 gun classes by barrel length, and the infantry anti-tank weapons of BGM-AT-07.
enum class AtWeapon { kPanzerfaust30, kPanzerfaust60, kPiat, kBazooka, kPanzerschreck, kShort, kStandard, kLong, kXL };
enum class AtBand { kPointBlank, kShort, kEffective, kLong, kExtreme };

// BGM-AT-04: "Sh", "St", "L", "XL" of a main-gun code (e.g. "75L"); nullopt for anything else.
std::optional<AtWeapon> gun_class(std::string_view code);
// BGM-AT-03: the base to-hit number of a band: 16, 12, 10, 6, 2.
int base_to_hit(AtBand band);
// BGM-AT-07 / BGM-SA-07: the first band whose maximum is at least `inches`; nullopt beyond the
// last band of a weapon that has one (infantry weapons, short guns). Open-ended bands have none.
std::optional<AtBand> at_band(AtWeapon weapon, double inches);
// BGM-AT-07: the band's penetration attenuation in percent (+25 at point blank for the longer
// guns); 0 for the infantry weapons (BGM-AT-10).
int attenuation_percent(AtWeapon weapon, AtBand band);
// BGM-AT-05: listed penetration x (1 + attenuation), rounded down (GAP-BGM-AT-05).
int effective_penetration(int listed, int attenuation_pct);

// BGM-AT-02 / BGM-GEN-05: one to-hit roll.
struct AtRoll {
  int modified = 0;  // natural + modifiers
  bool hit = false;  // modified < base to-hit (equality misses)
  bool jam = false;  // a natural 20: a miss and a jam, whatever the modifiers
};
AtRoll at_hit(int natural, int modifiers, AtBand band);

// BGM-VEH-02: a vehicle's size letter as a to-hit modifier (S +1, M 0, L -1, VL -2); "very
// small" (+2) is for AT teams and towed guns.
std::optional<int> size_modifier(std::string_view size_letter);

// ---- hit location and penetration (§2) ----

enum class Aspect { kFront, kSide, kRear, kTop };
enum class Location { kSpecial, kGun, kImmobilized, kHull, kHullAndCrew, kHullAndEngine, kTurret, kTurretAndCrew, kEngine,
                      kCommanderKilled };
// BGM-LOC-09 with the decided cells of GAP-BGM-LOC-01.
Location hit_location(Aspect aspect, int d20);
std::string_view location_name(Location l);
// BGM-PEN-01: effective penetration at least the armour (a soft skin is always penetrated).
bool penetrates(int effective_pen, int armour);
// BGM-LOC-02: a "special" hit: AP of 50 mm or more penetrates outright; smaller AP and all HE roll
// the penetration table with +2 on the die.
struct SpecialHit {
  bool automatic = false;
  int die_modifier = 0;
};
SpecialHit special_hit(int calibre_mm, bool he_round);

// BGM-CREW-02 (with GAP-BGM-CREW-02): who a crew hit strikes. `from_left`: the side struck is
// the vehicle's left, seen from its own facing; `d6` is read where the table rolls one.
enum class Crewman { kDriver, kAssistantDriver, kLoader, kCommander, kGunner };
Crewman crew_struck(Aspect aspect, bool turret, bool from_left, int d6);
std::string_view crewman_name(Crewman c);
// BGM-CREW-01: the crewman's damage roll: column B when the round penetrated, F when it did not;
// +3 for a weapon under 50 mm, -2 over 100 mm or for any HEAT round.
struct CrewHit {
  char column = 'F';
  int modifier = 0;
};
CrewHit crew_hit(bool penetrated, int calibre_mm, bool heat);

// ---- vehicle damage (§3) ----

enum class PenDamage { kCatastrophic, kDestroyedOneMorale, kDestroyedFullMorale, kHeavy, kModerate, kLight };
enum class NonPenDamage { kPenetratesAfterAll, kImmobilized, kCrewLightWound, kEngineSuspension, kCommander, kNoEffect };
PenDamage penetration_damage(int d20);         // BGM-VDMG-07
NonPenDamage non_penetration_damage(int d20);  // BGM-VDMG-08
// BGM-VDMG-07: turns out of action for heavy (3), moderate (2) and light (1) damage; 0 otherwise.
int turns_out_of_action(PenDamage d);
// BGM-VDMG-04: a penetrated engine catches fire when d20 (less 8 for American petrol engines)
// is 5 or less.
bool engine_fire(int natural, bool american_petrol);

// ---- small arms and infantry damage (§4, §5) ----

enum class SmallArm { kPistol, kSmg, kCarbine, kBoltRifle, kSemiAutoRifle, kAssaultRifle, kLmg, kMmg, kHeavyMg };
enum class SaBand { kPointBlank, kEffective, kLong, kExtreme };
struct SaBandRow {
  SaBand band;
  char column;  // damage column, 'A' (most lethal) to 'H'
};
int rate_of_fire(SmallArm w);                                 // BGM-SA-03
std::optional<SaBandRow> sa_band(SmallArm w, double inches);  // BGM-SA-03 / BGM-SA-07
// BGM-SA-04, the count of men: +3 for one or two, -2 for each complete pair beyond two.
int men_modifier(int men);
// BGM-ASLT-08, the count of men: +4 for a one-man assault, -2 for each complete pair beyond two.
int assault_men_modifier(int men);

enum class SaResult { kNone, kMoraleCheck, kHits };
struct SaHits {
  SaResult result = SaResult::kNone;
  int hits = 0;
  bool jam = false;
};
SaHits sa_hits(int natural, int modified);  // BGM-SA-05 / BGM-GEN-05

// BGM-DMG-01: the infantry damage table. GD is killed outright with a morale check for those near
// (GAP-BGM-DMG-01).
enum class Wound { kNone, kSuppressed, kMoraleCheck, kLightWound, kHeavyWound, kKilled, kGruesome };
std::string_view wound_code(Wound w);  // "-", "SUP", "MC", "LtW", "HW", "KIA", "GD"
// The modified roll in a column 'A'..'H'; below 1 reads row 1, above 24 is no effect.
Wound infantry_damage(char column, int modified);
// BGM-DMG-02: one column toward A ("shift one column right").
char shift_column(char column);

// ---- assault (§6) ----

enum class AssaultTarget { kClosedAfv, kOpenAfv, kFightingPosition, kStoneBuilding, kBunker, kInfantry };
struct AssaultResult {
  bool destroyed_or_silenced = false;  // vehicle destroyed / position silenced / all out (row 1)
  bool immobilized = false;
  int hits = 0;
  char column = 0;  // of the hits
  bool morale_check = false;
  bool half_morale_check = false;
};
AssaultResult assault(AssaultTarget target, int modified);  // BGM-ASLT-07 with GAP-BGM-ASLT-07

}  // namespace sandtable::bg::mods
