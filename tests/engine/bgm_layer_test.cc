// Shaffer's modifications, profile (a) "Battleground + Shaffer vehicles" (GAP-BGM-GEN-01,
// engine/rulesets/bg/bgm_layer.cc): the d20 anti-tank fire played on Carroll's table, the derived
// examples BGM-DX-01..04 through a real game with exactly their numbers, and what each result
// does to the vehicle struck.
#include <map>
#include <set>

#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bgm_layer.h"
#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {
namespace {

using bg::BgmVehicle;

inline Die d20(int v) { return {pb::DIE_KIND_D20, v}; }

// Axis Pz IV H "t" at (10, 5) facing north; Allied M4A3 (75) "v" `range` inches north of it,
// facing south (its front to the Germans). Both crews regular (grade C).
Sc duel(double range = 30, const std::string& shooter_model = "Pz IV H", double width = 60, double height = 36) {
  Sc sc;
  sc.s.mutable_table()->set_width(width);
  sc.s.mutable_table()->set_height(height);
  sc.option("bg.mods", "vehicles");
  sc.vehicle(0, "t", "medium_tank", 10, 5, 0).add_attributes("model=" + shooter_model);
  sc.vehicle(1, "v", "medium_tank", 10, 5 + range, 180).add_attributes("model=M4A3 (75)");
  return sc;
}

TG axis_shooting(const Sc& sc) {
  TG t(sc.s);
  t.draw(card(C, 9));  // BG-CARD-02: clubs, the Axis shoot
  return t;
}

const pb::BgmAtShot* shot_of(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_bgm_at_shot(); });
  return e ? &e->bgm_at_shot() : nullptr;
}

const BgmVehicle& bgm(const TG& t, const std::string& id) { return *t.u(id).vehicle->bgm; }

// Ends the side's card unless it ended by itself (no unit of the side left to act).
void finish(TG& t, const std::string& seat) {
  if (t.st().phase == bg::Phase::kCards && t.st().action.side == t.st().side_index(seat)) t.end_action(seat);
}

// Plays out the rest of a turn whose Axis shooting card is open (the other three suits, each
// finished at once) and opens the next turn's Axis shooting card, rank `next_clubs`. Cards are not
// reshuffled between turns (BG-CARD-11), so each turn uses ranks of its own.
void next_turn(TG& t, int rank, int next_clubs) {
  finish(t, "axis");
  for (auto [suit, seat] : {std::pair{H, "allies"}, std::pair{D, "allies"}, std::pair{S, "axis"}}) {
    t.draw(card(suit, rank), seat);
    finish(t, seat);
  }
  t.draw(card(C, next_clubs));
}

Outcome fire(TG& t, const std::vector<Die>& dice, const std::string& seat = "axis", const std::string& who = "t",
             const std::string& at = "v") {
  Outcome o = run_dice(t, shoot_cmd(seat, who, at, "heavy_gun3"), dice);
  EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  return o;
}

// BGM-DX-01 / BGM-AT-02 / BGM-AT-03 / BGM-AT-04 / BGM-VEH-02: the 75L is a long gun, 30" is its
// short band (base 12), the M4A3 is a large target (-1) and nothing else applies: natural 12 hits
// (11 < 12), natural 13 misses (12 is not less than 12).
TEST(BgmLayer, BGM_DX_01_ToHitOnTheTable) {
  {
    TG t = axis_shooting(duel());
    const Outcome o = fire(t, {d20(12), d20(9), d20(15)});  // hull, no penetration, no effect
    const auto* s = shot_of(o);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->gun(), "75L");
    EXPECT_EQ(s->band(), "short");
    EXPECT_EQ(s->to_hit(), 12);
    ASSERT_EQ(s->modifiers_size(), 1);
    EXPECT_EQ(s->modifiers(0).name(), "large target");
    EXPECT_EQ(s->modifiers(0).value(), -1);
    EXPECT_EQ(s->modified(), 11);
    EXPECT_TRUE(s->hit());
    EXPECT_EQ(attack_of(o), nullptr);  // no Carroll dice pool for this shot
  }
  {
    TG t = axis_shooting(duel());
    const auto* s = shot_of(fire(t, {d20(13)}));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->modified(), 12);
    EXPECT_FALSE(s->hit());
    EXPECT_FALSE(s->jammed());
  }
}

