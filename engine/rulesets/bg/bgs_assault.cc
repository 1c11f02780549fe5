// Profile (b)'s assault and counter-assault (BGM-ASLT-01..08): the figures within 1" each pass a
// morale roll to go in, one modified d20 on the target's column, the hits rolled on the damage
// table with only the assault-hit modifiers; survivors with an action left may strike back.
#include <algorithm>

#include "engine/rulesets/bg/bgs_skirmish.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

constexpr double kAssaultReach = 1.0;  // BGM-ASLT-01

// The attacker's fighters within 1" of any fighter of the target.
std::vector<const Figure*> within_reach(const Unit& a, const Unit& t) {
  std::vector<const Figure*> out;
  for (const Figure* f : fighters(a)) {
    for (const Figure* g : fighters(t)) {
      if (geom::within(geom::distance(f->pos, g->pos), kAssaultReach)) {
        out.push_back(f);
        break;
      }
    }
  }
  return out;
}

mods::AssaultTarget column_of(const Unit& t, std::string* words) {
  if (!t.building.empty()) {  // Carroll's buildings are stone (bgs_fire.cc's cover)
    *words = "stone building";
    return mods::AssaultTarget::kStoneBuilding;
  }
  if (t.markers.dug_in) {
    *words = "fighting position";
    return mods::AssaultTarget::kFightingPosition;
  }
  *words = "infantry / soft skin";
  return mods::AssaultTarget::kInfantry;
}

int grade_modifier(Grade g) {  // BGM-ASLT-08: green / regular / veteran / elite
  switch (g) {
    case Grade::kD: return 4;
    case Grade::kC: return 2;
    case Grade::kB: return -1;
    case Grade::kA: return -4;
  }
  return 2;
}

bool may_strike_back(const BgState& st, const Unit& t) {
  if (!t.bgs || t.destroyed || t.bgs->broken || fighters(t).empty()) return false;
  return t.bgs->reaction || t.bgs->activated_turn != st.turn;  // an unused action this turn (BGM-ASLT-05)
}

void resolve(Context& ctx, BgState& st, const std::string& attacker_id, const std::string& target_id, bool grenades,
             bool counter) {
  const Unit a = *st.find(attacker_id);
  const Unit t = *st.find(target_id);
  // BGM-ASLT-02 (and ASLT-05's extra roll): each figure rolls; a failure stays out, nothing more.
  std::vector<std::string> going;
  for (const Figure* f : within_reach(a, t)) {
    if (bgs_morale(ctx, st, a, counter ? "counter-assault" : "assault", "before going in", f)) going.push_back(f->id);
  }
  pb::BgEvent e;
  auto* x = e.mutable_bgs_assault();
  x->set_attacker_id(a.id);
  x->set_target_id(t.id);
  x->set_counter(counter);
  std::string words;
  const mods::AssaultTarget column = column_of(t, &words);
  x->set_target_type(words);
  for (const auto& id : going) x->add_figures(id);
  if (going.empty()) {
    x->set_result("nobody went in");
    emit_bg(ctx, e);
    return;
  }
  int carriers = 0;
  for (const auto& f : a.figures) {
    carriers += f.grenades > 0 && std::find(going.begin(), going.end(), f.id) != going.end();
  }
  std::vector<std::pair<std::string, int>> mods_list;
  const int men = static_cast<int>(going.size());
  if (const int m = mods::assault_men_modifier(men)) mods_list.push_back({men == 1 ? "one-man assault" : std::to_string(men) + " men", m});
  if (grenades && carriers > 0) mods_list.push_back({"grenades", -2});
  if (a.bgs->moved_last || a.bgs->moved_before_last) mods_list.push_back({"moved in its last 2 actions", 4});
  mods_list.push_back({"morale grade", grade_modifier(a.grade)});
  int total = 0;
  for (auto& [name, v] : mods_list) {
    if (counter && v < 0) {  // BGM-ASLT-05: negative modifiers halved, toward zero
      v = -((-v) / 2);
      name += " (halved)";
    }
    auto* m = x->add_modifiers();
    m->set_name(name);
    m->set_value(v);
    total += v;
  }
  x->set_natural(ctx.roll(pb::DIE_KIND_D20, "assault " + a.id));
  x->set_modified(x->natural() + total);
  const mods::AssaultResult r = mods::assault(column, x->modified());
  if (grenades && carriers > 0) x->set_grenades_spent(carriers);
  std::vector<pb::BgsWound> wounds;
  if (r.destroyed_or_silenced && column == mods::AssaultTarget::kInfantry) {
    // GAP-BGM-ASLT-07: every assaulted figure out, a d6 each: 1-3 KIA, 4-6 HW.
    for (const Figure* f : fighters(t)) {
      pb::BgsWound w;
      w.set_unit_id(t.id);
      w.set_figure_id(f->id);
      w.set_natural(ctx.roll(pb::DIE_KIND_D6, "KIA or HW " + f->id));
      w.set_modified(w.natural());
      w.set_result(w.natural() <= 3 ? "KIA" : "HW");
      w.set_out(true);
      w.set_killed(w.natural() <= 3);
      wounds.push_back(w);
    }
    x->set_silenced(true);
    x->set_result("every man assaulted is out");
  } else {
    x->set_silenced(r.destroyed_or_silenced);  // BGM-ASLT-06: the survivors are broken
    x->set_hits(r.hits);
    if (r.hits > 0) x->set_column(std::string(1, r.column));
    for (int i = 0; i < r.hits; ++i) {
      auto w = roll_wound(ctx, st, t, r.column, com(a), true, wounds);
      if (!w) break;
      wounds.push_back(*w);
    }
    std::string res = r.destroyed_or_silenced ? "position silenced" : "";
    if (r.hits > 0) res += (res.empty() ? "" : " + ") + std::to_string(r.hits) + " '" + std::string(1, r.column) + "' hits";
    if (r.morale_check) res += (res.empty() ? "" : ", ") + std::string("morale check");
    if (r.half_morale_check) res += (res.empty() ? "" : ", ") + std::string("half morale check");
    x->set_result(res.empty() ? "no effect" : res);
  }
  for (const auto& w : wounds) *x->add_wounds() = w;
  emit_bg(ctx, e);
  after_wounds(ctx, st, t.id, wounds);
  const Unit* now = st.find(t.id);
  if (now && !now->destroyed && !now->bgs->broken) {
    if (r.morale_check) bgs_morale(ctx, st, Unit(*now), "check", "the assault's morale check");
    else if (r.half_morale_check) bgs_morale(ctx, st, Unit(*now), "half", "the assault's half morale check");
  }
}

}  // namespace

