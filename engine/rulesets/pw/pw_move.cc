// Activation checks and movement (PW-ACT-02/04, PW-MOVE-01..09, PW-TER-01/03/05/06/07,
// PW-UNIT-05, PW-EXH-02).
#include <algorithm>

#include "engine/rulesets/pw/pw_internal.h"

namespace sandtable::pw {

namespace {

Refusal r(std::string code, std::string rule, std::string msg) { return {std::move(code), std::move(rule), std::move(msg)}; }

// A unit that fills a square for stacking: anything but a commander or an empty transport.
bool fills_square(const Unit& u) { return !shares_squares(u.type) || !u.carrying.empty(); }

}  // namespace

Check check_unit_order(const PwState& st, int side, const std::string& unit_id, const Unit** out) {
  if (st.phase != Phase::kActivation || st.active_side != side) {
    const std::string when = st.phase == Phase::kArtilleryPlanning
                                 ? "the turn is in its Artillery Fire phase; units act after initiative"
                                 : "it is not " + side_id(st, side) + "'s activation half";
    return r("PW_NOT_YOUR_TURN", "PW-SEQ-01", "Units cannot act now: " + when + ".");
  }
  const Unit* u = st.alive_unit(unit_id);
  if (!u) return r("PW_NO_SUCH_UNIT", "PW-UNIT-02", "There is no unit '" + unit_id + "' on the table.");
  if (u->side != side) return r("PW_NOT_YOUR_UNIT", "PW-ACT-04", label(*u) + " belongs to " + side_id(st, u->side) + ".");
  *out = u;
  return std::nullopt;
}

Check check_activation_available(const PwState& st, const Unit& u) {
  if (st.active_unit == u.id) return std::nullopt;
  if (u.activated) {
    return r("PW_ALREADY_ACTIVATED", "PW-ACT-02",
             label(u) + " has already been activated this turn; each unit is activated at most once per turn.");
  }
  if (st.side_state[static_cast<std::size_t>(u.side)].activations_left <= 0) {
    return r("PW_NO_ACTIVATIONS", "PW-ACT-02",
             side_id(st, u.side) + " has no activations left this turn, so " + label(u) + " cannot be activated.");
  }
  return std::nullopt;
}

void activate(Context& ctx, PwState& st, const Unit& u) {
  if (st.active_unit == u.id) return;
  if (!st.active_unit.empty()) {
    pb::PwEvent e;
    e.mutable_activation_ended()->set_unit_id(st.active_unit);
    emit_pw(ctx, e);
  }
  pb::PwEvent e;
  e.mutable_unit_activated()->set_unit_id(u.id);
  e.mutable_unit_activated()->set_activations_left(st.side_state[static_cast<std::size_t>(u.side)].activations_left - 1);
  emit_pw(ctx, e);
}

int base_allowance(const PwState& st, const Unit& u) {
  int a = row_of(u).move;
  if (u.fired) a -= 1;  // PW-MOVE-05
  const Cell& c = st.cell(u.sq);
  if (c.woods || c.river || c.ford || c.trench) a = std::min(a, 1);  // PW-TER-03/05/07
  return std::max(a, 0);
}

// Checks shared by moving and turning in place.
Check check_may_move(const PwState& st, const Unit& u) {
  if (!u.carried_by.empty()) {
    return r("PW_MOVE_CARRIED", "PW-TRN-01", label(u) + " is with its transport; the transport moves it (unlimber or disembark first).");
  }
  if (u.busy) return r("PW_UNIT_BUSY", "PW-TRN-01", label(u) + " has spent this turn on a whole-turn task and cannot move.");
  if (u.moved) {
    return r("PW_MOVE_TWICE", "PW-MOVE-03", label(u) + " has already moved this turn; a unit moves at most once per turn.");
  }
  if (u.type == UnitType::kArtillery && u.fired) {
    return r("PW_MOVE_ARTILLERY_FIRED", "PW-MOVE-04", label(u) + " fired this turn; artillery that fires may not move in the same turn.");
  }
  return check_activation_available(st, u);
}

namespace {

bool any_adjacent_enemy(const PwState& st, int side, Sq s) {
  return std::any_of(st.units.begin(), st.units.end(),
                     [&](const Unit& e) { return e.alive && e.side != side && grid::adjacent(e.sq, s); });
}

}  // namespace

MoveAllowance move_allowance(const PwState& st, const Unit& u, bool road) {
  MoveAllowance a{row_of(u).move + (road ? 1 : 0), road ? "PW-TER-01" : "PW-MOVE-01", false};
  if (u.fired) {
    a.squares -= 1;
    a.rule = "PW-MOVE-05";
  }
  const Cell& start = st.cell(u.sq);
  a.slow_start = (start.woods || start.river || start.ford || start.trench) && a.squares > 1;
  if (a.slow_start) {
    a.squares = 1;
    a.rule = start.woods ? "PW-TER-03" : (start.trench ? "PW-TER-07" : "PW-TER-05");
  }
  return a;
}

MoveStop move_stop(const PwState& st, int side, Sq prev, Sq s) {
  const Cell& c = st.cell(s);
  if (any_adjacent_enemy(st, side, s)) return {"contact with the enemy", "PW-MOVE-08"};
  if (c.woods && !st.cell(prev).woods) return {"entered a wood", "PW-TER-03"};
  if (c.river || c.ford) return {"entered the river at a ford", "PW-TER-05"};
  if (c.trench) return {"entered a trench", "PW-TER-07"};
  if (c.wire) return {"entered barbed wire", "PW-TER-06"};
  return {};
}

const Unit* stacking_blocker(const PwState& st, const Unit& u, Sq s) {
  for (const Unit& o : st.units) {
    if (!o.alive || o.sq != s || o.id == u.id || o.carried_by == u.id) continue;
    if (fills_square(o) && fills_square(u)) return &o;
  }
  return nullptr;
}

bool move_refused_anyway(const PwState& st, int side, const Unit& u, const std::vector<Sq>& path) {
  if (path.empty()) return true;
  bool road = st.cell(u.sq).road;
  for (const Sq s : path) road = road && st.on_board(s) && st.cell(s).road;
  if (static_cast<int>(path.size()) > move_allowance(st, u, road).squares) return true;
  Sq prev = u.sq;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    if (!st.on_board(path[i])) return true;
    if (move_stop(st, side, prev, path[i]).why) return true;
    prev = path[i];
  }
  if (!st.on_board(path.back())) return true;
  if (stacking_blocker(st, u, path.back())) return true;
  return st.side_state[static_cast<std::size_t>(side)].exhausted &&
         nearest_enemy_distance(st, side, path.back()) < nearest_enemy_distance(st, side, u.sq);
}

