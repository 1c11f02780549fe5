// Battleground's action menu, the orders whose line, strips or partner the engine places
// (bg_menu.h; docs/rulesets/battleground.md "Action menu: orders the engine places"):
// - smoke:<unit>        BgLaySmoke (BG-SMK-01/02): one 6" line per visible enemy, across the line
//                       of sight to it, and one 6" ahead; targets are the lines' centres;
// - clear-mines:<unit>  BgClearMines (BG-MINE-10): targets are the known minefields the unit
//                       touches or stands in; one 2" strip per engineer at the nearest edge;
// - combine:<unit>      BgMove without a path, combine_with the picked adjacent friendly
//                       infantry unit (BG-COMB-01/03);
// - road modes of move:<unit> ("walk by road", ...): BgMove.road (BG-MOVE-07).
// Every offer is built first and kept only when the handler's own check accepts it.
#include <algorithm>
#include <cmath>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_menu.h"
#include "engine/rulesets/bg/bg_move_util.h"
#include "engine/rulesets/bg/bg_special.h"

namespace sandtable::bg {

namespace {

constexpr const char* kByRoad = " by road";

bool on_table_point(const BgState& st, Vec2 p) { return p.x >= 0 && p.y >= 0 && p.x <= st.width && p.y <= st.height; }

// A compass facing rounded to the half degree the orders carry (BG-MOVE-02).
Facing half_degree_facing(Vec2 dir) {
  const double deg = std::round(facing_degrees(Facing::along(dir)) * 2) / 2;
  return facing_from_degrees(deg).value_or(Facing::along(dir));
}

// ---- smoke (BG-SMK-01/02) ----

struct SmokeLine {
  std::string id;  // the target id: "ahead" or "before:<enemy id>"
  std::string label, detail;
  Vec2 centre, a, b;
};

// The 6" line centred on `centre`, square to `dir`.
SmokeLine line_across(Vec2 centre, Vec2 dir) {
  const Vec2 side = Facing::along(dir).right() * (kSmokeLength / 2);
  SmokeLine l;
  l.centre = centre;
  l.a = centre + side;
  l.b = centre - side;
  return l;
}

pb::BgLaySmoke smoke_order(const Unit& u, const SmokeLine& l) {
  pb::BgLaySmoke c;
  c.set_unit_id(u.id);
  *c.mutable_a() = to_point(l.a);
  *c.mutable_b() = to_point(l.b);
  return c;
}

// Decision (docs "Action menu"): for each enemy unit the layer sees, the line across the line of
// sight from the layer's centre to the enemy's aim point, centred on it as far out as both ends
// stay within 12" (sqrt(12^2 - 3^2) = 11.62"), or 1" short of the enemy when it is nearer; plus
// one line 6" straight ahead. Lines off the table or refused by the handler are dropped.
std::vector<SmokeLine> smoke_lines(const BgState& st, int side, const Unit& u) {
  std::vector<SmokeLine> out;
  if (!u.smoke) return out;
  const Vec2 from = com(u);
  const double reach = std::sqrt(kSmokeRange * kSmokeRange - (kSmokeLength / 2) * (kSmokeLength / 2));
  const auto night = night_sight_limit(st);
  for (const auto& t : st.units) {
    if (!visible_enemy(t, side)) continue;
    const Vec2 to = t.infantry_like() ? com(t) : t.position;
    const double d = geom::distance(from, to);
    if (d < 2 || (night && geom::beyond(d, *night)) || los_blocker(st, u, t)) continue;
    const double out_to = std::min(reach, d - 1);
    const Vec2 dir = (to - from) / d;
    SmokeLine l = line_across(from + dir * out_to, dir);
    l.id = "before:" + t.id;
    l.label = "Smoke screen in front of " + label(t);
    l.detail = "6\" line " + inches(std::round(out_to * 10) / 10) + " out, " + inches(std::round((d - out_to) * 10) / 10) +
               " short of " + label(t);
    out.push_back(l);
  }
  SmokeLine ahead = line_across(from + u.facing.forward() * 6, u.facing.forward());
  ahead.id = "ahead";
  ahead.label = "Smoke 6\" ahead";
  ahead.detail = "6\" line across " + label(u) + "'s front, 6\" out";
  out.push_back(ahead);
  std::vector<SmokeLine> kept;
  for (auto& l : out) {
    if (!on_table_point(st, l.a) || !on_table_point(st, l.b)) continue;
    if (!check_lay_smoke(st, side, smoke_order(u, l))) kept.push_back(std::move(l));
  }
  return kept;
}

void smoke_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  const auto lines = smoke_lines(st, side, u);
  if (lines.empty()) return;
  pb::Action& a = add_unit_entry(menu, "smoke:" + u.id, "other", "Lay smoke with " + label(u) + " (a 6\" line within 12\")", u, "BG-SMK-01");
  for (const auto& l : lines) {
    auto* t = a.add_targets();
    t->set_id(l.id);
    t->set_label(l.label);
    t->set_detail(l.detail);
    *t->mutable_point() = to_point(l.centre);
  }
}

// ---- mine clearing by engineers (BG-MINE-10) ----

// The point of the polygon's boundary nearest p, the edge it lies on and the inward normal.
struct EdgePoint {
  Vec2 at, along, inward;
  geom::Segment edge;
};

EdgePoint nearest_edge_point(const geom::Polygon& area, Vec2 p) {
  EdgePoint best;
  double best_d = -1;
  for (int i = 0; i < area.size(); ++i) {
    const geom::Segment e = area.edge(i);
    const Vec2 v = e.b - e.a;
    const double len2 = geom::length_squared(v);
    if (len2 <= geom::kEps) continue;
    const double k = std::clamp(geom::dot(p - e.a, v) / len2, 0.0, 1.0);
    const Vec2 q = e.a + v * k;
    const double d = geom::distance(p, q);
    if (best_d >= 0 && d >= best_d) continue;
    best_d = d;
    best.at = q;
    best.edge = e;
    best.along = v / std::sqrt(len2);
  }
  Vec2 n{-best.along.y, best.along.x};
  if (geom::locate(area, best.at + n * 0.05) == geom::Where::kOutside) n = -n;
  best.inward = n;
  return best;
}

// Decision (docs "Action menu"): one strip per living engineer (6 at most), 1" deep and 2" wide,
// its outer side on the minefield's edge at the point nearest that engineer (kept 1" from the
// edge's ends), facing into the minefield; strips that would overlap an earlier one slide along
// the edge in 2" steps while they stay on it.
pb::BgClearMines clearing_of(const Unit& u, const Terrain& t) {
  pb::BgClearMines c;
  c.set_unit_id(u.id);
  std::vector<Vec2> placed;
  for (const auto& f : u.figures) {
    if (!f.alive || f.prisoner || f.kind != FigureKind::kEngineer) continue;
    if (c.strips_size() >= kMaxEngineers) break;
    const EdgePoint e = nearest_edge_point(*t.area, f.pos);
    // Along the edge, the strip's centre stays 1" from either end, so the whole 2" lies on it.
    const double len = geom::distance(e.edge.a, e.edge.b), half = kStripWidth / 2;
    auto on_edge = [&](double s) { return e.edge.a + e.along * (len < kStripWidth ? len / 2 : std::clamp(s, half, len - half)); };
    const double s0 = geom::dot(e.at - e.edge.a, e.along);
    Vec2 at = on_edge(s0);
    for (int k = 1; k <= 6; ++k) {
      const bool clash = std::any_of(placed.begin(), placed.end(),
                                     [&](Vec2 p) { return geom::beyond(kStripWidth, geom::distance(p, at)); });
      if (!clash) break;
      const int step = (k + 1) / 2 * (k % 2 ? 1 : -1);  // +1, -1, +2, -2, +3, -3 strip widths
      const double s = s0 + kStripWidth * step;
      if (s >= half - geom::kEps && s <= len - half + geom::kEps) at = on_edge(s);
    }
    placed.push_back(at);
    const Facing facing = half_degree_facing(e.inward);
    auto* s = c.add_strips();
    s->set_minefield_id(t.name);
    *s->mutable_centre() = to_point(at + facing.forward() * (kStripDepth / 2));
    s->set_facing_deg(facing_degrees(facing));
  }
  return c;
}

// The minefields the side knows that the unit touches or stands in, with their clearing.
std::vector<std::pair<const Terrain*, pb::BgClearMines>> clearings(const BgState& st, int side, const Unit& u) {
  std::vector<std::pair<const Terrain*, pb::BgClearMines>> out;
  if (u.count(FigureKind::kEngineer) == 0) return out;
  for (const auto& m : st.minefields) {
    const Terrain* t = st.terrain_named(m.terrain);
    if (!t || !t->area || !m.known_to[static_cast<std::size_t>(side)]) continue;
    if (!geom::within(distance_to_minefield(st, u, *t), kCohesion)) continue;
    pb::BgClearMines c = clearing_of(u, *t);
    if (!check_clear_mines(st, side, c)) out.emplace_back(t, std::move(c));
  }
  return out;
}

void clear_mines_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  const auto found = clearings(st, side, u);
  if (found.empty()) return;
  pb::Action& a = add_unit_entry(menu, "clear-mines:" + u.id, "other", "Clear mines with the engineers of " + label(u), u, "BG-MINE-10");
  for (const auto& [t, c] : found) {
    auto* x = a.add_targets();
    x->set_id(t->name);
    x->set_label("Clear a lane into " + t->name);
    const int n = c.strips_size();
    x->set_detail(std::to_string(n) + (n == 1 ? " strip" : " strips") + " 2\" wide and 1\" deep at its edge, one per engineer");
    *x->mutable_point() = c.strips(0).centre();
  }
}

