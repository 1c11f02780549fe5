// Shaffer's vehicles (profile a): laying the gun (BGM-VEH-03 with GAP-BGM-AT-08's turret steps),
// stabilisers (BGM-AT-09), the aimed shot (BGM-AT-06), plunging fire from a hill onto the top
// column (BGM-DMG-03 / BGM-SFO-05, GAP-BGM-DMG-03, GAP-BGM-PEN-01) and open AFVs (BGM-VEH-04).
#include <map>

#include "engine/rulesets/bg/bgm_layer.h"
#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {
namespace {

inline Die d20(int v) { return {pb::DIE_KIND_D20, v}; }

// Axis `model` "t" at (10, 5) facing north; Allied M4A3 (75) "v" at (vx, vy) facing south.
Sc laying(const std::string& model, double vx, double vy, const std::string& extra = "") {
  Sc sc;
  sc.s.mutable_table()->set_width(72);
  sc.s.mutable_table()->set_height(48);
  sc.option("bg.mods", "vehicles");
  auto& t = sc.vehicle(0, "t", "medium_tank", 10, 5, 0);
  t.add_attributes("model=" + model);
  if (!extra.empty()) t.add_attributes(extra);
  sc.vehicle(1, "v", "medium_tank", vx, vy, 180).add_attributes("model=M4A3 (75)");
  return sc;
}

TG shooting(const Sc& sc) {
  TG t(sc.s);
  t.draw(card(C, 9));  // BG-CARD-02: clubs, the Axis shoot
  return t;
}

std::map<std::string, int> mods_of(const pb::BgmAtShot& s) {
  std::map<std::string, int> m;
  for (const auto& x : s.modifiers()) m[x.name()] = x.value();
  return m;
}

const pb::BgmAtShot* shot_of(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_bgm_at_shot(); });
  return e ? &e->bgm_at_shot() : nullptr;
}

BgOrder aimed_cmd(const std::string& unit, const std::string& target) {
  BgOrder c = cmd("axis");
  auto* s = c.mutable_bg()->mutable_shoot();
  s->set_unit_id(unit);
  auto* shot = s->add_shots();
  shot->set_target_id(target);
  shot->set_weapon_id("heavy_gun3");
  shot->set_aimed(true);
  return c;
}

std::map<std::string, int> miss_mods(const Sc& sc, const pb::Command& c) {
  TG t = shooting(sc);
  const Outcome o = run_dice(t, c, {d20(19)});
  EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  const auto* s = shot_of(o);
  return s ? mods_of(*s) : std::map<std::string, int>{};
}

// BGM-VEH-03 / GAP-BGM-AT-08 / GAP-BGM-VEH-03: the turret starts laid along the hull; turning it
// up to 45 degrees is +1, up to 90 +2, more +3, each plus the model's turret mod. (Pz IV H 0,
// Panther 1). Dead ahead costs nothing (BGM-DX-01's shot).
TEST(BgmGunLaying, BGM_VEH_03_TurretTraverseAndTheModelsTurretMod) {
  const auto ahead = miss_mods(laying("Pz IV H", 10, 35), shoot_cmd("axis", "t", "v", "heavy_gun3"));
  EXPECT_EQ(ahead.count("turret traversed up to 45 degrees"), 0u);
  EXPECT_EQ(ahead.size(), 1u);  // the large target only
  // (25, 35): 15 right, 30 ahead, about 27 degrees.
  EXPECT_EQ(miss_mods(laying("Pz IV H", 25, 35), shoot_cmd("axis", "t", "v", "heavy_gun3"))["turret traversed up to 45 degrees"], 1);
  EXPECT_EQ(miss_mods(laying("Pz V G (Panther)", 25, 35), shoot_cmd("axis", "t", "v", "heavy_gun3"))["turret traversed up to 45 degrees"], 2);
  // (40, 10): 30 right, 5 ahead: between 45 and 90 degrees.
  EXPECT_EQ(miss_mods(laying("Pz V G (Panther)", 40, 10), shoot_cmd("axis", "t", "v", "heavy_gun3"))["turret traversed up to 90 degrees"], 3);
  // (40, 1): behind the turret's line across: over 90 degrees.
  EXPECT_EQ(miss_mods(laying("Pz IV H", 40, 1), shoot_cmd("axis", "t", "v", "heavy_gun3"))["turret traversed over 90 degrees"], 3);
}

