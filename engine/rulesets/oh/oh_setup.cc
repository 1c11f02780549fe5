// Scenario validation (the first problem, naming the field) and the initial state.
#include <cmath>
#include <set>
#include <stdexcept>

#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_setup.h"

namespace sandtable::oh {

namespace {

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

struct KindName {
  const char* key;
  TerrainKind kind;
};
constexpr KindName kKinds[] = {
    {"woods", TerrainKind::kWoods}, {"town", TerrainKind::kTown},   {"hill", TerrainKind::kHill},
    {"cornfield", TerrainKind::kCornfield}, {"marsh", TerrainKind::kMarsh}, {"lake", TerrainKind::kLake},
    {"road", TerrainKind::kRoad},   {"river", TerrainKind::kRiver}, {"ford", TerrainKind::kFord},
    {"bridge", TerrainKind::kBridge},
};

const KindName* kind_of(const std::string& k) {
  for (const auto& n : kKinds) {
    if (k == n.key) return &n;
  }
  return nullptr;
}

std::vector<Vec2> points(const google::protobuf::RepeatedPtrField<pb::Point>& ps) {
  std::vector<Vec2> out;
  for (const auto& p : ps) out.push_back(geom::from_proto(p));
  return out;
}

std::string option(const pb::Scenario& sc, const std::string& key) {
  for (const auto& o : sc.options()) {
    if (o.key() == key) return o.value();
  }
  return {};
}

Facing facing_of(double deg) {
  return Facing::from_half_degrees(static_cast<int>(std::lround(std::fmod(deg, 360.0) * 2)));
}

}  // namespace

std::optional<std::string> terrain_problem(const pb::TerrainFeature& t) {
  const KindName* k = kind_of(t.kind());
  if (!k) {
    std::vector<std::string> names;
    for (const auto& n : kKinds) names.emplace_back(n.key);
    return ".kind: unknown terrain \"" + t.kind() + "\"; expected one of " + join(names);
  }
  if (k->kind == TerrainKind::kRiver) {
    if (t.polyline_size() < 2) return ".polyline: a river needs at least two points";
    for (const auto& p : points(t.polyline())) {
      if (!geom::is_finite(p)) return ".polyline: a point is not a number";
    }
    return std::nullopt;
  }
  try {
    geom::Polygon poly(points(t.polygon()));
  } catch (const std::invalid_argument& e) {
    return std::string(".polygon: ") + e.what();
  }
  return std::nullopt;
}

Terrain terrain_of(const pb::TerrainFeature& t) {
  Terrain x;
  x.kind = kind_of(t.kind())->kind;
  x.name = t.name();
  if (x.kind == TerrainKind::kRiver) x.line = points(t.polyline());
  else x.area.emplace(points(t.polygon()));
  return x;
}

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {"oh.dice", {"d6", "average"}, "Dice", "Ordinary d6, or average dice (2, 3, 3, 4, 4, 5) (OH-CONV-01)."},
      {"oh.destroyed_at", {"15", "16"}, "Hits that destroy a unit",
       "A unit is destroyed at 15 hits, or at 16 (GAP-OH-CONV-06)."},
      {"oh.enemy_blocks_los", {"on", "off"}, "Enemy units block sight", "GAP-OH-LOS-03."},
      {"oh.concealed_ready", {"untargetable", "hidden"}, "Concealed and Ready units",
       "Cannot be targeted, or are hidden from the enemy altogether (GAP-OH-LOS-05)."},
      {"oh.target_priority", {"warn", "enforce"}, "Target priority",
       "The nearest-target rule is a warning, or enforced (OH-FIRE-04)."},
      {"oh.attacker", {}, "Attacker", "The side that moves first in turn 1 (OH-SEQ-01)."},
  };
  return specs;
}

std::vector<std::string> terrain_kinds() {
  std::vector<std::string> out;
  for (const auto& n : kKinds) out.emplace_back(n.key);
  return out;
}

