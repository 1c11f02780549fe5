// Formation and end-of-move helpers (bg_move_util.h).
#include "engine/rulesets/bg/bg_move_util.h"

#include <algorithm>
#include <cmath>

#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {
bool moves_with_unit(const Unit& u, const Figure& f) {
  return f.alive && !(u.has_horses && f.kind == FigureKind::kHorseHolder);
}
}  // namespace

Formation current_formation(const Unit& u) {
  Formation out;
  for (const auto& f : u.figures) {
    if (moves_with_unit(u, f)) out.emplace_back(f.id, f.pos);
  }
  return out;
}

Formation declared_formation(const Unit& u, const google::protobuf::RepeatedPtrField<pb::BgFigurePlace>& fs) {
  Formation out;
  for (const auto& f : u.figures) {
    if (!moves_with_unit(u, f)) continue;
    for (const auto& p : fs) {
      if (p.figure_id() == f.id) out.emplace_back(f.id, to_vec(p.position()));
    }
  }
  return out;
}

Check check_formation(const BgState& st, const Unit& u, const google::protobuf::RepeatedPtrField<pb::BgFigurePlace>& fs,
                      std::vector<Vec2>* placed) {
  (void)st;
  int moving = 0;
  for (const auto& f : u.figures) moving += moves_with_unit(u, f);
  if (fs.size() != moving) {
    return refusal("BG_FORMATION", "BG-MOVE-04",
                   "Place every figure of " + label(u) + " (" + std::to_string(moving) + "), not " + std::to_string(fs.size()) + ".");
  }
  for (int i = 0; i < fs.size(); ++i) {
    const Figure* f = u.figure(fs[i].figure_id());
    if (!f || !moves_with_unit(u, *f)) {
      return refusal("BG_FORMATION", "BG-MOVE-04", "'" + fs[i].figure_id() + "' is not a moving figure of " + label(u) + ".");
    }
    for (int j = 0; j < i; ++j) {
      if (fs[j].figure_id() == fs[i].figure_id()) {
        return refusal("BG_FORMATION", "BG-MOVE-04", "Figure '" + fs[i].figure_id() + "' is placed twice.");
      }
    }
    const Vec2 p = to_vec(fs[i].position());
    if (!geom::is_finite(p)) return refusal("BG_BAD_POINT", "BG-MOVE-04", "A figure's place is not a number.");
    placed->push_back(p);
  }
  return std::nullopt;
}

Check move_along(const BgState& st, const Unit& u, const std::vector<Vec2>& path, Facing end_facing, double allowance,
                 const Formation& formation, MoveOutcome* out) {
  // BG-MOVE-08: the direction of movement is that of the last leg actually declared.
  std::optional<Facing> travel;
  for (std::size_t i = path.size(); i-- > 1;) {
    if (!geom::negligible(geom::distance(path[i - 1], path[i]))) {
      travel = Facing::toward(path[i - 1], path[i]);
      break;
    }
  }
  out->facing_cost = travel ? facing_cost(st.options, *travel, end_facing) : 0;
  // BG-MOVE-09: at least 1" whatever the roll and the deductions.
  out->allowance = std::max(allowance - out->facing_cost, kMinimumMove);
  if (out->facing_cost > 0) out->notes.push_back("facing change -" + inches(out->facing_cost));
  if (allowance - out->facing_cost < kMinimumMove) out->notes.push_back("minimum move 1\"");
  WalkResult w;
  if (auto c = walk_path(st, u, path, out->allowance, &w)) return c;
  out->used = w.used;
  out->reached = w.reached;
  out->end = w.end;
  for (auto& n : w.notes) out->notes.push_back(n);
  std::vector<Vec2> pts;
  for (const auto& [id, p] : formation) pts.push_back(p);
  const Vec2 shift = w.end - (pts.empty() ? w.end : geom::centroid(pts));
  for (const auto& [id, p] : formation) out->figures.emplace_back(id, p + shift);
  return std::nullopt;
}

double base_gap(const BgState& st, Vec2 a, Vec2 b, Facing facing) {
  const Vec2 d = b - a;
  const double s = st.options.base_size;
  const double gx = std::max(0.0, std::fabs(geom::dot(d, facing.right())) - s);
  const double gy = std::max(0.0, std::fabs(geom::dot(d, facing.forward())) - s);
  return std::sqrt(gx * gx + gy * gy);
}