// BGM-VEH-03 ("none": no turret): within 15 degrees of the hull's line the gun lays without
// cost; beyond, the hull turns, taking the shooter-moved-in-this-action modifier, +12, or +10
// with a stabiliser (BGM-AT-09).
TEST(BgmGunLaying, BGM_VEH_03_AT_09_NoTurretTurnsTheHull) {
  EXPECT_EQ(miss_mods(laying("StuG III G", 12, 35), shoot_cmd("axis", "t", "v", "heavy_gun3")).count("hull turned to engage (no turret)"), 0u);
  EXPECT_EQ(miss_mods(laying("StuG III G", 25, 35), shoot_cmd("axis", "t", "v", "heavy_gun3"))["hull turned to engage (no turret)"], 12);
  EXPECT_EQ(miss_mods(laying("StuG III G", 25, 35, "stabilized"), shoot_cmd("axis", "t", "v", "heavy_gun3"))["hull turned to engage (no turret)"], 10);
}

// BGM-AT-09: a stabilised gun that moved in an earlier action takes +6, not +8.
TEST(BgmGunLaying, BGM_AT_09_StabilisedGunAfterAMove) {
  for (const bool stabilised : {false, true}) {
    TG t(laying("Pz IV H", 10, 35, stabilised ? "stabilized" : "").s);
    t.draw(card(S, 9));  // the Axis move: 1" straight ahead
    ASSERT_TRUE(run_dice(t, vmove("axis", "t", 1, {{10, 6}}, 0), d6s({4})).accepted);
    if (t.st().phase == bg::Phase::kCards && t.st().action.side == 0) t.end_action("axis");
    t.draw(card(C, 9));
    const Outcome o = run_dice(t, shoot_cmd("axis", "t", "v", "heavy_gun3"), {d20(19)});
    ASSERT_TRUE(o.accepted) << o.rejection.message();
    EXPECT_EQ(mods_of(*shot_of(o))["moved in a previous action"], stabilised ? 6 : 8);
  }
}

// BGM-AT-06: an aimed shot earns -2; it takes the whole shooting card of a vehicle that has not
// moved this turn (GAP-BGM-GEN-01's action); the menu offers it with its number.
TEST(BgmGunLaying, BGM_AT_06_AimedShot) {
  const Sc sc = laying("Pz IV H", 10, 35);
  const auto m = miss_mods(sc, aimed_cmd("t", "v"));
  EXPECT_EQ(m.at("aimed shot"), -2);
  EXPECT_EQ(m.at("large target"), -1);
  {
    TG t = shooting(sc);
    const pb::View v = t.g->view("axis");
    std::string detail;
    for (const auto& a : v.menu().actions()) {
      if (a.id() != "aim:t") continue;
      for (const auto& x : a.targets()) detail = x.detail();
    }
    EXPECT_EQ(detail, "75L d20 under 12 (short), -2 aimed shot, -1 large target: 1-14 hit; penetration 29");
  }
  {  // two weapons on one card: refused, and nothing changes
    TG t = shooting(sc);
    BgOrder c = aimed_cmd("t", "v");
    auto* mg = c.mutable_bg()->mutable_shoot()->add_shots();
    mg->set_target_id("v");
    mg->set_weapon_id(t.u("t").vehicle->weapons.front().id);
    const Outcome o = run_dice(t, c, {d20(1)});
    EXPECT_FALSE(o.accepted);
    EXPECT_EQ(o.rejection.code(), "BGM_AIMED_ALONE");
  }
  {  // after a move
    TG t(sc.s);
    t.draw(card(S, 9));
    ASSERT_TRUE(run_dice(t, vmove("axis", "t", 1, {{10, 6}}, 0), d6s({4})).accepted);
    if (t.st().phase == bg::Phase::kCards && t.st().action.side == 0) t.end_action("axis");
    t.draw(card(C, 9));
    const Outcome o = run_dice(t, aimed_cmd("t", "v"), {d20(1)});
    EXPECT_FALSE(o.accepted);
    EXPECT_EQ(o.rejection.code(), "BGM_AIMED_MOVED");
  }
}

// BGM-DMG-03 / BGM-SFO-05 / GAP-BGM-DMG-03 / GAP-BGM-PEN-01 / BGM-LOC-01: from a hill, 10" above
// a tank on the flat, the hit is read on the top column (13: engine) against the rear hull's 8
// (the top has no armour of its own); from 30" the same hill gives the ordinary front.
TEST(BgmGunLaying, BGM_DMG_03_PlungingFireReadsTheTopColumn) {
  Sc near = laying("Pz IV H", 10, 15);
  near.area("hill", "Hill 112", 4, 0, 16, 10);
  TG t = shooting(near);
  const Outcome o = run_dice(t, shoot_cmd("axis", "t", "v", "heavy_gun3"), {d20(1), d20(13), d20(13)});
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  const auto* s = shot_of(o);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->aspect(), "top");
  EXPECT_EQ(s->location(), "engine");
  EXPECT_EQ(s->armour(), 8);
  EXPECT_TRUE(t.u("v").destroyed);  // an American engine burns on 13 (BGM-DX-09)
  Sc far = laying("Pz IV H", 10, 35);
  far.area("hill", "Hill 112", 4, 0, 16, 10);
  TG f = shooting(far);
  const Outcome o2 = run_dice(f, shoot_cmd("axis", "t", "v", "heavy_gun3"), {d20(19)});
  ASSERT_TRUE(o2.accepted);
  EXPECT_EQ(shot_of(o2)->aspect(), "front");
  Sc level = laying("Pz IV H", 10, 15);  // no hill: no plunge
  TG l = shooting(level);
  const Outcome o3 = run_dice(l, shoot_cmd("axis", "t", "v", "heavy_gun3"), {d20(19)});
  ASSERT_TRUE(o3.accepted);
  EXPECT_EQ(shot_of(o3)->aspect(), "front");
}

