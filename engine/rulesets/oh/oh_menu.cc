// The action menu (docs/protocol.md): what the phasing seat may do now, and the Ready units'
// shots in the other seat's window. Every entry is read off the handlers' own checks, so the
// menu cannot offer what they refuse; order_for builds the order back from a pick.
#include <algorithm>

#include "engine/model/menu_build.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules_impl.h"

namespace sandtable::oh {

namespace {

std::string shot_detail(const OhState& st, const Unit& u, const Unit& t, bool ready_fire, const Unit* priority) {
  const FirePlan p = plan_fire(st, u, t, ready_fire);
  std::string d = inches(p.distance) + ", " + die_words(st);
  if (p.modifier_total > 0) d += '+';
  if (p.modifier_total) d += std::to_string(p.modifier_total);
  for (const auto& h : p.halvings) d += ", halved (" + h + ")";
  if (p.close) d += ", doubled (close range)";
  if (priority && priority->id == t.id) d += " — priority target";
  return d;
}

void add_fire(const OhState& st, const Unit& u, pb::ActionMenu& menu, bool ready_fire) {
  const auto targets = fire_targets(st, u);
  if (targets.empty()) return;
  const char* rule = u.type == UnitType::kMortar ? "OH-SEQ-03" : ready_fire ? "OH-SEQ-05" : "OH-FIRE-05";
  pb::Action* a = add_action(menu, "fire:" + u.id, "fire", ready_fire ? "Ready fire (-1)" : "Fire", u.id, rule);
  const Unit* priority = priority_target(st, u, ready_fire);
  for (const Unit* t : targets) {
    auto* x = a->add_targets();
    x->set_id(t->id);
    x->set_unit_id(t->id);
    x->set_label(label(*t));
    geom::to_proto(t->pos, x->mutable_point());
    x->set_detail(shot_detail(st, u, *t, ready_fire, priority));
  }
}

int unacted(const OhState& st, int side) {
  int n = 0;
  for (const auto& u : st.units) n += (u.side == side && u.alive && !u.acted) ? 1 : 0;
  return n;
}

}  // namespace

void OneHourWw2::actions(const GameState& state, const std::string& seat, pb::ActionMenu& menu) const {
  const auto& st = static_cast<const OhState&>(state);
  const int side = st.side_index(seat);
  if (side < 0 || side != st.phasing || st.over || st.ready_window) return;
  if (st.pending_move) {
    const Unit* u = st.alive_unit(st.pending_move->unit_id);
    if (!u) return;
    const int allowance = st.pending_move->allowance;
    pb::Action* a = add_action(menu, "move:" + u->id, "move", "Move " + label(*u) + " up to " + inches(allowance), u->id, "OH-MOVE-01");
    auto* lim = a->mutable_move();
    lim->set_facing_free(true);
    lim->add_modes("tactical");
    lim->add_mode_max_inches(allowance);
    if (st.pending_move->road_possible) {
      lim->add_modes("road");
      lim->add_mode_max_inches(allowance + kRoadInches);
    }
    lim->set_max_inches(allowance + (st.pending_move->road_possible ? kRoadInches : 0));
    add_action(menu, "stay:" + u->id, "other", "Stay where it is", u->id, "OH-MOVE-01");
    return;
  }
  const std::string end_rule = st.step == Step::kMortar ? "OH-SEQ-03" : st.step == Step::kActions ? "OH-SEQ-04" : "OH-SEQ-06";
  for (const auto& u : st.units) {
    if (!u.alive || u.side != side || u.acted) continue;
    if (st.step == Step::kMortar || st.step == Step::kActions) add_fire(st, u, menu, false);
    if (st.step == Step::kActions) {
      if (!check_roll_move(st, side, u.id, false)) {
        add_action(menu, "roll:" + u.id, "other", "Move (roll " + allowance_words(st, u, false) + ")", u.id, "OH-MOVE-02");
      }
      if (!check_roll_move(st, side, u.id, true)) {
        add_action(menu, "march:" + u.id, "other", "March (roll " + allowance_words(st, u, true) + "; +2 to enemy fire)", u.id, "OH-MOVE-03");
      }
    }
    if (st.step == Step::kRally) {
      struct Entry {
        pb::OhRallyReadyKind kind;
        const char* id;
        const char* words;
        const char* rule;
      };
      for (const Entry& e : {Entry{pb::OH_RALLY, "rally:", "Rally", "OH-RR-02"}, Entry{pb::OH_READY, "ready:", "Become Ready", "OH-RR-03"},
                             Entry{pb::OH_DIG_IN, "dig:", "Dig in", "OH-RR-04"}}) {
        pb::OhRallyReady r;
        r.set_unit_id(u.id);
        r.set_kind(e.kind);
        if (!check_rally_ready(st, side, r)) add_action(menu, e.id + u.id, "other", e.words, u.id, e.rule);
      }
    }
  }
  if (!check_end_step(st, side)) {
    const char* words = st.step == Step::kMortar ? "End mortar fire" : st.step == Step::kActions ? "End actions" : "End your phase";
    pb::Action* a = add_action(menu, "end", "end", words, "", end_rule.c_str());
    const int left = st.step == Step::kActions ? unacted(st, side) : 0;
    if (left > 0) {
      a->set_confirm("End your actions with " + std::to_string(left) + (left == 1 ? " unit that has" : " units that have") +
                     " not acted?");
    }
  }
}

void OneHourWw2::decision_actions(const GameState& state, const pb::Decision& decision, pb::ActionMenu& menu) const {
  const auto& st = static_cast<const OhState&>(state);
  if (decision.kind() != kReadyDecision) return;
  for (const Unit* u : ready_shooters(st)) add_fire(st, *u, menu, true);
}

pb::Command OneHourWw2::order_for(const GameState& state, const std::string& seat, const pb::Action& action,
                                  const pb::PlayAction& play) const {
  (void)state;
  pb::OhCommand c;
  const std::string& id = action.id();
  const std::string& unit = action.unit_id();
  if (id.starts_with("fire:")) {
    c.mutable_fire()->set_unit_id(unit);
    c.mutable_fire()->set_target_id(play.target());
  } else if (id.starts_with("roll:") || id.starts_with("march:")) {
    c.mutable_roll_move()->set_unit_id(unit);
    c.mutable_roll_move()->set_march(id.starts_with("march:"));
  } else if (id.starts_with("move:")) {
    auto* m = c.mutable_move();
    m->set_unit_id(unit);
    for (const auto& p : play.path()) *m->add_path() = p;
    // Without a path the pick is "stay": the unit keeps its facing (a facing of 0 would be north).
    m->set_facing_deg(play.path().empty() ? -1.0 : play.facing_deg());
    if (!play.mode().empty() && play.mode() != "tactical" && play.mode() != "road") {
      reject("OH_BAD_MODE", "OH-MOVE-08", "A move is 'tactical' or, from a road, 'road'.");
    }
    m->set_road(play.mode() == "road");
  } else if (id.starts_with("stay:")) {
    c.mutable_move()->set_unit_id(unit);
    c.mutable_move()->set_facing_deg(-1);  // keeps its facing
  } else if (id.starts_with("rally:") || id.starts_with("ready:") || id.starts_with("dig:")) {
    c.mutable_rally_ready()->set_unit_id(unit);
    c.mutable_rally_ready()->set_kind(id.starts_with("rally:") ? pb::OH_RALLY : id.starts_with("ready:") ? pb::OH_READY : pb::OH_DIG_IN);
  } else {
    c.mutable_end_step();
  }
  return order_of(seat, c);
}

}  // namespace sandtable::oh
