// The captors' choice of guards for new prisoners (BG-PRIS-01: one figure may guard up to four
// prisoners; at least one victorious figure must become a guard). take_prisoners
// (bg_melee_fight.cc) forms the group at once with the default guards (rifles first, from the
// back of the captor unit); with bg.guards = players, when the captor unit has more figures
// that may guard than guards are needed, the group is marked (Unit::guards_from) and the game
// waits on the captors' seat for a BgPrisoners{group_id, guard_figure_ids} before anything
// else happens. The answer names exactly as many guards as the group has (none: keep them);
// each figure named from the unit takes the place of a default guard not named (a
// BgGuardsChosen event, public: the guards are seen on the table).
#include <algorithm>
#include <set>

#include "engine/model/rejection.h"
#include "engine/rulesets/bg/bg_melee.h"

namespace sandtable::bg {

bool may_guard(const Figure& f) {
  return f.alive && !f.prisoner && f.kind != FigureKind::kMedic && f.kind != FigureKind::kMule &&
         f.kind != FigureKind::kHorseHolder;
}

const Unit* guards_owed(const BgState& st) {
  if (st.over) return nullptr;
  for (const auto& u : st.units) {
    if (!u.prisoner_group || u.guards_from.empty() || u.destroyed) continue;
    const Unit* c = st.find(u.guards_from);
    if (c && !c->destroyed) return &u;
  }
  return nullptr;
}

std::vector<const Figure*> guard_candidates(const BgState& st, const Unit& group) {
  std::vector<const Figure*> out;
  for (const auto& f : group.figures) {
    if (!f.prisoner && f.alive) out.push_back(&f);
  }
  if (const Unit* c = st.find(group.guards_from)) {
    for (const auto& f : c->figures) {
      if (may_guard(f)) out.push_back(&f);
    }
  }
  return out;
}

namespace {

std::vector<std::string> guards_now(const Unit& group) {
  std::vector<std::string> out;
  for (const auto& f : group.figures) {
    if (!f.prisoner && f.alive) out.push_back(f.id);
  }
  return out;
}

int prisoners_in(const Unit& group) {
  return static_cast<int>(std::count_if(group.figures.begin(), group.figures.end(), [](const Figure& f) { return f.prisoner; }));
}

}  // namespace

Check check_guards(const BgState& st, int side, const pb::BgPrisoners& p) {
  if (p.release()) {
    return refusal("BG_PRISONERS_NOT_RELEASED", "BG-PRIS-06",
                   "Prisoners are let go only by a vehicle that cannot escort them (BG-PRIS-06); guarded prisoners stay guarded.");
  }
  const Unit* g = st.find(p.group_id());
  if (!g || !g->prisoner_group || g->destroyed) {
    return refusal("BG_NO_SUCH_PRISONERS", "BG-PRIS-01", "There is no prisoner group '" + p.group_id() + "'.");
  }
  const Unit* due = guards_owed(st);
  if (g->side != side || due != g) {
    return refusal("BG_GUARDS_NOT_DUE", "BG-PRIS-01",
                   due == g ? "The guards of " + g->id + " are chosen by the side that took the prisoners."
                            : "The guards of " + g->id + " were set when the prisoners were taken" +
                                  (st.options.guards_listed ? " (this game takes rifles from the back)." : "; they are not chosen again."));
  }
  const std::vector<std::string> now = guards_now(*g);
  const int need = static_cast<int>(now.size());
  if (p.guard_figure_ids().empty()) return std::nullopt;  // keep the guards as chosen
  if (p.guard_figure_ids_size() != need) {
    const int n = prisoners_in(*g);
    return refusal("BG_GUARDS_COUNT", "BG-PRIS-01",
                   std::to_string(n) + (n == 1 ? " prisoner needs " : " prisoners need ") + std::to_string(need) +
                       (need == 1 ? " guard" : " guards") + " (one per four, at least one); " +
                       std::to_string(p.guard_figure_ids_size()) + " were named.");
  }
  const Unit* c = st.find(g->guards_from);
  std::set<std::string> seen;
  for (const auto& id : p.guard_figure_ids()) {
    if (!seen.insert(id).second) return refusal("BG_GUARD_TWICE", "BG-PRIS-01", "Figure " + id + " is named twice.");
    if (std::find(now.begin(), now.end(), id) != now.end()) continue;
    const Figure* f = c ? c->figure(id) : nullptr;
    if (!f) {
      return refusal("BG_GUARD_NOT_CAPTOR", "BG-PRIS-01",
                     "Figure " + id + " is not in " + (c ? label(*c) : g->guards_from) +
                         ", the unit that took the prisoners: only its victorious figures may guard them.");
    }
    if (!f->alive) return refusal("BG_GUARD_DEAD", "BG-PRIS-01", "Figure " + id + " of " + label(*c) + " is dead.");
    if (f->prisoner) return refusal("BG_GUARD_NOT_CAPTOR", "BG-PRIS-01", "Figure " + id + " is a prisoner.");
    if (f->kind == FigureKind::kMedic) {
      return refusal("BG_MEDIC_NEVER_GUARDS", "BG-MED-01", "Figure " + id + " of " + label(*c) + " is a medic, and a medic never guards prisoners.");
    }
    if (!may_guard(*f)) {
      return refusal("BG_GUARD_CANNOT_FIGHT", "BG-PRIS-01",
                     "Figure " + id + " of " + label(*c) + " does not fight (mule or horse-holder) and cannot guard prisoners.");
    }
  }
  return std::nullopt;
}

void do_prisoners(Context& ctx, BgState& st, int side, const pb::BgPrisoners& p) {
  if (auto r = check_guards(st, side, p)) refuse(*r);
  const Unit& g = *st.find(p.group_id());
  const std::vector<std::string> now = guards_now(g);
  std::vector<std::string> chosen(p.guard_figure_ids().begin(), p.guard_figure_ids().end());
  if (chosen.empty()) chosen = now;
  pb::BgEvent e;
  auto* x = e.mutable_guards_chosen();
  x->set_group_id(g.id);
  x->set_side(side_id(st, g.side));
  x->set_unit_id(g.guards_from);
  x->set_kept(p.guard_figure_ids().empty());
  for (const auto& id : chosen) {
    x->add_guards(id);
    if (std::find(now.begin(), now.end(), id) == now.end()) x->add_guards_in(id);
  }
  for (const auto& id : now) {
    if (std::find(chosen.begin(), chosen.end(), id) == chosen.end()) x->add_guards_out(id);
  }
  emit_bg(ctx, e);
}

}  // namespace sandtable::bg
