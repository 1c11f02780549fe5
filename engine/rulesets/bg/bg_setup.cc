// Scenario validation and the initial state (BG-GEN-04, BG-UNIT-01..10, BG-TER-*, BG-MINE-01/02).
// The scenario JSON format is documented in docs/rulesets/battleground.md.
#include "engine/rulesets/bg/bg_setup.h"

#include <cmath>
#include <set>
#include <utility>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/rulesets/bg/bg_units.h"
#include "engine/rulesets/bg/bgm_layer.h"
#include "engine/rulesets/bg/bgs_skirmish.h"

namespace sandtable::bg {

namespace {

bool has_attr(const pb::UnitSetup& u, std::string_view a) {
  for (const auto& x : u.attributes()) {
    if (x == a) return true;
  }
  return false;
}

std::optional<std::string> attr_value(const pb::UnitSetup& u, std::string_view key) {
  for (const auto& x : u.attributes()) {
    if (x.size() > key.size() && x.compare(0, key.size(), key) == 0 && x[key.size()] == '=') {
      return x.substr(key.size() + 1);
    }
  }
  return std::nullopt;
}

bool finite(const pb::Point& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); }

std::optional<std::string> check_unit(const pb::UnitSetup& u, const std::string& where, std::set<std::string>& ids,
                                      std::set<std::string>& fig_ids, double w, double h) {
  auto on_table = [&](const pb::Point& p) { return finite(p) && p.x() >= 0 && p.y() >= 0 && p.x() <= w && p.y() <= h; };
  if (u.id().empty()) return where + ".id: missing; every unit needs a unique id";
  if (!ids.insert(u.id()).second) return where + ".id: \"" + u.id() + "\" is used twice";
  if (!parse_grade(u.quality().empty() ? "C" : u.quality())) {
    return where + ".quality: \"" + u.quality() + "\" is not a grade; expected A, B, C or D (BG-UNIT-07)";
  }
  if (!facing_from_degrees(u.facing_deg())) {
    return where + ".facing_deg: facings are compass degrees in half-degree steps";
  }
  const std::string& t = u.type();
  if (t == "infantry" || t == "cavalry") {
    const int n = u.figures_size();
    // BG-UNIT-01: 2..12 figures; a 2-figure unit must include a leader.
    if (n < kMinUnitFigures || n > kMaxUnitFigures) {
      return where + ".figures: a starting unit has 2 to 12 figures, not " + std::to_string(n) + " (BG-UNIT-01)";
    }
    int leaders = 0, hws = 0;
    for (int i = 0; i < n; ++i) {
      const auto& f = u.figures(i);
      const std::string fw = where + ".figures[" + std::to_string(i) + "]";
      if (f.id().empty()) return fw + ".id: missing; every figure needs a unique id";
      if (!fig_ids.insert(f.id()).second || ids.count(f.id())) return fw + ".id: \"" + f.id() + "\" is used twice";
      HwRole role;
      auto k = parse_figure_kind(f.kind(), &role);
      if (!k) {
        return fw + ".kind: \"" + f.kind() +
               "\" is not a figure kind; expected rifle, leader, heavy_weapon, hw_ap, hw_at, flame, medic, engineer, mule or crew";
      }
      if (!f.has_position() || !on_table(f.position())) return fw + ".position: missing or off the table";
      leaders += *k == FigureKind::kLeader;
      hws += *k == FigureKind::kHeavyWeapon;
    }
    if (n == 2 && leaders == 0) return where + ".figures: a 2-figure starting unit must include a leader (BG-UNIT-01)";
    // BG-MEL-07 optional: "melee_weapon=<figure id>:pistol|sword|bayonet" arms one figure.
    for (const auto& x : u.attributes()) {
      if (x.rfind("melee_weapon=", 0) != 0) continue;
      const std::string spec = x.substr(13);
      const auto colon = spec.find(':');
      const std::string fig = spec.substr(0, colon), weapon = colon == std::string::npos ? "" : spec.substr(colon + 1);
      bool found = false;
      for (const auto& f : u.figures()) found = found || f.id() == fig;
      if (!found || (weapon != "pistol" && weapon != "sword" && weapon != "bayonet")) {
        return where + ".attributes: \"" + x + "\"; expected melee_weapon=<figure id of this unit>:pistol|sword|bayonet (BG-MEL-07)";
      }
    }
    // Shaffer's vehicles: "at_weapon=<figure id>:<weapon>[:<penetration>]" (BGM-AT-07/10).
    for (const auto& x : u.attributes()) {
      if (x.rfind("at_weapon=", 0) != 0) continue;
      if (auto e = check_at_weapon(u, x)) return where + ".attributes: " + *e;
    }
    // BG-UNIT-03 / BG-EX-03.
    if (leaders > max_leaders(n)) {
      return where + ".figures: " + std::to_string(n) + " figures may start with at most " +
             std::to_string(max_leaders(n)) + " leaders, not " + std::to_string(leaders) + " (BG-UNIT-03)";
    }
    if (hws > max_heavy(n)) {
      return where + ".figures: " + std::to_string(n) + " figures may start with at most " +
             std::to_string(max_heavy(n)) + " heavy weapons, not " + std::to_string(hws) + " (BG-UNIT-03)";
    }
    return std::nullopt;
  }
  if (const VehicleRow* row = vehicle_row(t)) {
    (void)row;
    if (!u.has_position() || !on_table(u.position())) return where + ".position: a vehicle needs its hull centre on the table";
    if (auto a = attr_value(u, "armour")) {
      if (a->empty() || a->find_first_not_of("0123456789") != std::string::npos || std::stoi(*a) > 10) {
        return where + ".attributes: armour=" + *a + " is not a number of red dice 0..10";
      }
    }
    for (const auto& x : u.attributes()) {
      if (x.rfind("weapon=", 0) != 0) continue;
      const std::string spec = x.substr(7);
      const auto colon = spec.find(':');
      const std::string kind = spec.substr(0, colon);
      const std::string mount = colon == std::string::npos ? "turret" : spec.substr(colon + 1);
      if (!parse_weapon(kind) || (mount != "bow" && mount != "turret")) {
        return where + ".attributes: \"" + x + "\"; expected weapon=mg|light_gun|heavy_gun[:bow|:turret]";
      }
    }
    return std::nullopt;
  }
  if (emplacement_row(t)) {
    if (!u.has_position() || !on_table(u.position())) return where + ".position: an emplacement needs its centre on the table";
    return std::nullopt;
  }
  return where + ".type: \"" + t +
         "\" is not a Battleground unit type; expected infantry, cavalry, a vehicle (car, truck, apc, half_track, "
         "armoured_car, light_tank, medium_tank, heavy_tank) or an emplacement (mg_nest, pillbox, gun_emplacement, bunker)";
}

// A circle as a 48-gon through the exact sine table, one vertex every 7.5 degrees (BG-MINE-01's
// 5.5" circle). It once stepped 22.5 degrees 32 times, going round twice: the polygon crossed
// itself and the server died creating a room from a scenario with a circle.
std::vector<Vec2> circle_polygon(const pb::Circle& circle) {
  std::vector<Vec2> pts;
  const Vec2 c = to_vec(circle.centre());
  for (int k = 0; k < 48; ++k) pts.push_back(c + Facing::from_half_degrees(k * 15).forward() * circle.radius());
  return pts;
}

}  // namespace

