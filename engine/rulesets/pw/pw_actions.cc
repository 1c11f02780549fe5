// Legal-action enumeration from the same checks the handlers run.
#include "engine/rulesets/pw/pw_actions.h"

#include <algorithm>

#include "engine/rulesets/pw/pw_internal.h"

namespace sandtable::pw {

namespace {

// The shortest legal path to each destination (PW-MOVE-01/02), so the menu's squares and the
// path of a move given without a route are what the move costs, never a detour. A breadth-first
// walk over (square, every square so far a road, the square before it a wood): what a path may
// still do depends on nothing else (the road bonus, PW-TER-01; stopping on entering a wood,
// PW-TER-03; the rest depends on the square alone), so one path per such state is enough, and
// each is judged by check_move, the handler's own check. Among paths of one length the first in
// facing order (north, east, south, west at each step) is kept. Destinations are listed nearest
// first.
// A destination found by the walk: the square, the walk's node that reached it first (its
// path), and the move's plan (the facings contact would force).
struct Found {
  Sq to;
  int node;
  MovePlan plan;
};
struct Walk {
  struct Node {
    Sq sq;
    bool road;
    bool from_woods;
    int parent;
    int depth;
    bool stops = false;  // the unit must stop on entering this square (PW-MOVE-08, PW-TER-03/05/06/07)
  };
  std::vector<Node> nodes;
  std::vector<Found> found;
  // The path from the unit's square to `n`'s square, written into `m`.
  void path_of(int n, pb::PwMove& m) const {
    m.clear_path();
    // A node's depth is its path's length: add that many squares, then fill them from the end.
    const int len = nodes[static_cast<std::size_t>(n)].depth;
    for (int i = 0; i < len; ++i) m.add_path();
    for (int i = len - 1; n > 0; --i, n = nodes[static_cast<std::size_t>(n)].parent) {
      *m.mutable_path(i) = to_pb(nodes[static_cast<std::size_t>(n)].sq);
    }
  }
  int steps(int n) const { return nodes[static_cast<std::size_t>(n)].depth; }
};

Walk walk_moves(const PwState& st, int side, const Unit& u) {
  const int limit = row_of(u).move + 1;  // road bonus at most
  Walk w;
  w.nodes.push_back({u.sq, st.cell(u.sq).road, st.cell(u.sq).woods, -1, 0});
  // A unit that may not move refuses every path alike (and none of them is kept below).
  const Unit* self = nullptr;
  if (check_unit_order(st, side, u.id, &self) || check_may_move(st, u)) return w;
  pb::PwMove m;
  m.set_unit_id(u.id);
  for (std::size_t i = 0; i < w.nodes.size(); ++i) {
    const Walk::Node from = w.nodes[i];
    if (from.depth >= limit) continue;
    // Paths going on past a square where the unit must stop are refused whatever follows, so
    // they are not built and asked about (check_move's own pieces say so; they would be dropped
    // below as any path refused for a step is).
    if (from.stops) continue;
    for (int f = 0; f < 4; ++f) {
      const Sq s = grid::step(from.sq, static_cast<Facing>(f));
      if (!st.on_board(s) || s == u.sq) continue;
      const Cell& c = st.cell(s);
      if (!passable(c)) continue;  // no path enters an unfordable river (PW-TER-05)
      const bool road = from.road && c.road;
      const bool seen = std::any_of(w.nodes.begin(), w.nodes.end(), [&](const Walk::Node& n) {
        return n.sq == s && n.road == road && n.from_woods == st.cell(from.sq).woods;
      });
      if (seen) continue;  // reached already by a path no longer than this one
      if (from.depth + 1 > move_allowance(st, u, road).squares) continue;  // too long: refused, dropped below
      const int here = static_cast<int>(w.nodes.size());
      w.nodes.push_back({s, road, st.cell(from.sq).woods, static_cast<int>(i), from.depth + 1,
                         move_stop(st, side, from.sq, s).why != nullptr});
      w.path_of(here, m);
      MovePlan plan;
      const Check bad = check_move(st, side, m, &plan, Say::kCodeOnly);
      if (!bad) {
        auto known = std::find_if(w.found.begin(), w.found.end(), [&](const Found& x) { return x.to == s; });
        if (known == w.found.end()) w.found.push_back(Found{s, here, std::move(plan)});
      }
      // A refusal for stopping or for stacking at this square does not rule out going further;
      // any other refusal may be this path's alone (it left a square where it had to stop), so
      // the state stays open to another path of the same length.
      const bool go_on = !bad || bad->code == "PW_MOVE_STACKING" || bad->code == "PW_EXHAUSTED_ADVANCE";
      if (!go_on) w.nodes.pop_back();
    }
  }
  return w;
}

void enumerate_moves(const PwState& st, int side, const Unit& u, std::vector<pb::PwCommand>& out) {
  const Walk w = walk_moves(st, side, u);
  pb::PwMove m;
  m.set_unit_id(u.id);
  for (const auto& fd : w.found) {
    w.path_of(fd.node, m);
    if (!fd.plan.contact_facings.empty()) {
      pb::PwCommand c;
      m.set_facing(static_cast<pb::GridFacing>(fd.plan.contact_facings[0]));
      *c.mutable_move() = m;
      out.push_back(std::move(c));
      continue;
    }
    for (int g = 0; g < 4; ++g) {
      pb::PwCommand c;
      m.set_facing(static_cast<pb::GridFacing>(g));
      *c.mutable_move() = m;
      out.push_back(std::move(c));
    }
  }
}

// Everything but moves: faces, fires, close combats and stationary actions.
void enumerate_in_place(const PwState& st, int side, const Unit& u, std::vector<pb::PwCommand>& out) {
  for (int g = 0; g < 4; ++g) {
    pb::PwFace f;
    f.set_unit_id(u.id);
    f.set_facing(static_cast<pb::GridFacing>(g));
    if (!check_face(st, side, f)) {
      pb::PwCommand c;
      *c.mutable_face() = f;
      out.push_back(std::move(c));
    }
  }
  // Only squares the checks could accept are asked about: a fire target lies in the unit's
  // forward arc within its range, a close-combat target next to it (both refuse anything else,
  // pw_fire.cc and pw_combat.cc). Asking about every enemy cost a refusal sentence each.
  std::vector<Sq> fired_at;
  for (const auto& e : st.units) {
    if (!e.alive || e.side == side) continue;
    if (in_fire_reach(st, u, e.sq) && std::find(fired_at.begin(), fired_at.end(), e.sq) == fired_at.end()) {
      fired_at.push_back(e.sq);
      pb::PwFire f;
      f.set_unit_id(u.id);
      *f.mutable_target() = to_pb(e.sq);
      if (!check_fire(st, side, f, Say::kCodeOnly)) {
        pb::PwCommand c;
        *c.mutable_fire() = f;
        out.push_back(std::move(c));
      }
    }
    if (!grid::adjacent(u.sq, e.sq)) continue;
    pb::PwCloseCombat cc;
    cc.set_unit_id(u.id);
    cc.set_target_id(e.id);
    if (!check_close_combat(st, side, cc, Say::kCodeOnly)) {
      pb::PwCommand c;
      *c.mutable_close_combat() = cc;
      out.push_back(std::move(c));
    }
  }
  for (int k = pb::PW_LIMBER; k <= pb::PW_REMOVE_WIRE; ++k) {
    std::vector<std::string> others{""};
    if (k == pb::PW_LIMBER || k == pb::PW_EMBARK) {
      others.clear();
      for (const Unit* t : st.units_at(u.sq)) {
        if (t->type == UnitType::kTransport && t->side == side) others.push_back(t->id);
      }
    }
    for (const auto& o : others) {
      pb::PwStationary s;
      s.set_unit_id(u.id);
      s.set_kind(static_cast<pb::PwStationaryKind>(k));
      s.set_other_id(o);
      if (!check_stationary(st, side, s)) {
        pb::PwCommand c;
        *c.mutable_stationary() = s;
        out.push_back(std::move(c));
      }
    }
  }
}

void enumerate_unit(const PwState& st, int side, const Unit& u, std::vector<pb::PwCommand>& out) {
  enumerate_moves(st, side, u, out);
  enumerate_in_place(st, side, u, out);
}

// May `seat` order unit `unit_id` now? The unit, or null.
const Unit* orderable(const PwState& st, const std::string& seat, const std::string& unit_id, int& side) {
  side = st.side_index(seat);
  if (side < 0 || st.over || st.paused || !st.decisions.empty()) return nullptr;
  if (st.phase != Phase::kActivation || st.active_side != side) return nullptr;
  const Unit* u = st.alive_unit(unit_id);
  return u && u->side == side ? u : nullptr;
}

void enumerate_plans(const PwState& st, int side, std::vector<pb::PwCommand>& out) {
  pb::PwArtilleryPlan empty;
  if (check_plan(st, side, empty)) return;
  pb::PwCommand hold;
  *hold.mutable_artillery_plan() = empty;
  out.push_back(hold);
  pb::PwArtilleryPlan all;
  for (const auto& gun : st.units) {
    if (!gun.alive || gun.side != side || gun.type != UnitType::kArtillery) continue;
    std::optional<Sq> nearest;
    for (const auto& e : st.units) {
      if (!e.alive || e.side == side || !e.carried_by.empty()) continue;
      pb::PwArtilleryPlan one;
      auto* t = one.add_targets();
      t->set_unit_id(gun.id);
      *t->mutable_target() = to_pb(e.sq);
      if (check_plan(st, side, one)) continue;
      pb::PwCommand c;
      *c.mutable_artillery_plan() = one;
      out.push_back(std::move(c));
      if (!nearest || grid::distance(gun.sq, e.sq) < grid::distance(gun.sq, *nearest)) nearest = e.sq;
    }
    if (nearest) {
      auto* t = all.add_targets();
      t->set_unit_id(gun.id);
      *t->mutable_target() = to_pb(*nearest);
    }
  }
  if (all.targets_size() > 1 && !check_plan(st, side, all)) {
    pb::PwCommand c;
    *c.mutable_artillery_plan() = all;
    out.push_back(std::move(c));
  }
}

}  // namespace

std::vector<pb::PwCommand> legal_unit_commands(const PwState& st, const std::string& seat, const std::string& unit_id) {
  std::vector<pb::PwCommand> out;
  int side = -1;
  if (const Unit* u = orderable(st, seat, unit_id, side)) enumerate_unit(st, side, *u, out);
  return out;
}

UnitChoices unit_choices(const PwState& st, const std::string& seat, const std::string& unit_id) {
  UnitChoices out;
  int side = -1;
  const Unit* u = orderable(st, seat, unit_id, side);
  if (!u) return out;
  const Walk w = walk_moves(st, side, *u);
  out.destinations.reserve(w.found.size());
  for (const auto& fd : w.found) out.destinations.push_back({fd.to, w.steps(fd.node)});
  enumerate_in_place(st, side, *u, out.in_place);
  return out;
}

std::vector<pb::PwCommand> legal_commands(const PwState& st, const std::string& seat) {
  std::vector<pb::PwCommand> out;
  const int side = st.side_index(seat);
  if (side < 0 || st.over || st.paused || !st.decisions.empty()) return out;
  if (st.phase == Phase::kArtilleryPlanning) {
    enumerate_plans(st, side, out);
    return out;
  }
  if (st.phase != Phase::kActivation || st.active_side != side) return out;
  for (const auto& u : st.units) {
    if (u.alive && u.side == side) enumerate_unit(st, side, u, out);
  }
  if (!st.active_unit.empty()) {
    pb::PwCommand c;
    c.mutable_end_activation();
    out.push_back(std::move(c));
  }
  pb::PwCommand c;
  c.mutable_end_side();
  out.push_back(std::move(c));
  return out;
}

}  // namespace sandtable::pw
