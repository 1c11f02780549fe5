// A turned card and the unit it activates (RR-CARD-03..05), the functions the unit spends
// (RR-FUNC-01/02), and removing penalty markers by command (RR-CMD-05/06, RR-PEN-01).
#include <algorithm>

#include "engine/rulesets/rookie/rr_command.h"
#include "engine/rulesets/rookie/rr_internal.h"

namespace sandtable::rr {

namespace {

Refusal r(const char* code, const char* rule, std::string msg) { return {code, rule, std::move(msg)}; }

Check check_card_for(const RrState& st, int side) {
  if (st.phase != Phase::kCards || !st.deck->pending()) {
    return r("RR_NO_CARD", "RR-CARD-04", "No card is waiting for a unit to act now.");
  }
  if (st.deck->pending()->side != side) {
    return r("RR_NOT_YOUR_CARD", "RR-CARD-01",
             "The card turned is " + side_name(st, st.deck->pending()->side) + "'s colour: it is their unit that acts.");
  }
  return std::nullopt;
}

}  // namespace

std::vector<const Unit*> eligible_units(const RrState& st, int side) {
  std::vector<const Unit*> out;
  for (const auto& u : st.units) {
    if (u.alive && u.side == side && !st.deck->acted(u.id)) out.push_back(&u);
  }
  return out;
}

Check check_activate(const RrState& st, int side, const std::string& unit_id) {
  if (auto bad = check_card_for(st, side)) return bad;
  const Unit* u = st.alive_unit(unit_id);
  if (!u || u->side != side) {
    return r("RR_NO_SUCH_UNIT", "RR-CARD-04", "There is no unit of " + side_name(st, side) + " called '" + unit_id + "' on the table.");
  }
  if (st.deck->acted(u->id)) {
    return r("RR_ALREADY_ACTED", "RR-CARD-03", label(*u) + " has already acted in this card sequence; no unit acts twice in one.");
  }
  return std::nullopt;
}

void do_activate(Context& ctx, RrState& st, int side, const std::string& unit_id) {
  if (auto bad = check_activate(st, side, unit_id)) refuse(*bad);
  const Unit& u = *st.alive_unit(unit_id);
  pb::RrEvent e;
  e.mutable_unit_activated()->set_unit_id(u.id);
  e.mutable_unit_activated()->set_functions(u.one_function ? 1 : 2);  // RR-CARD-05, RR-ARM-04 8
  emit_rr(ctx, e, audience(st, u));  // a unit hidden from the enemy acts unseen
}

Check check_pass(const RrState& st, int side) { return check_card_for(st, side); }

void do_pass(Context& ctx, RrState& st, int side) {
  if (auto bad = check_pass(st, side)) refuse(*bad);
  pb::RrEvent e;
  e.mutable_card_passed()->set_side(st.side_id(side));
  emit_rr(ctx, e);
}

Check check_function(const RrState& st, int side, const std::string& unit_id, const Unit** out) {
  if (st.phase != Phase::kCards || st.active_unit.empty()) {
    return r("RR_NOT_ACTIVE", "RR-CARD-03", "Units act only when a card of their colour activates them.");
  }
  const Unit* active = st.find(st.active_unit);
  if (!active || active->side != side) {
    return r("RR_NOT_YOUR_TURN", "RR-CARD-03", "It is not " + side_name(st, side) + "'s unit that is acting now.");
  }
  if (unit_id != st.active_unit) {
    return r("RR_NOT_THE_ACTIVE_UNIT", "RR-CARD-03", label(*active) + " is the unit acting on this card; only it may act now.");
  }
  if (st.functions_left <= 0) {
    return r("RR_NO_FUNCTIONS", "RR-CARD-05", label(*active) + " has used both its functions.");
  }
  *out = active;
  return std::nullopt;
}

void spend_function(Context& ctx, RrState& st) {
  if (!st.active_unit.empty() && (st.functions_left <= 0 || !st.alive_unit(st.active_unit))) end_activation(ctx, st);
}

Check check_end_activation(const RrState& st, int side) {
  const Unit* u = nullptr;
  if (st.phase != Phase::kCards || st.active_unit.empty() || !(u = st.find(st.active_unit)) || u->side != side) {
    return r("RR_NOT_ACTIVE", "RR-CARD-05", "No unit of " + side_name(st, side) + " is acting now.");
  }
  return std::nullopt;
}

void end_activation(Context& ctx, RrState& st) {
  pb::RrEvent e;
  e.mutable_activation_ended()->set_unit_id(st.active_unit);
  const Unit* u = st.find(st.active_unit);
  emit_rr(ctx, e, u ? audience(st, *u) : std::vector<std::string>{});
  // RR-ARM-04: "for its next chance to act, then removed": that chance is over.
  if (u && u->alive && u->temporary_armed) {
    pb::RrEvent w;
    auto* m = w.mutable_marker_changed();
    m->set_unit_id(u->id);
    // A leader may have lowered it meanwhile, or a worse marker come on top: only the stun goes.
    m->set_marker(to_pb(u->marker == u->temporary_marker ? u->underlying_marker : u->marker));
    m->set_rule_id("RR-ARM-04");
    m->set_reason("the crew recovers: its next chance to act is over");
    emit_rr(ctx, w, audience(st, *u));
  }
}

Check check_rally(const RrState& st, int side, const pb::RrRally& rr) {
  const Unit* u = nullptr;
  if (auto bad = check_function(st, side, rr.unit_id(), &u)) return bad;
  if (auto why = refuse_self_help(u->marker, 1, in_command(st, *u))) {
    return r("RR_RALLY", "RR-CMD-06", label(*u) + ": " + *why);
  }
  return std::nullopt;
}

void do_rally(Context& ctx, RrState& st, int side, const pb::RrRally& rr) {
  if (auto bad = check_rally(st, side, rr)) refuse(*bad);
  const Unit& u = *st.find(rr.unit_id());
  pb::RrEvent e;
  e.mutable_rallied()->set_unit_id(u.id);
  e.mutable_rallied()->set_marker(to_pb(marker_after_removals(u.marker, 1)));
  emit_rr(ctx, e, audience(st, u));
  spend_function(ctx, st);
}

Check check_leader_command(const RrState& st, int side, const pb::RrLeaderCommand& c) {
  if (st.phase != Phase::kCommand || st.phase_side != side) {
    return r("RR_NOT_COMMAND_PHASE", "RR-CMD-05", "Leaders remove markers in their side's part of the command phase, before a card sequence.");
  }
  const Unit* l = st.alive_unit(c.leader_id());
  if (!l || l->side != side || l->kind != Kind::kLeader) {
    return r("RR_NOT_A_LEADER", "RR-CMD-05", "There is no leader of " + side_name(st, side) + " called '" + c.leader_id() + "'.");
  }
  if (st.deck->acted(l->id)) {
    return r("RR_LEADER_SPENT", "RR-CMD-05", label(*l) + " has already spent its functions in this command phase.");
  }
  if (c.unit_ids_size() == 0) return r("RR_COMMAND_EMPTY", "RR-CMD-05", "Name the unit (or two) whose markers " + label(*l) + " removes.");
  std::vector<CommandTarget> plan;
  for (const auto& id : c.unit_ids()) {
    const Unit* u = st.alive_unit(id);
    if (!u || u->side != side) {
      return r("RR_NO_SUCH_UNIT", "RR-CMD-05", "There is no unit of " + side_name(st, side) + " called '" + id + "'.");
    }
    auto same = std::find_if(plan.begin(), plan.end(), [&](const CommandTarget& t) { return t.unit == label(*u); });
    if (same != plan.end()) {
      ++same->steps;
      continue;
    }
    CommandTarget t;
    t.unit = label(*u);
    t.marker = u->marker;
    t.distance_inches = geom::distance(l->pos, u->pos);
    t.in_los = line_of_sight(st, l->pos, u->pos);
    plan.push_back(t);
  }
  if (auto why = refuse_command_plan(l->marker, plan)) return r("RR_COMMAND", "RR-CMD-05", label(*l) + ": " + *why);
  return std::nullopt;
}

void do_leader_command(Context& ctx, RrState& st, int side, const pb::RrLeaderCommand& c) {
  if (auto bad = check_leader_command(st, side, c)) refuse(*bad);
  pb::RrEvent e;
  auto* x = e.mutable_commanded();
  x->set_leader_id(c.leader_id());
  std::vector<std::pair<std::string, int>> steps;
  for (const auto& id : c.unit_ids()) {
    auto it = std::find_if(steps.begin(), steps.end(), [&](const auto& p) { return p.first == id; });
    if (it == steps.end()) steps.emplace_back(id, 1);
    else ++it->second;
  }
  std::vector<std::string> who = audience(st, *st.find(c.leader_id()));
  for (const auto& [id, n] : steps) {
    x->add_unit_ids(id);
    x->add_markers(to_pb(marker_after_removals(st.find(id)->marker, n)));
    if (!audience(st, *st.find(id)).empty()) who = {st.side_id(side)};  // a hidden unit is named
  }
  emit_rr(ctx, e, who);
}

}  // namespace sandtable::rr