std::optional<std::string> terrain_problem(const pb::TerrainFeature& t, const pb::Scenario& s) {
  std::string kind = t.kind();
  if (kind == "bridge_light") kind = "bridge";
  if (kind == "house") kind = "building";
  const TerrainRow* row = terrain_row(kind);
  if (!row) return ".kind: \"" + t.kind() + "\" is not a Battleground terrain kind";
  if (row->linear || ((kind == "river") && t.polyline_size() > 0)) {
    if (t.polyline_size() < 2) return ".polyline: a " + t.kind() + " needs at least 2 points";
  } else if (t.polygon_size() > 0) {
    std::vector<Vec2> pts;
    for (const auto& p : t.polygon()) pts.push_back(to_vec(p));
    try {
      geom::Polygon poly(pts);
    } catch (const std::invalid_argument& e) {
      return std::string(".polygon: ") + e.what();
    }
  } else if (t.has_circle()) {
    if (!(t.circle().radius() > 0.1) || !(t.circle().radius() < 1000) || !finite(t.circle().centre())) {
      return std::string(".circle: needs a centre and a radius (0.1\" to 1000\")");
    }
    try {
      geom::Polygon poly(circle_polygon(t.circle()));
    } catch (const std::invalid_argument& e) {
      return std::string(".circle: ") + e.what();
    }
  } else {
    return ": a " + t.kind() + " needs a polygon or a circle";
  }
  if (!t.owner().empty()) {
    bool ok = false;
    for (const auto& side : s.sides()) ok = ok || side.id() == t.owner();
    if (!ok) return ".owner: \"" + t.owner() + "\" is not one of the scenario's sides";
  }
  if (kind == "minefield" || kind == "dummy_minefield") {  // BG-MINE-01
    MinefieldShape shape;
    if (auto e = minefield_shape(t, &shape)) return ": " + *e;
  }
  return std::nullopt;
}

