// Profile (b)'s turn (BGM-GEN-02 as GAP-BGM-GEN-02 fills it): the rally and morale steps, the
// activation deck (one card per unit, drawn from the deck's own secret stream), the two actions
// of the unit whose card is up, and the morale roll every result leans on.
#include <algorithm>

#include "engine/rulesets/bg/bgs_skirmish.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

// Units that still get a card this turn, in state order (the draw picks among them).
std::vector<const Unit*> awaiting_card(const BgState& st) {
  std::vector<const Unit*> out;
  for (const auto& u : st.units) {
    if (!u.bgs || !u.on_table || u.destroyed || u.prisoner_group || u.bgs->activated_turn == st.turn) continue;
    if (fighters(u).empty()) continue;
    out.push_back(&u);
  }
  return out;
}

Unit* unit_of(BgState& st, const std::string& id) {
  Unit* u = st.find(id);
  return u && u->bgs ? u : nullptr;
}

void apply_wound(BgState& st, const pb::BgsWound& w) {
  Unit* u = unit_of(st, w.unit_id());
  if (!u) return;
  const std::string& r = w.result();
  if (r == "SUP") u->bgs->suppressed = true;
  for (auto& f : u->figures) {
    if (f.id != w.figure_id()) continue;
    if (r == "LtW") ++f.light_wounds;
    if (w.out() && f.alive) {
      f.alive = false;
      f.out_of_action = !w.killed();
      f.died_at = f.pos;
      f.died_turn = st.turn;
      u->bgs->casualties = true;
    }
  }
  if (u->living_fighters() == 0) u->destroyed = true;
}

}  // namespace

int quality_rating(Grade g) {
  switch (g) {
    case Grade::kD: return 9;
    case Grade::kC: return 11;
    case Grade::kB: return 13;
    case Grade::kA: return 15;
  }
  return 11;
}

int leadership_of(const Unit& u) {
  if (!u.bgs) return 0;
  for (const auto& f : u.figures) {
    if (f.alive && !f.prisoner && f.kind == FigureKind::kLeader) return u.bgs->leadership;
  }
  return 0;
}

std::vector<const Figure*> fighters(const Unit& u) {
  std::vector<const Figure*> out;
  for (const auto& f : u.figures) {
    if (f.alive && !f.prisoner && f.kind != FigureKind::kMule && f.kind != FigureKind::kHorseHolder) out.push_back(&f);
  }
  return out;
}

bool bgs_morale(Context& ctx, BgState& /*st*/, const Unit& u, const std::string& kind, const std::string& reason,
                const Figure* figure) {
  const int lead = kind == "full" ? 0 : leadership_of(u);
  const int needed = quality_rating(u.grade) + (kind == "half" ? 5 : 0);
  const int natural = ctx.roll(pb::DIE_KIND_D20, "morale " + (figure ? figure->id : u.id));
  // A light wound is +2 on the wounded man's own later rolls (GAP-BGM-GEN-02).
  const int wound = figure && figure->light_wounds > 0 ? 2 : 0;
  const bool passed = natural - lead + wound <= needed;
  pb::BgEvent e;
  auto* m = e.mutable_bgs_morale();
  m->set_unit_id(u.id);
  if (figure) m->set_figure_id(figure->id);
  m->set_kind(kind);
  m->set_reason(reason);
  m->set_natural(natural);
  m->set_leadership(lead);
  m->set_needed(needed - wound);
  m->set_passed(passed);
  m->set_broken(!passed && !figure && kind != "rally" && !u.bgs->broken);
  m->set_rallied(passed && kind == "rally");
  emit_bg(ctx, e);
  return passed;
}

void bgs_start_turn(Context& ctx, BgState& st) {
  bgs_bookkeeping(ctx, st, "", false);  // BGM-SFO-03: who is seen where they stand as the turn opens
  bgs_open_marking(ctx, st);
}

void bgs_rally_and_morale(Context& ctx, BgState& st) {
  // (2) Rally: a broken unit comes back on a passed roll (GAP-BGM-GEN-02).
  for (std::size_t i = 0; i < st.units.size(); ++i) {
    const Unit& u = st.units[i];
    if (u.bgs && u.on_table && !u.destroyed && u.bgs->broken) bgs_morale(ctx, st, Unit(u), "rally", "the rally step");
  }
  // (3) Morale: a unit that lost men since its last morale roll rolls (ours: the base game's
  // morale step is not in any seed; GAP-BGM-GEN-02's check).
  for (std::size_t i = 0; i < st.units.size(); ++i) {
    const Unit& u = st.units[i];
    if (u.bgs && u.on_table && !u.destroyed && !u.bgs->broken && u.bgs->casualties) {
      bgs_morale(ctx, st, Unit(u), "check", "it lost men since its last morale roll");
    }
  }
}

