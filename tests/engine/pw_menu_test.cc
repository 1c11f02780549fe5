// The Portable Wargame action menu (docs/protocol.md, "Portable Wargame menu"): what it offers
// is exactly what the legal enumeration (and so the handlers) accept, in the ids and kinds
// the client codes against; picks off the menu are refused without changing the game.
#include <map>
#include <set>

#include "engine/rulesets/pw/pw_actions.h"
#include "pw_test_util.h"
#include "tests/support/scenario_file.h"

namespace sandtable::pwtest {
namespace {

const pb::Action* find(const pb::ActionMenu& m, const std::string& id) {
  for (const auto& a : m.actions()) {
    if (a.id() == id) return &a;
  }
  return nullptr;
}

std::set<std::string> target_ids(const pb::Action* a) {
  std::set<std::string> out;
  if (a) {
    for (const auto& t : a->targets()) out.insert(t.id());
  }
  return out;
}

pb::Command pick(const std::string& seat, const std::string& action, const std::string& target = "",
                 pb::GridFacing facing = pb::GRID_FACING_NORTH) {
  pb::Command c = cmd(seat);
  c.mutable_play()->set_action(action);
  c.mutable_play()->set_target(target);
  c.mutable_play()->set_facing(facing);
  return c;
}

std::string sq_id(const pb::GridSquare& g) { return std::to_string(g.col()) + "," + std::to_string(g.row()); }

// Destinations of the unit's legal moves, with the squares moved to reach each one.
std::map<std::string, int> legal_destinations(const PwState& st, const std::string& seat, const std::string& unit) {
  std::map<std::string, int> out;
  for (const auto& c : pw::legal_unit_commands(st, seat, unit)) {
    if (c.has_move()) out.emplace(sq_id(c.move().path(c.move().path_size() - 1)), c.move().path_size());
  }
  return out;
}

void expect_moves_match(const PwState& st, const pb::ActionMenu& m, const std::string& seat, const std::string& unit) {
  SCOPED_TRACE(unit);
  const auto legal = legal_destinations(st, seat, unit);
  const pb::Action* a = find(m, "move:" + unit);
  std::map<std::string, int> offered;
  if (a) {
    EXPECT_EQ(a->kind(), "move");
    EXPECT_EQ(a->unit_id(), unit);
    EXPECT_EQ(a->rule_id(), "PW-MOVE-02");
    EXPECT_EQ(a->facings_size(), 4);
    for (const auto& t : a->targets()) {
      EXPECT_EQ(sq_id(t.square()), t.id());
      offered.emplace(t.id(), std::stoi(t.detail()));
      EXPECT_NE(t.detail().find("square"), std::string::npos);
    }
  }
  EXPECT_EQ(offered, legal);
}

// Both sides hold fire from the menu; the game then waits on the side that won the initiative.
void hold_fire(TG& t) {
  for (const auto& seat : t.g->waiting_for()) {
    if (find(t.g->menu(seat), "plan-hold")) t.ok(pick(seat, "plan-hold"));
  }
}

TEST(PwMenu, DemoMoveTargetsAreTheLegalDestinations) {
  for (const char* file : {"pw/meeting-engagement.json", "pw/entrenched-assault.json"}) {
    SCOPED_TRACE(file);
    TG t(load_scenario_file(file), false, 3);
    hold_fire(t);
    ASSERT_EQ(t.st().phase, pw::Phase::kActivation);
    const std::string seat = t.st().side_state[static_cast<std::size_t>(t.st().active_side)].id;
    const pb::ActionMenu m = t.g->menu(seat);
    for (const auto& u : t.st().units) {
      if (u.alive && u.side == t.st().active_side) expect_moves_match(t.st(), m, seat, u.id);
    }
    EXPECT_TRUE(find(m, "end-side"));
    EXPECT_FALSE(find(m, "end-activation"));
    // After one move only the active unit is offered, with its activation's end.
    const pb::Action* mv = nullptr;
    for (const auto& a : m.actions()) {
      if (!mv && a.kind() == "move") mv = &a;
    }
    ASSERT_TRUE(mv);
    t.ok(pick(seat, mv->id(), mv->targets(0).id(), pb::GRID_FACING_EAST));
    if (t.st().active_unit != mv->unit_id() || t.decision()) continue;  // contact ended it
    const pb::ActionMenu after = t.g->menu(seat);
    for (const auto& a : after.actions()) {
      if (!a.unit_id().empty()) {
        EXPECT_EQ(a.unit_id(), mv->unit_id()) << a.id();
      }
    }
    EXPECT_TRUE(find(after, "end-activation"));
  }
}

TEST(PwMenu, BlockingTerrainKeepsSquaresOffTheMenu) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 10, 9, pb::GRID_FACING_SOUTH);
  s.terrain("river", {{2, 3}}).terrain("woods", {{3, 2}});
  TG t(s.spares().s);
  blue_first(t);
  const pb::ActionMenu m = t.g->menu("blue");
  expect_moves_match(t.st(), m, "blue", "b1");
  const auto ids = target_ids(find(m, "move:b1"));
  EXPECT_FALSE(ids.count("2,3"));  // river without a ford (PW-TER-05)
  EXPECT_FALSE(ids.count("2,4"));  // only through the river
  EXPECT_TRUE(ids.count("3,2"));   // into the wood, where it must stop (PW-TER-03)
  EXPECT_FALSE(ids.count("4,2"));  // only through the wood
  EXPECT_TRUE(ids.count("2,1"));
}