// ---- combining (BG-COMB-01..04) ----

// The stay that joins `other`: the unit's first path-free intent, facing kept.
pb::BgMove combine_move(const BgState& st, int side, const Unit& u, const Unit& other) {
  for (auto intent : {pb::BG_MOVE_WALK, pb::BG_MOVE_DIG_OUT}) {
    pb::BgMove m;
    m.set_unit_id(u.id);
    m.set_intent(intent);
    m.set_facing_deg(facing_degrees(u.facing));
    m.set_combine_with(other.id);
    if (!check_move(st, side, m, nullptr)) return m;
  }
  return {};
}

void combine_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  if (!u.infantry_like() || !u.carried_by.empty() || (u.kind == UnitKind::kCavalry && u.mounted)) return;
  pb::Action a;
  for (const auto& o : st.units) {
    if (o.side != side || o.id == u.id || !o.on_table || o.destroyed || !o.infantry_like()) continue;
    if (!units_touch(st, u, o)) continue;  // without a path they must touch already (BG-COMB-03)
    const pb::BgMove move = combine_move(st, side, u, o);
    if (move.unit_id().empty()) continue;
    pb::ActionTarget& t = *a.add_targets() = unit_target(o);
    const int n = u.living() + o.living();
    std::string words = std::to_string(n) + " figures together";
    if (n > kMaxUnitFigures) words.append(", split into two units (BG-COMB-02)");
    if (u.grade == o.grade) words.append("; grade stays ").append(1, grade_letter(o.grade));
    else words.append("; grade rolled between ").append(1, grade_letter(u.grade)).append(" and ").append(1, grade_letter(o.grade)).append(" (BG-COMB-04)");
    if (move.intent() == pb::BG_MOVE_DIG_OUT) words.append("; ").append(label(u)).append(" digs out to join (BG-MOVE-12)");
    t.set_detail(words);
  }
  if (a.targets().empty()) return;
  pb::Action& added = add_unit_entry(menu, "combine:" + u.id, "other", "Combine " + label(u) + " with…", u, "BG-COMB-01");
  *added.mutable_targets() = a.targets();
}

