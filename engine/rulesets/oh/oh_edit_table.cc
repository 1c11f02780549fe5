// GM edits of a One-Hour Wargames table beyond its units (docs/rulesets/one-hour-ww2.md "GM
// edits"): terrain laid and removed, the phasing side's step moved on, the end of a unit's
// move. No extra action: the rules ration none (every unit of the phasing side may act once).
#include <algorithm>
#include <cmath>

#include "engine/model/game_words.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules_impl.h"
#include "engine/rulesets/oh/oh_setup.h"

namespace sandtable::oh {

namespace {

void bad_terrain(const std::string& why) { reject("GM_EDIT_BAD_TERRAIN", "GEN", why); }

const char* step_key(Step s) {
  switch (s) {
    case Step::kMortar: return "mortar fire";
    case Step::kActions: return "actions";
    case Step::kRally: return "rally & ready";
  }
  return "";
}

void edit_terrain(OhState& st, const pb::GmTerrain& t) {
  TerrainList list = st.gm_terrain ? *st.gm_terrain : scenario_terrain(*st.scenario);
  if (t.remove()) {
    if (t.index() < 0 || t.index() >= static_cast<int>(list.size())) {
      bad_terrain("There is no terrain feature " + std::to_string(t.index() + 1) + " on the table.");
    }
    const auto& there = list[static_cast<std::size_t>(t.index())];
    if (!t.feature().kind().empty() && t.feature().kind() != there.kind()) {
      bad_terrain("Terrain feature " + std::to_string(t.index() + 1) + " is " + there.kind() + ", not " + t.feature().kind() +
                  ": the table has changed since.");
    }
    list.erase(list.begin() + t.index());
  } else {
    pb::TerrainFeature f = t.feature();
    if (f.squares_size() > 0) bad_terrain("A One-Hour Wargames table has no squares: give an outline or a centre and a radius.");
    if (!f.owner().empty()) bad_terrain("Nothing on a One-Hour Wargames table is secret.");
    if (f.has_circle() && (!std::isfinite(f.circle().radius()) || f.circle().radius() <= 0 || f.circle().radius() > 48)) {
      bad_terrain("A circle's radius is more than 0 and at most 48 inches.");
    }
    circle_to_polygon(f);
    if (auto problem = terrain_problem(f)) bad_terrain("The feature cannot be laid: " + problem->substr(1) + ".");
    for (const auto* pts : {&f.polygon(), &f.polyline()}) {
      for (const auto& p : *pts) {
        if (p.x() < 0 || p.y() < 0 || p.x() > st.table->width || p.y() > st.table->height) {
          bad_terrain("The feature runs off the " + std::to_string(static_cast<int>(st.table->width)) + "x" +
                      std::to_string(static_cast<int>(st.table->height)) + " table.");
        }
      }
    }
    list.push_back(std::move(f));
  }
  auto table = std::make_shared<Table>(*st.table);
  table->terrain.clear();
  for (const auto& f : list) table->terrain.push_back(terrain_of(f));
  st.table = std::move(table);
  st.gm_terrain = std::move(list);
}

// Forward only, in the phasing side's own phase: going back would let its units act twice.
std::vector<std::string> phases_now(const OhState& st) {
  if (st.over || st.turn < 1 || st.pending_move || st.ready_window || !st.decisions.empty() || st.dice_request) return {};
  std::vector<std::string> out;
  if (st.step == Step::kMortar) out.emplace_back(step_key(Step::kActions));
  if (st.step != Step::kRally) out.emplace_back(step_key(Step::kRally));
  return out;
}

void set_phase(OhState& st, const pb::GmSetPhase& p) {
  const auto phases = phases_now(st);
  if (phases.empty()) {
    reject("OH_GM_NO_PHASE", "OH-SEQ-01",
           "The step cannot be moved on now: a move, a Ready-fire window or a decision is open, or the phasing side is in its last step.");
  }
  if (std::find(phases.begin(), phases.end(), p.phase()) == phases.end()) {
    std::string list;
    for (const auto& x : phases) list += (list.empty() ? "" : ", ") + x;
    reject("OH_GM_BAD_PHASE", "OH-SEQ-01", "The GM may move the phasing side's step on to " + list + ", not '" + p.phase() + "'.");
  }
  if (!p.active_side().empty() && st.side_index(p.active_side()) != st.phasing) {
    reject("OH_GM_BAD_PHASE", "OH-SEQ-01",
           "The step moves on only for the side whose phase it is: " + st.side_names[static_cast<std::size_t>(st.phasing)] + ".");
  }
  for (Step s : {Step::kActions, Step::kRally}) {
    if (p.phase() == step_key(s)) st.step = s;
  }
}

}  // namespace

std::vector<std::string> OneHourWw2::gm_phases(const GameState& state) const {
  return phases_now(static_cast<const OhState&>(state));
}

void edit_table(OhState& st, const pb::GmEdit& edit) {
  if (st.dice_request) reject("OH_GM_DICE_AWAITED", "GEN", "An order is waiting for the table's dice: enter them first.");
  switch (edit.body_case()) {
    case pb::GmEdit::kTerrain: return edit_terrain(st, edit.terrain());
    case pb::GmEdit::kSetPhase: return set_phase(st, edit.set_phase());
    case pb::GmEdit::kExtraAction:
      reject("OH_GM_NO_EXTRA_ACTION", "OH-SEQ-01",
             "One-Hour Wargames rations no actions: every unit of the phasing side may act once in its phase. "
             "Mark a unit Ready, or move it, instead.");
    case pb::GmEdit::kEndActivation: {
      // The unit acting now is the one that rolled to move and has not drawn its path: it
      // stays where it is, its move spent (OH-MOVE-01).
      if (!st.pending_move) reject("OH_GM_NO_UNIT_ACTING", "OH-MOVE-01", "No unit is in the middle of its move now.");
      if (const auto& named = edit.end_activation().unit_id(); !named.empty() && named != st.pending_move->unit_id) {
        reject("GM_EDIT_STALE", "GEN", "That unit is no longer the one moving: look at the table again.");
      }
      if (st.ready_window) reject("OH_GM_READY_WINDOW", "OH-SEQ-05", "A Ready-fire window is open: let it close first.");
      st.pending_move.reset();
      return;
    }
    default: reject("GM_EDIT_UNSUPPORTED", "GEN", "One-Hour Wargames does not support that edit.");
  }
}

}  // namespace sandtable::oh