std::optional<std::string> validate_scenario(const pb::Scenario& s) {
  if (!s.has_table()) return std::string("board: Battleground is played on a free table; expected \"table\" {width, height}");
  const double w = s.table().width(), h = s.table().height();
  if (!(w >= 12 && h >= 12 && w <= 240 && h <= 240)) {
    return std::string("table: width and height are inches from 12 to 240 (a standard table is 60 x 36, BG-GEN-04)");
  }
  if (s.sides_size() != 2) return "sides: Battleground has two sides (Axis and Allied), not " + std::to_string(s.sides_size());
  if (s.sides(0).id().empty() || s.sides(1).id().empty() || s.sides(0).id() == s.sides(1).id()) {
    return std::string("sides: the two sides need distinct, non-empty ids");
  }
  Options o;
  if (auto e = read_options(s, &o)) return e;
  std::set<std::string> ids, fig_ids;
  for (int i = 0; i < s.sides_size(); ++i) {
    for (int j = 0; j < s.sides(i).units_size(); ++j) {
      const std::string where = "sides[" + std::to_string(i) + "].units[" + std::to_string(j) + "]";
      if (auto e = check_unit(s.sides(i).units(j), where, ids, fig_ids, w, h)) return e;
    }
  }
  for (int i = 0; i < s.reinforcements_size(); ++i) {
    const auto& r = s.reinforcements(i);
    const std::string where = "reinforcements[" + std::to_string(i) + "]";
    if (r.turn() < 1) return where + ".turn: reinforcements arrive on turn 1 or later (BG-UNIT-10)";
    if (r.side() != s.sides(0).id() && r.side() != s.sides(1).id()) {
      return where + ".side: \"" + r.side() + "\" is not one of the scenario's sides";
    }
    if (auto e = check_unit(r.unit(), where + ".unit", ids, fig_ids, w, h)) return e;
  }
  // Carried units: the carrier must be a transport of the same side with room (BG-MOVE-15).
  for (int i = 0; i < s.sides_size(); ++i) {
    for (int j = 0; j < s.sides(i).units_size(); ++j) {
      const auto& u = s.sides(i).units(j);
      if (u.towed_by().empty()) continue;
      const std::string where = "sides[" + std::to_string(i) + "].units[" + std::to_string(j) + "].towed_by";
      const pb::UnitSetup* carrier = nullptr;
      for (const auto& v : s.sides(i).units()) {
        if (v.id() == u.towed_by()) carrier = &v;
      }
      const VehicleRow* row = carrier ? vehicle_row(carrier->type()) : nullptr;
      if (!row || row->capacity == 0) return where + ": \"" + u.towed_by() + "\" is not a truck or APC of this side";
      if (u.type() != "infantry") return where + ": only infantry rides in transports (BG-MOVE-15)";
      if (u.figures_size() > row->capacity) {
        return where + ": a " + carrier->type() + " carries at most " + std::to_string(row->capacity) + " figures (BG-MOVE-15)";
      }
      // BG-UNIT-09: a passenger is seen with its transport; one hidden without the other would
      // show the other side a hidden unit's id and place (or a hidden one's passengers).
      if (has_attr(u, "hidden") != has_attr(*carrier, "hidden")) {
        return where + ": a unit and its transport are hidden together or not at all (BG-UNIT-09)";
      }
    }
  }
  std::set<std::string> names;
  for (int i = 0; i < s.terrain_size(); ++i) {
    const std::string where = "terrain[" + std::to_string(i) + "]";
    if (auto e = terrain_problem(s.terrain(i), s)) return where + *e;
    const std::string name = s.terrain(i).name().empty() ? "t" + std::to_string(i) : s.terrain(i).name();
    if (!names.insert(name).second) return where + ".name: \"" + name + "\" is used twice";
  }
  for (int i = 0; i < s.sides_size(); ++i) {  // Shaffer's vehicles name their models (BGM-VEH-01)
    for (int j = 0; j < s.sides(i).units_size(); ++j) {
      const auto& u = s.sides(i).units(j);
      if (!vehicle_row(u.type())) continue;
      const std::string where = "sides[" + std::to_string(i) + "].units[" + std::to_string(j) + "]";
      if (auto e = check_bgm_model(u, where, o.bgm_vehicles)) return e;
    }
  }
  for (int i = 0; i < s.reinforcements_size(); ++i) {
    if (!vehicle_row(s.reinforcements(i).unit().type())) continue;
    if (auto e = check_bgm_model(s.reinforcements(i).unit(), "reinforcements[" + std::to_string(i) + "].unit", o.bgm_vehicles)) return e;
  }
  if (o.bgm_skirmish) {
    if (auto e = check_bgs_scenario(s)) return e;  // profile (b): infantry, its attributes
  }
  if (s.victory().max_turns() < 0) return std::string("victory.max_turns: must be 0 (no limit) or more");
  if (auto e = check_special_scenario(s)) return e;  // BG-ART-01 strikes
  return validate_units_extra(s);  // objectives, stands, vehicle pairs (bg_units_setup.cc)
}