TEST(PwMenu, FireTargetsOnlyInRangeAndArc) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 2).unit(1, "r-near", "infantry", 5, 4, pb::GRID_FACING_SOUTH);
  s.unit(1, "r-far", "infantry", 4, 7, pb::GRID_FACING_SOUTH).unit(1, "r-behind", "infantry", 5, 0);
  TG t(s.spares().s);
  blue_first(t);
  const pb::ActionMenu m = t.g->menu("blue");
  const pb::Action* fire = find(m, "fire:b1");
  ASSERT_TRUE(fire);
  EXPECT_EQ(fire->kind(), "fire");
  ASSERT_EQ(fire->targets_size(), 1);
  EXPECT_EQ(fire->targets(0).id(), "5,4");
  EXPECT_EQ(fire->targets(0).unit_id(), "r-near");
  EXPECT_EQ(fire->targets(0).label(), "Fire at r-near");
  EXPECT_EQ(fire->targets(0).detail(), "2 squares");
}

TEST(PwMenu, EndSideAsksWhenActivationsRemain) {
  Sc s;
  // r1 is east of b1 in range: after turning toward it b1 may still fire, so it stays active.
  s.unit(0, "b1", "infantry", 2, 2).unit(0, "b2", "infantry", 4, 4).unit(1, "r1", "infantry", 5, 2, pb::GRID_FACING_WEST);
  TG t(s.spares().s);
  blue_first(t);
  const int left = t.st().side_state[0].activations_left;
  ASSERT_GT(left, 1);
  const pb::ActionMenu m = t.g->menu("blue");
  const pb::Action* end = find(m, "end-side");
  ASSERT_TRUE(end);
  EXPECT_EQ(end->kind(), "end");
  EXPECT_EQ(end->label(), "End your turn");
  EXPECT_EQ(end->confirm(), "End your turn with " + std::to_string(left) + " activations unused?");
  const pb::Action* face = find(m, "face:b1");
  ASSERT_TRUE(face);
  EXPECT_EQ(face->facings_size(), 3);  // not the way it already faces
  t.ok(pick("blue", "face:b1", "", pb::GRID_FACING_EAST));
  EXPECT_EQ(t.u("b1").facing, pw::Facing::kEast);
  const pb::ActionMenu active = t.g->menu("blue");
  ASSERT_TRUE(find(active, "end-activation"));
  EXPECT_EQ(find(active, "end-activation")->label(), "End this activation");
}

TEST(PwMenu, OffTheMenuIsRefusedAndChangesNothing) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 10, 9, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  const std::uint64_t seq = t.g->seq();
  auto refused = [&](const pb::Command& c, const std::string& code) {
    const Outcome o = t.run(c);
    EXPECT_FALSE(o.accepted) << c.ShortDebugString();
    EXPECT_EQ(o.rejection.code(), code) << o.rejection.message();
    EXPECT_FALSE(o.rejection.message().empty());
    EXPECT_EQ(t.g->seq(), seq);
  };
  refused(pick("blue", "teleport:b1"), "NOT_ON_MENU");
  refused(pick("blue", "move:b1", "9,9"), "NOT_A_TARGET");  // out of reach
  refused(pick("blue", "move:r1", "10,8"), "NOT_ON_MENU");  // the other side's unit
  refused(pick("red", "move:b1", "2,3"), "NOT_ON_MENU");    // not red's turn: red's menu is empty
  refused(pick("blue", "face:b1", "", pb::GRID_FACING_NORTH), "NOT_A_FACING");  // already faces north
  pb::Command both = pick("blue", "move:b1", "2,3");
  *both.mutable_play()->add_also() = pick("blue", "face:b1", "", pb::GRID_FACING_EAST).play();
  refused(both, "NOT_COMBINABLE");
  EXPECT_TRUE(t.g->menu("red").actions().empty());
}

