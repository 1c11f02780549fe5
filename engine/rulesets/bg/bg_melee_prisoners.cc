// Where a new prisoner group's prisoners stand (BG-PRIS-01: guards and prisoners form a new
// unit). Surrendered figures may stand among their own side's units (two units in a building,
// a melee fought on top of a position); left there, the group could never move without
// "standing on" an enemy (BG-MOVE-10). They are gathered in a block of rows of four, 1" apart,
// behind the guards (behind the prisoners' own centre when a vehicle escorts them), at the
// nearest spot where no base stands on a unit of the prisoners' side and all are on the table.
#include <algorithm>

#include "engine/rulesets/bg/bg_melee.h"

namespace sandtable::bg {

namespace {

bool clear_of(const BgState& st, Vec2 p, const std::vector<std::string>& moving) {
  const double half = st.options.base_size / 2;
  if (p.x < half || p.y < half || p.x > st.width - half || p.y > st.height - half) return false;
  for (const auto& o : st.units) {
    if (!o.on_table || o.destroyed || !o.carried_by.empty()) continue;
    if (o.infantry_like()) {
      for (const auto& f : o.figures) {
        if (!f.alive || std::find(moving.begin(), moving.end(), f.id) != moving.end()) continue;
        if (!geom::beyond(geom::distance(f.pos, p), st.options.base_size)) return false;
      }
    } else {
      const geom::Polygon fp = footprints(st, o).front();
      if (geom::locate(fp, p) != geom::Where::kOutside || !geom::beyond(geom::distance_to_boundary(fp, p), half)) return false;
    }
  }
  return true;
}

}  // namespace

std::vector<Vec2> place_prisoners(const BgState& st, const std::vector<Vec2>& guards, const std::vector<Vec2>& prisoners,
                                  Facing facing, const std::vector<std::string>& moving) {
  if (prisoners.empty()) return {};
  const auto& ref = guards.empty() ? prisoners : guards;
  Vec2 centre{0, 0};
  for (Vec2 p : ref) centre = centre + p;
  centre = centre / static_cast<double>(ref.size());
  const Vec2 back = facing.forward() * -1.0, right = facing.right();
  // The block's first row starts 1" behind the guards' rearmost figure (on the guards' centre
  // when there are none).
  double depth = 0;
  for (Vec2 p : guards) depth = std::max(depth, geom::dot(p - centre, back));
  const Vec2 base = centre + back * (guards.empty() ? 0.0 : depth + 1.0);
  auto block = [&](Vec2 anchor) {
    std::vector<Vec2> out;
    for (std::size_t i = 0; i < prisoners.size(); ++i) {
      const double col = static_cast<double>(i % 4) - 1.5, row = static_cast<double>(i / 4);
      out.push_back(anchor + right * col + back * row);
    }
    return out;
  };
  // Nearest first: straight behind, then the eight compass directions at growing distances.
  for (int d = 0; d <= 24; ++d) {
    for (int k = 0; k < (d == 0 ? 1 : 8); ++k) {
      const Facing dir = facing.reversed().turned_half_degrees(k * 90);  // 45-degree steps
      const auto pts = block(base + dir.forward() * (0.5 * d));
      if (std::all_of(pts.begin(), pts.end(), [&](Vec2 p) { return clear_of(st, p, moving); })) {
        return pts;
      }
    }
  }
  return prisoners;  // nowhere clear nearby: they stay where they surrendered
}

}  // namespace sandtable::bg
