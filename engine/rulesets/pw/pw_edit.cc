// GM edits of a Portable Wargame table (docs/rulesets/portable-wargame.md "GM edits"). The
// checks keep what the rules rely on: one square per unit and passable squares, SP between 1 and
// the unit's starting SP (0 is a removal), a side's lost SP following its units, the sequence's
// own bookkeeping (the activated unit, hits still to roll) never left pointing at nothing.
#include <charconv>

#include "engine/model/rejection.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_rules_impl.h"

namespace sandtable::pw {

namespace {

Unit& unit_to_edit(PwState& st, const std::string& id) {
  Unit* u = st.find(id);
  if (!u || !u->alive) reject("PW_NO_SUCH_UNIT", "GEN", "There is no unit '" + id + "' on the table.");
  return *u;
}

bool hits_pending_on(const PwState& st, const std::string& id) {
  for (const auto& h : st.hits) {
    if (h.unit_id == id) return true;
  }
  return false;
}

std::optional<Quality> quality_named(const std::string& v) {
  for (Quality q : {Quality::kElite, Quality::kAverage, Quality::kPoor}) {
    if (v == quality_name(q)) return q;
  }
  return std::nullopt;
}

// Checks an edit on a copy of the state and returns the copy edited: apply_edit runs the same
// code without the checks' throws mattering (a checked edit never throws).
void edit_state(PwState& st, const pb::GmEdit& edit) {
  switch (edit.body_case()) {
    case pb::GmEdit::kMoveUnit: {
      const auto& m = edit.move_unit();
      Unit& u = unit_to_edit(st, m.unit_id());
      if (!u.carried_by.empty()) {
        reject("PW_GM_MOVE_CARRIED", "GEN", label(u) + " travels with " + u.carried_by + ": move that unit instead.");
      }
      if (!m.has_square()) reject("PW_GM_SQUARE_NEEDED", "GEN", "Say which square to move " + label(u) + " to.");
      const Sq to = to_sq(m.square());
      if (!st.on_board(to)) reject("PW_GM_OFF_BOARD", "GEN", sq_text(to) + " is not on the board.");
      if (!passable(st.cell(to))) reject("PW_GM_IMPASSABLE", "PW-TER-05", "No unit can stand in " + sq_text(to) + ".");
      for (const Unit* other : st.units_at(to)) {
        if (other->id != u.id && other->id != u.carrying) {
          reject("PW_GM_SQUARE_TAKEN", "GEN", sq_text(to) + " is held by " + label(*other) + ".");
        }
      }
      if (m.has_facing() && (m.facing() < pb::GRID_FACING_NORTH || m.facing() > pb::GRID_FACING_WEST)) {
        reject("PW_GM_BAD_FACING", "PW-MOVE-06", "A unit faces north, east, south or west.");
      }
      u.sq = to;
      if (m.has_facing()) u.facing = static_cast<grid::Facing>(m.facing());
      if (!u.carrying.empty()) {
        if (Unit* carried = st.find(u.carrying)) carried->sq = to;
      }
      return;
    }
    case pb::GmEdit::kRemoveUnit: {
      Unit& u = unit_to_edit(st, edit.remove_unit().unit_id());
      if (st.active_unit == u.id) {
        reject("PW_GM_UNIT_ACTIVE", "GEN", label(u) + " is acting now: end its activation first (set 'activated' on it).");
      }
      if (hits_pending_on(st, u.id)) reject("PW_GM_HITS_PENDING", "GEN", label(u) + " has hits still to roll: resolve them first.");
      st.side_state[static_cast<std::size_t>(u.side)].sp_lost += u.sp;
      u.alive = false;
      if (!u.carrying.empty()) {
        if (Unit* carried = st.find(u.carrying)) carried->carried_by.clear();
        u.carrying.clear();
      }
      if (!u.carried_by.empty()) {
        if (Unit* carrier = st.find(u.carried_by)) carrier->carrying.clear();
        u.carried_by.clear();
      }
      return;
    }
    case pb::GmEdit::kSetStrength: {
      Unit& u = unit_to_edit(st, edit.set_strength().unit_id());
      const int sp = edit.set_strength().strength();
      if (sp < 1 || sp > u.max_sp) {
        reject("PW_GM_BAD_STRENGTH", "GEN",
               label(u) + " can have 1 to " + std::to_string(u.max_sp) + " SP (remove it to take it off the table).");
      }
      auto& side = st.side_state[static_cast<std::size_t>(u.side)];
      side.sp_lost = std::max(0, side.sp_lost + u.sp - sp);
      u.sp = sp;
      return;
    }
    case pb::GmEdit::kSetMarker: {
      const auto& m = edit.set_marker();
      if (!m.side_id().empty() && m.unit_id().empty()) {
        const int i = st.side_index(m.side_id());
        if (i < 0) reject("UNKNOWN_SIDE", "GEN", "There is no side called '" + m.side_id() + "'.");
        auto& side = st.side_state[static_cast<std::size_t>(i)];
        if (m.key() == "activations_left") {
          // The GM gives the side acting now more activations (or takes some away): only that
          // side's count is read before its half ends; another side's is rolled when it starts.
          if (st.phase != Phase::kActivation || st.active_side != i || side.finished) {
            reject("PW_GM_NOT_ACTING", "PW-SEQ-01",
                   side.name + " is not taking its activations now: give them to the side that is.");
          }
          int n = -1;
          const auto [end, ec] = std::from_chars(m.value().data(), m.value().data() + m.value().size(), n);
          if (m.clear() || ec != std::errc() || end != m.value().data() + m.value().size() || n < 0 || n > 20) {
            reject("PW_GM_BAD_ACTIVATIONS", "PW-SEQ-01", "Activations left are a number from 0 to 20.");
          }
          side.activations_left = n;
          return;
        }
        if (m.key() != "exhausted") {
          reject("PW_GM_NO_SUCH_MARKER", "GEN",
                 "A GM can set 'exhausted' or 'activations_left' on a side, not '" + m.key() + "'.");
        }
        side.exhausted = !m.clear();
        if (side.exhausted && side.exhausted_turn == 0) side.exhausted_turn = st.turn;
        return;
      }
      Unit& u = unit_to_edit(st, m.unit_id());
      if (m.key() == "quality") {
        const auto q = quality_named(m.value());
        if (m.clear() || !q) reject("PW_GM_BAD_QUALITY", "PW-UNIT-03", "Quality is elite, average or poor.");
        u.quality = *q;
      } else if (m.key() == "activated") {
        if (st.active_unit == u.id) {
          // Setting it on the unit acting now ends its activation (the GM's "end an activation");
          // it cannot be made ready again while it acts, nor leave hits it caused unrolled.
          if (m.clear()) reject("PW_GM_UNIT_ACTIVE", "GEN", label(u) + " is acting now: end its activation first.");
          if (!st.hits.empty()) reject("PW_GM_HITS_PENDING", "GEN", "Hits are still to be rolled: resolve them first.");
          st.active_unit.clear();
        }
        u.activated = !m.clear();
      } else {
        reject("PW_GM_NO_SUCH_MARKER", "GEN",
               "A GM can set 'quality' or 'activated' on a unit, not '" + m.key() + "'.");
      }
      return;
    }
    case pb::GmEdit::kSetTurn: {
      const int t = edit.set_turn().turn();
      if (t < 1 || (st.max_turns > 0 && t > st.max_turns)) {
        reject("PW_GM_BAD_TURN", "GEN", "The turn is 1 to " + std::to_string(st.max_turns) + ".");
      }
      st.turn = t;
      return;
    }
    default: edit_table(st, edit);  // terrain, phase, extra activation, end of activation (pw_edit_table.cc)
  }
}

}  // namespace

std::vector<std::string> PortableWargame::check_edit(const GameState& state, const pb::GmEdit& edit) const {
  auto copy = static_cast<const PwState&>(state);
  edit_state(copy, edit);
  return {};  // nothing on a Portable Wargame table is hidden from a side
}

void PortableWargame::apply_edit(GameState& state, const pb::GmEdit& edit) const {
  edit_state(static_cast<PwState&>(state), edit);
}

}  // namespace sandtable::pw
