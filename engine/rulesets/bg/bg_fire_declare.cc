// BG-CARD-14: how the shots of a shooting action are declared (game option
// `bg.shot_declaration`): "one_at_a_time" (each unit's shot is declared and resolved before the
// next is declared) or "declare_all" (every unit that will shoot on the card is declared in one
// order, all checked against the table as it stands, then resolved in the declared order).
#include <algorithm>

#include "engine/rulesets/bg/bg_internal.h"

namespace sandtable::bg {

namespace {

pb::BgShoot without_also(const pb::BgShoot& s) {
  pb::BgShoot one = s;
  one.clear_also();
  return one;
}

}  // namespace

Check check_shoot_order(const BgState& st, int side, const pb::BgShoot& s) {
  if (!s.also().empty()) {
    if (!st.options.declare_all_shots) {
      return refusal("BG_DECLARE_ONE", "BG-CARD-14",
                     "This game declares and resolves shots one unit at a time: send each unit's shot as its own order.");
    }
    if (st.action.one_unit) return refusal("BG_ACE_ONE_UNIT", "BG-CARD-07", "An ace lets only one unit act: declare that unit's shot alone.");
  }
  // Declare-all: the action's shots were all declared by its first shoot order.
  if (st.options.declare_all_shots && !st.action.one_unit && st.action.side == side) {
    for (const auto& u : st.units) {
      if (u.side == side && u.shot_card == st.action.serial) {
        return refusal("BG_SHOTS_DECLARED", "BG-CARD-14",
                       "All of this card's shots were declared together (declare-all game); no other unit may shoot on it.");
      }
    }
  }
  if (auto c = check_shoot(st, side, without_also(s))) return c;
  std::vector<std::string> declared{s.unit_id()};
  for (const auto& x : s.also()) {
    if (!x.also().empty()) return refusal("BG_BAD_DECLARATION", "BG-CARD-14", "A declared shot cannot carry further declarations.");
    if (std::find(declared.begin(), declared.end(), x.unit_id()) != declared.end()) {
      const Unit* u = st.find(x.unit_id());
      return refusal("BG_SHOOTS_TWICE", "BG-FIRE-10", (u ? label(*u) : x.unit_id()) + " is declared twice; a unit shoots once per card.");
    }
    declared.push_back(x.unit_id());
    if (auto c = check_shoot(st, side, x)) return c;
  }
  return std::nullopt;
}

void do_shoot_order(Context& ctx, BgState& st, int side, const pb::BgShoot& s) {
  if (auto c = check_shoot_order(st, side, s)) refuse(*c);
  resolve_shoot(ctx, st, s);
  // Declared before any was resolved, so a later shot stands even if an earlier one changed the
  // table (its target retreated); a target destroyed meanwhile is no longer there (its shot is
  // lost, the unit has still used its action).
  for (const auto& x : s.also()) resolve_shoot(ctx, st, x);
}

}  // namespace sandtable::bg
