// GM edits of a Rookie Rules table: move or remove a unit, set its figures and its penalty marker,
// the turn (the table itself, the phase and activations: rr_edit_table.cc). The checks keep what the rules rely on: units on the table, figures between 1 and the
// unit's start (remove it to take it out), one marker at most, and the acting unit left acting.
#include <algorithm>
#include <cmath>

#include "engine/model/rejection.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"

namespace sandtable::rr {

namespace {

Unit& unit_to_edit(RrState& st, const std::string& id) {
  Unit* u = st.find(id);
  if (!u || !u->alive) reject("RR_NO_SUCH_UNIT", "GEN", "There is no unit '" + id + "' on the table.");
  return *u;
}

std::optional<Marker> marker_of(const std::string& key) {
  if (key == "disrupted") return Marker::kDisrupted;
  if (key == "pinned") return Marker::kPinned;
  if (key == "suppressed") return Marker::kSuppressed;
  return std::nullopt;
}

void set_figures(Unit& u, int figures) {
  if (figures < 1 || figures > u.original_figures) {
    reject("RR_GM_BAD_FIGURES", "RR-UNIT-02", label(u) + " may have between 1 and " + std::to_string(u.original_figures) +
                                                  " figures (remove it to take it out of the game).");
  }
  u.figures = figures;
}

// RR-CMD-11: company command sends a figure of a unit (the GM says which) to replace a fallen
// leader: the leader is back with one figure, 1" behind that unit, and the unit has one fewer.
void replace_leader(RrState& st, const google::protobuf::Any& any) {
  pb::RrReplaceLeader x;
  any.UnpackTo(&x);
  Unit* l = st.find(x.leader_id());
  if (!l || l->kind != Kind::kLeader || l->alive) {
    reject("RR_GM_NOT_FALLEN", "RR-CMD-11", "Only a leader who has fallen is replaced; '" + x.leader_id() + "' is not one.");
  }
  Unit& from = unit_to_edit(st, x.from_unit_id());
  if (from.side != l->side || from.kind != Kind::kSquad || from.figures < 2) {
    reject("RR_GM_NO_FIGURE", "RR-CMD-11", "The replacement comes from a squad of the leader's side with a figure to spare.");
  }
  if (from.id == st.active_unit) reject("RR_GM_ACTING", "RR-CARD-05", label(from) + " is acting: edit it once its activation ends.");
  from.figures -= 1;
  const Vec2 back = facing_of(from.facing_deg).forward() * -1.0;
  Vec2 at = from.pos + back;
  at.x = std::clamp(at.x, 0.0, st.table->width);
  at.y = std::clamp(at.y, 0.0, st.table->height);
  l->alive = true;
  l->figures = 1;
  l->marker = Marker::kNone;
  l->pos = at;
  l->facing_deg = from.facing_deg;
  l->spotted_by = from.spotted_by;
  st.deck->reinstate(l->id);
}

void edit_state(RrState& st, const pb::GmEdit& edit) {
  switch (edit.body_case()) {
    case pb::GmEdit::kMoveUnit: {
      const auto& m = edit.move_unit();
      Unit& u = unit_to_edit(st, m.unit_id());
      if (!m.has_point()) reject("RR_GM_POINT_NEEDED", "GEN", "Say which point of the table to move " + label(u) + " to.");
      const Vec2 to = geom::from_proto(m.point());
      if (!geom::is_finite(to) || to.x < 0 || to.y < 0 || to.x > st.table->width || to.y > st.table->height ||
          (m.has_facing_deg() && !std::isfinite(m.facing_deg()))) {
        reject("RR_GM_BAD_POINT", "GEN", "That point is not on the table.");
      }
      u.pos = to;
      if (m.has_facing_deg()) u.facing_deg = std::fmod(std::fmod(m.facing_deg(), 360.0) + 360.0, 360.0);
      return;
    }
    case pb::GmEdit::kRemoveUnit: {
      Unit& u = unit_to_edit(st, edit.remove_unit().unit_id());
      if (u.id == st.active_unit) reject("RR_GM_ACTING", "RR-CARD-05", label(u) + " is acting: edit it once its activation ends.");
      u.alive = false;
      st.deck->retire(u.id);
      return;
    }
    case pb::GmEdit::kSetStrength: {
      Unit& u = unit_to_edit(st, edit.set_strength().unit_id());
      set_figures(u, edit.set_strength().strength());
      return;
    }
    case pb::GmEdit::kSetMarker: {
      const auto& m = edit.set_marker();
      Unit& u = unit_to_edit(st, m.unit_id());
      const auto marker = marker_of(m.key());
      if (!marker) reject("GM_EDIT_UNSUPPORTED", "GEN", "The markers a GM may set here are disrupted, pinned and suppressed.");
      // RR-FIRE-04: one marker at most, so setting one replaces the other; clearing takes it off.
      if (m.clear()) {
        if (u.marker == *marker) u.marker = Marker::kNone;
      } else {
        u.marker = *marker;
      }
      return;
    }
    case pb::GmEdit::kSetTurn: {
      const int t = edit.set_turn().turn();
      if (t < 1 || t > st.max_turns) reject("RR_GM_BAD_TURN", "GAP-RR-VIC-01", "The turn is between 1 and " + std::to_string(st.max_turns) + ".");
      st.turn = t;
      return;
    }
    case pb::GmEdit::kRulesetEdit: {
      if (edit.ruleset_edit().Is<pb::RrReplaceLeader>()) {
        replace_leader(st, edit.ruleset_edit());
        return;
      }
      pb::RrEditUnit x;
      if (!edit.ruleset_edit().Is<pb::RrEditUnit>() || !edit.ruleset_edit().UnpackTo(&x)) {
        reject("GM_EDIT_UNSUPPORTED", "GEN", "Rookie Rules does not know that edit.");
      }
      Unit& u = unit_to_edit(st, x.unit_id());
      if (x.marker() < pb::RR_MARKER_NONE || x.marker() > pb::RR_MARKER_SUPPRESSED) reject("RR_GM_BAD_MARKER", "RR-FIRE-03", "That is not a penalty marker.");
      set_figures(u, x.figures());
      u.marker = from_pb(x.marker());
      return;
    }
    default: edit_table(st, edit);  // terrain, minefields, phase, extra function, end of an activation (rr_edit_table.cc)
  }
}

std::string edited_unit(const pb::GmEdit& edit) {
  if (edit.has_move_unit()) return edit.move_unit().unit_id();
  if (edit.has_remove_unit()) return edit.remove_unit().unit_id();
  if (edit.has_set_strength()) return edit.set_strength().unit_id();
  if (edit.has_set_marker()) return edit.set_marker().unit_id();
  pb::RrEditUnit x;
  if (edit.has_ruleset_edit() && edit.ruleset_edit().UnpackTo(&x)) return x.unit_id();
  pb::RrReplaceLeader l;
  if (edit.has_ruleset_edit() && edit.ruleset_edit().UnpackTo(&l)) return l.from_unit_id();
  return {};
}

}  // namespace

std::vector<std::string> RookieRules::check_edit(const GameState& state, const pb::GmEdit& edit) const {
  const auto& st = static_cast<const RrState&>(state);
  RrState copy = st;
  edit_state(copy, edit);
  if (edit.has_terrain() || edit.has_extra_action() || edit.has_end_activation()) return table_edit_audience(st, edit);
  // An edit of a unit hidden from the enemy (before or after) is seen only by its own side.
  if (const Unit* before = st.alive_unit(edited_unit(edit))) {
    auto who = audience(st, *before);
    if (who.empty()) {
      if (const Unit* after = copy.alive_unit(before->id)) who = audience(copy, *after);
    }
    return who;
  }
  return {};
}

void RookieRules::apply_edit(GameState& state, const pb::GmEdit& edit) const {
  try {
    edit_state(static_cast<RrState&>(state), edit);
  } catch (const Rejected&) {
    // A checked edit never throws; an unchecked one (a damaged log) changes nothing more.
  }
}

std::string RookieRules::describe_edit(const GameState& state, const pb::GmEdit& edit, const std::string& viewer) const {
  pb::RrReplaceLeader l;
  if (edit.has_ruleset_edit() && edit.ruleset_edit().UnpackTo(&l)) {
    const auto& st = static_cast<const RrState&>(state);
    const Unit* leader = st.find(l.leader_id());
    const Unit* from = st.find(l.from_unit_id());
    return "replaces the fallen " + (leader ? label(*leader) : l.leader_id()) + " with a figure of " + (from ? label(*from) : l.from_unit_id()) +
           " (RR-CMD-11)";
  }
  pb::RrEditUnit x;
  if (edit.has_ruleset_edit() && edit.ruleset_edit().UnpackTo(&x)) {
    const Unit* u = static_cast<const RrState&>(state).find(x.unit_id());
    return "sets " + (u ? label(*u) : x.unit_id()) + " to " + std::to_string(x.figures()) + (x.figures() == 1 ? " figure, " : " figures, ") +
           marker_words(from_pb(x.marker()));
  }
  if (auto words = describe_table_edit(static_cast<const RrState&>(state), edit); !words.empty()) return words;
  return RuleSet::describe_edit(state, edit, viewer);
}

}  // namespace sandtable::rr
