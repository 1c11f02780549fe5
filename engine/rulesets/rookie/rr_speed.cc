#include "engine/rulesets/rookie/rr_speed.h"

#include <algorithm>
#include <array>

namespace sandtable::rr {

namespace {

constexpr int kMovers = 8;
constexpr int kTerrains = 9;

// RR-MOVE-01: inches per move function, rows A/B/C, columns in MoverType order.
constexpr std::array<std::array<int, kMovers>, 3> kClassInches = {{
    {4, 12, 12, 12, 8, 12, 8, 12},  // A
    {2, 6, 6, 6, 4, 6, 4, 6},       // B
    {1, 3, 3, 3, 2, 3, 2, 3},       // C
}};

constexpr TerrainCell A{true, SpeedClass::kA, 0};
constexpr TerrainCell B{true, SpeedClass::kB, 0};
constexpr TerrainCell C{true, SpeedClass::kC, 0};
constexpr TerrainCell Bs{true, SpeedClass::kB, 2};  // "B*": breakdown risk, RR-MOVE-08
constexpr TerrainCell Cs{true, SpeedClass::kC, 2};  // "C*"
constexpr TerrainCell C1{true, SpeedClass::kC, 1};  // special tanks in mud: only a 1 (RR-MOVE-09)
constexpr TerrainCell X{false, SpeedClass::kNone, 0};  // "not allowed"

// RR-MOVE-02, rows in MoveTerrain order, columns in MoverType order: infantry, cavalry, trucks,
// motorcycles/armoured cars, German half-tracks, Allied half-tracks, tanks, special tanks.
constexpr std::array<std::array<TerrainCell, kMovers>, kTerrains> kTerrainTable = {{
    {A, A, A, A, A, A, A, A},          // open
    {B, B, Cs, Cs, Bs, Bs, Cs, C1},    // mud
    {B, C, C, C, C, C, C, C},          // light woods
    {C, C, X, X, X, X, X, X},          // woods
    {C, C, X, C, C, C, C, C},          // steep slopes
    {B, B, C, B, B, B, B, B},          // slopes
    {B, X, X, X, X, X, X, X},          // inside buildings
    {A, B, C, C, C, C, C, C},          // built-up areas
    {B, Cs, Cs, Cs, Cs, Cs, Cs, Cs},   // rubble
}};

int index(SpeedClass c) { return static_cast<int>(c); }

bool is_foot_or_horse(MoverType mover) {
  return mover == MoverType::kInfantry || mover == MoverType::kCavalry;
}

void add(std::vector<MoveReason>& reasons, std::string rule, std::string phrase) {
  reasons.push_back(MoveReason{std::move(rule), std::move(phrase)});
}

}  // namespace

std::string_view mover_name(MoverType mover) {
  switch (mover) {
    case MoverType::kInfantry: return "infantry";
    case MoverType::kCavalry: return "cavalry";
    case MoverType::kTruck: return "trucks";
    case MoverType::kMotorcycleOrArmouredCar: return "motorcycles and armoured cars";
    case MoverType::kGermanHalfTrack: return "German half-tracks";
    case MoverType::kAlliedHalfTrack: return "Allied half-tracks";
    case MoverType::kTank: return "tanks";
    case MoverType::kSpecialTank: return "special tanks";
  }
  return "?";
}

std::string_view terrain_name(MoveTerrain terrain) {
  switch (terrain) {
    case MoveTerrain::kOpen: return "open ground";
    case MoveTerrain::kMud: return "mud";
    case MoveTerrain::kLightWoods: return "light woods";
    case MoveTerrain::kWoods: return "woods";
    case MoveTerrain::kSteepSlopes: return "steep slopes";
    case MoveTerrain::kSlopes: return "slopes";
    case MoveTerrain::kInsideBuildings: return "inside buildings";
    case MoveTerrain::kBuiltUp: return "built-up areas";
    case MoveTerrain::kRubble: return "rubble";
  }
  return "?";
}

std::string_view speed_class_name(SpeedClass c) {
  switch (c) {
    case SpeedClass::kA: return "A";
    case SpeedClass::kB: return "B";
    case SpeedClass::kC: return "C";
    case SpeedClass::kNone: return "no movement";
  }
  return "?";
}

int class_inches(MoverType mover, SpeedClass c) {
  if (c == SpeedClass::kNone) return 0;
  return kClassInches[static_cast<std::size_t>(index(c))][static_cast<std::size_t>(mover)];
}

TerrainCell terrain_cell(MoveTerrain terrain, MoverType mover) {
  return kTerrainTable[static_cast<std::size_t>(terrain)][static_cast<std::size_t>(mover)];
}

SpeedClass slowest_class(MoverType mover, const std::vector<MoveTerrain>& path) {
  SpeedClass worst = SpeedClass::kA;
  for (MoveTerrain t : path) {
    const TerrainCell cell = terrain_cell(t, mover);
    if (!cell.allowed) return SpeedClass::kNone;
    worst = std::max(worst, cell.best);
  }
  return worst;
}

int marker_slowing(Marker marker) {
  switch (marker) {
    case Marker::kNone: return 0;
    case Marker::kDisrupted: return 1;
    case Marker::kPinned: return 2;
    case Marker::kSuppressed: return 3;  // past C from any class: never moves
  }
  return 0;
}

SpeedClass slower_by(SpeedClass c, int steps) {
  const int slowed = index(c) + std::max(steps, 0);
  return slowed >= index(SpeedClass::kNone) ? SpeedClass::kNone : static_cast<SpeedClass>(slowed);
}

MoveAllowance move_allowance(const MoveQuery& q) {
  MoveAllowance out;
  std::vector<MoveReason>& why = out.reasons;

  // Best class: the road's (RR-MOVE-03) or the slowest terrain crossed (RR-MOVE-02, GAP-RR-MOVE-02).
  SpeedClass best = SpeedClass::kA;
  if (q.road == Road::kPoor) {
    best = SpeedClass::kB;
    add(why, "RR-MOVE-03", "poor road: double the class B distance");
  } else if (q.road == Road::kNone) {
    for (MoveTerrain t : q.path) {
      const TerrainCell cell = terrain_cell(t, q.mover);
      if (!cell.allowed) {
        std::string phrase(terrain_name(t));
        phrase += " not allowed for ";
        phrase += mover_name(q.mover);
        add(why, "RR-MOVE-02", std::move(phrase));
        out.speed_class = SpeedClass::kNone;
        out.inches = 0;
        return out;
      }
    }
    best = slowest_class(q.mover, q.path);
    if (best != SpeedClass::kA) {
      // Name the first terrain that sets the class.
      for (MoveTerrain t : q.path) {
        if (terrain_cell(t, q.mover).best != best) continue;
        std::string phrase(terrain_name(t));
        phrase += " allows ";
        phrase += mover_name(q.mover);
        phrase += " class ";
        phrase += speed_class_name(best);
        phrase += " at best";
        add(why, "RR-MOVE-02", std::move(phrase));
        break;
      }
      if (std::any_of(q.path.begin(), q.path.end(),
                      [&](MoveTerrain t) { return terrain_cell(t, q.mover).best != best; })) {
        add(why, "GAP-RR-MOVE-02", "the slowest terrain on the path sets the whole move");
      }
    }
  }

  // Slowings stack (RR-MOVE-07). `stopped` = a rule that forbids moving outright, so the
  // stacking reason is not added on top of it.
  int steps = 0;
  bool stopped = q.marker == Marker::kSuppressed;
  switch (q.marker) {
    case Marker::kNone: break;
    case Marker::kDisrupted: add(why, "RR-MOVE-04", "disrupted (red): one class slower"); break;
    case Marker::kPinned: add(why, "RR-MOVE-04", "pinned (white): two classes slower"); break;
    case Marker::kSuppressed: add(why, "RR-MOVE-04", "suppressed (blue): cannot move"); break;
  }
  steps += marker_slowing(q.marker);

  if (!q.in_command) {
    // GAP-RR-CMD-04: one class slower only (not "movement halved" on top).
    add(why, "RR-MOVE-05", "out of command radius: one class slower");
    steps += 1;
  }

  if (q.wire != Wire::kNone) {
    if (is_foot_or_horse(q.mover)) {
      if (q.wire == Wire::kEnteredEarlierThisPhase) {
        add(why, "RR-MOVE-06", "stopped by barbed wire for the rest of the phase");
        stopped = true;
      } else {
        add(why, "RR-MOVE-06", "barbed wire: the move stops where it enters the wire");
        out.stops_at_wire = true;
      }
    } else {
      add(why, "RR-MOVE-06", "barbed wire: one class slower this phase");
      steps += 1;
    }
  }

  out.speed_class = stopped ? SpeedClass::kNone : slower_by(best, steps);
  if (!stopped && out.speed_class == SpeedClass::kNone) {
    add(why, "RR-MOVE-07", "slowings add up past class C: cannot move");
  }
  out.inches = class_inches(q.mover, out.speed_class) * (q.road == Road::kNone ? 1 : 2);
  if (out.speed_class == SpeedClass::kNone) out.stops_at_wire = false;
  return out;
}

BreakdownRisk breakdown_risk(MoverType mover, const std::vector<MoveTerrain>& terrains_this_phase) {
  BreakdownRisk risk;
  for (MoveTerrain t : terrains_this_phase) {
    const TerrainCell cell = terrain_cell(t, mover);
    if (cell.breakdown_on == 0) continue;
    const bool rubble_takes_over = t == MoveTerrain::kRubble && risk.terrain != MoveTerrain::kRubble;
    if (!risk.roll_needed || rubble_takes_over) {
      risk.roll_needed = true;
      risk.terrain = t;
      risk.immobilized_on = cell.breakdown_on;
    }
  }
  return risk;
}

Breakdown resolve_breakdown(const BreakdownRisk& risk, int d10) {
  if (!risk.roll_needed || d10 < 1 || d10 > risk.immobilized_on) return Breakdown::kNone;
  // RR-MOVE-10: in rubble a 1 is permanent; GAP-RR-MOVE-10: a 2 only sticks it, as mud does.
  if (risk.terrain == MoveTerrain::kRubble && d10 == 1) return Breakdown::kImmobilizedForGame;
  return Breakdown::kStuck;
}

int break_free_on(MoverType mover) { return mover == MoverType::kSpecialTank ? 4 : 3; }

bool breaks_free(MoverType mover, int d10) { return d10 >= 1 && d10 <= break_free_on(mover); }

}  // namespace sandtable::rr