bool bgs_draw(Context& ctx, BgState& st) {
  const auto waiting = awaiting_card(st);
  if (waiting.empty()) return false;
  Pcg32 rng = st.deck_rng;  // apply repeats this very draw on the state's stream
  const Unit& u = *waiting[rng.below(static_cast<std::uint32_t>(waiting.size()))];
  pb::BgEvent e;
  auto* a = e.mutable_bgs_activated();
  a->set_unit_id(u.id);
  a->set_side(side_id(st, u.side));
  a->set_cards_left(static_cast<int>(waiting.size()) - 1);
  if (u.bgs->broken) a->set_passed("broken");
  else if (u.bgs->suppressed) a->set_passed("suppressed");
  else if (on_watch(u)) a->set_passed("special fire");  // BGM-GEN-02: its figures take no actions
  emit_bg(ctx, e);
  return true;
}

bool bgs_may_still_act(const BgState& st, const Unit& u) {
  return u.bgs && u.id == st.skirmish_active && st.action.side == u.side && !u.destroyed && u.bgs->actions < 2 &&
         !u.bgs->reaction && !u.bgs->broken && !fighters(u).empty();
}

Check check_not_pinning(const Unit& u) {
  if (!u.bgs || u.bgs->special != "pinning") return std::nullopt;
  return refusal("BGM_PINNING", "BGM-SFO-04", label(u) + " is on pinning fire: its card is one pinning shot (Fire), nothing else.");
}

Check check_bgs_may_act(const BgState& st, const Unit& u, BgAction action) {
  if (!u.bgs) return refusal("BG_NO_SUCH_UNIT", "BGM-GEN-02", label(u) + " is not in the skirmish.");
  if (u.id != st.skirmish_active) {
    const Unit* a = st.find(st.skirmish_active);
    return refusal("BGM_NOT_ITS_CARD", "BGM-GEN-02",
                   "It is " + (a ? label(*a) : std::string("another unit")) + "'s card; " + label(u) + " acts when its own card comes up.");
  }
  if (u.bgs->reaction) {
    return refusal("BGM_ON_REACTION", "BGM-RF-05", label(u) + " waits on reaction fire: it only fires, and only when an enemy sets it off.");
  }
  if (u.bgs->broken) return refusal("BGM_BROKEN", "GAP-BGM-GEN-02", label(u) + " is broken and does nothing until it rallies.");
  if (u.bgs->actions >= 2) return refusal("BGM_NO_ACTIONS", "BGM-GEN-02", label(u) + " has taken its two actions this turn.");
  if (action == BgAction::kMove) return check_not_pinning(u);
  return std::nullopt;
}

