// Two-vehicle units (BG-UNIT-08) and quick dispute resolution (BG-GEN-02).
//
// BG-UNIT-08: two light vehicles declared one unit at the start or on entry (scenario attribute
// "pair=<other id>" on both, public data) stay two models in the engine: each rolls its own
// movement and shoots its own targets. What makes them one unit is the card play: on an ace
// (BG-CARD-07/08, "one unit acts") both vehicles of the pair may act; after the first has acted
// only its partner may still use the ace.
//
// BG-GEN-02: with no impartial referee, a disputed point is settled by a die roll: either side
// orders a roll-off on a question; each side rolls 1D6, ties are rolled again, the higher roll
// wins. The event goes to both sides. A GM's ruling (the GM's own commands, BG-GEN-01) wins.
#include "engine/rulesets/bg/bg_units.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

const Unit* ace_user(const BgState& st) {
  if (st.action.side < 0 || !st.action.one_unit) return nullptr;
  for (const auto& u : st.units) {
    if (u.side != st.action.side) continue;
    const int done = st.action.action == BgAction::kMove ? u.moved_card : u.shot_card;
    if (done == st.action.serial) return &u;
  }
  return nullptr;
}

bool ace_allows(const BgState& st, const Unit& u) {
  const Unit* first = ace_user(st);
  return !first || (first->id != u.id && first->pair_with == u.id);
}

void do_dispute(Context& ctx, BgState& st, int side, const pb::BgDispute& d) {
  if (d.question().empty() || d.question().size() > 500) {
    reject("BG_DISPUTE_QUESTION", "BG-GEN-02", "Say in one sentence (up to 500 characters) what the roll-off settles.");
  }
  int a = 0, b = 0;
  // Ties are rolled again (the event keeps every die in Event.dice).
  for (int guard = 0; guard < 1000 && a == b; ++guard) {
    a = ctx.roll(pb::DIE_KIND_D6, "dispute " + side_id(st, 0));
    b = ctx.roll(pb::DIE_KIND_D6, "dispute " + side_id(st, 1));
  }
  if (a == b) reject("BG_DISPUTE_TIED", "BG-GEN-02", "The roll-off kept tying; roll again.");
  pb::BgEvent e;
  auto* x = e.mutable_dispute();
  x->set_question(d.question());
  x->set_asked_by(side_id(st, side));
  for (int s = 0; s < 2; ++s) x->add_sides(side_id(st, s));
  x->add_rolls(a);
  x->add_rolls(b);
  x->set_winner(side_id(st, a > b ? 0 : 1));
  emit_bg(ctx, e);
}

}  // namespace sandtable::bg