Check check_move(const PwState& st, int side, const pb::PwMove& m, MovePlan* plan, Say say) {
  const Unit* up = nullptr;
  if (auto bad = check_unit_order(st, side, m.unit_id(), &up)) return bad;
  const Unit& u = *up;
  if (auto bad = check_may_move(st, u)) return bad;
  if (m.path_size() == 0) {
    return said(say, "PW_MOVE_EMPTY", "PW-MOVE-06",
                [&] { return "The move of " + label(u) + " lists no squares; to turn in place give a face order."; });
  }
  // Allowance (PW-MOVE-01), road bonus (PW-TER-01), firing (PW-MOVE-05), woods/river/trench.
  const TypeRow& row = row_of(u);
  bool road = st.cell(u.sq).road;
  for (const auto& g : m.path()) {
    const Sq s = to_sq(g);
    road = road && st.on_board(s) && st.cell(s).road;
  }
  const MoveAllowance allowed = move_allowance(st, u, road);
  const int allowance = allowed.squares;
  const char* rule = allowed.rule;
  const bool slow_start = allowed.slow_start;
  const Cell& start = st.cell(u.sq);
  auto why = [&]() -> std::string {
    if (slow_start) {
      return start.woods ? "units move at most 1 square through a wood"
                         : (start.trench ? "a unit leaving a trench moves 1 square" : "a unit leaves a river 1 square");
    }
    return std::string(row.words) + " moves " + std::to_string(row.move) + (road ? ", +1 along a road" : "") +
           (u.fired ? ", -1 for firing" : "");
  };
  const bool withdrawing = any_adjacent_enemy(st, side, u.sq);
  Sq prev = u.sq;
  for (int i = 0; i < m.path_size(); ++i) {
    const Sq s = to_sq(m.path(i));
    const int dc = std::abs(s.col - prev.col), dr = std::abs(s.row - prev.row);
    if (dc == 1 && dr == 1) {
      return said(say, "PW_MOVE_CORNER", "PW-MOVE-02", [&] {
        return label(u) + " cannot move diagonally from " + sq_text(prev) + " to " + sq_text(s) +
               ": moves go through square edges, never corners.";
      });
    }
    if (dc + dr != 1) {
      return said(say, "PW_MOVE_PATH", "PW-MOVE-02", [&] {
        return "The path of " + label(u) + " jumps from " + sq_text(prev) + " to " + sq_text(s) +
               "; list every square it passes, one edge at a time.";
      });
    }
    if (!st.on_board(s)) {
      return said(say, "PW_MOVE_OFF_BOARD", "PW-MOVE-02", [&] { return label(u) + " cannot leave the table at " + sq_text(s) + "."; });
    }
    if (s == u.sq || std::any_of(m.path().begin(), m.path().begin() + i, [&](const pb::GridSquare& g) { return to_sq(g) == s; })) {
      return said(say, "PW_MOVE_PATH", "PW-MOVE-02", [&] { return "The path of " + label(u) + " enters " + sq_text(s) + " twice."; });
    }
    if (i + 1 > allowance) {
      return said(say, "PW_MOVE_TOO_FAR", rule, [&] {
        return label(u) + " may move " + std::to_string(allowance) + " square" + (allowance == 1 ? "" : "s") + " this turn (" +
               why() + "); the path has " + std::to_string(m.path_size()) + ".";
      });
    }
    const Cell& c = st.cell(s);
    if (!passable(c)) {
      return said(say, "PW_MOVE_RIVER", "PW-TER-05",
                  [&] { return label(u) + " cannot enter " + sq_text(s) + ": rivers are crossed only at fords."; });
    }
    if (st.enemy_at(s, side)) {
      return said(say, "PW_MOVE_ENEMY", "PW-UNIT-05",
                  [&] { return label(u) + " cannot enter " + sq_text(s) + ", which holds an enemy unit."; });
    }
    if (withdrawing) {
      for (const auto& e : st.units) {
        if (!e.alive || e.side == side || grid::adjacent(e.sq, u.sq)) continue;
        if (grid::step(e.sq, e.facing) == s) {
          return said(say, "PW_MOVE_WITHDRAW", "PW-MOVE-09", [&] {
            return label(u) + " is withdrawing from contact and may not enter " + sq_text(s) + ", in front of " + label(e) + ".";
          });
        }
      }
    }
    const MoveStop stop = move_stop(st, side, prev, s);
    if (stop.why && i + 1 < m.path_size()) {
      return said(say, "PW_MOVE_MUST_STOP", stop.rule, [&] {
        return label(u) + " must stop at " + sq_text(s) + " (" + stop.why + ") and cannot go on to " + sq_text(to_sq(m.path(i + 1))) + ".";
      });
    }
    if (plan && i + 1 == m.path_size()) plan->stop_reason = stop.why ? stop.why : "";
    prev = s;
  }
  // Stacking at the end square (PW-UNIT-05, PW-MOVE-07).
  if (const Unit* o = stacking_blocker(st, u, prev)) {
    return said(say, "PW_MOVE_STACKING", "PW-UNIT-05", [&] {
      return label(u) + " cannot end its move in " + sq_text(prev) + ", which holds " + label(*o) +
             ": only commanders and transport may share a square.";
    });
  }
  if (st.side_state[static_cast<std::size_t>(side)].exhausted &&
      nearest_enemy_distance(st, side, prev) < nearest_enemy_distance(st, side, u.sq)) {
    return said(say, "PW_EXHAUSTED_ADVANCE", "PW-EXH-02",
                [&] { return side_id(st, side) + " is exhausted: " + label(u) + " may not end a move closer to the enemy."; });
  }
  if (plan) {
    plan->allowance = allowance;
    plan->road = road;
    plan->contact_facings.clear();
    for (const Unit* e : adjacent_enemies(st, side, prev)) {
      const Facing f = grid::facing_toward(prev, e->sq);
      if (std::find(plan->contact_facings.begin(), plan->contact_facings.end(), f) == plan->contact_facings.end()) {
        plan->contact_facings.push_back(f);
      }
    }
  }
  return std::nullopt;
}

