// Battleground: the players' choices in melee: who fills the pairs (BG-MEL-06, BG-MEL-10,
// GAP-BG-MEL-06), held-back specials, the bg.melee_pairing option, per-figure melee weapons and
// the defender of a wall (BG-MEL-07, GAP-BG-MEL-07b/c).
#include "engine/rulesets/bg/bg_melee.h"
#include "tests/engine/bg_melee_test_util.h"

namespace sandtable::bgtest {
namespace {

const pb::BgMeleeRound* round_of(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_round(); });
  return e ? &e->melee_round() : nullptr;
}

pb::Command order(const std::string& seat, const std::string& melee, std::vector<std::string> figs) {
  BgOrder c = cmd(seat);
  c.mutable_bg()->mutable_melee_order()->set_melee_id(melee);
  for (const auto& f : figs) c.mutable_bg()->mutable_melee_order()->add_figure_ids(f);
  return c;
}

// BG-EX-09-like: 7 Germans (1 leader, grade C) charge 5 British (1 leader, grade A) dug in in a
// house; the melee phase starts. `wall`: a stone wall just in front of the British instead of
// the house and dug-in marker.
TG in_melee(Sc sc) {
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "g", "b"), {5, 2, 3, 4, 2, 3, 4, 5});
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  EXPECT_EQ(t.st().melees.size(), 1u);
  t.draw(make_joker(1));
  EXPECT_EQ(t.st().phase, bg::Phase::kMelee);
  return t;
}

Sc arnhem() {
  Sc sc;
  sc.inf(0, "g", 7, 10, 10, 1);
  sc.inf(1, "b", 5, 10, 20, 1, 0, "A", 180).add_attributes("dug_in");
  sc.area("house", "house", 7, 17, 13, 23);
  return sc;
}

// BG-MEL-06/10: the attackers (more figures than pairs) are asked first; their choice decides
// who fights: g-f6..g-f2 fight, the leader g-f0 and g-f1 wait. The defenders are not asked
// (the attackers in the pairs are all alike: the matching changes nothing).
TEST(BgMeleeChoice, MEL06AttackersChooseWhoFights) {
  TG t = in_melee(arnhem());
  const std::string id = t.st().melees[0].id;
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"axis"}));
  EXPECT_EQ(t.refused(fight("axis", id), {6, 1, 6, 1, 6, 1, 6, 1, 6, 1}), "BG_MELEE_ORDER_AWAITED");
  EXPECT_EQ(t.refused(order("allies", id, {})), "BG_NO_MELEE_ORDER_DUE");
  auto o = t.ok(order("axis", id, {"g-f6", "g-f5", "g-f4", "g-f3", "g-f2"}));
  const auto* ev = TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_ordered(); });
  ASSERT_NE(ev, nullptr);
  EXPECT_TRUE(ev->melee_ordered().attackers());
  EXPECT_EQ(ev->melee_ordered().round(), 1);
  const auto line = t.g->event_for(o.events.back(), "allies");
  ASSERT_TRUE(line.has_value());
  EXPECT_NE(line->text().find("chooses the pairs for melee round 1"), std::string::npos) << line->text();
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"axis", "allies"}));  // either rolls now
  auto f = t.ok(fight("axis", id), {6, 1, 6, 1, 6, 1, 6, 1, 1, 6});
  const auto* r = round_of(f);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->pairs_size(), 5);
  EXPECT_EQ(r->pairs(0).a(), "g-f6");
  EXPECT_EQ(r->pairs(0).b(), "b-f0");
  EXPECT_EQ(r->pairs(0).mod_a(), 0);  // a rifle, not the leader (listed order: g-f0 with +1)
  EXPECT_EQ(r->pairs(4).a(), "g-f2");
  EXPECT_EQ(r->waiting(0), "g-f0");
  EXPECT_EQ(r->waiting(1), "g-f1");
}

