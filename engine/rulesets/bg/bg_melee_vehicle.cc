// Vehicles in melee (BG-MEL-15) and the prisoners a vehicle takes (BG-PRIS-06). A melee with a
// vehicle is one vehicle against infantry (either side may have charged, BG-MEL-16). Each round
// the standing infantry units attack the vehicle with a normal shooting attack in which every
// hit counts (no halving without a HW), and the vehicle fires back with all its weapons at the
// first standing infantry unit, even if it fired on the card. All pools are set before any die
// is rolled, so the exchange is simultaneous. First round only: infantry that came from behind
// get +1 blue die and the vehicle's bow weapons may not fire. It goes on until the vehicle is
// destroyed or no infantry unit in it is standing; the vehicle's owner then escorts the
// non-standing survivors as prisoners or releases them (a decision).
#include <algorithm>

#include "engine/rulesets/bg/bg_damage.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

// GAP-BG-MEL-15 (ours): a melee in which neither side can score (no dice that can hit) or that
// is still undecided after this many rounds ends with no winner ("stalemate").
constexpr int kVehicleMeleeMaxRounds = 100;

struct Roles {
  std::string vehicle;
  std::vector<std::string> infantry;  // in charge order when they attacked (BG-MEL-10)
  std::vector<bool> from_behind;      // per infantry unit (only when they were the chargers)
  int vehicle_side = -1;
};

Roles roles(const BgState& st, const Melee& m) {
  Roles r;
  auto take = [&](const std::vector<std::string>& ids, bool attackers) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const Unit* u = st.find(ids[i]);
      if (!u) continue;
      if (u->vehicle) {
        r.vehicle = u->id;
        r.vehicle_side = u->side;
      } else {
        r.infantry.push_back(u->id);
        r.from_behind.push_back(attackers && i < m.from_behind.size() && m.from_behind[i]);
      }
    }
  };
  take(m.attackers, true);
  take(m.defenders, false);
  return r;
}

bool standing_fighter(const Unit* u) { return u && !u->destroyed && u->living_fighters() > 0 && !non_standing(*u); }

// The shot's flank die does not apply: the figures are in contact (the from-behind die does).
void drop_flank(AttackPlan& a) {
  if (!a.flank) return;
  a.flank = false;
  a.pool.blue -= kFlankBlue;
}

bool can_score(const AttackPlan& a) { return a.pool.white + a.pool.blue > 0 && a.pool.hit_from <= 6; }

void ask_prisoners(Context& ctx, BgState& st, const Unit& v, int survivors) {
  pb::Decision q;
  q.set_seat(side_id(st, v.side));
  q.set_rule_id("BG-PRIS-06");
  q.set_kind(kVehiclePrisonersKind);
  q.set_unit_id(v.id);
  q.set_prompt(label(v) + " has beaten the infantry in melee: escort the " + std::to_string(survivors) +
               " survivors away as prisoners, or release them?");
  auto* a = q.add_choices();
  a->set_id("escort");
  a->set_label("Escort them as prisoners");
  auto* b = q.add_choices();
  b->set_id("release");
  b->set_label("Release them (they may later join other units)");
  ctx.ask(std::move(q));
}

// Ends the melee when it is decided; true when it is over or waits for the owner's choice.
bool settle(Context& ctx, BgState& st, const Melee& m) {
  const Roles r = roles(st, m);
  const Unit* v = st.active_unit(r.vehicle);
  const int inf_side = 1 - r.vehicle_side;
  if (!v) {
    end_melee(ctx, st, m, inf_side, "vehicle destroyed");  // BG-MEL-15
    return true;
  }
  int survivors = 0;
  bool standing = false;
  for (const auto& id : r.infantry) {
    const Unit* u = st.active_unit(id);
    if (!u) continue;
    survivors += u->living_fighters();
    standing = standing || standing_fighter(u);
  }
  if (standing) {
    if (m.round < kVehicleMeleeMaxRounds) return false;
    end_melee(ctx, st, m, -1, "stalemate");
    return true;
  }
  if (survivors == 0) {
    end_melee(ctx, st, m, r.vehicle_side, "eliminated");
    return true;
  }
  ask_prisoners(ctx, st, *v, survivors);  // BG-PRIS-06: not compulsory
  return true;
}

