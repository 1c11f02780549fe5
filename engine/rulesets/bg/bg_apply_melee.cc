// Applying the melee area's events (BG-MEL-*, BG-PRIS-*): the pending charge, melees marked
// and ended, surrender and prisoner groups. Hooked into Battleground::apply (bg_apply.cc).
#include <algorithm>

#include "engine/rulesets/bg/bg_melee.h"

namespace sandtable::bg {

namespace {

void charge_moved(BgState& st, const pb::BgChargeMoved& e) {
  st.charge.reset();
  Unit* u = st.find(e.unit_id());
  if (!u) return;
  if (u->vehicle) {
    // BG-MEL-16: the hull moves (passengers with it); an immobilising roll keeps it in place.
    if (e.immobilized()) u->vehicle->immobilized = true;
    if (e.roll() > 0 && !e.immobilized()) {
      u->position = to_vec(e.to());
      if (auto f = facing_from_degrees(e.facing_deg())) u->facing = *f;
      u->markers.dug_in = false;
      for (const auto& pid : u->vehicle->passengers) {
        if (Unit* p = st.find(pid)) {
          for (auto& f : p->figures) f.pos = u->position;
          p->position = u->position;
          p->facing = u->facing;
        }
      }
    }
  } else if (e.roll() > 0) {
    const Vec2 shift = to_vec(e.to()) - com(*u);
    for (auto& f : u->figures) {
      if (f.alive && !f.prisoner && !(u->has_horses && f.kind == FigureKind::kHorseHolder)) f.pos = f.pos + shift;
    }
    u->position = com(*u);
    u->building.clear();
    u->markers.dug_in = false;
  }
  // BG-MEL-18: a passed charge that fell short may continue on an ace this turn.
  u->charge_short_of = e.reached() || e.roll() == 0 ? "" : e.target_id();
  if (!e.reached()) return;
  for (auto& m : st.melees) {
    if (m.id != e.melee_id()) continue;
    if (std::find(m.attackers.begin(), m.attackers.end(), u->id) == m.attackers.end()) {
      m.attackers.push_back(u->id);
      m.from_behind.push_back(e.from_behind());
    }
    return;
  }
  Melee m;
  m.id = e.melee_id();
  m.attackers = {u->id};
  m.defenders = {e.target_id()};
  m.from_behind = {e.from_behind()};
  m.place = to_vec(e.to());
  st.melees.push_back(m);
  st.next_id += 1;
}

void prisoner_group(BgState& st, const pb::BgPrisonerGroup& e) {
  const int side = st.side_index(e.side());
  Unit g;
  g.id = e.group_id();
  g.name = "prisoners " + e.group_id();
  g.side = side;
  g.prisoner_group = true;
  g.escort_vehicle = e.escort_vehicle();  // BG-PRIS-06: no guards; the vehicle escorts them
  g.guards_from = e.choosing_unit();      // BG-PRIS-01: the captors may still choose the guards
  auto take = [&](const std::string& fid, bool own_side) {
    for (auto& u : st.units) {
      if ((u.side == side) != own_side || u.prisoner_group) continue;
      auto it = std::find_if(u.figures.begin(), u.figures.end(), [&](const Figure& f) { return f.id == fid && f.alive; });
      if (it == u.figures.end()) continue;
      Figure f = *it;
      f.from_unit = u.id;
      if (!own_side) {
        f.prisoner = true;
        f.prisoner_of = side;
      } else {
        g.grade = u.grade;
        g.facing = u.facing;
      }
      u.figures.erase(it);
      if (u.living() == 0) u.destroyed = true;
      u.position = com(u);
      g.figures.push_back(f);
      return;
    }
  };
  for (const auto& id : e.guards()) take(id, true);
  for (const auto& id : e.prisoners()) take(id, false);
  for (const auto& pl : e.placed()) {  // BG-PRIS-01: gathered behind the guards
    for (auto& f : g.figures) {
      if (f.id == pl.figure_id()) f.pos = to_vec(pl.position());
    }
  }
  g.position = com(g);
  if (g.figures.empty()) return;  // nothing was taken
  // Named after the unit its prisoners came from, as players call it ("Farm Section prisoners").
  for (const auto& f : g.figures) {
    if (!f.prisoner) continue;
    if (const Unit* from = st.find(f.from_unit)) g.name = (from->name.empty() ? from->id : from->name) + " prisoners";
    break;
  }
  st.units.push_back(g);
  st.next_id += 1;
}

// BG-PRIS-01: the captors' choice of guards: each figure in takes the place of one out.
void guards_chosen(BgState& st, const pb::BgGuardsChosen& e) {
  Unit* g = st.find(e.group_id());
  Unit* c = st.find(e.unit_id());
  if (!g) return;
  g->guards_from.clear();
  if (!c) return;
  for (int i = 0; i < e.guards_in_size() && i < e.guards_out_size(); ++i) {
    auto in = std::find_if(c->figures.begin(), c->figures.end(), [&](const Figure& f) { return f.id == e.guards_in(i); });
    auto out = std::find_if(g->figures.begin(), g->figures.end(), [&](const Figure& f) { return f.id == e.guards_out(i); });
    if (in == c->figures.end() || out == g->figures.end()) continue;
    std::swap(in->pos, out->pos);  // each stands where the other stood
    std::swap(*in, *out);          // and takes its place in the list
  }
  c->position = com(*c);
  g->position = com(*g);
}

}  // namespace

void apply_melee_event(BgState& st, const pb::BgEvent& e) {
  switch (e.body_case()) {
    case pb::BgEvent::kChargeDeclared: {
      const auto& d = e.charge_declared();
      if (!d.passed()) break;
      PendingCharge pc;
      pc.charger = d.unit_id();
      pc.target = d.target_id();
      for (const auto& p : d.path()) pc.path.push_back(to_vec(p));
      st.charge = pc;
      break;
    }
    case pb::BgEvent::kDefenderResponse:
      if (st.charge) {
        st.charge->response = e.defender_response().choice();
        st.charge->response_done = true;
      }
      break;
    case pb::BgEvent::kFleeRolled:  // BG-MEL-14: the flee waits for its player's way
      if (st.charge) st.charge->flee_roll = e.flee_rolled().roll();
      break;
    case pb::BgEvent::kChargeMoved: charge_moved(st, e.charge_moved()); break;
    case pb::BgEvent::kMeleeRound:
      for (auto& m : st.melees) {
        if (m.id == e.melee_round().melee_id()) m.round = e.melee_round().round();
      }
      break;
    case pb::BgEvent::kMeleeOrdered:  // BG-MEL-06/10: the pairs a side chose for the next round
      for (auto& m : st.melees) {
        if (m.id != e.melee_ordered().melee_id()) continue;
        const int role = e.melee_ordered().attackers() ? 0 : 1;
        m.order[role].assign(e.melee_ordered().figure_ids().begin(), e.melee_ordered().figure_ids().end());
        m.order_round[role] = e.melee_ordered().round();
      }
      break;
    case pb::BgEvent::kVehicleMeleeRound:  // BG-MEL-15
      for (auto& m : st.melees) {
        if (m.id == e.vehicle_melee_round().melee_id()) m.round = e.vehicle_melee_round().round();
      }
      break;
    case pb::BgEvent::kMeleeEnded:
      std::erase_if(st.melees, [&](const Melee& m) { return m.id == e.melee_ended().melee_id(); });
      break;
    case pb::BgEvent::kSurrendered: {
      Unit* u = st.find(e.surrendered().unit_id());
      if (!u) break;
      const int to = st.side_index(e.surrendered().to_side());
      for (const auto& fid : e.surrendered().figure_ids()) {
        if (Figure* f = u->figure(fid)) {
          f->prisoner = true;
          f->prisoner_of = to;
        }
      }
      break;
    }
    case pb::BgEvent::kPrisoners: prisoner_group(st, e.prisoners()); break;
    case pb::BgEvent::kGuardsChosen: guards_chosen(st, e.guards_chosen()); break;  // BG-PRIS-01
    case pb::BgEvent::kCasualties: {
      // BG-PRIS-05: when every guard of a prisoner group is killed (by any attack; this runs
      // after the casualties are applied), the prisoners are removed: the group leaves the
      // table and its prisoners count neither as captured nor as killed.
      Unit* g = st.find(e.casualties().unit_id());
      if (g && g->prisoner_group && g->escort_vehicle.empty() && g->living_fighters() == 0) g->destroyed = true;
      break;
    }
    case pb::BgEvent::kVehicleDamaged:
      // BG-PRIS-05 / BG-PRIS-06: prisoners escorted by a vehicle that is destroyed are removed.
      if (e.vehicle_damaged().destroyed()) {
        for (auto& g : st.units) {
          if (g.prisoner_group && g.escort_vehicle == e.vehicle_damaged().unit_id()) g.destroyed = true;
        }
      }
      break;
    default:
      break;
  }
}

}  // namespace sandtable::bg
