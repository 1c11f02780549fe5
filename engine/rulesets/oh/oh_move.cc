// Movement (OH-MOVE-*, OH-TER-*): rolling the move (the action), then drawing the path of at
// most the total. A move is the unique base's path; the other bases follow in formation and the
// unit may end facing any way (OH-MOVE-06).
#include <algorithm>
#include <cmath>

#include "engine/geom/paths.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/oh/oh_internal.h"

namespace sandtable::oh {

namespace {

using geom::Segment;

Check unit_check(const OhState& st, int side, const std::string& unit_id, const Unit** out) {
  const Unit* u = st.alive_unit(unit_id);
  if (!u || (u->side != side && !visible_to(st, *u, st.side_id(side)))) {
    return Refusal{"OH_NO_SUCH_UNIT", "OH-SEQ-04", "You have no unit called '" + unit_id + "'."};
  }
  if (u->side != side) return Refusal{"OH_NOT_YOUR_UNIT", "OH-SEQ-04", label(*u) + " is not one of your units."};
  if (st.over) return Refusal{"GAME_OVER", "OH-SEQ-02", "The game is over."};
  if (st.ready_window) return Refusal{"OH_READY_WINDOW", "OH-SEQ-05", "Wait: the other side may fire with its Ready units first."};
  if (side != st.phasing) return Refusal{"OH_NOT_YOUR_PHASE", "OH-SEQ-01", "It is not your phase."};
  *out = u;
  return std::nullopt;
}

// Where a segment crosses a polyline, as points.
std::vector<Vec2> crossing_points(Segment s, const std::vector<Vec2>& line) {
  std::vector<Vec2> out;
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    const Vec2 p = s.a, r = s.b - s.a, q = line[i], w = line[i + 1] - line[i];
    const double den = geom::cross(r, w);
    if (std::fabs(den) <= geom::kEps) continue;
    const double t = geom::cross(q - p, w) / den;
    const double u = geom::cross(q - p, r) / den;
    if (t >= -geom::kEps && t <= 1 + geom::kEps && u >= -geom::kEps && u <= 1 + geom::kEps) out.push_back(p + r * t);
  }
  return out;
}

double inside_kind_length(const OhState& st, Segment s, TerrainKind kind) {
  double in = 0;
  for (const auto& t : st.table->terrain) {
    if (t.kind == kind && t.area) in += geom::inside_length(*t.area, s);
  }
  return in;
}

// Length of the segment off the roads (a unit on a road may enter what it otherwise may not,
// OH-TER-05): approximated per feature as its inside length minus the road's, never below 0.
double off_road_inside(const OhState& st, Segment s, TerrainKind kind) {
  const double in = inside_kind_length(st, s, kind);
  if (in <= 1e-6) return 0;
  const double road = inside_kind_length(st, s, TerrainKind::kRoad);
  return road >= s.length() - 1e-6 ? 0 : in;
}

Check terrain_check(const OhState& st, const Unit& u, const std::vector<Vec2>& pts, Facing end_facing, int* atg_woods) {
  const TypeRow& r = row_of(u.type);
  double woods_in = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const Segment s{pts[i], pts[i + 1]};
    if (off_road_inside(st, s, TerrainKind::kMarsh) > 1e-6 || off_road_inside(st, s, TerrainKind::kLake) > 1e-6) {
      return Refusal{"OH_IMPASSABLE", "OH-TER-01", "Marsh and lakes are impassable: the path crosses one."};
    }
    const double w = off_road_inside(st, s, TerrainKind::kWoods);
    if (w > 1e-6 && (u.type == UnitType::kTank || u.type == UnitType::kMortar)) {
      return Refusal{"OH_NO_WOODS", "OH-TER-02", std::string(r.words) + " may not enter woods (only along a road)."};
    }
    woods_in += w;
    for (const auto& t : st.table->terrain) {
      if (t.kind != TerrainKind::kRiver) continue;
      for (const Vec2 p : crossing_points(s, t.line)) {
        if (!inside_kind(st, p, TerrainKind::kFord) && !inside_kind(st, p, TerrainKind::kBridge)) {
          return Refusal{"OH_RIVER", "OH-TER-04", "Rivers may be crossed only at a bridge or a ford: the path crosses " +
                                                      (t.name.empty() ? std::string("the river") : t.name) + " elsewhere."};
        }
      }
    }
  }
  if (u.type == UnitType::kAtg && woods_in > 1e-6) {
    if (woods_in > kAtgWoodsDepth + geom::kEps) {
      return Refusal{"OH_ATG_WOODS", "OH-TER-02", "An anti-tank gun may only enter the edge of a wood (1\" in); this path goes " + inches(woods_in) + " into woods."};
    }
    *atg_woods = kAtgWoodsInches;
  }
  const Vec2 end = pts.back();
  const bool end_on_road = on_road(st, end);
  for (const auto& b : bases_at(u.type, end, end_facing)) {
    for (const Vec2 v : b.vertices()) {
      if (v.x < -geom::kEps || v.y < -geom::kEps || v.x > st.table->width + geom::kEps || v.y > st.table->height + geom::kEps) {
        return Refusal{"OH_OFF_TABLE", "OH-MOVE-01", "The unit would end with a base off the table."};
      }
    }
    for (const auto& t : st.table->terrain) {
      if (!t.area || !overlap(b, *t.area)) continue;
      if (t.kind == TerrainKind::kMarsh || t.kind == TerrainKind::kLake) {
        return Refusal{"OH_IMPASSABLE", "OH-TER-01", "Marsh and lakes are impassable: a base would end in " + (t.name.empty() ? std::string("one") : t.name) + "."};
      }
      if (end_on_road) continue;
      if (t.kind == TerrainKind::kWoods && (u.type == UnitType::kTank || u.type == UnitType::kMortar)) {
        return Refusal{"OH_NO_WOODS", "OH-TER-02", std::string(r.words) + " may not enter woods: a base would end in " + (t.name.empty() ? std::string("them") : t.name) + "."};
      }
      if (t.kind == TerrainKind::kTown && u.type != UnitType::kInfantry) {
        return Refusal{"OH_TOWN", "OH-TER-03", "Only infantry may end a move inside a town; " + label(u) + " may pass through but not stop in " + (t.name.empty() ? std::string("it") : t.name) + "."};
      }
    }
  }
  return std::nullopt;
}

