#include "engine/geom/los.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace sandtable::geom {
namespace {

// Growth of the cached boxes: the early rejection must never reject a line the exact test would
// call blocked, so the box is a little larger than the polygon.
constexpr double kBoxPad = 1e-6;

Box padded(const Box& b) { return {{b.lo.x - kBoxPad, b.lo.y - kBoxPad}, {b.hi.x + kBoxPad, b.hi.y + kBoxPad}}; }

// The segment a + t*d, t in [0, 1], precomputed for slab tests against many boxes.
struct Ray {
  Vec2 a, d, inv;
  Box box;
};

Ray make_ray(Vec2 a, Vec2 b) {
  const Vec2 d = b - a;
  // inv of 0 is +/-inf, which the slab test below handles (IEEE).
  return {a, d, {1.0 / d.x, 1.0 / d.y}, box_of({a, b})};
}

// Does the segment meet the box? Conservative slab test (only used to skip exact tests).
bool meets(const Ray& r, const Box& b) {
  if (!r.box.overlaps(b)) return false;
  double t0 = 0, t1 = 1;
  if (r.d.x != 0) {
    double ta = (b.lo.x - r.a.x) * r.inv.x, tb = (b.hi.x - r.a.x) * r.inv.x;
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
  }
  if (r.d.y != 0) {
    double ta = (b.lo.y - r.a.y) * r.inv.y, tb = (b.hi.y - r.a.y) * r.inv.y;
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
  }
  return t0 <= t1;
}

bool ignored(int id, std::span<const int> ignore) {
  for (int i : ignore)
    if (i == id) return true;
  return false;
}

}  // namespace

bool LosWorld::id_used(int id) const {
  for (const Entry& e : terrain_)
    if (e.id == id) return true;
  for (const Entry& e : footprints_)
    if (e.id == id) return true;
  return std::find(passive_ids_.begin(), passive_ids_.end(), id) != passive_ids_.end();
}

void LosWorld::add_terrain(int id, Polygon shape, SightRule sight) {
  if (id_used(id)) throw std::invalid_argument("Terrain id " + std::to_string(id) + " is already used.");
  if (sight.kind == Sight::kLimited && !(sight.limit >= 0 && std::isfinite(sight.limit)))
    throw std::invalid_argument("A limited sight distance must be a finite number of inches >= 0.");
  if (sight.kind == Sight::kTransparent) {
    passive_ids_.push_back(id);
    return;
  }
  Entry e{padded(shape.box()), id, sight.kind == Sight::kLimited ? sight.limit : 0.0, std::move(shape)};
  if (sight.kind == Sight::kOpaque) {
    terrain_.insert(terrain_.begin() + opaque_count_, std::move(e));
    ++opaque_count_;
  } else {
    terrain_.push_back(std::move(e));
  }
}

void LosWorld::add_footprint(int unit_id, Polygon shape, bool blocks) {
  // A unit id may repeat among footprints (figure bases) but must not be a terrain id.
  for (const Entry& e : terrain_)
    if (e.id == unit_id) throw std::invalid_argument("Unit id " + std::to_string(unit_id) + " is a terrain id.");
  if (!blocks) {
    passive_ids_.push_back(unit_id);
    return;
  }
  footprints_.push_back({padded(shape.box()), unit_id, 0.0, std::move(shape)});
}

std::optional<int> LosWorld::blocker(Vec2 a, Vec2 b, std::span<const int> ignore) const {
  if (lex_less(b, a)) std::swap(a, b);  // canonical order: clear(a, b) == clear(b, a) bit for bit
  const Segment s{a, b};
  if (s.length() <= kEps) return std::nullopt;
  const Ray ray = make_ray(a, b);
  for (const Entry& e : footprints_) {
    if (!meets(ray, e.box) || ignored(e.id, ignore)) continue;
    if (inside_length(e.shape, s) > kEps) return e.id;
  }
  for (const Entry& e : terrain_) {
    if (!meets(ray, e.box) || ignored(e.id, ignore)) continue;
    if (beyond(inside_length(e.shape, s), e.limit)) return e.id;
  }
  return std::nullopt;
}

}  // namespace sandtable::geom
