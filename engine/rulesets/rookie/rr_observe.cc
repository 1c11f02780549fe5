#include "engine/rulesets/rookie/rr_observe.h"

#include <algorithm>
#include <array>

namespace sandtable::rr {

namespace {

constexpr int kNotApplicable = -1;

// RR-OBS-03: rows cover class 1..4, columns 12"/25"/50"/75"/100"; -1 = n/a.
constexpr std::array<std::array<int, 5>, 4> kObservationTable = {{
    {90, 70, 50, 25, 10},
    {70, 50, 25, 10, 1},
    {50, 25, 10, 5, 1},
    {25, 10, 5, 1, kNotApplicable},
}};

// RR-OBS-03 column headings, inches.
constexpr std::array<int, 5> kColumnHeadings = {12, 25, 50, 75, 100};

// RR-LOS-02: how far into class 1..4 one may see (class 1 also through, GAP-RR-LOS-02).
constexpr std::array<CoverSight, 4> kCoverSight = {{
    {false, 8.0, true},
    {false, 4.0, false},
    {false, 2.0, false},
    {false, 2.0, false},
}};

// RR-SNIP-02: percent per extra turn of firing after the first.
constexpr int kSniperStep = 25;

std::string column_phrase(Cover terrain, double distance) {
  std::string phrase = "class ";
  phrase += std::to_string(static_cast<int>(terrain));
  phrase += " cover, ";
  phrase += std::to_string(kColumnHeadings[static_cast<std::size_t>(observation_column(distance))]);
  phrase += "\" column";
  return phrase;
}

void add(ObserveChance& c, std::string rule, std::string phrase, int value) {
  c.items.push_back(ObserveItem{std::move(rule), std::move(phrase), value});
}

}  // namespace

int observation_column(double distance_inches) {
  int column = 0;
  for (std::size_t i = 1; i < kColumnHeadings.size(); ++i) {
    if (distance_inches >= kColumnHeadings[i]) column = static_cast<int>(i);
  }
  return column;
}

int observation_base(Cover terrain, double distance_inches) {
  if (terrain == Cover::kOpen) return 100;
  return kObservationTable[static_cast<std::size_t>(terrain) - 1]
                          [static_cast<std::size_t>(observation_column(distance_inches))];
}

ObserveChance observation_chance(const ObserveQuery& q) {
  ObserveChance c;
  if (q.terrain == Cover::kOpen) {
    c.automatic = true;
    c.percent = 100;
    add(c, "RR-OBS-01", "target in the open: spotted automatically", 100);
    return c;
  }
  if (q.target_fired_at_observer) {
    // Knowing where the shots came from beats any table value, even class 4's n/a.
    c.automatic = true;
    c.percent = 100;
    add(c, "RR-OBS-04", "target fired at the observer this phase: automatic success", 100);
    return c;
  }
  const int base = observation_base(q.terrain, q.distance_inches);
  if (base == kNotApplicable) {
    c.impossible = true;
    std::string phrase = column_phrase(q.terrain, q.distance_inches);
    phrase += ": cannot be observed";
    add(c, "RR-OBS-03", std::move(phrase), 0);
    return c;
  }
  add(c, "RR-OBS-03", column_phrase(q.terrain, q.distance_inches), base);
  if (q.smoke) add(c, "RR-OBS-04", "smoke obscures the target", -50);
  switch (q.observer) {
    case TroopClass::kE: add(c, "RR-OBS-04", "observer class E (raw)", -50); break;
    case TroopClass::kD: add(c, "RR-OBS-04", "observer class D (green)", -25); break;
    case TroopClass::kA: add(c, "RR-OBS-04", "observer class A (elite)", 20); break;
    case TroopClass::kB:
    case TroopClass::kC: break;
  }
  if (q.specialist) add(c, "RR-OBS-04", "observer has specialist training", 30);
  if (q.buttoned_up_tank && !q.infantry_alongside_tank) {
    add(c, "RR-OBS-04", "observer is a buttoned-up tank", -50);
  }
  if (q.target_moved) add(c, "RR-OBS-04", "target moved this phase", 50);
  if (q.target_camouflaged) add(c, "RR-OBS-04", "target camouflaged", -50);
  for (const ObserveItem& item : c.items) c.percent += item.value;
  return c;
}

bool observation_succeeds(const ObserveChance& chance, int d100) {
  if (chance.impossible) return false;
  if (chance.automatic) return true;
  return d100 >= 1 && d100 <= 100 && d100 <= chance.percent;
}

CoverSight cover_sight(Cover terrain) {
  if (terrain == Cover::kOpen) return CoverSight{true, 0.0, true};
  return kCoverSight[static_cast<std::size_t>(terrain) - 1];
}

bool can_see_into(Cover terrain, double target_depth_inches) {
  const CoverSight s = cover_sight(terrain);
  return s.unlimited || target_depth_inches <= s.into_inches;
}

bool can_see_through(Cover terrain, double crossed_inches) {
  const CoverSight s = cover_sight(terrain);
  return s.unlimited || (s.see_through && crossed_inches <= s.into_inches);
}

ObserveChance sniper_detection_chance(int turns_fired) {
  ObserveChance c;
  if (turns_fired <= 1) {
    c.impossible = true;
    add(c, "RR-SNIP-02", "first turn the sniper fires: cannot be detected", 0);
    return c;
  }
  c.percent = std::min(100, kSniperStep * (turns_fired - 1));
  std::string phrase = "sniper has fired on ";
  phrase += std::to_string(turns_fired);
  phrase += " turns";
  add(c, "RR-SNIP-02", std::move(phrase), c.percent);
  return c;
}

}  // namespace sandtable::rr
