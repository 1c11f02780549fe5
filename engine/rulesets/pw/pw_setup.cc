// Scenario validation and the initial state (PW-UNIT-01..05, PW-EXH-01, options).
#include <map>
#include <set>

#include "engine/model/scenario_io.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_setup.h"

namespace sandtable::pw {

namespace {

const char* const kTerrainKinds[] = {"woods", "town", "fortification", "hill", "river",
                                     "ford", "road", "wire", "trench"};

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string sqs(int col, int row) { return sq_text({col, row}); }

}  // namespace

std::optional<std::string> terrain_problem(const pb::TerrainFeature& t, int cols, int rows) {
  bool known = false;
  for (const char* k : kTerrainKinds) known = known || t.kind() == k;
  if (!known) {
    std::vector<std::string> kinds(std::begin(kTerrainKinds), std::end(kTerrainKinds));
    return ".kind: unknown terrain \"" + t.kind() + "\"; expected one of " + join(kinds);
  }
  if (t.squares_size() == 0) return ".squares: a grid terrain feature needs at least one square";
  if (t.polygon_size() > 0 || t.polyline_size() > 0 || t.has_circle()) {
    return ".squares: the Portable Wargame's terrain covers whole squares, not outlines or circles";
  }
  if (!t.owner().empty()) return ".owner: nothing on a Portable Wargame table is secret";
  if (t.kind() == "hill" && t.level() < 1) return ".level: a hill needs a level of 1 or more";
  for (int j = 0; j < t.squares_size(); ++j) {
    const auto& s = t.squares(j);
    if (s.col() < 0 || s.row() < 0 || s.col() >= cols || s.row() >= rows) {
      return ".squares[" + std::to_string(j) + "]: " + sqs(s.col(), s.row()) + " is off the " + std::to_string(cols) + "x" +
             std::to_string(rows) + " board";
    }
  }
  return std::nullopt;
}

void paint_terrain(PwState& st, const pb::TerrainFeature& t) {
  for (const auto& g : t.squares()) {
    Cell& c = st.cell(to_sq(g));
    const std::string& k = t.kind();
    if (k == "woods") c.woods = true;
    else if (k == "town") c.town = true;
    else if (k == "fortification") c.fortification = true;
    else if (k == "hill") c.level = std::max(c.level, t.level());
    else if (k == "river") c.river = true;
    else if (k == "ford") c.ford = true;
    else if (k == "road") c.road = true;
    else if (k == "wire") c.wire = true;
    else if (k == "trench") c.trench = true;
  }
}

std::vector<std::string> terrain_kinds() { return {std::begin(kTerrainKinds), std::end(kTerrainKinds)}; }

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {"pw.mg_hits", {"per_die", "one"}, "Machine-gun hits",
       "Each MG die of 5+ is a hit (GAP-PW-FIRE-05), or at most one hit per MG fire."},
      {"pw.initiative_ties", {"reroll", "previous_first"}, "Initiative ties",
       "Tied initiative dice are rolled again (GAP-PW-SEQ-02), or won by last turn's first side."},
      {"pw.cc_follow_up", {"same_activation", "none"}, "Close-combat follow-up",
       "The winner may advance and fight again in the same activation (PW-CC-05), or not."},
      {"pw.cc_commander_same_square", {"off", "on"}, "Commander in the unit's own square",
       "The close-combat Commander bonus also counts from the unit's own square."},
  };
  return specs;
}

