// Off-table artillery and air attacks (BG-ART-*): the random artillery deck (BG-ART-08/09,
// BG-CARD-15), aim points (BG-ART-05), drift (BG-ART-03, GAP-BG-ART-03) and blast attacks
// (BG-ART-04/06, GAP-BG-ART-06, GAP-BG-TER-07).
#include <algorithm>

#include "engine/rulesets/bg/bg_damage.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/geom/blast.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : s) {
    if (ch == sep) {
      out.push_back(cur);
      cur.clear();
    } else if (ch != ' ') {
      cur += ch;
    }
  }
  out.push_back(cur);
  return out;
}

// GAP-BG-TER-07: against overhead fire only buildings (and emplacements, vehicles' armour) and
// digging in protect; walls, fences and hedges give nothing.
int overhead_red(const BgState& st, const Unit& u) {
  if (u.vehicle) return u.vehicle->armoured ? u.vehicle->armour : 1;
  if (u.emplacement) return u.emplacement->red;
  int red = 0;
  if (!u.building.empty()) {
    if (const Terrain* t = st.terrain_named(u.building)) red = t->red;
  }
  if (u.markers.dug_in) red += kDugInRed;
  return red;
}

// BG-ART-06 / GAP-BG-ART-06: one blast's attack on one unit: the system's blue dice hitting as
// grade C, no halving or doubling against armour; the target's overhead red dice. The shared
// attack code rolls it and its effects: casualties with saves (BG-DMG-01/02), vehicle damage
// (BG-VEH-12..14) and emplacement hits (BG-EMP-03).
void blast_attack(Context& ctx, BgState& st, const FireMission& fm, const std::string& uid) {
  const Unit& u = *st.find(uid);
  AttackPlan a;
  a.target = uid;
  a.pool.blue = fm.dice;
  a.pool.red = overhead_red(st, u);
  a.pool.hit_from = hit_from(st.options, Grade::kC, 0);
  if (u.side == fm.side) a.notes.push_back("friendly unit under the ring (BG-FIRE-18)");
  carry_out_attack(ctx, st, fm.id, a, "blast");
}

}  // namespace

std::optional<std::string> artillery_deck(const pb::Scenario& s, std::vector<ArtilleryCard>* out) {
  for (const auto& o : s.options()) {
    if (o.key() != "bg.artillery_deck") continue;
    for (const auto& item : split(o.value(), ',')) {
      ArtilleryCard c;
      if (item == "reload") {
        c.reload = true;
      } else {
        const auto parts = split(item, ':');
        bool side_ok = false;
        for (const auto& sd : s.sides()) side_ok = side_ok || (parts.size() == 2 && sd.id() == parts[0]);
        if (!side_ok || !mission_kind(parts[1])) {
          return "options[bg.artillery_deck]: \"" + item + "\" is not \"reload\" or side:system (a side id and mortar, light_artillery, ..., smoke or flare)";
        }
        c.side = parts[0];
        c.system = parts[1];
      }
      out->push_back(c);
    }
  }
  return std::nullopt;
}

int side_owing_aim(const BgState& st) {
  for (const auto& m : st.missions) {
    if (m.awaiting_aim && !m.done) return m.side;
  }
  return -1;
}

void draw_artillery_card(Context& ctx, BgState& st, const std::string& why) {
  std::vector<ArtilleryCard> deck;
  if (artillery_deck(*st.scenario, &deck) || deck.empty()) return;
  // The cards not drawn since the last reload (a multiset difference by name).
  std::vector<ArtilleryCard> left;
  std::vector<std::string> drawn = st.artillery_drawn;
  for (const auto& c : deck) {
    auto it = std::find(drawn.begin(), drawn.end(), c.name());
    if (it != drawn.end()) drawn.erase(it);
    else left.push_back(c);
  }
  if (left.empty()) return;
  int pick = 0;
  do pick = ctx.roll(pb::DIE_KIND_D20, "artillery card"); while (pick > static_cast<int>(left.size()));
  const ArtilleryCard& c = left[static_cast<std::size_t>(pick - 1)];
  pb::BgEvent e;
  e.mutable_artillery_card()->set_card(c.name());
  e.mutable_artillery_card()->set_reload(c.reload);  // BG-ART-08: "Reload" returns every card
  emit_bg(ctx, e);
  if (c.reload) return;
  const auto kind = mission_kind(c.system);
  pb::BgEvent m;
  auto* f = m.mutable_fire_mission();
  f->set_mission_id("fm-" + std::to_string(st.next_id));
  f->set_side(c.side);
  f->set_system(c.system);
  f->set_blasts(kind->blasts);
  f->set_state("called");
  emit_bg(ctx, m);
  (void)why;
  // BG-FLR-03: a flare card needs no aim point: it is delivered at once.
  if (kind->flare) resolve_mission(ctx, st, FireMission(st.missions.back()), {});
}

void random_artillery_trigger(Context& ctx, BgState& st, const pb::Card& card) {
  (void)card;
  draw_artillery_card(ctx, st, "a 5 or 6 was drawn (BG-CARD-15)");
}

std::optional<MissionKind> mission_kind(std::string_view system) {
  if (system == "smoke") return MissionKind{1, 0, true, false};  // BG-SMK-05: one 4" circle
  if (system == "flare") return MissionKind{0, 0, false, true};  // BG-FLR-03: no aim point
  if (const FireSystemRow* r = fire_system_row(system)) return MissionKind{r->blasts, r->blue, false, false};
  return std::nullopt;
}