// BG-MEL-06: the defenders choose who faces each attacker once the attackers' pairs differ
// (the German leader in pair 3): the British leader faces the German leader.
TEST(BgMeleeChoice, MEL06DefendersChooseWhoFacesWhom) {
  TG t = in_melee(arnhem());
  const std::string id = t.st().melees[0].id;
  t.ok(order("axis", id, {"g-f1", "g-f2", "g-f0"}));  // pairs 4 and 5: g-f3, g-f4 (listed)
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"allies"}));
  EXPECT_EQ(t.refused(order("allies", id, {"b-f1", "b-f1"})), "BG_MELEE_FIGURE_TWICE");
  EXPECT_EQ(t.refused(order("allies", id, {"g-f1"})), "BG_MELEE_FIGURE_NOT_IN_MELEE");
  EXPECT_EQ(t.refused(order("allies", id, {"b-f1", "b-f2", "b-f3", "b-f4", "b-f0", "b-f0"})), "BG_MELEE_ORDER_TOO_MANY");
  t.ok(order("allies", id, {"b-f1", "b-f2", "b-f0"}));
  auto f = t.ok(fight("allies", id), {6, 1, 6, 1, 6, 1, 6, 1, 1, 6});
  const auto* r = round_of(f);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->pairs_size(), 5);
  EXPECT_EQ(r->pairs(2).a(), "g-f0");
  EXPECT_EQ(r->pairs(2).b(), "b-f0");
  EXPECT_EQ(r->pairs(2).mod_a(), 1);  // leader
  EXPECT_EQ(r->pairs(2).mod_b(), 3);  // leader + grade + dug in/house (first round)
  EXPECT_EQ(r->pairs(0).b(), "b-f1");
  EXPECT_EQ(r->pairs(0).mod_b(), 2);  // a rifle: grade + dug in
  EXPECT_EQ(r->pairs(3).a(), "g-f3");
  EXPECT_EQ(r->pairs(3).b(), "b-f3");
}

// BG-MEL-06/10 refusals in words: a dead figure is named (round 2: 3 Germans, 4 British: the
// British choose who fights).
TEST(BgMeleeChoice, MEL06DeadFigureRefused) {
  TG t = in_melee(arnhem());
  const std::string id = t.st().melees[0].id;
  t.ok(order("axis", id, {}));  // keep the listed order: g-f0..g-f4 fight
  t.ok(order("allies", id, {}));
  t.ok(fight("axis", id), {6, 1, 1, 6, 1, 6, 1, 6, 1, 6});  // b-f0 dies, g-f1..g-f4 die
  ASSERT_EQ(t.st().melees.size(), 1u);
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"allies"}));
  Outcome o = t.run(order("allies", id, {"b-f0"}));
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "BG_MELEE_FIGURE_DEAD");
  EXPECT_NE(o.rejection.message().find("dead"), std::string::npos);
}

// BG-MEL-10: "a2" charged first, "a1" joined: a1's figures may not fight while one of a2's
// waits; any choice within that order is accepted.
TEST(BgMeleeChoice, MEL10UnitOrderEnforced) {
  Sc sc;
  sc.inf(0, "a1", 4, 6, 10, 1);
  sc.inf(0, "a2", 4, 14, 10, 1);
  sc.inf(1, "e", 5, 10, 20, 1, 0, "C", 180);
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a2", "e"), {5, 5, 2});
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  t.ok(charge("axis", "a1", "e"), {5, 5, 2});
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  t.draw(make_joker(1));
  const std::string id = t.st().melees[0].id;
  Outcome o = t.run(order("axis", id, {"a1-f0", "a2-f0", "a2-f1", "a2-f2", "a1-f1"}));
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "BG_MELEE_UNIT_ORDER");
  EXPECT_EQ(o.rejection.rule_id(), "BG-MEL-10");
  EXPECT_NE(o.rejection.message().find("charged first"), std::string::npos) << o.rejection.message();
  t.ok(order("axis", id, {"a2-f3", "a2-f2", "a2-f1", "a2-f0", "a1-f2"}));
  if (t.g->waiting_for() == std::vector<std::string>{"allies"}) t.ok(order("allies", id, {}));
  auto f = t.ok(fight("axis", id), {6, 1, 6, 1, 6, 1, 6, 1, 6, 1});
  const auto* r = round_of(f);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->pairs(0).a(), "a2-f3");
  EXPECT_EQ(r->pairs(4).a(), "a1-f2");  // not a1's leader: the owner's choice within a1
}