Check check_end_position(const BgState& st, const Unit& u, const Formation& figs) {
  for (const auto& [id, p] : figs) {
    if (p.x < 0 || p.y < 0 || p.x > st.width || p.y > st.height) {
      return refusal("BG_OFF_TABLE", "BG-GEN-04", "Figure '" + id + "' would end off the table.");
    }
  }
  // BG-MOVE-01: every figure within 1" (base edge to base edge) of another of its unit.
  if (figs.size() > 1) {
    for (std::size_t i = 0; i < figs.size(); ++i) {
      bool near = false;
      for (std::size_t j = 0; j < figs.size() && !near; ++j) {
        near = i != j && geom::within(base_gap(st, figs[i].second, figs[j].second, u.facing), kCohesion);
      }
      // GAP-BG-DMG-05 (shooting helper): casualties removed at random (BG-DMG-01) may leave a
      // figure apart; a move keeping that gap is allowed, a move opening a new one is not.
      bool was_apart = false;
      if (const Figure* f = u.figure(figs[i].first); f && f->alive) {
        was_apart = true;
        for (const auto& g : u.figures) {
          if (&g != f && g.alive && !g.prisoner && geom::within(base_gap(st, f->pos, g.pos, u.facing), kCohesion)) {
            was_apart = false;
            break;
          }
        }
      }
      if (!near && !was_apart) {
        return refusal("BG_COHESION", "BG-MOVE-01",
                       "Figure '" + figs[i].first + "' would be more than 1\" from every other figure of " + label(u) + ".");
      }
    }
  }
  // BG-MOVE-10: no unit ends in an enemy unit.
  for (const auto& o : st.units) {
    if (o.side == u.side || !o.on_table || o.destroyed || !o.carried_by.empty()) continue;
    if (o.hidden) continue;  // BG-UNIT-09: unknown to the mover; see bg_hidden.cc
    for (const auto& [id, p] : figs) {
      if (o.infantry_like()) {
        for (const auto& f : o.figures) {
          if (f.alive && geom::beyond(st.options.base_size, geom::distance(f.pos, p))) {
            return refusal("BG_ON_ENEMY", "BG-MOVE-10", "Figure '" + id + "' would stand on " + label(o) + ".");
          }
        }
      } else if (geom::locate(footprints(st, o).front(), p) != geom::Where::kOutside) {
        return refusal("BG_ON_ENEMY", "BG-MOVE-10", "Figure '" + id + "' would stand on " + label(o) + ".");
      }
    }
  }
  return std::nullopt;
}

bool units_touch(const BgState& st, const Unit& a, const Unit& b) {
  for (const auto& f : a.figures) {
    if (!f.alive) continue;
    for (const auto& g : b.figures) {
      if (g.alive && geom::within(base_gap(st, f.pos, g.pos, a.facing), kCohesion)) return true;
    }
  }
  return false;
}

// BG-TER-10, counting only the units the mover's side may see (BG-UNIT-09: a refusal never
// tells of a hidden one; do_move stops a unit short of a building a hidden enemy holds).
Check check_building_room(const BgState& st, const Unit& u, const std::string& building) {
  int units = 0, figures = 0;
  for (const Unit* o : units_in_building(st, building)) {
    if (o->id == u.id || !knows_unit(*o, Seer{u.side, false})) continue;
    ++units;
    figures += o->living();
  }
  if (units + 1 > kBuildingUnits) {
    return refusal("BG_BUILDING_FULL", "BG-TER-10", building + " already holds " + std::to_string(units) + " units (at most 2).");
  }
  if (figures + u.living() > kBuildingFigures) {
    return refusal("BG_BUILDING_FULL", "BG-TER-10",
                   building + " would hold " + std::to_string(figures + u.living()) + " figures (at most 18).");
  }
  return std::nullopt;
}

void reject_building(const std::string& name) {
  reject("BG_NOT_IN_BUILDING", "BG-MOVE-17",
         "To occupy " + name + " every figure must end inside the building or around its base (within 1\").");
}

}  // namespace sandtable::bg
