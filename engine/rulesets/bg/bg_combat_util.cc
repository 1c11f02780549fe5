// Pure combat pieces: dice pools and their resolution, vehicle damage tables, protection,
// flank and line of sight (BG-FIRE-*, BG-VEH-*, BG-TER-06, BG-LOS-*). No dice, no events.
#include "engine/rulesets/bg/bg_combat_util.h"

#include <algorithm>
#include <cmath>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/geom/paths.h"

namespace sandtable::bg {

Resolution resolve(const DicePool& p, std::span<const int> white, std::span<const int> blue, std::span<const int> red) {
  Resolution r;
  for (int f : white) {
    r.hits += f >= p.hit_from;  // BG-FIRE-02 (hit_from 7: nothing hits)
    r.cancels += f == 1;        // a 1 never hits: the ladder's lowest face is 3
  }
  for (int f : blue) r.hits += f >= p.hit_from;  // BG-FIRE-03: 1s ignored
  for (int f : red) r.cancels += f == 1;         // BG-FIRE-04
  int net = r.hits > r.cancels ? r.hits - r.cancels : 0;  // BG-FIRE-05
  if (p.halve) net /= 2;                                  // BG-VEH-02: rounded down
  if (p.double_hits) net *= 2;                            // BG-VEH-06
  r.net = net;
  return r;
}

void tell_pool_faces(std::vector<pb::DieRoll>& dice, int hit_from) {
  for (auto& d : dice) {
    if (!d.colour().empty()) continue;
    const std::string& l = d.label();
    std::string colour;
    for (const char* c : {"white", "blue", "red"}) {
      if (l.ends_with(c)) colour = c;
    }
    if (colour.empty()) continue;
    const int f = d.value();
    const bool hits = colour != "red" && f >= hit_from;  // BG-FIRE-02/03
    const bool cancels = colour != "blue" && f == 1;     // BG-FIRE-02/04
    d.set_colour(colour);
    d.set_meaning(hits ? "hit" : cancels ? "cancels a hit" : "no effect");
  }
}

TargetClass target_class(const Unit& t) {
  if (t.kind == UnitKind::kEmplacement) return TargetClass::kEmplacement;
  if (t.vehicle) return t.vehicle->armoured ? TargetClass::kArmouredVehicle : TargetClass::kUnarmouredVehicle;
  return TargetClass::kInfantry;
}

namespace {

// BG-OPT-02: does this heavy weapon count as a HW against this target?
bool hw_counts(const Options& o, HwRole role, TargetClass t, double range) {
  if (!o.specialised_hw || role == HwRole::kGeneral) return true;
  // BG-OPT-03: PIATs/panzerfausts (anti-armour) and flame throwers reach 6" only; beyond it the
  // figure shoots as a normal figure.
  if (o.short_range_weapons && (role == HwRole::kAntiArmour || role == HwRole::kFlame) && geom::beyond(range, kShortRange)) {
    return false;
  }
  switch (role) {
    case HwRole::kFlame: return true;
    case HwRole::kAntiPersonnel: return t != TargetClass::kArmouredVehicle;
    // GAP-BG-OPT-02 (ours): anti-armour weapons also count against emplacements (bunker busting).
    case HwRole::kAntiArmour: return t != TargetClass::kInfantry;
    default: return true;
  }
}

}  // namespace

Shooters count_shooters(const Options& o, const Unit& u, TargetClass target, double range) {
  Shooters s;
  int prisoners = 0;
  for (const auto& f : u.figures) {
    if (!f.alive) continue;
    if (f.prisoner) {
      ++prisoners;
      continue;
    }
    switch (f.kind) {
      case FigureKind::kMedic:  // BG-FIRE-16
      case FigureKind::kMule:   // non-fighting special figures (BG-EX-07)
        continue;
      case FigureKind::kHorseHolder:  // BG-CAV-05: stays with the horses
        if (u.has_horses) continue;
        break;
      default:
        break;
    }
    ++s.figures;
    if (f.kind == FigureKind::kLeader) ++s.leaders;
    if (f.kind == FigureKind::kHeavyWeapon && hw_counts(o, f.hw, target, range)) ++s.hw;
  }
  // BG-FIRE-13 / BG-PRIS-01/04: one guard per four prisoners does not shoot. Guards are taken
  // from the normal figures first, so leaders and HWs keep their dice where possible.
  const int guards = (prisoners + 3) / 4;
  s.figures = std::max(0, s.figures - guards);
  s.leaders = std::min(s.leaders, s.figures);
  s.hw = std::min(s.hw, s.figures);
  return s;
}

DicePool infantry_dice(const Shooters& s, bool flank, bool assault_in_range, bool target_on_road) {
  DicePool p;
  const int figure_dice = (s.figures + 1) / 2;  // each two shooters, rounded up
  p.white = figure_dice;
  if (assault_in_range) p.white += (figure_dice + 1) / 2;  // BG-FIRE-11: +50% rounded up
  if (s.leaders > 0) p.white += 1;                         // only one leader counts
  if (target_on_road) p.white += kRoadTargetWhite;         // BG-FIRE-17
  p.blue = s.hw + (flank ? kFlankBlue : 0);
  return p;
}

bool vehicle_needs_second(const Vehicle& v, int net, bool first_kill_barred, int first) {
  if (net < 1) return false;
  const int total = first + net;
  if (!v.immobilized && !v.half_weapons) return total < 7 || first_kill_barred;  // BG-VEH-12
  return total >= 5;                                                            // BG-VEH-13/14
}

VehicleDamage vehicle_damage(const Vehicle& v, int net, bool first_kill_barred, int first, int second) {
  VehicleDamage d;
  if (net < 1) return d;
  d.total = first + net;
  d.second_roll = vehicle_needs_second(v, net, first_kill_barred, first);
  if (!v.immobilized && !v.half_weapons) {
    if (!d.second_roll) {
      d.destroyed = true;  // total >= 7 and not barred
    } else if (second <= 2) {
      d.immobilized = true;
    } else {
      d.half_weapons = true;
    }
    return d;
  }
  if (!d.second_roll) return d;  // total < 5: no further damage
  if (second >= 2) {
    d.destroyed = true;
  } else {
    // A 1: the damage type it does not have yet (BG-VEH-13); nothing more if it has both
    // (GAP-BG-VEH-14).
    d.immobilized = !v.immobilized;
    d.half_weapons = !v.half_weapons;
  }
  return d;
}

Vec2 aim_point(const BgState& st, const Unit& u) {
  if (!u.carried_by.empty()) {
    if (const Unit* v = st.find(u.carried_by)) return v->position;
  }
  if (!u.building.empty()) {
    if (const Terrain* t = st.terrain_named(u.building); t && t->area) {
      const auto& vs = t->area->vertices();
      return geom::centroid(vs);
    }
  }
  return com(u);
}

namespace {

// Near (inside, on, or within 1") the feature: "at the edge of that terrain" (BG-TER-06).
bool near_feature(const Terrain& t, Vec2 p) {
  if (t.area) return geom::locate(*t.area, p) != geom::Where::kOutside || geom::within(geom::distance_to_boundary(*t.area, p), 1.0);
  for (std::size_t i = 0; i + 1 < t.line.size(); ++i) {
    if (geom::within(geom::distance_to_segment(p, {t.line[i], t.line[i + 1]}), 1.0)) return true;
  }
  return false;
}

bool line_meets(const Terrain& t, Vec2 from, Vec2 to) {
  if (t.area) return geom::enters(*t.area, {from, to}) || geom::locate(*t.area, to) != geom::Where::kOutside;
  if (t.line.size() < 2) return false;
  const Vec2 seg[2] = {from, to};
  return geom::crossings(seg, t.line) > 0;
}

bool linear(TerrainKind k) { return k == TerrainKind::kWall || k == TerrainKind::kFence || k == TerrainKind::kHedge; }

}  // namespace

std::vector<const Terrain*> terrain_on_line(const BgState& st, Vec2 from, Vec2 to, bool overhead) {
  std::vector<const Terrain*> out;
  for (const auto& t : st.terrain) {
    if (overhead && linear(t.kind)) continue;
    if (!line_meets(t, from, to)) continue;
    if (near_feature(t, from) && !near_feature(t, to)) continue;
    out.push_back(&t);
  }
  return out;
}

namespace {

// Added to a footprint's circumradius before a line is judged too far to touch it: far above any
// rounding, far below a base's size.
constexpr double kNearLineSlack = 1e-6;

// Could any footprint of `u` (footprints()) touch a line? Each is a rectangle, inside the circle of
// half its diagonal around its centre; `near(centre, radius)` says whether such a circle does.
template <typename Near>
bool footprint_near_line(const BgState& st, const Unit& u, const Near& near) {
  if (u.kind == UnitKind::kVehicle || u.kind == UnitKind::kEmplacement) {
    const double length = u.vehicle ? u.vehicle->length : 1.5, width = u.vehicle ? u.vehicle->width : 1.5;
    return near(u.position, std::hypot(length, width) / 2);
  }
  const double radius = st.options.base_size * std::sqrt(2.0) / 2;
  for (const auto& f : u.figures) {
    if (f.alive && near(f.pos, radius)) return true;
  }
  return false;
}

bool on_high_ground(const BgState& st, const Unit& u, Vec2 at) {
  if (!u.building.empty()) return true;
  for (const auto& t : st.terrain) {
    if (t.kind == TerrainKind::kHill && t.area && geom::locate(*t.area, at) != geom::Where::kOutside) return true;
  }
  return false;
}

}  // namespace

bool plunging(const BgState& st, const Unit& shooter, Vec2 from, const Unit& target, Vec2 to) {
  return geom::within(geom::distance(from, to), kPlungingReach) && on_high_ground(st, shooter, from) &&
         !on_high_ground(st, target, to);
}

Protection protection(const BgState& st, const Unit& target, Vec2 from, Vec2 to, bool overhead) {
  Protection p;
  // BG-TER-06 (GAP-BG-TER-06): the single highest piece of terrain on the line counts, unless the
  // shooter is at its edge and the target in the clear; GAP-BG-TER-07: walls not overhead.
  int best = 0;
  std::string best_name;
  for (const Terrain* t : terrain_on_line(st, from, to, overhead)) {
    if (t->red <= best) continue;
    best = t->red;
    best_name = t->name;
  }
  if (target.emplacement && target.emplacement->red > best) {  // BG-EMP-01: its own cover
    best = target.emplacement->red;
    best_name = "emplacement";
  }
  if (best > 0) p.notes.push_back(best_name + " " + std::to_string(best) + " red");
  p.red = best;
  if (target.markers.dug_in) {  // BG-MOVE-13, BG-EX-02
    p.red += kDugInRed;
    p.notes.push_back("dug in +1 red");
  }
  if (target.vehicle) {  // BG-VEH-03, BG-OPT-01
    const Vehicle& v = *target.vehicle;
    int armour = v.armour;
    if (st.options.detailed_armour && v.armoured) {
      const geom::Hull hull{target.position, target.facing, v.length, v.width};
      // BG-MOVE-13: a dug-in vehicle (BG-MOVE-14) has no side or rear: its front armour faces all.
      switch (target.markers.dug_in ? geom::Quadrant::kFront : geom::hull_quadrant(hull, from)) {
        case geom::Quadrant::kFront: armour = v.armour_front; p.notes.push_back("front armour"); break;
        case geom::Quadrant::kSide: armour = v.armour_side; p.notes.push_back("side armour"); break;
        case geom::Quadrant::kRear: armour = v.armour_rear; p.notes.push_back("rear armour"); break;
      }
    }
    if (!v.armoured) armour = std::max(armour, 1);  // light vehicles always get at least 1
    p.red += armour;
    p.notes.push_back("armour " + std::to_string(armour) + " red");
  }
  if (st.options.quality_defence) {  // BG-OPT-06, GAP-BG-OPT-06: added to cover
    p.red += static_cast<int>(target.grade);
    p.notes.push_back("quality defence +" + std::to_string(static_cast<int>(target.grade)) + " red");
  }
  return p;
}

bool is_flank(const BgState& st, const Unit& target, Vec2 from) {
  if (target.kind == UnitKind::kEmplacement || target.markers.dug_in || !target.building.empty()) return false;
  if (target.vehicle && target.vehicle->armoured && st.options.detailed_armour) return false;  // BG-OPT-01
  const Vec2 centre = target.vehicle ? target.position : com(target);
  return geom::flank_attack(centre, target.facing, from);
}

std::optional<std::string> los_blocker(const BgState& st, const Unit& shooter, const Unit& target) {
  return sight_blocker(st, aim_point(st, shooter), aim_point(st, target), &shooter, &target, shooter.side, false);
}

std::optional<std::string> sight_blocker(const BgState& st, Vec2 a, Vec2 b, const Unit* from, const Unit* to, int side,
                                         bool sees_all) {
  // BG-LOS-07: smoke lines and circles block fire into or through them.
  for (const auto& s : st.smoke) {
    if (s.circle) {
      const geom::Circle c{s.centre, s.radius};
      if (geom::beyond(geom::inside_length(c, {a, b}), 0) || geom::within(geom::distance(s.centre, b), s.radius)) {
        return "smoke " + s.id;
      }
    } else {
      const Vec2 seg[2] = {a, b}, smoke[2] = {s.a, s.b};
      if (geom::crossings(seg, smoke) > 0) return "smoke " + s.id;
    }
  }
  geom::LosWorld w;
  std::vector<int> ignore;
  constexpr int kUnitBase = 1000000;
  const std::string none;
  const std::string& from_building = from ? from->building : none;
  const std::string& to_building = to ? to->building : none;
  // Only what could touch the line is put in the world: a shot's check asks one line, and building
  // every figure base of the table for it was most of a Battleground bot's time. The tests are
  // conservative (a box, a circle around a base), so the exact test still decides every line.
  const geom::Segment line{a, b};
  const geom::Box line_box = geom::box_of(line);
  const auto near_line = [&](Vec2 centre, double radius) {
    return !geom::beyond(geom::distance_to_segment(centre, line), radius + kNearLineSlack);
  };
  for (std::size_t i = 0; i < st.terrain.size(); ++i) {
    const Terrain& t = st.terrain[i];
    if (!t.area || t.sight.kind == geom::Sight::kTransparent) continue;
    if (!t.area->box().overlaps(line_box)) continue;
    w.add_terrain(static_cast<int>(i), *t.area, t.sight);
    // A unit standing on a hill or in a building sees out of it and can be seen in it
    // (BG-TER-09); woods keep their limited sight for the viewer inside (docs/geometry.md).
    if (t.sight.kind == geom::Sight::kOpaque &&
        (geom::locate(*t.area, a) != geom::Where::kOutside || geom::locate(*t.area, b) != geom::Where::kOutside ||
         t.name == from_building || t.name == to_building)) {
      ignore.push_back(static_cast<int>(i));
    }
  }
  for (std::size_t i = 0; i < st.units.size(); ++i) {
    const Unit& u = st.units[i];
    if (&u == from || &u == to || !u.on_table || u.destroyed || !u.carried_by.empty()) continue;
    // BG-UNIT-09: a hidden enemy is not an obstacle to the shooter's side (naming it in a
    // refusal would reveal it; it is concealed until found).
    if (u.hidden && u.side != side && !sees_all) continue;
    if (from && u.id == from->carried_by) continue;  // BG-FIRE-14: passengers shoot out of their vehicle
    // BG-LOS-02: 1- and 2-figure units are transparent; GAP-BG-LOS-02: vehicles and emplacements
    // are solid models and block.
    const bool blocks = !u.infantry_like() || u.living() >= 3;
    if (!blocks) continue;  // a footprint that does not block is never the answer
    if (!footprint_near_line(st, u, near_line)) continue;
    for (auto& poly : footprints(st, u)) w.add_footprint(kUnitBase + static_cast<int>(i), std::move(poly), blocks);
  }
  const auto hit = w.blocker(a, b, ignore);
  if (!hit) return std::nullopt;
  if (*hit >= kUnitBase) return label(st.units[static_cast<std::size_t>(*hit - kUnitBase)]);
  return st.terrain[static_cast<std::size_t>(*hit)].name;
}

}  // namespace sandtable::bg