std::optional<std::string> validate_scenario(const pb::Scenario& sc) {
  if (!sc.has_grid()) return "board: the Portable Wargame needs a grid board (\"grid\": {\"cols\", \"rows\"})";
  const int cols = sc.grid().cols(), rows = sc.grid().rows();
  if (cols < 1 || rows < 1 || cols > 100 || rows > 100) {
    return "grid: cols and rows must be between 1 and 100, got " + std::to_string(cols) + "x" + std::to_string(rows);
  }
  auto on_board = [&](const pb::GridSquare& s) { return s.col() >= 0 && s.row() >= 0 && s.col() < cols && s.row() < rows; };
  for (int oi = 0; oi < sc.options_size(); ++oi) {
    const std::string& key = sc.options(oi).key();
    const std::string& value = sc.options(oi).value();
    const OptionSpec* spec = nullptr;
    for (const auto& s : option_specs()) {
      if (key == s.key) spec = &s;
    }
    if (!spec) {
      std::vector<std::string> keys;
      for (const auto& s : option_specs()) keys.push_back(s.key);
      return "options." + key + ": unknown option; expected one of " + join(keys);
    }
    bool ok = false;
    for (const auto& v : spec->values) ok = ok || v == value;
    if (!ok) return "options." + key + ": unknown value \"" + value + "\"; expected one of " + join(spec->values);
  }
  std::set<std::pair<int, int>> river, ford;
  for (int i = 0; i < sc.terrain_size(); ++i) {
    const auto& t = sc.terrain(i);
    if (auto problem = terrain_problem(t, cols, rows)) return "terrain[" + std::to_string(i) + "]" + *problem;
    for (const auto& s : t.squares()) {
      if (t.kind() == "river") river.insert({s.col(), s.row()});
      if (t.kind() == "ford") ford.insert({s.col(), s.row()});
    }
  }
  if (sc.sides_size() != 2) return "sides: the Portable Wargame needs exactly two sides, got " + std::to_string(sc.sides_size());
  if (sc.sides(0).id().empty() || sc.sides(1).id().empty()) return "sides: every side needs an id";
  if (sc.sides(0).id() == sc.sides(1).id()) return "sides[1].id: duplicate side id \"" + sc.sides(1).id() + "\"";
  if (sc.victory().max_turns() < 0) return "victory.max_turns: must be 0 (no limit) or more";
  std::map<std::string, std::string> where;              // unit id -> path
  std::map<std::string, const pb::UnitSetup*> by_id;
  std::map<std::pair<int, int>, std::pair<int, std::string>> occupant;  // square -> side, path of combat unit
  std::map<std::pair<int, int>, int> any_side;                         // square -> side of any unit
  for (int si = 0; si < 2; ++si) {
    int commanders = 0;
    const auto& side = sc.sides(si);
    if (side.units_size() == 0) return "sides[" + std::to_string(si) + "].units: a side needs at least one unit";
    for (int ui = 0; ui < side.units_size(); ++ui) {
      const auto& u = side.units(ui);
      const std::string path = "sides[" + std::to_string(si) + "].units[" + std::to_string(ui) + "]";
      if (u.id().empty()) return path + ".id: every unit needs an id";
      if (where.count(u.id())) return path + ".id: duplicate unit id \"" + u.id() + "\" (also " + where[u.id()] + ")";
      where[u.id()] = path;
      by_id[u.id()] = &u;
      const TypeRow* row = type_row(u.type());
      if (!row) return path + ".type: unknown unit type \"" + u.type() + "\"; expected one of " + type_list();
      if (!parse_quality(u.quality())) {
        return path + ".quality: unknown quality \"" + u.quality() + "\"; expected one of elite, average, poor";
      }
      if (!on_board(u.square())) {
        return path + ".square: " + sqs(u.square().col(), u.square().row()) + " is off the " + std::to_string(cols) +
               "x" + std::to_string(rows) + " board";
      }
      if (u.strength() < 0 || u.strength() > 20) return path + ".strength: must be 0 (the type's default) to 20";
      const std::pair<int, int> key{u.square().col(), u.square().row()};
      if (river.count(key) && !ford.count(key)) {
        return path + ".square: " + sqs(key.first, key.second) + " is river without a ford; units may not stand there (PW-TER-05)";
      }
      if (row->type == UnitType::kCommander && ++commanders > 1) {
        return path + ".type: a side may have only one commander (PW-ACT-01 counts one die for it)";
      }
      if (any_side.count(key) && any_side[key] != si) {
        return path + ".square: " + sqs(key.first, key.second) + " already holds an enemy unit (PW-UNIT-05)";
      }
      any_side[key] = si;
      if (!shares_squares(row->type) || !u.towed_by().empty()) {
        if (occupant.count(key)) {
          return path + ".square: " + sqs(key.first, key.second) + " already holds " + occupant[key].second +
                 "; only commanders and transport may share a square (PW-UNIT-05)";
        }
        occupant[key] = {si, path};
      }
    }
  }
  // Towing and carrying links (PW-TRN-01, GAP-PW-TRN-03).
  std::set<std::string> loaded;
  for (int si = 0; si < 2; ++si) {
    for (int ui = 0; ui < sc.sides(si).units_size(); ++ui) {
      const auto& u = sc.sides(si).units(ui);
      if (u.towed_by().empty()) continue;
      const std::string path = "sides[" + std::to_string(si) + "].units[" + std::to_string(ui) + "].towed_by";
      auto it = by_id.find(u.towed_by());
      if (it == by_id.end()) return path + ": no unit \"" + u.towed_by() + "\"";
      const pb::UnitSetup& t = *it->second;
      if (t.type() != "transport") return path + ": \"" + t.id() + "\" is not transport";
      if (where[t.id()].rfind("sides[" + std::to_string(si) + "]", 0) != 0) return path + ": \"" + t.id() + "\" belongs to the other side";
      if (t.square().col() != u.square().col() || t.square().row() != u.square().row()) {
        return path + ": the unit must start in the square of its transport \"" + t.id() + "\"";
      }
      const TypeRow* row = type_row(u.type());
      if (row->type != UnitType::kArtillery && row->type != UnitType::kInfantry && row->type != UnitType::kMachineGun) {
        return path + ": transport tows artillery or carries infantry or machine guns only (PW-TRN-01, GAP-PW-TRN-03)";
      }
      if (!loaded.insert(t.id()).second) return path + ": \"" + t.id() + "\" already tows or carries a unit";
    }
  }
  return std::nullopt;
}

