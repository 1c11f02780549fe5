// A refusal never reveals what the seat may not see: an order that names a unit hidden from it
// (BG-UNIT-09 hidden set-up, BG-UNIT-10 not yet arrived), another side's secret minefield it has
// not found (BG-MINE-02) or another side's scheduled strike before it lands (BG-ART-01) is
// answered exactly as the same order naming nothing: the same code, rule id and sentence (with
// the name as given), and the game is unchanged. Raw payload orders are checked here; menu
// picks never offer hidden things (BgQuery.HiddenUnitAnsweredLikeAMissingOneBG_UNIT_09).
//
// Every field of a BgCommand that can name such a thing has a template below; one test walks
// the protobuf descriptors so that a new naming field without a template fails.
#include <algorithm>
#include <functional>
#include <iostream>
#include <set>

#include "engine/core/rng.h"
#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "tests/engine/bg_test_util.h"
#include "tests/support/scenario_file.h"

namespace sandtable::bgtest {
namespace {

using bg::Named;

constexpr const char* kNothing = "no-such-unit";

// ---- order templates: one per field that names a unit, a terrain feature or a mission ----

// What a template may use besides the name it puts in its field.
struct Cast {
  std::string own;      // a unit of the ordering side
  std::string own2;     // another one (or the same)
  std::string visible;  // a unit of the other side the seat sees (or empty)
  Pcg32* rng = nullptr; // random paths and facings when set
};

double coord(const Cast& c, double fixed, double max) {
  return c.rng ? static_cast<double>(c.rng->below(static_cast<std::uint32_t>(max * 2))) / 2 : fixed;
}
pb::Point place(const Cast& c, double x, double y) { return pt(coord(c, x, 48), coord(c, y, 36)); }
double facing(const Cast& c) { return c.rng ? static_cast<double>(c.rng->below(720)) / 2 : 0; }

struct Template {
  std::string field;  // "BgMove.unit_id": the message and the field that carries the name
  Named kind;
  std::function<pb::BgCommand(const Cast&, const std::string& name)> make;
};

const std::vector<Template>& templates() {
  static const std::vector<Template> all = {
      {"BgMove.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         auto* m = o.mutable_move();
         m->set_unit_id(n);
         m->set_intent(pb::BG_MOVE_WALK);
         *m->add_path() = place(c, 20, 10);
         m->set_facing_deg(facing(c));
         return o;
       }},
      {"BgMove.combine_with", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         auto* m = o.mutable_move();
         m->set_unit_id(c.own);
         m->set_intent(pb::BG_MOVE_WALK);
         m->set_combine_with(n);
         m->set_facing_deg(facing(c));
         return o;
       }},
      {"BgMove.building", Named::kTerrain,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         auto* m = o.mutable_move();
         m->set_unit_id(c.own);
         m->set_intent(pb::BG_MOVE_WALK);
         m->set_building(n);
         m->set_facing_deg(facing(c));
         return o;
       }},
      {"BgMount.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_mount()->set_unit_id(n);
         o.mutable_mount()->set_vehicle_id(c.own);
         return o;
       }},
      {"BgMount.vehicle_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_mount()->set_unit_id(c.own);
         o.mutable_mount()->set_vehicle_id(n);
         return o;
       }},
      {"BgDismount.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_dismount()->set_unit_id(n);
         o.mutable_dismount()->set_facing_deg(facing(c));
         return o;
       }},
      {"BgCavalry.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_cavalry()->set_unit_id(n);
         o.mutable_cavalry()->set_kind(pb::BG_CAV_REMOUNT);
         o.mutable_cavalry()->set_facing_deg(facing(c));
         return o;
       }},
      {"BgVehicleMove.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         auto* m = o.mutable_vehicle_move();
         m->set_unit_id(n);
         m->set_dice(1);
         *m->add_path() = place(c, 20, 10);
         m->set_facing_deg(facing(c));
         return o;
       }},
      {"BgShoot.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_shoot()->set_unit_id(n);
         o.mutable_shoot()->add_shots()->set_target_id(c.visible.empty() ? c.own : c.visible);
         return o;
       }},
      {"BgShot.target_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_shoot()->set_unit_id(c.own);
         o.mutable_shoot()->add_shots()->set_target_id(n);
         return o;
       }},
      {"BgShoot.also", Named::kUnit,  // a unit declared with another's shot (BG-CARD-14)
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_shoot()->set_unit_id(c.own);
         o.mutable_shoot()->add_shots()->set_target_id(c.visible);
         auto* x = o.mutable_shoot()->add_also();
         x->set_unit_id(n);
         x->add_shots()->set_target_id(c.visible);
         return o;
       }},
      {"BgShoot.also.shots.target_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_shoot()->set_unit_id(c.own);
         o.mutable_shoot()->add_shots()->set_target_id(c.visible);
         auto* x = o.mutable_shoot()->add_also();
         x->set_unit_id(c.own2);
         x->add_shots()->set_target_id(n);
         return o;
       }},
      {"BgCharge.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_charge()->set_unit_id(n);
         o.mutable_charge()->set_target_id(c.visible);
         return o;
       }},
      {"BgCharge.target_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_charge()->set_unit_id(c.own);
         o.mutable_charge()->set_target_id(n);
         return o;
       }},
      {"BgFlee.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_flee()->set_unit_id(n);
         *o.mutable_flee()->add_path() = place(c, 20, 10);
         return o;
       }},
      {"BgSurrender.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_surrender()->set_unit_id(n);
         o.mutable_surrender()->set_to_unit_id(c.visible);
         return o;
       }},
      {"BgSurrender.to_unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_surrender()->set_unit_id(c.own);
         o.mutable_surrender()->set_to_unit_id(n);
         return o;
       }},
      {"BgHeal.unit_id", Named::kUnit,
       [](const Cast&, const std::string& n) {
         pb::BgCommand o;
         o.mutable_heal()->set_unit_id(n);
         return o;
       }},
      {"BgClearMines.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_clear_mines()->set_unit_id(n);
         auto* s = o.mutable_clear_mines()->add_strips();
         *s->mutable_centre() = place(c, 10, 20);
         return o;
       }},
      {"BgMineStrip.minefield_id", Named::kTerrain,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_clear_mines()->set_unit_id(c.own);
         auto* s = o.mutable_clear_mines()->add_strips();
         s->set_minefield_id(n);
         *s->mutable_centre() = place(c, 10, 20);
         s->set_facing_deg(facing(c));
         return o;
       }},
      {"BgLaySmoke.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_lay_smoke()->set_unit_id(n);
         *o.mutable_lay_smoke()->mutable_a() = place(c, 10, 15);
         *o.mutable_lay_smoke()->mutable_b() = place(c, 16, 15);
         return o;
       }},
      {"BgLaunchFlare.unit_id", Named::kUnit,
       [](const Cast&, const std::string& n) {
         pb::BgCommand o;
         o.mutable_launch_flare()->set_unit_id(n);
         return o;
       }},
      {"BgUnjam.unit_id", Named::kUnit,
       [](const Cast&, const std::string& n) {
         pb::BgCommand o;
         o.mutable_unjam()->set_unit_id(n);
         return o;
       }},
      {"BgsStance.unit_id", Named::kUnit,
       [](const Cast&, const std::string& n) {
         pb::BgCommand o;
         o.mutable_stance()->set_unit_id(n);
         o.mutable_stance()->set_prone(true);
         return o;
       }},
      {"BgsReact.unit_id", Named::kUnit,
       [](const Cast&, const std::string& n) {
         pb::BgCommand o;
         o.mutable_react()->set_unit_id(n);
         return o;
       }},
      {"BgsAssault.unit_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_assault()->set_unit_id(n);
         o.mutable_assault()->set_target_id(c.visible);
         return o;
       }},
      {"BgsAssault.target_id", Named::kUnit,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_assault()->set_unit_id(c.own);
         o.mutable_assault()->set_target_id(n);
         return o;
       }},
      {"BgCallFire.mission_id", Named::kMission,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_call_fire()->set_mission_id(n);
         *o.mutable_call_fire()->add_aim_points() = place(c, 10, 20);
         return o;
       }},
      {"BgPlanStrike.strike_id", Named::kMission,
       [](const Cast& c, const std::string& n) {
         pb::BgCommand o;
         o.mutable_plan_strike()->set_strike_id(n);
         *o.mutable_plan_strike()->add_aim_points() = place(c, 10, 20);
         o.mutable_plan_strike()->set_turn(9);
         return o;
       }},
  };
  return all;
}

