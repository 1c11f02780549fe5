#include "engine/geom/los.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace sandtable::geom {
namespace {

// Growth of the cached boxes: early rejection must never reject a line the exact test would call
// blocked, so boxes (and the grid cells they are filed under) are a little larger than the shapes.
constexpr double kBoxPad = 1e-6;
// The index aims at about this many cells along the longer side of the populated area.
constexpr int kCellsAcross = 16;

Box padded(const Box& b) { return {{b.lo.x - kBoxPad, b.lo.y - kBoxPad}, {b.hi.x + kBoxPad, b.hi.y + kBoxPad}}; }

// The segment a + t*d, t in [0, 1], precomputed for slab tests against many boxes.
struct Ray {
  Vec2 a, d, inv;
  Box box;
};

Ray make_ray(Vec2 a, Vec2 b) {
  const Vec2 d = b - a;
  // 1/0 is +/-inf; the slab test skips that axis explicitly.
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

// Cell index of coordinate v on an axis starting at `origin` with `count` cells of size `cell`.
int cell_of(double v, double origin, double cell, int count) {
  const double c = std::floor((v - origin) / cell);
  if (!(c >= 0)) return 0;  // also catches NaN
  if (c >= count - 1) return count - 1;
  return static_cast<int>(c);
}

// A set of entry indices seen during one query: bits on the stack for ordinary worlds.
class SeenSet {
 public:
  explicit SeenSet(std::size_t n) {
    if (n > kStackBits) heap_.assign((n + 63) / 64, 0);
  }
  // True the first time an index is offered.
  bool first_time(int i) {
    std::uint64_t* words = heap_.empty() ? stack_ : heap_.data();
    std::uint64_t& w = words[i >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (i & 63);
    if (w & bit) return false;
    w |= bit;
    return true;
  }

 private:
  static constexpr std::size_t kStackBits = 2048;
  std::uint64_t stack_[kStackBits / 64] = {};
  std::vector<std::uint64_t> heap_;
};

}  // namespace

bool LosWorld::is_terrain_id(int id) const {
  return std::find(terrain_ids_.begin(), terrain_ids_.end(), id) != terrain_ids_.end();
}

bool LosWorld::id_used(int id) const {
  if (is_terrain_id(id)) return true;
  for (const Entry& e : entries_)
    if (e.id == id) return true;
  return std::find(passive_ids_.begin(), passive_ids_.end(), id) != passive_ids_.end();
}

void LosWorld::add_terrain(int id, Polygon shape, SightRule sight) {
  if (id_used(id)) throw std::invalid_argument("Terrain id " + std::to_string(id) + " is already used.");
  if (sight.kind == Sight::kLimited && !(sight.limit >= 0 && std::isfinite(sight.limit)))
    throw std::invalid_argument("A limited sight distance must be a finite number of inches >= 0.");
  terrain_ids_.push_back(id);
  if (sight.kind == Sight::kTransparent) return;
  add_entry({padded(shape.box()), id, sight.kind == Sight::kLimited ? sight.limit : 0.0, std::move(shape)});
}

void LosWorld::add_footprint(int unit_id, Polygon shape, bool blocks) {
  // A unit id may repeat among footprints (figure bases) but must not be a terrain id.
  if (is_terrain_id(unit_id)) throw std::invalid_argument("Unit id " + std::to_string(unit_id) + " is a terrain id.");
  if (!blocks) {
    passive_ids_.push_back(unit_id);
    return;
  }
  add_entry({padded(shape.box()), unit_id, 0.0, std::move(shape)});
}

void LosWorld::add_entry(Entry e) {
  entries_.push_back(std::move(e));
  indexed_ = false;
}

void LosWorld::rebuild_index() const {
  Box all = entries_.front().box;
  for (const Entry& e : entries_) {
    all.lo = {std::min(all.lo.x, e.box.lo.x), std::min(all.lo.y, e.box.lo.y)};
    all.hi = {std::max(all.hi.x, e.box.hi.x), std::max(all.hi.y, e.box.hi.y)};
  }
  const double w = all.hi.x - all.lo.x, h = all.hi.y - all.lo.y;
  cell_ = std::max(std::max(w, h) / kCellsAcross, 0.25);
  origin_ = all.lo;
  nx_ = std::max(1, static_cast<int>(std::ceil(w / cell_)));
  ny_ = std::max(1, static_cast<int>(std::ceil(h / cell_)));
  std::vector<int> counts(static_cast<std::size_t>(nx_) * ny_ + 1, 0);
  auto for_cells = [&](const Box& b, auto&& fn) {
    const int i0 = cell_of(b.lo.x, origin_.x, cell_, nx_), i1 = cell_of(b.hi.x, origin_.x, cell_, nx_);
    const int j0 = cell_of(b.lo.y, origin_.y, cell_, ny_), j1 = cell_of(b.hi.y, origin_.y, cell_, ny_);
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) fn(j * nx_ + i);
  };
  for (const Entry& e : entries_) for_cells(padded(e.box), [&](int c) { ++counts[c + 1]; });
  for (std::size_t c = 1; c < counts.size(); ++c) counts[c] += counts[c - 1];
  cell_start_ = counts;
  cell_items_.assign(static_cast<std::size_t>(counts.back()), 0);
  for (int k = 0; k < static_cast<int>(entries_.size()); ++k)
    for_cells(padded(entries_[k].box), [&](int c) { cell_items_[counts[c]++] = k; });
  indexed_ = true;
}

bool LosWorld::blocks(const Entry& e, const Segment& s) const { return inside_length_beyond(e.shape, s, e.limit); }

std::optional<int> LosWorld::blocker(Vec2 a, Vec2 b, std::span<const int> ignore) const {
  if (lex_less(b, a)) std::swap(a, b);  // canonical order: clear(a, b) == clear(b, a) bit for bit
  const Segment s{a, b};
  if (entries_.empty() || s.length() <= kEps) return std::nullopt;
  if (!indexed_) rebuild_index();
  const Ray ray = make_ray(a, b);
  const double ylo = std::min(a.y, b.y), yhi = std::max(a.y, b.y);
  const double xlo = std::min(a.x, b.x), xhi = std::max(a.x, b.x);
  // Nothing lives outside the indexed area.
  if (yhi < origin_.y || ylo > origin_.y + ny_ * cell_ || xhi < origin_.x || xlo > origin_.x + nx_ * cell_)
    return std::nullopt;
  SeenSet seen(entries_.size());
  const int j0 = cell_of(ylo, origin_.y, cell_, ny_), j1 = cell_of(yhi, origin_.y, cell_, ny_);
  for (int j = j0; j <= j1; ++j) {
    // The x-extent of the segment within this row of cells (padded: only a candidate filter).
    const double ry0 = std::max(ylo, origin_.y + j * cell_), ry1 = std::min(yhi, origin_.y + (j + 1) * cell_);
    double x0 = xlo, x1 = xhi;
    if (ray.d.y != 0) {
      const double slope = ray.d.x / ray.d.y;
      x0 = a.x + (ry0 - a.y) * slope;
      x1 = a.x + (ry1 - a.y) * slope;
      if (x0 > x1) std::swap(x0, x1);
      x0 = std::max(x0, xlo);
      x1 = std::min(x1, xhi);
    }
    const int i0 = cell_of(x0 - kBoxPad, origin_.x, cell_, nx_), i1 = cell_of(x1 + kBoxPad, origin_.x, cell_, nx_);
    for (int i = i0; i <= i1; ++i) {
      const int c = j * nx_ + i;
      for (int k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
        const int idx = cell_items_[k];
        if (!seen.first_time(idx)) continue;
        const Entry& e = entries_[idx];
        if (!meets(ray, e.box) || ignored(e.id, ignore)) continue;
        if (blocks(e, s)) return e.id;
      }
    }
  }
  return std::nullopt;
}

}  // namespace sandtable::geom