// Units the mover's side can see: it passes through friends only and ends clear of everyone
// (OH-MOVE-07).
Check units_check(const OhState& st, const Unit& u, const std::vector<Vec2>& pts, Facing end_facing) {
  const std::string side = st.side_id(u.side);
  const auto end_bases = bases_at(u.type, pts.back(), end_facing);
  for (const auto& o : st.units) {
    if (!o.alive || o.id == u.id) continue;
    bool near_path = could_be_within(u.type, pts.back(), o.type, o.pos, 0);
    for (std::size_t i = 0; i + 1 < pts.size() && !near_path; ++i) near_path = could_enter(o, {pts[i], pts[i + 1]});
    if (!near_path) continue;  // neither the path nor its end comes near: the exact tests below cannot fail
    if (!visible_to(st, o, side)) continue;
    const auto ob = bases(o);
    if (o.side != u.side) {
      for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
        for (const auto& b : ob) {
          if (geom::enters(b, {pts[i], pts[i + 1]})) {
            return Refusal{"OH_THROUGH_ENEMY", "OH-MOVE-07", "A unit may pass only through friendly units: the path goes through " + label(o) + "."};
          }
        }
      }
    }
    for (const auto& b : ob) {
      for (const auto& e : end_bases) {
        if (overlap(b, e)) return Refusal{"OH_END_CLEAR", "OH-MOVE-07", "The unit must end clear of other units: it would end on " + label(o) + "."};
      }
    }
  }
  return std::nullopt;
}

