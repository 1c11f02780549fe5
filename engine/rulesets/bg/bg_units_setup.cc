// Scenario data of helper U's area: objectives and victory points (BG-VIC-01), multi-figure
// stands (UnitSetup.stand_size, BG-OPT-04) and two-vehicle units (attribute "pair=<id>",
// BG-UNIT-08). Checked here, filled into the initial state here.
#include <cmath>
#include <map>
#include <set>

#include "engine/rulesets/bg/bg_units.h"

namespace sandtable::bg {

namespace {

// BG-UNIT-08: "two light vehicles (cars, trucks, possibly personnel carriers)".
bool light_vehicle(const std::string& type) {
  return type == "car" || type == "truck" || type == "apc" || type == "half_track";
}

std::optional<std::string> pair_of(const pb::UnitSetup& u) {
  for (const auto& a : u.attributes()) {
    if (a.rfind("pair=", 0) == 0) return a.substr(5);
  }
  return std::nullopt;
}

// Every unit of the scenario (sides, then reinforcements) with its side index and where it is.
struct Entry {
  const pb::UnitSetup* u;
  int side;
  std::string where;
};

std::vector<Entry> all_units(const pb::Scenario& s) {
  std::vector<Entry> out;
  for (int i = 0; i < s.sides_size(); ++i) {
    for (int j = 0; j < s.sides(i).units_size(); ++j) {
      out.push_back({&s.sides(i).units(j), i, "sides[" + std::to_string(i) + "].units[" + std::to_string(j) + "]"});
    }
  }
  for (int i = 0; i < s.reinforcements_size(); ++i) {
    const int side = s.sides_size() > 0 && s.reinforcements(i).side() == s.sides(0).id() ? 0 : 1;
    out.push_back({&s.reinforcements(i).unit(), side, "reinforcements[" + std::to_string(i) + "].unit"});
  }
  return out;
}

int side_named(const pb::Scenario& s, const std::string& id) {
  for (int i = 0; i < s.sides_size(); ++i) {
    if (s.sides(i).id() == id) return i;
  }
  return -1;
}

}  // namespace

std::optional<std::string> validate_units_extra(const pb::Scenario& s) {
  const auto& v = s.victory();
  const double w = s.table().width(), h = s.table().height();
  std::set<std::string> names;
  for (int i = 0; i < v.objectives_size(); ++i) {
    const auto& o = v.objectives(i);
    const std::string where = "victory.objectives[" + std::to_string(i) + "]";
    if (o.name().empty()) return where + ".name: every objective needs a name";
    if (!names.insert(o.name()).second) return where + ".name: \"" + o.name() + "\" is used twice";
    if (o.has_square()) return where + ".square: Battleground is a free table; give the objective a point in inches";
    const auto& p = o.point();
    if (!o.has_point() || !std::isfinite(p.x()) || !std::isfinite(p.y()) || p.x() < 0 || p.y() < 0 || p.x() > w || p.y() > h) {
      return where + ".point: the objective needs a point on the table (0..width, 0..height inches)";
    }
    if (!std::isfinite(o.radius()) || o.radius() < 0 || o.radius() > 24) {
      return where + ".radius: inches from 0 (the default, bg.objective_radius) to 24";
    }
    if (o.points() < 0) return where + ".points: victory points are 0 or more";
    if (!o.owner().empty() && side_named(s, o.owner()) < 0) {
      return where + ".owner: \"" + o.owner() + "\" is not one of the scenario's sides";
    }
  }
  if (v.prisoner_points() < 0) return std::string("victory.prisoner_points: must be 0 or more");
  if (v.destroyed_unit_points() < 0) return std::string("victory.destroyed_unit_points: must be 0 or more");
  const auto units = all_units(s);
  std::map<std::string, const Entry*> by_id;
  for (const auto& e : units) by_id[e.u->id()] = &e;
  for (const auto& e : units) {
    const auto& u = *e.u;
    if (u.stand_size() != 0) {
      if (u.type() != "infantry" && u.type() != "cavalry") {
        return e.where + ".stand_size: only infantry and cavalry figures stand on multi-figure stands (BG-OPT-04)";
      }
      if (u.stand_size() < 2 || u.stand_size() > u.figures_size()) {
        return e.where + ".stand_size: a stand holds 2 to " + std::to_string(u.figures_size()) +
               " of the unit's figures (0 = single figures)";
      }
    }
    const auto partner = pair_of(u);
    if (!partner) continue;
    if (!light_vehicle(u.type())) {
      return e.where + ".attributes: only light vehicles (car, truck, apc, half_track) form two-vehicle units (BG-UNIT-08)";
    }
    auto it = by_id.find(*partner);
    if (*partner == u.id() || it == by_id.end()) return e.where + ".attributes: pair \"" + *partner + "\" is not another unit";
    const Entry& o = *it->second;
    if (o.side != e.side || !light_vehicle(o.u->type()) || pair_of(*o.u) != u.id()) {
      return e.where + ".attributes: \"" + *partner + "\" must be a light vehicle of the same side naming \"" + u.id() +
             "\" as its pair (BG-UNIT-08)";
    }
  }
  return std::nullopt;
}

void setup_units_extra(const pb::Scenario& s, BgState* st) {
  const auto& v = s.victory();
  for (const auto& o : v.objectives()) {
    Objective x;
    x.name = o.name();
    x.at = to_vec(o.point());
    x.radius = o.radius();
    x.points = o.points();
    x.owner = o.owner().empty() ? -1 : side_named(s, o.owner());
    st->objectives.push_back(x);
  }
  st->prisoner_points = v.prisoner_points();
  st->destroyed_unit_points = v.destroyed_unit_points();
  for (const auto& e : all_units(s)) {
    Unit* u = st->find(e.u->id());
    if (!u) continue;
    if (auto p = pair_of(*e.u)) u->pair_with = *p;
    const int size = e.u->stand_size();
    if (size <= 0) continue;
    // Stands in figure order: figures 1..size on stand 1, and so on (the last may be short).
    for (std::size_t i = 0; i < u->figures.size(); ++i) u->figures[i].stand = static_cast<int>(i) / size + 1;
  }
}

}  // namespace sandtable::bg