// BGM-DX-02 / BGM-PEN-01 / BGM-LOC-03 / BGM-LOC-09: the same shot, 29 against the front hull (31)
// does not penetrate (non-penetration table); against the front turret (23) it does.
TEST(BgmLayer, BGM_DX_02_HullHoldsTurretPenetrated) {
  {
    TG t = axis_shooting(duel());
    const auto* s = shot_of(fire(t, {d20(5), d20(9), d20(15)}));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->aspect(), "front");
    EXPECT_EQ(s->location(), "hull");
    EXPECT_EQ(s->penetration(), 29);
    EXPECT_EQ(s->armour(), 31);
    EXPECT_FALSE(s->penetrated());
    EXPECT_EQ(s->damage(), "no effect");  // BGM-VDMG-08: 11-20
    EXPECT_EQ(s->morale_roll(), 0);      // nothing to shake the crew
  }
  {
    TG t = axis_shooting(duel());
    // turret (18); penetration table 19: light damage, out 1 turn (BGM-VDMG-07); crew morale d6 6.
    const auto* s = shot_of(fire(t, {d20(5), d20(18), d20(19), d6(6)}));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->location(), "turret");
    EXPECT_EQ(s->armour(), 23);
    EXPECT_TRUE(s->penetrated());
    EXPECT_EQ(s->damage(), "light damage");
    EXPECT_EQ(s->out_until_turn(), 2);  // BGM-VDMG-01: to the end of the next turn
    EXPECT_EQ(bgm(t, "v").out_until_turn, 2);
    EXPECT_FALSE(t.u("v").destroyed);
  }
}

// BGM-DX-03 / BGM-AT-05: 80" is the 75L's long band (-10 %): 29 x 0.9 = 26.1 -> 26, which
// penetrates the M4A3's front turret (23). The base to-hit there is 6.
TEST(BgmLayer, BGM_DX_03_AttenuatedPenetrationRoundsDown) {
  TG t = axis_shooting(duel(80, "Pz IV H", 120, 100));
  const auto* s = shot_of(fire(t, {d20(3), d20(18), d20(19), d6(6)}));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->band(), "long");
  EXPECT_EQ(s->to_hit(), 6);
  EXPECT_EQ(s->modified(), 2);
  EXPECT_EQ(s->penetration(), 26);
  EXPECT_TRUE(s->penetrated());
}

// BGM-DX-04 / BGM-AT-03 / BGM-AT-07: the Pz IV D's 75Sh at 50" is in the short gun's long band
// (48 < 50 <= 60): base 6, penetration 14 x 0.5 = 7; beyond 72" a short gun cannot fire.
TEST(BgmLayer, BGM_DX_04_ShortGunBandsAndItsLimit) {
  {
    TG t = axis_shooting(duel(50, "Pz IV D", 60, 80));
    const auto* s = shot_of(fire(t, {d20(1), d20(9), d20(15)}));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->band(), "long");
    EXPECT_EQ(s->to_hit(), 6);
    EXPECT_EQ(s->penetration(), 7);
  }
  TG far = axis_shooting(duel(73, "Pz IV D", 60, 100));
  EXPECT_EQ(far.refused(shoot_cmd("axis", "t", "v", "heavy_gun3")), "BGM_OUT_OF_RANGE");
  // Carroll's 24" heavy-gun range does not apply to the d20 fire (BGM-GEN-04: long gun ranges).
  TG long_gun = axis_shooting(duel(73, "Pz IV H", 60, 100));
  EXPECT_TRUE(shot_of(fire(long_gun, {d20(19)})));
}

// BGM-GEN-05: a natural 20 misses whatever the modifiers and jams the gun; it fires at nothing
// until a shooting card on which the crew clears it instead of firing.
TEST(BgmLayer, BGM_GEN_05_NaturalTwentyJamsUntilCleared) {
  Sc sc = duel();
  sc.vehicle(1, "v2", "medium_tank", 30, 35, 180).add_attributes("model=M4A3 (75)");
  TG t = axis_shooting(sc);
  const auto* s = shot_of(fire(t, {d20(20)}));
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->jammed());
  EXPECT_FALSE(s->hit());
  EXPECT_TRUE(bgm(t, "t").jammed);
  // The rest of the turn (BG-CARD-05: the other three suits), then the next Axis shooting card.
  next_turn(t, 2, 8);
  ASSERT_EQ(t.st().turn, 2);
  EXPECT_EQ(t.refused(shoot_cmd("axis", "t", "v2", "heavy_gun3")), "BGM_JAMMED");
  bool offered = false;
  for (const auto& c : bg::legal_actions(t.st(), "axis")) offered = offered || bg_of(c).has_unjam();
  EXPECT_TRUE(offered);
  BgOrder u = cmd("axis");
  u.mutable_bg()->mutable_unjam()->set_unit_id("t");
  const Outcome o = t.ok(u);
  EXPECT_TRUE(TG::find(o, [](const pb::BgEvent& b) { return b.has_bgm_unjammed(); }));
  EXPECT_FALSE(bgm(t, "t").jammed);
  // Clearing it was the tank's shooting action on this card (BG-CARD-03).
  EXPECT_TRUE(TG::find(o, [](const pb::BgEvent& b) {
    return b.has_unit_acted() && b.unit_acted().unit_id() == "t" && b.unit_acted().action() == pb::BG_ACTION_SHOOT;
  }));
}

