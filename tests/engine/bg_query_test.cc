// Battleground queries (Game::query, engine/rulesets/bg/bg_query.cc): measures (BG-FIRE-09
// range, BG-LOS-01..04 line of sight), previews of menu picks whose numbers are what the order
// then does (a path's cost through woods, BG-TER-02; a vehicle's turning cost, BG-VMOV-05; the
// dice of a shot, BG-FIRE-07, and of a charge test, BG-MEL-01), hidden units (BG-UNIT-09)
// answered exactly like missing ones, and queries that change nothing and roll nothing.
#include <cmath>

#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {
namespace {

pb::Place unit_place(const std::string& id) {
  pb::Place p;
  p.set_unit_id(id);
  return p;
}

pb::Place point_place(double x, double y) {
  pb::Place p;
  *p.mutable_point() = pt(x, y);
  return p;
}

pb::Query measure(const pb::Place& from, const pb::Place& to) {
  pb::Query q;
  *q.mutable_measure()->mutable_from() = from;
  *q.mutable_measure()->mutable_to() = to;
  return q;
}

pb::PlayAction play(const std::string& action, const std::string& target = "") {
  pb::PlayAction p;
  p.set_action(action);
  p.set_target(target);
  return p;
}

pb::PlayAction drawn(const std::string& action, const std::string& mode, std::vector<std::pair<double, double>> path,
                     double facing) {
  pb::PlayAction p = play(action);
  p.set_mode(mode);
  for (auto [x, y] : path) *p.add_path() = pt(x, y);
  p.set_facing_deg(facing);
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

// The same answer with one id written in place of another (a hidden unit against a missing one).
std::string with_id(std::string s, const std::string& from, const std::string& to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

// How many dice of this label an outcome's events rolled.
int rolled(const Outcome& o, const std::string& label) {
  int n = 0;
  for (const auto& e : o.events) {
    for (const auto& d : e.dice()) n += d.label() == label;
  }
  return n;
}

int pool(const pb::QueryAnswer& a, const std::string& label) {
  int n = 0;
  for (const auto& d : a.dice()) n += d.label() == label ? d.count() : 0;
  return n;
}

// Axis 4-figure C unit "a" centred on (10, 10) facing north, an Allied 4-figure unit "e" 8"
// north of it facing south.
Sc base(double ex = 10, double ey = 18, double efacing = 180) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10);
  sc.inf(1, "e", 4, ex, ey, 1, 0, "C", efacing);
  return sc;
}

// BG-FIRE-09: ranges are measured centre to centre: a unit's CoM, or the centre of the
// building it holds. Points measure in inches too.
TEST(BgQuery, MeasureCentreToCentreBG_FIRE_09) {
  TG t(base().s);
  pb::QueryAnswer a = t.g->query("axis", measure(unit_place("a"), unit_place("e")));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_DOUBLE_EQ(a.distance(), 8.0);
  EXPECT_TRUE(a.line_of_sight());
  EXPECT_EQ(a.text(), "8\" from a to e, in sight");
  a = t.g->query("spectator", measure(point_place(20, 10), point_place(23, 14)));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_DOUBLE_EQ(a.distance(), 5.0);
  EXPECT_EQ(a.text(), "5\" from (20, 10) to (23, 14), in sight");
  // A point is not a unit: from the middle of "a" the line crosses its own bases (BG-LOS-03).
  a = t.g->query("spectator", measure(point_place(10, 10), point_place(13, 14)));
  EXPECT_EQ(a.text(), "5\" from (10, 10) to (13, 14), out of sight: a blocks the line");

  Sc sc = base();
  sc.s.mutable_sides(1)->mutable_units(0)->add_attributes("building=h");
  sc.area("building", "h", 7, 16, 17, 20);  // centre (12, 18); the unit's CoM is (10, 18)
  TG t2(sc.s);
  a = t2.g->query("axis", measure(unit_place("a"), unit_place("e")));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_DOUBLE_EQ(a.distance(), std::sqrt(4.0 + 64.0));
  a = t2.g->query("axis", measure(unit_place("a"), point_place(10, 18)));
  EXPECT_DOUBLE_EQ(a.distance(), 8.0);
}

// BG-LOS-04: a building between blocks the line, named in the answer; woods may be seen
// through for 6" only. The measure agrees with the shot's own check (BG-LOS-01).
TEST(BgQuery, MeasureLineOfSightThroughBuildingsAndWoodsBG_LOS_04) {
  Sc sc = base();
  sc.area("building", "Mill", 9, 13, 11, 15);
  TG t(sc.s);
  pb::QueryAnswer a = t.g->query("axis", measure(unit_place("a"), unit_place("e")));
  ASSERT_TRUE(a.ok());
  EXPECT_FALSE(a.line_of_sight());
  EXPECT_EQ(a.text(), "8\" from a to e, out of sight: Mill blocks the line");
  t.draw(card(C, 9));
  EXPECT_EQ(t.refused(shoot_cmd("axis", "a", "e")), "BG_NO_LOS");

  Sc deep = base();
  deep.area("woods", "Copse", 5, 11.5, 15, 18.6);  // 6.5" of the line inside
  TG t2(deep.s);
  EXPECT_FALSE(t2.g->query("allies", measure(unit_place("e"), unit_place("a"))).line_of_sight());
  Sc thin = base();
  thin.area("woods", "Copse", 5, 12, 15, 17);  // 5" inside
  TG t3(thin.s);
  EXPECT_TRUE(t3.g->query("allies", measure(unit_place("e"), unit_place("a"))).line_of_sight());
}

// BG-UNIT-09: a unit hidden from the seat is answered exactly as a unit that does not exist,
// and does not block the seat's sight; its own side and the GM measure to it and see it block.
TEST(BgQuery, HiddenUnitAnsweredLikeAMissingOneBG_UNIT_09) {
  Sc sc = base();
  sc.inf(1, "h1", 4, 10.5, 14, 1, 0, "C", 180).add_attributes("hidden");  // right on the line a-e
  TG t(sc.s);
  for (const char* seat : {"axis", "spectator"}) {
    SCOPED_TRACE(seat);
    const pb::QueryAnswer hidden = t.g->query(seat, measure(unit_place("a"), unit_place("h1")));
    const pb::QueryAnswer missing = t.g->query(seat, measure(unit_place("a"), unit_place("x9")));
    EXPECT_FALSE(hidden.ok());
    EXPECT_EQ(hidden.refusal().code(), "BG_NO_SUCH_UNIT");
    EXPECT_EQ(with_id(hidden.SerializeAsString(), "h1", "x9"), missing.SerializeAsString());
    const pb::QueryAnswer line = t.g->query(seat, measure(unit_place("a"), unit_place("e")));
    EXPECT_TRUE(line.line_of_sight()) << line.text();
    EXPECT_EQ(line.text().find("h1"), std::string::npos);
  }
  for (const char* seat : {"allies", "gm"}) {
    SCOPED_TRACE(seat);
    const pb::QueryAnswer to_hidden = t.g->query(seat, measure(unit_place("a"), unit_place("h1")));
    ASSERT_TRUE(to_hidden.ok()) << to_hidden.text();
    EXPECT_NEAR(to_hidden.distance(), std::hypot(0.5, 4.0), 1e-12);
    const pb::QueryAnswer line = t.g->query(seat, measure(unit_place("a"), unit_place("e")));
    EXPECT_FALSE(line.line_of_sight());
    EXPECT_NE(line.text().find("h1 blocks"), std::string::npos) << line.text();
  }
  // A menu pick naming it is refused like one naming nobody, with the order's own sentence.
  t.draw(card(C, 9));
  const pb::QueryAnswer hidden = t.g->query("axis", preview(play("shoot:a", "h1")));
  const pb::QueryAnswer missing = t.g->query("axis", preview(play("shoot:a", "x9")));
  EXPECT_EQ(hidden.refusal().code(), "NOT_A_TARGET");
  EXPECT_EQ(with_id(hidden.SerializeAsString(), "h1", "x9"), missing.SerializeAsString());
  Game copy(*t.g);
  const Outcome o = copy.execute(order("axis", play("shoot:a", "h1")));
  EXPECT_EQ(o.rejection.SerializeAsString(), hidden.refusal().SerializeAsString());
}

// BG-TER-02: woods halve movement. The preview's path cost is what the executed move then
// uses, and the roll it names is the least that reaches the end.
TEST(BgQuery, MovePreviewCostThroughWoodsIsWhatTheMoveUsesBG_TER_02) {
  Sc sc = base(50, 30);
  sc.area("woods", "Copse", 5, 12, 15, 16);  // 4" of the 8" path inside: 2 + 8 + 2 = 12"
  TG t(sc.s);
  t.draw(card(S, 9));  // BG-CARD-02: spades, every Axis unit moves
  const pb::PlayAction run = drawn("move:a", "run", {{10, 18}}, 0);
  const pb::QueryAnswer a = t.g->query("axis", preview(run));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_DOUBLE_EQ(a.inches_used(), 12.0);
  EXPECT_DOUBLE_EQ(a.inches_left(), 0.0);  // the best roll of 2D6 is 12
  EXPECT_DOUBLE_EQ(a.distance(), 8.0);
  EXPECT_NE(a.text().find("the path costs 12\""), std::string::npos) << a.text();
  EXPECT_NE(a.text().find("a roll of 12 or more on 2D6 (3%)"), std::string::npos) << a.text();
  const pb::QueryAnswer walk = t.g->query("axis", preview(drawn("move:a", "walk", {{10, 18}}, 0)));
  EXPECT_DOUBLE_EQ(walk.inches_used(), 12.0);
  EXPECT_DOUBLE_EQ(walk.inches_left(), -6.0);
  EXPECT_NE(walk.text().find("no roll of 1D6 carries it to the end"), std::string::npos) << walk.text();

  Game short_roll(*t.g);
  TableDice eleven;
  eleven.push(pb::DIE_KIND_D6, 6);
  eleven.push(pb::DIE_KIND_D6, 5);
  const Outcome fell_short = short_roll.execute(order("axis", run), &eleven);
  ASSERT_TRUE(fell_short.accepted) << fell_short.rejection.message();
  const auto* moved = TG::find(fell_short, [](const pb::BgEvent& e) { return e.has_unit_moved(); });
  ASSERT_NE(moved, nullptr);
  EXPECT_FALSE(moved->unit_moved().reached());

  const Outcome o = t.ok(order("axis", run), {6, 6});
  moved = TG::find(o, [](const pb::BgEvent& e) { return e.has_unit_moved(); });
  ASSERT_NE(moved, nullptr);
  EXPECT_TRUE(moved->unit_moved().reached());
  EXPECT_NEAR(moved->unit_moved().used(), a.inches_used(), 1e-9);
  EXPECT_NEAR(bg::com(t.u("a")).y, 18.0, 1e-9);
}

// BG-MOVE-10: the preview of a path through a visible enemy gets the order's own refusal; a
// path through a hidden one is accepted, as the order is (BG-UNIT-09: it would run into it).
TEST(BgQuery, MovePreviewRefusalIsTheOrdersOwnBG_MOVE_10) {
  Sc sc = base(50, 30);
  sc.inf(1, "v", 4, 10.5, 14, 1, 0, "C", 180);
  sc.inf(1, "hid7", 4, 20.5, 14, 1, 0, "C", 180).add_attributes("hidden");
  TG t(sc.s);
  t.draw(card(S, 9));
  const pb::PlayAction through = drawn("move:a", "walk", {{10, 18}}, 0);
  const pb::QueryAnswer a = t.g->query("axis", preview(through));
  EXPECT_FALSE(a.ok());
  EXPECT_EQ(a.refusal().code(), "BG_THROUGH_ENEMY");
  Game copy(*t.g);
  TableDice six;
  six.push(pb::DIE_KIND_D6, 6);
  const Outcome o = copy.execute(order("axis", through), &six);
  ASSERT_FALSE(o.accepted);
  EXPECT_EQ(o.rejection.SerializeAsString(), a.refusal().SerializeAsString());
  const pb::QueryAnswer past_hidden = t.g->query("axis", preview(drawn("move:a", "walk", {{20, 10}, {20, 18}}, 0)));
  EXPECT_TRUE(past_hidden.ok()) << past_hidden.text();
  EXPECT_EQ(past_hidden.text().find("hid7"), std::string::npos) << past_hidden.text();
  EXPECT_DOUBLE_EQ(past_hidden.inches_used(), 18.0);
}

// BG-VMOV-05: a tracked vehicle pays 3" per 90 degrees of turning, so a 6" path ending with a
// quarter turn needs a roll of 9 on 3D6; BG-VMOV-02: all three dice totalling 3 immobilize it.
TEST(BgQuery, DrivePreviewTurningCostAndTheRollNeededBG_VMOV_05) {
  Sc sc = base(50, 30);
  sc.vehicle(0, "tank", "medium_tank", 30, 10);
  TG t(sc.s);
  t.draw(card(S, 9));
  const pb::PlayAction drive = drawn("drive:tank", "3d6", {{30, 16}}, 90);
  const pb::QueryAnswer a = t.g->query("axis", preview(drive));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_DOUBLE_EQ(a.inches_used(), 6.0);
  EXPECT_DOUBLE_EQ(a.inches_left(), 18.0 - 3.0 - 6.0);
  EXPECT_NE(a.text().find("turning 90 degrees 3\""), std::string::npos) << a.text();
  EXPECT_NE(a.text().find("a roll of 9 or more on 3D6"), std::string::npos) << a.text();
  EXPECT_NE(a.text().find("a total of 3 immobilizes it"), std::string::npos) << a.text();
  for (auto [dice, reached] : {std::pair{std::vector<int>{3, 3, 2}, false}, std::pair{std::vector<int>{4, 3, 2}, true}}) {
    Game copy(*t.g);
    TableDice td;
    for (int v : dice) td.push(pb::DIE_KIND_D6, v);
    const Outcome o = copy.execute(order("axis", drive), &td);
    ASSERT_TRUE(o.accepted) << o.rejection.message();
    const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_vehicle_moved(); });
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->vehicle_moved().reached(), reached);
    if (reached) {
      EXPECT_NEAR(e->vehicle_moved().used(), a.inches_used(), 1e-9);
    }
    EXPECT_NEAR(e->vehicle_moved().turn_cost(), 3.0, 1e-9);
  }
}

