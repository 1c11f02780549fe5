#include "engine/model/briefing.h"

#include <cmath>

namespace sandtable {
namespace {

std::string side_label(const pb::Scenario& sc, const std::string& id) {
  for (const auto& s : sc.sides()) {
    if (s.id() == id) return s.name().empty() ? id : s.name();
  }
  return id;
}

std::string objective_words(const pb::Scenario& sc, const pb::Objective& o) {
  std::string w = o.name().empty() ? std::string("An objective") : o.name();
  if (o.points() > 0) w.append(" (").append(std::to_string(o.points())).append(o.points() == 1 ? " point)" : " points)");
  if (!o.owner().empty()) w.append(", held by ").append(side_label(sc, o.owner())).append(" at the start");
  return w;
}

// Where a unit starts, as a fraction of the board from its centre: x east, y north, each in [-1, 1].
bool offset_of(const pb::Scenario& sc, const pb::UnitSetup& u, double& x, double& y) {
  if (sc.has_grid() && u.has_square() && sc.grid().cols() > 1 && sc.grid().rows() > 1) {
    x = 2.0 * u.square().col() / (sc.grid().cols() - 1) - 1.0;
    y = 2.0 * u.square().row() / (sc.grid().rows() - 1) - 1.0;
    return true;
  }
  if (!sc.has_table() || sc.table().width() <= 0 || sc.table().height() <= 0) return false;
  // A unit of figures may give only its figures' places: their middle stands for it.
  double px = u.position().x(), py = u.position().y();
  if (!u.has_position()) {
    if (u.figures().empty()) return false;
    px = py = 0;
    for (const auto& f : u.figures()) {
      px += f.position().x();
      py += f.position().y();
    }
    px /= u.figures_size();
    py /= u.figures_size();
  }
  x = 2.0 * px / sc.table().width() - 1.0;
  y = 2.0 * py / sc.table().height() - 1.0;
  return true;
}

bool centroid(const pb::Scenario& sc, const pb::SideSetup& side, double& x, double& y) {
  x = y = 0;
  int n = 0;
  for (const auto& u : side.units()) {
    double ux = 0, uy = 0;
    if (!offset_of(sc, u, ux, uy)) continue;
    x += ux;
    y += uy;
    ++n;
  }
  if (n == 0) return false;
  x /= n;
  y /= n;
  return true;
}

}  // namespace

void fill_briefing(const pb::Scenario& scenario, pb::Briefing& briefing) {
  briefing.set_text(scenario.description());
  briefing.set_victory(scenario.victory().text());
  briefing.set_max_turns(scenario.victory().max_turns());
  for (const auto& o : scenario.victory().objectives()) briefing.add_objectives(objective_words(scenario, o));
}

std::string home_edge(const pb::Scenario& scenario, const std::string& side) {
  // Measured from the middle of all the forces, not of the board: a defender deployed near the
  // centre still has the edge away from the attacker.
  double sx = 0, sy = 0, ax = 0, ay = 0;
  int sides = 0;
  bool found = false;
  for (const auto& s : scenario.sides()) {
    double x = 0, y = 0;
    if (!centroid(scenario, s, x, y)) continue;
    ax += x;
    ay += y;
    ++sides;
    if (s.id() == side) {
      sx = x;
      sy = y;
      found = true;
    }
  }
  if (!found) return "";
  // A lone side is measured from the middle of the board.
  if (sides > 1) {
    sx -= ax / sides;
    sy -= ay / sides;
  }
  constexpr double kNearMiddle = 0.1;  // a tenth of the half-board: no edge to call its own
  if (std::abs(sx) < kNearMiddle && std::abs(sy) < kNearMiddle) return "";
  if (std::abs(sy) >= std::abs(sx)) return sy < 0 ? "south" : "north";
  return sx < 0 ? "west" : "east";
}

}  // namespace sandtable