// BGM-LOC-06 / BGM-VDMG-05: a gun hit (front 2-3) knocks the main gun out for the game, with no
// penetration test; the crew tests its morale (BGM-VDMG-03).
TEST(BgmLayer, BGM_LOC_06_GunHitSilencesTheMainGun) {
  TG t = axis_shooting(duel());
  const auto* s = shot_of(fire(t, {d20(1), d20(2), d6(6)}));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->location(), "gun");
  EXPECT_FALSE(s->tested());
  EXPECT_TRUE(s->gun_out());
  EXPECT_EQ(s->morale_roll(), 6);
  EXPECT_TRUE(bgm(t, "v").gun_out);
  finish(t, "axis");
  t.draw(card(H, 9), "allies");
  EXPECT_EQ(t.refused(shoot_cmd("allies", "v", "t", "heavy_gun3")), "BGM_GUN_OUT");
}

// BGM-VDMG-03 (as GAP-BGM-GEN-01 maps it): a failed crew test after damage and the crew bails
// out; the vehicle is lost (BgVehicleDamaged, destroyed).
TEST(BgmLayer, BGM_VDMG_03_CrewBailsOutOnAFailedTest) {
  TG t = axis_shooting(duel());
  const Outcome o = fire(t, {d20(1), d20(4), d6(1)});  // front 4: immobilised (BGM-LOC-07)
  const auto* s = shot_of(o);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->location(), "immobilized");
  EXPECT_TRUE(s->immobilized());
  EXPECT_TRUE(s->bailed_out());
  EXPECT_TRUE(t.u("v").destroyed);
  EXPECT_TRUE(TG::find(o, [](const pb::BgEvent& b) { return b.has_vehicle_damaged() && b.vehicle_damaged().destroyed(); }));
}

// Ends turn 1 from the Axis shooting card (the other suits turned and finished at once); the
// Spades card's end opens turn 2, whose start rolls `dice` (an immobilised crew's test).
Outcome into_turn_two(TG& t, const std::vector<Die>& dice) {
  finish(t, "axis");
  t.draw(card(H, 4), "allies");
  finish(t, "allies");
  t.draw(card(D, 4), "allies");
  finish(t, "allies");
  t.draw(card(S, 4), "axis");
  BgOrder end = cmd("axis");
  end.mutable_bg()->mutable_end_action();
  Outcome o = run_dice(t, end, dice);
  EXPECT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(t.st().turn, 2);
  return o;
}

// GAP-BGM-LOC-07 / BGM-LOC-07: an "immobilized" location is for good: the crew passes its test
// (d6 6), and the tank may not move on the next turn's Allied move card.
TEST(BgmLayer, GAP_BGM_LOC_07_ImmobilisedForGood) {
  TG t = axis_shooting(duel());
  const auto* s = shot_of(fire(t, {d20(1), d20(4), d6(6)}));
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->immobilized());
  EXPECT_FALSE(t.u("v").destroyed);
  into_turn_two(t, {d6(6)});  // the crew stays aboard (BGM-VDMG-03)
  t.draw(card(D, 5), "allies");
  EXPECT_EQ(t.refused(vmove("allies", "v", 2, {{10, 33}}, 180)), "BG_IMMOBILIZED");
}

