// Where a move meets a minefield (BG-MINE-04/06/08/09, GAP-BG-MINE-06): the stretches of a path
// inside a minefield that no cleared strip covers ("live" stretches), their length, and the
// point where a unit that moved right through is put back.
#include <algorithm>

#include "engine/rulesets/bg/bg_special.h"

namespace sandtable::bg {

namespace {

bool on_cleared(const Minefield& m, Vec2 p) {
  for (const auto& c : m.cleared) {
    if (geom::locate(c, p) != geom::Where::kOutside) return true;
  }
  return false;
}

}  // namespace

bool live_point(const Minefield& m, const geom::Polygon& area, Vec2 p) {
  return geom::strictly_inside(area, p) && !on_cleared(m, p);
}

MinePassage mine_passage(const Minefield& m, const geom::Polygon& area, std::span<const Vec2> path) {
  MinePassage out;
  double walked = 0;          // arc length before the current leg
  bool in_stretch = false;    // the previous piece was live
  double stretch_start = 0;
  auto close = [&](double at) {
    if (!in_stretch) return;
    in_stretch = false;
    if (!out.first_mid) out.first_mid = (stretch_start + at) / 2;
  };
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const geom::Segment leg{path[i], path[i + 1]};
    const double len = leg.length();
    if (geom::negligible(len)) continue;
    // Between consecutive breaks the leg is wholly inside/outside the minefield and each strip.
    std::vector<double> breaks;
    geom::chord_breaks(area, leg, breaks);
    for (const auto& c : m.cleared) geom::chord_breaks(c, leg, breaks);
    std::sort(breaks.begin(), breaks.end());
    for (std::size_t k = 0; k + 1 < breaks.size(); ++k) {
      const double t0 = breaks[k], t1 = breaks[k + 1];
      if (t1 - t0 <= 0) continue;
      const Vec2 mid = leg.a + (leg.b - leg.a) * ((t0 + t1) / 2);
      if (live_point(m, area, mid)) {
        out.live_length += (t1 - t0) * len;
        if (!in_stretch) {
          in_stretch = true;
          stretch_start = walked + t0 * len;
        }
      } else {
        close(walked + t0 * len);
      }
    }
    walked += len;
  }
  close(walked);
  if (geom::negligible(out.live_length)) out.first_mid.reset();
  return out;
}

const Terrain* trapped_in(const BgState& st, const Unit& u) {
  for (const auto& m : st.minefields) {
    const Terrain* t = st.terrain_named(m.terrain);
    if (!t || !t->area || m.dummy || !m.known_to[static_cast<std::size_t>(u.side)]) continue;
    if (!t->owner.empty() && t->owner == side_id(st, u.side)) continue;  // one's own is marked
    bool trapped = u.vehicle && live_point(m, *t->area, u.position);
    for (const auto& f : u.figures) trapped = trapped || (f.alive && !f.prisoner && live_point(m, *t->area, f.pos));
    if (trapped) return t;
  }
  return nullptr;
}

Check check_trapped_turn(const BgState& st, const Unit& u, Facing end) {
  if (geom::turn_at_most(u.facing, end, 0)) return std::nullopt;
  if (const Terrain* t = trapped_in(st, u)) {
    return refusal("BG_TRAPPED", "BG-MINE-08",
                   label(u) + " is trapped in " + t->name + ": standing still, it may not even change facing.");
  }
  return std::nullopt;
}

Vec2 point_along(std::span<const Vec2> path, double s) {
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const double len = geom::distance(path[i], path[i + 1]);
    if (s <= len) return len > 0 ? path[i] + (path[i + 1] - path[i]) * (s / len) : path[i];
    s -= len;
  }
  return path.empty() ? Vec2{} : path.back();
}

std::vector<geom::Polygon> swept_strips(std::span<const Vec2> path, double length, double width) {
  std::vector<geom::Polygon> out;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const Vec2 d = path[i + 1] - path[i];
    const double len = geom::length(d);
    if (geom::negligible(len)) continue;
    const Vec2 u = d * (1 / len), n{-u.y, u.x};
    // The hull sweeps from its start place to its end place: half a length beyond each end.
    const Vec2 a = path[i] - u * (length / 2), b = path[i + 1] + u * (length / 2);
    out.emplace_back(std::vector<Vec2>{a + n * (width / 2), b + n * (width / 2), b - n * (width / 2), a - n * (width / 2)});
  }
  return out;
}

}  // namespace sandtable::bg