// BG-MEL-10: a special figure (medic) is held back while the enemy has fewer figures (listed
// order), but its side may put it in a pair (it then dies without a save if it loses, BG-DMG-03).
TEST(BgMeleeChoice, MEL10SpecialsHeldBackUnlessChosen) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10, 1);
  sc.inf(1, "e", 5, 10, 20, 1, 0, "C", 180).mutable_figures(4)->set_kind("medic");
  {
    TG t(sc.s);
    t.draw(card(S, 9));
    t.ok(charge("axis", "a", "e"), {5, 5, 2});
    t.ok(answer(t, "allies", "none"), {6, 6, 6});
    t.draw(make_joker(1));
    const std::string id = t.st().melees[0].id;
    EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"allies"}));  // 5 defenders, 4 pairs
    t.ok(order("allies", id, {}));
    const auto* r = round_of(t.ok(fight("axis", id), {1, 6, 1, 6, 1, 6, 1, 6}));
    ASSERT_NE(r, nullptr);
    ASSERT_EQ(r->waiting_size(), 1);
    EXPECT_EQ(r->waiting(0), "e-f4");  // the medic waits
  }
  TG t(sc.s);
  t.draw(card(S, 9));
  t.ok(charge("axis", "a", "e"), {5, 5, 2});
  t.ok(answer(t, "allies", "none"), {6, 6, 6});
  t.draw(make_joker(1));
  const std::string id = t.st().melees[0].id;
  t.ok(order("allies", id, {"e-f4"}));
  auto o = t.ok(fight("axis", id), {6, 1, 1, 6, 1, 6, 1, 6});
  const auto* r = round_of(o);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->pairs(0).b(), "e-f4");
  EXPECT_EQ(r->pairs(0).mod_b(), -1);  // a medic in melee
  EXPECT_EQ(r->pairs(0).loser(), "e-f4");
  EXPECT_EQ(r->waiting(0), "e-f3");
  const auto* cas = TG::find(o, [](const pb::BgEvent& b) { return b.has_casualties() && b.casualties().unit_id() == "e"; });
  ASSERT_NE(cas, nullptr);
  EXPECT_EQ(cas->casualties().killed(0), "e-f4");  // no save (BG-DMG-03)
}

// bg.melee_pairing = listed: nobody is asked; the round is fought in the listed order.
TEST(BgMeleeChoice, MEL06ListedOptionNeverAsks) {
  Sc sc = arnhem();
  sc.option("bg.melee_pairing", "listed");
  TG t = in_melee(sc);
  const std::string id = t.st().melees[0].id;
  EXPECT_EQ(t.g->waiting_for(), (std::vector<std::string>{"axis", "allies"}));
  EXPECT_EQ(t.refused(order("axis", id, {})), "BG_NO_MELEE_ORDER_DUE");
  const auto* r = round_of(t.ok(fight("axis", id), {6, 1, 6, 1, 6, 1, 6, 1, 1, 6}));
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->pairs(0).a(), "g-f0");
  for (const auto& e : t.log) {
    EXPECT_FALSE(has_bg(e) && bg_of(e).has_melee_ordered());
  }
}

// The menu: a "plan" entry per pair with the side's figures and their modifiers, and the
// listed order; picks sent together become one BgMeleeOrder (pairs not picked: listed rest).
TEST(BgMeleeChoice, MEL10MenuPlanOfPairs) {
  TG t = in_melee(arnhem());
  const std::string id = t.st().melees[0].id;
  const pb::ActionMenu m = t.g->menu("axis");
  const pb::Action* pair1 = nullptr;
  const pb::Action* listed = nullptr;
  for (const auto& a : m.actions()) {
    if (a.id() == "melee-pair:" + id + ":1") pair1 = &a;
    if (a.id() == "melee-listed:" + id) listed = &a;
  }
  ASSERT_NE(pair1, nullptr);
  ASSERT_NE(listed, nullptr);
  EXPECT_EQ(pair1->kind(), "plan");
  EXPECT_TRUE(listed->targets().empty());
  ASSERT_EQ(pair1->targets_size(), 7);
  EXPECT_EQ(pair1->targets(0).label(), "Leader g-f0 — g");
  EXPECT_EQ(pair1->targets(0).detail(), "+1 leader");
  EXPECT_TRUE(t.g->menu("allies").actions().empty());
  pb::PlayAction play;
  play.set_action("melee-pair:" + id + ":2");
  play.set_target("g-f6");
  auto* part = play.add_also();
  part->set_action("melee-pair:" + id + ":1");
  part->set_target("g-f5");
  pb::Command c;
  c.set_seat("axis");
  *c.mutable_play() = play;
  TableDice none;
  const Outcome o = t.g->execute(c, &none);
  ASSERT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  const auto* ev = TG::find(o, [](const pb::BgEvent& b) { return b.has_melee_ordered(); });
  ASSERT_NE(ev, nullptr);
  const auto& ids = ev->melee_ordered().figure_ids();
  EXPECT_EQ(std::vector<std::string>(ids.begin(), ids.end()), (std::vector<std::string>{"g-f5", "g-f6", "g-f0", "g-f1", "g-f2"}));
}