void fight_vehicle_round(Context& ctx, BgState& st, const Melee& m) {
  const Roles r = roles(st, m);
  const Unit* v = st.active_unit(r.vehicle);
  if (!v) return;
  const bool first = m.round == 0;
  bool behind = false;
  std::vector<AttackPlan> inf;
  std::vector<std::string> inf_ids;
  for (std::size_t i = 0; i < r.infantry.size(); ++i) {
    const Unit* u = st.active_unit(r.infantry[i]);
    if (!standing_fighter(u)) continue;  // non-standing units may not shoot (BG-UNIT-05)
    AttackPlan a = plan_attack(st, *u, *v, "");
    a.pool.halve = false;  // BG-MEL-15: all hits count even without a HW
    a.first_kill_barred = false;
    drop_flank(a);
    if (first && r.from_behind[i]) {
      behind = true;
      a.pool.blue += 1;  // BG-MEL-15: first round, came from behind
      a.notes.push_back("came from behind the vehicle: +1 blue (BG-MEL-15)");
    }
    a.notes.push_back("melee with a vehicle: no halving (BG-MEL-15)");
    inf.push_back(a);
    inf_ids.push_back(u->id);
  }
  std::vector<AttackPlan> back;
  if (!inf_ids.empty()) {
    const Unit& target = *st.find(inf_ids.front());
    for (const auto& w : v->vehicle->weapons) {
      if (first && behind && w.bow) continue;  // BG-MEL-15: bow weapons silent in round one
      AttackPlan a = plan_attack(st, *v, target, w.id);
      drop_flank(a);
      a.notes.push_back("firing back in melee (BG-MEL-15)");
      back.push_back(a);
    }
  }
  const bool any = std::any_of(inf.begin(), inf.end(), can_score) || std::any_of(back.begin(), back.end(), can_score);
  pb::BgEvent e;
  auto* x = e.mutable_vehicle_melee_round();
  x->set_melee_id(m.id);
  x->set_round(any ? m.round + 1 : kVehicleMeleeMaxRounds);  // nobody can score: it is over
  x->set_from_behind(first && behind);
  emit_bg(ctx, e);
  if (!any) return;
  const std::string vid = v->id;
  for (std::size_t i = 0; i < inf.size(); ++i) {
    const Unit* now = st.active_unit(vid);
    if (!now) break;  // destroyed by an earlier unit: the others have nothing to hit
    carry_out_attack(ctx, st, inf_ids[i], inf[i], "melee");
  }
  for (const auto& a : back) {  // simultaneous: it fires even if it was just destroyed
    const Unit* t = st.active_unit(a.target);
    if (!t || t->living_fighters() == 0) break;
    carry_out_attack(ctx, st, vid, a, "melee");
  }
}

const Melee* melee_with(const BgState& st, const std::string& unit) {
  for (const auto& m : st.melees) {
    if (m.over) continue;
    for (const auto* ids : {&m.attackers, &m.defenders}) {
      if (std::find(ids->begin(), ids->end(), unit) != ids->end()) return &m;
    }
  }
  return nullptr;
}

}  // namespace

bool is_vehicle_melee(const BgState& st, const Melee& m) {
  for (const auto* ids : {&m.attackers, &m.defenders}) {
    for (const auto& id : *ids) {
      const Unit* u = st.find(id);
      if (u && u->vehicle) return true;
    }
  }
  return false;
}

void vehicle_melee_step(Context& ctx, BgState& st, const std::string& melee_id) {
  const Melee* m = melee_named(st, melee_id);
  if (!m || settle(ctx, st, *m)) return;
  fight_vehicle_round(ctx, st, *m);
  if (const Melee* again = melee_named(st, melee_id)) settle(ctx, st, *again);
}

void answer_vehicle_prisoners(Context& ctx, BgState& st, const pb::Decision& d, const std::string& choice) {
  const Melee* m = melee_with(st, d.unit_id());
  const Unit* v = st.find(d.unit_id());
  if (!m || !v) reject("BG_NO_SUCH_MELEE", "BG-PRIS-06", "The melee of '" + d.unit_id() + "' is already over.");
  const Melee copy = *m;  // the prisoner group is a new unit: pointers into the state move
  const Roles r = roles(st, copy);
  const std::string side = side_id(st, v->side);
  if (choice == "escort") {
    // BG-PRIS-06: the survivors surrender to the vehicle's side; the vehicle escorts them (no
    // guards are taken from it: its crew stays aboard).
    for (const auto& id : r.infantry) {
      const Unit* u = st.active_unit(id);
      if (!u || u->living_fighters() == 0) continue;
      pb::BgEvent s;
      auto* x = s.mutable_surrendered();
      x->set_unit_id(id);
      x->set_to_side(side);
      x->set_reason("beaten by a vehicle in melee (BG-MEL-15, BG-PRIS-06)");
      for (const auto& f : u->figures) {
        if (f.alive && !f.prisoner) x->add_figure_ids(f.id);
      }
      emit_bg(ctx, s);
      pb::BgEvent g;
      auto* p = g.mutable_prisoners();
      p->set_group_id("prisoners-" + std::to_string(st.next_id));
      p->set_side(side);
      p->set_escort_vehicle(d.unit_id());
      for (const auto& fid : s.surrendered().figure_ids()) p->add_prisoners(fid);
      add_placements(st, *p, st.find(d.unit_id())->facing);
      emit_bg(ctx, g);
    }
    end_melee(ctx, st, copy, r.vehicle_side, "surrendered");
    return;
  }
  // Released: the figures stay free in their (non-standing) units and may join others
  // (BG-MEL-15, BG-COMB-06).
  end_melee(ctx, st, copy, r.vehicle_side, "released");
}

}  // namespace sandtable::bg