void apply_bgs_event(BgState& st, const pb::BgEvent& e) {
  if (!skirmish(st)) return;
  switch (e.body_case()) {
    case pb::BgEvent::kBgsActivated: {
      const auto& a = e.bgs_activated();
      st.deck_rng.below(static_cast<std::uint32_t>(a.cards_left() + 1));
      Unit* u = unit_of(st, a.unit_id());
      if (!u) break;
      u->bgs->activated_turn = st.turn;
      u->bgs->actions = 0;
      if (!a.passed().empty()) {
        if (a.passed() == "suppressed") u->bgs->suppressed = false;  // SUP: this activation is spent
        break;
      }
      st.skirmish_active = u->id;
      st.action.side = u->side;
      st.action.action = BgAction::kMove;
      st.action.one_unit = false;
      ++st.action.serial;
      break;
    }
    case pb::BgEvent::kUnitActed: {
      Unit* u = unit_of(st, e.unit_acted().unit_id());
      if (!u) break;
      ++u->bgs->actions;
      u->bgs->moved_before_last = u->bgs->moved_last;
      u->bgs->moved_last = e.unit_acted().action() == pb::BG_ACTION_MOVE;
      if (u->bgs->moved_last) {  // BGM-SFO-03: a new position
        u->bgs->fired_here = false;
        u->bgs->sighted_here = false;
        u->bgs->friend_fired_near = false;
      }
      break;
    }
    case pb::BgEvent::kBgsFire: {
      const auto& f = e.bgs_fire();
      if (Unit* s = unit_of(st, f.shooter_id())) {
        if (f.jammed()) s->bgs->jammed = true;
        s->bgs->fired_here = true;  // BGM-SFO-03
        if (!f.special().empty()) s->bgs->special.clear();  // special fire is spent by its shot
        if (f.special() == "pinning") s->bgs->actions = 2;   // the whole card (BGM-SFO-04, ours)
      }
      for (const auto& w : f.wounds()) apply_wound(st, w);
      if (Unit* t = unit_of(st, f.target_id()); t && f.special() == "pinning" && f.hits() > 0) t->bgs->suppressed = true;
      break;
    }
    case pb::BgEvent::kBgsBarrage: {
      const auto& b = e.bgs_barrage();
      for (const auto& w : b.wounds()) apply_wound(st, w);
      for (auto& m : st.missions) {
        if (m.id != b.strike_id()) continue;
        if (b.called()) m.done = true;
        else if (b.call_natural() == 0) m.turn = 0;  // never plotted: the side writes turn and aims anew
        else m.turn = st.turn + 1;                   // BGM-ART-02: no fire this turn; it calls again
      }
      break;
    }
    case pb::BgEvent::kBgsSpecialFire: {
      const auto& s = e.bgs_special_fire();
      for (const auto& id : s.sighted()) {
        if (Unit* u = unit_of(st, id)) u->bgs->sighted_here = true;
      }
      for (const auto& id : s.friend_fired_near()) {
        if (Unit* u = unit_of(st, id)) u->bgs->friend_fired_near = true;
      }
      if (Unit* u = unit_of(st, s.unit_id())) u->bgs->special = s.order();
      if (s.side().empty() || !s.unit_id().empty()) break;
      const int side = st.side_index(s.side());
      if (!s.done()) st.special_step = side + 1;  // this side marks now
      else st.special_step = side + 1 < static_cast<int>(st.sides.size()) ? side + 2 : 0;
      break;
    }
    case pb::BgEvent::kBgsAssault: {
      const auto& a = e.bgs_assault();
      for (const auto& w : a.wounds()) apply_wound(st, w);
      if (Unit* t = unit_of(st, a.target_id()); t && a.silenced()) t->bgs->broken = true;  // BGM-ASLT-06
      if (Unit* at = unit_of(st, a.attacker_id())) at->bgs->fired_here = true;  // BGM-SFO-03: it gave itself away
      if (Unit* at = unit_of(st, a.attacker_id()); at && a.grenades_spent() > 0) {
        for (auto& f : at->figures) {
          if (f.grenades > 0 && std::find(a.figures().begin(), a.figures().end(), f.id) != a.figures().end()) --f.grenades;
        }
      }
      break;
    }
    case pb::BgEvent::kBgsMorale: {
      const auto& m = e.bgs_morale();
      Unit* u = unit_of(st, m.unit_id());
      if (!u) break;
      if (m.broken()) u->bgs->broken = true;
      if (m.rallied()) u->bgs->broken = false;
      if (m.figure_id().empty()) u->bgs->casualties = false;  // a roll of the whole unit
      break;
    }
    case pb::BgEvent::kBgsStance:
      if (Unit* u = unit_of(st, e.bgs_stance().unit_id())) u->bgs->prone = e.bgs_stance().prone();
      break;
    case pb::BgEvent::kBgsReaction:
      if (Unit* u = unit_of(st, e.bgs_reaction().unit_id())) u->bgs->reaction = e.bgs_reaction().marked();
      break;
    case pb::BgEvent::kBgsReactionDue:
      st.reaction_trigger = e.bgs_reaction_due().trigger_id();
      st.reaction_due.assign(e.bgs_reaction_due().unit_ids().begin(), e.bgs_reaction_due().unit_ids().end());
      break;
    case pb::BgEvent::kBgsReactionAnswered:
      if (!st.reaction_due.empty()) st.reaction_due.erase(st.reaction_due.begin());
      if (st.reaction_due.empty()) st.reaction_trigger.clear();
      break;
    case pb::BgEvent::kBgmUnjammed:
      if (Unit* u = unit_of(st, e.bgm_unjammed().unit_id()); u && e.bgm_unjammed().weapon_id().empty()) u->bgs->jammed = false;
      break;
    case pb::BgEvent::kTurnEnded:
      for (auto& u : st.units) {
        if (u.bgs) u.bgs->reaction = false;  // BGM-RF-01: until the cards are reshuffled
        if (u.bgs) u.bgs->special.clear();   // step (1)'s orders last the turn
      }
      st.skirmish_active.clear();
      break;
    default:
      break;
  }
}

std::vector<std::pair<std::string, std::string>> bgs_markers(const BgState& st, const Unit& u) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!u.bgs) return out;
  const SkirmishUnit& k = *u.bgs;
  if (k.broken) out.push_back({"broken", "Broken: no actions until it rallies"});
  if (k.suppressed) out.push_back({"suppressed", "Suppressed: its next card passes"});
  if (k.reaction) out.push_back({"reaction", "On reaction fire"});
  if (!k.special.empty()) out.push_back({"special_fire", "On " + k.special + " fire"});
  if (k.prone) out.push_back({"prone", "Prone"});
  if (k.jammed) out.push_back({"jammed", "Weapon jammed"});
  if (u.id == st.skirmish_active && st.action.side == u.side) {
    out.push_back({"activated", std::to_string(2 - std::min(k.actions, 2)) + " of 2 actions left"});
  } else if (k.activated_turn == st.turn) {
    out.push_back({"done", "Has had its card this turn"});
  }
  int light = 0;
  for (const auto& f : u.figures) light += f.alive && f.light_wounds > 0;
  if (light > 0) out.push_back({"wounded", std::to_string(light) + " lightly wounded"});
  return out;
}

}  // namespace sandtable::bg
