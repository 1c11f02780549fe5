// Battleground's action menu: the turn-level entries and the order each pick stands for
// (bg_menu.h lists the ids). Unit entries are in bg_menu_units.cc.
//
// Melee pairs (BgMeleeOrder, BG-MEL-06/10): when a melee round waits for this side's choice,
// a "plan" of one entry per pair (targets: the side's figures that may fight, with their
// modifiers), sent together as one order; "Fight in the listed order" keeps the default.
//
// Prisoner guards (BgPrisoners, BG-PRIS-01): when new prisoners wait for this side's choice of
// guards, a "plan" of one entry per guard (targets: the figures that may guard: the guards now
// and the captor unit's others), sent together as one order; "keep the guards as chosen" keeps
// the default (rifles from the back). Nothing else is on the menu meanwhile.
//
// Left off the menu (the client cannot give them; docs/rulesets/battleground.md):
// - smoke lines and mine strips drawn freely: the menu has no shape for a drawn line, so the
//   engine places them (bg_menu_orders.cc: smoke:, clear-mines:) and offers the placements;
// - combining while moving toward the other unit: combine: offers only units already touching
//   (a stay with combine_with); a path with combine_with is not on the menu;
// - disputes (BgDispute): the question is free text, which PlayAction cannot carry;
// - cavalry dismount/remount/release (BgCavalry): not in the demo scenarios;
// - BgProceed: the game only waits for it as a card (draw-card) or a melee round (fight:).
#include "engine/rulesets/bg/bg_menu.h"

#include <algorithm>
#include <string>

#include "engine/core/cards.h"
#include "engine/model/rejection.h"
#include "engine/model/payload.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_rules_impl.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/model/game_words.h"

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

// The pairs not picked (empty slots): the side's listed figures not named, in order.
void fill_pairs(const std::vector<MeleeFighter>& own, std::vector<std::string> slots, pb::BgMeleeOrder& o) {
  std::size_t next = 0;
  for (auto& slot : slots) {
    while (slot.empty() && next < own.size()) {
      const std::string& id = own[next++].fig->id;
      if (std::find(slots.begin(), slots.end(), id) == slots.end()) slot = id;
    }
  }
  for (const auto& id : slots) {
    if (!id.empty()) o.add_figure_ids(id);
  }
}

// BG-MEL-06/10: the pairs of the next round of the melee waiting for this side: one "plan"
// entry per pair (targets: the side's figures that may fight, their modifiers against the
// opponent now listed for that pair) and the entry that keeps the listed order.
void melee_order_actions(const BgState& st, int side, const Melee& m, int role, pb::ActionMenu& menu) {
  const MeleePairing p = melee_pairing(st, m);
  const auto& own = role == 0 ? p.att : p.def;
  const auto& foe = role == 0 ? p.def : p.att;
  // Named as players name a melee: its units ("Assault Squad against Farm Section"), not its id.
  auto names = [&](const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) {
      const Unit* u = st.find(id);
      out.append(out.empty() ? "" : " and ").append(u ? label(*u) : id);
    }
    return out;
  };
  std::string title = "Melee round ";
  title.append(std::to_string(m.round + 1)).append(", ").append(names(m.attackers)).append(" against ").append(names(m.defenders));
  for (std::size_t i = 0; i < p.pairs; ++i) {
    std::string text = "Pair ";
    text.append(std::to_string(i + 1)).append(" against ").append(melee_figure_label(foe[i]));
    pb::Action& a = add(menu, "melee-pair:" + m.id + ":" + std::to_string(i + 1), "plan", text, "BG-MEL-10");
    for (const auto& f : own) {
      // Only figures the order accepts in this pair on their own (BG-MEL-10: not a figure of a
      // later unit that would make one of an earlier unit wait).
      std::vector<std::string> slots(p.pairs);
      slots[i] = f.fig->id;
      pb::BgMeleeOrder alone;
      alone.set_melee_id(m.id);
      fill_pairs(own, slots, alone);
      if (check_melee_order(st, side, alone)) continue;
      auto* t = a.add_targets();
      t->set_id(f.fig->id);
      t->set_label(melee_figure_label(f));
      t->set_unit_id(f.unit->id);
      *t->mutable_point() = to_point(f.fig->pos);
      std::vector<std::string> words;
      melee_modifier(st, m, f, foe[i], role == 0, &words);
      std::string detail;
      for (const auto& x : words) detail += (detail.empty() ? "" : ", ") + x;
      if (f.special) detail += std::string(detail.empty() ? "" : ", ") + "may be held back";
      t->set_detail(detail.empty() ? "no modifier" : detail);
    }
  }
  title.append(": fight in the listed order (first unit first, specials last)");
  if (role == 0) title.append("; the defenders then choose who faces each");
  add(menu, "melee-listed:" + m.id, "plan", title, "BG-MEL-10");
}

