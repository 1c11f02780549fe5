#include "engine/rulesets/rookie/rr_air.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace sandtable::rr {

namespace {

void check_d100(int d100) {
  if (d100 < 1 || d100 > 100) throw std::invalid_argument("A percentile roll is 01 to 100 (00 reads 100).");
}

// Shortest distance between two segments (0 when they meet).
double segment_distance(geom::Segment s, geom::Segment t) {
  if (segments_touch(s, t)) return 0;
  return std::min({geom::distance_to_segment(s.a, t), geom::distance_to_segment(s.b, t),
                   geom::distance_to_segment(t.a, s), geom::distance_to_segment(t.b, s)});
}

void check_path(std::span<const geom::Vec2> path) {
  if (path.empty()) throw std::invalid_argument("A flight path needs at least one point.");
}

// Which table edges a point lies on (within kEps).
struct Edges {
  bool x0 = false, x1 = false, y0 = false, y1 = false;
  bool any() const { return x0 || x1 || y0 || y1; }
};
Edges edges_of(const TableSize& table, geom::Vec2 p) {
  return {geom::negligible(p.x), geom::same_length(p.x, table.length), geom::negligible(p.y),
          geom::same_length(p.y, table.width)};
}

// RR-AIR-05 chances, indexed by AaShooter (the heavy MG's is per barrel).
constexpr std::array<int, 3> kAaChance = {5, 20, 50};

// RR-AIR-09, indexed by AirAttack.
constexpr std::array<StrikeTemplate, 6> kAirTemplates = {
    StrikeTemplate::kD,  // strafing
    StrikeTemplate::kD,  // dive bombing
    StrikeTemplate::kD,  // fighter-bomber
    StrikeTemplate::kC,  // rockets
    StrikeTemplate::kC,  // napalm
    StrikeTemplate::kB,  // medium bombing
};

// GAP-RR-ART-05 air columns, indexed by AirAttack.
constexpr std::array<WeaponFfBand, 6> kAirBands = {{
    {21, 25},       // strafing
    {51, 55},       // dive bombing
    {51, 55},       // fighter-bomber
    {51, 55},       // rockets
    {51, 55},       // napalm
    {61, kOpenFf},  // medium bombing
}};

// RR-AIR-08, indexed by AircraftKind.
constexpr std::array<int, 6> kKindModifier = {0, 0, -3, 2, -3, 0};

}  // namespace

// ---------------------------------------------------------------------------------------------
// Arrival

int arrival_chance(int failed_checks, int base, int step) {
  if (failed_checks < 0) throw std::invalid_argument("A count of failed arrival checks cannot be negative.");
  long long chance = static_cast<long long>(base) + static_cast<long long>(step) * failed_checks;
  return static_cast<int>(std::clamp<long long>(chance, 0, 100));
}

ArrivalCheck check_arrival(int failed_checks, int d100, int base, int step) {
  check_d100(d100);
  ArrivalCheck out;
  out.chance = arrival_chance(failed_checks, base, step);
  out.arrived = d100 <= out.chance;
  out.failed_checks_after = out.arrived ? 0 : failed_checks + 1;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Flight path

std::optional<std::string> flight_path_refusal(const TableSize& table, std::span<const geom::Vec2> path,
                                               bool helicopter) {
  if (path.size() < 2) return "A flight path is a string with at least two points.";
  for (geom::Vec2 p : path) {
    if (!on_table(table, p)) return "Every point of a flight path must be on the table.";
  }
  Edges in = edges_of(table, path.front());
  if (!in.any()) return "A flight path must enter from a table edge.";
  if (helicopter) return std::nullopt;
  Edges out = edges_of(table, path.back());
  bool across = (in.x0 && out.x1) || (in.x1 && out.x0) || (in.y0 && out.y1) || (in.y1 && out.y0);
  if (!across) return "An aircraft's flight path must leave by the table edge opposite the one it entered by.";
  return std::nullopt;
}

std::vector<geom::Vec2> helicopter_loop(geom::Vec2 aim, const geom::Facing& heading) {
  // The loop's centre lies one radius to the left of the aim, so the loop sets off along the heading.
  const geom::Vec2 centre = aim - heading.right() * kHelicopterCircleRadius;
  const geom::Vec2 from_centre = aim - centre;
  std::vector<geom::Vec2> loop;
  for (int step = 1; step <= 12; ++step) {
    const int half_degrees = step * 60;  // 30 degrees anticlockwise per step
    const double c = geom::table_cos_half_degrees(half_degrees);
    const double s = geom::table_sin_half_degrees(half_degrees);
    loop.push_back(step == 12 ? aim : centre + geom::Vec2{from_centre.x * c - from_centre.y * s, from_centre.x * s + from_centre.y * c});
  }
  return loop;
}

double distance_to_path(std::span<const geom::Vec2> path, geom::Vec2 p) {
  check_path(path);
  if (path.size() == 1) return geom::distance(path[0], p);
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    best = std::min(best, geom::distance_to_segment(p, {path[i], path[i + 1]}));
  }
  return best;
}