namespace {

Unit make_unit(const pb::UnitSetup& u, int side, const Options& o) {
  Unit x;
  x.id = u.id();
  x.name = u.name().empty() ? u.id() : u.name();
  x.side = side;
  x.grade = *parse_grade(u.quality().empty() ? "C" : u.quality());
  x.facing = *facing_from_degrees(u.facing_deg());
  x.assault = has_attr(u, "assault");
  x.smoke = has_attr(u, "smoke");
  x.flares = has_attr(u, "flares");
  x.passengers_may_shoot = has_attr(u, "passengers_may_shoot");
  x.hidden = has_attr(u, "hidden");
  x.markers.dug_in = has_attr(u, "dug_in");  // BG-MOVE-14: scenarios may start vehicles dug in
  if (auto b = attr_value(u, "building")) x.building = *b;
  if (u.type() == "infantry" || u.type() == "cavalry") {
    x.kind = u.type() == "infantry" ? UnitKind::kInfantry : UnitKind::kCavalry;
    x.mounted = x.kind == UnitKind::kCavalry && !has_attr(u, "dismounted");
    x.figures.reserve(static_cast<std::size_t>(u.figures_size()));  // held by the room: no spare places
    for (const auto& f : u.figures()) {
      Figure g;
      g.id = f.id();
      g.kind = *parse_figure_kind(f.kind(), &g.hw);
      g.pos = to_vec(f.position());
      g.from_unit = u.id();
      for (const auto& a : u.attributes()) {  // BG-MEL-07 optional (checked in validate)
        if (a.rfind("melee_weapon=" + f.id() + ":", 0) == 0) g.melee_weapon = a.substr(14 + f.id().size());
        if (a.rfind("at_weapon=" + f.id() + ":", 0) == 0) read_at_weapon(a, &g);  // checked in validate
      }
      x.figures.push_back(std::move(g));
    }
    x.position = com(x);
  } else if (const VehicleRow* row = vehicle_row(u.type())) {
    x.kind = UnitKind::kVehicle;
    x.position = to_vec(u.position());
    Vehicle v;
    v.cls = row->cls;
    v.wheeled = row->wheeled;
    v.armoured = row->armoured;
    v.armour = row->armour;
    v.move_dice = row->move_dice;
    v.length = row->length;
    v.width = row->width;
    v.capacity = row->capacity;
    v.no_forest = row->no_forest;
    v.mine_clearer = has_attr(u, "mine_clearer");
    v.heavy = has_attr(u, "heavy") || row->cls == VehicleClass::kHeavyTank;
    if (auto a = attr_value(u, "armour")) v.armour = std::stoi(*a);
    if (auto a = attr_value(u, "length")) v.length = std::strtod(a->c_str(), nullptr);
    if (auto a = attr_value(u, "width")) v.width = std::strtod(a->c_str(), nullptr);
    if (!(v.length > 0.25)) v.length = row->length;
    if (!(v.width > 0.25)) v.width = row->width;
    v.armour_front = v.armour_side = v.armour_rear = v.armour;
    std::vector<std::pair<WeaponKind, bool>> weapons;
    for (const auto& a : u.attributes()) {
      if (a.rfind("weapon=", 0) != 0) continue;
      const std::string spec = a.substr(7);
      const auto colon = spec.find(':');
      weapons.push_back({*parse_weapon(spec.substr(0, colon)), colon != std::string::npos && spec.substr(colon + 1) == "bow"});
    }
    if (weapons.empty()) weapons = row->weapons;
    int n = 0;
    for (auto [k, bow] : weapons) {
      const WeaponRow& wr = weapon_row(k);
      Weapon w;
      w.kind = k;
      w.id = std::string(wr.name) + std::to_string(++n);
      w.dice = wr.dice;
      w.blue = wr.blue;
      w.range = wr.range;
      w.bow = bow;
      w.main_gun = k != WeaponKind::kMachineGun;
      v.weapons.push_back(w);
    }
    if (o.bgm_vehicles) {  // Shaffer's vehicles: the model named (checked in validate_scenario)
      for (const auto& a : u.attributes()) {
        if (a.rfind("model=", 0) != 0) continue;
        v.bgm.emplace();
        v.bgm->model = a.substr(6);
      }
      for (const auto& a : u.attributes()) {
        if (v.bgm && a == "stabilized") v.bgm->stabilized = true;    // BGM-AT-09
        if (v.bgm && a == "open_topped") v.bgm->open_topped = true;  // BGM-VEH-04
        if (v.bgm && a.rfind("special_rounds=", 0) == 0) v.bgm->special_rounds = std::stoi(a.substr(15));  // checked
      }
    }
    x.vehicle = v;
  } else if (const EmplacementRow* row = emplacement_row(u.type())) {
    x.kind = UnitKind::kEmplacement;
    x.position = to_vec(u.position());
    Emplacement e;
    e.red = row->red;
    e.has_weapon = row->weapon;
    x.emplacement = e;
  }
  if (o.bgm_skirmish) read_bgs_unit(u, &x);  // profile (b): small arm, leader, grenades
  return x;
}

}  // namespace