// The BgMeleeOrder of a pairs plan: each pick's figure in its pair, the pairs not picked filled
// with the listed figures not named (check_melee_order refuses what the rules do not allow).
pb::BgMeleeOrder melee_order_of(const BgState& st, int side, const pb::Action& action, const pb::PlayAction& play) {
  const auto last = action.id().rfind(':');
  const std::string melee = action.id().substr(action.id().find(':') + 1, last - action.id().find(':') - 1);
  pb::BgMeleeOrder o;
  o.set_melee_id(action.id().starts_with("melee-listed:") ? action.id().substr(13) : melee);
  if (action.id().starts_with("melee-listed:")) {
    if (!play.also().empty()) reject("NOT_COMBINABLE", "BG-MEL-10", "The listed order is sent on its own, without pairs.");
    return o;
  }
  int role = 0;
  const Melee* m = melee_order_due(st, side, &role);
  if (!m || m->id != melee) reject("BG_NO_MELEE_ORDER_DUE", "BG-MEL-10", "Melee " + melee + " is not waiting for your side to choose its pairs.");
  const MeleePairing p = melee_pairing(st, *m);
  std::vector<std::string> slots(p.pairs);
  std::vector<const pb::PlayAction*> picks{&play};
  for (const auto& part : play.also()) picks.push_back(&part);
  const std::string prefix = "melee-pair:" + melee + ":";
  for (const pb::PlayAction* x : picks) {
    if (!x->action().starts_with(prefix)) {
      reject("NOT_COMBINABLE", "BG-MEL-10", "The pairs of melee " + melee + " are chosen together; '" + x->action() + "' is not one of them.");
    }
    const std::size_t n = static_cast<std::size_t>(std::stoi(x->action().substr(prefix.size())));
    if (n < 1 || n > slots.size()) reject("NOT_ON_MENU", "BG-MEL-10", "Melee " + melee + " has no pair " + std::to_string(n) + ".");
    if (!slots[n - 1].empty()) reject("BG_MELEE_PAIR_TWICE", "BG-MEL-10", "Pair " + std::to_string(n) + " is filled twice.");
    if (x->target().empty()) reject("NOT_A_TARGET", "BG-MEL-10", "Pick a figure for pair " + std::to_string(n) + ".");
    slots[n - 1] = x->target();
  }
  fill_pairs(role == 0 ? p.att : p.def, slots, o);
  return o;
}

// BG-PRIS-01: the guards of new prisoners waiting for this side's choice: one "plan" entry per
// guard (targets: the figures that may guard, the default guards first) and the entry that
// keeps the default guards.
void guard_actions(const BgState& st, const Unit& g, pb::ActionMenu& menu) {
  const auto candidates = guard_candidates(st, g);
  int slot = 0;
  for (const auto& f : g.figures) {
    if (f.prisoner || !f.alive) continue;
    ++slot;
    pb::Action& a = add(menu, "guard:" + g.id + ":" + std::to_string(slot), "plan",
                        label(g) + ": guard " + std::to_string(slot), "BG-PRIS-01");
    for (const Figure* c : candidates) {
      auto* t = a.add_targets();
      t->set_id(c->id);
      std::string kind = figure_kind_name(c->kind);
      std::replace(kind.begin(), kind.end(), '_', ' ');
      if (!kind.empty()) kind[0] = static_cast<char>(kind[0] - 'a' + 'A');
      const Unit* from = st.find(c->from_unit.empty() ? g.guards_from : c->from_unit);
      t->set_label(kind + " " + c->id + (from ? " — " + label(*from) : std::string()));
      t->set_unit_id(c->from_unit.empty() ? g.guards_from : c->from_unit);
      *t->mutable_point() = to_point(c->pos);
      const Unit* captor = st.find(g.guards_from);
      t->set_detail(c->id == f.id ? "guards now" : "now with " + (captor ? label(*captor) : g.guards_from));
    }
  }
  add(menu, "guards-kept:" + g.id, "plan", label(g) + ": keep the guards as chosen (rifles from the back)", "BG-PRIS-01");
}