// BGM-VDMG-03: an immobilised crew that stays aboard (d6 6 at the hit) tests again as each turn
// starts: the Spades card's end closes turn 1, and turn 2 opens with its test, a 1: it bails out.
TEST(BgmLayer, BGM_VDMG_03_ImmobilisedCrewTestsEveryTurn) {
  for (const int roll : {1, 6}) {
    TG t = axis_shooting(duel());
    const auto* s = shot_of(fire(t, {d20(1), d20(4), d6(6)}));
    ASSERT_TRUE(s && s->immobilized());
    const Outcome o = into_turn_two(t, {d6(roll)});
    const auto* c = TG::find(o, [](const pb::BgEvent& b) { return b.has_bgm_crew_test(); });
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->bgm_crew_test().roll(), roll);
    EXPECT_EQ(c->bgm_crew_test().bailed_out(), roll == 1);
    EXPECT_EQ(t.u("v").destroyed, roll == 1);
  }
}

// BGM-VDMG-01 / BGM-VDMG-07: moderate damage puts the vehicle out of action to the end of turn
// 1 + 2; on the Allied shooting card of the same turn it may not act.
TEST(BgmLayer, BGM_VDMG_01_OutOfActionRefusesItsOrders) {
  TG t = axis_shooting(duel());
  const auto* s = shot_of(fire(t, {d20(1), d20(18), d20(16), d6(6)}));  // turret, pen, moderate
  ASSERT_TRUE(s);
  EXPECT_EQ(s->damage(), "moderate damage");
  EXPECT_EQ(bgm(t, "v").out_until_turn, 3);
  finish(t, "axis");
  t.draw(card(H, 9), "allies");
  EXPECT_EQ(t.refused(shoot_cmd("allies", "v", "t", "heavy_gun3")), "BGM_OUT_OF_ACTION");
}

// BGM-VDMG-07 / BGM-VDMG-06: a catastrophic hit destroys the vehicle and every figure within 2"
// rolls on damage column C (row 1 GD kills; row 9 LtW leaves Carroll's figure standing).
TEST(BgmLayer, BGM_VDMG_06_CatastrophicBlast) {
  Sc sc = duel();
  // Beside the hull (x 9.125..10.875): figures at x 11.5 and 12.5 are within 2", 13.5 is not.
  sc.inf(1, "crew", 3, 12.5, 35, 1, 0, "C", 180);
  sc.inf(1, "far", 2, 40, 30, 1, 0, "C", 180);
  TG t = axis_shooting(sc);
  // to hit 1, turret 18, penetration table 1 (catastrophic); blast d20 1 (GD) and 9 (LtW).
  const Outcome o = fire(t, {d20(1), d20(18), d20(1), d20(1), d20(9)});
  const auto* s = shot_of(o);
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->catastrophic());
  EXPECT_TRUE(t.u("v").destroyed);
  const auto* c = casualties_of(o);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->unit_id(), "crew");
  EXPECT_EQ(c->killed_size(), 1);
  EXPECT_EQ(t.u("crew").living(), 2);
  EXPECT_EQ(t.u("far").living(), 2);
}

// BGM-LOC-04 / BGM-CREW-01 / BGM-CREW-02: "hull & crew" (front 13): the hull is tested (29 vs
// 31, no penetration, non-penetration table) and a crewman is struck: front hull d6 2 -> driver,
// column F (not penetrated) with no calibre modifier (75 mm); d20 1 -> F row 1 KIA.
TEST(BgmLayer, BGM_LOC_04_HullAndCrewHitsBoth) {
  TG t = axis_shooting(duel());
  const auto* s = shot_of(fire(t, {d20(1), d20(13), d20(15), d6(2), d20(1), d6(6)}));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->location(), "hull & crew");
  EXPECT_FALSE(s->penetrated());
  ASSERT_EQ(s->crew_size(), 1);
  EXPECT_EQ(s->crew(0).crewman(), "driver");
  EXPECT_EQ(s->crew(0).column(), "F");
  EXPECT_EQ(s->crew(0).modifier(), 0);
  EXPECT_EQ(s->crew(0).result(), "KIA");
  EXPECT_FALSE(s->commander_killed());
  EXPECT_EQ(s->morale_roll(), 6);  // a crew hit shakes the crew (BGM-VDMG-03)
}

