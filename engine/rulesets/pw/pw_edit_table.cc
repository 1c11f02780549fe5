// GM edits of a Portable Wargame table beyond its units (docs/rulesets/portable-wargame.md "GM
// edits"): terrain laid and removed, an extra activation, the end of an activation. The phase is
// never set: the turn moves on with dice (initiative, activation dice) that an edit cannot roll.
#include "engine/model/game_words.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_rules_impl.h"
#include "engine/rulesets/pw/pw_setup.h"

namespace sandtable::pw {

namespace {

// The table's features as the View lists them before the wire (which is shown as one feature,
// from the cells, after them).
TerrainList table_features(const PwState& st) {
  TerrainList out;
  for (const auto& t : st.gm_terrain ? *st.gm_terrain : scenario_terrain(*st.scenario)) {
    if (t.kind() != "wire") out.push_back(t);
  }
  return out;
}

bool any_wire(const PwState& st) {
  for (const auto& c : st.cells) {
    if (c.wire) return true;
  }
  return false;
}

void bad_terrain(const std::string& why) { reject("GM_EDIT_BAD_TERRAIN", "GEN", why); }

void edit_terrain(PwState& st, const pb::GmTerrain& t) {
  TerrainList list = table_features(st);
  if (t.remove()) {
    const bool wire = t.index() == static_cast<int>(list.size()) && any_wire(st);
    if (t.index() < 0 || (t.index() >= static_cast<int>(list.size()) && !wire)) {
      bad_terrain("There is no terrain feature " + std::to_string(t.index() + 1) + " on the table.");
    }
    const std::string kind = wire ? "wire" : list[static_cast<std::size_t>(t.index())].kind();
    if (!t.feature().kind().empty() && t.feature().kind() != kind) {
      bad_terrain("Terrain feature " + std::to_string(t.index() + 1) + " is " + kind + ", not " + t.feature().kind() +
                  ": the table has changed since.");
    }
    if (wire) {
      for (auto& c : st.cells) c.wire = false;  // the wire is one feature: all of it goes
      return;
    }
    list.erase(list.begin() + t.index());
  } else {
    if (auto problem = terrain_problem(t.feature(), st.cols, st.rows)) bad_terrain("The feature cannot be laid: " + problem->substr(1) + ".");
    if (t.feature().kind() == "wire") {  // wire changes in play: it lives in the cells (PW-TER-06)
      paint_terrain(st, t.feature());
      return;
    }
    list.push_back(t.feature());
  }
  // The cells again from the features, the wire kept as it is.
  std::vector<Cell> cells(st.cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) cells[i].wire = st.cells[i].wire;
  st.cells.swap(cells);
  for (const auto& f : list) paint_terrain(st, f);
  for (const auto& u : st.units) {
    if (u.alive && !passable(st.cell(u.sq))) {
      bad_terrain(label(u) + " stands in " + sq_text(u.sq) + ": no unit can stand in a river without a ford (PW-TER-05).");
    }
  }
  st.gm_terrain = std::move(list);
}

}  // namespace

void edit_table(PwState& st, const pb::GmEdit& edit) {
  if (st.dice_request) reject("PW_GM_DICE_AWAITED", "GEN", "An order is waiting for the table's dice: enter them first.");
  switch (edit.body_case()) {
    case pb::GmEdit::kTerrain: return edit_terrain(st, edit.terrain());
    case pb::GmEdit::kSetPhase:
      reject("PW_GM_NO_PHASE", "PW-SEQ-01",
             "The Portable Wargame's turn moves on with dice (initiative, activation dice) that an edit cannot roll: "
             "give an extra activation or end the activation instead.");
    case pb::GmEdit::kExtraAction: {
      const int i = st.side_index(edit.extra_action().side());
      if (i < 0) reject("UNKNOWN_SIDE", "GEN", "There is no side called '" + edit.extra_action().side() + "'.");
      SideState& side = st.side_state[static_cast<std::size_t>(i)];
      // As the side marker activations_left: only the side acting now reads its count.
      if (st.phase != Phase::kActivation || st.active_side != i || side.finished) {
        reject("PW_GM_NOT_ACTING", "PW-SEQ-01", side.name + " is not taking its activations now: give them to the side that is.");
      }
      if (side.activations_left >= 20) reject("PW_GM_BAD_ACTIVATIONS", "PW-SEQ-01", "Activations left are a number from 0 to 20.");
      ++side.activations_left;
      return;
    }
    case pb::GmEdit::kEndActivation: {
      // As the marker `activated` set on the unit acting now.
      if (st.active_unit.empty()) reject("PW_GM_NO_UNIT_ACTING", "PW-ACT-04", "No unit is acting now.");
      if (const auto& named = edit.end_activation().unit_id(); !named.empty() && named != st.active_unit) {
        reject("GM_EDIT_STALE", "GEN", "That unit is no longer the one acting: look at the table again.");
      }
      if (!st.hits.empty()) reject("PW_GM_HITS_PENDING", "GEN", "Hits are still to be rolled: resolve them first.");
      if (Unit* u = st.find(st.active_unit)) u->activated = true;
      st.active_unit.clear();
      return;
    }
    default: reject("GM_EDIT_UNSUPPORTED", "GEN", "The Portable Wargame does not support that edit.");
  }
}

std::string PortableWargame::describe_edit(const GameState& state, const pb::GmEdit& edit, const std::string& viewer) const {
  if (edit.has_extra_action()) return "gives " + side_name(state, edit.extra_action().side()) + " an extra activation";
  return RuleSet::describe_edit(state, edit, viewer);
}

}  // namespace sandtable::pw