// BG-FIRE-07/12, BG-TER-06: the shot preview's pool (3 white for 4 figures with a leader, a
// blue for the heavy weapon and one for the flank, a red for the woods' edge) is exactly the
// dice the executed shot rolls, counted in its events.
TEST(BgQuery, ShotPreviewDiceAreTheDiceTheShotRollsBG_FIRE_07) {
  Sc sc;
  sc.inf(0, "a", 4, 10, 10, 1, 1);
  sc.inf(1, "e", 4, 10, 18, 1, 0, "C", 0);  // facing away: the shot comes from behind its facing line
  sc.area("woods", "Copse", 5, 12, 15, 17);
  TG t(sc.s);
  t.draw(card(C, 9));
  const pb::QueryAnswer a = t.g->query("axis", preview(play("shoot:a", "e")));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_EQ(pool(a, "white"), 3);
  EXPECT_EQ(pool(a, "blue"), 2);
  EXPECT_EQ(pool(a, "red"), 1);
  EXPECT_DOUBLE_EQ(a.distance(), 8.0);
  EXPECT_TRUE(a.line_of_sight());
  EXPECT_NE(a.text().find("3 white, 2 blue against 1 red, hits on 5+"), std::string::npos) << a.text();
  // Every die a 2 or 3: nothing hits, so the attack's own dice are all the shot rolls.
  const Outcome o = t.ok(order("axis", play("shoot:a", "e")), {2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3});
  EXPECT_EQ(rolled(o, "white"), pool(a, "white"));
  EXPECT_EQ(rolled(o, "blue"), pool(a, "blue"));
  EXPECT_EQ(rolled(o, "red"), pool(a, "red"));
  const auto* at = attack_of(o);
  ASSERT_NE(at, nullptr);
  EXPECT_DOUBLE_EQ(at->range(), a.distance());
}

