// GM edits of a Battleground table (docs/rulesets/battleground.md "GM edits"), of a unit or one of
// its figures. The checks keep what the rules rely on: units on the table, a unit's position the
// centre of its living figures, a unit's figures together (BG-MOVE-01), nothing pulled out of a
// melee or a charge half done, strength counted in living figures (prisoners apart). An edit of a hidden unit (BG-UNIT-09) is seen only by its side and the GM.
#include <algorithm>
#include <cmath>
#include <iterator>

#include "engine/model/rejection.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_move_util.h"
#include "engine/rulesets/bg/bg_rules_impl.h"

namespace sandtable::bg {

namespace {

Unit& unit_to_edit(BgState& st, const std::string& id) {
  Unit* u = st.find(id);
  if (!u || !u->on_table || u->destroyed) reject("BG_NO_SUCH_UNIT", "GEN", "There is no unit '" + id + "' on the table.");
  return *u;
}

// A melee or a charge refers to the unit by id and position: editing it mid-way would leave
// them describing a fight that no longer matches the table.
void not_fighting(const BgState& st, const Unit& u) {
  for (const auto& m : st.melees) {
    if (m.over) continue;
    const bool in = std::count(m.attackers.begin(), m.attackers.end(), u.id) +
                        std::count(m.defenders.begin(), m.defenders.end(), u.id) > 0;
    if (in) reject("BG_GM_IN_MELEE", "BG-MEL-04", label(u) + " is in a melee: let it be fought out first.");
  }
  if (st.charge && (st.charge->charger == u.id || st.charge->target == u.id)) {
    reject("BG_GM_IN_CHARGE", "BG-MEL-12", label(u) + " is in a charge being made: let it finish first.");
  }
}

bool on_table(const BgState& st, Vec2 p) { return p.x >= 0 && p.y >= 0 && p.x <= st.width && p.y <= st.height; }

// One living fighting figure of an infantry or cavalry unit that is free to stand apart: the
// checks a figure edit shares (a vehicle's crew, a building's garrison and a horse-holder with
// the horses are placed with their unit, not one by one).
Figure& figure_to_edit(BgState& st, Unit& u, const std::string& fid) {
  if (!u.infantry_like()) reject("BG_GM_NOT_FIGURES", "GEN", label(u) + " is a vehicle or an emplacement: edit the whole unit.");
  Figure* f = u.figure(fid);
  if (!f || !f->alive) reject("BG_GM_NO_SUCH_FIGURE", "GEN", label(u) + " has no living figure '" + fid + "'.");
  if (f->prisoner) reject("BG_GM_PRISONER", "BG-PRIS-01", "'" + fid + "' is a prisoner: it goes where its guards go.");
  if (!u.carried_by.empty()) reject("BG_GM_MOVE_CARRIED", "GEN", label(u) + " rides in " + u.carried_by + ": its figures go with that vehicle.");
  if (!u.building.empty()) reject("BG_GM_IN_BUILDING", "BG-TER-08", label(u) + " holds " + u.building + ": move the whole unit out first.");
  if (u.has_horses && f->kind == FigureKind::kHorseHolder) {
    reject("BG_GM_HORSE_HOLDER", "BG-CAV-05", "'" + fid + "' holds the horses and stays with them.");
  }
  not_fighting(st, u);
  return *f;
}

// A single figure to a point: the unit keeps its cohesion (BG-MOVE-01) and stays off the enemy,
// as any move must; the unit's place is the centre of its figures again.
void move_figure(BgState& st, Unit& u, const pb::GmMoveUnit& m, Vec2 to) {
  Figure& f = figure_to_edit(st, u, m.figure_id());
  if (m.has_facing_deg()) reject("BG_GM_FIGURE_FACING", "GEN", "A figure faces with its unit: turn the whole unit.");
  Formation after = current_formation(u);
  for (auto& [id, p] : after) {
    if (id == f.id) p = to;
  }
  if (auto no = check_end_position(st, u, after)) refuse(*no);
  f.pos = to;
  u.position = com(u);
}

// A single figure falls as a casualty, where it stands (BG-MED-02 keeps where and when); the
// last fighter is the unit itself.
void remove_figure(BgState& st, Unit& u, const std::string& fid) {
  Figure& f = figure_to_edit(st, u, fid);
  if (u.living_fighters() <= 1) reject("BG_GM_LAST_FIGURE", "GEN", "'" + fid + "' is the last of " + label(u) + ": remove the unit.");
  f.alive = false;
  f.died_at = f.pos;
  f.died_turn = st.turn;
  u.position = com(u);
}

void move_unit(BgState& st, const pb::GmMoveUnit& m) {
  Unit& u = unit_to_edit(st, m.unit_id());
  not_fighting(st, u);
  if (!u.carried_by.empty()) reject("BG_GM_MOVE_CARRIED", "GEN", label(u) + " rides in " + u.carried_by + ": move that vehicle.");
  if (!m.has_point()) reject("BG_GM_POINT_NEEDED", "GEN", "Say where on the table to put " + label(u) + ".");
  const Vec2 to = to_vec(m.point());
  if (!std::isfinite(to.x) || !std::isfinite(to.y) || !on_table(st, to)) {
    reject("BG_GM_OFF_TABLE", "BG-GEN-04", "That point is off the table.");
  }
  if (!m.figure_id().empty()) return move_figure(st, u, m, to);
  std::optional<Facing> facing;
  if (m.has_facing_deg()) {
    facing = facing_from_degrees(m.facing_deg());
    if (!facing) reject("BG_GM_BAD_FACING", "GEN", "That is not a facing in degrees.");
  }
  const Vec2 by = to - u.position;
  for (auto& f : u.figures) {
    if (f.alive) f.pos = f.pos + by;
  }
  for (auto& other : st.units) {  // passengers ride along (BG-MOVE-16)
    if (other.carried_by != u.id) continue;
    for (auto& f : other.figures) {
      if (f.alive) f.pos = f.pos + by;
    }
    other.position = other.infantry_like() ? com(other) : other.position + by;
  }
  u.position = u.infantry_like() ? com(u) : to;
  u.building.clear();  // the GM places it in the open; moving into a building is an order
  if (facing) u.facing = *facing;
}

void set_strength(BgState& st, const pb::GmSetStrength& s) {
  Unit& u = unit_to_edit(st, s.unit_id());
  not_fighting(st, u);
  if (!u.infantry_like()) {
    reject("BG_GM_NOT_FIGURES", "GEN", label(u) + " is a vehicle or an emplacement: its strength is not counted in figures.");
  }
  int fighters = 0;
  for (const auto& f : u.figures) fighters += !f.prisoner;
  const int want = s.strength();
  if (want < 1 || want > fighters) {
    reject("BG_GM_BAD_STRENGTH", "GEN",
           label(u) + " can have 1 to " + std::to_string(fighters) + " living figures (remove it to take it off the table).");
  }
  int living = u.living_fighters();
  // Figures fall from the back of the list and come back in list order, so the leaders listed
  // first are the last to go.
  for (auto it = u.figures.rbegin(); it != u.figures.rend() && living > want; ++it) {
    if (it->prisoner || !it->alive) continue;
    it->alive = false;
    it->died_at = it->pos;
    it->died_turn = st.turn;
    --living;
  }
  for (auto& f : u.figures) {
    if (living >= want) break;
    if (f.prisoner || f.alive) continue;
    f.alive = true;
    f.pos = f.died_at;
    ++living;
  }
  u.position = com(u);
}

void set_marker(BgState& st, const pb::GmSetMarker& m) {
  if (m.unit_id().empty()) reject("BG_GM_NO_SUCH_MARKER", "GEN", "Battleground markers are on units: name one.");
  Unit& u = unit_to_edit(st, m.unit_id());
  const bool on = !m.clear();
  if (m.key() == "ran") u.markers.ran = on;
  else if (m.key() == "road") u.markers.road = on;
  else if (m.key() == "dug_in") u.markers.dug_in = on;
  else if (m.key() == "routing") u.markers.routing = on;
  else if (m.key() == "grade") {
    const std::string& v = m.value();
    const Grade grades[] = {Grade::kA, Grade::kB, Grade::kC, Grade::kD};
    const auto* g = std::find_if(std::begin(grades), std::end(grades),
                                 [&](Grade x) { return v.size() == 1 && grade_letter(x) == v[0]; });
    if (!on || g == std::end(grades)) reject("BG_GM_BAD_GRADE", "BG-UNIT-07", "A grade is one letter, A to D.");
    u.grade = *g;
  } else {
    reject("BG_GM_NO_SUCH_MARKER", "GEN", "A GM can set 'ran', 'road', 'dug_in', 'routing' or 'grade', not '" + m.key() + "'.");
  }
}

void edit_state(BgState& st, const pb::GmEdit& edit) {
  switch (edit.body_case()) {
    case pb::GmEdit::kMoveUnit: return move_unit(st, edit.move_unit());
    case pb::GmEdit::kRemoveUnit: {
      Unit& u = unit_to_edit(st, edit.remove_unit().unit_id());
      if (!edit.remove_unit().figure_id().empty()) return remove_figure(st, u, edit.remove_unit().figure_id());
      not_fighting(st, u);
      // The vehicle's passenger list and the passenger's carried_by name each other.
      if (!u.carried_by.empty()) reject("BG_GM_REMOVE_CARRIED", "BG-MOVE-16", label(u) + " rides in " + u.carried_by + ": dismount it first.");
      if (u.vehicle && !u.vehicle->passengers.empty()) {
        reject("BG_GM_REMOVE_CARRIER", "BG-MOVE-16", label(u) + " carries passengers: set them down first.");
      }
      for (auto& f : u.figures) {
        if (!f.alive || f.prisoner) continue;
        f.alive = false;
        f.died_at = f.pos;
        f.died_turn = st.turn;
      }
      u.destroyed = true;
      return;
    }
    case pb::GmEdit::kSetStrength: return set_strength(st, edit.set_strength());
    case pb::GmEdit::kSetMarker: return set_marker(st, edit.set_marker());
    case pb::GmEdit::kSetTurn: {
      const int t = edit.set_turn().turn();
      if (t < 1 || (st.max_turns > 0 && t > st.max_turns)) {
        reject("BG_GM_BAD_TURN", "GEN", "The turn is 1 to " + std::to_string(st.max_turns) + ".");
      }
      st.turn = t;
      return;
    }
    default: edit_table(st, edit);  // terrain, phase, extra card play, end of a go (bg_edit_table.cc)
  }
}

std::string edited_unit(const pb::GmEdit& edit) {
  switch (edit.body_case()) {
    case pb::GmEdit::kMoveUnit: return edit.move_unit().unit_id();
    case pb::GmEdit::kRemoveUnit: return edit.remove_unit().unit_id();
    case pb::GmEdit::kSetStrength: return edit.set_strength().unit_id();
    case pb::GmEdit::kSetMarker: return edit.set_marker().unit_id();
    default: return "";
  }
}

}  // namespace

std::vector<std::string> Battleground::check_edit(const GameState& state, const pb::GmEdit& edit) const {
  const auto& st = static_cast<const BgState&>(state);
  auto copy = st;
  edit_state(copy, edit);
  if (edit.has_terrain() || edit.has_end_activation()) return table_edit_audience(st, edit);
  const Unit* u = st.find(edited_unit(edit));
  if (u && u->hidden) return {side_id(st, u->side)};  // BG-UNIT-09: the other side must not learn of it
  return {};
}

void Battleground::apply_edit(GameState& state, const pb::GmEdit& edit) const {
  edit_state(static_cast<BgState&>(state), edit);
}

}  // namespace sandtable::bg
