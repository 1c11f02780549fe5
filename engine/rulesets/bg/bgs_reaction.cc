// Profile (b)'s stance (prone / standing, BGM-COV-01's position entries) and reaction fire
// (BGM-RF-01..06): a unit whose card is up, with at most one action taken, waits on reaction
// fire for the rest of the turn; an enemy firing in its front arc, or ending a move within its
// point-blank range, sets it off, and its side is asked, unit by unit, to fire or hold. Units on
// opportunity or ambush fire (bgs_special.cc) are asked the same way after any enemy action.
#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bgs_skirmish.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

void answered(Context& ctx, const std::string& unit_id, const std::string& trigger, bool fired, const std::string& reason) {
  pb::BgEvent e;
  auto* a = e.mutable_bgs_reaction_answered();
  a->set_unit_id(unit_id);
  a->set_trigger_id(trigger);
  a->set_fired(fired);
  a->set_reason(reason);
  emit_bg(ctx, e);
}

// Why `r` cannot answer `t` now, or nothing.
Check cannot_react(const BgState& st, const Unit* r, const Unit* t) {
  if (!r || !r->bgs || r->destroyed || (!r->bgs->reaction && !on_watch(*r))) {
    return refusal("BGM_NO_REACTION", "BGM-RF-05", "that unit no longer waits to fire");
  }
  if (r->bgs->broken) return refusal("BGM_BROKEN", "GAP-BGM-GEN-02", label(*r) + " is broken");
  if (!t || t->destroyed) return refusal("BG_NO_TARGET", "BGM-RF-03", "the enemy is gone");
  return check_bgs_target(st, *r, *t);
}

// What the waiting unit's fire is called in prompts and lines.
std::string fire_name(const Unit& r) { return r.bgs->reaction ? "reaction fire" : r.bgs->special == "ambush" ? "ambush" : "opportunity fire"; }

// BGM-SFO-01/02: a unit on opportunity fire answers any completed action of an enemy it may
// fire at (front arc, range, line of sight, BG-LOS-05); in ambush only within its effective range
// (BGM-SFO-02 (c)).
bool watch_set_off(const BgState& st, const Unit& r, const Unit& t) {
  if (r.bgs->special == "opportunity") return true;
  const auto band = mods::sa_band(small_arm_named(r.bgs->small_arm).value_or(mods::SmallArm::kBoltRifle),
                                  geom::distance(aim_point(st, r), aim_point(st, t)));
  return band && (band->band == mods::SaBand::kPointBlank || band->band == mods::SaBand::kEffective);
}

}  // namespace

bool on_watch(const Unit& u) { return u.bgs && (u.bgs->special == "opportunity" || u.bgs->special == "ambush"); }

void bgs_after_action(Context& ctx, BgState& st, const std::string& actor_id, bool fired, bool moved) {
  bgs_bookkeeping(ctx, st, actor_id, fired);
  bgs_reaction_triggers(ctx, st, actor_id, fired, moved);
}

Check check_bgs_stance(const BgState& st, int side, const pb::BgsStance& c) {
  const Unit* u = nullptr;
  if (auto r = check_unit_may_act(st, side, c.unit_id(), BgAction::kShoot, &u)) return r;
  if (auto r = check_not_pinning(*u)) return r;
  if (u->bgs->prone == c.prone()) {
    return refusal("BGM_SAME_STANCE", "BGM-COV-01", label(*u) + " is already " + (c.prone() ? "prone." : "standing."));
  }
  return std::nullopt;
}

void do_bgs_stance(Context& ctx, BgState& st, int side, const pb::BgsStance& c) {
  if (auto r = check_bgs_stance(st, side, c)) refuse(*r);
  pb::BgEvent e;
  e.mutable_bgs_stance()->set_unit_id(c.unit_id());
  e.mutable_bgs_stance()->set_prone(c.prone());
  emit_bg(ctx, e);
  unit_acted(ctx, st, *st.find(c.unit_id()), BgAction::kShoot);  // an action, not a move
}

Check check_bgs_react(const BgState& st, int side, const pb::BgsReact& c) {
  const Unit* u = nullptr;
  // BGM-RF-01/02: only once its own card is up, and with at most one action taken (the gate
  // allows a unit with an action left, so at most one is taken).
  if (auto r = check_unit_may_act(st, side, c.unit_id(), BgAction::kShoot, &u)) return r;
  return check_not_pinning(*u);
}

