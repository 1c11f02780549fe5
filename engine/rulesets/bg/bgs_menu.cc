// Profile (b)'s menu and the bots' candidates: what the unit whose card is up may do, each entry
// built from the handlers' own checks (so the menu never offers what the engine refuses).
#include "engine/rulesets/bg/bg_menu.h"
#include "engine/rulesets/bg/bgs_skirmish.h"

namespace sandtable::bg {

namespace {

const Unit* active(const BgState& st, int side) {
  const Unit* u = st.find(st.skirmish_active);
  const Unit* ok = nullptr;
  if (!u || u->side != side || check_unit_may_act(st, side, u->id, BgAction::kShoot, &ok)) return nullptr;
  return u;
}

bool carries_grenades(const Unit& u) {
  for (const Figure* f : fighters(u)) {
    if (f->grenades > 0) return true;
  }
  return false;
}

pb::BgsAssault assault_of(const Unit& u, const Unit& t, bool grenades) {
  pb::BgsAssault a;
  a.set_unit_id(u.id);
  a.set_target_id(t.id);
  a.set_grenades(grenades);
  return a;
}

}  // namespace

void bgs_unit_actions(const BgState& st, int side, pb::ActionMenu& menu) {
  const Unit* u = active(st, side);
  if (!u) return;
  const bool pinning = check_not_pinning(*u).has_value();  // BGM-SFO-04: one pinning shot, nothing else
  if (!pinning) infantry_move_action(st, side, *u, menu);  // Carroll's move, one action (GAP-BGM-GEN-01)
  pb::Action fire, assault, grenades;
  for (const auto& t : st.units) {
    if (!visible_enemy(t, side)) continue;
    if (!check_bgs_target(st, *u, t)) {
      pb::ActionTarget& x = *fire.add_targets() = unit_target(t);
      x.set_detail(bgs_fire_words(plan_bgs_fire(st, *u, t, false, pinning)));
    }
    if (!check_bgs_assault(st, side, assault_of(*u, t, false))) *assault.add_targets() = unit_target(t);
    if (carries_grenades(*u) && !check_bgs_assault(st, side, assault_of(*u, t, true))) *grenades.add_targets() = unit_target(t);
  }
  auto entry = [&](const pb::Action& from, const std::string& verb, const std::string& kind, const std::string& words,
                   const std::string& rule) {
    if (from.targets().empty()) return;
    *add_unit_entry(menu, verb + ":" + u->id, kind, words, *u, rule).mutable_targets() = from.targets();
  };
  entry(fire, "fire", "fire", (pinning ? "Pinning fire with " : "Fire with ") + label(*u), pinning ? "BGM-SFO-04" : "BGM-SA-01");
  entry(assault, "assault", "other", "Assault with " + label(*u), "BGM-ASLT-01");
  entry(grenades, "assault-grenades", "other", "Assault with " + label(*u) + ", using grenades", "BGM-ASLT-04");
  if (u->bgs->jammed) add_unit_entry(menu, "unjam:" + u->id, "other", "Clear the jammed weapon of " + label(*u), *u, "BGM-GEN-05");
  if (pinning) return;
  if (u->bgs->prone) add_unit_entry(menu, "stand:" + u->id, "other", "Stand " + label(*u) + " up", *u, "BGM-COV-01");
  else add_unit_entry(menu, "prone:" + u->id, "other", "Put " + label(*u) + " down prone", *u, "BGM-COV-01");
  pb::Action& r = add_unit_entry(menu, "react:" + u->id, "other", "Put " + label(*u) + " on reaction fire", *u, "BGM-RF-01");
  r.set_confirm(label(*u) + " will do nothing more this turn but fire, once, when an enemy fires in its front arc or "
                            "comes within point-blank range. Go on reaction fire?");
}

void bgs_candidates(const BgState& st, int side, const std::string& seat, std::vector<pb::Command>& out) {
  const Unit* u = active(st, side);
  if (!u) return;
  auto push = [&](const pb::BgCommand& c) { out.push_back(order_of(seat, c)); };
  for (const auto& t : st.units) {
    if (!visible_enemy(t, side)) continue;
    if (!check_bgs_target(st, *u, t)) {
      pb::BgCommand c;
      c.mutable_shoot()->set_unit_id(u->id);
      c.mutable_shoot()->add_shots()->set_target_id(t.id);
      push(c);
    }
    for (bool g : {false, true}) {
      pb::BgCommand c;
      *c.mutable_assault() = assault_of(*u, t, g);
      if (!check_bgs_assault(st, side, c.assault())) push(c);
    }
  }
  pb::BgCommand unjam;
  unjam.mutable_unjam()->set_unit_id(u->id);
  if (!check_bgs_unjam(st, side, unjam.unjam())) push(unjam);
  if (check_not_pinning(*u)) return;
  pb::BgCommand stance;
  stance.mutable_stance()->set_unit_id(u->id);
  stance.mutable_stance()->set_prone(!u->bgs->prone);
  push(stance);
  pb::BgCommand react;
  react.mutable_react()->set_unit_id(u->id);
  push(react);
}

}  // namespace sandtable::bg
