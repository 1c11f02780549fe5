// Profile (b)'s artillery and mortars (BGM-ART-01..05): strikes are the scenario's scheduled
// strikes, plotted in secret for a later turn (BgPlanStrike, BGM-ART-05); in step (4) of their
// turn each makes one d20 call roll (BGM-ART-02), deviates (BGM-ART-03), lands in a tight or loose
// pattern (BGM-ART-04) and every man under it takes a damage roll with the barrage's modifier
// (BGM-COV-01). What the seeds leave open is decided in docs/rulesets/battleground-mods.md.
#include <cmath>

#include "engine/rulesets/bg/bgs_skirmish.h"

namespace sandtable::bg {

namespace {

constexpr int kDefaultCall = 11;      // ours: a regular's rating (GAP-BGM-GEN-02) when the scenario gives none
constexpr int kObserverBonus = -5;    // BGM-ART-02
constexpr double kTightRadius = 2.0;  // Carroll's 4" ring (BG-ART-02)
constexpr double kLooseRadius = 4.0;  // ours: a loose pattern spreads over twice the radius...
constexpr int kLooseHitFrom = 4;      // ...and hits a man under it on a d6 of 4 or more
constexpr char kBarrageColumn = 'E';  // ours: the calibre's modifier scales it (BGM-COV-01)

int calibre_of(const FireMission& m) {
  if (m.calibre_mm > 0) return m.calibre_mm;
  if (m.system == "mortar") return 81;
  if (m.system == "light_artillery") return 75;
  if (m.system == "medium_artillery") return 105;
  if (m.system == "heavy_artillery") return 155;
  return 250;  // bombs
}

// BGM-COV-01, artillery barrage column.
std::pair<std::string, int> barrage_entry(int mm) {
  if (mm <= 70) return {"barrage under 70 mm", 1};
  if (mm <= 100) return {"barrage 71-100 mm", -2};
  if (mm <= 150) return {"barrage 101-150 mm", -3};
  return {"barrage over 150 mm", -4};
}

// Compass points 1..8 from north, clockwise (BGM-ART-03's d10 and the base game's d8).
Vec2 compass(int point) {
  const double h = std::sqrt(0.5);
  static const Vec2 kPoints[8] = {{0, 1}, {h, h}, {1, 0}, {h, -h}, {0, -1}, {-h, -h}, {-1, 0}, {-h, h}};
  return kPoints[(point - 1) % 8];
}

// The modifiers of a man's damage roll under the barrage: the best terrain he stands in, his
// position, the calibre (GAP-BGM-COV-01).
std::vector<std::pair<std::string, int>> barrage_modifiers(const BgState& st, const Unit& u, const Figure& f, int mm) {
  std::vector<std::pair<std::string, int>> out;
  std::pair<std::string, int> best{"", 0};
  if (!u.building.empty()) best = bgs_cover_entry(TerrainKind::kBuilding);
  for (const auto& t : st.terrain) {
    if (!t.area || geom::locate(*t.area, f.pos) == geom::Where::kOutside) continue;
    const auto c = bgs_cover_entry(t.kind);
    if (c.second > best.second) best = c;
  }
  if (u.markers.dug_in && best.second < 5) best = {"prepared position", 5};
  if (best.second > 0) out.push_back(best);
  if (auto p = bgs_position_entry(st, u)) out.push_back(*p);
  out.push_back(barrage_entry(mm));
  return out;
}

void land(Context& ctx, BgState& st, const FireMission& m, Vec2 aim, const pb::BgsBarrage& call) {
  pb::BgEvent e;
  pb::BgsBarrage& b = *e.mutable_bgs_barrage() = call;
  *b.mutable_aim() = to_point(aim);
  // BGM-ART-03 / GAP-BGM-ART-02: observed fire 1d10 direction (9-10: none) + 1d6"; else the base
  // game's 1d8 direction + 2d6".
  int point = 0;
  double drift = 0;
  if (m.observed) {
    b.set_deviation_dice("1d10 + 1d6");
    const int dir = ctx.roll(pb::DIE_KIND_D10, "deviation direction " + m.id);
    const int inches = ctx.roll(pb::DIE_KIND_D6, "deviation " + m.id);
    if (dir <= 8) {
      point = dir;
      drift = inches;
    }
  } else {
    b.set_deviation_dice("1d8 + 2d6");
    point = ctx.roll(pb::DIE_KIND_D8, "deviation direction " + m.id);
    drift = ctx.roll(pb::DIE_KIND_D6, "deviation " + m.id) + ctx.roll(pb::DIE_KIND_D6, "deviation " + m.id);
  }
  b.set_direction_roll(point);
  b.set_drift(drift);
  const Vec2 landed = point == 0 ? aim : aim + compass(point) * drift;
  *b.mutable_landed() = to_point(landed);
  const bool loose = drift > 4.0 + geom::kEps;  // BGM-ART-04
  b.set_pattern(loose ? "loose" : "tight");
  b.set_column(std::string(1, kBarrageColumn));
  const int mm = calibre_of(m);
  std::vector<pb::BgsWound> wounds;
  for (const auto& u : st.units) {
    if (!u.bgs || !u.on_table || u.destroyed) continue;
    bool hit = false;
    for (const Figure* f : fighters(u)) {
      if (!geom::within_distance(f->pos, landed, loose ? kLooseRadius : kTightRadius)) continue;
      if (loose && ctx.roll(pb::DIE_KIND_D6, "barrage on " + f->id) < kLooseHitFrom) continue;
      wounds.push_back(wound_on(ctx, u, *f, kBarrageColumn, barrage_modifiers(st, u, *f, mm), wounds));
      hit = true;
    }
    if (hit) b.add_units_hit(u.id);
  }
  for (const auto& w : wounds) *b.add_wounds() = w;
  emit_bg(ctx, e);
  for (const auto& id : b.units_hit()) {
    std::vector<pb::BgsWound> own;
    for (const auto& w : wounds) {
      if (w.unit_id() == id) own.push_back(w);
    }
    after_wounds(ctx, st, id, own);
  }
}

}  // namespace

void bgs_barrages(Context& ctx, BgState& st) {
  for (std::size_t i = 0; i < st.missions.size(); ++i) {
    const FireMission m = st.missions[i];  // a copy: events change the list
    if (!m.scheduled || m.done || m.turn != st.turn) continue;
    pb::BgsBarrage call;
    call.set_strike_id(m.id);
    call.set_side(side_id(st, m.side));
    if (m.aims.empty()) {  // never plotted: it waits to be written for a later turn
      pb::BgEvent e;
      *e.mutable_bgs_barrage() = call;
      emit_bg(ctx, e);
      continue;
    }
    // BGM-ART-02: one d20 for communication and availability together, roll-under.
    call.set_call_number(m.call_number > 0 ? m.call_number : kDefaultCall);
    call.set_call_modifier(m.observed ? kObserverBonus : 0);
    call.set_call_natural(ctx.roll(pb::DIE_KIND_D20, "call " + m.id));
    call.set_called(call.call_natural() + call.call_modifier() <= call.call_number());
    if (!call.called()) {
      pb::BgEvent e;
      *e.mutable_bgs_barrage() = call;
      emit_bg(ctx, e);  // it tries again next turn, its plot still secret
      continue;
    }
    for (const Vec2 aim : m.aims) land(ctx, st, m, aim, call);
  }
}

}  // namespace sandtable::bg
