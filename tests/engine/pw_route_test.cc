// Routes by waypoints on the Portable Wargame grid (PlayAction.route, engine/rulesets/pw/
// pw_route.cc): the engine joins the player's waypoints by its own shortest legal steps, the
// move handler judges the whole path (PW-MOVE-01/02, PW-TER-03), and the preview's squares
// are the ones the move then walks.
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

pb::PlayAction routed(const std::string& action, const std::string& target, std::vector<std::pair<int, int>> route,
                      pb::GridFacing f = pb::GRID_FACING_NORTH) {
  pb::PlayAction p;
  p.set_action(action);
  p.set_target(target);
  p.set_facing(f);
  for (auto [c, r] : route) *p.add_route() = sq(c, r);
  return p;
}

pb::Query preview(const pb::PlayAction& p) {
  pb::Query q;
  *q.mutable_preview() = p;
  return q;
}

pb::Command order(const std::string& seat, const pb::PlayAction& p) {
  pb::Command c = cmd(seat);
  *c.mutable_play() = p;
  return c;
}

const pb::PwUnitMoved* moved(const Outcome& o) {
  for (const auto& e : o.events) {
    if (has_pw(e) && pw_of(e).has_unit_moved()) return &pw_of(e).unit_moved();
  }
  return nullptr;
}

std::vector<std::pair<int, int>> squares_of(const google::protobuf::RepeatedPtrField<pb::GridSquare>& path) {
  std::vector<std::pair<int, int>> out;
  for (const auto& g : path) out.emplace_back(g.col(), g.row());
  return out;
}

// Mounted cavalry (3 squares, PW-MOVE-01) one square from its target.
Sc cavalry() {
  Sc s;
  s.unit(0, "b1", "mounted_cavalry", 2, 2).unit(1, "r1", "infantry", 9, 8, pb::GRID_FACING_SOUTH);
  return s.spares();
}

// PW-MOVE-02: a waypoint off the shortest path bends the route through it; the event's path
// passes the waypoint and ends on the target, and the preview said the same squares.
TEST(PwRoute, WaypointOffTheShortestPathIsWalkedPW_MOVE_02) {
  TG t(cavalry().s);
  blue_first(t);
  const pb::PlayAction p = routed("move:b1", "3,2", {{2, 1}, {3, 2}}, pb::GRID_FACING_EAST);
  const pb::QueryAnswer a = t.g->query("blue", preview(p));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_EQ(a.squares_used(), 3);
  EXPECT_EQ(a.squares_left(), 0);
  const std::vector<std::pair<int, int>> walked{{2, 1}, {3, 1}, {3, 2}};
  EXPECT_EQ(squares_of(a.route()), walked);
  EXPECT_EQ(a.text(), "b1 moves 3 squares of its 3 to (3,2).");
  const Outcome o = t.ok(order("blue", p));
  const pb::PwUnitMoved* m = moved(o);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(squares_of(m->path()), walked);  // the preview's route is the move's path
  EXPECT_EQ(t.u("b1").sq, (grid::Sq{3, 2}));
  EXPECT_EQ(t.u("b1").squares_moved, a.squares_used());
}

// PW-MOVE-02: one waypoint is the destination; the engine walks its shortest legal path.
TEST(PwRoute, OneWaypointIsTheDestinationPW_MOVE_02) {
  TG t(cavalry().s);
  blue_first(t);
  const pb::QueryAnswer a = t.g->query("blue", preview(routed("move:b1", "3,2", {{3, 2}})));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_EQ(a.squares_used(), 1);
  EXPECT_EQ(a.squares_left(), 2);
  const Outcome o = t.ok(order("blue", routed("move:b1", "3,2", {{3, 2}})));
  ASSERT_NE(moved(o), nullptr);
  EXPECT_EQ(moved(o)->path_size(), 1);
}

// PW-MOVE-01/02: without a route the move walks the path the menu listed, and that path is the
// shortest: a square next to the unit is 1 square in the menu, in the preview and in the move
// (the enumeration once kept the first path its walk found, a 3-square detour round the corner).
TEST(PwRoute, TheMenuListsTheShortestPathPW_MOVE_01) {
  TG t(cavalry().s);
  blue_first(t);
  const pb::ActionMenu menu = t.g->menu("blue");
  std::string detail;
  for (const auto& a : menu.actions()) {
    for (const auto& x : a.targets()) {
      if (a.id() == "move:b1" && x.id() == "3,2") detail = x.detail();
    }
  }
  EXPECT_EQ(detail, "1 square");
  pb::PlayAction p = routed("move:b1", "3,2", {});
  const pb::QueryAnswer a = t.g->query("blue", preview(p));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_EQ(a.squares_used(), 1);
  const Outcome o = t.ok(order("blue", p));
  ASSERT_NE(moved(o), nullptr);
  EXPECT_EQ(squares_of(moved(o)->path()), (std::vector<std::pair<int, int>>{{3, 2}}));
}

