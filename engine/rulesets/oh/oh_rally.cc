// The Rally & Ready step (OH-RR-*): each phasing unit that took no action may Rally, become
// Ready or Dig in.
#include <algorithm>

#include "engine/rulesets/oh/oh_internal.h"

namespace sandtable::oh {

int rally_removes(bool concealed_or_tank, int roll) { return concealed_or_tank ? roll : (roll + 1) / 2; }

Check check_rally_ready(const OhState& st, int side, const pb::OhRallyReady& r) {
  const Unit* u = st.alive_unit(r.unit_id());
  if (!u || (u->side != side && !visible_to(st, *u, st.side_id(side)))) {
    return Refusal{"OH_NO_SUCH_UNIT", "OH-RR-01", "You have no unit called '" + r.unit_id() + "'."};
  }
  if (u->side != side) return Refusal{"OH_NOT_YOUR_UNIT", "OH-RR-01", label(*u) + " is not one of your units."};
  if (st.over) return Refusal{"GAME_OVER", "OH-SEQ-02", "The game is over."};
  if (side != st.phasing || st.ready_window) return Refusal{"OH_NOT_YOUR_PHASE", "OH-SEQ-01", "It is not your phase."};
  if (st.step != Step::kRally) return Refusal{"OH_WRONG_STEP", "OH-SEQ-06", "Rally, Ready and Dig-in are done in the Rally & Ready step, after the Actions step."};
  if (u->acted) {
    return Refusal{"OH_ALREADY_ACTED", "OH-RR-01", label(*u) + " took an action this phase (it fired, moved or already rallied, readied or dug in)."};
  }
  const TypeRow& row = row_of(u->type);
  switch (r.kind()) {
    case pb::OH_RALLY:
      if (u->hits <= u->permanent) {
        return Refusal{"OH_NOTHING_TO_RALLY", "OH-RR-02", label(*u) + " has no Hits that can be rallied off" + (u->permanent ? " (its " + std::to_string(u->permanent) + " are permanent)." : ".")};
      }
      return std::nullopt;
    case pb::OH_READY:
      if (!row.can_ready) return Refusal{"OH_CANNOT_READY", "OH-RR-03", "Mortars cannot be marked Ready."};
      if (u->ready) return Refusal{"OH_ALREADY_READY", "OH-RR-03", label(*u) + " is already Ready."};
      return std::nullopt;
    case pb::OH_DIG_IN:
      if (!row.can_dig_in) return Refusal{"OH_CANNOT_DIG_IN", "OH-UNIT-06", "Tanks cannot dig in."};
      if (u->dug_in) return Refusal{"OH_ALREADY_DUG_IN", "OH-RR-04", label(*u) + " is already Dug-in."};
      return std::nullopt;
    default:
      return Refusal{"EMPTY_COMMAND", "OH-SEQ-06", "Say whether the unit rallies, becomes Ready or digs in."};
  }
}

void do_rally_ready(Context& ctx, OhState& st, int side, const pb::OhRallyReady& r) {
  if (auto x = check_rally_ready(st, side, r)) refuse(*x);
  const Unit& u = *st.alive_unit(r.unit_id());
  // Who may see it: if the unit is (or is about to be) hidden from the enemy, only its side.
  Unit after = u;
  if (r.kind() == pb::OH_READY) after.ready = true;
  if (r.kind() == pb::OH_DIG_IN) after.dug_in = true;
  OhState probe_state = st;
  *probe_state.find(u.id) = after;
  const std::vector<std::string> who = audience(probe_state, after).empty() ? audience(st, u) : audience(probe_state, after);
  pb::OhEvent e;
  if (r.kind() == pb::OH_RALLY) {
    const int roll = ctx.roll(die_kind(st), "rally " + label(u));
    const int removed = std::min(rally_removes(concealed(st, u) || u.type == UnitType::kTank, roll), u.hits - u.permanent);
    if (!ctx.pending_dice().empty()) ctx.pending_dice().back().set_meaning("removes " + std::to_string(removed) + " Hits");
    auto* x = e.mutable_rallied();
    x->set_unit_id(u.id);
    x->set_roll(roll);
    x->set_removed(removed);
    x->set_hits(u.hits - removed);
  } else if (r.kind() == pb::OH_READY) {
    e.mutable_readied()->set_unit_id(u.id);
  } else {
    e.mutable_dug_in()->set_unit_id(u.id);
  }
  emit_oh(ctx, e, who);
}

}  // namespace sandtable::oh
