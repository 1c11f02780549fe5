// Scenario validation (the first problem, naming the field) and the initial state. The scenario
// vocabulary is in docs/rulesets/rookie-rules.md "Scenarios".
#include "engine/rulesets/rookie/rr_setup.h"

#include <cmath>
#include <set>
#include <stdexcept>

#include "engine/rulesets/rookie/rr_artillery.h"
#include "engine/rulesets/rookie/rr_close.h"
#include "engine/rulesets/rookie/rr_internal.h"

namespace sandtable::rr {

namespace {

struct KindName {
  const char* key;
  TerrainKind kind;
};
constexpr KindName kKinds[] = {
    {"mud", TerrainKind::kMud},         {"light_woods", TerrainKind::kLightWoods}, {"woods", TerrainKind::kWoods},
    {"steep_slope", TerrainKind::kSteepSlope}, {"slope", TerrainKind::kSlope}, {"building", TerrainKind::kBuilding},
    {"built_up", TerrainKind::kBuiltUp}, {"rubble", TerrainKind::kRubble},       {"brush", TerrainKind::kBrush},
    {"ditch", TerrainKind::kDitch},     {"trench", TerrainKind::kTrench},         {"road", TerrainKind::kRoad},
    {"trail", TerrainKind::kTrail},     {"wire", TerrainKind::kWire},             {"hill", TerrainKind::kHill},
};

const KindName* kind_of(const std::string& k) {
  for (const auto& n : kKinds) {
    if (k == n.key) return &n;
  }
  return nullptr;
}

std::string join_kinds() {
  std::string out;
  for (const auto& n : kKinds) {
    if (!out.empty()) out += ", ";
    out += n.key;
  }
  return out;
}

std::vector<Vec2> points(const google::protobuf::RepeatedPtrField<pb::Point>& ps) {
  std::vector<Vec2> out;
  for (const auto& p : ps) out.push_back(geom::from_proto(p));
  return out;
}

// The scenario's own part (RrScenario): off-table batteries (RR-ART-01) and minefields (RR-MINE-01).
pb::RrScenario extra_of(const pb::Scenario& sc) {
  return carries<pb::RrScenario>(sc) ? payload_of<pb::RrScenario>(sc) : pb::RrScenario{};
}

int side_named(const pb::Scenario& sc, const std::string& id) {
  for (int s = 0; s < sc.sides_size() && s < 2; ++s) {
    if (sc.sides(s).id() == id) return s;
  }
  return -1;
}

std::optional<std::string> check_extra(const pb::Scenario& sc) {
  if (sc.has_extra() && !carries<pb::RrScenario>(sc)) {
    return "extra: \"" + sc.extra().type_url() + "\" is not a Rookie Rules scenario's extra (sandtable.v1.RrScenario)";
  }
  const pb::RrScenario x = extra_of(sc);
  std::set<std::string> ids;
  for (int i = 0; i < x.batteries_size(); ++i) {
    const auto& b = x.batteries(i);
    const std::string path = "extra.batteries[" + std::to_string(i) + "]";
    if (b.id().empty() || !ids.insert(b.id()).second) return path + ".id: every battery needs its own id";
    if (side_named(sc, b.side()) < 0) return path + ".side: \"" + b.side() + "\" is not one of the scenario's sides";
    Battery probe{b.id(), b.name(), 0, b.weapon()};
    if (battery_templates(probe).empty()) {
      return path + ".weapon: light_artillery, medium_artillery, heavy_artillery, light_mortar, medium_mortar or heavy_mortar";
    }
  }
  const TableSize table{sc.table().width(), sc.table().height()};
  for (int i = 0; i < x.minefields_size(); ++i) {
    const auto& m = x.minefields(i);
    const std::string path = "extra.minefields[" + std::to_string(i) + "]";
    if (side_named(sc, m.side()) < 0) return path + ".side: \"" + m.side() + "\" is not one of the scenario's sides";
    const MinefieldPlot p = plot_minefield(table, m.at());
    if (p.refusal) return path + ".at: " + *p.refusal + " (written like an artillery plot, e.g. \"3'6\\\" 3'\" or \"42, 36\")";
    if (!std::isfinite(m.flats_deg())) return path + ".flats_deg: not a number";
  }
  std::set<int> with_air;
  for (int i = 0; i < x.air_size(); ++i) {
    const auto& a = x.air(i);
    const std::string path = "extra.air[" + std::to_string(i) + "]";
    const int side = side_named(sc, a.side());
    if (side < 0) return path + ".side: \"" + a.side() + "\" is not one of the scenario's sides";
    if (!with_air.insert(side).second) return path + ".side: a side has one air support entry";
    static const std::set<std::string> kinds = {"fighter", "fighter_bomber", "dive_bomber", "medium_bomber", "modern", "helicopter"};
    static const std::set<std::string> attacks = {"strafing", "dive_bombing", "fighter_bomber", "rockets", "napalm", "medium_bombing"};
    if (!kinds.count(a.kind())) return path + ".kind: fighter, fighter_bomber, dive_bomber, medium_bomber, modern or helicopter (RR-AIR-08)";
    if (!attacks.count(a.attack())) {
      return path + ".attack: strafing, dive_bombing, fighter_bomber, rockets, napalm or medium_bombing (RR-AIR-09)";
    }
    if (a.sorties() < 0 || a.base_chance() < 0 || a.base_chance() > 100 || a.step() < 0 || a.step() > 100) {
      return path + ": sorties, base_chance and step are 0 or more (chances at most 100)";
    }
  }
  return std::nullopt;
}

std::string option(const pb::Scenario& sc, const std::string& key) {
  for (const auto& o : sc.options()) {
    if (o.key() == key) return o.value();
  }
  return {};
}

// RR-UNIT-05: "A".."E", or the words.
std::optional<TroopClass> troop_of(const std::string& q) {
  if (q.empty() || q == "C" || q == "regular") return TroopClass::kC;
  if (q == "A" || q == "elite") return TroopClass::kA;
  if (q == "B" || q == "good") return TroopClass::kB;
  if (q == "D" || q == "green") return TroopClass::kD;
  if (q == "E" || q == "raw") return TroopClass::kE;
  return std::nullopt;
}

std::optional<ArmourClass> armour_of(const std::string& a) {
  if (a == "none") return ArmourClass::kNone;
  if (a == "A") return ArmourClass::kA;
  if (a == "B") return ArmourClass::kB;
  if (a == "C") return ArmourClass::kC;
  if (a == "D") return ArmourClass::kD;
  if (a == "E") return ArmourClass::kE;
  return std::nullopt;
}

// "key=value" attributes; plain words have an empty value.
std::pair<std::string, std::string> split(const std::string& a) {
  const auto eq = a.find('=');
  if (eq == std::string::npos) return {a, ""};
  return {a.substr(0, eq), a.substr(eq + 1)};
}

std::optional<int> number(const std::string& v, int lo, int hi) {
  if (v.empty() || v.size() > 4) return std::nullopt;
  int n = 0;
  std::size_t i = 0;
  const bool negative = v[0] == '-';
  if (negative) i = 1;
  if (i == v.size()) return std::nullopt;
  for (; i < v.size(); ++i) {
    if (v[i] < '0' || v[i] > '9') return std::nullopt;
    n = n * 10 + (v[i] - '0');
  }
  if (negative) n = -n;
  if (n < lo || n > hi) return std::nullopt;
  return n;
}

// Applies one attribute to the unit; returns the problem in words, if any.
std::optional<std::string> attribute(Unit& u, const std::string& a) {
  const auto [key, value] = split(a);
  if (key == "specialist" && value.empty()) u.specialist = true;
  else if (key == "camouflaged" && value.empty()) u.camouflaged = true;
  else if (key == "aa" && value.empty()) u.aa_gun = true;
  else if (key == "packed" && value.empty()) u.packed = true;
  else if (key == "ff") {
    const auto n = number(value, 1, 20);
    if (!n) return "ff= takes the firing factor of one figure, 1 to 20 (RR-UNIT-03)";
    u.ff_per_figure = *n;
  } else if (key == "weapon_ff") {
    const auto n = number(value, 1, 99);
    if (!n) return "weapon_ff= takes the weapon's firing factor, 1 to 99 (RR-UNIT-04)";
    u.weapon_ff = *n;
  } else if (key == "armour") {
    const auto c = armour_of(value);
    if (!c) return "armour= takes A, B, C, D, E or none (RR-UNIT-06)";
    u.armour = *c;
  } else {
    return "unknown attribute \"" + a + "\"; expected specialist, camouflaged, aa, packed, ff=N, weapon_ff=N or armour=A..E";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> terrain_problem(const pb::TerrainFeature& t) {
  if (!kind_of(t.kind())) return ".kind: unknown terrain \"" + t.kind() + "\"; expected one of " + join_kinds();
  try {
    geom::Polygon poly(points(t.polygon()));
  } catch (const std::invalid_argument& e) {
    return std::string(".polygon: ") + e.what();
  }
  return std::nullopt;
}

Terrain terrain_of(const pb::TerrainFeature& t) {
  return Terrain{kind_of(t.kind())->kind, t.name().empty() ? t.kind() : t.name(), geom::Polygon(points(t.polygon()))};
}

std::optional<std::string> validate_scenario(const pb::Scenario& sc) {
  if (!sc.has_table()) return "table: Rookie Rules is played on a free table (\"table\": {\"width\", \"height\"} in inches)";
  const double w = sc.table().width(), h = sc.table().height();
  if (!(w >= 12 && h >= 12 && w <= 240 && h <= 240)) return "table: width and height must be between 12 and 240 inches";
  if (sc.sides_size() != 2) return "sides: Rookie Rules is played by two sides, red and black cards";
  for (const auto& o : sc.options()) {
    if (o.key() == "rr.fog") {
      if (o.value() != "flagged" && o.value() != "hidden") return "options.rr.fog: expected flagged or hidden";
    } else if (o.key() == "rr.japanese") {
      if (o.value() != "off" && o.value() != "on") return "options.rr.japanese: expected off or on";
    } else if (o.key().rfind("rr.cards.", 0) == 0) {
      const std::string side = o.key().substr(9);
      if (side != sc.sides(0).id() && side != sc.sides(1).id()) return "options." + o.key() + ": \"" + side + "\" is not a side of this scenario";
      if (!number(o.value(), -20, 20)) return "options." + o.key() + ": cards added (or, negative, removed), -20 to 20 (RR-CARD-02)";
    } else if (o.key().rfind("rr.level.", 0) == 0) {
      const std::string side = o.key().substr(9);
      if (side != sc.sides(0).id() && side != sc.sides(1).id()) return "options." + o.key() + ": \"" + side + "\" is not a side of this scenario";
      if (o.value() != "company" && o.value() != "platoon") return "options." + o.key() + ": expected company or platoon (RR-CMD-01)";
    } else {
      return "options." + o.key() + ": unknown option; expected rr.fog, rr.japanese, rr.cards.<side> or rr.level.<side>";
    }
  }
  for (int i = 0; i < sc.terrain_size(); ++i) {
    if (auto problem = terrain_problem(sc.terrain(i))) return "terrain[" + std::to_string(i) + "]" + *problem;
  }
  std::set<std::string> ids;
  for (int s = 0; s < 2; ++s) {
    const auto& side = sc.sides(s);
    const std::string sp = "sides[" + std::to_string(s) + "]";
    if (side.id().empty() || side.id() == "gm" || side.id() == "spectator") return sp + ".id: a side needs an id other than gm or spectator";
    if (s == 1 && side.id() == sc.sides(0).id()) return "sides[1].id: both sides are called \"" + side.id() + "\"";
    if (side.units_size() == 0) return sp + ".units: a side needs at least one unit";
    for (int i = 0; i < side.units_size(); ++i) {
      const auto& u = side.units(i);
      const std::string path = sp + ".units[" + std::to_string(i) + "]";
      if (u.id().empty() || !ids.insert(u.id()).second) return path + ".id: every unit needs its own id";
      if (!row_by_key(u.type())) {
        return path + ".type: unknown unit type \"" + u.type() + "\" (docs/rulesets/rookie-rules.md lists them)";
      }
      const Vec2 p = geom::from_proto(u.position());
      if (!geom::is_finite(p) || !std::isfinite(u.facing_deg())) return path + ".position: not a number";
      if (p.x < 0 || p.y < 0 || p.x > w || p.y > h) return path + ".position: off the table";
      if (u.strength() < 0 || u.strength() > 12) return path + ".strength: figures, 1 to 12 (0: the type's default)";
      if (!troop_of(u.quality())) return path + ".quality: A, B, C, D or E (elite, good, regular, green, raw; RR-UNIT-05)";
      Unit scratch;
      for (const auto& a : u.attributes()) {
        if (auto bad = attribute(scratch, a)) return path + ".attributes: " + *bad;
      }
    }
  }
  // RR-CMD-01: up to four leader figures at company level, one or two at platoon level.
  for (int side = 0; side < 2; ++side) {
    const bool platoon = option(sc, "rr.level." + sc.sides(side).id()) == "platoon";
    const int most = platoon ? 2 : 4;
    int leaders = 0;
    for (const auto& u : sc.sides(side).units()) leaders += row_by_key(u.type())->kind == Kind::kLeader ? 1 : 0;
    if (leaders > most) {
      return "sides[" + std::to_string(side) + "].units: " + std::to_string(leaders) + " leaders; a side has at most " + std::to_string(most) +
             " leaders at " + (platoon ? "platoon" : "company") + " level (RR-CMD-01; rr.level." + sc.sides(side).id() + ")";
    }
  }
  for (int i = 0; i < sc.victory().objectives_size(); ++i) {
    const auto& o = sc.victory().objectives(i);
    const std::string path = "victory.objectives[" + std::to_string(i) + "]";
    if (!geom::is_finite(geom::from_proto(o.point()))) return path + ".point: not a number";
    if (!o.owner().empty() && o.owner() != sc.sides(0).id() && o.owner() != sc.sides(1).id()) return path + ".owner: not a side";
    if (o.radius() < 0 || o.radius() > 24) return path + ".radius: between 0 and 24 inches";
  }
  if (sc.victory().max_turns() < 0 || sc.victory().max_turns() > 50) return "victory.max_turns: between 0 (the default 10) and 50";
  // RR-CARD-02: cards may be taken away, never more than the side has.
  for (int s = 0; s < 2; ++s) {
    const std::string extra = option(sc, "rr.cards." + sc.sides(s).id());
    if (!extra.empty() && sc.sides(s).units_size() + number(extra, -20, 20).value_or(0) < 0) {
      return "options.rr.cards." + sc.sides(s).id() + ": " + sc.sides(s).id() + " has " + std::to_string(sc.sides(s).units_size()) +
             " units, so it cannot lose " + extra.substr(1) + " cards (RR-CARD-02)";
    }
  }
  return check_extra(sc);
}

std::unique_ptr<RrState> initial_state(const pb::Scenario& sc) {
  auto st = std::make_unique<RrState>();
  auto table = std::make_shared<Table>();
  table->width = sc.table().width();
  table->height = sc.table().height();
  for (const auto& t : sc.terrain()) table->terrain.push_back(terrain_of(t));
  st->table = std::move(table);
  std::vector<ActivationSideSpec> deck;
  for (int s = 0; s < 2; ++s) {
    const auto& side = sc.sides(s);
    st->side_names.push_back(side.name().empty() ? side.id() : side.name());
    ActivationSideSpec spec;
    spec.side = side.id();
    const std::string extra = option(sc, "rr.cards." + side.id());
    spec.adjustment = extra.empty() ? 0 : number(extra, -20, 20).value_or(0);
    for (const auto& u : side.units()) {
      const TypeRow& row = *row_by_key(u.type());
      Unit x;
      x.id = u.id();
      x.name = u.name();
      x.type = u.type();
      x.side = s;
      x.kind = row.kind;
      x.troop = *troop_of(u.quality());
      x.armour = row.armour;
      x.original_figures = u.strength() > 0 ? u.strength() : row.figures;
      x.figures = x.original_figures;
      x.ff_per_figure = row.ff_per_figure;
      x.weapon_ff = row.weapon_ff;
      x.pos = geom::from_proto(u.position());
      x.facing_deg = u.facing_deg();
      for (const auto& a : u.attributes()) attribute(x, a);
      spec.units.push_back(x.id);  // RR-CARD-01: a card per unit
      st->units.push_back(std::move(x));
    }
    deck.push_back(std::move(spec));
  }
  std::string error;
  st->deck = ActivationDeck::build(deck, &error);
  for (const auto& o : sc.victory().objectives()) {
    Objective x;
    x.name = o.name();
    x.point = geom::from_proto(o.point());
    x.radius = o.radius() > 0 ? o.radius() : 3;
    x.points = o.points() > 0 ? o.points() : 1;
    st->objectives.push_back(std::move(x));
    st->holders.push_back(o.owner());
  }
  st->max_turns = sc.victory().max_turns() > 0 ? sc.victory().max_turns() : 10;
  st->options.hide_unspotted = option(sc, "rr.fog") == "hidden";
  st->options.japanese_charge = option(sc, "rr.japanese") == "on";
  const pb::RrScenario x = extra_of(sc);
  for (const auto& b : x.batteries()) st->batteries.push_back(Battery{b.id(), b.name(), std::max(side_named(sc, b.side()), 0), b.weapon()});
  for (const auto& m : x.minefields()) {
    const MinefieldPlot p = plot_minefield(TableSize{sc.table().width(), sc.table().height()}, m.at());
    st->minefields.push_back(Mines{std::max(side_named(sc, m.side()), 0), p.field.centre, m.flats_deg(), false});
  }
  for (const auto& a : x.air()) {
    AirSupport s;
    s.side = std::max(side_named(sc, a.side()), 0);
    s.name = a.name();
    s.kind = a.kind();
    s.attack = a.attack();
    s.rating = a.rating();
    s.sorties = a.sorties();
    s.base_chance = a.base_chance() > 0 ? a.base_chance() : 35;
    s.step = a.step() > 0 ? a.step() : 10;
    st->air.push_back(std::move(s));
  }
  return st;
}

}  // namespace sandtable::rr
