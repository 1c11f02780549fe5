// GM edits of a One-Hour Wargames table: move or remove a unit, set its Hits (as its strength:
// Hits left before it is destroyed), its Dug-in and Ready marks, the turn. The checks keep what
// the rules rely on: units on the table and clear of each other, Hits below the destruction
// threshold and never below the permanent ones, the sequence never left pointing at nothing.
#include <cmath>

#include "engine/model/rejection.h"
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules_impl.h"

namespace sandtable::oh {

namespace {

Unit& unit_to_edit(OhState& st, const std::string& id) {
  Unit* u = st.find(id);
  if (!u || !u->alive) reject("OH_NO_SUCH_UNIT", "GEN", "There is no unit '" + id + "' on the table.");
  return *u;
}

void busy_check(const OhState& st, const Unit& u) {
  if (st.pending_move && st.pending_move->unit_id == u.id) {
    reject("OH_GM_MOVING", "OH-MOVE-01", label(u) + " is in the middle of its move: edit it once the move is drawn.");
  }
}

void edit_state(OhState& st, const pb::GmEdit& edit) {
  switch (edit.body_case()) {
    case pb::GmEdit::kMoveUnit: {
      const auto& m = edit.move_unit();
      Unit& u = unit_to_edit(st, m.unit_id());
      busy_check(st, u);
      if (!m.has_point()) reject("OH_GM_POINT_NEEDED", "GEN", "Say which point of the table to move " + label(u) + " to.");
      const Vec2 to = geom::from_proto(m.point());
      if (!geom::is_finite(to) || to.x < 0 || to.y < 0 || to.x > st.table->width || to.y > st.table->height ||
          (m.has_facing_deg() && !std::isfinite(m.facing_deg()))) {
        reject("OH_GM_BAD_POINT", "GEN", "That point is not on the table.");
      }
      const Facing f = m.has_facing_deg() ? Facing::from_half_degrees(static_cast<int>(std::lround(std::fmod(m.facing_deg(), 360.0) * 2))) : u.facing;
      const auto mine = bases_at(u.type, to, f);
      for (const auto& b : mine) {
        for (const Vec2 v : b.vertices()) {
          if (v.x < 0 || v.y < 0 || v.x > st.table->width || v.y > st.table->height) reject("OH_GM_OFF_TABLE", "GEN", "A base of " + label(u) + " would be off the table.");
        }
      }
      for (const auto& o : st.units) {
        if (!o.alive || o.id == u.id) continue;
        for (const auto& ob : bases(o)) {
          for (const auto& b : mine) {
            if (overlap(b, ob)) reject("OH_GM_OVERLAP", "OH-MOVE-07", label(u) + " would stand on " + label(o) + ".");
          }
        }
      }
      u.pos = to;
      u.facing = f;
      return;
    }
    case pb::GmEdit::kRemoveUnit: {
      Unit& u = unit_to_edit(st, edit.remove_unit().unit_id());
      busy_check(st, u);
      u.alive = false;
      return;
    }
    case pb::GmEdit::kSetStrength: {
      Unit& u = unit_to_edit(st, edit.set_strength().unit_id());
      const int left = edit.set_strength().strength();
      const int hits = st.options.destroyed_at - left;
      if (left < 1 || hits < u.permanent) {
        reject("OH_GM_BAD_STRENGTH", "OH-CONV-06", label(u) + " may be given between 1 and " + std::to_string(st.options.destroyed_at - u.permanent) +
                                                       " Hits left (it has " + std::to_string(u.permanent) + " permanent Hits; remove it to destroy it).");
      }
      u.hits = hits;
      return;
    }
    case pb::GmEdit::kSetMarker: {
      const auto& m = edit.set_marker();
      Unit& u = unit_to_edit(st, m.unit_id());
      const bool on = !m.clear();
      if (m.key() == "dug_in") {
        if (on && !row_of(u.type).can_dig_in) reject("OH_CANNOT_DIG_IN", "OH-UNIT-06", "Tanks cannot dig in.");
        u.dug_in = on;
      } else if (m.key() == "ready") {
        if (on && !row_of(u.type).can_ready) reject("OH_CANNOT_READY", "OH-RR-03", "Mortars cannot be Ready.");
        u.ready = on;
      } else {
        reject("GM_EDIT_UNSUPPORTED", "GEN", "The markers a GM may set here are dug_in and ready.");
      }
      return;
    }
    case pb::GmEdit::kSetTurn: {
      const int t = edit.set_turn().turn();
      if (t < 1 || t > st.max_turns) reject("OH_GM_BAD_TURN", "OH-SEQ-02", "The turn is between 1 and " + std::to_string(st.max_turns) + ".");
      st.turn = t;
      return;
    }
    case pb::GmEdit::kRulesetEdit: {
      if (!edit.ruleset_edit().Is<pb::OhEditHits>()) reject("GM_EDIT_UNSUPPORTED", "GEN", "One-Hour Wargames does not know that edit.");
      pb::OhEditHits h;
      if (!edit.ruleset_edit().UnpackTo(&h)) reject("GM_EDIT_UNSUPPORTED", "GEN", "That edit cannot be read.");
      Unit& u = unit_to_edit(st, h.unit_id());
      if (h.hits() < 0 || h.hits() >= st.options.destroyed_at || h.permanent() < 0 || h.permanent() > h.hits()) {
        reject("OH_GM_BAD_HITS", "OH-CONV-06", "Hits go from 0 to " + std::to_string(st.options.destroyed_at - 1) +
                                                  ", and permanent Hits are never more than the Hits (remove the unit to destroy it).");
      }
      u.hits = h.hits();
      u.permanent = h.permanent();
      return;
    }
    default: edit_table(st, edit);  // terrain, phase, extra action, end of a move (oh_edit_table.cc)
  }
}

}  // namespace

std::vector<std::string> OneHourWw2::check_edit(const GameState& state, const pb::GmEdit& edit) const {
  const auto& st = static_cast<const OhState&>(state);
  if (st.ready_window) reject("OH_GM_WAIT", "OH-SEQ-05", "Wait until the Ready fire is answered.");
  OhState copy = st;
  edit_state(copy, edit);
  // An edit of a unit hidden from the enemy (before or after) is seen only by its own side.
  std::string id;
  if (edit.has_move_unit()) id = edit.move_unit().unit_id();
  if (edit.has_remove_unit()) id = edit.remove_unit().unit_id();
  if (edit.has_set_strength()) id = edit.set_strength().unit_id();
  if (edit.has_set_marker()) id = edit.set_marker().unit_id();
  if (edit.has_ruleset_edit()) {
    pb::OhEditHits h;
    if (edit.ruleset_edit().UnpackTo(&h)) id = h.unit_id();
  }
  if (const Unit* before = st.alive_unit(id)) {
    auto who = audience(st, *before);
    if (who.empty()) {
      if (const Unit* after = copy.alive_unit(id)) who = audience(copy, *after);
    }
    return who;
  }
  return {};
}

void OneHourWw2::apply_edit(GameState& state, const pb::GmEdit& edit) const {
  try {
    edit_state(static_cast<OhState&>(state), edit);
  } catch (const Rejected&) {
    // A checked edit never throws; an unchecked one (a damaged log) changes nothing more.
  }
}

std::string OneHourWw2::describe_edit(const GameState& state, const pb::GmEdit& edit, const std::string& viewer) const {
  if (edit.has_end_activation()) {
    const Unit* u = static_cast<const OhState&>(state).find(edit.end_activation().unit_id());
    return u ? "ends the move of " + label(*u) + " where it stands" : "ends the move of the unit moving, where it stands";
  }
  pb::OhEditHits h;
  if (edit.has_ruleset_edit() && edit.ruleset_edit().UnpackTo(&h)) {
    const Unit* u = static_cast<const OhState&>(state).find(h.unit_id());
    return "sets the Hits of " + (u ? label(*u) : h.unit_id()) + " to " + std::to_string(h.hits()) +
           (h.permanent() ? " (" + std::to_string(h.permanent()) + " permanent)" : "");
  }
  return RuleSet::describe_edit(state, edit, viewer);
}

}  // namespace sandtable::oh
