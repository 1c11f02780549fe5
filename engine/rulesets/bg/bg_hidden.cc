// BG-UNIT-09: hidden units in the way of a move (see bg_hidden.h). The contact tests are the
// same as for visible enemies (bg_path.cc path_passable, bg_move_util.cc check_end_position,
// bg_vehicle.cc): a figure within one base of a leg or of an end figure; a footprint entered.
#include "engine/rulesets/bg/bg_hidden.h"

namespace sandtable::bg {

namespace {

bool hull_touches_figure(const BgState& st, const geom::Polygon& hull, Vec2 f) {
  return geom::locate(hull, f) != geom::Where::kOutside ||
         !geom::beyond(geom::distance_to_boundary(hull, f), st.options.base_size / 2);
}

bool polygons_overlap(const geom::Polygon& a, const geom::Polygon& b) {
  for (Vec2 c : a.vertices()) {
    if (geom::locate(b, c) == geom::Where::kInside) return true;
  }
  for (Vec2 c : b.vertices()) {
    if (geom::locate(a, c) == geom::Where::kInside) return true;
  }
  return false;
}

bool touches(const BgState& st, const Unit& o, std::span<const Vec2> walked, const Formation& figures,
             const std::optional<geom::Polygon>& hull) {
  const double base = st.options.base_size;
  if (o.infantry_like()) {
    for (const auto& f : o.figures) {
      if (!f.alive) continue;
      for (std::size_t i = 0; i + 1 < walked.size(); ++i) {
        if (!geom::beyond(geom::distance_to_segment(f.pos, {walked[i], walked[i + 1]}), base)) return true;
      }
      for (const auto& [id, p] : figures) {
        if (geom::beyond(base, geom::distance(f.pos, p))) return true;
      }
      if (hull && hull_touches_figure(st, *hull, f.pos)) return true;
    }
    return false;
  }
  const geom::Polygon other = footprints(st, o).front();
  for (std::size_t i = 0; i + 1 < walked.size(); ++i) {
    if (geom::enters(other, {walked[i], walked[i + 1]})) return true;
  }
  for (const auto& [id, p] : figures) {
    if (geom::locate(other, p) != geom::Where::kOutside) return true;
  }
  return hull && polygons_overlap(*hull, other);
}

}  // namespace

std::vector<std::string> hidden_touched(const BgState& st, const Unit& mover, std::span<const Vec2> walked,
                                        const Formation& figures, const std::optional<geom::Polygon>& hull) {
  std::vector<std::string> out;
  for (const auto& o : st.units) {
    if (o.side == mover.side || !o.hidden || !o.on_table || o.destroyed || !o.carried_by.empty()) continue;
    if (touches(st, o, walked, figures, hull)) out.push_back(o.id);
  }
  return out;
}

std::vector<std::string> hidden_in_building(const BgState& st, const Unit& mover, const std::string& building) {
  std::vector<std::string> out;
  if (building.empty()) return out;
  for (const Unit* o : units_in_building(st, building)) {
    if (o->side != mover.side && o->hidden) out.push_back(o->id);
  }
  return out;
}

void reveal_ran_into(Context& ctx, const std::vector<std::string>& ids) {
  for (const auto& id : ids) {
    pb::BgEvent e;
    e.mutable_revealed()->set_unit_id(id);
    e.mutable_revealed()->set_reason("an enemy unit ran into it");
    emit_bg(ctx, e);
  }
}

}  // namespace sandtable::bg