// BG-MEL-01: a charge test rolls as a shot; the preview names its dice and the net hits it needs.
TEST(BgQuery, ChargePreviewDiceAreTheChargeTestsBG_MEL_01) {
  TG t(base(10, 13, 180).s);
  t.draw(card(S, 9));
  const pb::QueryAnswer a = t.g->query("axis", preview(play("charge:a", "e")));
  ASSERT_TRUE(a.ok()) << a.text();
  EXPECT_EQ(pool(a, "charge test white"), 3);
  EXPECT_EQ(pool(a, "charge test blue"), 0);
  EXPECT_EQ(pool(a, "charge test red"), 0);
  EXPECT_NE(a.text().find("it needs 2 net hits"), std::string::npos) << a.text();
  const Outcome o = t.ok(order("axis", play("charge:a", "e")), {2, 2, 2, 2, 2, 2, 2, 2});
  EXPECT_EQ(rolled(o, "charge test white"), 3);
  EXPECT_EQ(rolled(o, "charge test blue") + rolled(o, "charge test red"), 0);
  const auto* d = TG::find(o, [](const pb::BgEvent& e) { return e.has_charge_declared(); });
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->charge_declared().needed(), 2);
}

// Previews are checked like the order: off the menu, another side's pick, a mode not offered,
// a game that is over; the refusal is the one execute() gives.
TEST(BgQuery, PreviewRefusalsAreExecutesOwn) {
  TG t(base().s);
  t.draw(card(S, 9));
  const std::vector<std::pair<std::string, pb::PlayAction>> picks = {
      {"allies", drawn("move:a", "walk", {{10, 12}}, 0)},
      {"axis", play("no-such-action")},
      {"axis", drawn("move:a", "gallop", {{10, 12}}, 0)},
      {"gm", drawn("move:a", "walk", {{10, 12}}, 0)},
  };
  for (const auto& [seat, p] : picks) {
    SCOPED_TRACE(seat + " " + p.ShortDebugString());
    const pb::QueryAnswer a = t.g->query(seat, preview(p));
    Game copy(*t.g);
    TableDice six;
    six.push(pb::DIE_KIND_D6, 6);
    const Outcome o = copy.execute(order(seat, p), &six);
    ASSERT_FALSE(o.accepted);
    EXPECT_FALSE(a.ok());
    EXPECT_EQ(a.refusal().SerializeAsString(), o.rejection.SerializeAsString());
  }
  pb::Command end = cmd("gm");
  end.mutable_gm()->mutable_end_game()->set_reason("called off");
  t.ok(end);
  EXPECT_EQ(t.g->query("axis", preview(drawn("move:a", "walk", {{10, 12}}, 0))).refusal().code(), "GAME_OVER");
}