TEST(PwMenu, CloseCombatAndWholeTurnTasks) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 2, 2).unit(0, "b-tr", "transport", 2, 2).unit(0, "b-tr2", "transport", 2, 2);
  s.unit(0, "b1", "infantry", 6, 5).unit(1, "r1", "infantry", 6, 6, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  const pb::ActionMenu m = t.g->menu("blue");
  const pb::Action* cc = find(m, "cc:b1");
  ASSERT_TRUE(cc);
  EXPECT_EQ(cc->kind(), "close_combat");
  EXPECT_EQ(target_ids(cc), std::set<std::string>{"r1"});
  EXPECT_EQ(cc->targets(0).unit_id(), "r1");
  const pb::Command order = rules().order_for(t.st(), "blue", *cc, pick("blue", "cc:b1", "r1").play());
  EXPECT_EQ(pw_of(order).close_combat().unit_id(), "b1");
  EXPECT_EQ(pw_of(order).close_combat().target_id(), "r1");
  const pb::Action* limber = find(m, "limber:b-gun");
  ASSERT_TRUE(limber);
  EXPECT_EQ(limber->kind(), "other");
  EXPECT_EQ(limber->label(), "Limber to the transport");
  EXPECT_EQ(target_ids(limber), (std::set<std::string>{"b-tr", "b-tr2"}));  // a choice of transport
  t.ok(pick("blue", "limber:b-gun", "b-tr2"));
  EXPECT_EQ(t.u("b-gun").carried_by, "b-tr2");
}

TEST(PwMenu, ArtilleryPlanWithAlsoIsOnePlan) {
  Sc s;
  s.unit(0, "b-g1", "field_artillery", 3, 1).unit(0, "b-g2", "field_artillery", 7, 1);
  s.unit(1, "r1", "infantry", 3, 6, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 7, 7, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s, false);
  const pb::ActionMenu m = t.g->menu("blue");
  const pb::Action* g1 = find(m, "plan:b-g1");
  ASSERT_TRUE(g1);
  ASSERT_TRUE(find(m, "plan:b-g2"));
  EXPECT_EQ(g1->kind(), "plan");
  EXPECT_TRUE(target_ids(g1).count("3,6"));
  EXPECT_EQ(find(m, "plan-hold")->label(), "Hold fire with every battery");
  EXPECT_TRUE(t.g->menu("red").actions().empty());  // red has no guns and owes no plan
  pb::Command twice = pick("blue", "plan:b-g1", "3,6");
  *twice.mutable_play()->add_also() = pick("blue", "plan:b-g1", "3,6").play();
  EXPECT_EQ(t.run(twice).rejection.code(), "PW_ART_TWICE");
  pb::Command hold_too = pick("blue", "plan-hold");
  *hold_too.mutable_play()->add_also() = pick("blue", "plan:b-g1", "3,6").play();
  EXPECT_EQ(t.run(hold_too).rejection.code(), "NOT_COMBINABLE");
  pb::Command plan = pick("blue", "plan:b-g1", "3,6");
  *plan.mutable_play()->add_also() = pick("blue", "plan:b-g2", "7,7").play();
  const Outcome o = t.ok(plan);
  int planned = 0;
  for (const auto& e : o.events) {
    if (!pw_of(e).has_artillery_planned()) continue;
    const auto& p = pw_of(e).artillery_planned();
    if (e.visible_to().empty()) {
      ++planned;
      EXPECT_EQ(p.batteries(), 2);
    } else {
      ASSERT_EQ(p.targets_size(), 2);
      EXPECT_EQ(p.targets(0).unit_id(), "b-g1");
      EXPECT_EQ(sq_id(p.targets(1).target()), "7,7");
    }
  }
  EXPECT_EQ(planned, 1);
}

TEST(PwMenu, TableDiceProceed) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 10, 9, pb::GRID_FACING_SOUTH);
  TG t(s.s);
  for (const char* seat : {"blue", "red"}) {
    const pb::ActionMenu m = t.g->menu(seat);
    ASSERT_EQ(m.actions_size(), 1) << seat;
    EXPECT_EQ(m.actions(0).id(), "proceed");
    EXPECT_EQ(m.actions(0).kind(), "other");
  }
  t.ok(pick("red", "proceed"), {6, 1, 6, 6, 6});
  EXPECT_EQ(t.st().phase, pw::Phase::kActivation);
}

}  // namespace
}  // namespace sandtable::pwtest
