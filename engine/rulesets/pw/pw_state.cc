// PwState lookups and the terrain/unit helpers every part of the rule set shares.
#include "engine/rulesets/pw/pw_state.h"

#include <algorithm>

#include "engine/model/rejection.h"
#include "engine/rulesets/pw/pw_internal.h"

namespace sandtable::pw {

Unit* PwState::find(const std::string& id) {
  for (auto& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

const Unit* PwState::find(const std::string& id) const {
  for (const auto& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

const Unit* PwState::alive_unit(const std::string& id) const {
  const Unit* u = find(id);
  return u && u->alive ? u : nullptr;
}

int PwState::side_index(const std::string& side_id) const {
  for (std::size_t i = 0; i < side_state.size(); ++i) {
    if (side_state[i].id == side_id) return static_cast<int>(i);
  }
  return -1;
}

std::vector<const Unit*> PwState::units_at(Sq s) const {
  std::vector<const Unit*> out;
  for (const auto& u : units) {
    if (u.alive && u.sq == s) out.push_back(&u);
  }
  return out;
}

bool PwState::enemy_at(Sq s, int side) const {
  for (const auto& u : units) {
    if (u.alive && u.side != side && u.sq == s) return true;
  }
  return false;
}

bool PwState::any_unit_at(Sq s) const {
  for (const auto& u : units) {
    if (u.alive && u.sq == s) return true;
  }
  return false;
}

void refuse(const Refusal& r) { reject(r.code, r.rule, r.message); }

std::string sq_text(Sq s) {
  std::string out(1, '(');  // built by appending: GCC 12 misreports "(" + std::string (-Wrestrict)
  out += std::to_string(s.col);
  out += ',';
  out += std::to_string(s.row);
  out += ')';
  return out;
}

std::string label(const Unit& u) { return u.name.empty() ? u.id : u.name; }

const std::string& side_id(const PwState& st, int side) {
  static const std::string kNone;
  if (side < 0 || side >= static_cast<int>(st.side_state.size())) return kNone;
  return st.side_state[static_cast<std::size_t>(side)].id;
}

Sq to_sq(const pb::GridSquare& g) { return {g.col(), g.row()}; }

pb::GridSquare to_pb(Sq s) {
  pb::GridSquare g;
  g.set_col(s.col);
  g.set_row(s.row);
  return g;
}

bool closed_terrain(const Cell& c) { return c.woods || c.town || c.fortification; }

bool passable(const Cell& c) { return !c.river || c.ford; }

bool in_river(const PwState& st, const Unit& u) { return st.cell(u.sq).river || st.cell(u.sq).ford; }

bool crossing_trench(const PwState& st, const Unit& u) {
  return st.cell(u.sq).trench && u.trench_entered_turn == st.turn;
}

bool in_cover(const PwState& st, const Unit& u) {
  const Cell& c = st.cell(u.sq);
  return closed_terrain(c) || (c.trench && !crossing_trench(st, u));
}

bool square_in_cover(const PwState& st, Sq s) {
  const Cell& c = st.cell(s);
  return closed_terrain(c) || c.trench;
}

bool direct_los(const PwState& st, Sq from, Sq to, bool over_units) {
  const int eye = std::max(st.cell(from).level, st.cell(to).level);
  return grid::clear_line(from, to, [&](Sq s) {
    if (!st.on_board(s)) return false;
    const Cell& c = st.cell(s);
    if (closed_terrain(c) || c.level > eye) return true;  // cover, or a crest in between
    return !over_units && st.any_unit_at(s);
  });
}

int fire_range(const PwState& st, const Unit& u) {
  const int r = row_of(u).fire_range;
  if (r == 0) return 0;
  return st.cell(u.sq).woods ? 1 : r;  // PW-TER-04
}

bool commander_near(const PwState& st, const Unit& u, bool same_square_counts) {
  for (const auto& c : st.units) {
    if (!c.alive || c.side != u.side || c.type != UnitType::kCommander || c.id == u.id) continue;
    if (grid::adjacent(c.sq, u.sq) || (same_square_counts && c.sq == u.sq)) return true;
  }
  return false;
}

int living_units(const PwState& st, int side) {
  int n = 0;
  for (const auto& u : st.units) n += (u.alive && u.side == side) ? 1 : 0;
  return n;
}

// PW-ACT-01: one die for the Commander plus one per five other units, rounded up.
int activation_dice_count(const PwState& st, int side) {
  int commanders = 0, others = 0;
  for (const auto& u : st.units) {
    if (!u.alive || u.side != side) continue;
    if (u.type == UnitType::kCommander) ++commanders;
    else ++others;
  }
  return (commanders > 0 ? 1 : 0) + (others + 4) / 5;
}

int nearest_enemy_distance(const PwState& st, int side, Sq s) {
  int best = 1 << 20;
  for (const auto& u : st.units) {
    if (u.alive && u.side != side) best = std::min(best, grid::distance(u.sq, s));
  }
  return best;
}

std::vector<const Unit*> adjacent_enemies(const PwState& st, int side, Sq s) {
  std::vector<const Unit*> out;
  for (const auto& u : st.units) {
    if (u.alive && u.side != side && grid::adjacent(u.sq, s)) out.push_back(&u);
  }
  return out;
}

void emit_pw(Context& ctx, const pb::PwEvent& body, std::vector<std::string> visible_to) {
  pb::Event e = event_of(body);
  for (auto& s : visible_to) e.add_visible_to(std::move(s));
  ctx.emit(std::move(e), &body);
}

}  // namespace sandtable::pw
