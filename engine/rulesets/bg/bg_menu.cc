// Battleground's action menu: the turn-level entries and the order each pick stands for
// (bg_menu.h lists the ids). Unit entries are in bg_menu_units.cc.
//
// Left off the menu (the client cannot give them; docs/rulesets/battleground.md):
// - melee orders (BgMeleeOrder) and prisoner guards (BgPrisoners): this build always refuses
//   them (pairing and guards are automatic, GAP-BG-MEL-06), so offering them would be a lie;
// - smoke lines and mine strips drawn freely: the menu has no shape for a drawn line, so the
//   engine places them (bg_menu_orders.cc: smoke:, clear-mines:) and offers the placements;
// - combining while moving toward the other unit: combine: offers only units already touching
//   (a stay with combine_with); a path with combine_with is not on the menu;
// - disputes (BgDispute): the question is free text, which PlayAction cannot carry;
// - cavalry dismount/remount/release (BgCavalry): not in the demo scenarios;
// - BgProceed: the game only waits for it as a card (draw-card) or a melee round (fight:).
#include "engine/rulesets/bg/bg_menu.h"

#include "engine/core/cards.h"
#include "engine/model/rejection.h"
#include "engine/model/payload.h"
#include "engine/rulesets/bg/bg_rules_impl.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_special.h"