std::unique_ptr<PwState> initial_state(const pb::Scenario& sc) {
  auto st = std::make_unique<PwState>();
  st->cols = sc.grid().cols();
  st->rows = sc.grid().rows();
  st->cells.assign(static_cast<std::size_t>(st->cols * st->rows), Cell{});
  for (const auto& t : sc.terrain()) paint_terrain(*st, t);
  const auto opt = [&](const char* key, const char* dflt) {
    return scenario_option(sc, key).value_or(dflt);
  };
  st->options.mg_hits_per_die = opt("pw.mg_hits", "per_die") == "per_die";
  st->options.ties_reroll = opt("pw.initiative_ties", "reroll") == "reroll";
  st->options.cc_follow_up = opt("pw.cc_follow_up", "same_activation") == "same_activation";
  st->options.cc_commander_same_square = opt("pw.cc_commander_same_square", "off") == "on";
  st->max_turns = sc.victory().max_turns();
  for (int si = 0; si < sc.sides_size(); ++si) {
    SideState s;
    s.id = sc.sides(si).id();
    s.name = sc.sides(si).name().empty() ? s.id : sc.sides(si).name();
    for (const auto& us : sc.sides(si).units()) {
      const TypeRow* row = type_row(us.type());
      Unit u;
      u.id = us.id();
      u.name = us.name();
      u.side = si;
      u.type = row->type;
      u.artillery = row->artillery;
      u.quality = *parse_quality(us.quality());
      u.sq = to_sq(us.square());
      u.facing = static_cast<Facing>(static_cast<int>(us.facing()));
      u.max_sp = us.strength() > 0 ? us.strength() : row->sp;
      u.sp = u.max_sp;
      u.carried_by = us.towed_by();
      s.initial_sp += u.max_sp;
      st->units.push_back(std::move(u));
    }
    s.exhaustion_point = (s.initial_sp + 2) / 3;  // PW-EXH-01: a third, rounded up
    st->side_state.push_back(std::move(s));
  }
  for (auto& u : st->units) {
    if (!u.carried_by.empty()) st->find(u.carried_by)->carrying = u.id;
  }
  return st;
}

}  // namespace sandtable::pw