// BGM-LOC-08 / BGM-AT-08: a commander killed (front 20) costs the vehicle +3 on its own shots.
// GAP-BGM-GEN-01: grade D is a green crew (+2); a shooter that moved earlier this turn has moved
// in a previous action (+8); the second shot at the same target -1 (GAP-BGM-AT-08).
TEST(BgmLayer, BGM_AT_08_ModifiersFromTheTable) {
  Sc sc = duel();
  sc.s.mutable_sides(1)->mutable_units(0)->set_quality("D");
  TG t = axis_shooting(sc);
  const auto* s = shot_of(fire(t, {d20(1), d20(20), d6(6)}));
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->commander_killed());
  finish(t, "axis");
  t.draw(card(H, 9), "allies");
  const auto* back = shot_of(fire(t, {d20(19)}, "allies", "v", "t"));
  ASSERT_TRUE(back);
  std::map<std::string, int> mods;
  for (const auto& m : back->modifiers()) mods[m.name()] = m.value();
  EXPECT_EQ(mods["green crew"], 2);
  EXPECT_EQ(mods["no commander"], 3);
  EXPECT_EQ(mods.count("new target"), 0u);  // its first shot: nothing engaged before
  // The Pz IV H is medium (no size modifier).
  EXPECT_EQ(mods.size(), 2u);
  EXPECT_EQ(bgm(t, "v").last_target, "t");
}

// BGM-AT-08 (GAP-BGM-AT-08): a shooter that moved earlier in the turn; the target moved across
// its side (+1 per full 3"); a new target after engaging another one.
TEST(BgmLayer, BGM_AT_08_MovementAndTargetChanges) {
  Sc sc = duel();
  sc.vehicle(1, "v2", "medium_tank", 30, 20, 0).add_attributes("model=M4A3 (75)");
  TG t(sc.s);
  // Allied move: v2 drives 7" north-ish along x = 30 (its left side faces the German at x = 10).
  t.draw(card(D, 9), "allies");
  ASSERT_TRUE(run_dice(t, vmove("allies", "v2", 2, {{30, 27}}, 0), d6s({4, 4})).accepted);
  finish(t, "allies");
  // Axis move: the Pz IV H drives 1" forward, then shoots on the Axis shooting card.
  t.draw(card(S, 9));
  ASSERT_TRUE(run_dice(t, vmove("axis", "t", 1, {{10, 6}}, 0), d6s({4})).accepted);
  finish(t, "axis");
  t.draw(card(C, 9));
  const auto* s = shot_of(fire(t, {d20(19)}, "axis", "t", "v2"));
  ASSERT_TRUE(s);
  std::map<std::string, int> mods;
  for (const auto& m : s->modifiers()) mods[m.name()] = m.value();
  EXPECT_EQ(s->aspect(), "side");
  EXPECT_EQ(mods["moved in a previous action"], 8);
  EXPECT_EQ(mods["target moving across"], 2);  // 7" -> 2 full 3"
  EXPECT_EQ(mods["large target"], -1);
  // BGM-VEH-03: the turret, laid along the hull after the move, turns about 44 degrees to v2.
  EXPECT_EQ(mods["turret traversed up to 45 degrees"], 1);
  EXPECT_EQ(mods.size(), 4u);
}

// GAP-BGM-AT-08: the second shot at the same target -1, a later one -2, and a shot at another
// target after engaging one +1 (new target). Each shot is a separate turn's Axis shooting card.
TEST(BgmLayer, BGM_AT_08_SecondSubsequentAndNewTarget) {
  Sc sc = duel();
  sc.vehicle(1, "v2", "medium_tank", 30, 35, 180).add_attributes("model=M4A3 (75)");
  TG t = axis_shooting(sc);
  auto mods_of = [](const pb::BgmAtShot* s) {
    std::map<std::string, int> m;
    for (const auto& x : s->modifiers()) m[x.name()] = x.value();
    return m;
  };
  auto shoot = [&](const std::string& at) {
    const auto* s = shot_of(fire(t, {d20(19)}, "axis", "t", at));
    return s ? mods_of(s) : std::map<std::string, int>{{"no shot", 0}};
  };
  EXPECT_EQ(shoot("v").count("new target"), 0u);
  next_turn(t, 2, 8);
  EXPECT_EQ(shoot("v")["second shot at the target"], -1);
  next_turn(t, 3, 7);
  EXPECT_EQ(shoot("v")["subsequent shot at the target"], -2);
  next_turn(t, 4, 10);
  EXPECT_EQ(shoot("v2")["new target"], 1);
}