void do_bgs_react(Context& ctx, BgState& st, int side, const pb::BgsReact& c) {
  if (auto r = check_bgs_react(st, side, c)) refuse(*r);
  pb::BgEvent e;
  e.mutable_bgs_reaction()->set_unit_id(c.unit_id());
  e.mutable_bgs_reaction()->set_marked(true);
  emit_bg(ctx, e);  // it does nothing else now (BGM-RF-05): the card closes (settle)
}

void bgs_reaction_triggers(Context& ctx, BgState& st, const std::string& trigger_id, bool fired, bool moved) {
  const Unit* t = st.find(trigger_id);
  if (!t || t->destroyed || !t->on_table) return;
  pb::BgEvent e;
  auto* d = e.mutable_bgs_reaction_due();
  d->set_trigger_id(t->id);
  d->set_trigger(fired ? "fired" : moved ? "moved" : "acted");
  const Vec2 at = aim_point(st, *t);
  for (const auto& r : st.units) {
    if (r.side == t->side || !r.on_table || cannot_react(st, &r, t)) continue;
    if (on_watch(r)) {
      if (watch_set_off(st, r, *t)) d->add_unit_ids(r.id);
      continue;
    }
    if (!fired && !moved) continue;  // reaction fire answers fire and point-blank moves only
    if (fired) {
      if (!geom::in_front(com(r), r.facing, at)) continue;  // (a) in its front arc
    } else {
      const auto band = mods::sa_band(small_arm_named(r.bgs->small_arm).value_or(mods::SmallArm::kBoltRifle),
                                      geom::distance(aim_point(st, r), at));
      if (!band || band->band != mods::SaBand::kPointBlank) continue;  // (b) within point blank
    }
    d->add_unit_ids(r.id);
  }
  if (d->unit_ids_size() > 0) emit_bg(ctx, e);
}

bool bgs_ask_reaction(Context& ctx, BgState& st) {
  if (st.reaction_due.empty()) return false;
  const std::string id = st.reaction_due.front();
  const Unit* r = st.find(id);
  const Unit* t = st.find(st.reaction_trigger);
  if (auto why = cannot_react(st, r, t)) {
    answered(ctx, id, st.reaction_trigger, false, why->message);
    return true;
  }
  pb::Decision q;  // BGM-RF-06
  q.set_seat(side_id(st, r->side));

  q.set_kind(kReactionKind);
  q.set_unit_id(r->id);
  q.set_rule_id(r->bgs->reaction ? "BGM-RF-06" : "BGM-SFO-01");
  q.set_prompt(label(*t) + " sets off " + label(*r) + "'s " + fire_name(*r) + ": " +
               bgs_fire_words(plan_bgs_fire(st, *r, *t, r->bgs->reaction)) + ". Fire, or hold?");
  auto* fire = q.add_choices();
  fire->set_id("fire");
  fire->set_label("Fire at " + label(*t));
  auto* hold = q.add_choices();
  hold->set_id("hold");
  hold->set_label("Hold (keep waiting)");
  ctx.ask(std::move(q));
  return true;
}

void answer_reaction(Context& ctx, BgState& st, const pb::Decision& d, const std::string& choice) {
  const std::string trigger = st.reaction_trigger;
  if (choice == "hold") return answered(ctx, d.unit_id(), trigger, false, "held its fire");
  if (choice != "fire") reject("NOT_A_CHOICE", "BGM-RF-06", "Answer fire or hold.");
  const Unit* r = st.find(d.unit_id());
  const Unit* t = st.find(trigger);
  if (auto why = cannot_react(st, r, t)) return answered(ctx, d.unit_id(), trigger, false, why->message);
  if (on_watch(*r)) {  // BGM-SFO-01/02: the shot spends the order (BgsFire.special)
    bgs_fire(ctx, st, *r, *t, false, r->bgs->special);
    answered(ctx, d.unit_id(), trigger, true, "");
    bgs_bookkeeping(ctx, st, d.unit_id(), true);
    return;
  }
  bgs_fire(ctx, st, *r, *t, true);
  pb::BgEvent e;  // BGM-RF-05: it fires only once
  e.mutable_bgs_reaction()->set_unit_id(d.unit_id());
  e.mutable_bgs_reaction()->set_spent(true);
  emit_bg(ctx, e);
  answered(ctx, d.unit_id(), trigger, true, "");
  bgs_bookkeeping(ctx, st, d.unit_id(), true);
}

}  // namespace sandtable::bg
