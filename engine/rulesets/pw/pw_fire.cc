// Small-arms and machine-gun fire (PW-FIRE-01..06) and the simultaneous Artillery Fire phase
// (PW-ART-01..09).
#include <algorithm>

#include "engine/model/game_words.h"
#include "engine/rulesets/pw/pw_dice_words.h"
#include "engine/rulesets/pw/pw_internal.h"

namespace sandtable::pw {

namespace {

Refusal r(std::string code, std::string rule, std::string msg) { return {std::move(code), std::move(rule), std::move(msg)}; }

// Units in a square that take hits directly: everyone but towed/carried units, which take
// their transport's hits instead (PW-TRN-02).
void add_square_hits(const PwState& st, Sq s, int hits, int only_side, const std::string& cause, pb::PwHitsPending* out) {
  for (const Unit* u : st.units_at(s)) {
    if (!u->carried_by.empty() || (only_side >= 0 && u->side != only_side)) continue;
    pb::PwHit* h = out->add_hits();
    h->set_unit_id(u->id);
    h->set_hits(hits);
    h->set_cause(cause);
    if (!u->carrying.empty()) {
      pb::PwHit* p = out->add_hits();
      p->set_unit_id(u->carrying);
      p->set_hits(hits);
      p->set_cause("transport hit");
    }
  }
}

// Firing out of woods, built-up areas or fortifications only from an edge square (PW-ART-05,
// PW-FIRE-03): the next square toward the target must be open. Adjacent targets are exempt
// (inside a wood every weapon reaches 1 square, PW-TER-04).
bool edge_ok(const PwState& st, const Unit& u, Sq target) {
  if (!closed_terrain(st.cell(u.sq)) || grid::distance(u.sq, target) <= 1) return true;
  const Sq d = grid::direction_toward(u.sq, target, u.facing);
  const Sq next{u.sq.col + d.col, u.sq.row + d.row};
  return !st.on_board(next) || !closed_terrain(st.cell(next));
}

std::string terrain_word(const Cell& c) { return c.woods ? "wood" : (c.town ? "built-up area" : "fortification"); }

}  // namespace

void add_hits_for_unit(const PwState& st, const Unit& u, int hits, const std::string& cause, pb::PwHitsPending* out) {
  pb::PwHit* h = out->add_hits();
  h->set_unit_id(u.id);
  h->set_hits(hits);
  h->set_cause(cause);
  if (!u.carrying.empty() && st.alive_unit(u.carrying)) {
    pb::PwHit* p = out->add_hits();
    p->set_unit_id(u.carrying);
    p->set_hits(hits);
    p->set_cause("transport hit");
  }
}

Check check_fire(const PwState& st, int side, const pb::PwFire& f, Say say) {
  const Unit* up = nullptr;
  if (auto bad = check_unit_order(st, side, f.unit_id(), &up)) return bad;
  return check_fire_at(st, side, *up, to_sq(f.target()), say);
}

Check check_fire_at(const PwState& st, int side, const Unit& u, Sq t, Say say) {
  const TypeRow& row = row_of(u);
  if (u.type == UnitType::kArtillery) {
    return said(say, "PW_FIRE_ARTILLERY", "PW-ART-01",
                [&] { return label(u) + " is artillery: it fires only in the Artillery Fire phase at the start of the turn."; });
  }
  if (row.fire_range == 0) {
    return said(say, "PW_FIRE_CANNOT", "PW-FIRE-04", [&] {
      return label(u) + " (" + row.words + ") has no fire weapon; only infantry, dismounted cavalry and machine guns fire.";
    });
  }
  if (!u.carried_by.empty()) return said(say, "PW_FIRE_CARRIED", "PW-TRN-03", [&] { return label(u) + " is aboard its transport and cannot fire."; });
  if (u.busy) {
    return said(say, "PW_UNIT_BUSY", "PW-TER-06", [&] { return label(u) + " has spent this turn on a whole-turn task and cannot fire."; });
  }
  if (u.fired) {
    return said(say, "PW_FIRE_TWICE", "PW-FIRE-02", [&] { return label(u) + " has already fired this turn; a unit fires once per turn."; });
  }
  if (in_river(st, u)) return said(say, "PW_FIRE_IN_RIVER", "PW-TER-05", [&] { return label(u) + " is in the river and may not fire."; });
  if (crossing_trench(st, u)) {
    return said(say, "PW_FIRE_CROSSING_TRENCH", "PW-TER-07", [&] { return label(u) + " is crossing a trench and may not fire."; });
  }
  if (u.squares_moved > 0 && u.squares_moved >= u.move_allowance) {
    return said(say, "PW_FIRE_AFTER_FULL_MOVE", "PW-MOVE-05", [&] {
      return label(u) + " used its whole move (" + std::to_string(u.squares_moved) + " squares); firing costs 1 square, so it may not fire now.";
    });
  }
  if (auto bad = check_activation_available(st, u)) return bad;
  if (!st.on_board(t)) return said(say, "PW_FIRE_OFF_BOARD", "PW-FIRE-01", [&] { return sq_text(t) + " is not on the table."; });
  const int range = fire_range(st, u);
  const int dist = grid::distance(u.sq, t);
  if (t == u.sq || !grid::in_arc(u.sq, u.facing, t)) {
    return said(say, "PW_FIRE_ARC", "PW-FIRE-02", [&] {
      return sq_text(t) + " is outside the 90-degree forward arc of " + label(u) + " (facing " + grid::facing_name(u.facing) + ").";
    });
  }
  if (dist > range) {
    const bool wood = st.cell(u.sq).woods;
    return said(say, "PW_FIRE_RANGE", wood ? "PW-TER-04" : "PW-FIRE-01", [&] {
      return sq_text(t) + " is " + std::to_string(dist) + " squares from " + label(u) + ", beyond its range of " + std::to_string(range) +
             (wood ? " (weapons reach 1 square inside a wood)." : ".");
    });
  }
  if (!st.enemy_at(t, side)) {
    return said(say, "PW_FIRE_NO_TARGET", "PW-FIRE-05", [&] { return "There is no enemy unit in " + sq_text(t) + " to fire at."; });
  }
  if (!edge_ok(st, u, t)) {
    return said(say, "PW_FIRE_NOT_EDGE", "PW-FIRE-03", [&] {
      return label(u) + " cannot fire out of the " + terrain_word(st.cell(u.sq)) + " from " + sq_text(u.sq) +
             ": only units on its edge square facing the target may fire out.";
    });
  }
  if (!direct_los(st, u.sq, t, false)) {
    return said(say, "PW_FIRE_NO_LOS", "PW-FIRE-02", [&] {
      return label(u) + " has no direct line of sight to " + sq_text(t) + " (cover, a crest or a unit is in between).";
    });
  }
  return std::nullopt;
}

void do_fire(Context& ctx, PwState& st, int side, const pb::PwFire& f) {
  if (auto bad = check_fire(st, side, f)) refuse(*bad);
  const Unit& u = *st.alive_unit(f.unit_id());
  activate(ctx, st, u);
  const Sq t = to_sq(f.target());
  int mod = 0;
  pb::PwEvent e;
  auto* fired = e.mutable_unit_fired();
  // PW-FIRE-06: the target counts as in cover if any enemy unit there is in cover.
  bool cover = false;
  for (const Unit* v : st.units_at(t)) cover = cover || (v->side != side && in_cover(st, *v));
  if (cover) { mod -= 1; fired->add_notes("-1 target in cover or fortifications"); }
  if (u.squares_moved == 0) { mod += 1; fired->add_notes("+1 has not moved"); }
  if (commander_near(st, u, true)) { mod += 1; fired->add_notes("+1 commander with or next to the unit"); }
  const auto rolls = ctx.roll_pool(row_of(u).fire_dice, pb::DIE_KIND_D6, "fire " + label(u));
  tell_fire_dice(ctx.pending_dice(), mod, st.options.mg_hits_per_die);
  int hits = 0;
  for (int v : rolls) {
    fired->add_rolls(v);
    hits += (v + mod >= 5) ? 1 : 0;  // PW-FIRE-05
  }
  if (!st.options.mg_hits_per_die) hits = std::min(hits, 1);
  fired->set_unit_id(u.id);
  *fired->mutable_target() = f.target();
  fired->set_modifier(mod);
  fired->set_hits(hits);
  emit_pw(ctx, e);
  if (hits > 0) {
    pb::PwEvent h;
    add_square_hits(st, t, hits, 1 - side, "fire", h.mutable_hits_pending());
    emit_pw(ctx, h);
  }
}

// ---- artillery ----

Check check_artillery_target(const PwState& st, const Unit& gun, Sq t, Say say) {
  if (!st.on_board(t)) return said(say, "PW_ART_OFF_BOARD", "PW-ART-02", [&] { return sq_text(t) + " is not on the table."; });
  if (t == gun.sq || !grid::in_arc(gun.sq, gun.facing, t)) {
    return said(say, "PW_ART_ARC", "PW-ART-03", [&] {
      return sq_text(t) + " is outside the 90-degree forward arc of " + label(gun) + " (facing " + grid::facing_name(gun.facing) + ").";
    });
  }
  const int range = fire_range(st, gun);
  const int dist = grid::distance(gun.sq, t);
  if (dist > range) {
    return said(say, "PW_ART_RANGE", st.cell(gun.sq).woods ? "PW-TER-04" : "PW-ART-02", [&] {
      return std::string(row_of(gun).words) + " " + label(gun) + " reaches " + std::to_string(range) + " squares; " + sq_text(t) + " is " +
             std::to_string(dist) + " away.";
    });
  }
  if (!edge_ok(st, gun, t)) {
    return said(say, "PW_ART_NOT_EDGE", "PW-ART-05", [&] {
      return label(gun) + " cannot fire out of the " + terrain_word(st.cell(gun.sq)) + " from " + sq_text(gun.sq) +
             ": artillery fires out only from an edge square.";
    });
  }
  return std::nullopt;
}

Check check_plan(const PwState& st, int side, const pb::PwArtilleryPlan& p) {
  const SideState& s = st.side_state[static_cast<std::size_t>(side)];
  if (st.phase != Phase::kArtilleryPlanning) {
    return r("PW_ART_NOT_NOW", "PW-SEQ-01", "Artillery orders are given only in the Artillery Fire phase at the start of a turn.");
  }
  if (s.plan_given) return r("PW_ART_ALREADY_PLANNED", "PW-ART-01", side_name(st, s.id) + " has already given its artillery orders this turn.");
  if (!s.plan_due) return r("PW_ART_NO_BATTERIES", "PW-ART-01", side_name(st, s.id) + " has no artillery able to fire this turn.");
  std::vector<std::string> seen;
  for (const auto& t : p.targets()) {
    const Unit* gun = st.alive_unit(t.unit_id());
    if (!gun) return r("PW_NO_SUCH_UNIT", "PW-UNIT-02", "There is no unit '" + t.unit_id() + "' on the table.");
    if (gun->side != side) return r("PW_NOT_YOUR_UNIT", "PW-ART-01", label(*gun) + " belongs to " + side_name(st, side_id(st, gun->side)) + ".");
    if (gun->type != UnitType::kArtillery) {
      return r("PW_ART_NOT_ARTILLERY", "PW-ART-01", label(*gun) + " is not artillery; other units fire when activated.");
    }
    if (std::find(seen.begin(), seen.end(), gun->id) != seen.end()) {
      return r("PW_ART_TWICE", "PW-ART-01", label(*gun) + " is ordered twice; each artillery unit fires at most once per turn.");
    }
    seen.push_back(gun->id);
    if (!gun->carried_by.empty()) return r("PW_ART_LIMBERED", "PW-TRN-01", label(*gun) + " is limbered and cannot fire.");
    if (in_river(st, *gun)) return r("PW_FIRE_IN_RIVER", "PW-TER-05", label(*gun) + " is in the river and may not fire.");
    if (auto bad = check_artillery_target(st, *gun, to_sq(t.target()))) return bad;
  }
  return std::nullopt;
}

// The orders are recorded twice: a public event saying orders were given, and a copy with
// the targets that only the side itself (and the GM) may see until the guns fire.
void do_plan(Context& ctx, PwState& st, int side, const pb::PwArtilleryPlan& p) {
  if (auto bad = check_plan(st, side, p)) refuse(*bad);
  pb::PwEvent pub;
  pub.mutable_artillery_planned()->set_side(side_id(st, side));
  pub.mutable_artillery_planned()->set_batteries(p.targets_size());
  pb::PwEvent hidden = pub;
  *hidden.mutable_artillery_planned()->mutable_targets() = p.targets();
  emit_pw(ctx, pub);
  emit_pw(ctx, hidden, {side_id(st, side)});
}

void fire_all_artillery(Context& ctx, PwState& st) {
  std::vector<Sq> landed;
  for (std::size_t s = 0; s < st.side_state.size(); ++s) {
    const std::vector<ArtilleryOrder> plan = st.side_state[s].plan;
    for (const ArtilleryOrder& o : plan) {
      const Unit* gun = st.alive_unit(o.unit_id);
      if (!gun) continue;
      const int roll = ctx.roll(pb::DIE_KIND_D6, "fall of shot " + label(*gun));
      pb::PwEvent e;
      auto* f = e.mutable_artillery_fired();
      int mod = 0;
      const bool cover = square_in_cover(st, o.target);
      const bool direct = !cover && direct_los(st, gun->sq, o.target, true);  // PW-ART-04/06
      if (cover) { mod -= 1; f->add_notes("-1 target in cover or fortifications"); }
      if (direct) { mod += 2; f->add_notes("+2 direct line of sight"); }
      if (gun->target_last_turn && *gun->target_last_turn == o.target) { mod += 1; f->add_notes("+1 same target as last turn"); }
      if (commander_near(st, *gun, true)) { mod += 1; f->add_notes("+1 commander with or next to the battery"); }
      const int score = roll + mod;
      const Fall fall = fall_of_shot(score);
      const Sq d = grid::direction_toward(gun->sq, o.target, gun->facing);
      Sq where = o.target;
      if (fall == Fall::kInFront) where = {o.target.col - d.col, o.target.row - d.row};
      if (fall == Fall::kBehind) where = {o.target.col + d.col, o.target.row + d.row};
      f->set_unit_id(gun->id);
      *f->mutable_target() = to_pb(o.target);
      f->set_roll(roll);
      f->set_modifier(mod);
      f->set_score(score);
      f->set_direct(direct);
      f->set_fall(fall == Fall::kOnTarget ? pb::PW_FALL_ON_TARGET
                                          : fall == Fall::kInFront ? pb::PW_FALL_IN_FRONT
                                                                   : fall == Fall::kBehind ? pb::PW_FALL_BEHIND : pb::PW_FALL_INEFFECTIVE);
      if (!ctx.pending_dice().empty()) {
        tell_fall_die(ctx.pending_dice().back(), mod,
                      fall == Fall::kOnTarget ? "on target" : fall == Fall::kInFront ? "short" : fall == Fall::kBehind ? "over" : "ineffective");
      }
      if (fall != Fall::kIneffective && st.on_board(where)) {
        *f->mutable_landed() = to_pb(where);
        landed.push_back(where);
      } else if (fall != Fall::kIneffective) {
        f->add_notes("the shot falls off the table");
      }
      emit_pw(ctx, e);
    }
  }
  // PW-ART-01/08: effects only after every battery has fired; every unit where a shot lands.
  pb::PwEvent h;
  h.mutable_hits_pending()->set_artillery_volley(true);
  for (Sq s : landed) add_square_hits(st, s, 1, -1, "artillery", h.mutable_hits_pending());
  emit_pw(ctx, h);
}

}  // namespace sandtable::pw
