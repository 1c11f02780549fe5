// Applying special-rule events (mines, smoke, flares, artillery/air, medics).
#include "engine/rulesets/bg/bg_special.h"

namespace sandtable::bg {

namespace {

void heal(BgState& st, const pb::BgHealAttempt& h) {
  if (!h.healed()) return;
  // BG-MED-02: the healed figure joins the medic's unit as a normal figure.
  Unit* medic_unit = st.find(h.unit_id());
  if (!medic_unit) return;
  for (auto& u : st.units) {
    for (auto it = u.figures.begin(); it != u.figures.end(); ++it) {
      if (it->id != h.dead_figure_id() || it->alive) continue;
      Figure f = *it;
      u.figures.erase(it);
      f.alive = true;
      f.kind = FigureKind::kRifle;
      f.hw = HwRole::kGeneral;
      f.pos = f.died_at;
      if (f.from_unit.empty()) f.from_unit = u.id;
      medic_unit->figures.push_back(f);
      medic_unit->destroyed = false;
      medic_unit->position = com(*medic_unit);
      if (u.infantry_like() && u.living() > 0) u.position = com(u);
      return;
    }
  }
}

void smoke(BgState& st, const pb::BgSmoke& s) {
  if (s.state() == "laid") {
    Smoke x;
    x.id = s.smoke_id();
    x.circle = s.has_centre();
    x.a = to_vec(s.a());
    x.b = to_vec(s.b());
    x.centre = to_vec(s.centre());
    x.radius = s.radius();
    x.laid_turn = st.turn;
    // BG-SMK-03: a line thins in the special phase of its turn. BG-SMK-05: a circle at the next
    // special phase: this turn's if laid during card play, the next turn's if laid in one.
    x.thin_turn = x.circle && st.phase == Phase::kSpecial ? st.turn + 1 : st.turn;
    st.smoke.push_back(x);
    ++st.next_id;
    return;
  }
  for (auto it = st.smoke.begin(); it != st.smoke.end(); ++it) {
    if (it->id != s.smoke_id()) continue;
    if (s.state() == "removed") st.smoke.erase(it);
    else it->thinned = true;
    return;
  }
}

void mission(BgState& st, const pb::BgFireMission& m) {
  if (m.state() == "called") {
    for (auto& f : st.missions) {
      if (f.id == m.mission_id()) {  // a scheduled strike lands (BG-ART-01)
        f.awaiting_aim = true;
        return;
      }
    }
    FireMission f;
    f.id = m.mission_id();
    f.side = st.side_index(m.side());
    f.system = m.system();
    f.turn = st.turn;
    f.blasts = m.blasts();
    if (const auto k = mission_kind(m.system())) {
      f.dice = k->dice;
      f.smoke = k->smoke;
      f.flare = k->flare;
    }
    f.awaiting_aim = true;
    st.missions.push_back(f);
    ++st.next_id;
    return;
  }
  for (auto& f : st.missions) {
    if (f.id == m.mission_id() && m.state() == "done") {
      f.done = true;
      f.awaiting_aim = false;
    }
  }
}

}  // namespace

void apply_special_event(BgState& st, const pb::BgEvent& e) {
  switch (e.body_case()) {
    case pb::BgEvent::kMinefieldRevealed: {
      const auto& r = e.minefield_revealed();
      Minefield* m = st.minefield(r.minefield_id());
      if (!m) break;
      if (r.entered()) {
        // BG-MINE-04: entering is seen by everyone.
        for (std::size_t i = 0; i < m->known_to.size(); ++i) m->known_to[i] = true;
        m->entered = true;
      }
      const int side = st.side_index(r.to_side());
      if (side >= 0) m->known_to[static_cast<std::size_t>(side)] = true;
      break;
    }
    case pb::BgEvent::kMinesCleared: {
      Minefield* m = st.minefield(e.mines_cleared().minefield_id());
      std::vector<Vec2> v;
      for (const auto& p : e.mines_cleared().strip_polygon()) v.push_back(to_vec(p));
      if (m && v.size() >= 3) m->cleared.emplace_back(v);
      break;
    }
    case pb::BgEvent::kHeal: heal(st, e.heal()); break;
    case pb::BgEvent::kSmoke: smoke(st, e.smoke()); break;
    case pb::BgEvent::kFlare:
      st.lit_until_turn = std::max(st.lit_until_turn, e.flare().until_turn());
      break;
    case pb::BgEvent::kFireMission: mission(st, e.fire_mission()); break;
    case pb::BgEvent::kStrikePlanned:
      for (auto& f : st.missions) {
        if (f.id != e.strike_planned().strike_id()) continue;
        f.turn = e.strike_planned().turn();
        f.aims.clear();
        for (const auto& p : e.strike_planned().aim_points()) f.aims.push_back(to_vec(p));
      }
      break;
    case pb::BgEvent::kArtilleryCard:
      if (e.artillery_card().reload()) st.artillery_drawn.clear();
      else st.artillery_drawn.push_back(e.artillery_card().card());
      if (st.phase == Phase::kSpecial) st.artillery_turn_drawn = st.turn;
      break;
    default:
      break;
  }
}

}  // namespace sandtable::bg
