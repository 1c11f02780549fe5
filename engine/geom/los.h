#pragma once
// Line of sight on the free table: terrain polygons with a sight rule and unit footprints, tested
// against the straight segment between two points (BG-LOS-01: CoM to CoM).
//
// Decisions (docs/geometry.md):
// - opaque terrain blocks a line that passes through its interior for more than kEps;
//   grazing an edge or a corner does not block.
// - limited(n) terrain (BG-LOS-04 woods 6") blocks a line whose length inside THAT feature is
//   more than n inches (exactly n is still clear). The whole inside length counts, including the
//   part next to a viewer or target standing inside the feature, so a unit deep in woods sees at
//   most n inches of wood; this keeps LOS symmetric. Each feature is measured on its own.
// - transparent terrain never blocks (kept only so callers can ask what a line crosses).
// - a footprint (figure base or vehicle hull) blocks like opaque terrain if its `blocks` flag is
//   set; BG-LOS-02 units of 1 or 2 figures are added with blocks = false. Several footprints may
//   share one unit id (BG-LOS-03 figure-level blocking: every base is its own footprint).
// - ids in `ignore` skip those footprints/terrain (the viewer's and target's own units, the
//   building a unit occupies (BG-TER-09)).
// - clear(a, b) == clear(b, a) exactly: the ends are put in a canonical order first.
// - a zero-length line is clear.
#include <optional>
#include <span>
#include <vector>

#include "engine/geom/shapes.h"

namespace sandtable::geom {

enum class Sight { kOpaque, kTransparent, kLimited };

struct SightRule {
  Sight kind = Sight::kOpaque;
  double limit = 0;  // inches, only for kLimited
  static SightRule opaque() { return {Sight::kOpaque, 0}; }
  static SightRule transparent() { return {Sight::kTransparent, 0}; }
  static SightRule limited(double inches) { return {Sight::kLimited, inches}; }
};

class LosWorld {
 public:
  // Terrain ids are unique and must not equal any footprint's unit id (one id space, so that a
  // single ignore list works). Throws std::invalid_argument with a sentence otherwise, or for a
  // limited rule whose limit is negative or not finite.
  void add_terrain(int id, Polygon shape, SightRule sight);
  // A footprint of unit `unit_id`; a unit may have many. `blocks` = false for BG-LOS-02 units.
  void add_footprint(int unit_id, Polygon shape, bool blocks);

  // True iff nothing blocks the segment a-b (ids in `ignore` are skipped).
  bool clear(Vec2 a, Vec2 b, std::span<const int> ignore = {}) const { return !blocker(a, b, ignore); }
  // The id of one blocking feature or unit, or nullopt if the line is clear. Which blocker is
  // reported when there are several is deterministic (the first met walking the index from the
  // canonical first end); use it for messages, not for rules.
  std::optional<int> blocker(Vec2 a, Vec2 b, std::span<const int> ignore = {}) const;

  int blocking_count() const { return static_cast<int>(entries_.size()); }

 private:
  struct Entry {
    Box box;       // the polygon's box grown by a hair, for early rejection
    int id;
    double limit;  // blocks when inside length > limit + kEps (0 for opaque and footprints)
    Polygon shape;
  };
  bool id_used(int id) const;
  bool is_terrain_id(int id) const;
  void add_entry(Entry e);
  void rebuild_index() const;
  bool blocks(const Entry& e, const Segment& s) const;

  std::vector<Entry> entries_;     // everything that can block (opaque, limited, blocking footprints)
  std::vector<int> terrain_ids_;   // every terrain id, blocking or not (ids stay unique)
  std::vector<int> passive_ids_;   // non-blocking footprint unit ids

  // Uniform grid over the union of the entries' boxes: cell (i, j) lists the entries whose box
  // meets it (compressed rows: cell_start_[c] .. cell_start_[c + 1] in cell_items_). A line only
  // tests the entries of the cells it passes through, each once.
  // Built at the first query after the last addition, not at every addition: a world is filled
  // with every terrain feature and figure base and then often asked one line (a shot's check), and
  // an index rebuilt per addition made filling it quadratic (docs/geometry.md "Speed").
  // So a world is not to be queried from two threads at once before its first query.
  mutable bool indexed_ = false;
  mutable Vec2 origin_;
  mutable double cell_ = 1;
  mutable int nx_ = 0, ny_ = 0;
  mutable std::vector<int> cell_start_;
  mutable std::vector<int> cell_items_;
};

}  // namespace sandtable::geom