// BGM-LOC-05 / BGM-VDMG-04 / BGM-DX-09: from behind (the M4A3 faces away), rear 8-13 is the
// engine: 29 against the rear hull (8) penetrates, the engine stops for good (immobilised) and an
// American engine burns on a natural 13 or less (13 - 8 = 5): the vehicle is lost; on 14 it does not.
TEST(BgmLayer, BGM_VDMG_04_EngineHitAndFire) {
  Sc sc = duel();
  sc.s.mutable_sides(1)->mutable_units(0)->set_facing_deg(0);
  {
    TG t = axis_shooting(sc);
    const auto* s = shot_of(fire(t, {d20(1), d20(10), d20(13)}));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->aspect(), "rear");
    EXPECT_EQ(s->location(), "engine");
    EXPECT_EQ(s->armour(), 8);
    EXPECT_TRUE(s->penetrated());
    EXPECT_TRUE(s->on_fire());
    EXPECT_TRUE(t.u("v").destroyed);
  }
  {
    TG t = axis_shooting(sc);
    const auto* s = shot_of(fire(t, {d20(1), d20(10), d20(14), d6(6)}));
    ASSERT_TRUE(s);
    EXPECT_FALSE(s->on_fire());
    EXPECT_TRUE(s->immobilized());
    EXPECT_TRUE(t.u("v").vehicle->immobilized);
    EXPECT_FALSE(t.u("v").destroyed);
  }
}

// BGM-VDMG-02 / BGM-VDMG-07: heavy damage (penetration table 11-15) puts the vehicle out for three
// turns and +2 on its own shots from then on; the table marks both on the unit.
TEST(BgmLayer, BGM_VDMG_02_HeavyDamageCostsTwoOnItsShots) {
  TG t = axis_shooting(duel());
  const auto* s = shot_of(fire(t, {d20(1), d20(18), d20(12), d6(6)}));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->damage(), "heavy damage");
  EXPECT_EQ(bgm(t, "v").out_until_turn, 4);
  EXPECT_TRUE(bgm(t, "v").heavy_damage);
  const bg::BgmShotPlan p = bg::plan_bgm_shot(t.st(), t.u("v"), t.u("t"));
  bool plus_two = false;
  for (const auto& [name, v] : p.modifiers) plus_two = plus_two || (name == "heavy damage" && v == 2);
  EXPECT_TRUE(plus_two);
  const pb::View view = t.g->view("allies");
  std::set<std::string> keys;
  for (const auto& u : view.units()) {
    if (u.id() != "v") continue;
    for (const auto& m : u.markers()) keys.insert(m.key());
  }
  EXPECT_TRUE(keys.count("bgm_heavy_damage"));
  EXPECT_TRUE(keys.count("bgm_out"));
  EXPECT_EQ(view.ruleset_title(), "Battleground + Shaffer vehicles");
}

// BGM-LOC-02: a special hit (front 1). The 75 mm AP round (50 mm or more) penetrates outright:
// the penetration table as rolled (19, light damage). The Stuart's 37 mm rolls it +2: 15 reads 17,
// moderate damage instead of heavy.
TEST(BgmLayer, BGM_LOC_02_SpecialHitsByCalibre) {
  {
    TG t = axis_shooting(duel());
    const auto* s = shot_of(fire(t, {d20(1), d20(1), d20(19), d6(6)}));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->location(), "special");
    EXPECT_FALSE(s->tested());
    EXPECT_TRUE(s->penetrated());
    EXPECT_EQ(s->damage_modifier(), 0);
    EXPECT_EQ(s->damage(), "light damage");
  }
  TG t = axis_shooting(duel(30, "M5A1 (Stuart)"));
  const auto* s = shot_of(fire(t, {d20(1), d20(1), d20(15), d6(6)}));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->gun(), "37L");
  EXPECT_EQ(s->damage_modifier(), 2);
  EXPECT_EQ(s->damage(), "moderate damage");
}

// BGM-AT-01 / BGM-DX-01 in the browser's words: the target list and the shot's preview give the
// d20 number to beat with its modifiers and the penetration, not Carroll's dice pools.
TEST(BgmLayer, BGM_AT_01_TheShotIsPreviewedAsTheD20) {
  TG t = axis_shooting(duel());
  const pb::View v = t.g->view("axis");
  std::string detail;
  for (const auto& a : v.menu().actions()) {
    if (a.id() != "shoot:t") continue;
    for (const auto& target : a.targets()) {
      if (target.id() == "v") detail = target.detail();
    }
  }
  EXPECT_EQ(detail, "heavy_gun3: 75L d20 under 12 (short), -1 large target: 1-12 hit; penetration 29");
  pb::Query q;
  q.mutable_preview()->set_action("shoot:t");
  q.mutable_preview()->set_target("v");
  const pb::QueryAnswer a = t.g->query("axis", q);
  ASSERT_TRUE(a.ok()) << a.text();
  ASSERT_EQ(a.dice_size(), 1);
  EXPECT_EQ(a.dice(0).kind(), pb::DIE_KIND_D20);
  EXPECT_NE(a.text().find("d20 under 12 (short), -1 large target: 1-12 hit; penetration 29; 30\""), std::string::npos) << a.text();
}

