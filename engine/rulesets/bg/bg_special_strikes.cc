// Scheduled off-table strikes (BG-ART-01): written down before play by the scenario, or by the
// side during play (BgPlanStrike), for a given turn; they land in that turn's special-actions
// phase (BG-SEQ-03). Until then they are secret: the orders reach only their side and the GM
// (event visible_to; Game::event_for strips other sides' strikes from GameStarted).
#include "engine/rulesets/bg/bg_special.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

void do_plan_strike(Context& ctx, BgState& st, int side, const pb::BgPlanStrike& c) {
  const FireMission* fm = nullptr;
  for (const auto& m : st.missions) {
    if (m.scheduled && m.id == c.strike_id() && m.side == side) fm = &m;
  }
  // The same sentence whether the strike is the other side's or does not exist: nothing leaks.
  if (!fm) reject("BG_NO_STRIKE", "BG-ART-01", side_id(st, side) + " has no scheduled strike '" + c.strike_id() + "'.");
  if (fm->done || fm->awaiting_aim) reject("BG_STRIKE_LANDED", "BG-ART-01", "Strike " + fm->id + " has already landed.");
  int turn = fm->turn;
  if (fm->turn == 0) {
    if (c.turn() <= st.turn) {
      reject("BG_STRIKE_TURN", "BG-ART-01", "Write strike " + fm->id + " for a later turn than this one (turn " + std::to_string(st.turn) + ").");
    }
    turn = c.turn();
  } else if (c.turn() != 0 && c.turn() != fm->turn) {
    reject("BG_STRIKE_TURN", "BG-ART-01", "The scenario fixes strike " + fm->id + " for turn " + std::to_string(fm->turn) + ".");
  }
  // Carroll's strikes land in the special-actions phase (BG-SEQ-03); the skirmish's in step (4)
  // as the turn opens (BGM-GEN-02), so there this turn is already too late.
  if (turn < st.turn || (turn == st.turn && (st.phase == Phase::kSpecial || st.options.bgm_skirmish))) {
    reject("BG_STRIKE_LANDED", "BG-ART-01", "Strike " + fm->id + " is due now; it is too late to write it.");
  }
  const std::vector<pb::Point> aims(c.aim_points().begin(), c.aim_points().end());
  if (auto r = check_aims(st, *fm, aims)) refuse(*r);
  pb::BgEvent e;
  auto* p = e.mutable_strike_planned();
  p->set_strike_id(fm->id);
  p->set_side(side_id(st, side));
  p->set_turn(turn);
  for (const auto& a : aims) *p->add_aim_points() = a;
  emit_bg(ctx, e, {side_id(st, side)});  // secret until it lands
}

void land_strikes(Context& ctx, BgState& st) {
  for (std::size_t i = 0; i < st.missions.size(); ++i) {
    const FireMission m = st.missions[i];
    if (!m.scheduled || m.done || m.awaiting_aim || m.turn != st.turn) continue;
    pb::BgEvent e;
    auto* f = e.mutable_fire_mission();
    f->set_mission_id(m.id);
    f->set_side(side_id(st, m.side));
    f->set_system(m.system);
    f->set_blasts(m.blasts);
    f->set_state("called");
    emit_bg(ctx, e);  // public from now on: the strike lands
    if (m.flare || static_cast<int>(m.aims.size()) == m.blasts) {
      std::vector<pb::Point> aims;
      for (Vec2 a : m.aims) aims.push_back(to_point(a));
      resolve_mission(ctx, st, FireMission(st.missions[i]), aims);  // a copy: events change the list
    }
    // Otherwise it waits for the side's BgCallFire like a random card's mission.
  }
}

void plan_candidates(const BgState& st, int side, const std::string& seat, std::vector<pb::Command>& out) {
  for (const auto& m : st.missions) {
    if (!m.scheduled || m.side != side || m.done || m.awaiting_aim || !m.aims.empty() || m.blasts == 0) continue;
    const int turn = m.turn == 0 ? st.turn + 1 : m.turn;
    if (turn <= st.turn) continue;  // due now: it will wait for BgCallFire instead
    for (const auto& t : st.units) {
      if (t.side == side || !t.on_table || t.destroyed || t.hidden || !t.carried_by.empty()) continue;
      pb::BgCommand c;
      auto* p = c.mutable_plan_strike();
      p->set_strike_id(m.id);
      if (m.turn == 0) p->set_turn(turn);
      for (int b = 0; b < m.blasts; ++b) *p->add_aim_points() = to_point(t.infantry_like() ? com(t) : t.position);
      out.push_back(order_of(seat, c));
      return;  // one offer per call: the nearest-in-list enemy
    }
  }
}

}  // namespace sandtable::bg