// The BgPrisoners of a guards plan: each pick's figure in its slot, the slots not picked kept
// by the guards now not named (check_guards refuses what the rules do not allow).
pb::BgPrisoners guards_of(const BgState& st, int side, const pb::Action& action, const pb::PlayAction& play) {
  pb::BgPrisoners o;
  if (action.id().starts_with("guards-kept:")) {
    if (!play.also().empty()) reject("NOT_COMBINABLE", "BG-PRIS-01", "Keeping the guards is sent on its own.");
    o.set_group_id(action.id().substr(12));
    return o;
  }
  const auto last = action.id().rfind(':');
  const std::string group = action.id().substr(6, last - 6);
  o.set_group_id(group);
  const Unit* g = guards_owed(st);
  if (!g || g->id != group || g->side != side) {
    reject("BG_GUARDS_NOT_DUE", "BG-PRIS-01", "The guards of " + group + " are not waiting for your side's choice.");
  }
  std::vector<std::string> now;
  for (const auto& f : g->figures) {
    if (!f.prisoner && f.alive) now.push_back(f.id);
  }
  std::vector<std::string> slots(now.size());
  std::vector<const pb::PlayAction*> picks{&play};
  for (const auto& part : play.also()) picks.push_back(&part);
  const std::string prefix = "guard:" + group + ":";
  for (const pb::PlayAction* x : picks) {
    if (!x->action().starts_with(prefix)) {
      reject("NOT_COMBINABLE", "BG-PRIS-01", "The guards of " + group + " are chosen together; '" + x->action() + "' is not one of them.");
    }
    const std::size_t n = static_cast<std::size_t>(std::stoi(x->action().substr(prefix.size())));
    if (n < 1 || n > slots.size()) reject("NOT_ON_MENU", "BG-PRIS-01", group + " has no guard " + std::to_string(n) + ".");
    if (!slots[n - 1].empty()) reject("BG_GUARD_SLOT_TWICE", "BG-PRIS-01", "Guard " + std::to_string(n) + " is chosen twice.");
    if (x->target().empty()) reject("NOT_A_TARGET", "BG-PRIS-01", "Pick a figure for guard " + std::to_string(n) + ".");
    slots[n - 1] = x->target();
  }
  std::size_t next = 0;
  for (auto& slot : slots) {
    while (slot.empty() && next < now.size()) {
      const std::string& id = now[next++];
      if (std::find(slots.begin(), slots.end(), id) == slots.end()) slot = id;
    }
  }
  for (const auto& id : slots) {
    if (!id.empty()) o.add_guard_figure_ids(id);
  }
  return o;
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
  // BG-PRIS-01: new prisoners wait for their captors' choice of guards; nothing else is ordered.
  if (const Unit* g = guards_owed(st)) {
    if (g->side == side) guard_actions(st, *g, menu);
    return;
  }
  if (needs_card(st)) draw_card_action(st, menu);
  if (int role = 0; const Melee* m = melee_order_due(st, side, &role)) melee_order_actions(st, side, *m, role, menu);  // BG-MEL-10
  if (st.table_dice && st.phase == Phase::kMelee) {
    for (const auto& m : st.melees) {
      if (!m.over && melee_order_owed(st, m) < 0) add(menu, "fight:" + m.id, "other", "Fight the next round of melee " + m.id, "BG-SEQ-02");
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
  } else if (verb == "guard" || verb == "guards-kept") {
    *bg.mutable_prisoners() = guards_of(st, st.side_index(seat), action, play);  // BG-PRIS-01
  } else if (verb == "melee-pair" || verb == "melee-listed") {
    *bg.mutable_melee_order() = melee_order_of(st, st.side_index(seat), action, play);  // BG-MEL-06/10
  } else {
    bg = unit_order(st, verb, subject, action, play);
  }
  if (bg.body_case() == pb::BgCommand::BODY_NOT_SET) {
    reject("NOT_ON_MENU", "GEN", "'" + action.label() + "' cannot be ordered from the menu.");
  }
  return order_of(seat, bg);
}

}  // namespace sandtable::bg
