// Legal-action enumeration and the simple Battleground bot (bg_actions.h).
#include "engine/rulesets/bg/bg_actions.h"

#include <algorithm>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_menu.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/rulesets/bg/bgm_layer.h"
#include "engine/rulesets/bg/bgs_skirmish.h"
#include "engine/model/game.h"

namespace sandtable::bg {

std::vector<std::string> waiting_seats(const BgState& st) {
  std::vector<std::string> out;
  if (st.over || st.phase == Phase::kOver) return out;
  // BG-ART-01: a fire mission waits for its side's aim points (BgCallFire).
  // BG-ART-08: the mission is resolved before anything else: nobody else acts meanwhile.
  if (const int s = side_owing_aim(st); s >= 0) return {side_id(st, s)};
  // BG-PRIS-01: new prisoners wait for their captors' choice of guards; nothing else happens.
  if (const Unit* g = guards_owed(st)) return {side_id(st, g->side)};
  // BG-MEL-06/10: a side choosing its pairs; without table dice nothing else happens meanwhile.
  if (st.phase == Phase::kMelee && st.decisions.empty()) {
    bool other = false;  // table dice: a melee either player may roll
    for (const auto& m : st.melees) {
      if (m.over) continue;
      const int role = melee_order_owed(st, m);
      if (role < 0) {
        other = true;
        continue;
      }
      const std::string& seat = side_id(st, melee_role_side(st, m, role));
      if (std::find(out.begin(), out.end(), seat) == out.end()) out.push_back(seat);
      if (!st.table_dice) return out;
    }
    if (!out.empty() && !other) return out;
    out.clear();
  }
  if (st.phase == Phase::kCards && st.action.side >= 0) {
    out.push_back(side_id(st, st.action.side));
  } else if (needs_card(st) || (st.table_dice && st.phase == Phase::kMelee && !st.melees.empty())) {
    for (const auto& s : st.sides) out.push_back(s);  // either player turns the card / rolls the melee
  }
  return out;
}

namespace {

// The nearest living enemy CoM, if any.
std::optional<Vec2> nearest_enemy(const BgState& st, const Unit& u) {
  std::optional<Vec2> best;
  double d = 0;
  for (const auto& o : st.units) {
    if (o.side == u.side || !o.on_table || o.destroyed || !o.carried_by.empty()) continue;
    const double x = geom::distance(com(u), com(o));
    if (!best || x < d) {
      best = com(o);
      d = x;
    }
  }
  return best;
}

// The whole compass degree among the eight points closest to the direction a -> b.
int compass_toward(Vec2 a, Vec2 b) {
  if (geom::negligible(geom::distance(a, b))) return 0;
  const Vec2 d = b - a;
  int best = 0;
  double score = -1e300;
  for (int k = 0; k < 8; ++k) {
    const double s = geom::dot(d, Facing::from_degrees(k * 45).forward());
    if (s > score) {
      score = s;
      best = k * 45;
    }
  }
  return best;
}

Vec2 clamp_to_table(const BgState& st, Vec2 p) {
  return {std::clamp(p.x, 1.0, st.width - 1.0), std::clamp(p.y, 1.0, st.height - 1.0)};
}


void move_candidates(const BgState& st, int side, const std::string& seat, const Unit& u, std::vector<pb::Command>& out) {
  const auto enemy = nearest_enemy(st, u);
  const Vec2 from = com(u);
  const int deg = enemy ? compass_toward(from, *enemy) : 0;
  const Vec2 dir = Facing::from_degrees(deg).forward();
  if (u.vehicle) {
    for (double step : {6.0, 3.0}) {
      pb::BgCommand c;
      auto* m = c.mutable_vehicle_move();
      m->set_unit_id(u.id);
      m->set_dice(std::max(1, u.vehicle->move_dice - 1));
      *m->add_path() = to_point(clamp_to_table(st, from + dir * step));
      m->set_facing_deg(deg);
      if (!check_vehicle_move(st, side, *m)) out.push_back(order_of(seat, c));
    }
    return;
  }
  if (!u.carried_by.empty()) {
    pb::BgCommand c;
    c.mutable_dismount()->set_unit_id(u.id);
    c.mutable_dismount()->set_facing_deg(deg);
    if (!check_dismount(st, side, c.dismount())) out.push_back(order_of(seat, c));
    return;
  }
  const bool mounted = u.kind == UnitKind::kCavalry && u.mounted;
  std::vector<pb::BgMoveIntent> intents;
  if (mounted) intents = {pb::BG_MOVE_MOUNTED};
  else if (u.markers.dug_in) intents = {pb::BG_MOVE_DIG_OUT};
  else intents = {pb::BG_MOVE_WALK, pb::BG_MOVE_RUN, pb::BG_MOVE_DIG_IN};
  for (auto intent : intents) {
    for (double step : {0.0, 4.0, -4.0}) {
      if (intent == pb::BG_MOVE_DIG_IN && step != 0) continue;
      pb::BgCommand c;
      auto* m = c.mutable_move();
      m->set_unit_id(u.id);
      m->set_intent(intent);
      if (step != 0) *m->add_path() = to_point(clamp_to_table(st, from + dir * step));
      m->set_facing_deg(intent == pb::BG_MOVE_DIG_IN ? facing_degrees(u.facing) : deg);
      if (intent == pb::BG_MOVE_DIG_IN && !facing_from_degrees(m->facing_deg())) continue;
      if (!check_move(st, side, *m, nullptr)) out.push_back(order_of(seat, c));
    }
    // BG-MOVE-07: 4" by road in each compass direction whose whole path lies on a road.
    if (intent == pb::BG_MOVE_DIG_IN) continue;
    for (int k = 0; k < 8; ++k) {
      pb::BgCommand c;
      auto* m = c.mutable_move();
      m->set_unit_id(u.id);
      m->set_intent(intent);
      m->set_road(true);
      *m->add_path() = to_point(clamp_to_table(st, from + Facing::from_degrees(k * 45).forward() * 4.0));
      m->set_facing_deg(k * 45);
      if (!check_move(st, side, *m, nullptr)) out.push_back(order_of(seat, c));
    }
  }
  for (const auto& v : st.units) {
    if (!v.vehicle || v.side != side || v.destroyed || !v.on_table) continue;
    pb::BgCommand c;
    c.mutable_mount()->set_unit_id(u.id);
    c.mutable_mount()->set_vehicle_id(v.id);
    if (!check_mount(st, side, c.mount())) out.push_back(order_of(seat, c));
  }
}

void shoot_candidates(const BgState& st, int side, const std::string& seat, const Unit& u, std::vector<pb::Command>& out) {
  for (const auto& t : st.units) {
    if (t.side == side || !t.on_table || t.destroyed) continue;
    // Vehicles: one candidate per weapon (BG-VEH-11); infantry and emplacements name none.
    std::vector<std::string> weapons{""};
    if (u.vehicle) {
      weapons.clear();
      for (const auto& w : u.vehicle->weapons) weapons.push_back(w.id);
    }
    for (const auto& wid : weapons) {
      pb::BgCommand c;
      auto* s = c.mutable_shoot();
      s->set_unit_id(u.id);
      auto* shot = s->add_shots();
      shot->set_target_id(t.id);
      shot->set_weapon_id(wid);
      if (!check_shoot_order(st, side, *s)) out.push_back(order_of(seat, c));
    }
  }
}

}  // namespace

std::vector<pb::Command> legal_actions(const BgState& st, const std::string& seat) {
  std::vector<pb::Command> out;
  const int side = st.side_index(seat);
  if (side < 0 || st.over) return out;
  if (!st.decisions.empty()) {
    // BG-MEL-12: the defender's answers ("shoot" only when the shooting rules accept that shot).
    const auto& d = st.decisions.front();
    if (d.seat() != seat) return out;
    for (const auto& ch : d.choices()) {
      if ((ch.id() == "shoot" || ch.id() == "both") && check_defensive_shot(st)) continue;  // out of the card (BG-MEL-12)
      pb::Command c;
      c.set_seat(seat);
      c.mutable_answer()->set_decision_id(d.id());
      c.mutable_answer()->set_choice_id(ch.id());
      out.push_back(c);
    }
    // BG-MEL-14: a few drawn ways away besides "Flee straight away".
    if (d.kind() == kFleeKind) {
      for (const auto& f : flee_candidates(st)) {
        pb::BgCommand c;
        *c.mutable_flee() = f;
        out.push_back(order_of(seat, c));
      }
    }
    return out;
  }
  // BG-ART-08: while a mission waits for aim points, only its side orders (BgCallFire), before
  // guards or melee pairs, as Battleground::handle takes them.
  if (const int owing = side_owing_aim(st); owing >= 0 && owing != side) return out;
  // BG-ART-01: a mission waiting for this side's aim points: every blast on one visible enemy.
  if (side_owing_aim(st) == side) {
    for (const auto& m : st.missions) {
      if (!m.awaiting_aim || m.done || m.side != side) continue;
      for (const auto& t : st.units) {
        if (t.side == side || !t.on_table || t.destroyed || t.hidden || !t.carried_by.empty()) continue;
        pb::BgCommand c;
        auto* f = c.mutable_call_fire();
        f->set_mission_id(m.id);
        for (int b = 0; b < m.blasts; ++b) *f->add_aim_points() = to_point(t.infantry_like() ? com(t) : t.position);
        out.push_back(order_of(seat, c));
      }
      if (out.empty()) {  // no enemy in sight: the middle of the table
        pb::BgCommand c;
        auto* f = c.mutable_call_fire();
        f->set_mission_id(m.id);
        for (int b = 0; b < m.blasts; ++b) *f->add_aim_points() = to_point(Vec2{st.width / 2, st.height / 2});
        out.push_back(order_of(seat, c));
      }
      break;
    }
    return out;  // BG-ART-08: nothing else until it has landed
  }
  // BG-PRIS-01: the guards of new prisoners: kept, or one default guard swapped for each other
  // figure of the captor unit that may guard (each as the handler accepts it).
  if (const Unit* g = guards_owed(st)) {
    if (g->side != side) return out;
    pb::BgCommand keep;
    keep.mutable_prisoners()->set_group_id(g->id);
    out.push_back(order_of(seat, keep));
    std::vector<std::string> now;
    for (const auto& f : g->figures) {
      if (!f.prisoner && f.alive) now.push_back(f.id);
    }
    for (const Figure* f : guard_candidates(st, *g)) {
      if (now.empty() || std::find(now.begin(), now.end(), f->id) != now.end()) continue;
      pb::BgCommand c;
      auto* p = c.mutable_prisoners();
      p->set_group_id(g->id);
      p->add_guard_figure_ids(f->id);
      for (std::size_t i = 1; i < now.size(); ++i) p->add_guard_figure_ids(now[i]);
      if (!check_guards(st, side, *p)) out.push_back(order_of(seat, c));
    }
    return out;
  }
  // BG-MEL-06/10: the pairs of a melee round: kept as listed, reversed, or rotated by one
  // (each as the handler accepts it).
  if (int role = 0; const Melee* m = melee_order_due(st, side, &role)) {
    pb::BgCommand listed;
    listed.mutable_melee_order()->set_melee_id(m->id);
    out.push_back(order_of(seat, listed));
    const MeleePairing p = melee_pairing(st, *m);
    std::vector<std::string> ids;
    for (const auto& f : role == 0 ? p.att : p.def) ids.push_back(f.fig->id);
    auto offer = [&](const std::vector<std::string>& v) {
      pb::BgCommand c;
      c.mutable_melee_order()->set_melee_id(m->id);
      for (std::size_t i = 0; i < v.size() && i < p.pairs; ++i) c.mutable_melee_order()->add_figure_ids(v[i]);
      if (!check_melee_order(st, side, c.melee_order())) out.push_back(order_of(seat, c));
    };
    std::vector<std::string> v = ids;
    std::reverse(v.begin(), v.end());
    offer(v);
    if (ids.size() > 1) {
      v = ids;
      std::rotate(v.begin(), v.begin() + 1, v.end());
      offer(v);
    }
    if (!st.table_dice) return out;
  }
  if (st.phase == Phase::kCards && st.action.side == side) {
    for (const auto& u : st.units) {
      const Unit* ok = nullptr;
      if (check_unit_may_act(st, side, u.id, st.action.action, &ok)) continue;
      if (skirmish(st)) {  // profile (b): the unit whose card is up, any of its actions
        move_candidates(st, side, seat, u, out);
        bgs_candidates(st, side, seat, out);
        continue;
      }
      if (st.action.action == BgAction::kMove) {
        move_candidates(st, side, seat, u, out);
        if (const auto e = nearest_enemy(st, u); e && (u.infantry_like() || u.is_vehicle())) {  // BG-MEL-16
          for (const auto& t : st.units) {
            if (t.side == side || t.destroyed || !t.on_table) continue;
            pb::BgCommand c;
            c.mutable_charge()->set_unit_id(u.id);
            c.mutable_charge()->set_target_id(t.id);
            if (!check_charge(st, side, c.charge())) out.push_back(order_of(seat, c));
          }
        }
      } else {
        shoot_candidates(st, side, seat, u, out);
        pb::BgCommand c;  // BGM-GEN-05: a jammed main gun is cleared instead
        c.mutable_unjam()->set_unit_id(u.id);
        if (!check_unjam(st, side, c.unjam())) out.push_back(order_of(seat, c));
      }
      // The orders the menu places: smoke lines, engineers' strips, combining (bg_menu_orders.cc).
      for (const auto& c : placed_orders(st, side, u)) out.push_back(order_of(seat, c));
    }
    plan_candidates(st, side, seat, out);  // BG-ART-01: write an unwritten strike
    pb::BgCommand c;
    c.mutable_end_action();
    out.push_back(order_of(seat, c));
  }
  return out;
}

namespace {

class BgBot final : public Bot {
 public:
  std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32& rng) override {
    const auto& st = static_cast<const BgState&>(game.state());
    auto acts = legal_actions(st, seat);
    if (acts.empty()) return std::nullopt;
    return acts[rng.below(static_cast<std::uint32_t>(acts.size()))];
  }
};

}  // namespace

std::unique_ptr<Bot> make_bg_random_bot() { return std::make_unique<BgBot>(); }

}  // namespace sandtable::bg