Check check_bgs_assault(const BgState& st, int side, const pb::BgsAssault& c) {
  const Unit* u = nullptr;
  if (auto r = check_unit_may_act(st, side, c.unit_id(), BgAction::kShoot, &u)) return r;
  if (auto r = check_not_pinning(*u)) return r;  // BGM-SFO-04: its card is the pinning shot
  const Unit* t = st.find(c.target_id());
  if (!t || !t->on_table || t->destroyed || t->side == u->side || (t->hidden && t->side != u->side)) {
    return refusal("BG_NO_TARGET", "BGM-ASLT-01", label(*u) + " has no enemy unit '" + c.target_id() + "' to assault.");
  }
  const auto reach = within_reach(*u, *t);
  if (reach.empty()) {
    return refusal("BGM_ASSAULT_REACH", "BGM-ASLT-01", label(*u) + " must first close to within 1\" of " + label(*t) + " to assault it.");
  }
  if (c.grenades()) {
    bool any = false;
    for (const Figure* f : reach) any = any || f->grenades > 0;
    if (!any) return refusal("BGM_NO_GRENADES", "BGM-ASLT-04", "None of " + label(*u) + "'s men within 1\" carries a grenade.");
  }
  return std::nullopt;
}

void do_bgs_assault(Context& ctx, BgState& st, int side, const pb::BgsAssault& c) {
  if (auto r = check_bgs_assault(st, side, c)) refuse(*r);
  resolve(ctx, st, c.unit_id(), c.target_id(), c.grenades(), false);
  unit_acted(ctx, st, *st.find(c.unit_id()), BgAction::kShoot);
  const Unit* t = st.find(c.target_id());
  const Unit* a = st.find(c.unit_id());
  if (!t || !a || a->destroyed || !may_strike_back(st, *t) || within_reach(*t, *a).empty()) return;
  pb::Decision q;  // BGM-ASLT-05
  q.set_seat(side_id(st, t->side));
  q.set_rule_id("BGM-ASLT-05");
  q.set_kind(kCounterAssaultKind);
  q.set_unit_id(t->id);
  q.set_prompt(label(*t) + " survived " + label(*a) + "'s assault with an action left: counter-assault (each man passes "
               "another morale roll; negative modifiers halved), or hold?");
  auto* yes = q.add_choices();
  yes->set_id("counter:" + a->id);
  yes->set_label("Counter-assault " + label(*a));
  auto* no = q.add_choices();
  no->set_id("hold");
  no->set_label("Hold");
  ctx.ask(std::move(q));
}

void answer_counter_assault(Context& ctx, BgState& st, const pb::Decision& d, const std::string& choice) {
  if (choice == "hold") {
    pb::BgEvent e;
    e.mutable_bgs_reaction()->set_unit_id(d.unit_id());  // the marker stays as it was
    const Unit* t = st.find(d.unit_id());
    e.mutable_bgs_reaction()->set_marked(t && t->bgs && t->bgs->reaction);
    emit_bg(ctx, e);
    return;
  }
  const std::string attacker = choice.rfind("counter:", 0) == 0 ? choice.substr(8) : "";
  const Unit* t = st.find(d.unit_id());
  const Unit* a = st.find(attacker);
  if (!t || !a || a->destroyed || !may_strike_back(st, *t) || within_reach(*t, *a).empty()) {
    reject("BGM_NO_COUNTER", "BGM-ASLT-05", "That counter-assault can no longer be made.");
  }
  if (t->bgs->reaction) {  // the counter-assault spends the reaction marker (BGM-RF-05: it fires once)
    pb::BgEvent e;
    e.mutable_bgs_reaction()->set_unit_id(t->id);
    e.mutable_bgs_reaction()->set_spent(true);
    emit_bg(ctx, e);
  }
  resolve(ctx, st, t->id, attacker, false, true);
}

}  // namespace sandtable::bg