void face_contact(Context& ctx, PwState& st, const Unit& u, const std::vector<Facing>& facings) {
  if (facings.empty()) return;
  if (facings.size() == 1) {
    if (u.facing == facings[0]) return;
    pb::PwEvent e;
    e.mutable_unit_faced()->set_unit_id(u.id);
    e.mutable_unit_faced()->set_facing(static_cast<pb::GridFacing>(facings[0]));
    e.mutable_unit_faced()->set_reason("turned to face the adjacent enemy (PW-MOVE-08)");
    emit_pw(ctx, e);
    return;
  }
  pb::Decision d;
  d.set_seat(side_id(st, u.side));
  d.set_rule_id("PW-MOVE-08");
  d.set_kind("PW_FACE_CHOICE");
  d.set_unit_id(u.id);
  d.set_prompt(label(u) + " stopped at " + sq_text(u.sq) + " next to more than one enemy unit: which way does it face?");
  for (Facing f : facings) {
    pb::Choice* c = d.add_choices();
    c->set_id(std::string("face:") + grid::facing_name(f));
    std::string whom;
    for (const Unit* e : adjacent_enemies(st, u.side, u.sq)) {
      if (grid::facing_toward(u.sq, e->sq) == f) whom += (whom.empty() ? "" : ", ") + label(*e);
    }
    c->set_label(std::string("Face ") + grid::facing_name(f) + " toward " + whom);
    c->set_facing(static_cast<pb::GridFacing>(f));
  }
  ctx.ask(std::move(d));
}

