// BG-MED-01 in melee: a medic fights at -1 and never guards prisoners.
#include "tests/engine/bg_melee_test_util.h"

namespace sandtable::bgtest {
namespace {

const pb::BgMeleeRound* round_of(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_round(); });
  return e ? &e->melee_round() : nullptr;
}

// Charges "g" into "b" with every die a 6 and turns a joker: the melee phase starts.
void into_melee(TG& t, int charge_dice) {
  t.draw(card(S, 9));
  t.ok(charge("axis", "g", "b"), std::vector<int>(static_cast<std::size_t>(charge_dice), 6));
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  t.draw(make_joker(1));
  ASSERT_EQ(t.st().phase, bg::Phase::kMelee);
}

// BG-MED-01: the medic pairs last (GAP-BG-MEL-06) and fights at -1.
TEST(BgMedic, MED01MinusOneInMelee) {
  Sc sc;
  sc.option("bg.melee_pairing", "listed");  // the listed pairs put the medic last (chosen pairs: BgMeleeChoice)
  sc.inf(0, "g", 3, 10, 10).mutable_figures(2)->set_kind("medic");  // g-f0 leader, g-f1 rifle, g-f2 medic
  sc.inf(1, "b", 3, 10, 20, 1, 0, "C", 180);
  TG t(sc.s);
  into_melee(t, 2);  // 2 shooters: 1 white + 1 leader
  auto o = t.ok(fight("axis", t.st().melees[0].id), {6, 1, 6, 1, 6, 1});
  const auto* r = round_of(o);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->pairs_size(), 3);
  EXPECT_EQ(r->pairs(2).a(), "g-f2");
  EXPECT_EQ(r->pairs(2).mod_a(), -1);
  EXPECT_EQ(r->pairs(1).mod_a(), 0);
}

// BG-MED-01: with no rifle left the guard is another fighting figure, never the medic, though
// the medic stands at the back where guards are taken from.
TEST(BgMedic, MED01NeverGuardsPrisoners) {
  Sc sc;
  sc.option("bg.melee_pairing", "listed");  // the listed pairs g-f0/b-f0, g-f1/b-f1
  auto& g = sc.inf(0, "g", 5, 10, 10);
  for (int i = 1; i <= 3; ++i) g.mutable_figures(i)->set_kind("engineer");
  g.mutable_figures(4)->set_kind("medic");
  sc.inf(1, "b", 2, 10, 20, 1, 0, "C", 180);
  TG t(sc.s);
  into_melee(t, 3);  // 4 shooters: 2 white + 1 leader
  // Pairs: g-f0 beats b-f0; b-f1 beats g-f1. Then 1 British against 4: surrender (BG-MEL-08).
  auto o = t.ok(fight("axis", t.st().melees[0].id), {6, 1, 1, 6});
  const auto* grp = TG::find(o, [](const pb::BgEvent& b) { return b.has_prisoners(); });
  ASSERT_NE(grp, nullptr);
  ASSERT_EQ(grp->prisoners().guards_size(), 1);
  EXPECT_EQ(grp->prisoners().guards(0), "g-f3");
}

}  // namespace
}  // namespace sandtable::bgtest
