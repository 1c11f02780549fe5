#pragma once
// Rookie Rules: the small vocabulary every rule module shares (../shared/rules/rookie-rules.md).
// Plain enums only, so the pure rule modules (rr_fire_chart, rr_observe, rr_morale, rr_speed,
// rr_artillery, ...) depend on nothing but the standard library and each other.

namespace sandtable::rr {

// Penalty markers, worst last (RR-FIRE-03/04, RR-PEN-02): red disrupted, white pinned, blue
// suppressed. A unit carries at most one.
enum class Marker { kNone = 0, kDisrupted = 1, kPinned = 2, kSuppressed = 3 };

// Training classes (RR-UNIT-05): A elite, B good, C regular, D green, E raw.
enum class TroopClass { kA, kB, kC, kD, kE };

// Armour or bunker classes (RR-UNIT-06); kNone for a soft target.
enum class ArmourClass { kNone, kA, kB, kC, kD, kE };

// Cover classes of terrain (RR-FIRE-07, RR-OBS-03, RR-MOR-05): 1 brush, light woods, frame
// buildings; 2 woods, ditches, forest; 3 rubble, trenches; 4 intact buildings.
enum class Cover { kOpen = 0, kClass1 = 1, kClass2 = 2, kClass3 = 3, kClass4 = 4 };

}  // namespace sandtable::rr