// BG-MEL-07 (optional, GAP-BG-MEL-07b): a figure the scenario arms (melee_weapon=<figure>:
// bayonet) gets +1; its unarmed neighbour does not.
TEST(BgMeleeChoice, MEL07MarkedFigureGetsWeaponBonus) {
  Sc sc = arnhem();
  sc.option("bg.melee_pairing", "listed");
  sc.s.mutable_sides(0)->mutable_units(0)->add_attributes("melee_weapon=g-f1:bayonet");
  TG t = in_melee(sc);
  const auto* r = round_of(t.ok(fight("axis", t.st().melees[0].id), {6, 1, 6, 1, 6, 1, 6, 1, 1, 6}));
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->pairs(1).a(), "g-f1");
  EXPECT_EQ(r->pairs(1).mod_a(), 1);  // bayonet
  EXPECT_EQ(r->pairs(2).mod_a(), 0);  // g-f2: none
  Sc bad = arnhem();
  bad.s.mutable_sides(0)->mutable_units(0)->add_attributes("melee_weapon=g-f1:club");
  EXPECT_TRUE(rules().validate(bad.s).has_value());
}

// BG-MEL-07 (GAP-BG-MEL-07c): a defender behind a wall (a line with red dice crossing the line
// to its opponent within 1") gets +1 in the first round only.
TEST(BgMeleeChoice, MEL07WallDefenderFirstRoundOnly) {
  Sc sc;
  sc.inf(0, "g", 4, 10, 10, 1);
  sc.inf(1, "b", 4, 10, 20, 0, 0, "C", 180);
  sc.option("bg.melee_pairing", "listed");
  TG t(sc.s);
  const bg::BgState& st = t.st();
  // The geometric test itself: a wall 0.5" in front of a defending figure, crossed by the line
  // from its opponent; not when the wall is farther than 1" or a river.
  bg::BgState copy = st;
  bg::Terrain wall;
  wall.kind = bg::TerrainKind::kWall;
  wall.red = 2;
  wall.line = {{0, 19.5}, {20, 19.5}};
  copy.terrain.push_back(wall);
  EXPECT_TRUE(bg::defends_wall(copy, {10, 18.9}, {10, 20}));
  EXPECT_FALSE(bg::defends_wall(copy, {10, 18.9}, {10, 21}));  // wall 1.5" away
  EXPECT_FALSE(bg::defends_wall(copy, {10, 21}, {10, 20}));    // the wall is not between them
  copy.terrain.back().kind = bg::TerrainKind::kRiver;
  EXPECT_FALSE(bg::defends_wall(copy, {10, 18.9}, {10, 20}));
  // In a round: the modifier is +1 in round 1 and gone in round 2.
  copy.terrain.back().kind = bg::TerrainKind::kWall;
  bg::Melee m;
  m.attackers = {"g"};
  m.defenders = {"b"};
  m.from_behind = {false};
  const auto att = bg::melee_fighters(copy, m.attackers);
  const auto def = bg::melee_fighters(copy, m.defenders);
  ASSERT_FALSE(att.empty());
  ASSERT_FALSE(def.empty());
  bg::Figure a = *att[0].fig, d = *def[0].fig;
  a.pos = {10, 18.9};
  d.pos = {10, 20};
  const bg::MeleeFighter fa{att[0].unit, &a, 0, false}, fd{def[0].unit, &d, 0, false};
  std::vector<std::string> words;
  EXPECT_EQ(bg::melee_modifier(copy, m, fd, fa, false, &words), 1);
  EXPECT_EQ(words, (std::vector<std::string>{"+1 wall"}));
  EXPECT_EQ(bg::melee_modifier(st, m, fd, fa, false), 0);  // no wall on the table
  m.round = 1;
  EXPECT_EQ(bg::melee_modifier(copy, m, fd, fa, false), 0);  // second round
}

}  // namespace
}  // namespace sandtable::bgtest
