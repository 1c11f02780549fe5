// Profile (b)'s special fire orders (BGM-GEN-02 step 1, BGM-SFO-01..04): as a turn opens each
// side in turn marks units for opportunity, ambush or pinning fire (a decision repeated until it
// says "done"); then the rally, morale and artillery steps run. A unit on opportunity or ambush
// fire lets its card pass and fires once, when an enemy completes an action where it can shoot
// (asked like reaction fire); a unit on pinning fire spends its card on one pinning shot. The
// ambush bookkeeping (BGM-SFO-03) follows every action.
#include <algorithm>

#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bgs_skirmish.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

bool standing_unit(const Unit& u) { return u.bgs && u.on_table && !u.destroyed && !u.prisoner_group && !fighters(u).empty(); }

bool sees(const BgState& st, const Unit& from, const Unit& to) { return !los_blocker(st, from, to).has_value(); }

// Sighting is automatic in line of sight (GAP-BGM-GEN-02).
bool seen_by_enemy(const BgState& st, const Unit& u) {
  return std::any_of(st.units.begin(), st.units.end(), [&](const Unit& e) {
    return e.side != u.side && e.on_table && !e.destroyed && !fighters(e).empty() && sees(st, e, u);
  });
}

bool enemy_in_sight(const BgState& st, const Unit& u) {
  return std::any_of(st.units.begin(), st.units.end(), [&](const Unit& e) {
    return e.side != u.side && e.on_table && !e.destroyed && sees(st, u, e);
  });
}

bool may_mark(const Unit& u, int side) { return standing_unit(u) && u.side == side && !u.bgs->broken && u.bgs->special.empty(); }

std::vector<pb::Choice> marking_choices(const BgState& st, int side) {
  std::vector<pb::Choice> out;
  auto add = [&](const std::string& id, const std::string& words) {
    pb::Choice c;
    c.set_id(id);
    c.set_label(words);
    out.push_back(c);
  };
  for (const auto& u : st.units) {
    if (!may_mark(u, side)) continue;
    add("opportunity:" + u.id, "Opportunity fire: " + label(u));
    if (ambush_ready(st, u)) add("ambush:" + u.id, "Ambush: " + label(u));
    add("pinning:" + u.id, "Pinning fire: " + label(u));
  }
  return out;
}

// Steps (2) rally, (3) morale and (4) artillery, once both sides have marked.
void after_marking(Context& ctx, BgState& st) {
  bgs_rally_and_morale(ctx, st);
  bgs_barrages(ctx, st);
}

void close_marking(Context& ctx, BgState& st, int side) {
  pb::BgEvent e;
  e.mutable_bgs_special_fire()->set_side(side_id(st, side));
  e.mutable_bgs_special_fire()->set_done(true);
  emit_bg(ctx, e);
  if (st.special_step == 0) after_marking(ctx, st);
}

}  // namespace

bool ambush_ready(const BgState& st, const Unit& u) {
  // The base game's ambush needs no enemy in sight (ours, its rules being lost); BGM-SFO-02 (a)
  // allows one in sight of a unit that has neither fired nor been seen where it stands, and near
  // which no friend has fired in an enemy's sight.
  if (!enemy_in_sight(st, u)) return true;
  return !u.bgs->fired_here && !u.bgs->sighted_here && !u.bgs->friend_fired_near;
}

void bgs_open_marking(Context& ctx, BgState& st) {
  pb::BgEvent e;
  e.mutable_bgs_special_fire()->set_side(side_id(st, 0));
  emit_bg(ctx, e);
}

void bgs_special_step(Context& ctx, BgState& st) {
  const int side = st.special_step - 1;
  const auto choices = marking_choices(st, side);
  if (choices.empty()) return close_marking(ctx, st, side);
  pb::Decision q;
  q.set_seat(side_id(st, side));
  q.set_rule_id("BGM-GEN-02");
  q.set_kind(kSpecialFireKind);
  q.set_prompt("Step (1) of turn " + std::to_string(st.turn) +
               ": mark units for special fire, one at a time. A unit on opportunity fire or in ambush lets its card pass "
               "and fires once when an enemy completes an action it can shoot at (an ambush only within effective range); "
               "a unit on pinning fire spends its card on one shot that pins instead of wounding.");
  auto* done = q.add_choices();
  done->set_id("done");
  done->set_label("Done: no more special fire this turn");
  for (const auto& c : choices) *q.add_choices() = c;
  ctx.ask(std::move(q));
}

void answer_special_fire(Context& ctx, BgState& st, const pb::Decision& d, const std::string& choice) {
  const int side = st.side_index(d.seat());
  if (choice == "done") return close_marking(ctx, st, side);
  const auto colon = choice.find(':');
  const std::string order = choice.substr(0, colon == std::string::npos ? 0 : colon);
  const Unit* u = colon == std::string::npos ? nullptr : st.find(choice.substr(colon + 1));
  const bool known = order == "opportunity" || order == "pinning" || (order == "ambush" && u && u->bgs && ambush_ready(st, *u));
  if (!u || !known || !may_mark(*u, side)) {
    reject("NOT_A_CHOICE", "BGM-GEN-02", "Mark one of the units offered, or answer done.");
  }
  pb::BgEvent e;
  auto* s = e.mutable_bgs_special_fire();
  s->set_side(d.seat());
  s->set_unit_id(u->id);
  s->set_order(order);
  emit_bg(ctx, e);
}

void bgs_bookkeeping(Context& ctx, BgState& st, const std::string& actor_id, bool fired) {
  pb::BgEvent e;
  auto* s = e.mutable_bgs_special_fire();
  for (const auto& u : st.units) {
    if (standing_unit(u) && !u.bgs->sighted_here && seen_by_enemy(st, u)) s->add_sighted(u.id);
  }
  const Unit* a = st.find(actor_id);
  if (fired && a && seen_by_enemy(st, *a)) {  // BGM-SFO-02 (a): a friend's fire within 6" gives it away
    for (const auto& u : st.units) {
      if (u.id == a->id || u.side != a->side || !standing_unit(u) || u.bgs->friend_fired_near) continue;
      if (geom::within_distance(aim_point(st, u), aim_point(st, *a), 6.0)) s->add_friend_fired_near(u.id);
    }
  }
  if (s->sighted_size() > 0 || s->friend_fired_near_size() > 0) emit_bg(ctx, e);
}

}  // namespace sandtable::bg