// Axis rifle squad "g" (leader g-f0, heavy weapon g-f1 at (10, 5)) facing north, the M4A3 "v"
// `range` inches north of the heavy weapon, facing it.
Sc team_duel(double range, const std::string& weapon = "panzerschreck") {
  Sc sc;
  sc.option("bg.mods", "vehicles");
  auto& g = sc.inf(0, "g", 4, 10.5, 5, 1, 1);
  if (!weapon.empty()) g.add_attributes("at_weapon=g-f1:" + weapon);
  sc.vehicle(1, "v", "medium_tank", 10, 5 + range, 180).add_attributes("model=M4A3 (75)");
  return sc;
}

// BGM-AT-10 / BGM-AT-07 / GAP-BGM-AT-10: an infantry anti-tank team fires the d20 from where it
// stands: the Panzerschreck at 8" is in its effective band (base 10), its penetration 35 is not
// attenuated and beats the M4A3's front hull (31).
TEST(BgmLayer, BGM_AT_10_InfantryAntiTankTeam) {
  TG t = axis_shooting(team_duel(8));
  const Outcome o = run_dice(t, shoot_cmd("axis", "g", "v"), {d20(5), d20(9), d20(19), d6(6)});
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  const auto* s = shot_of(o);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->figure_id(), "g-f1");
  EXPECT_EQ(s->gun(), "Panzerschreck");
  EXPECT_EQ(s->band(), "effective");
  EXPECT_EQ(s->to_hit(), 10);
  EXPECT_EQ(s->modified(), 4);  // large target -1, nothing else: no "HEAT ammunition" for a team
  EXPECT_EQ(s->penetration(), 35);
  EXPECT_EQ(s->armour(), 31);
  EXPECT_TRUE(s->penetrated());
  EXPECT_EQ(attack_of(o), nullptr);  // the riflemen add nothing against armour
  // Beyond the Panzerschreck's extreme band (15") it cannot fire; Carroll's 24" does not apply.
  TG far = axis_shooting(team_duel(16));
  EXPECT_EQ(far.refused(shoot_cmd("axis", "g", "v")), "BGM_OUT_OF_RANGE");
}

// GAP-BGM-GEN-01 (BG-VEH-02 replaced): with Shaffer's vehicles a unit with no anti-tank weapon
// cannot shoot at armour; without the layer the same squad (its heavy weapon counting, BG-VEH-02)
// rolls Carroll's dice pool at it.
TEST(BgmLayer, GAP_BGM_GEN_01_RiflesCannotHarmArmour) {
  TG t = axis_shooting(team_duel(8, ""));
  EXPECT_EQ(t.refused(shoot_cmd("axis", "g", "v")), "BGM_NO_AT_WEAPON");
  Sc off = team_duel(8, "");
  off.s.clear_options();
  TG carroll = axis_shooting(off);
  const Outcome o = run_dice(carroll, shoot_cmd("axis", "g", "v"), d6s({2, 2, 2, 2, 2, 2, 2, 2, 2}));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  ASSERT_TRUE(attack_of(o));
  EXPECT_FALSE(attack_of(o)->halved());
  EXPECT_FALSE(shot_of(o));
}

// BGM-AT-07: the attribute names a heavy weapon of the unit and a weapon of the table.
TEST(BgmLayer, BGM_AT_07_TheTeamsWeaponIsChecked) {
  Sc rifle = team_duel(8, "");
  rifle.s.mutable_sides(0)->mutable_units(0)->add_attributes("at_weapon=g-f2:bazooka");
  EXPECT_NE(rules().validate(rifle.s).value_or("").find("heavy weapon figure"), std::string::npos);
  Sc unknown = team_duel(8, "recoilless");
  EXPECT_NE(rules().validate(unknown.s).value_or("").find("at_weapon="), std::string::npos);
  Sc pen = team_duel(8, "bazooka:30");
  EXPECT_EQ(rules().validate(pen.s), std::nullopt);
  TG t = axis_shooting(pen);
  EXPECT_EQ(t.u("g").figure("g-f1")->at_pen, 30);
}