namespace sandtable::bg {

pb::ActionTarget unit_target(const Unit& u) {
  pb::ActionTarget t;
  t.set_id(u.id);
  t.set_label(label(u));
  t.set_unit_id(u.id);
  *t.mutable_point() = to_point(u.infantry_like() ? com(u) : u.position);
  return t;
}

bool visible_enemy(const Unit& u, int side) {
  return u.side != side && u.on_table && !u.destroyed && !u.hidden && u.carried_by.empty();
}

namespace {

pb::Action& add(pb::ActionMenu& menu, const std::string& id, const std::string& kind, const std::string& label,
                const std::string& rule) {
  pb::Action& a = *menu.add_actions();
  a.set_id(id);
  a.set_kind(kind);
  a.set_label(label);
  a.set_rule_id(rule);
  return a;
}

// Table dice (BG-CARD-11/12): the card turned at the table, one target per card the deck may
// give now. Listed in deck order (suit, rank), never in draw order.
void draw_card_action(const BgState& st, pb::ActionMenu& menu) {
  pb::Action& a = add(menu, "draw-card", "other", "Turn the next card", "BG-CARD-03");
  for (const auto& card : standard_deck_54()) {
    CardDeck deck = st.deck;
    if (deck.draw_entered(card)) continue;
    auto* t = a.add_targets();
    t->set_id(card_name(card));
    t->set_label(card_name(card));
  }
  if (a.targets().empty()) menu.mutable_actions()->RemoveLast();
}

// BG-CARD-03/09: the side is done with the open card; asked first while a unit could still act.
void end_action(const BgState& st, int side, pb::ActionMenu& menu) {
  int could = 0;
  for (const auto& u : st.units) {
    const Unit* ok = nullptr;
    if (!check_unit_may_act(st, side, u.id, st.action.action, &ok)) ++could;
  }
  const bool ace = st.action.one_unit;
  pb::Action& a = add(menu, "end-action", "end", ace ? "Decline the ace" : "End this action", ace ? "BG-CARD-09" : "BG-CARD-03");
  if (could > 0) {
    a.set_confirm(ace ? "No unit will act on this ace. Decline it?"
                      : std::to_string(could) + (could == 1 ? " unit" : " units") + " could still act on this card. End anyway?");
  }
}

// BG-ART-01: aim a mission that waits for this side, every blast on one visible enemy (or the
// middle of the table when none is in sight), like the bot (bg_actions.cc).
void call_fire_action(const BgState& st, int side, pb::ActionMenu& menu) {
  for (const auto& m : st.missions) {
    if (!m.awaiting_aim || m.done || m.side != side) continue;
    pb::Action& a = add(menu, "call-fire:" + m.id, "other", "Aim the fire mission (" + m.system + ")", "BG-ART-01");
    for (const auto& u : st.units) {
      if (visible_enemy(u, side)) *a.add_targets() = unit_target(u);
    }
    auto* centre = a.add_targets();
    centre->set_id("centre");
    centre->set_label("the middle of the table");
    *centre->mutable_point() = to_point(Vec2{st.width / 2, st.height / 2});
    return;  // one mission at a time (BG-ART-08)
  }
}

// BG-ART-01: write an unwritten scheduled strike, aimed at a visible enemy (plan_candidates).
void plan_strike_actions(const BgState& st, int side, pb::ActionMenu& menu) {
  for (const auto& m : st.missions) {
    if (!m.scheduled || m.side != side || m.done || m.awaiting_aim || !m.aims.empty() || m.blasts == 0) continue;
    const int turn = m.turn == 0 ? st.turn + 1 : m.turn;
    if (turn <= st.turn) continue;  // due now: it waits for call-fire instead
    pb::Action& a = add(menu, "plan-strike:" + m.id, "other",
                        "Write strike " + m.id + " (lands on turn " + std::to_string(turn) + ")", "BG-ART-01");
    for (const auto& u : st.units) {
      if (visible_enemy(u, side)) *a.add_targets() = unit_target(u);
    }
    if (a.targets().empty()) menu.mutable_actions()->RemoveLast();
  }
}

// The point of a picked target: a unit's, or the middle of the table.
pb::Point aim_of(const BgState& st, const std::string& target) {
  if (const Unit* u = st.active_unit(target)) return to_point(u->infantry_like() ? com(*u) : u->position);
  return to_point(Vec2{st.width / 2, st.height / 2});
}

const FireMission* mission_named(const BgState& st, const std::string& id) {
  for (const auto& m : st.missions) {
    if (m.id == id) return &m;
  }
  return nullptr;
}

}  // namespace

void Battleground::actions(const GameState& state, const std::string& seat, pb::ActionMenu& menu) const {
  const auto& st = static_cast<const BgState&>(state);
  const int side = st.side_index(seat);
  if (side < 0 || st.over) return;
  plan_strike_actions(st, side, menu);
  // BG-ART-08: while a mission waits for aim points nothing else is ordered.
  if (const int owing = side_owing_aim(st); owing >= 0) {
    if (owing == side) call_fire_action(st, side, menu);
    return;
  }
  if (needs_card(st)) draw_card_action(st, menu);
  if (st.table_dice && st.phase == Phase::kMelee) {
    for (const auto& m : st.melees) {
      if (!m.over) add(menu, "fight:" + m.id, "other", "Fight the next round of melee " + m.id, "BG-SEQ-02");
    }
  }
  if (st.phase == Phase::kCards && st.action.side == side) {
    unit_actions(st, side, menu);
    end_action(st, side, menu);
  }
}

// BG-MEL-14: while the defender's flee waits (decision BG_FLEE), its way is drawn on the table:
// a free-table move of exactly the roll, facing free (a turn costs, BG-MOVE-08), sent as BgFlee.
void Battleground::decision_actions(const GameState& state, const pb::Decision& decision, pb::ActionMenu& menu) const {
  const auto& st = static_cast<const BgState&>(state);
  if (decision.kind() != kFleeKind || !st.charge || st.charge->flee_roll <= 0) return;
  const Unit* u = st.active_unit(st.charge->target);
  if (!u) return;
  pb::Action& a = add(menu, "flee:" + u->id, "move", "Draw the flee of " + label(*u) + " (" + inches(st.charge->flee_roll) + ")",
                      "BG-MEL-14");
  a.set_unit_id(u->id);
  a.mutable_move()->set_max_inches(st.charge->flee_roll);
  a.mutable_move()->add_modes("flee");
  a.mutable_move()->set_facing_free(true);
}

std::string Battleground::order_answers(const GameState&, const pb::Decision& decision, const pb::Command& command) const {
  if (decision.kind() != kFleeKind || !carries<pb::BgCommand>(command)) return {};
  return payload_of<pb::BgCommand>(command).has_flee() ? "drawn" : "";
}

pb::Command Battleground::order_for(const GameState& state, const std::string& seat, const pb::Action& action,
                                    const pb::PlayAction& play) const {
  const auto& st = static_cast<const BgState&>(state);
  const std::string& id = action.id();
  const auto colon = id.find(':');
  const std::string verb = id.substr(0, colon);
  const std::string subject = colon == std::string::npos ? "" : id.substr(colon + 1);
  pb::BgCommand bg;
  if (verb == "draw-card") {
    for (const auto& card : standard_deck_54()) {
      if (card_name(card) == play.target()) *bg.mutable_draw_card()->mutable_card() = card;
    }
  } else if (verb == "end-action") {
    bg.mutable_end_action();
  } else if (verb == "call-fire") {
    const FireMission* m = mission_named(st, subject);
    auto* f = bg.mutable_call_fire();
    f->set_mission_id(subject);
    for (int b = 0; m && b < m->blasts; ++b) *f->add_aim_points() = aim_of(st, play.target());
  } else if (verb == "plan-strike") {
    const FireMission* m = mission_named(st, subject);
    auto* p = bg.mutable_plan_strike();
    p->set_strike_id(subject);
    if (m && m->turn == 0) p->set_turn(st.turn + 1);
    for (int b = 0; m && b < m->blasts; ++b) *p->add_aim_points() = aim_of(st, play.target());
  } else if (verb == "fight") {
    bg.mutable_melee_fight()->set_melee_id(subject);
  } else if (verb == "flee") {  // BG-MEL-14: the way the defender drew
    auto* f = bg.mutable_flee();
    f->set_unit_id(subject);
    for (const auto& p : play.path()) *f->add_path() = p;
    f->set_facing_deg(play.facing_deg());
  } else {
    bg = unit_order(st, verb, subject, action, play);
  }
  if (bg.body_case() == pb::BgCommand::BODY_NOT_SET) {
    reject("NOT_ON_MENU", "GEN", "'" + action.label() + "' cannot be ordered from the menu.");
  }
  return order_of(seat, bg);
}

}  // namespace sandtable::bg