bool on_road(const BgState& st, Vec2 p) {
  return std::any_of(st.terrain.begin(), st.terrain.end(), [&](const Terrain& t) {
    return t.kind == TerrainKind::kRoad && t.area && geom::strictly_inside(*t.area, p);
  });
}

}  // namespace

void add_road_modes(const BgState& st, int side, const Unit& u, pb::MoveLimits& limits, std::string& words) {
  if (!on_road(st, com(u))) return;
  const pb::MoveLimits base = limits;
  for (int i = 0; i < base.modes_size(); ++i) {
    const std::string& mode = base.modes(i);
    pb::BgMove m;
    if (mode == "walk") m.set_intent(pb::BG_MOVE_WALK);
    else if (mode == "run") m.set_intent(pb::BG_MOVE_RUN);
    else if (mode == "mounted") m.set_intent(pb::BG_MOVE_MOUNTED);
    else continue;
    m.set_unit_id(u.id);
    m.set_road(true);
    m.set_facing_deg(facing_degrees(u.facing));
    // Offered when a 1" step along the road, in one of 16 directions, is accepted: the unit may
    // use the road now (not, e.g., a non-standing unit whose road only leads toward the enemy).
    bool usable = false;
    for (int k = 0; k < 16 && !usable; ++k) {
      m.clear_path();
      *m.add_path() = to_point(com(u) + Facing::from_half_degrees(k * 45).forward());
      usable = !check_move(st, side, m, nullptr);
    }
    if (!usable) continue;
    const double most = base.mode_max_inches(i) + road_bonus(st.options, static_cast<int>(base.mode_max_inches(i)));
    limits.add_modes(mode + kByRoad);
    limits.add_mode_max_inches(most);
    limits.set_max_inches(std::max(limits.max_inches(), most));
    words.append("; ").append(mode).append(kByRoad).append(" up to ").append(inches(most));
  }
}

