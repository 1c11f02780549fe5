// Applying the melee area's events (BG-MEL-*, BG-PRIS-*): the pending charge, melees marked
// and ended, surrender and prisoner groups. Hooked into Battleground::apply (bg_apply.cc).
#include <algorithm>

#include "engine/bg/bg_melee.h"

namespace sandtable::bg {

namespace {

void charge_moved(BgState& st, const pb::BgChargeMoved& e) {
  st.charge.reset();
  Unit* u = st.find(e.unit_id());
  if (!u) return;
  if (e.roll() > 0) {
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
  g.position = com(g);
  st.units.push_back(g);
  st.next_id += 1;
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
    case pb::BgEvent::kChargeMoved: charge_moved(st, e.charge_moved()); break;
    case pb::BgEvent::kMeleeRound:
      for (auto& m : st.melees) {
        if (m.id == e.melee_round().melee_id()) m.round = e.melee_round().round();
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
    default:
      break;
  }
}

}  // namespace sandtable::bg