void lay_out_terrain(BgState& st, const TerrainList& features, const pb::Scenario& s) {
  st.terrain.clear();
  st.minefields.clear();
  st.terrain.reserve(features.size());
  for (std::size_t i = 0; i < features.size(); ++i) {
    const auto& t = features[i];
    Terrain x;
    x.index = static_cast<int>(i);
    x.name = t.name().empty() ? "t" + std::to_string(i) : t.name();
    // "t<digits>": the engine's name for a feature the scenario (or the GM) left unnamed.
    x.unnamed = x.name.size() > 1 && x.name[0] == 't' && x.name.find_first_not_of("0123456789", 1) == std::string::npos;
    std::string kind = t.kind();
    x.light_bridge = kind == "bridge_light";
    if (kind == "bridge_light") kind = "bridge";
    if (kind == "house") kind = "building";
    const TerrainRow* row = terrain_row(kind);
    x.kind = row->kind;
    x.red = row->red;
    x.sight = row->sight == geom::Sight::kLimited ? geom::SightRule::limited(row->sight_limit)
              : row->sight == geom::Sight::kOpaque ? geom::SightRule::opaque()
                                                    : geom::SightRule::transparent();
    x.move_factor = row->infantry_factor;
    x.owner = t.owner();
    if (t.polyline_size() > 0) {
      for (const auto& p : t.polyline()) x.line.push_back(to_vec(p));
    } else if (t.polygon_size() > 0) {
      std::vector<Vec2> pts;
      for (const auto& p : t.polygon()) pts.push_back(to_vec(p));
      x.area.emplace(pts);
    } else {
      x.area.emplace(circle_polygon(t.circle()));
    }
    if (x.kind == TerrainKind::kMinefield || x.kind == TerrainKind::kDummyMinefield) {
      Minefield m;
      m.terrain = x.name;
      m.dummy = x.kind == TerrainKind::kDummyMinefield;
      m.known_to.assign(2, x.owner.empty());
      if (!x.owner.empty()) m.known_to[static_cast<std::size_t>(s.sides(0).id() == x.owner ? 0 : 1)] = true;
      st.minefields.push_back(m);
    }
    st.terrain.push_back(std::move(x));
  }
}

