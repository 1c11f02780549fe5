// Battleground tables (see bg_tables.h). Values marked GAP are the catalogue's proposed
// defaults; the switch keys are in docs/rulesets/battleground.md.
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/rulesets/bg/bg_special.h"

#include <cmath>

#include "engine/model/scenario_io.h"

namespace sandtable::bg {

std::optional<Grade> parse_grade(std::string_view s) {
  if (s == "A" || s == "a") return Grade::kA;
  if (s == "B" || s == "b") return Grade::kB;
  if (s == "C" || s == "c") return Grade::kC;
  if (s == "D" || s == "d") return Grade::kD;
  return std::nullopt;
}

char grade_letter(Grade g) {
  switch (g) {
    case Grade::kA: return 'A';
    case Grade::kB: return 'B';
    case Grade::kC: return 'C';
    case Grade::kD: return 'D';
  }
  return 'C';
}

int hit_from(const Options& o, Grade g, int penalties) {
  // GAP-BG-FIRE-01 ladder: A 3-6, B 4-6, C 5-6, D 6; each penalty removes the lowest face.
  int lowest = 7 - static_cast<int>(g);  // A(4) -> 3, B -> 4, C -> 5, D -> 6
  if (o.grade_b_literal && g == Grade::kB) lowest = 5;
  lowest += penalties;
  return lowest > 6 ? 7 : lowest;
}

bool is_hit(const Options& o, Grade g, int penalties, int face) { return face >= hit_from(o, g, penalties); }

double road_bonus(const Options& o, int roll) {
  // GAP-BG-MOVE-07: +1/3 of the roll, floored to whole inches unless "bg.road_bonus" = "exact".
  if (o.road_exact_thirds) return roll / 3.0;
  return static_cast<double>(roll / 3);
}

double vehicle_road_bonus(int roll) { return roll / 2.0; }  // BG-VMOV-04: +50%

double facing_cost(const Options& o, Facing travel, Facing end) {
  // GAP-BG-MOVE-08b: a facing is given in half-degree steps while a drawn leg points any way, so
  // the step nearest the direction of movement (within a quarter degree) is that direction.
  constexpr double kQuarterDegreeSin = 0.0043633;  // sin(0.25 degrees)
  const Vec2 a = travel.forward(), b = end.forward();
  if (geom::dot(a, b) > 0 && std::abs(geom::cross(a, b)) <= kQuarterDegreeSin) return 0;
  if (geom::turn_at_most(travel, end, 0)) return 0;
  if (geom::turn_at_most(travel, end, 90)) return o.facing_cost_90;
  return o.facing_cost_180;
}

bool immobilized_by_roll(int max_dice, int dice_rolled, int total) {
  if (dice_rolled < max_dice) return false;  // fewer dice: no risk (BG-VMOV-01/02)
  if (max_dice == 4) return total >= 4 && total <= 6;  // BG-VMOV-01
  if (max_dice == 3) return total == 3;                // BG-VMOV-02
  return false;
}

const WeaponRow& weapon_row(WeaponKind k) {
  // GAP-BG-VEH-04: MG 2 white (stated); light gun 2 blue; heavy gun 4 blue. Ranges BG-VEH-07.
  static const WeaponRow rows[] = {
      {WeaponKind::kMachineGun, "mg", 2, false, 12},
      {WeaponKind::kLightGun, "light_gun", 2, true, 18},
      {WeaponKind::kHeavyGun, "heavy_gun", 4, true, 24},
      {WeaponKind::kEmplacement, "emplacement", 2, false, 12},  // 1 white + 1 blue (BG-EMP-01)
  };
  return rows[static_cast<int>(k)];
}

std::optional<WeaponKind> parse_weapon(std::string_view s) {
  for (WeaponKind k : {WeaponKind::kMachineGun, WeaponKind::kLightGun, WeaponKind::kHeavyGun}) {
    if (s == weapon_row(k).name) return k;
  }
  return std::nullopt;
}

const std::vector<VehicleRow>& vehicle_rows() {
  using W = WeaponKind;
  // GAP-BG-VEH-03 armour; BG-VMOV-01/02 dice; BG-MOVE-15 capacity; hulls are typical 20mm-ish.
  static const std::vector<VehicleRow> rows = {
      {VehicleClass::kCar, "car", true, false, 1, 4, 2.0, 1.25, 0, true, {}},
      {VehicleClass::kTruck, "truck", true, false, 1, 3, 3.0, 1.5, 6, true, {}},
      {VehicleClass::kApc, "apc", false, true, 2, 3, 3.0, 1.5, 6, false, {{W::kMachineGun, false}}},
      {VehicleClass::kHalfTrack, "half_track", false, true, 2, 3, 3.0, 1.5, 6, false, {{W::kMachineGun, false}}},
      {VehicleClass::kArmouredCar, "armoured_car", true, true, 2, 4, 2.5, 1.5, 0, true,
       {{W::kMachineGun, false}, {W::kLightGun, false}}},
      {VehicleClass::kLightTank, "light_tank", false, true, 3, 3, 2.5, 1.5, 0, false,
       {{W::kMachineGun, true}, {W::kLightGun, false}}},
      {VehicleClass::kMediumTank, "medium_tank", false, true, 4, 3, 3.0, 1.75, 0, false,
       {{W::kMachineGun, true}, {W::kMachineGun, false}, {W::kHeavyGun, false}}},
      {VehicleClass::kHeavyTank, "heavy_tank", false, true, 5, 3, 3.5, 2.0, 0, false,
       {{W::kMachineGun, true}, {W::kMachineGun, false}, {W::kHeavyGun, false}}},
  };
  return rows;
}

const VehicleRow* vehicle_row(std::string_view type) {
  for (const auto& r : vehicle_rows()) {
    if (type == r.type) return &r;
  }
  return nullptr;
}

const EmplacementRow* emplacement_row(std::string_view type) {
  static const EmplacementRow rows[] = {
      {"mg_nest", 2, true, false},
      {"pillbox", 3, true, false},
      {"gun_emplacement", 3, true, true},
      {"bunker", 3, false, false},
  };
  for (const auto& r : rows) {
    if (type == r.type) return &r;
  }
  return nullptr;
}

namespace {
const TerrainRow kTerrain[] = {
    // kind, name, red, sight, limit, infantry factor, linear, impassable
    {TerrainKind::kWoods, "woods", 1, geom::Sight::kLimited, 6, 2, false, false},
    {TerrainKind::kBrush, "brush", 1, geom::Sight::kTransparent, 0, 2, false, false},
    {TerrainKind::kCrops, "crops", 1, geom::Sight::kLimited, 6, 1, false, false},
    {TerrainKind::kHill, "hill", 0, geom::Sight::kOpaque, 0, 2, false, false},
    {TerrainKind::kBuilding, "building", 2, geom::Sight::kOpaque, 0, 1, false, false},
    {TerrainKind::kRubble, "rubble", 2, geom::Sight::kTransparent, 0, 1, false, false},
    {TerrainKind::kHedge, "hedge", 1, geom::Sight::kTransparent, 0, 1, true, false},
    {TerrainKind::kWall, "wall", 2, geom::Sight::kTransparent, 0, 1, true, false},
    {TerrainKind::kFence, "fence", 0, geom::Sight::kTransparent, 0, 1, true, false},
    {TerrainKind::kRiver, "river", 0, geom::Sight::kTransparent, 0, 1, false, true},
    {TerrainKind::kFord, "ford", 0, geom::Sight::kTransparent, 0, 2, false, false},
    {TerrainKind::kBridge, "bridge", 0, geom::Sight::kTransparent, 0, 1, false, false},
    {TerrainKind::kRoad, "road", 0, geom::Sight::kTransparent, 0, 1, false, false},
    {TerrainKind::kBeach, "shale_beach", 0, geom::Sight::kTransparent, 0, 3, false, false},
    {TerrainKind::kWater, "water", 0, geom::Sight::kTransparent, 0, 1, false, true},
    {TerrainKind::kMinefield, "minefield", 0, geom::Sight::kTransparent, 0, 1, false, false},
    {TerrainKind::kDummyMinefield, "dummy_minefield", 0, geom::Sight::kTransparent, 0, 1, false, false},
    {TerrainKind::kOther, "clear", 0, geom::Sight::kTransparent, 0, 1, false, false},
};
}  // namespace

const TerrainRow* terrain_row(std::string_view kind) {
  for (const auto& r : kTerrain) {
    if (kind == r.name) return &r;
  }
  return nullptr;
}

const TerrainRow& terrain_row(TerrainKind kind) {
  for (const auto& r : kTerrain) {
    if (r.kind == kind) return r;
  }
  return kTerrain[std::size(kTerrain) - 1];
}

double vehicle_factor(const Vehicle& v, TerrainKind k) {
  // GAP-BG-TER-02: wheeled halve in hills and brush and may not enter woods; tracked halve in
  // woods and brush. Fords halve everyone (BG-TER-04). Buildings are closed to vehicles.
  switch (k) {
    case TerrainKind::kWoods: return v.wheeled || v.no_forest ? 0 : 2;
    case TerrainKind::kBrush: return 2;
    case TerrainKind::kHill: return v.wheeled ? 2 : 1;
    case TerrainKind::kFord: return 2;
    case TerrainKind::kBeach: return 3;
    case TerrainKind::kBuilding: return 0;
    case TerrainKind::kMinefield:
    case TerrainKind::kDummyMinefield: return v.mine_clearer ? 2 : 1;  // BG-MINE-09: half speed
    default: return 1;
  }
}

std::optional<FigureKind> parse_figure_kind(std::string_view s, HwRole* role) {
  *role = HwRole::kGeneral;
  if (s == "rifle" || s == "normal" || s.empty()) return FigureKind::kRifle;
  if (s == "leader") return FigureKind::kLeader;
  if (s == "heavy_weapon" || s == "hw") return FigureKind::kHeavyWeapon;
  if (s == "hw_ap") { *role = HwRole::kAntiPersonnel; return FigureKind::kHeavyWeapon; }
  if (s == "hw_at") { *role = HwRole::kAntiArmour; return FigureKind::kHeavyWeapon; }
  if (s == "flame") { *role = HwRole::kFlame; return FigureKind::kHeavyWeapon; }
  if (s == "medic") return FigureKind::kMedic;
  if (s == "engineer") return FigureKind::kEngineer;
  if (s == "horse_holder") return FigureKind::kHorseHolder;
  if (s == "mule") return FigureKind::kMule;
  if (s == "crew") return FigureKind::kCrew;
  return std::nullopt;
}

const char* figure_kind_name(FigureKind k) {
  switch (k) {
    case FigureKind::kRifle: return "rifle";
    case FigureKind::kLeader: return "leader";
    case FigureKind::kHeavyWeapon: return "heavy_weapon";
    case FigureKind::kMedic: return "medic";
    case FigureKind::kEngineer: return "engineer";
    case FigureKind::kHorseHolder: return "horse_holder";
    case FigureKind::kMule: return "mule";
    case FigureKind::kCrew: return "crew";
  }
  return "rifle";
}

int max_leaders(int figures) { return (figures + 3) / 4; }
int max_heavy(int figures) { return (figures + 5) / 6; }

int grade_sum(Grade a, Grade b) { return static_cast<int>(a) + static_cast<int>(b); }

const std::vector<FireSystemRow>& fire_system_rows() {
  static const std::vector<FireSystemRow> rows = {
      {"dive_bomb", 1, 2},  // stated: "Dive bomb/strafe 1 blast, 2 blue dice"
      {"mortar", 1, 2},
      {"light_artillery", 2, 2},
      {"medium_artillery", 3, 2},
      {"heavy_artillery", 3, 3},
      {"level_bombing", 2, 3},
  };
  return rows;
}

const FireSystemRow* fire_system_row(std::string_view s) {
  for (const auto& r : fire_system_rows()) {
    if (s == r.system) return &r;
  }
  return nullptr;
}

namespace {

std::optional<std::string> flag(const pb::Scenario& s, const char* key, bool* out) {
  auto v = scenario_option(s, key);
  if (!v) return std::nullopt;
  if (*v == "on" || *v == "true" || *v == "yes") *out = true;
  else if (*v == "off" || *v == "false" || *v == "no") *out = false;
  else return std::string("options[") + key + "]: expected \"on\" or \"off\", not \"" + *v + "\"";
  return std::nullopt;
}

std::optional<std::string> choice(const pb::Scenario& s, const char* key, const char* a, const char* b,
                                  bool* second) {
  auto v = scenario_option(s, key);
  if (!v) return std::nullopt;
  if (*v == a) *second = false;
  else if (*v == b) *second = true;
  else return std::string("options[") + key + "]: expected \"" + a + "\" or \"" + b + "\", not \"" + *v + "\"";
  return std::nullopt;
}

std::optional<std::string> number(const pb::Scenario& s, const char* key, double lo, double hi, double* out) {
  auto v = scenario_option(s, key);
  if (!v) return std::nullopt;
  char* end = nullptr;
  const double d = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0' || !std::isfinite(d) || d < lo || d > hi) {
    return std::string("options[") + key + "]: expected a number from " + std::to_string(lo).substr(0, 4) +
           " to " + std::to_string(hi).substr(0, 4) + ", not \"" + *v + "\"";
  }
  *out = d;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> read_options(const pb::Scenario& s, Options* o) {
  for (const auto& opt : s.options()) {
    if (opt.key().rfind("bg.", 0) != 0) {
      return "options[" + opt.key() + "]: Battleground options start with \"bg.\"";
    }
  }
  std::optional<std::string> e;
  if ((e = choice(s, "bg.grade_b", "4-6", "5-6", &o->grade_b_literal))) return e;
  if ((e = choice(s, "bg.road_bonus", "floor", "exact", &o->road_exact_thirds))) return e;
  if ((e = choice(s, "bg.shot_declaration", "one_at_a_time", "declare_all", &o->declare_all_shots))) return e;
  if ((e = choice(s, "bg.tracked_turn", "proportional", "quarters", &o->tracked_turn_quarters))) return e;
  if ((e = choice(s, "bg.drift_bearing", "compass", "d12", &o->drift_d12))) return e;
  double walk = o->walk_dice, run = o->run_dice;
  if ((e = number(s, "bg.walk_dice", 1, 4, &walk))) return e;
  if ((e = number(s, "bg.run_dice", 1, 6, &run))) return e;
  if (walk != std::floor(walk) || run != std::floor(run)) return std::string("options[bg.walk_dice]: dice are whole numbers");
  o->walk_dice = static_cast<int>(walk);
  o->run_dice = static_cast<int>(run);
  if ((e = number(s, "bg.facing_cost_90", 0, 6, &o->facing_cost_90))) return e;
  if ((e = number(s, "bg.facing_cost_180", 0, 6, &o->facing_cost_180))) return e;
  if ((e = number(s, "bg.base_size", 0.1, 3, &o->base_size))) return e;
  if ((e = number(s, "bg.hidden_reveal", 0, 48, &o->hidden_reveal))) return e;
  if ((e = flag(s, "bg.morale", &o->morale))) return e;
  if ((e = flag(s, "bg.detailed_armour", &o->detailed_armour))) return e;
  if ((e = flag(s, "bg.specialised_hw", &o->specialised_hw))) return e;
  if ((e = flag(s, "bg.short_range_weapons", &o->short_range_weapons))) return e;
  if ((e = flag(s, "bg.quality_defence", &o->quality_defence))) return e;
  if (auto v = scenario_option(s, "bg.mods")) {  // GAP-BGM-GEN-01's two profiles
    if (*v != "off" && *v != "vehicles" && *v != "skirmish") {
      return "options[bg.mods]: expected \"off\", \"vehicles\" or \"skirmish\", not \"" + *v + "\"";
    }
    o->bgm_vehicles = *v == "vehicles";
    o->bgm_skirmish = *v == "skirmish";
  }
  if ((e = choice(s, "bg.mods_prone", "printed", "protects", &o->bgm_prone_protects))) return e;  // GAP-BGM-COV-02
  if ((e = choice(s, "bg.mods_hatches", "open", "buttoned", &o->bgm_buttoned))) return e;
  if ((e = flag(s, "bg.melee_weapons", &o->melee_weapons))) return e;
  if ((e = choice(s, "bg.melee_pairing", "players", "listed", &o->melee_pairing_listed))) return e;
  if ((e = choice(s, "bg.guards", "players", "listed", &o->guards_listed))) return e;
  if ((e = flag(s, "bg.random_artillery", &o->random_artillery))) return e;
  if ((e = flag(s, "bg.artillery_per_turn", &o->artillery_per_turn))) return e;
  if ((e = flag(s, "bg.night", &o->night))) return e;
  // Helper U: objectives, stands, cavalry road (docs "Units, morale, victory and stands").
  if ((e = number(s, "bg.objective_radius", 0.5, 24, &o->objective_radius))) return e;
  bool contest_only = !o->vehicles_hold;
  if ((e = choice(s, "bg.objective_vehicles", "hold", "contest", &contest_only))) return e;
  o->vehicles_hold = !contest_only;
  if ((e = flag(s, "bg.cavalry_road", &o->cavalry_road))) return e;
  if (auto v = scenario_option(s, "bg.stands")) {
    if (*v == "off") o->stands = 0;
    else if (*v == "track") o->stands = 1;
    else if (*v == "all_or_nothing") o->stands = 2;
    else return "options[bg.stands]: expected \"off\", \"track\" or \"all_or_nothing\", not \"" + *v + "\"";
  }
  if (auto v = scenario_option(s, "bg.axis_side")) {
    int idx = -1;
    for (int i = 0; i < s.sides_size(); ++i) {
      if (s.sides(i).id() == *v) idx = i;
    }
    if (idx < 0) return "options[bg.axis_side]: \"" + *v + "\" is not one of the scenario's sides";
    o->axis_side = idx;
  }
  std::vector<ArtilleryCard> art;  // BG-ART-08 deck (bg_artillery.cc)
  if ((e = artillery_deck(s, &art))) return e;
  static const char* kKnown[] = {"bg.grade_b", "bg.road_bonus", "bg.shot_declaration", "bg.tracked_turn",
                                 "bg.drift_bearing", "bg.walk_dice", "bg.run_dice", "bg.facing_cost_90",
                                 "bg.facing_cost_180", "bg.base_size", "bg.hidden_reveal", "bg.morale",
                                 "bg.detailed_armour", "bg.specialised_hw", "bg.short_range_weapons",
                                 "bg.quality_defence", "bg.melee_weapons", "bg.melee_pairing", "bg.guards", "bg.random_artillery",
                                 "bg.artillery_per_turn", "bg.night", "bg.axis_side", "bg.artillery_deck",
                                 "bg.objective_radius", "bg.objective_vehicles", "bg.cavalry_road", "bg.stands",
                                 "bg.mods", "bg.mods_hatches", "bg.mods_prone"};
  for (const auto& opt : s.options()) {
    bool known = false;
    for (const char* k : kKnown) known = known || opt.key() == k;
    if (!known) return "options[" + opt.key() + "]: unknown Battleground option";
  }
  return std::nullopt;
}

}  // namespace sandtable::bg
