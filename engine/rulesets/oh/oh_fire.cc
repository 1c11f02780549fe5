// Fire (OH-FIRE-*): who may shoot now, at whom, and what the shot does.
#include <algorithm>
#include <cmath>

#include "engine/geom/vec.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/oh/oh_internal.h"

namespace sandtable::oh {

namespace {

void add(FirePlan& p, std::string words, int value) {
  if (value == 0) return;
  pb::OhModifier m;
  m.set_words(std::move(words));
  m.set_value(value);
  p.modifiers.push_back(std::move(m));
  p.modifier_total += value;
}

const char* versus(UnitType t) {
  switch (t) {
    case UnitType::kInfantry: return "vs Infantry";
    case UnitType::kMortar: return "vs Mortar";
    case UnitType::kAtg: return "vs ATG";
    case UnitType::kTank: return "vs Tank";
  }
  return "";
}

Refusal no_such_unit() {
  // The same words whether the unit does not exist or the side may not see it (no leak).
  return {"OH_NO_SUCH_UNIT", "OH-LOS-01", "There is no enemy unit there that your side can see."};
}

double max_range(const TypeRow& r) { return r.long_range > 0 ? r.long_range : r.range; }

}  // namespace

FirePlan plan_fire(const OhState& st, const Unit& firer, const Unit& target, bool ready_fire) {
  FirePlan p;
  const TypeRow& fr = row_of(firer.type);
  p.distance = range_between(firer, target);
  // OH-FIRE-05 step 2: the firer's own Hits (OH-CONV-06).
  if (firer.hits >= 10) add(p, "firer has 10+ Hits", -2);
  else if (firer.hits >= 5) add(p, "firer has 5+ Hits", -1);
  // OH-FIRE-06, left to right.
  add(p, versus(target.type), type_modifier(firer.type, target.type));
  if (situational_modifiers(firer.type)) {
    if (behind_front(target, firer.pos)) add(p, "target's rear", kRearBonus);         // OH-FIRE-03
    if (behind_front(firer, target.pos)) add(p, "firing to own rear", kOwnRearPenalty);
    if (ready_fire) add(p, "firing while Ready", kReadyPenalty);                      // OH-SEQ-05
    if (target.exposed) add(p, "target on road or marching", kExposedBonus);          // OH-MOVE-03/08
  }
  // OH-FIRE-07: the halvings, at most two counted (e).
  const bool mortar = firer.type == UnitType::kMortar;
  if (inside_kind(st, target.pos, TerrainKind::kTown) || target.dug_in) {
    p.halvings.emplace_back(target.dug_in && !inside_kind(st, target.pos, TerrainKind::kTown) ? "Dug-in" : "in a town");
  }
  if (!mortar && inside_kind(st, target.pos, TerrainKind::kWoods)) p.halvings.emplace_back("in woods");
  if (!mortar && target.type == UnitType::kTank && on_hill(st, target)) p.halvings.emplace_back("tank on a hilltop");
  if (fr.long_range > 0 && geom::beyond(p.distance, fr.range)) p.halvings.emplace_back("long range");
  if (p.halvings.size() > 2) p.halvings.resize(2);
  p.close = fr.close > 0 && geom::within(p.distance, fr.close);
  return p;
}

int fire_hits(int modified, int halvings, bool close) {
  if (modified <= 0) return 0;
  const int den = 1 << std::min(halvings, 2);
  const int num = close ? 2 : 1;
  return (modified * num + den - 1) / den;  // rounded up (OH-CONV-02)
}

std::vector<const Unit*> fire_targets(const OhState& st, const Unit& firer) {
  std::vector<const Unit*> out;
  for (const auto& t : st.units) {
    if (t.alive && t.side != firer.side && !check_fire(st, firer.side, firer.id, t.id)) out.push_back(&t);
  }
  return out;
}

const Unit* priority_target(const OhState& st, const Unit& firer, bool ready_fire) {
  // OH-FIRE-04: the best modifier and least penalised shot, then the closest. Scored without
  // the priority rule itself, on the targets the shot is otherwise legal at.
  const Unit* best = nullptr;
  int best_score = 0;
  double best_dist = 0;
  for (const auto& t : st.units) {
    if (!t.alive || t.side == firer.side || visible_to(st, t, st.side_id(firer.side)) == false) continue;
    const double d = range_between(firer, t);
    const TypeRow& r = row_of(firer.type);
    if (geom::beyond(d, max_range(r))) continue;
    const FirePlan p = plan_fire(st, firer, t, ready_fire);
    const int score = p.modifier_total * 4 - static_cast<int>(p.halvings.size()) * 2 + (p.close ? 2 : 0);
    if (!best || score > best_score || (score == best_score && d < best_dist - geom::kEps)) {
      best = &t;
      best_score = score;
      best_dist = d;
    }
  }
  return best;
}

Check check_fire(const OhState& st, int side, const std::string& unit_id, const std::string& target_id) {
  const Unit* u = st.alive_unit(unit_id);
  if (!u || (u->side != side && !visible_to(st, *u, st.side_id(side)))) {
    return Refusal{"OH_NO_SUCH_UNIT", "OH-SEQ-04", "You have no unit called '" + unit_id + "'."};
  }
  if (u->side != side) return Refusal{"OH_NOT_YOUR_UNIT", "OH-SEQ-04", label(*u) + " is not one of your units."};
  const TypeRow& r = row_of(u->type);
  if (st.over) return Refusal{"GAME_OVER", "OH-SEQ-02", "The game is over."};
  if (st.ready_window) {
    if (side == st.phasing) return Refusal{"OH_READY_WINDOW", "OH-SEQ-05", "Wait: the other side may fire with its Ready units first."};
    if (!u->ready) return Refusal{"OH_NOT_READY", "OH-SEQ-05", label(*u) + " is not Ready, so it cannot fire in the other side's phase."};
  } else {
    if (side != st.phasing) return Refusal{"OH_NOT_YOUR_PHASE", "OH-SEQ-01", "It is not your phase: you may fire only with Ready units, after an enemy action."};
    if (st.pending_move) return Refusal{"OH_MOVE_PENDING", "OH-MOVE-01", "Finish the move you rolled for first."};
    if (st.step == Step::kRally) return Refusal{"OH_WRONG_STEP", "OH-SEQ-06", "Units do not fire in the Rally & Ready step."};
    if (st.step == Step::kMortar && u->type != UnitType::kMortar) {
      return Refusal{"OH_WRONG_STEP", "OH-SEQ-03", "Only mortars fire in the Mortar Fire step; " + label(*u) + " fires in the Actions step."};
    }
    if (st.step == Step::kActions && u->type == UnitType::kMortar) {
      return Refusal{"OH_MORTAR_STEP", "OH-SEQ-03", label(*u) + " is a mortar: it fires only in the Mortar Fire step, and may only move now."};
    }
    if (u->acted) return Refusal{"OH_ALREADY_ACTED", "OH-SEQ-04", label(*u) + " has already taken its action this phase."};
  }
  const Unit* t = st.alive_unit(target_id);
  if (!t || !visible_to(st, *t, st.side_id(side))) return no_such_unit();
  if (t->side == side) return Refusal{"OH_OWN_UNIT", "OH-FIRE-05", label(*t) + " is one of your own units."};
  const double d = range_between(*u, *t);
  if (geom::beyond(d, max_range(r))) {
    return Refusal{"OH_OUT_OF_RANGE", "OH-FIRE-01", label(*t) + " is " + inches(d) + " away; " + label(*u) + " reaches " + inches(max_range(r)) + "."};
  }
  // GAP-OH-LOS-05 (table-faithful reading): a Concealed Ready unit cannot be seen beyond 12".
  if (t->ready && concealed(st, *t) && geom::beyond(d, kAmbushSight)) {
    return Refusal{"OH_CONCEALED", "OH-LOS-05", label(*t) + " is Concealed and Ready: it can be seen only from 12\" or less (it is " + inches(d) + " away)."};
  }
  if (u->type == UnitType::kMortar) {
    // OH-LOS-02: its own sight, or a friendly observer's.
    bool seen = sees(st, *u, *t, SightFor::kSeeing);
    for (const auto& o : st.units) {
      if (seen) break;
      if (o.alive && o.side == side && o.id != u->id && observes(st, o, *t)) seen = true;
    }
    if (!seen) return Refusal{"OH_NO_OBSERVER", "OH-LOS-02", "Neither " + label(*u) + " nor any friendly unit can see " + label(*t) + "."};
  } else if (!sees(st, *u, *t, SightFor::kDirectFire)) {
    return Refusal{"OH_NO_LOS", "OH-LOS-01", label(*u) + " cannot see " + label(*t) + ": two of its bases need a clear line to two of the target's bases."};
  }
  if (st.options.enforce_priority) {
    const Unit* p = priority_target(st, *u, st.ready_window);
    if (p && p->id != t->id) {
      return Refusal{"OH_NOT_PRIORITY", "OH-FIRE-04", label(*u) + " must fire at " + label(*p) + ", its priority target (best modifier, then closest)."};
    }
  }
  return std::nullopt;
}

void do_fire(Context& ctx, OhState& st, int side, const pb::OhFire& f) {
  if (auto r = check_fire(st, side, f.unit_id(), f.target_id())) refuse(*r);
  const Unit& u = *st.alive_unit(f.unit_id());
  const Unit& t = *st.alive_unit(f.target_id());
  const bool ready_fire = st.ready_window;
  const bool was_hidden = hidden_from(st, u, st.other(side));
  const FirePlan p = plan_fire(st, u, t, ready_fire);
  const int roll = ctx.roll(die_kind(st), "fire " + label(u));
  const int modified = roll + p.modifier_total;
  const int hits = fire_hits(modified, static_cast<int>(p.halvings.size()), p.close);
  int after = t.hits + hits;
  int permanent = t.permanent;
  if (t.hits < 10 && after >= 10) permanent = std::max(permanent, 5);  // OH-CONV-06
  const bool destroyed = after >= st.options.destroyed_at;
  if (!ctx.pending_dice().empty()) {
    ctx.pending_dice().back().set_meaning(std::to_string(hits) + (hits == 1 ? " Hit" : " Hits") + " (" +
                                          std::to_string(roll) + (p.modifier_total >= 0 ? " +" : " ") +
                                          std::to_string(p.modifier_total) + ")");
  }
  pb::OhEvent e;
  auto* x = e.mutable_fired();
  x->set_unit_id(u.id);
  x->set_target_id(t.id);
  x->set_roll(roll);
  for (const auto& m : p.modifiers) *x->add_modifiers() = m;
  x->set_modified(modified);
  for (const auto& h : p.halvings) x->add_halvings(h);
  x->set_close_range(p.close);
  x->set_hits(hits);
  x->set_ready_fire(ready_fire);
  x->set_distance(std::round(p.distance * 100) / 100);
  x->set_target_hits(after);
  x->set_target_permanent(permanent);
  x->set_destroyed(destroyed);
  x->set_revealed(was_hidden);
  emit_oh(ctx, e);
}

}  // namespace sandtable::oh