std::unique_ptr<BgState> initial_state(const pb::Scenario& s) {
  auto st = std::make_unique<BgState>();
  read_options(s, &st->options);
  st->width = s.table().width();
  st->height = s.table().height();
  st->max_turns = s.victory().max_turns();
  std::size_t units = static_cast<std::size_t>(s.reinforcements_size());
  for (const auto& side : s.sides()) units += static_cast<std::size_t>(side.units_size());
  st->units.reserve(units);  // held by the room: no spare places
  for (int i = 0; i < s.sides_size(); ++i) {
    for (const auto& u : s.sides(i).units()) st->units.push_back(make_unit(u, i, st->options));
  }
  for (const auto& r : s.reinforcements()) {
    const int side = r.side() == s.sides(0).id() ? 0 : 1;
    Unit u = make_unit(r.unit(), side, st->options);
    u.on_table = false;
    u.arrives_turn = r.turn();
    st->units.push_back(std::move(u));
  }
  // Starting passengers (BG-MOVE-15).
  for (int i = 0; i < s.sides_size(); ++i) {
    for (const auto& u : s.sides(i).units()) {
      if (u.towed_by().empty()) continue;
      Unit* p = st->find(u.id());
      Unit* v = st->find(u.towed_by());
      p->carried_by = v->id;
      v->vehicle->passengers.push_back(p->id);
    }
  }
  lay_out_terrain(*st, scenario_terrain(s), s);
  // Units starting in a building named by attribute, or whose figures stand in/around one.
  for (auto& u : st->units) {
    if (!u.building.empty() || !u.infantry_like() || u.figures.empty()) continue;
    std::vector<Vec2> pts;
    for (const auto& f : u.figures) pts.push_back(f.pos);
    if (const Terrain* b = building_at(*st, pts)) u.building = b->name;
  }
  read_strikes(s, *st);  // BG-ART-01: secret until they land
  setup_units_extra(s, st.get());
  return st;
}

}  // namespace sandtable::bg