// ---- comparing an order naming a hidden thing with the same order naming nothing ----

std::string with_id(std::string s, const std::string& from, const std::string& to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

std::string snapshot(const Game& g) {
  std::string out = g.save().SerializeAsString();
  for (const auto& seat : {"axis", "allies", "gm"}) out += g.view(seat).SerializeAsString();
  return out;
}

struct Pair {
  Outcome hidden, nothing;
};

// Runs the order naming `name` and the same order naming nothing, each on its own copy, with the
// same table dice; expects the same answer and, when refused, an unchanged game.
Pair expect_answered_like_nothing(const Game& game, const std::string& seat, const Template& t, const Cast& cast,
                                  const std::string& name, const std::vector<int>& dice = std::vector<int>(40, 6)) {
  SCOPED_TRACE(t.field + " naming '" + name + "' from " + seat);
  Pcg32 a_rng = cast.rng ? *cast.rng : Pcg32(), b_rng = a_rng;
  Cast ca = cast, cb = cast;
  if (cast.rng) ca.rng = &a_rng, cb.rng = &b_rng;
  const pb::Command named = order_of(seat, t.make(ca, name));
  const pb::Command missing = order_of(seat, t.make(cb, kNothing));
  if (cast.rng) *cast.rng = a_rng;
  const std::string before = snapshot(game);
  Game a(game), b(game);
  TableDice ta, tb;
  for (int v : dice) ta.push(pb::DIE_KIND_D6, v), tb.push(pb::DIE_KIND_D6, v);
  Pair p{a.execute(named, game.state().table_dice ? &ta : nullptr),
         b.execute(missing, game.state().table_dice ? &tb : nullptr)};
  EXPECT_EQ(p.hidden.accepted, p.nothing.accepted) << p.hidden.rejection.message() << " / " << p.nothing.rejection.message();
  if (!p.hidden.accepted && !p.nothing.accepted) {
    EXPECT_EQ(p.hidden.rejection.code(), p.nothing.rejection.code()) << p.hidden.rejection.message();
    EXPECT_EQ(p.hidden.rejection.rule_id(), p.nothing.rejection.rule_id());
    EXPECT_EQ(p.hidden.rejection.message(), with_id(p.nothing.rejection.message(), kNothing, name));
    EXPECT_EQ(snapshot(a), before) << "a refused order changed the game";
  } else if (p.hidden.accepted && p.nothing.accepted) {
    EXPECT_EQ(p.hidden.events.size(), p.nothing.events.size());
    for (std::size_t i = 0; i < std::min(p.hidden.events.size(), p.nothing.events.size()); ++i) {
      EXPECT_EQ(p.hidden.events[i].ShortDebugString(), with_id(p.nothing.events[i].ShortDebugString(), kNothing, name));
    }
  }
  return p;
}

const Template& tmpl(const std::string& field) {
  for (const auto& t : templates()) {
    if (t.field == field) return t;
  }
  throw std::runtime_error("no template " + field);
}

// ---- the village assault: the Farm Section (b2) is hidden from the Germans (BG-UNIT-09) ----

struct Village {
  TG t{load_scenario_file("bg/village-assault.json")};
  const Cast cast{"g2", "g1", "b1", nullptr};
};

// The brief's first probe: a German move order naming the hidden section was answered "Farm
// Section belongs to allies." while a missing id got BG_NO_SUCH_UNIT.
TEST(BgHiddenRefusal, VillageMoveOfTheHiddenSectionIsRefusedAsAMissingUnitBG_UNIT_09) {
  Village v;
  v.t.draw(card(S, 9));  // the Germans may move
  const Pair p = expect_answered_like_nothing(*v.t.g, "axis", tmpl("BgMove.unit_id"), v.cast, "b2");
  EXPECT_EQ(p.hidden.rejection.code(), "BG_NO_SUCH_UNIT");
  EXPECT_EQ(p.hidden.rejection.rule_id(), "BG-UNIT-01");
  EXPECT_EQ(p.hidden.rejection.message(), "There is no unit 'b2' on the table.");
}

// The second: a shot at it said how far it is; now it is the sentence for no such target.
TEST(BgHiddenRefusal, VillageShotAtTheHiddenSectionTellsNoDistanceBG_UNIT_09) {
  Village v;
  v.t.draw(card(C, 9));  // the Germans may shoot
  const Pair p = expect_answered_like_nothing(*v.t.g, "axis", tmpl("BgShot.target_id"), v.cast, "b2");
  EXPECT_EQ(p.hidden.rejection.code(), "BG_NO_TARGET");
  EXPECT_EQ(p.hidden.rejection.message().find('"'), std::string::npos) << p.hidden.rejection.message();
  EXPECT_EQ(p.hidden.rejection.message().find("Farm"), std::string::npos);
  // Declared with another unit's shot (BG-CARD-14) it is answered the same way too.
  expect_answered_like_nothing(*v.t.g, "axis", tmpl("BgShoot.also.shots.target_id"), v.cast, "b2");
}

// The third: surrendering to it was accepted; now it is refused as a captor that is not there.
TEST(BgHiddenRefusal, VillageSurrenderToTheHiddenSectionIsRefusedBG_UNIT_09) {
  Village v;
  for (const bool card_open : {false, true}) {
    if (card_open) v.t.draw(card(S, 9));
    const Pair p = expect_answered_like_nothing(*v.t.g, "axis", tmpl("BgSurrender.to_unit_id"), v.cast, "b2");
    EXPECT_FALSE(p.hidden.accepted);
    EXPECT_EQ(p.hidden.rejection.code(), "BG_NO_CAPTOR");
    EXPECT_EQ(v.t.u("g2").living(), 8);  // nobody was taken
  }
}

// Every order kind naming the hidden section, in every kind of moment: before a card, on a
// German move, shooting and ace card, and on a British card.
TEST(BgHiddenRefusal, VillageEveryOrderNamingTheHiddenSectionIsAnsweredAsNamingNothingBG_UNIT_09) {
  const std::vector<std::pair<const char*, std::vector<pb::Card>>> moments = {
      {"no card yet", {}},
      {"German move card", {card(S, 9)}},
      {"German shooting card", {card(C, 9)}},
      {"German ace of spades", {card(S, 1)}},
      {"British move card", {card(D, 9)}},
      {"British shooting card", {card(H, 9)}},
  };
  for (const auto& [what, cards] : moments) {
    SCOPED_TRACE(what);
    Village v;
    for (const auto& c : cards) v.t.draw(c, c.suit() == H || c.suit() == D ? "allies" : "axis");
    int refused = 0;
    for (const auto& t : templates()) {
      if (t.kind != Named::kUnit) continue;
      refused += !expect_answered_like_nothing(*v.t.g, "axis", t, v.cast, "b2").hidden.accepted;
    }
    EXPECT_EQ(refused, static_cast<int>(std::count_if(templates().begin(), templates().end(),
                                                      [](const Template& t) { return t.kind == Named::kUnit; })));
  }
}

// The British see their own section: their orders naming it are handled as usual.
TEST(BgHiddenRefusal, VillageTheOwnerOrdersItsHiddenSectionAsUsualBG_UNIT_09) {
  Village v;
  v.t.draw(card(D, 9), "allies");
  BgOrder c = cmd("allies");
  auto* m = c.mutable_bg()->mutable_move();
  m->set_unit_id("b2");
  m->set_intent(pb::BG_MOVE_DIG_IN);
  m->set_facing_deg(bg::facing_degrees(v.t.u("b2").facing));
  v.t.ok(c);
  EXPECT_TRUE(v.t.u("b2").markers.dug_in);
}

// ---- a small hand-built table: a hidden unit, a reinforcement, a secret minefield, a strike ----

// Axis: a1 (with two engineers) and a2 facing north; a truck. Allies: b1 in the open, h hidden
// in front of a1, r3 arriving on turn 3, the secret minefield mf1 (BG-MINE-02) and a mortar
// strike k1 for turn 2 (BG-ART-01).
Sc small() {
  Sc sc;
  auto& a1 = sc.inf(0, "a1", 4, 10, 10);
  a1.mutable_figures(2)->set_kind("engineer");
  a1.mutable_figures(3)->set_kind("engineer");
  sc.inf(0, "a2", 4, 16, 10);
  sc.vehicle(0, "truck", "truck", 22, 8);
  sc.inf(1, "b1", 4, 40, 30, 1, 0, "C", 180);
  sc.inf(1, "h", 4, 10, 16, 1, 0, "C", 180).add_attributes("hidden");
  sc.area("minefield", "mf1", 8, 20, 14, 24, "allies");
  auto* r = sc.s.add_reinforcements();
  r->set_turn(3);
  r->set_side("allies");
  auto* u = r->mutable_unit();
  u->set_id("r3");
  u->set_name("Relief Platoon");
  u->set_type("infantry");
  for (int i = 0; i < 4; ++i) {
    auto* f = u->add_figures();
    f->set_id("r3-f" + std::to_string(i));
    f->set_kind(i == 0 ? "leader" : "rifle");
    *f->mutable_position() = pt(30 + i, 35);
  }
  sc.add_strike("k1", "allies", 2, "mortar");
  return sc;
}

const Cast kSmallCast{"a1", "a2", "b1", nullptr};

TEST(BgHiddenRefusal, SmallTableEveryNamingFieldForEveryHiddenThing) {
  // BG-UNIT-09 (h), BG-UNIT-10 (r3), BG-MINE-02 (mf1), BG-ART-01 (k1).
  const std::vector<std::pair<std::string, Named>> secrets = {
      {"h", Named::kUnit}, {"r3", Named::kUnit}, {"mf1", Named::kTerrain}, {"k1", Named::kMission}};
  const std::vector<std::pair<const char*, std::vector<pb::Card>>> moments = {
      {"no card yet", {}},
      {"Axis move card", {card(S, 9)}},
      {"Axis shooting card", {card(C, 9)}},
      {"Allied move card", {card(D, 9)}},
  };
  for (const auto& [what, cards] : moments) {
    SCOPED_TRACE(what);
    TG t(small().s);
    for (const auto& c : cards) t.draw(c, c.suit() == H || c.suit() == D ? "allies" : "axis");
    for (const auto& [name, kind] : secrets) {
      for (const auto& tp : templates()) {
        if (tp.kind != kind) continue;
        const Pair p = expect_answered_like_nothing(*t.g, "axis", tp, kSmallCast, name);
        EXPECT_FALSE(p.hidden.accepted) << tp.field << " " << name;
        EXPECT_EQ(p.hidden.rejection.message().find("Relief"), std::string::npos) << p.hidden.rejection.message();
      }
    }
  }
}

// BG-UNIT-10: a unit that has not arrived was "Relief Platoon arrives on turn 3." to the other
// side; now it is a unit that is not there. Its own side still hears when it arrives.
TEST(BgHiddenRefusal, ReinforcementNotYetArrivedIsAMissingUnitToTheOtherSideBG_UNIT_10) {
  TG t(small().s);
  t.draw(card(S, 9));
  const Pair p = expect_answered_like_nothing(*t.g, "axis", tmpl("BgMove.unit_id"), kSmallCast, "r3");
  EXPECT_EQ(p.hidden.rejection.code(), "BG_NO_SUCH_UNIT");
  TG own(small().s);
  own.draw(card(D, 9), "allies");
  BgOrder c = cmd("allies");
  c.mutable_bg()->mutable_move()->set_unit_id("r3");
  EXPECT_EQ(own.refused(c), "BG_NOT_ARRIVED");
}

// BG-MINE-02: engineers told to clear a secret minefield they have not found hear what they
// would hear of one that is not there; once found (BG-MINE-03) the order is theirs to give.
TEST(BgHiddenRefusal, SecretMinefieldNotFoundIsAnsweredAsNoneBG_MINE_02) {
  TG t(small().s);
  t.draw(card(C, 9));
  const Pair p = expect_answered_like_nothing(*t.g, "axis", tmpl("BgMineStrip.minefield_id"), kSmallCast, "mf1");
  EXPECT_EQ(p.hidden.rejection.code(), "BG_NO_MINEFIELD");
  EXPECT_EQ(p.hidden.rejection.message(), "There is no minefield 'mf1' known to axis.");
}

// BG-ART-01: the other side's strike before it lands is a mission that does not exist.
TEST(BgHiddenRefusal, OtherSidesStrikeIsAnsweredAsNoneBG_ART_01) {
  TG t(small().s);
  t.draw(card(S, 9));
  const Pair call = expect_answered_like_nothing(*t.g, "axis", tmpl("BgCallFire.mission_id"), kSmallCast, "k1");
  EXPECT_EQ(call.hidden.rejection.code(), "BG_NO_MISSION");
  const Pair plan = expect_answered_like_nothing(*t.g, "axis", tmpl("BgPlanStrike.strike_id"), kSmallCast, "k1");
  EXPECT_EQ(plan.hidden.rejection.code(), "BG_NO_STRIKE");
}

// The entrance itself: the GM would know everything; a side knows its own things.
TEST(BgHiddenRefusal, WhoKnowsWhat) {
  TG t(small().s);
  const bg::BgState& st = t.st();
  pb::BgCommand c = tmpl("BgShot.target_id").make(kSmallCast, "h");
  pb::BgCommand copy = c;
  EXPECT_TRUE(bg::replace_unknown_names(st, bg::Seer{-1, true}, copy).empty());
  EXPECT_TRUE(bg::replace_unknown_names(st, bg::Seer{1, false}, copy).empty());
  const auto stand_ins = bg::replace_unknown_names(st, bg::Seer{0, false}, copy);
  ASSERT_EQ(stand_ins.size(), 1u);
  EXPECT_EQ(stand_ins[0].name, "h");
  EXPECT_EQ(copy.shoot().shots(0).target_id(), stand_ins[0].stand_in);
  EXPECT_EQ(st.find(stand_ins[0].stand_in), nullptr);
  EXPECT_EQ(bg::with_names_given("'" + stand_ins[0].stand_in + "' is not there", stand_ins), "'h' is not there");
}

// Every string field an order can carry is classified, and every field that names a unit, a
// terrain feature or a mission has a template above (so the tests cover it).
TEST(BgUnseen, EveryStringFieldOfAnOrderIsClassified) {
  std::set<std::string> naming;
  std::set<const google::protobuf::Descriptor*> seen;
  std::function<void(const google::protobuf::Descriptor*, const std::string&)> walk =
      [&](const google::protobuf::Descriptor* d, const std::string& path) {
        if (!seen.insert(d).second) return;
        for (int i = 0; i < d->field_count(); ++i) {
          const auto* f = d->field(i);
          if (f->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE) {
            walk(f->message_type(), path);
          } else if (f->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_STRING) {
            const auto kind = bg::named_by(*f);
            EXPECT_TRUE(kind.has_value()) << d->name() << "." << f->name() << " is not classified in bg_unseen.cc";
            if (kind && *kind != Named::kNoSecret) naming.insert(std::string(d->name()) + "." + std::string(f->name()));
          }
        }
      };
  walk(pb::BgCommand::descriptor(), "");
  std::set<std::string> templated;
  for (const auto& t : templates()) {
    if (t.field.find("also") == std::string::npos) templated.insert(t.field);
  }
  EXPECT_EQ(naming, templated);
}

// ---- property: at states of bot games, random orders naming what the seat may not know ----

// What `side` may not know in this state, by kind (the test's own reading of the rules).
std::vector<std::pair<std::string, Named>> secrets_of(const bg::BgState& st, int side) {
  std::vector<std::pair<std::string, Named>> out;
  for (const auto& u : st.units) {
    if (u.side != side && (u.hidden || !u.on_table)) out.emplace_back(u.id, Named::kUnit);
  }
  for (const auto& m : st.minefields) {
    const bg::Terrain* t = st.terrain_named(m.terrain);
    if (t && !t->owner.empty() && t->owner != st.sides[static_cast<std::size_t>(side)] &&
        !m.known_to[static_cast<std::size_t>(side)]) {
      out.emplace_back(m.terrain, Named::kTerrain);
    }
  }
  for (const auto& m : st.missions) {
    if (m.side != side && m.scheduled && !m.awaiting_aim && !m.done) out.emplace_back(m.id, Named::kMission);
  }
  return out;
}

struct Tally {
  int states = 0, orders = 0, refused = 0, accepted_as_nothing = 0;
};

void check_state(const Game& game, Pcg32& rng, Tally& tally) {
  const auto& st = static_cast<const bg::BgState&>(game.state());
  for (int side = 0; side < 2; ++side) {
    const auto secrets = secrets_of(st, side);
    if (secrets.empty()) continue;
    ++tally.states;
    std::vector<std::string> own, visible;
    for (const auto& u : st.units) {
      if (u.side == side) own.push_back(u.id);
      else if (u.on_table && !u.hidden) visible.push_back(u.id);
    }
    auto pick = [&](const std::vector<std::string>& v) {
      return v.empty() ? std::string("x") : v[rng.below(static_cast<std::uint32_t>(v.size()))];
    };
    for (int n = 0; n < 6; ++n) {
      const auto& [name, kind] = secrets[rng.below(static_cast<std::uint32_t>(secrets.size()))];
      std::vector<const Template*> fitting;
      for (const auto& t : templates()) {
        if (t.kind == kind) fitting.push_back(&t);
      }
      const Template& t = *fitting[rng.below(static_cast<std::uint32_t>(fitting.size()))];
      const Cast cast{pick(own), pick(own), pick(visible), &rng};
      const Pair p = expect_answered_like_nothing(game, st.sides[static_cast<std::size_t>(side)], t, cast, name);
      ++tally.orders;
      if (p.nothing.accepted) {
        // Only where naming nothing is accepted too: a routing unit's move or charge is its
        // rally roll whatever it names (BG-MOR-04).
        ++tally.accepted_as_nothing;
      } else {
        EXPECT_FALSE(p.hidden.accepted) << t.field << " naming " << name;
        ++tally.refused;
      }
    }
  }
}

TEST(BgHiddenRefusal, PropertyRandomOrdersNamingSecretsFromBotGamesAreAnsweredAsNamingNothing) {
  const RuleSet* rules = builtin_registry().find("battleground");
  ASSERT_NE(rules, nullptr);
  Tally tally;
  for (const char* file : {"bg/village-assault.json", "bg/crossroads.json", "bg/combined-arms.json"}) {
    const pb::Scenario scenario = load_scenario_file(file);
    for (int g = 0; g < 3; ++g) {
      const std::uint64_t seed = 9100 + static_cast<std::uint64_t>(g);
      SCOPED_TRACE(std::string(file) + " seed " + std::to_string(seed));
      Pcg32 rng(seed, 0x41d);
      int checked = 0;
      AutoplayOptions options;
      options.seed = seed;
      options.keep_log = false;
      options.observer = [&](const Game& game, const std::vector<pb::Event>&) {
        if (checked < 12 && (checked == 0 || rng.below(6) == 0)) {
          ++checked;
          check_state(game, rng, tally);
        }
        return !::testing::Test::HasFailure();
      };
      const AutoplayResult r = autoplay(*rules, scenario, options);
      ASSERT_TRUE(r.finished) << r.error;
    }
  }
  std::cout << "[hidden] " << tally.states << " states, " << tally.orders << " orders naming secrets: " << tally.refused
            << " refused as naming nothing, " << tally.accepted_as_nothing << " accepted as naming nothing\n";
  EXPECT_GT(tally.states, 10);
  EXPECT_GT(tally.refused, 50);
}

}  // namespace
}  // namespace sandtable::bgtest