// BGM-VEH-04: a vehicle with one printed armour value (a half-track) or one the scenario marks
// open_topped (the M10) is an open AFV: a plunging hit finds no roof. A closed M10 keeps its
// rear hull (3) for the top.
TEST(BgmGunLaying, BGM_VEH_04_OpenAfvHasNoRoof) {
  for (const bool open : {false, true}) {
    Sc sc = laying("Pz IV H", 10, 15);
    sc.area("hill", "Hill 112", 4, 0, 16, 10);
    auto* v = sc.s.mutable_sides(1)->mutable_units(0);
    v->clear_attributes();
    v->add_attributes("model=M10 GMC");
    if (open) v->add_attributes("open_topped");
    TG t = shooting(sc);
    const Outcome o = run_dice(t, shoot_cmd("axis", "t", "v", "heavy_gun3"), {d20(1), d20(13), d20(13)});
    ASSERT_TRUE(o.accepted) << o.rejection.message();
    EXPECT_EQ(shot_of(o)->armour(), open ? 0 : 3);
    EXPECT_EQ(bg::open_afv(t.u("v")), open);
  }
  Sc ht = laying("Pz IV H", 10, 15);
  auto* v = ht.s.mutable_sides(1)->mutable_units(0);
  v->set_type("half_track");
  v->clear_attributes();
  v->add_attributes("model=Sd.Kfz. 251/1");
  TG t(ht.s);
  EXPECT_TRUE(bg::open_afv(t.u("v")));
}

BgOrder special_cmd(const std::string& unit, const std::string& target) {
  BgOrder c = aimed_cmd(unit, target);
  c.mutable_bg()->mutable_shoot()->mutable_shots(0)->set_aimed(false);
  c.mutable_bg()->mutable_shoot()->mutable_shots(0)->set_special_ammo(true);
  return c;
}

// BGM-VEH-01 ("Pen. Other", decided APCR/HVAP, scenario-limited): the Pz IV H's special round
// (34) goes through the M4A3's front hull (31), which its AP (29, BGM-DX-02) does not; the one
// round carried is spent. None left, or a model with none listed, is refused.
TEST(BgmGunLaying, BGM_VEH_01_SpecialRoundFromTheScenariosAllowance) {
  TG t = shooting(laying("Pz IV H", 10, 35, "special_rounds=1"));
  EXPECT_EQ(t.u("t").vehicle->bgm->special_rounds, 1);
  std::string detail;
  const pb::View view = t.g->view("axis");
  for (const auto& a : view.menu().actions()) {
    if (a.id() == "apcr:t" && a.targets_size() > 0) detail = a.targets(0).detail();
  }
  EXPECT_EQ(detail, "75L d20 under 12 (short), -1 large target: 1-12 hit; penetration 34");
  // Hull (9), penetration table 19: light damage; crew morale d6 6.
  const Outcome o = run_dice(t, special_cmd("t", "v"), {d20(5), d20(9), d20(19), d6(6)});
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  const auto* s = shot_of(o);
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->special_ammo());
  EXPECT_EQ(s->penetration(), 34);
  EXPECT_EQ(s->armour(), 31);
  EXPECT_TRUE(s->penetrated());
  EXPECT_EQ(t.u("t").vehicle->bgm->special_rounds, 0);
  TG none = shooting(laying("Pz IV H", 10, 35, "special_rounds=0"));
  EXPECT_EQ(none.refused(special_cmd("t", "v")), "BGM_NO_SPECIAL");
  EXPECT_NE(rules().validate(laying("Pz IV D", 10, 35, "special_rounds=2").s).value_or("").find("no special round"), std::string::npos);
  EXPECT_NE(rules().validate(laying("Pz IV H", 10, 35, "special_rounds=lots").s).value_or("").find("special_rounds"), std::string::npos);
}

}  // namespace
}  // namespace sandtable::bgtest