std::optional<std::string> validate_scenario(const pb::Scenario& sc) {
  if (!sc.has_table()) return "table: One-Hour Wargames is played on a free table (\"table\": {\"width\", \"height\"} in inches)";
  const double w = sc.table().width(), h = sc.table().height();
  if (!(w >= 12 && h >= 12 && w <= 200 && h <= 200)) return "table: width and height must be between 12 and 200 inches";
  if (sc.sides_size() != 2) return "sides: One-Hour Wargames is played by exactly two sides";
  for (const auto& o : sc.options()) {
    const OptionSpec* spec = nullptr;
    for (const auto& s : option_specs()) {
      if (o.key() == s.key) spec = &s;
    }
    if (!spec) {
      std::vector<std::string> keys;
      for (const auto& s : option_specs()) keys.emplace_back(s.key);
      return "options." + o.key() + ": unknown option; expected one of " + join(keys);
    }
    if (spec->values.empty()) {
      if (o.value() != sc.sides(0).id() && o.value() != sc.sides(1).id()) {
        return "options." + o.key() + ": \"" + o.value() + "\" is not a side of this scenario";
      }
      continue;
    }
    bool ok = false;
    for (const auto& v : spec->values) ok = ok || v == o.value();
    if (!ok) return "options." + o.key() + ": unknown value \"" + o.value() + "\"; expected one of " + join(spec->values);
  }
  for (int i = 0; i < sc.terrain_size(); ++i) {
    if (auto problem = terrain_problem(sc.terrain(i))) return "terrain[" + std::to_string(i) + "]" + *problem;
  }
  std::set<std::string> ids;
  for (int s = 0; s < 2; ++s) {
    const auto& side = sc.sides(s);
    if (side.id().empty() || side.id() == "gm" || side.id() == "spectator") return "sides[" + std::to_string(s) + "].id: a side needs an id other than gm or spectator";
    if (s == 1 && side.id() == sc.sides(0).id()) return "sides[1].id: both sides are called \"" + side.id() + "\"";
    if (side.units_size() == 0) return "sides[" + std::to_string(s) + "].units: a side needs at least one unit";
    for (int i = 0; i < side.units_size(); ++i) {
      const auto& u = side.units(i);
      const std::string path = "sides[" + std::to_string(s) + "].units[" + std::to_string(i) + "]";
      if (u.id().empty() || !ids.insert(u.id()).second) return path + ".id: every unit needs its own id";
      const TypeRow* row = row_by_key(u.type());
      if (!row) return path + ".type: unknown unit type \"" + u.type() + "\"; expected infantry, mortar, atg or tank";
      const Vec2 p = geom::from_proto(u.position());
      if (!geom::is_finite(p) || !std::isfinite(u.facing_deg())) return path + ".position: not a number";
      // Before its bases are drawn: at a point far off the table (1e93") a base's corners round
      // to one another and the base is no shape at all.
      if (p.x < 0 || p.y < 0 || p.x > w || p.y > h) return path + ".position: the unit is off the table";
      for (const auto& b : bases_at(row->type, p, facing_of(u.facing_deg()))) {
        for (const Vec2 v : b.vertices()) {
          if (v.x < 0 || v.y < 0 || v.x > w || v.y > h) return path + ".position: a base of the unit is off the table";
        }
      }
      for (const auto& a : u.attributes()) {
        if (a != "dug_in" && a != "ready") return path + ".attributes: unknown attribute \"" + a + "\"; expected dug_in or ready";
        if (a == "dug_in" && !row->can_dig_in) return path + ".attributes: tanks cannot be Dug-in (OH-UNIT-06)";
        if (a == "ready" && !row->can_ready) return path + ".attributes: mortars cannot be Ready (OH-RR-03)";
      }
    }
  }
  for (int i = 0; i < sc.victory().objectives_size(); ++i) {
    const auto& o = sc.victory().objectives(i);
    const std::string path = "victory.objectives[" + std::to_string(i) + "]";
    if (!geom::is_finite(geom::from_proto(o.point()))) return path + ".point: not a number";
    if (!o.owner().empty() && o.owner() != sc.sides(0).id() && o.owner() != sc.sides(1).id()) return path + ".owner: not a side";
    if (o.radius() < 0 || o.radius() > 24) return path + ".radius: between 0 and 24 inches";
  }
  if (sc.victory().max_turns() < 0 || sc.victory().max_turns() > 100) return "victory.max_turns: between 0 (the default 15) and 100";
  return std::nullopt;
}

std::unique_ptr<OhState> initial_state(const pb::Scenario& sc) {
  auto st = std::make_unique<OhState>();
  auto table = std::make_shared<Table>();
  table->width = sc.table().width();
  table->height = sc.table().height();
  for (const auto& t : sc.terrain()) table->terrain.push_back(terrain_of(t));
  st->table = std::move(table);
  for (int s = 0; s < 2; ++s) {
    const auto& side = sc.sides(s);
    st->side_names.push_back(side.name().empty() ? side.id() : side.name());
    for (const auto& u : side.units()) {
      Unit x;
      x.id = u.id();
      x.name = u.name();
      x.side = s;
      x.type = row_by_key(u.type())->type;
      x.pos = geom::from_proto(u.position());
      x.facing = facing_of(u.facing_deg());
      for (const auto& a : u.attributes()) {
        if (a == "dug_in") x.dug_in = true;
        if (a == "ready") x.ready = true;
      }
      st->units.push_back(std::move(x));
    }
  }
  for (const auto& o : sc.victory().objectives()) {
    Objective x;
    x.name = o.name();
    x.point = geom::from_proto(o.point());
    x.radius = o.radius() > 0 ? o.radius() : 3;
    x.points = o.points() > 0 ? o.points() : 1;
    st->objectives.push_back(std::move(x));
    st->holders.push_back(o.owner());
  }
  st->max_turns = sc.victory().max_turns() > 0 ? sc.victory().max_turns() : 15;
  auto& opt = st->options;
  opt.average_dice = option(sc, "oh.dice") == "average";
  opt.destroyed_at = option(sc, "oh.destroyed_at") == "16" ? 16 : 15;
  opt.enemy_blocks_los = option(sc, "oh.enemy_blocks_los") != "off";
  opt.hidden_ambush = option(sc, "oh.concealed_ready") == "hidden";
  opt.enforce_priority = option(sc, "oh.target_priority") == "enforce";
  const std::string attacker = option(sc, "oh.attacker");
  st->attacker = (!attacker.empty() && attacker == sc.sides(1).id()) ? 1 : 0;
  st->phasing = st->attacker;
  return st;
}

}  // namespace sandtable::oh