// PW-MOVE-01: a route longer than the allowance is refused, preview and order alike, with the
// handler's own sentence about the allowance.
TEST(PwRoute, RoutePastTheAllowanceIsRefusedPW_MOVE_01) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 9, 8, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  const pb::PlayAction p = routed("move:b1", "3,2", {{2, 4}, {3, 2}});
  const pb::QueryAnswer a = t.g->query("blue", preview(p));
  EXPECT_FALSE(a.ok());
  EXPECT_EQ(a.refusal().code(), "PW_MOVE_TOO_FAR");
  EXPECT_EQ(a.refusal().rule_id(), "PW-MOVE-01");
  EXPECT_EQ(a.text(), "b1 cannot reach (3,2) through (2,4): b1 may move 2 squares this turn (infantry moves 2); the path has 5.");
  // The squares the refusal was read from, for the board to draw.
  EXPECT_EQ(a.squares_used(), 5);
  EXPECT_EQ(a.route_size(), 5);
  const Outcome o = t.run(order("blue", p));
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.message(), a.text());
  EXPECT_EQ(t.u("b1").sq, (grid::Sq{2, 2}));
}

// PW-MOVE-01: a route too long is refused for its length, even when a shorter way to its first
// waypoint crosses a wood (PW-TER-03): the sentence names the reason that matters.
TEST(PwRoute, TooLongRouteIsRefusedForTheAllowanceNotTheWoodPW_MOVE_01) {
  Sc s;
  s.unit(0, "b1", "mounted_cavalry", 1, 1).unit(1, "r1", "infantry", 9, 8, pb::GRID_FACING_SOUTH);
  s.terrain("woods", {{0, 3}, {1, 3}, {0, 4}});
  TG t(s.spares().s);
  blue_first(t);
  const pb::QueryAnswer a = t.g->query("blue", preview(routed("move:b1", "3,2", {{2, 3}, {3, 2}})));
  EXPECT_FALSE(a.ok());
  EXPECT_EQ(a.refusal().code(), "PW_MOVE_TOO_FAR");
  EXPECT_EQ(a.text(), "b1 cannot reach (3,2) through (2,3): b1 may move 3 squares this turn (mounted cavalry moves 3); the path has 5.");
}

// PW-TER-03: a wood on the route stops the unit there; going on through it is refused.
TEST(PwRoute, WoodOnTheRouteStopsItPW_TER_03) {
  Sc s;
  s.unit(0, "b1", "mounted_cavalry", 2, 2).unit(1, "r1", "infantry", 9, 8, pb::GRID_FACING_SOUTH);
  s.terrain("woods", {{2, 3}});
  TG t(s.spares().s);
  blue_first(t);
  const pb::QueryAnswer a = t.g->query("blue", preview(routed("move:b1", "3,3", {{2, 3}, {3, 3}})));
  EXPECT_FALSE(a.ok());
  EXPECT_EQ(a.refusal().code(), "PW_MOVE_MUST_STOP");
  EXPECT_EQ(a.refusal().rule_id(), "PW-TER-03");
  EXPECT_EQ(a.text(), "b1 cannot reach (3,3) through (2,3): b1 must stop at (2,3) (entered a wood) and cannot go on to (3,3).");
  // Without the waypoint the engine goes round the wood.
  const pb::QueryAnswer round = t.g->query("blue", preview(routed("move:b1", "3,3", {{3, 3}})));
  ASSERT_TRUE(round.ok()) << round.text();
  EXPECT_EQ(squares_of(round.route()), (std::vector<std::pair<int, int>>{{3, 2}, {3, 3}}));
}

// PW-MOVE-02: the last waypoint is the target square; a route ending elsewhere is refused.
TEST(PwRoute, RouteEndingElsewhereIsRefusedPW_MOVE_02) {
  TG t(cavalry().s);
  blue_first(t);
  const Outcome o = t.run(order("blue", routed("move:b1", "3,2", {{2, 1}, {2, 0}})));
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "PW_ROUTE_END");
  EXPECT_EQ(o.rejection.message(), "Move: the route ends at (2,0), not at the square picked; its last point is where the unit goes.");
  const Outcome twice = t.run(order("blue", routed("move:b1", "3,2", {{2, 1}, {2, 1}, {3, 2}})));
  EXPECT_EQ(twice.rejection.code(), "PW_ROUTE_TWICE");
}

// A route on a pick that is not a move to a square is refused by the shared menu check.
TEST(PwRoute, RouteOnAnOrderThatIsNotAMoveIsRefused) {
  TG t(cavalry().s);
  blue_first(t);
  const Outcome o = t.run(order("blue", routed("face:b1", "", {{2, 3}}, pb::GRID_FACING_EAST)));
  EXPECT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.code(), "ROUTE_NOT_A_MOVE");
  EXPECT_EQ(o.rejection.message(), "Turn in place takes no route: waypoints are given only with a move to a square of the grid.");
}

}  // namespace
}  // namespace sandtable::pwtest