// OH-MOVE-08: the whole path on a road, never entering close range (4") of an enemy unit.
Check road_check(const OhState& st, const Unit& u, const std::vector<Vec2>& pts) {
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const Segment s{pts[i], pts[i + 1]};
    if (inside_kind_length(st, s, TerrainKind::kRoad) < s.length() - 1e-6 && !geom::negligible(s.length())) {
      return Refusal{"OH_OFF_ROAD", "OH-MOVE-08", "The road bonus needs the whole move along the road; this path leaves it."};
    }
  }
  const double len = geom::path_length(pts);
  const int samples = std::max(1, static_cast<int>(std::ceil(len / 0.25)));
  Unit probe = u;
  double walked = 0;
  std::size_t leg = 0;
  for (int k = 0; k <= samples; ++k) {
    const double at = len * k / samples;
    while (leg + 1 < pts.size() - 1 && walked + geom::distance(pts[leg], pts[leg + 1]) < at) {
      walked += geom::distance(pts[leg], pts[leg + 1]);
      ++leg;
    }
    const double seg = geom::distance(pts[leg], pts[leg + 1]);
    probe.pos = seg <= geom::kEps ? pts[leg] : pts[leg] + (pts[leg + 1] - pts[leg]) * ((at - walked) / seg);
    for (const auto& e : st.units) {
      if (!e.alive || e.side == u.side || !visible_to(st, e, st.side_id(u.side))) continue;
      if (geom::within(range_between(probe, e), row_of(u.type).close > 0 ? row_of(u.type).close : 4)) {
        return Refusal{"OH_ROAD_CLOSE", "OH-MOVE-08", "No road bonus: the path comes within 4\" of " + label(e) + "."};
      }
    }
  }
  return std::nullopt;
}

// The facing at the end of a move: the one asked for in half degrees, or (a negative facing)
// the one it has.
Facing end_facing_of(const Unit& u, const pb::OhMove& m) {
  if (m.facing_deg() < 0) return u.facing;
  return Facing::from_half_degrees(static_cast<int>(std::lround(std::fmod(m.facing_deg(), 360.0) * 2)));
}

}  // namespace

bool river_blocks(const OhState& st, Vec2 a, Vec2 b) {
  for (const auto& t : st.table->terrain) {
    if (t.kind != TerrainKind::kRiver) continue;
    for (const Vec2 p : crossing_points({a, b}, t.line)) {
      if (!inside_kind(st, p, TerrainKind::kFord) && !inside_kind(st, p, TerrainKind::kBridge)) return true;
    }
  }
  return false;
}

std::string allowance_words(const OhState& st, const Unit& u, bool march) {
  const TypeRow& r = row_of(u.type);
  const std::string die = die_words(st);
  const int dice = 1 + (march ? r.march_dice : 0);
  std::string out = (dice > 1 ? std::to_string(dice) : std::string()) + die;
  int bonus = r.move_bonus;
  if (threatened(st, u)) bonus -= kThreatenedInches;
  if (u.dug_in) bonus -= kLeaveDugInInches;
  if (bonus > 0) out += '+';
  if (bonus != 0) {
    out += std::to_string(bonus);
    out += '"';
  }
  return out;
}

Check check_roll_move(const OhState& st, int side, const std::string& unit_id, bool march) {
  const Unit* u = nullptr;
  if (auto r = unit_check(st, side, unit_id, &u)) return r;
  if (st.step != Step::kActions) return Refusal{"OH_WRONG_STEP", "OH-SEQ-04", "Units move only in the Actions step."};
  if (st.pending_move) return Refusal{"OH_MOVE_PENDING", "OH-MOVE-01", "Finish the move you rolled for first."};
  if (u->acted) return Refusal{"OH_ALREADY_ACTED", "OH-SEQ-04", label(*u) + " has already taken its action this phase."};
  const bool threat = threatened(st, *u);
  if (threat && row_of(u->type).threatened_stops) {
    return Refusal{"OH_THREATENED", "OH-MOVE-04", label(*u) + " is Threatened (an enemy base within 2\"): " + std::string(row_of(u->type).words) + " cannot move."};
  }
  if (march && threat) return Refusal{"OH_NO_MARCH", "OH-MOVE-03", label(*u) + " is Threatened and may not march."};
  return std::nullopt;
}