// A query never changes the game and never draws from the generator: after any number of them
// the next order rolls exactly what it would have rolled without them.
TEST(BgQuery, QueriesChangeNothing) {
  Sc sc = base();
  sc.area("woods", "Copse", 5, 12, 15, 16);
  std::string err;
  StartOptions opts;
  opts.seed = 99;
  std::unique_ptr<Game> g = Game::start(rules(), sc.s, opts, nullptr, &err);
  ASSERT_TRUE(g) << err;
  // Let the seeded game turn cards until the Axis has a move or a shoot card.
  for (int guard = 0; guard < 60 && g->menu("axis").actions().empty(); ++guard) {
    const std::string seat = g->waiting_for().front();
    const pb::ActionMenu m = g->menu(seat);
    ASSERT_FALSE(m.actions().empty());
    pb::Command c = cmd(seat);
    c.mutable_play()->set_action("end-action");
    ASSERT_TRUE(g->execute(c).accepted);
  }
  const pb::ActionMenu menu = g->menu("axis");
  ASSERT_FALSE(menu.actions().empty());
  const Game before(*g);
  const std::string save = g->view("gm").SerializeAsString();
  const std::uint64_t seq = g->seq();
  int previews = 0;
  for (const auto& act : menu.actions()) {
    pb::PlayAction p = act.kind() == "move" ? drawn(act.id(), act.move().modes(0), {{10, 16}}, 0) : play(act.id());
    if (!act.targets().empty()) p.set_target(act.targets(0).id());
    for (const char* seat : {"axis", "allies", "gm", "spectator"}) {
      g->query(seat, preview(p));
      g->query(seat, measure(unit_place("a"), unit_place("e")));
    }
    ++previews;
  }
  EXPECT_GT(previews, 0);
  EXPECT_EQ(g->seq(), seq);
  EXPECT_EQ(g->view("gm").SerializeAsString(), save);
  // The same order now and on the copy taken before the queries: the same events, dice included.
  pb::Command c = cmd("axis");
  c.mutable_play()->set_action(menu.actions(0).id());
  if (menu.actions(0).kind() == "move") {
    *c.mutable_play() = drawn(menu.actions(0).id(), menu.actions(0).move().modes(0), {{10, 16}}, 0);
  } else if (!menu.actions(0).targets().empty()) {
    c.mutable_play()->set_target(menu.actions(0).targets(0).id());
  }
  Game after_queries(*g);
  Game untouched(before);
  const Outcome x = after_queries.execute(c);
  const Outcome y = untouched.execute(c);
  ASSERT_EQ(x.accepted, y.accepted);
  ASSERT_EQ(x.events.size(), y.events.size());
  for (std::size_t i = 0; i < x.events.size(); ++i) EXPECT_EQ(x.events[i].SerializeAsString(), y.events[i].SerializeAsString());
}

// A measure names exactly one place at each end; squares belong to grid boards; points must be
// on the table.
TEST(BgQuery, BadPlacesAreRefused) {
  TG t(base().s);
  pb::Place both = unit_place("a");
  *both.mutable_point() = pt(1, 1);
  pb::Place square;
  square.mutable_square()->set_col(1);
  EXPECT_EQ(t.g->query("axis", measure(both, unit_place("e"))).refusal().code(), "BAD_PLACE");
  EXPECT_EQ(t.g->query("axis", measure(pb::Place(), unit_place("e"))).refusal().code(), "BAD_PLACE");
  EXPECT_EQ(t.g->query("axis", measure(square, unit_place("e"))).refusal().code(), "BG_NO_SQUARES");
  EXPECT_EQ(t.g->query("axis", measure(point_place(61, 1), unit_place("e"))).refusal().code(), "BG_OFF_TABLE");
  EXPECT_EQ(t.g->query("nobody", measure(unit_place("a"), unit_place("e"))).refusal().code(), "UNKNOWN_SEAT");
  EXPECT_EQ(t.g->query("axis", pb::Query()).refusal().code(), "EMPTY_QUERY");
}

}  // namespace
}  // namespace sandtable::bgtest
