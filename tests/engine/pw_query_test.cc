// Portable Wargame queries (Game::query, engine/rulesets/pw/pw_query.cc): measures in squares
// counted orthogonally with the direct line of sight of PW-DEF-02/03 (cover, crests and units
// block; artillery fires over units, PW-ART-04), and previews of menu picks answered by the
// handlers' own checks: a move's squares (PW-MOVE-01/02), a shot's range, distance and dice
// (PW-FIRE-01/04), an artillery plan (PW-ART-01/02), refusals word for word as the order's.
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

pb::Place unit_place(const std::string& id) {
  pb::Place p;
  p.set_unit_id(id);
  return p;
}

pb::Place square_place(int c, int r) {
  pb::Place p;
  *p.mutable_square() = sq(c, r);
  return p;
}

pb::Query measure(const pb::Place& from, const pb::Place& to) {
  pb::Query q;
  *q.mutable_measure()->mutable_from() = from;
  *q.mutable_measure()->mutable_to() = to;
  return q;
}

pb::PlayAction play(const std::string& action, const std::string& target = "", pb::GridFacing f = pb::GRID_FACING_NORTH) {
  pb::PlayAction p;
  p.set_action(action);
  p.set_target(target);
  p.set_facing(f);
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

int rolled(const Outcome& o, const std::string& label) {
  int n = 0;
  for (const auto& e : o.events) {
    for (const auto& d : e.dice()) n += d.label() == label;
  }
  return n;
}

// PW-DEF-03 / GAP-PW-DEF-03: distance through square edges; the line between centres is blocked
// by cover in an intermediate square, or by a unit (but artillery fires over units, PW-ART-04).
TEST(PwQuery, MeasureOrthogonalSquaresAndDirectSightPW_DEF_03) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 6, 2, pb::GRID_FACING_WEST);
  TG t(s.s);
  pb::QueryAnswer a = t.g->query("blue", measure(unit_place("b1"), unit_place("r1")));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_DOUBLE_EQ(a.distance(), 4);
  EXPECT_TRUE(a.line_of_sight());
  EXPECT_EQ(a.text(), "4 squares from b1 (2,2) to r1 (6,2), in direct line of sight");
  a = t.g->query("spectator", measure(unit_place("b1"), square_place(5, 6)));
  EXPECT_DOUBLE_EQ(a.distance(), 7);  // 3 across and 4 up: never through corners

  Sc woods = s;
  woods.terrain("woods", {{4, 2}});
  TG t2(woods.s);
  a = t2.g->query("red", measure(unit_place("r1"), unit_place("b1")));
  EXPECT_FALSE(a.line_of_sight());
  EXPECT_EQ(a.text(), "4 squares from r1 (6,2) to b1 (2,2), no direct line of sight: cover or a crest is in between");

  Sc unit_between = s;
  unit_between.unit(0, "b2", "infantry", 4, 2);
  TG t3(unit_between.s);
  a = t3.g->query("gm", measure(unit_place("b1"), unit_place("r1")));
  EXPECT_FALSE(a.line_of_sight());
  EXPECT_NE(a.text().find("a unit is in between (artillery fires over units)"), std::string::npos) << a.text();
}

// PW-FIRE-01/04: the fire preview gives the distance, the range and the line of sight, and its
// dice are the dice the fire then rolls (an infantry unit one, a machine gun three).
TEST(PwQuery, FirePreviewRangeDistanceAndDicePW_FIRE_01) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 2).unit(0, "b-mg", "machine_gun", 7, 2);
  s.unit(1, "r1", "infantry", 5, 4, pb::GRID_FACING_SOUTH).unit(1, "r2", "infantry", 7, 5, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  for (auto [unit, target, dist, dice] : {std::tuple{"b1", "5,4", 2, 1}, std::tuple{"b-mg", "7,5", 3, 3}}) {
    SCOPED_TRACE(unit);
    Game copy(*t.g);
    const pb::QueryAnswer a = copy.query("blue", preview(play(std::string("fire:") + unit, target)));
    ASSERT_TRUE(a.ok()) << a.text();
    EXPECT_DOUBLE_EQ(a.distance(), dist);
    EXPECT_TRUE(a.line_of_sight());
    ASSERT_EQ(a.dice_size(), 1);
    EXPECT_EQ(a.dice(0).count(), dice);
    EXPECT_NE(a.text().find(std::to_string(dist) + " squares away, range 3"), std::string::npos) << a.text();
    TableDice ones;
    for (int i = 0; i < 3; ++i) ones.push(pb::DIE_KIND_D6, 1);  // misses: no hit dice follow
    const Outcome o = copy.execute(order("blue", play(std::string("fire:") + unit, target)), &ones);
    ASSERT_TRUE(o.accepted) << o.rejection.message();
    EXPECT_EQ(rolled(o, a.dice(0).label()), a.dice(0).count());
  }
  // A square not offered: the order's own refusal.
  const pb::QueryAnswer off = t.g->query("blue", preview(play("fire:b1", "9,9")));
  Game copy(*t.g);
  const Outcome o = copy.execute(order("blue", play("fire:b1", "9,9")));
  ASSERT_FALSE(o.accepted);
  EXPECT_EQ(off.refusal().code(), "NOT_A_TARGET");
  EXPECT_EQ(off.refusal().SerializeAsString(), o.rejection.SerializeAsString());
}