std::string road_mode(const std::string& mode, bool* road) {
  const std::string suffix = kByRoad;
  *road = mode.size() > suffix.size() && mode.compare(mode.size() - suffix.size(), suffix.size(), suffix) == 0;
  return *road ? mode.substr(0, mode.size() - suffix.size()) : mode;
}

void order_actions(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  if (st.action.action == BgAction::kMove) {
    combine_action(st, side, u, menu);
  } else {
    smoke_action(st, side, u, menu);
    clear_mines_action(st, side, u, menu);
  }
}

void placed_order(const BgState& st, const std::string& verb, const Unit& u, const pb::PlayAction& play, pb::BgCommand& c) {
  if (verb == "smoke") {
    for (const auto& l : smoke_lines(st, u.side, u)) {
      if (l.id == play.target()) *c.mutable_lay_smoke() = smoke_order(u, l);
    }
  } else if (verb == "clear-mines") {
    for (const auto& [t, clearing] : clearings(st, u.side, u)) {
      if (t->name == play.target()) *c.mutable_clear_mines() = clearing;
    }
  } else if (verb == "combine") {
    if (const Unit* o = st.active_unit(play.target())) {
      pb::BgMove m = combine_move(st, u.side, u, *o);
      if (!m.unit_id().empty()) *c.mutable_move() = m;
    }
  }
}

std::vector<pb::BgCommand> placed_orders(const BgState& st, int side, const Unit& u) {
  std::vector<pb::BgCommand> out;
  pb::ActionMenu menu;
  order_actions(st, side, u, menu);
  for (const auto& a : menu.actions()) {
    const std::string verb = a.id().substr(0, a.id().find(':'));
    for (const auto& t : a.targets()) {
      pb::PlayAction play;
      play.set_action(a.id());
      play.set_target(t.id());
      pb::BgCommand c;
      placed_order(st, verb, u, play, c);
      if (c.body_case() != pb::BgCommand::BODY_NOT_SET) out.push_back(std::move(c));
    }
  }
  return out;
}

}  // namespace sandtable::bg
