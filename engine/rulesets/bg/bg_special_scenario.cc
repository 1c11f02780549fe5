// Scenario checks of the special rules: scheduled strikes (BG-ART-01) and minefield shapes
// (BG-MINE-01, BG-EX-13: asked by terrain_problem, bg_setup.cc), and reading the strikes into the state.
#include <cmath>

#include "engine/rulesets/bg/bg_special.h"

namespace sandtable::bg {

namespace {

constexpr double kMinefieldCircle = 5.5;  // BG-MINE-01: diameter, inches

// A rectangle's two side lengths, or nullopt if the four corners do not make one.
std::optional<std::pair<double, double>> rectangle_sides(const pb::TerrainFeature& t) {
  if (t.polygon_size() != 4) return std::nullopt;
  Vec2 v[4];
  for (int i = 0; i < 4; ++i) v[i] = to_vec(t.polygon(i));
  for (int i = 0; i < 4; ++i) {
    const Vec2 a = v[(i + 3) % 4] - v[i], b = v[(i + 1) % 4] - v[i];
    // Right angles, to the tolerance of a corner measured on a drawn map (1e-6 of the sides).
    if (std::abs(geom::dot(a, b)) > 1e-6 * geom::length(a) * geom::length(b)) return std::nullopt;
  }
  double x = geom::distance(v[0], v[1]), y = geom::distance(v[1], v[2]);
  if (x > y) std::swap(x, y);
  return std::make_pair(x, y);
}

bool table_point(const pb::Scenario& s, const pb::Point& p) {
  return std::isfinite(p.x()) && std::isfinite(p.y()) && p.x() >= 0 && p.y() >= 0 && p.x() <= s.table().width() &&
         p.y() <= s.table().height();
}

}  // namespace

std::optional<std::string> minefield_shape(const pb::TerrainFeature& t, MinefieldShape* out) {
  static constexpr double kSides[3][2] = {{2, 12}, {3, 8}, {4, 6}};
  if (t.has_circle() && t.polygon_size() == 0) {
    if (geom::same_length(t.circle().radius() * 2, kMinefieldCircle)) {
      out->name = "circle 5.5";
      out->area = std::acos(-1.0) * t.circle().radius() * t.circle().radius();
      return std::nullopt;
    }
  } else if (auto sides = rectangle_sides(t)) {
    for (const auto& k : kSides) {
      // Side lengths to 1e-6": coordinates typed into a scenario file.
      if (std::abs(sides->first - k[0]) <= 1e-6 && std::abs(sides->second - k[1]) <= 1e-6) {
        out->name = std::to_string(static_cast<int>(k[0])) + "x" + std::to_string(static_cast<int>(k[1]));
        out->area = k[0] * k[1];
        return std::nullopt;
      }
    }
  }
  return std::string("a minefield covers 24 sq in: a 2\"x12\", 3\"x8\" or 4\"x6\" rectangle or a 5.5\" circle (BG-MINE-01)");
}

std::optional<std::string> check_special_scenario(const pb::Scenario& s) {
  if (s.has_extra() && !carries<pb::BgScenario>(s)) {
    return "extra: \"" + s.extra().type_url() + "\" is not a Battleground scenario's extra (sandtable.v1.BgScenario)";
  }
  const pb::BgScenario bs = payload_of<pb::BgScenario>(s);
  std::vector<std::string> ids;
  for (int i = 0; i < bs.strikes_size(); ++i) {
    const auto& k = bs.strikes(i);
    const std::string where = "extra.strikes[" + std::to_string(i) + "]";
    const std::string id = k.id().empty() ? "strike-" + std::to_string(i + 1) : k.id();
    for (const auto& o : ids) {
      if (o == id) return where + ".id: \"" + id + "\" is used twice";
    }
    ids.push_back(id);
    if (k.side() != s.sides(0).id() && k.side() != s.sides(1).id()) {
      return where + ".side: \"" + k.side() + "\" is not one of the scenario's sides";
    }
    if (k.turn() < 0) return where + ".turn: a strike lands on turn 1 or later (0 = the side writes the turn in play)";
    if (k.call_number() < 0 || k.call_number() > 20) return where + ".call_number: a d20 number 1-20 (0: the skirmish's default, BGM-ART-02)";
    if (k.calibre_mm() < 0 || k.calibre_mm() > 460) return where + ".calibre_mm: 1-460 mm (0: from the system)";
    const auto kind = mission_kind(k.system());
    if (!kind) {
      return where + ".system: \"" + k.system() +
             "\" is not mortar, light_artillery, medium_artillery, heavy_artillery, dive_bomb, level_bombing, smoke or flare";
    }
    if (k.aim_points_size() > 0 && k.aim_points_size() != kind->blasts) {
      return where + ".aim_points: a " + k.system() + " strike has " + std::to_string(kind->blasts) + " aim points (BG-ART-05)";
    }
    for (int a = 0; a < k.aim_points_size(); ++a) {
      if (!table_point(s, k.aim_points(a))) return where + ".aim_points[" + std::to_string(a) + "]: off the table";
      for (int b = 0; b < a; ++b) {
        if (!geom::within_distance(to_vec(k.aim_points(a)), to_vec(k.aim_points(b)), kBlastSpread)) {
          return where + ".aim_points: all within 6\" of each other (BG-ART-05)";
        }
      }
    }
  }
  return std::nullopt;
}

void read_strikes(const pb::Scenario& s, BgState& st) {
  const pb::BgScenario bs = payload_of<pb::BgScenario>(s);
  for (int i = 0; i < bs.strikes_size(); ++i) {
    const auto& k = bs.strikes(i);
    const auto kind = mission_kind(k.system());
    FireMission f;
    f.id = k.id().empty() ? "strike-" + std::to_string(i + 1) : k.id();
    f.side = k.side() == s.sides(0).id() ? 0 : 1;
    f.system = k.system();
    f.turn = k.turn();
    f.blasts = kind->blasts;
    f.dice = kind->dice;
    f.smoke = kind->smoke;
    f.flare = kind->flare;
    f.scheduled = true;
    for (const auto& p : k.aim_points()) f.aims.push_back(to_vec(p));
    f.call_number = k.call_number();  // profile (b) only (BGM-ART-02)
    f.observed = k.observed();
    f.calibre_mm = k.calibre_mm();
    st.missions.push_back(f);
  }
}

}  // namespace sandtable::bg
