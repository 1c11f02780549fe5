#include "engine/model/gm_terrain.h"

#include <cmath>
#include <numbers>

namespace sandtable {

TerrainList scenario_terrain(const pb::Scenario& scenario) {
  return TerrainList(scenario.terrain().begin(), scenario.terrain().end());
}

void show_terrain(const TerrainList& list, const std::string& viewer, pb::View& view) {
  view.clear_terrain();
  for (const auto& t : list) {
    if (t.owner().empty() || viewer == "gm" || t.owner() == viewer) *view.add_terrain() = t;
  }
}

void circle_to_polygon(pb::TerrainFeature& feature, int sides) {
  if (!feature.has_circle() || feature.polygon_size() > 0) return;
  const auto c = feature.circle();
  for (int i = 0; i < sides; ++i) {
    const double a = 2.0 * std::numbers::pi * i / sides;
    auto* p = feature.add_polygon();
    // Rounded to a hundredth of an inch: the same vertices on every compiler and CPU.
    p->set_x(std::round((c.centre().x() + c.radius() * std::cos(a)) * 100.0) / 100.0);
    p->set_y(std::round((c.centre().y() + c.radius() * std::sin(a)) * 100.0) / 100.0);
  }
  feature.clear_circle();
}

std::string feature_words(const pb::TerrainFeature& feature) {
  std::string out = feature.kind().empty() ? "terrain" : feature.kind();
  for (auto& ch : out) {
    if (ch == '_') ch = ' ';
  }
  if (!feature.name().empty() && feature.name() != feature.kind()) out += " (" + feature.name() + ")";
  return out;
}

}  // namespace sandtable
