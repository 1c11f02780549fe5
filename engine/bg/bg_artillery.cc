// Off-table artillery and air attacks (BG-ART-*): the random artillery deck (BG-ART-08/09,
// BG-CARD-15), aim points (BG-ART-05), drift (BG-ART-03, GAP-BG-ART-03) and blast attacks
// (BG-ART-04/06, GAP-BG-ART-06, GAP-BG-TER-07).
#include <algorithm>

#include "engine/bg/bg_special.h"
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

// BG-ART-06: one blast's attack on one unit: the system's blue dice on grade C faces.
void blast_attack(Context& ctx, BgState& st, const FireMission& fm, const std::string& uid, Vec2 centre) {
  const Unit& u = *st.find(uid);
  const int red = overhead_red(st, u);
  const std::vector<int> blue = ctx.roll_pool(fm.dice, pb::DIE_KIND_D6, "blast");
  const std::vector<int> reds = ctx.roll_pool(red, pb::DIE_KIND_D6, "protection");
  int hits = 0, cancels = 0;
  for (int v : blue) hits += is_hit(st.options, Grade::kC, 0, v);  // BG-FIRE-03: blue 1s ignored
  for (int v : reds) cancels += v == 1;                              // BG-FIRE-04
  const int net = std::max(0, hits - cancels);
  pb::BgEvent e;
  auto* a = e.mutable_attack();
  a->set_attacker_id(fm.id);
  a->set_target_id(u.id);
  a->set_purpose("blast");
  a->set_grade("C");
  a->set_blue(fm.dice);
  a->set_red(red);
  a->set_hits(hits);
  a->set_cancels(cancels);
  a->set_net(net);
  if (!u.infantry_like() && net > 0) a->add_notes("vehicle/emplacement damage follows BG-VEH-12 / BG-EMP-03");
  emit_bg(ctx, e);
  if (net > 0 && u.infantry_like()) random_casualties(ctx, st, u.id, net, "blast of " + fm.id, centre);
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
        if (!side_ok || !fire_system_row(parts[1])) {
          return "options[bg.artillery_deck]: \"" + item + "\" is not \"reload\" or side:system (a side id and mortar, light_artillery, ...)";
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
  const FireSystemRow* row = fire_system_row(c.system);
  pb::BgEvent m;
  auto* f = m.mutable_fire_mission();
  f->set_mission_id("fm-" + std::to_string(st.next_id));
  f->set_side(c.side);
  f->set_system(c.system);
  f->set_blasts(row->blasts);
  f->set_state("called");
  emit_bg(ctx, m);
  (void)why;
}

void random_artillery_trigger(Context& ctx, BgState& st, const pb::Card& card) {
  (void)card;
  draw_artillery_card(ctx, st, "a 5 or 6 was drawn (BG-CARD-15)");
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
  if (c.aim_points_size() != fm->blasts) {
    reject("BG_AIM_COUNT", "BG-ART-05",
           "Fire mission " + fm->id + " (" + fm->system + ") needs exactly " + std::to_string(fm->blasts) + " aim points.");
  }
  for (int i = 0; i < c.aim_points_size(); ++i) {
    const Vec2 p = to_vec(c.aim_points(i));
    if (p.x < 0 || p.y < 0 || p.x > st.width || p.y > st.height) {
      reject("BG_AIM_OFF_TABLE", "BG-ART-03", "Aim point " + std::to_string(i + 1) + " of " + fm->id + " is off the table.");
    }
    for (int j = 0; j < i; ++j) {
      if (!geom::within_distance(p, to_vec(c.aim_points(j)), kBlastSpread)) {
        reject("BG_AIM_SPREAD", "BG-ART-05", "The aim points of " + fm->id + " must all lie within 6\" of each other.");
      }
    }
  }
  const FireMission mission = *fm;
  for (const auto& aim_pt : c.aim_points()) {
    const Vec2 aim = to_vec(aim_pt);
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
        const int a = ctx.roll(pb::DIE_KIND_D6, "drift bearing"), b = ctx.roll(pb::DIE_KIND_D6, "drift bearing");
        bearing = 36 * tens + 6 * (a - 1) + (b - 1);
      }
    }
    const Vec2 centre = geom::drifted_centre(aim, d1, d2, geom::compass_bearing(bearing));
    const geom::Circle ring = geom::blast_ring(centre);
    pb::BgEvent e;
    auto* b = e.mutable_blast();
    b->set_mission_id(mission.id);
    *b->mutable_aim() = aim_pt;
    b->set_die1(d1);
    b->set_die2(d2);
    b->set_bearing_deg(bearing);
    *b->mutable_centre() = to_point(centre);
    // BG-ART-04: every unit with any part of a figure or hull under the ring, friends included.
    for (const auto& u : st.units) {
      if (!u.on_table || u.destroyed || !u.carried_by.empty()) continue;
      bool under = false;
      for (const auto& f : footprints(st, u)) under = under || geom::under_ring(ring, f);
      if (under) b->add_units(u.id);
    }
    const std::vector<std::string> hit(b->units().begin(), b->units().end());
    emit_bg(ctx, e);
    for (const auto& uid : hit) {
      if (const Unit* u = st.find(uid); u && !u->destroyed) blast_attack(ctx, st, mission, uid, centre);
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

}  // namespace sandtable::bg