Check check_aims(const BgState& st, const FireMission& fm, std::span<const pb::Point> aims) {
  if (static_cast<int>(aims.size()) != fm.blasts) {
    return refusal("BG_AIM_COUNT", "BG-ART-05",
                   "Fire mission " + fm.id + " (" + fm.system + ") needs exactly " + std::to_string(fm.blasts) + " aim points.");
  }
  for (std::size_t i = 0; i < aims.size(); ++i) {
    const Vec2 p = to_vec(aims[i]);
    if (!(p.x >= 0 && p.y >= 0 && p.x <= st.width && p.y <= st.height)) {
      return refusal("BG_AIM_OFF_TABLE", "BG-ART-03", "Aim point " + std::to_string(i + 1) + " of " + fm.id + " is off the table.");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (!geom::within_distance(p, to_vec(aims[j]), kBlastSpread)) {
        return refusal("BG_AIM_SPREAD", "BG-ART-05", "The aim points of " + fm.id + " must all lie within 6\" of each other.");
      }
    }
  }
  return std::nullopt;
}

namespace {

// BG-ART-03 / GAP-BG-ART-03: 2D6, |d1 - d2| inches on a drawn bearing; fills the blast record.
Vec2 drift(Context& ctx, const BgState& st, Vec2 aim, pb::BgBlast* b) {
  const int d1 = ctx.roll(pb::DIE_KIND_D6, "drift"), d2 = ctx.roll(pb::DIE_KIND_D6, "drift");
  int bearing = 0;
  if (d1 != d2) {
    if (st.options.drift_d12) {
      // d12 clock: a D6 picks the half of the face (1-3: 1..6 o'clock, 4-6: 7..12), a D6 the hour.
      const int half = ctx.roll(pb::DIE_KIND_D6, "drift clock half"), hour = ctx.roll(pb::DIE_KIND_D6, "drift clock hour");
      bearing = ((half <= 3 ? 0 : 6) + hour) % 12 * 30;
    } else {
      // GAP-BG-ART-03: a whole compass degree, uniform over 0..359 = 36*d10(0-9) + 6*(D6-1) + (D6-1).
      const int tens = ctx.roll(pb::DIE_KIND_D10_ZERO, "drift bearing");
      const int a = ctx.roll(pb::DIE_KIND_D6, "drift bearing"), c = ctx.roll(pb::DIE_KIND_D6, "drift bearing");
      bearing = 36 * tens + 6 * (a - 1) + (c - 1);
    }
  }
  const Vec2 centre = geom::drifted_centre(aim, d1, d2, geom::compass_bearing(bearing));
  b->set_die1(d1);
  b->set_die2(d2);
  b->set_bearing_deg(bearing);
  *b->mutable_centre() = to_point(centre);
  return centre;
}

}  // namespace

void resolve_mission(Context& ctx, BgState& st, const FireMission& mission, std::span<const pb::Point> aims) {
  if (mission.flare) {
    // BG-FLR-03: an artillery flare lights the table for the rest of this turn and all the next.
    pb::BgEvent e;
    e.mutable_flare()->set_by(mission.id);
    e.mutable_flare()->set_until_turn(st.turn + 1);
    emit_bg(ctx, e);
  }
  for (const auto& aim_pt : aims) {
    const Vec2 aim = to_vec(aim_pt);
    pb::BgEvent e;
    auto* b = e.mutable_blast();
    b->set_mission_id(mission.id);
    *b->mutable_aim() = aim_pt;
    const Vec2 centre = drift(ctx, st, aim, b);
    if (mission.smoke) {
      // BG-SMK-05: a 4" circle where the drift put it; no attack.
      pb::BgEvent sm;
      auto* x = sm.mutable_smoke();
      x->set_smoke_id("smoke-" + std::to_string(st.next_id));
      *x->mutable_centre() = to_point(centre);
      x->set_radius(geom::kBlastRadius);
      x->set_state("laid");
      emit_bg(ctx, sm);
      continue;
    }
    const geom::Circle ring = geom::blast_ring(centre);  // BG-ART-02: 4" across
    // BG-ART-04 / BG-FIRE-18: every unit with any part of a figure or hull under the ring,
    // friends included. BG-ART-07: each is attacked on its own, in scenario order.
    for (const auto& u : st.units) {
      if (!u.on_table || u.destroyed || !u.carried_by.empty()) continue;
      bool under = false;
      for (const auto& f : footprints(st, u)) under = under || geom::under_ring(ring, f);
      if (under) b->add_units(u.id);
    }
    const std::vector<std::string> hit(b->units().begin(), b->units().end());
    emit_bg(ctx, e);
    for (const auto& uid : hit) {
      if (const Unit* u = st.find(uid); u && !u->destroyed) blast_attack(ctx, st, mission, uid);
    }
  }
  pb::BgEvent done;
  auto* f = done.mutable_fire_mission();
  f->set_mission_id(mission.id);
  f->set_side(side_id(st, mission.side));
  f->set_system(mission.system);
  f->set_blasts(mission.blasts);
  f->set_state("done");
  emit_bg(ctx, done);
}

void do_call_fire(Context& ctx, BgState& st, int side, const pb::BgCallFire& c) {
  const FireMission* fm = nullptr;
  for (const auto& m : st.missions) {
    if (m.id == c.mission_id()) fm = &m;
  }
  if (!fm || fm->done || !fm->awaiting_aim) {
    reject("BG_NO_MISSION", "BG-ART-01", "No fire mission '" + c.mission_id() + "' is waiting for aim points.");
  }
  if (fm->side != side) reject("BG_NOT_YOUR_MISSION", "BG-ART-01", "Fire mission " + fm->id + " belongs to " + side_id(st, fm->side) + ".");
  const std::vector<pb::Point> aims(c.aim_points().begin(), c.aim_points().end());
  if (auto r = check_aims(st, *fm, aims)) refuse(*r);
  const FireMission mission = *fm;
  resolve_mission(ctx, st, mission, aims);
}

}  // namespace sandtable::bg
