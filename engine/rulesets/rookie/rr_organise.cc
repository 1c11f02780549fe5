// Reorganising on the table: setting up and taking down heavy weapons (RR-FUNC-03) and leaders
// combining understrength squads (RR-CMD-07).
#include <algorithm>

#include "engine/rulesets/rookie/rr_command.h"
#include "engine/rulesets/rookie/rr_internal.h"

namespace sandtable::rr {

namespace {

Refusal r(const char* code, const char* rule, std::string msg) { return {code, rule, std::move(msg)}; }

// RR-FUNC-03: four functions, i.e. both activations of one turn.
constexpr int kSetUpFunctions = 4;

int spent_this_turn(const RrState& st, const Unit& u) { return u.set_up_turn == st.turn ? u.set_up_functions : 0; }

}  // namespace

Check check_set_up(const RrState& st, int side, const pb::RrSetUp& s) {
  const Unit* u = nullptr;
  if (auto bad = check_function(st, side, s.unit_id(), &u)) return bad;
  if (!row_of(*u).emplaced) {
    return r("RR_NOT_HEAVY", "RR-FUNC-03", "Only heavy mortars and artillery pieces are set up and taken down; " + label(*u) + " is neither.");
  }
  return std::nullopt;
}

void do_set_up(Context& ctx, RrState& st, int side, const pb::RrSetUp& s) {
  if (auto bad = check_set_up(st, side, s)) refuse(*bad);
  const Unit& u = *st.find(s.unit_id());
  const int spent = spent_this_turn(st, u) + 1;
  pb::RrEvent e;
  auto* x = e.mutable_setting_up();
  x->set_unit_id(u.id);
  x->set_functions(spent);
  x->set_needed(kSetUpFunctions);
  x->set_emplaced(spent >= kSetUpFunctions ? u.packed : !u.packed);
  emit_rr(ctx, e, audience(st, u));
  spend_function(ctx, st);
}

std::string set_up_label(const RrState& st, const Unit& u) {
  return std::string(u.packed ? "Set up" : "Take down") + " (function " + std::to_string(spent_this_turn(st, u) + 1) + " of " +
         std::to_string(kSetUpFunctions) + " this turn)";
}

Check check_combine(const RrState& st, int side, const pb::RrCombineSquads& c) {
  if (st.phase != Phase::kCommand || st.phase_side != side) {
    return r("RR_NOT_COMMAND_PHASE", "RR-CMD-07", "Leaders combine squads in their side's part of the command phase.");
  }
  const Unit* l = st.alive_unit(c.leader_id());
  if (!l || l->side != side || l->kind != Kind::kLeader) {
    return r("RR_NOT_A_LEADER", "RR-CMD-07", "There is no leader of " + side_name(st, side) + " called '" + c.leader_id() + "'.");
  }
  if (st.deck->acted(l->id)) return r("RR_LEADER_SPENT", "RR-CMD-07", label(*l) + " has already spent its functions in this command phase.");
  const Unit* a = st.alive_unit(c.unit_id());
  const Unit* b = st.alive_unit(c.into_id());
  if (!a || !b || a->side != side || b->side != side || a->id == b->id) {
    return r("RR_NO_SUCH_UNIT", "RR-CMD-07", "Name two different squads of " + side_name(st, side) + ".");
  }
  if (a->kind != Kind::kSquad || b->kind != Kind::kSquad) return r("RR_NOT_SQUADS", "RR-CMD-07", "Only squads are combined.");
  if (a->figures >= a->original_figures || b->figures >= b->original_figures) {
    return r("RR_NOT_UNDERSTRENGTH", "RR-CMD-07", "Only understrength squads are combined; " +
                                                     label(a->figures >= a->original_figures ? *a : *b) + " has all its figures.");
  }
  if (a->figures + b->figures > b->original_figures) {
    return r("RR_TOO_MANY_FIGURES", "RR-CMD-07", label(*a) + " and " + label(*b) + " together have " + std::to_string(a->figures + b->figures) +
                                                    " figures, more than " + label(*b) + "'s " + std::to_string(b->original_figures) + ".");
  }
  const int radius = command_radius_inches(l->marker);
  for (const Unit* u : {a, b}) {
    if (!geom::within(geom::distance(l->pos, u->pos), radius) || !line_of_sight(st, l->pos, u->pos)) {
      return r("RR_OUT_OF_COMMAND", "RR-CMD-07", label(*u) + " is not within " + label(*l) + "'s command radius (" + inches(radius) + ") and sight.");
    }
  }
  return std::nullopt;
}

void do_combine(Context& ctx, RrState& st, int side, const pb::RrCombineSquads& c) {
  if (auto bad = check_combine(st, side, c)) refuse(*bad);
  const Unit& a = *st.find(c.unit_id());
  const Unit& b = *st.find(c.into_id());
  pb::RrEvent e;
  auto* x = e.mutable_squads_combined();
  x->set_leader_id(c.leader_id());
  x->set_unit_id(a.id);
  x->set_into_id(b.id);
  x->set_figures(a.figures + b.figures);
  x->set_marker(to_pb(worst_marker(a.marker, b.marker)));
  std::vector<std::string> who = audience(st, *st.find(c.leader_id()));
  if (!audience(st, a).empty() || !audience(st, b).empty()) who = {st.side_id(side)};  // names a hidden unit
  emit_rr(ctx, e, who);
}

bool may_combine(const RrState& st, int side) {
  for (const auto& l : st.units) {
    if (!l.alive || l.side != side || l.kind != Kind::kLeader) continue;
    for (const auto& a : st.units) {
      if (!a.alive || a.side != side || a.kind != Kind::kSquad || a.figures >= a.original_figures) continue;
      for (const auto& b : st.units) {
        pb::RrCombineSquads c;
        c.set_leader_id(l.id);
        c.set_unit_id(a.id);
        c.set_into_id(b.id);
        if (a.alive && b.alive && a.side == side && b.side == side && &a != &b && !check_combine(st, side, c)) return true;
      }
    }
  }
  return false;
}

}  // namespace sandtable::rr