void do_roll_move(Context& ctx, OhState& st, int side, const pb::OhRollMove& m) {
  if (auto r = check_roll_move(st, side, m.unit_id(), m.march())) refuse(*r);
  const Unit& u = *st.alive_unit(m.unit_id());
  const TypeRow& row = row_of(u.type);
  pb::OhEvent e;
  auto* x = e.mutable_move_rolled();
  x->set_unit_id(u.id);
  x->set_march(m.march());
  int total = ctx.roll(die_kind(st), "move " + label(u));
  x->add_dice(total);
  if (m.march()) {
    for (int i = 0; i < row.march_dice; ++i) {
      const int d = ctx.roll(die_kind(st), "march " + label(u));
      x->add_dice(d);
      total += d;
    }
  }
  auto mod = [&](const std::string& words, int v) {
    if (v == 0) return;
    auto* p = x->add_modifiers();
    p->set_words(words);
    p->set_value(v);
    total += v;
  };
  mod(std::string(row.words), row.move_bonus);
  if (threatened(st, u)) mod("Threatened", -kThreatenedInches);
  if (u.dug_in) mod("leaving Dug-in", -kLeaveDugInInches);
  x->set_allowance(std::max(0, total));
  x->set_road_possible(on_road(st, u.pos));
  for (auto& d : ctx.pending_dice()) d.set_meaning("move " + std::to_string(std::max(0, total)) + "\" in all");
  emit_oh(ctx, e, audience(st, u));
}

Check check_move(const OhState& st, int side, const pb::OhMove& m) {
  const Unit* u = nullptr;
  if (auto r = unit_check(st, side, m.unit_id(), &u)) return r;
  if (!st.pending_move || st.pending_move->unit_id != u->id) {
    return Refusal{"OH_ROLL_FIRST", "OH-MOVE-01", "Roll for " + label(*u) + "'s move first; then draw its path."};
  }
  if (!std::isfinite(m.facing_deg())) return Refusal{"OH_BAD_FACING", "OH-MOVE-06", "The facing is not a number."};
  std::vector<Vec2> pts{u->pos};
  for (const auto& p : m.path()) {
    const Vec2 v = geom::from_proto(p);
    if (!geom::is_finite(v) || v.x < 0 || v.y < 0 || v.x > st.table->width || v.y > st.table->height) {
      return Refusal{"OH_BAD_PATH", "OH-MOVE-01", "The path has a point that is not on the table."};
    }
    pts.push_back(v);
  }
  if (m.path_size() > 64) return Refusal{"OH_BAD_PATH", "OH-MOVE-01", "A path may have at most 64 points."};
  if (pts.size() == 1) pts.push_back(u->pos);
  const PendingMove& pm = *st.pending_move;
  if (m.road() && !pm.road_possible) return Refusal{"OH_NOT_ON_ROAD", "OH-MOVE-08", label(*u) + " did not start on a road, so it has no road bonus."};
  const double len = geom::path_length(pts);
  const int limit = pm.allowance + (m.road() ? kRoadInches : 0);
  int atg_woods = 0;
  const Facing end_facing = end_facing_of(*u, m);
  if (auto r = terrain_check(st, *u, pts, end_facing, &atg_woods)) return r;
  if (geom::beyond(len + atg_woods, limit)) {
    std::string why = "The path is " + inches(len) + " long; " + label(*u) + " may move " + inches(limit - atg_woods);
    if (atg_woods) why += " (2\" less for entering a wood)";
    return Refusal{"OH_TOO_FAR", "OH-MOVE-01", why + "."};
  }
  // OH-MOVE-01: no base moves farther than the total. The other two bases follow the unique one in
  // line; a wheel carries them farther than it (their straight way from where they stand to where
  // they end is the least they travel). The line is symmetric: its two outer bases may change places.
  {
    const auto from = base_centres(u->type, u->pos, u->facing);
    const auto to = base_centres(u->type, pts.back(), end_facing);
    const double kept = std::max(geom::distance(from[1], to[1]), geom::distance(from[2], to[2]));
    const double swapped = std::max(geom::distance(from[1], to[2]), geom::distance(from[2], to[1]));
    const double farthest = std::min(kept, swapped);
    if (geom::beyond(farthest + atg_woods, limit)) {
      return Refusal{"OH_BASE_TOO_FAR", "OH-MOVE-01",
                     "Turning like this carries an outer base of " + label(*u) + " " + inches(farthest) + ", more than the " +
                         inches(limit - atg_woods) + " it may move: no base may move farther than the total."};
    }
  }
  if (m.road()) {
    if (auto r = road_check(st, *u, pts)) return r;
  }
  if (auto r = units_check(st, *u, pts, end_facing)) return r;
  return std::nullopt;
}

