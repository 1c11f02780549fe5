// Applying combat events (shooting, casualties, vehicle damage, melee, prisoners, morale).
// The shooting and melee helpers extend this file for their own events.
#include "engine/rulesets/bg/bg_internal.h"

namespace sandtable::bg {

void apply_combat_event(BgState& st, const pb::BgEvent& e) {
  switch (e.body_case()) {
    case pb::BgEvent::kCasualties: {
      const auto& c = e.casualties();
      Unit* u = st.find(c.unit_id());
      if (!u) break;
      for (const auto& fid : c.killed()) {
        if (Figure* f = u->figure(fid)) {
          f->alive = false;
          f->died_at = c.has_place() ? to_vec(c.place()) : f->pos;
          f->died_turn = st.turn;
        }
      }
      if (c.wiped_out() || u->living() == 0) u->destroyed = true;
      u->position = com(*u);
      break;
    }
    case pb::BgEvent::kVehicleDamaged: {
      const auto& d = e.vehicle_damaged();
      Unit* u = st.find(d.unit_id());
      if (!u || !u->vehicle) break;
      if (d.immobilized()) u->vehicle->immobilized = true;
      if (d.half_weapons()) u->vehicle->half_weapons = true;
      if (d.destroyed()) {
        u->destroyed = true;
        // BG-VEH-15/16: the crew is lost; surviving passengers are set down around the hull.
        int k = 0;
        for (const auto& pid : u->vehicle->passengers) {
          Unit* p = st.find(pid);
          if (!p) continue;
          p->carried_by.clear();
          for (auto& f : p->figures) {
            if (!f.alive) continue;
            f.pos = u->position + Vec2{static_cast<double>(k % 4) - 1.5, -1.0 - static_cast<double>(k / 4)};
            ++k;
          }
          p->position = com(*p);
        }
        u->vehicle->passengers.clear();
      }
      break;
    }
    case pb::BgEvent::kMorale: {
      // BG-MOR-01..04: the unit moves as a block to `to`, faces as told; a failed rout marks it.
      const auto& m = e.morale();
      Unit* u = st.find(m.unit_id());
      if (!u) break;
      const Vec2 delta = to_vec(m.to()) - com(*u);
      for (auto& f : u->figures) {
        if (f.alive) f.pos = f.pos + delta;
      }
      if (auto f = facing_from_degrees(m.facing_deg())) u->facing = *f;
      u->position = com(*u);
      if (m.test() == "rout" && !m.passed()) u->markers.routing = true;
      if (m.test() == "rally" && m.passed()) u->markers.routing = false;
      break;
    }
    case pb::BgEvent::kEmplacement: {
      Unit* u = st.find(e.emplacement().unit_id());
      if (!u || !u->emplacement) break;
      u->emplacement->hits = e.emplacement().hits_total();
      if (e.emplacement().destroyed()) {
        u->emplacement->destroyed = true;
        u->destroyed = true;
      }
      break;
    }
    default:
      break;
  }
}

}  // namespace sandtable::bg
