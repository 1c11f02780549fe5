// Close combat (PW-CC-01..05), hit resolution and retreat (PW-HIT-01..03), and the answers to
// the rule set's decisions.
#include <algorithm>

#include "engine/model/game_words.h"
#include "engine/rulesets/pw/pw_dice_words.h"
#include "engine/rulesets/pw/pw_internal.h"

namespace sandtable::pw {

namespace {


// PW-CC-04 modifiers of the rolling unit; uphill applies to the attacker only.
int cc_modifier(const PwState& st, const Unit& u, const Unit& enemy, bool attacker, pb::PwCloseCombatFought* ev) {
  int mod = 0;
  const std::string who = attacker ? "attacker " : "defender ";
  auto note = [&](int m, const std::string& text) {
    mod += m;
    ev->add_notes(who + (m > 0 ? "+" : "") + std::to_string(m) + " " + text);
  };
  // The close-combat text names only an orthogonally adjacent Commander (fire adds "the same
  // square"); counting one in the unit's own square is the pw.cc_commander_same_square option.
  if (commander_near(st, u, false)) note(1, "commander next to it");
  else if (st.options.cc_commander_same_square && commander_near(st, u, true)) note(1, "commander in its square");
  const Cell& c = st.cell(u.sq);
  if (c.woods) note(1, "in a wood");  // PW-TER-04 (a wood counts once, PW-DX-04)
  else if (in_cover(st, u)) note(1, "in cover or fortifications");
  if (attacker && c.level < st.cell(enemy.sq).level) note(-1, "attacking uphill");  // PW-TER-02
  if (in_river(st, u)) note(-1, "in a river");
  if (crossing_trench(st, u)) note(-1, "crossing a trench");
  return mod;
}

// PW-CC-03: hit unless the clamped score reaches the unit's "not hit" threshold.
bool cc_hit(const Unit& u, int roll, int mod, bool flank) {
  const int score = roll + mod;
  if (score < 1) return true;
  const TypeRow& row = row_of(u);
  return std::min(score, 6) < (flank ? row.cc_flank : row.cc_front);
}

std::vector<Sq> retreat_squares(const PwState& st, const Unit& u) {
  std::vector<Sq> out;
  for (int f = 0; f < 4; ++f) {
    const Sq s = grid::step(u.sq, static_cast<Facing>(f));
    if (!st.on_board(s) || !passable(st.cell(s)) || st.any_unit_at(s)) continue;
    if (!adjacent_enemies(st, u.side, s).empty()) continue;  // PW-HIT-03
    out.push_back(s);
  }
  return out;
}

void lose_sp(Context& ctx, const Unit& u, const std::string& reason) {
  pb::PwEvent e;
  auto* l = e.mutable_strength_lost();
  l->set_unit_id(u.id);
  l->set_sp(u.sp - 1);
  l->set_destroyed(u.sp - 1 <= 0);
  l->set_reason(reason);
  emit_pw(ctx, e);
}

}  // namespace

// PW-CC-01 says "an activated unit": every type may start a close combat, Commanders, artillery
// and transport included; what limits it is contact, facing (GAP-PW-CC-01) and once a turn.
Check check_close_combat(const PwState& st, int side, const pb::PwCloseCombat& c, Say say) {
  const Unit* up = nullptr;
  if (auto bad = check_unit_order(st, side, c.unit_id(), &up)) return bad;
  return check_close_combat_of(st, side, *up, c.target_id(), say);
}

Check check_close_combat_of(const PwState& st, int side, const Unit& u, const std::string& target_id, Say say) {
  if (!u.carried_by.empty()) return said(say, "PW_CC_CARRIED", "PW-TRN-03", [&] { return label(u) + " is with its transport and cannot fight."; });
  if (u.busy) {
    return said(say, "PW_UNIT_BUSY", "PW-TER-06", [&] { return label(u) + " has spent this turn on a whole-turn task and cannot fight."; });
  }
  if (u.cc_done) {
    return said(say, "PW_CC_TWICE", "PW-CC-01", [&] {
      return label(u) + " has already fought its close combat; only advancing after a win (PW-CC-05) allows another.";
    });
  }
  if (st.side_state[static_cast<std::size_t>(side)].exhausted) {
    return said(say, "PW_EXHAUSTED_CC", "PW-EXH-02",
                [&] { return side_name(st, side_id(st, side)) + " is exhausted and may not start close combats."; });
  }
  if (auto bad = check_activation_available(st, u)) return bad;
  const Unit* d = st.alive_unit(target_id);
  if (!d) return said(say, "PW_NO_SUCH_UNIT", "PW-UNIT-02", [&] { return "There is no unit '" + target_id + "' on the table."; });
  if (d->side == side) return said(say, "PW_CC_NOT_ENEMY", "PW-CC-01", [&] { return label(*d) + " is a friendly unit."; });
  if (!d->carried_by.empty()) {
    return said(say, "PW_CC_TARGET_CARRIED", "PW-TRN-02", [&] { return label(*d) + " is with its transport; attack the transport."; });
  }
  if (!grid::adjacent(u.sq, d->sq)) {
    return said(say, "PW_CC_NOT_ADJACENT", "PW-CC-01", [&] {
      return label(u) + " at " + sq_text(u.sq) + " is not orthogonally adjacent to " + label(*d) + " at " + sq_text(d->sq) + ".";
    });
  }
  if (grid::facing_toward(u.sq, d->sq) != u.facing) {
    return said(say, "PW_CC_NOT_FACING", "PW-CC-01", [&] {
      return label(u) + " faces " + grid::facing_name(u.facing) + ", not toward " + label(*d) + "; a unit attacks the enemy it faces.";
    });
  }
  return std::nullopt;
}

void do_close_combat(Context& ctx, PwState& st, int side, const pb::PwCloseCombat& c) {
  if (auto bad = check_close_combat(st, side, c)) refuse(*bad);
  const Unit& a = *st.alive_unit(c.unit_id());
  const Unit& d = *st.alive_unit(c.target_id());
  activate(ctx, st, a);
  const int ar = ctx.roll(pb::DIE_KIND_D6, "close combat " + label(a));
  const int dr = ctx.roll(pb::DIE_KIND_D6, "close combat " + label(d));
  pb::PwEvent e;
  auto* cc = e.mutable_close_combat();
  cc->set_attacker_id(a.id);
  cc->set_defender_id(d.id);
  const int am = cc_modifier(st, a, d, true, cc);
  const int dm = cc_modifier(st, d, a, false, cc);
  const bool dflank = grid::side_touched(d.sq, d.facing, a.sq) != grid::Side::kFront;  // PW-CC-02
  cc->set_attacker_roll(ar);
  cc->set_attacker_modifier(am);
  cc->set_attacker_flank(false);  // the attacker faces its enemy (PW-CC-01)
  cc->set_attacker_hit(cc_hit(a, ar, am, false));
  cc->set_defender_roll(dr);
  cc->set_defender_modifier(dm);
  cc->set_defender_flank(dflank);
  cc->set_defender_hit(cc_hit(d, dr, dm, dflank));
  if (dflank) cc->add_notes(grid::side_touched(d.sq, d.facing, a.sq) == grid::Side::kRear ? "rear attack" : "flank attack");
  if (auto& dice = ctx.pending_dice(); dice.size() >= 2) {
    tell_close_combat_die(dice[dice.size() - 2], am, row_of(a).cc_front, cc->attacker_hit());
    tell_close_combat_die(dice.back(), dm, dflank ? row_of(d).cc_flank : row_of(d).cc_front, cc->defender_hit());
  }
  const bool ahit = cc->attacker_hit(), dhit = cc->defender_hit();
  emit_pw(ctx, e);
  if (ahit || dhit) {
    pb::PwEvent h;
    if (dhit) add_hits_for_unit(st, d, 1, "close combat", h.mutable_hits_pending());
    if (ahit) add_hits_for_unit(st, a, 1, "close combat", h.mutable_hits_pending());
    emit_pw(ctx, h);
  }
}

void resolve_next_hit(Context& ctx, PwState& st) {
  const PendingHit h = st.hits.front();
  const Unit* u = st.alive_unit(h.unit_id);
  const int roll = ctx.roll(pb::DIE_KIND_D6, "hit " + (u ? label(*u) : h.unit_id));
  const bool lose = !u || roll <= hit_lose_max(u->quality);
  if (u && !ctx.pending_dice().empty()) tell_hit_die(ctx.pending_dice().back(), hit_lose_max(u->quality), lose);
  pb::PwEvent e;
  auto* hr = e.mutable_hit_rolled();
  hr->set_unit_id(h.unit_id);
  hr->set_roll(roll);
  hr->set_result(lose ? pb::PW_HIT_LOSE_SP : pb::PW_HIT_RETREAT_OR_LOSE);
  hr->set_cause(h.cause);
  emit_pw(ctx, e);
  if (!u) return;
  const std::string q = quality_name(u->quality);
  if (lose) {
    lose_sp(ctx, *u, "hit roll " + std::to_string(roll) + ": " + q + " units lose 1 SP on 1-" + std::to_string(hit_lose_max(u->quality)) + " (PW-HIT-01)");
    return;
  }
  if (!u->carried_by.empty()) {
    lose_sp(ctx, *u, "it is with its transport and cannot retreat on its own, so it loses 1 SP (PW-HIT-02)");
    return;
  }
  const std::vector<Sq> squares = retreat_squares(st, *u);
  if (squares.empty()) {
    lose_sp(ctx, *u, "no empty square away from the enemy to retreat into, so it loses 1 SP (PW-HIT-03)");
    return;
  }
  pb::Decision d;
  d.set_seat(side_id(st, u->side));
  d.set_rule_id("PW-HIT-02");
  d.set_kind("PW_RETREAT_OR_LOSE");
  d.set_unit_id(u->id);
  d.set_prompt(label(*u) + " at " + sq_text(u->sq) + " survives a hit (rolled " + std::to_string(roll) +
               "): retreat 1 square or lose 1 strength point?");
  pb::Choice* c = d.add_choices();
  c->set_id("lose");
  c->set_label("Stand and lose 1 SP");
  for (Sq s : squares) {
    pb::Choice* rc = d.add_choices();
    rc->set_id("retreat:" + std::to_string(s.col) + "," + std::to_string(s.row));
    rc->set_label("Retreat to " + sq_text(s));
    *rc->mutable_square() = to_pb(s);
  }
  ctx.ask(std::move(d));
}

// PW-CC-05: the winner may advance into the vacated square.
void resolve_follow_up(Context& ctx, PwState& st) {
  const FollowUp fu = *st.follow_up;
  const Unit* a = st.alive_unit(fu.attacker);
  std::string why;
  if (!a) why = "the attacker is gone";
  else if (!grid::adjacent(a->sq, fu.square)) why = "the attacker is no longer next to the square";
  else if (st.any_unit_at(fu.square)) why = "the defender's square is still held";
  else if (!passable(st.cell(fu.square))) why = "the square cannot be entered";
  if (!why.empty()) {
    pb::PwEvent e;
    e.mutable_follow_up_ended()->set_unit_id(fu.attacker);
    e.mutable_follow_up_ended()->set_reason("no advance: " + why);
    emit_pw(ctx, e);
    return;
  }
  pb::Decision d;
  d.set_seat(side_id(st, a->side));
  d.set_rule_id("PW-CC-05");
  d.set_kind("PW_ADVANCE");
  d.set_unit_id(a->id);
  d.set_prompt(label(*a) + " won the close combat: advance into " + sq_text(fu.square) + " or stay?");
  pb::Choice* adv = d.add_choices();
  adv->set_id("advance");
  adv->set_label("Advance into " + sq_text(fu.square));
  *adv->mutable_square() = to_pb(fu.square);
  d.add_choices()->set_id("stay");
  d.mutable_choices(1)->set_label("Stay in " + sq_text(a->sq));
  ctx.ask(std::move(d));
}

void answer_decision(Context& ctx, PwState& st, const pb::Decision& d, const std::string& choice) {
  const Unit* u = st.alive_unit(d.unit_id());
  if (!u) return;
  if (d.kind() == "PW_RETREAT_OR_LOSE") {
    if (choice == "lose") {
      lose_sp(ctx, *u, "chose to stand and lose 1 SP (PW-HIT-02)");
      return;
    }
    Sq to{};
    for (const auto& c : d.choices()) {
      if (c.id() == choice) to = to_sq(c.square());
    }
    pb::PwEvent e;
    e.mutable_unit_retreated()->set_unit_id(u->id);
    *e.mutable_unit_retreated()->mutable_to() = to_pb(to);
    emit_pw(ctx, e);
  } else if (d.kind() == "PW_FACE_CHOICE") {
    for (const auto& c : d.choices()) {
      if (c.id() != choice) continue;
      pb::PwEvent e;
      e.mutable_unit_faced()->set_unit_id(u->id);
      e.mutable_unit_faced()->set_facing(c.facing());
      e.mutable_unit_faced()->set_reason("chose which adjacent enemy to face (PW-MOVE-08)");
      emit_pw(ctx, e);
    }
  } else if (d.kind() == "PW_ADVANCE") {
    if (choice == "stay") {
      pb::PwEvent e;
      e.mutable_follow_up_ended()->set_unit_id(u->id);
      e.mutable_follow_up_ended()->set_reason("chose to stay");
      emit_pw(ctx, e);
      return;
    }
    const Sq to = to_sq(d.choices(0).square());
    pb::PwEvent e;
    e.mutable_unit_advanced()->set_unit_id(u->id);
    *e.mutable_unit_advanced()->mutable_to() = to_pb(to);
    emit_pw(ctx, e);
    // Entering a square next to the enemy: turn to face it (PW-MOVE-08).
    std::vector<Facing> facings;
    for (const Unit* en : adjacent_enemies(st, u->side, u->sq)) {
      const Facing f = grid::facing_toward(u->sq, en->sq);
      if (std::find(facings.begin(), facings.end(), f) == facings.end()) facings.push_back(f);
    }
    face_contact(ctx, st, *u, facings);
  }
}

}  // namespace sandtable::pw