void do_move(Context& ctx, OhState& st, int side, const pb::OhMove& m) {
  if (auto r = check_move(st, side, m)) refuse(*r);
  const Unit& u = *st.alive_unit(m.unit_id());
  const Facing end_facing = end_facing_of(u, m);
  const bool keeps = m.facing_deg() < 0;
  std::vector<Vec2> pts{u.pos};
  for (const auto& p : m.path()) pts.push_back(geom::from_proto(p));
  if (pts.size() == 1) pts.push_back(u.pos);  // staying, or turning where it stands: one leg of nothing
  // A unit hidden from the mover (GAP-OH-LOS-05) stops it short where its bases would meet it:
  // refusing the path would tell the player where the hidden unit is. It then stands at the
  // last place of its path, facing as it did, where it is clear of every unit.
  Vec2 end = pts.back();
  bool stopped = false;
  const double len = geom::path_length(pts);
  auto meets = [&](Vec2 p, Facing f, bool hidden_only) {
    const auto mine = bases_at(u.type, p, f);
    for (const auto& o : st.units) {
      if (!o.alive || o.id == u.id) continue;
      if (!could_be_within(u.type, p, o.type, o.pos, 0)) continue;  // asked every 0.1" of the path
      if (hidden_only && (o.side == u.side || !hidden_from(st, o, u.side))) continue;
      for (const auto& ob : bases(o)) {
        for (const auto& b : mine) {
          if (overlap(b, ob)) return true;
        }
      }
    }
    return false;
  };
  const int samples = std::max(1, static_cast<int>(std::ceil(len / 0.1)));
  std::vector<Vec2> passed{u.pos};  // sample points reached without meeting a hidden unit
  double walked = 0;
  std::size_t leg = 0;
  for (int k = 1; k <= samples; ++k) {
    const double at = len * k / samples;
    while (leg + 2 < pts.size() && walked + geom::distance(pts[leg], pts[leg + 1]) < at) {
      walked += geom::distance(pts[leg], pts[leg + 1]);
      ++leg;
    }
    const double seg = geom::distance(pts[leg], pts[leg + 1]);
    const Vec2 p = seg <= geom::kEps ? pts[leg + 1] : pts[leg] + (pts[leg + 1] - pts[leg]) * ((at - walked) / seg);
    if (meets(p, k == samples ? end_facing : u.facing, true)) {
      stopped = true;
      break;
    }
    passed.push_back(p);
  }
  if (stopped) {
    end = u.pos;  // where it started is always clear
    for (std::size_t i = passed.size(); i-- > 1;) {
      if (!meets(passed[i], u.facing, false)) {
        end = passed[i];
        break;
      }
    }
  }
  pb::OhEvent e;
  auto* x = e.mutable_moved();
  x->set_unit_id(u.id);
  for (const auto& p : m.path()) *x->add_path() = p;
  geom::to_proto(end, x->mutable_to());
  // -1: it keeps its facing (a stay, or stopped short).
  x->set_facing_deg(stopped || keeps ? -1.0 : std::lround(std::fmod(m.facing_deg(), 360.0) * 2) / 2.0);
  x->set_road(m.road());
  x->set_distance(std::round(len * 100) / 100);
  emit_oh(ctx, e);
}

}  // namespace sandtable::oh
