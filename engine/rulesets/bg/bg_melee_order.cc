// The players' choice of pairs before each round of an infantry/cavalry melee (BG-MEL-06,
// BG-MEL-10, GAP-BG-MEL-06): the attacking side chooses which of its figures fill pairs 1..n,
// then the defending side chooses which of its figures face each of them. Asked (the game
// waits on that side; the answer is a BgMeleeOrder) only with bg.melee_pairing = players and
// only when the choice can change something; figures a side does not name fill the remaining
// pairs in the listed order (charge order, unit order, specials last).
#include <algorithm>
#include <set>
#include <tuple>

#include "engine/model/game_words.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/bg/bg_melee.h"

namespace sandtable::bg {

namespace {

const std::vector<std::string>& role_units(const Melee& m, int role) { return role == 0 ? m.attackers : m.defenders; }

// `listed` with the figures of `chosen` (still among them) first, in the chosen order.
std::vector<MeleeFighter> chosen_first(const std::vector<MeleeFighter>& listed, const std::vector<std::string>& chosen) {
  std::vector<MeleeFighter> out;
  for (const auto& id : chosen) {
    for (const auto& f : listed) {
      if (f.fig->id == id) out.push_back(f);
    }
  }
  for (const auto& f : listed) {
    if (std::find(chosen.begin(), chosen.end(), f.fig->id) == chosen.end()) out.push_back(f);
  }
  return out;
}

// What can make one figure's pair differ from another's: unit, leader, medic, special, armed.
std::tuple<int, int, bool, bool> melee_key(const BgState& st, const MeleeFighter& f) {
  const bool armed = !st.options.melee_weapons && !f.fig->melee_weapon.empty();
  return {f.unit_index, f.fig->kind == FigureKind::kLeader ? 1 : f.fig->kind == FigureKind::kMedic ? 2 : 0, f.special, armed};
}

bool all_alike(const BgState& st, const std::vector<MeleeFighter>& v, std::size_t n) {
  for (std::size_t i = 1; i < n && i < v.size(); ++i) {
    if (melee_key(st, v[i]) != melee_key(st, v[0])) return false;
  }
  return true;
}

}  // namespace

MeleePairing melee_pairing(const BgState& st, const Melee& m) {
  MeleePairing p;
  p.att = melee_fighters(st, m.attackers);
  p.def = melee_fighters(st, m.defenders);
  if (m.order_round[0] == m.round + 1) p.att = chosen_first(p.att, m.order[0]);
  if (m.order_round[1] == m.round + 1) p.def = chosen_first(p.def, m.order[1]);
  p.pairs = std::min(p.att.size(), p.def.size());
  return p;
}

int melee_role_side(const BgState& st, const Melee& m, int role) {
  for (const auto& id : role_units(m, role)) {
    if (const Unit* u = st.find(id)) return u->side;
  }
  for (const auto& id : role_units(m, 1 - role)) {
    if (const Unit* u = st.find(id)) return 1 - u->side;
  }
  return -1;
}

int melee_order_owed(const BgState& st, const Melee& m) {
  if (st.options.melee_pairing_listed || m.over || st.options.stands != 0 || is_vehicle_melee(st, m)) return -1;
  const MeleePairing p = melee_pairing(st, m);
  if (p.pairs == 0) return -1;  // the melee is decided (settle_melee ends it)
  // The attackers choose who fights; the defenders do the matching, so the attackers' order of
  // pairs matters only when some of them must wait.
  if (m.order_round[0] != m.round + 1 && p.att.size() > p.pairs) return 0;
  // The defenders: who fights when some wait; who faces whom when both sides' fighters differ.
  if (m.order_round[1] != m.round + 1 &&
      (p.def.size() > p.pairs || (!all_alike(st, p.def, p.pairs) && !all_alike(st, p.att, p.pairs)))) {
    return 1;
  }
  return -1;
}

const Melee* melee_order_due(const BgState& st, int side, int* role) {
  if (st.phase != Phase::kMelee || st.over || !st.decisions.empty()) return nullptr;
  for (const auto& m : st.melees) {
    if (m.over) continue;
    const int r = melee_order_owed(st, m);
    if (r >= 0 && melee_role_side(st, m, r) == side) {
      if (role) *role = r;
      return &m;
    }
    if (!st.table_dice) return nullptr;  // the phase fights the melees in order (run_melee_phase)
  }
  return nullptr;
}

std::string melee_figure_label(const MeleeFighter& f) {
  std::string kind = figure_kind_name(f.fig->kind);
  std::replace(kind.begin(), kind.end(), '_', ' ');
  if (!kind.empty()) kind[0] = static_cast<char>(kind[0] - 'a' + 'A');
  return kind + " " + f.fig->id + " — " + label(*f.unit);
}

Check check_melee_order(const BgState& st, int side, const pb::BgMeleeOrder& o, std::vector<std::string>* filled) {
  if (st.phase != Phase::kMelee) {
    return refusal("BG_NOT_MELEE_PHASE", "BG-SEQ-02", "Pairs are chosen in the melee phase, before each round.");
  }
  const Melee* m = melee_named(st, o.melee_id());
  if (!m) return refusal("BG_NO_SUCH_MELEE", "BG-MEL-04", "There is no melee '" + o.melee_id() + "' left to fight.");
  int role = -1;
  const Melee* due = melee_order_due(st, side, &role);
  if (due != m) {
    return refusal("BG_NO_MELEE_ORDER_DUE", "BG-MEL-10",
                   "Melee " + m->id + " is not waiting for your side to choose its pairs" +
                       (st.options.melee_pairing_listed ? " (this game pairs figures in the listed order)." : "."));
  }
  const MeleePairing p = melee_pairing(st, *m);
  const auto& listed = role == 0 ? p.att : p.def;
  const std::string round = "round " + std::to_string(m->round + 1);
  if (o.figure_ids_size() > static_cast<int>(p.pairs)) {
    return refusal("BG_MELEE_ORDER_TOO_MANY", "BG-MEL-06",
                   "Melee " + m->id + " has " + std::to_string(p.pairs) + (p.pairs == 1 ? " pair" : " pairs") + " in " +
                       round + "; " + std::to_string(o.figure_ids_size()) + " figures were named.");
  }
  std::set<std::string> seen;
  for (const auto& id : o.figure_ids()) {
    const bool eligible = std::any_of(listed.begin(), listed.end(), [&](const MeleeFighter& f) { return f.fig->id == id; });
    if (!eligible) {
      for (const auto& uid : role_units(*m, role)) {
        const Unit* u = st.find(uid);
        const Figure* f = u ? u->figure(id) : nullptr;
        if (f && !f->alive) return refusal("BG_MELEE_FIGURE_DEAD", "BG-MEL-06", "Figure " + id + " of " + label(*u) + " is dead and cannot fight.");
        if (f) return refusal("BG_MELEE_FIGURE_CANNOT_FIGHT", "BG-MEL-06", "Figure " + id + " of " + label(*u) + " does not fight in this melee.");
      }
      return refusal("BG_MELEE_FIGURE_NOT_IN_MELEE", "BG-MEL-06",
                     "Figure " + id + " is not one of your side's figures in melee " + m->id + ".");
    }
    if (!seen.insert(id).second) {
      return refusal("BG_MELEE_FIGURE_TWICE", "BG-MEL-06", "Figure " + id + " is named twice; each figure fights in one pair.");
    }
  }
  std::vector<std::string> chosen(o.figure_ids().begin(), o.figure_ids().end());
  const auto order = chosen_first(listed, chosen);
  // BG-MEL-10: figures of the first unit (that charged) fight before those of the second: a
  // figure of a later unit may fill a pair only when no figure of an earlier unit waits.
  // Specials (medics, mules, horse-holders) are outside this order: held back or not.
  for (std::size_t i = 0; i < p.pairs; ++i) {
    if (order[i].special) continue;
    for (std::size_t j = p.pairs; j < order.size(); ++j) {
      if (order[j].special || order[j].unit_index >= order[i].unit_index) continue;
      return refusal("BG_MELEE_UNIT_ORDER", "BG-MEL-10",
                     melee_figure_label(order[i]) + " cannot fight while " + melee_figure_label(order[j]) + " waits: figures of " +
                         label(*order[j].unit) + (role == 0 ? ", which charged first," : ", first in the melee,") +
                         " fight before those of " + label(*order[i].unit) + ".");
    }
  }
  if (filled) {
    filled->clear();
    for (std::size_t i = 0; i < p.pairs; ++i) filled->push_back(order[i].fig->id);
  }
  return std::nullopt;
}

void do_melee_order(Context& ctx, BgState& st, int side, const pb::BgMeleeOrder& o) {
  std::vector<std::string> filled;
  if (auto r = check_melee_order(st, side, o, &filled)) refuse(*r);
  const Melee& m = *melee_named(st, o.melee_id());
  int role = 0;
  melee_order_due(st, side, &role);
  pb::BgEvent e;
  auto* x = e.mutable_melee_ordered();
  x->set_melee_id(m.id);
  x->set_round(m.round + 1);
  x->set_side(side_id(st, side));
  x->set_attackers(role == 0);
  for (const auto& id : filled) x->add_figure_ids(id);
  x->set_listed(o.figure_ids().empty());
  emit_bg(ctx, e);
}

}  // namespace sandtable::bg