void do_move(Context& ctx, PwState& st, int side, const pb::PwMove& m) {
  MovePlan plan;
  if (auto bad = check_move(st, side, m, &plan)) refuse(*bad);
  const Unit& u = *st.alive_unit(m.unit_id());
  activate(ctx, st, u);
  pb::PwEvent e;
  auto* mv = e.mutable_unit_moved();
  mv->set_unit_id(u.id);
  *mv->mutable_path() = m.path();
  mv->set_road(plan.road);
  mv->set_allowance(plan.allowance);
  mv->set_stop_reason(plan.stop_reason);
  Facing facing = static_cast<Facing>(static_cast<int>(m.facing()));
  if (plan.contact_facings.size() == 1) facing = plan.contact_facings[0];  // PW-MOVE-08
  mv->set_facing(static_cast<pb::GridFacing>(facing));
  emit_pw(ctx, e);
  if (plan.contact_facings.size() > 1) face_contact(ctx, st, u, plan.contact_facings);
}

Check check_face(const PwState& st, int side, const pb::PwFace& f) {
  const Unit* up = nullptr;
  if (auto bad = check_unit_order(st, side, f.unit_id(), &up)) return bad;
  if (auto bad = check_may_move(st, *up)) return bad;
  if (static_cast<int>(up->facing) == static_cast<int>(f.facing())) {
    return r("PW_FACE_SAME", "PW-MOVE-06", label(*up) + " already faces " + grid::facing_name(up->facing) + ".");
  }
  return std::nullopt;
}

// Turning in place is the unit's move for the turn (PW-MOVE-03) but it leaves no square, so
// it keeps the "has not moved" fire bonus (squares_moved stays 0).
void do_face(Context& ctx, PwState& st, int side, const pb::PwFace& f) {
  if (auto bad = check_face(st, side, f)) refuse(*bad);
  const Unit& u = *st.alive_unit(f.unit_id());
  activate(ctx, st, u);
  pb::PwEvent e;
  e.mutable_unit_moved()->set_unit_id(u.id);
  e.mutable_unit_moved()->set_facing(f.facing());
  e.mutable_unit_moved()->set_stop_reason("turned in place");
  emit_pw(ctx, e);
}

}  // namespace sandtable::pw