double distance_to_path(std::span<const geom::Vec2> path, const geom::Polygon& footprint) {
  check_path(path);
  for (geom::Vec2 v : path) {
    if (geom::locate(footprint, v) != geom::Where::kOutside) return 0;
  }
  double best = std::numeric_limits<double>::infinity();
  for (int e = 0; e < footprint.size(); ++e) {
    geom::Segment edge = footprint.edge(e);
    if (path.size() == 1) {
      best = std::min(best, geom::distance_to_segment(path[0], edge));
      continue;
    }
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
      best = std::min(best, segment_distance({path[i], path[i + 1]}, edge));
    }
  }
  return best;
}

bool eligible_air_target(std::span<const geom::Vec2> path, geom::Vec2 p) {
  return geom::within(distance_to_path(path, p), kAirTargetReach);
}

bool eligible_air_target(std::span<const geom::Vec2> path, const UnitStands& stands) {
  for (const geom::Polygon& stand : stands) {
    if (geom::within(distance_to_path(path, stand), kAirTargetReach)) return true;
  }
  return false;
}

geom::Facing flight_direction_near(std::span<const geom::Vec2> path, geom::Vec2 p) {
  double best = std::numeric_limits<double>::infinity();
  std::optional<std::size_t> leg;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    geom::Segment s{path[i], path[i + 1]};
    if (geom::negligible(s.length())) continue;
    double d = geom::distance_to_segment(p, s);
    if (!leg || d < best - geom::kEps) {
      best = d;
      leg = i;
    }
  }
  if (!leg) throw std::invalid_argument("A flight path needs a leg of some length to fly along.");
  return geom::Facing::toward(path[*leg], path[*leg + 1]);
}

// ---------------------------------------------------------------------------------------------
// Dogfights

DogfightOutcome dogfight(std::span<const int> ratings_a, std::span<const int> ratings_b) {
  const std::size_t pairs = std::min(ratings_a.size(), ratings_b.size());
  auto best = [pairs](std::span<const int> ratings) {
    std::vector<int> order(ratings.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int l, int r) { return ratings[l] > ratings[r]; });
    order.resize(pairs);
    std::sort(order.begin(), order.end());
    return order;
  };
  return {best(ratings_a), best(ratings_b)};
}

// ---------------------------------------------------------------------------------------------
// Anti-aircraft fire

int aa_hit_chance(AaShooter shooter, int barrels) {
  if (barrels < 1) throw std::invalid_argument("A gun has at least one barrel.");
  int chance = kAaChance[static_cast<int>(shooter)];
  if (shooter == AaShooter::kDedicatedHeavyMg) chance = barrels >= 5 ? 100 : chance * barrels;
  return chance;
}

bool aa_hits(AaShooter shooter, int barrels, int d100) {
  check_d100(d100);
  return d100 <= aa_hit_chance(shooter, barrels);
}

AaHitEffect aa_hit_effect(int d10_face) {
  if (d10_face < 0 || d10_face > 9) throw std::invalid_argument("A d10 face is 0 to 9.");
  return kAaHitTable[static_cast<std::size_t>(d10_face)];
}

AircraftDamage apply_aa_hit(AircraftDamage damage, int d10_face) {
  switch (aa_hit_effect(d10_face)) {
    case AaHitEffect::kNoEffect: break;
    case AaHitEffect::kPilotKilled: damage.crashed = true; break;
    case AaHitEffect::kOilLine: damage.leaves_end_of_phase = true; break;
    case AaHitEffect::kLocationPlus2: damage.location_modifier += 2; break;
    case AaHitEffect::kLocationPlus1: damage.location_modifier += 1; break;
    case AaHitEffect::kAirframeHit:
      ++damage.airframe_hits;
      if (damage.airframe_hits >= kAirframeHitsForcingOff) damage.forced_off = true;
      break;
  }
  return damage;
}

bool can_attack(const AircraftDamage& damage) { return !damage.crashed && !damage.forced_off && !damage.leaves_end_of_phase; }

// ---------------------------------------------------------------------------------------------
// Attack location, templates

int aircraft_kind_modifier(AircraftKind kind) { return kKindModifier[static_cast<int>(kind)]; }

int attack_location_modifier(AircraftKind kind, const AircraftDamage& damage) {
  return aircraft_kind_modifier(kind) + damage.location_modifier;
}

StrikeTemplate air_template(AirAttack attack) { return kAirTemplates[static_cast<int>(attack)]; }

WeaponFfBand air_attack_band(AirAttack attack) { return kAirBands[static_cast<int>(attack)]; }

}  // namespace sandtable::rr