// PW-MOVE-01/02: a move preview counts the squares of the path the order takes, of the unit's
// allowance; the executed move ends there.
TEST(PwQuery, MovePreviewSquaresPW_MOVE_02) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 9, 8, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s);
  blue_first(t);
  const pb::QueryAnswer a = t.g->query("blue", preview(play("move:b1", "3,3", pb::GRID_FACING_EAST)));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_DOUBLE_EQ(a.distance(), 2);
  EXPECT_EQ(a.text(), "b1 moves 2 squares of its 2 to (3,3).");
  t.ok(order("blue", play("move:b1", "3,3", pb::GRID_FACING_EAST)));
  EXPECT_EQ(t.u("b1").sq, (grid::Sq{3, 3}));
  EXPECT_EQ(t.u("b1").squares_moved, 2);
  // Too far is not on the menu: refused as the order is.
  const pb::QueryAnswer far = t.g->query("blue", preview(play("move:b1", "3,7")));
  EXPECT_FALSE(far.ok());
  EXPECT_EQ(far.refusal().code(), "NOT_ON_MENU");  // b1 has moved: its move is gone from the menu
}

// PW-ART-01/02: a battery's pick gives its distance and range; a plan naming a battery twice is
// refused with the order's own sentence (PW_ART_TWICE).
TEST(PwQuery, ArtilleryPlanPreviewPW_ART_02) {
  Sc s;
  s.unit(0, "b-g1", "field_artillery", 3, 1).unit(1, "r1", "infantry", 3, 6, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s, false);
  const pb::QueryAnswer a = t.g->query("blue", preview(play("plan:b-g1", "3,6")));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_DOUBLE_EQ(a.distance(), 5);
  EXPECT_EQ(a.text(), "b-g1 fires at (3,6): 5 squares away, range 8, in sight over any units.");
  pb::PlayAction twice = play("plan:b-g1", "3,6");
  *twice.add_also() = play("plan:b-g1", "3,6");
  const pb::QueryAnswer refused = t.g->query("blue", preview(twice));
  Game copy(*t.g);
  const Outcome o = copy.execute(order("blue", twice));
  EXPECT_EQ(refused.refusal().code(), "PW_ART_TWICE");
  EXPECT_EQ(refused.refusal().SerializeAsString(), o.rejection.SerializeAsString());
  // The other side neither previews blue's picks nor learns anything about them.
  EXPECT_EQ(t.g->query("red", preview(play("plan:b-g1", "3,6"))).refusal().code(), "NOT_ON_MENU");
}

// A unit that is not on the table is answered with the handlers' sentence; points are for free
// tables; squares must be on the board.
TEST(PwQuery, MissingUnitsAndBadPlaces) {
  Sc s;
  s.unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 6, 2, pb::GRID_FACING_WEST);
  TG t(s.s);
  pb::QueryAnswer a = t.g->query("blue", measure(unit_place("b1"), unit_place("zz")));
  EXPECT_FALSE(a.ok());
  EXPECT_EQ(a.refusal().code(), "PW_NO_SUCH_UNIT");
  EXPECT_EQ(a.refusal().message(), "There is no unit 'zz' on the table.");
  pb::Place point;
  point.mutable_point()->set_x(1);
  EXPECT_EQ(t.g->query("blue", measure(point, unit_place("r1"))).refusal().code(), "PW_NO_POINTS");
  EXPECT_EQ(t.g->query("blue", measure(square_place(12, 0), unit_place("r1"))).refusal().code(), "PW_OFF_BOARD");
}

// Queries change nothing and draw nothing: the next order rolls what it would have rolled.
TEST(PwQuery, QueriesChangeNothing) {
  Sc s;
  s.unit(0, "b1", "infantry", 5, 2).unit(0, "b-g1", "field_artillery", 3, 1);
  s.unit(1, "r1", "infantry", 5, 4, pb::GRID_FACING_SOUTH);
  TG t(s.spares().s, false, 17);
  const Game before(*t.g);
  const std::string view = t.g->view("gm").SerializeAsString();
  const pb::ActionMenu menu = t.g->menu("blue");
  ASSERT_FALSE(menu.actions().empty());
  for (const char* seat : {"blue", "red", "gm", "spectator"}) {
    for (const auto& act : menu.actions()) {
      t.g->query(seat, preview(play(act.id(), act.targets().empty() ? "" : act.targets(0).id())));
    }
    t.g->query(seat, measure(unit_place("b1"), unit_place("r1")));
  }
  EXPECT_EQ(t.g->seq(), before.seq());
  EXPECT_EQ(t.g->view("gm").SerializeAsString(), view);
  const pb::Command c = order("blue", play("plan:b-g1", "5,4"));
  Game untouched(before);
  const Outcome x = t.g->execute(c);
  const Outcome y = untouched.execute(c);
  ASSERT_TRUE(x.accepted) << x.rejection.message();
  ASSERT_EQ(x.events.size(), y.events.size());
  for (std::size_t i = 0; i < x.events.size(); ++i) EXPECT_EQ(x.events[i].SerializeAsString(), y.events[i].SerializeAsString());
}

}  // namespace
}  // namespace sandtable::pwtest