// BGM-AT-08 / BGM-VDMG-08 with bg.mods_hatches: buttoned up, every shot takes +2 and the
// non-penetration table's commander result (10) only wounds him; with hatches open it kills him.
TEST(BgmLayer, BGM_AT_08_HatchesOpenOrButtoned) {
  Sc closed = duel();
  closed.option("bg.mods_hatches", "buttoned");
  TG t = axis_shooting(closed);
  const auto* s = shot_of(fire(t, {d20(5), d20(9), d20(10)}));  // hull, 29 against 31, commander
  ASSERT_TRUE(s);
  ASSERT_EQ(s->modifiers_size(), 2);
  EXPECT_EQ(s->modifiers(0).name(), "buttoned up");
  EXPECT_EQ(s->modifiers(0).value(), 2);
  EXPECT_EQ(s->modified(), 6);
  EXPECT_FALSE(s->commander_killed());
  TG open = axis_shooting(duel());
  const auto* o = shot_of(fire(open, {d20(5), d20(9), d20(10), d6(6)}));
  ASSERT_TRUE(o);
  EXPECT_TRUE(o->commander_killed());
  EXPECT_TRUE(bgm(open, "v").commander_killed);
}

// GAP-BGM-GEN-01: the layer is a room option; without it the same shot is Carroll's dice pool.
// With it, every vehicle names a model from the tables (BGM-VEH-01), of its own kind.
TEST(BgmLayer, BGM_GEN_01_TheOptionAndTheModelsItNeeds) {
  Sc off;
  off.vehicle(0, "t", "medium_tank", 10, 5, 0).add_attributes("model=Pz IV H");
  off.vehicle(1, "v", "medium_tank", 10, 25, 180).add_attributes("model=M4A3 (75)");
  TG carroll = axis_shooting(off);
  const Outcome o = run_dice(carroll, shoot_cmd("axis", "t", "v", "heavy_gun3"), d6s({2, 2, 2, 2, 2, 2, 2, 2, 2}));
  ASSERT_TRUE(o.accepted);
  EXPECT_TRUE(attack_of(o));
  EXPECT_FALSE(shot_of(o));

  Sc missing;
  missing.option("bg.mods", "vehicles");
  missing.vehicle(0, "t", "medium_tank", 10, 5, 0);
  EXPECT_NE(rules().validate(missing.s).value_or("").find("names its model"), std::string::npos);
  Sc unknown = missing;
  unknown.s.mutable_sides(0)->mutable_units(0)->add_attributes("model=Sherman Firefly");
  EXPECT_NE(rules().validate(unknown.s).value_or("").find("not a model"), std::string::npos);
  Sc wrong_kind = missing;
  wrong_kind.s.mutable_sides(0)->mutable_units(0)->add_attributes("model=Jeep");
  EXPECT_NE(rules().validate(wrong_kind.s).value_or("").find("soft skin"), std::string::npos);
  Sc bad_value;
  bad_value.option("bg.mods", "skirmish!");
  EXPECT_NE(rules().validate(bad_value.s).value_or("").find("bg.mods"), std::string::npos);
}

// BGM-VEH-05/06: the printed data the shots read.
TEST(BgmLayer, BGM_VEH_05_06_ModelData) {
  const auto* p = bg::mods::model("Pz V G (Panther)");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->front.hull, 43);
  EXPECT_EQ(p->front.turret, 35);
  EXPECT_EQ(p->gun, "75XL");
  EXPECT_EQ(p->pen_ap, 37);
  EXPECT_EQ(p->size, "L");
  EXPECT_EQ(p->speed_cross, 10);  // GAP-BGM-VEH-01: cross-country, then road
  EXPECT_EQ(p->speed_road, 15);
  EXPECT_FALSE(p->turret_mod == std::nullopt);
  EXPECT_EQ(bg::mods::model("StuG III G")->turret_mod, std::nullopt);  // BGM-VEH-03: "none"
  const auto* j = bg::mods::model("M4A3E2 (76) Jumbo");
  ASSERT_TRUE(j);
  EXPECT_EQ(j->rear.hull, 22);  // GAP-BGM-VEH-06: kept as printed
  const auto* h = bg::mods::model("Sd.Kfz. 251/1");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->side.turret, -1);  // one printed number: open-topped
  EXPECT_TRUE(bg::mods::model("Jeep")->soft_skin);
  EXPECT_EQ(bg::mods::models().size(), 26u);
  EXPECT_EQ(bg::mods::calibre_mm("105Sh"), 105);
}

}  // namespace
}  // namespace sandtable::bgtest
