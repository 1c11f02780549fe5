// GM edits of a Rookie Rules table beyond its units (docs/rulesets/rookie-rules.md "GM edits"):
// terrain laid and removed (minefields, RR-MINE-01, in their own list), the first side's part of a
// plot, command or morale phase handed to the second, an extra function for the unit acting, and
// the end of its activation. Nothing here turns a card or starts a phase that runs by itself.
#include <algorithm>
#include <cmath>

#include "engine/model/game_words.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/rookie/rr_artillery.h"
#include "engine/rulesets/rookie/rr_close.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"
#include "engine/rulesets/rookie/rr_setup.h"

namespace sandtable::rr {

namespace {

[[noreturn]] void bad_terrain(const std::string& why, const char* rule = "GEN") { reject("GM_EDIT_BAD_TERRAIN", rule, why); }

std::string number(int n) { return std::to_string(n); }

TerrainList features(const RrState& st) { return st.gm_terrain ? *st.gm_terrain : scenario_terrain(*st.scenario); }

std::string kind_words(const std::string& kind) {
  pb::TerrainFeature f;
  f.set_kind(kind);
  return feature_words(f);
}

// What the GM's view lists after the features and the minefields: fire plotted and landed, and
// aircraft runs (rr_view.cc), none of them terrain.
std::string drawn_words(const RrState& st, int index) {
  pb::View v;
  for (const auto& f : features(st)) *v.add_terrain() = f;  // as Game::view lists them first
  RookieRules().fill_view(st, "gm", v);
  return index < v.terrain_size() ? kind_words(v.terrain(index).kind()) : "something drawn on the table";
}

void check_seen(const pb::GmTerrain& t, const std::string& kind, const std::string& name) {
  const auto& seen = t.feature();
  if ((!seen.kind().empty() && seen.kind() != kind) || (!seen.name().empty() && !name.empty() && seen.name() != name)) {
    bad_terrain("Terrain feature " + number(t.index() + 1) + " is " + kind_words(kind) + (seen.kind().empty() ? "" : ", not " + kind_words(seen.kind())) +
                ": the table has changed since.");
  }
}

void on_table_check(const RrState& st, const pb::TerrainFeature& f) {
  for (const auto& p : f.polygon()) {
    if (!(p.x() >= 0 && p.y() >= 0 && p.x() <= st.table->width && p.y() <= st.table->height)) {
      bad_terrain("The feature runs off the " + number(static_cast<int>(st.table->width)) + "x" + number(static_cast<int>(st.table->height)) +
                  " table.");
    }
  }
}

void set_table(RrState& st, TerrainList list) {
  auto table = std::make_shared<Table>(*st.table);
  table->terrain.clear();
  for (const auto& f : list) table->terrain.push_back(terrain_of(f));
  st.table = std::move(table);
  st.gm_terrain = std::move(list);
}

// RR-MINE-01: a 12" hex (across the flats) given by its centre, a 6" radius; a side's secret.
void lay_minefield(RrState& st, const pb::TerrainFeature& f) {
  const int side = st.side_index(f.owner());
  if (f.owner().empty()) {
    bad_terrain("A minefield is a side's, hidden from the enemy until a unit blunders in: say whose it is (RR-MINE-01).", "RR-MINE-01");
  }
  if (side < 0) bad_terrain("\"" + f.owner() + "\" is not one of the sides.");
  if (!f.has_circle() || f.polygon_size() > 0 || f.polyline_size() > 0 || f.squares_size() > 0 ||
      !geom::same_length(f.circle().radius(), kMinefieldAcrossFlats / 2)) {
    bad_terrain("A minefield is a 12\" hex: give its centre and a radius of 6\" (RR-MINE-01).", "RR-MINE-01");
  }
  // The scenario's check of a minefield's centre, written there like an artillery plot.
  const PlotCheck at = check_plot(TableSize{st.table->width, st.table->height}, f.circle().centre().x(), f.circle().centre().y());
  if (at.refusal) bad_terrain(*at.refusal, "RR-MINE-01");
  st.minefields.push_back(Mines{side, at.point, 0, false});
  st.gm_minefields = true;
}

void lay(RrState& st, const pb::TerrainFeature& given) {
  pb::TerrainFeature f = given;
  if (f.squares_size() > 0) bad_terrain("A Rookie Rules table has no squares: give an outline or a centre and a radius, in inches.");
  if (f.kind() == "minefield") return lay_minefield(st, f);
  if (!f.owner().empty()) bad_terrain("Nothing on a Rookie Rules table is secret but minefields.");
  if (f.has_circle() && (!std::isfinite(f.circle().radius()) || f.circle().radius() <= 0 || f.circle().radius() > 48)) {
    bad_terrain("A circle's radius is more than 0 and at most 48 inches.");
  }
  circle_to_polygon(f);
  if (auto problem = terrain_problem(f)) {
    const auto at = problem->find(": ");
    bad_terrain("The feature cannot be laid: " + (at == std::string::npos ? *problem : problem->substr(at + 2)) + ".");
  }
  on_table_check(st, f);
  TerrainList list = features(st);
  list.push_back(std::move(f));
  set_table(st, std::move(list));
}

void remove(RrState& st, const pb::GmTerrain& t) {
  TerrainList list = features(st);
  const int n = static_cast<int>(list.size()), mines = static_cast<int>(st.minefields.size());
  if (t.index() < 0) bad_terrain("There is no terrain feature " + number(t.index() + 1) + " on the table.");
  if (t.index() >= n + mines) {
    const std::string what = drawn_words(st, t.index());
    if (what == "something drawn on the table") bad_terrain("There is no terrain feature " + number(t.index() + 1) + " on the table.");
    bad_terrain("Feature " + number(t.index() + 1) + " is " + what + ", not terrain: it goes by itself, with the turn or the aircraft.");
  }
  if (t.index() >= n) {
    check_seen(t, "minefield", "");  // its name changes when it is found
    st.minefields.erase(st.minefields.begin() + (t.index() - n));
    st.gm_minefields = true;
    return;
  }
  const auto at = list.begin() + t.index();
  check_seen(t, at->kind(), at->name());
  list.erase(at);
  set_table(st, std::move(list));
}

// The phase handed on is the one the first side (red cards) is in: the second side's part of
// it follows, as when the first says it is done (RR-SEQ-01); only when the second has something
// to do there (otherwise the sequence would go past it by itself, which an edit cannot run).
std::vector<std::string> phases_now(const RrState& st) {
  if (st.over || st.turn < 1 || !st.decisions.empty() || st.dice_request || !st.active_unit.empty() || st.phase_side != 0) return {};
  if (st.phase != Phase::kPlot && st.phase != Phase::kCommand && st.phase != Phase::kMorale) return {};
  if (!has_phase_work(st, 1)) return {};
  return {phase_words(st)};
}

void set_phase(RrState& st, const pb::GmSetPhase& p) {
  const auto phases = phases_now(st);
  if (phases.empty()) {
    reject("RR_GM_NO_PHASE", "RR-SEQ-01",
           "No phase can be handed on now: only the first side's part of a plot, command or morale phase goes to the second side "
           "(when it has something to do there); cards, strikes and the turn's end run by themselves.");
  }
  if (p.phase() != phases.front()) {
    reject("RR_GM_BAD_PHASE", "RR-SEQ-01", "The GM may hand on the " + phases.front() + ", not '" + p.phase() + "'.");
  }
  if (!p.active_side().empty() && st.side_index(p.active_side()) != 1) {
    reject("RR_GM_BAD_PHASE", "RR-SEQ-01", "The " + phases.front() + " goes on with " + side_name(st, 1) + "'s part: " + side_name(st, 0) +
                                               "'s is the one handed on.");
  }
  st.phase_side = 1;
}

const Unit& acting(const RrState& st) {
  const Unit* u = st.alive_unit(st.active_unit);
  if (st.phase != Phase::kCards || !u) reject("RR_GM_NO_UNIT_ACTING", "RR-CARD-05", "No unit is acting now: a card has not activated one.");
  return *u;
}

}  // namespace

std::vector<std::string> RookieRules::gm_phases(const GameState& state) const {
  return phases_now(static_cast<const RrState&>(state));
}

void edit_table(RrState& st, const pb::GmEdit& edit) {
  if (st.dice_request) reject("RR_GM_DICE_AWAITED", "GEN", "An order is waiting for the table's dice: enter them first.");
  switch (edit.body_case()) {
    case pb::GmEdit::kTerrain:
      if (edit.terrain().remove()) return remove(st, edit.terrain());
      return lay(st, edit.terrain().feature());
    case pb::GmEdit::kSetPhase: return set_phase(st, edit.set_phase());
    case pb::GmEdit::kExtraAction: {
      // RR-CARD-05 counts an activation in functions: one more for the unit acting now.
      const int side = st.side_index(edit.extra_action().side());
      if (side < 0) reject("UNKNOWN_SIDE", "GEN", "There is no side called '" + edit.extra_action().side() + "'.");
      const Unit& u = acting(st);
      if (u.side != side) {
        reject("RR_GM_NOT_ACTING", "RR-CARD-03", side_name(st, side) + " has no unit acting now: the extra function goes to the unit acting.");
      }
      if (st.functions_left >= kMostFunctions) {
        reject("RR_GM_BAD_FUNCTIONS", "RR-CARD-05", label(u) + " already has " + number(st.functions_left) + " functions left: " +
                                                       number(kMostFunctions) + " at most.");
      }
      ++st.functions_left;
      return;
    }
    case pb::GmEdit::kEndActivation: {
      // As if its functions were spent: it does nothing more, and its side's next order (its
      // only one left: end the activation) turns the next card.
      const Unit& u = acting(st);
      if (const auto& named = edit.end_activation().unit_id(); !named.empty() && named != u.id) {
        reject("GM_EDIT_STALE", "GEN", "That unit is no longer the one acting: look at the table again.");
      }
      if (st.functions_left <= 0) {
        reject("RR_GM_NO_FUNCTIONS", "RR-CARD-05", label(u) + " has no function left: its side ends the activation.");
      }
      st.functions_left = 0;
      return;
    }
    default: reject("GM_EDIT_UNSUPPORTED", "GEN", "Rookie Rules does not support that edit.");
  }
}

std::vector<std::string> table_edit_audience(const RrState& st, const pb::GmEdit& edit) {
  if (edit.has_extra_action() || edit.has_end_activation()) {  // a unit hidden from the enemy acts unseen
    const Unit* u = st.alive_unit(st.active_unit);
    return u ? audience(st, *u) : std::vector<std::string>{};
  }
  if (!edit.has_terrain()) return {};
  const auto& t = edit.terrain();
  if (!t.remove()) {
    if (t.feature().kind() == "minefield") return {t.feature().owner()};  // RR-MINE-01: hidden from the enemy
    return {};
  }
  const int i = t.index() - static_cast<int>(features(st).size());
  if (i < 0 || i >= static_cast<int>(st.minefields.size())) return {};
  const Mines& m = st.minefields[static_cast<std::size_t>(i)];
  return m.found ? std::vector<std::string>{} : std::vector<std::string>{st.side_id(m.side)};
}

std::string describe_table_edit(const RrState& st, const pb::GmEdit& edit) {
  if (edit.has_extra_action()) {
    const Unit* u = st.alive_unit(st.active_unit);
    return "gives " + side_name(st, std::max(st.side_index(edit.extra_action().side()), 0)) + " an extra function" +
           (u ? " for " + label(*u) : std::string());
  }
  if (edit.has_end_activation()) {
    const Unit* u = st.find(edit.end_activation().unit_id().empty() ? st.active_unit : edit.end_activation().unit_id());
    return "ends the activation of " + (u ? label(*u) : std::string("the unit acting")) + ": it does nothing more on this card";
  }
  if (edit.has_terrain() && edit.terrain().feature().kind() == "minefield") {
    const auto& t = edit.terrain();
    const int side = st.side_index(t.feature().owner());
    if (t.remove()) return "removes a minefield";
    std::string out = "lays a minefield of " + side_name(st, std::max(side, 0)) + ", a 12\" hex centred ";
    out += inches(t.feature().circle().centre().x());
    out += " along, ";
    out += inches(t.feature().circle().centre().y());
    out += " across, hidden from the enemy (RR-MINE-01)";
    return out;
  }
  return "";
}

}  // namespace sandtable::rr
