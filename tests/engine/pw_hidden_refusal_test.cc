// The Portable Wargame hides no unit; its one secret is a side's artillery orders (PW-ART-01):
// the targets are told only to that side (and the GM) until the guns fire. No order of the other
// side reads them (check_plan reads the ordering side's own state; the targets are used only
// when every battery fires), so nothing the other side is answered, shown or offered depends
// on them. These tests hold that: two games that differ only in Red's secret targets give Blue
// the same answer to every order, and the same view and menu.
#include "tests/engine/pw_test_util.h"

namespace sandtable::pwtest {
namespace {

// Blue and Red each with a battery; Red orders its battery first.
pb::Scenario guns() {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(0, "b-inf", "infantry", 8, 5)
      .unit(1, "r-gun", "field_artillery", 5, 8, pb::GRID_FACING_SOUTH).unit(1, "r-inf", "infantry", 2, 5);
  return s.spares().s;
}

// Every kind of order Blue could send while Red's orders are secret, raw (not menu picks).
std::vector<pb::Command> blue_orders(const pb::Scenario& s) {
  std::vector<pb::Command> out;
  for (int c = -1; c <= s.grid().cols(); ++c) {
    for (int r = -1; r <= s.grid().rows(); ++r) {
      out.push_back(plan("blue", {{"b-gun", c, r}}));
      out.push_back(plan("blue", {{"r-gun", c, r}}));  // Red's battery: a unit Blue sees
    }
  }
  out.push_back(plan("blue", {}));
  out.push_back(plan("blue", {{"b-inf", 5, 8}}));
  out.push_back(plan("blue", {{"b-gun", 5, 8}, {"b-gun", 5, 8}}));
  out.push_back(plan("blue", {{"no-such-gun", 5, 8}}));
  for (const char* unit : {"b-gun", "b-inf", "r-gun", "r-inf", "no-such-unit"}) {
    PwOrder m = cmd("blue");
    m.mutable_pw()->mutable_move()->set_unit_id(unit);
    *m.mutable_pw()->mutable_move()->add_path() = sq(5, 2);
    out.push_back(m);
    PwOrder f = cmd("blue");
    f.mutable_pw()->mutable_fire()->set_unit_id(unit);
    *f.mutable_pw()->mutable_fire()->mutable_target() = sq(5, 8);
    out.push_back(f);
    PwOrder cc = cmd("blue");
    cc.mutable_pw()->mutable_close_combat()->set_unit_id(unit);
    cc.mutable_pw()->mutable_close_combat()->set_target_id("r-inf");
    out.push_back(cc);
    PwOrder face = cmd("blue");
    face.mutable_pw()->mutable_face()->set_unit_id(unit);
    face.mutable_pw()->mutable_face()->set_facing(pb::GRID_FACING_EAST);
    out.push_back(face);
    PwOrder st = cmd("blue");
    st.mutable_pw()->mutable_stationary()->set_unit_id(unit);
    st.mutable_pw()->mutable_stationary()->set_kind(pb::PW_LIMBER);
    out.push_back(st);
  }
  out.push_back(end_activation("blue"));
  out.push_back(end_side("blue"));
  out.push_back(proceed("blue"));
  return out;
}

TEST(PwHiddenRefusal, OtherSidesSecretArtilleryTargetsChangeNoAnswerPW_ART_01) {
  const pb::Scenario s = guns();
  TG a(s), b(s);
  a.ok(plan("red", {{"r-gun", 5, 1}}));
  b.ok(plan("red", {{"r-gun", 6, 2}}));  // the same number of batteries: that much is public
  ASSERT_NE(a.st().side_state[1].plan[0].target, b.st().side_state[1].plan[0].target);
  EXPECT_EQ(a.g->view("blue").SerializeAsString(), b.g->view("blue").SerializeAsString());
  EXPECT_EQ(a.g->menu("blue").SerializeAsString(), b.g->menu("blue").SerializeAsString());
  int refused = 0, accepted = 0;
  for (const pb::Command& c : blue_orders(s)) {
    SCOPED_TRACE(pw_of(c).ShortDebugString());
    Game ga(*a.g), gb(*b.g);
    // Plenty of dice, never two alike in a row (initiative ties are re-rolled): once Blue's
    // orders are in, the guns fire in the open and the hits where they land, then the
    // initiative, are rolled, which may take more dice in one game than in the other.
    TableDice da, db;
    for (int i = 0; i < 400; ++i) da.push(pb::DIE_KIND_D6, i % 6 + 1), db.push(pb::DIE_KIND_D6, i % 6 + 1);
    const Outcome oa = ga.execute(c, &da), ob = gb.execute(c, &db);
    ASSERT_EQ(oa.accepted, ob.accepted) << oa.rejection.message() << " / " << ob.rejection.message();
    // Accepted, Blue's orders complete the phase and every battery fires in the open.
    if (oa.accepted) {
      ++accepted;
      continue;
    }
    ++refused;
    EXPECT_EQ(oa.rejection.SerializeAsString(), ob.rejection.SerializeAsString());
  }
  EXPECT_GT(accepted, 0);
  EXPECT_GT(refused, 100);
}

}  // namespace
}  // namespace sandtable::pwtest
