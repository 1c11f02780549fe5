// Battleground's words on the table (issue 12): what ends this scenario (BG-VIC-01), each
// side's losses (no break point for a whole side, BG-MOR-05), the viewer's task (BG-CARD-03/07)
// and the deciding lines after the game; a hidden unit is never counted nor named for a seat
// that may not know it (BG-UNIT-09).
#include "engine/rulesets/bg/bg_view_words.h"
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {
namespace {

Sc base() {
  Sc sc;
  sc.s.mutable_sides(0)->set_name("Germans");
  sc.inf(0, "a", 6, 10, 10);
  sc.inf(1, "e", 6, 50, 26, 1, 0, "C", 180);
  sc.s.mutable_victory()->set_max_turns(1);
  auto* o = sc.s.mutable_victory()->add_objectives();
  o->set_name("Farmhouse");
  *o->mutable_point() = pt(10, 12);
  o->set_points(10);
  o->set_owner("allies");
  sc.s.mutable_victory()->set_prisoner_points(2);
  return sc;
}

// BG-VIC-01: the turn limit, the objective with its points and owner, prisoners; BG-MOR-05.
TEST(BgViewWords, BG_VIC_01_BriefingSaysWhatEndsTheGame) {
  TG t(base().s);
  const pb::View v = t.g->view("axis");
  ASSERT_EQ(v.briefing().rules_size(), 5);
  EXPECT_EQ(v.briefing().rules(0),
            "The game ends after turn 1; then victory points are counted and the side with more wins, level points a "
            "draw (BG-VIC-01).");
  EXPECT_EQ(v.briefing().rules(1), "Farmhouse: 10 points to the side holding it at the end; nobody holding it, it stays with allies.");
  EXPECT_EQ(v.briefing().rules(2),
            "Each enemy prisoner still guarded at the end: 2 points (prisoners whose guards all died count for nobody, "
            "BG-PRIS-05).");
  EXPECT_EQ(v.briefing().rules(3), "A side with no units left on or coming to the table loses at once.");
  EXPECT_NE(v.briefing().rules(4).find("BG-MOR-05"), std::string::npos);
  EXPECT_EQ(v.sides(0).standing(), "lost 0 of 6 figures");
}

// BG-CARD-03: the side whose card is open reads how many units may act; the other has no task.
TEST(BgViewWords, BG_CARD_03_TaskOfTheOpenCard) {
  Sc sc = base();
  sc.s.mutable_victory()->set_max_turns(3);
  sc.inf(0, "a2", 4, 20, 10);
  TG t(sc.s);
  EXPECT_EQ(t.g->view("axis").turn().task(), "Turn the next card");  // table cards: the seat turns it
  t.draw(card(S, 7));  // spades: the Axis moves
  EXPECT_EQ(t.g->view("axis").turn().task(), "Your card: 7 of spades — 2 units may move");
  EXPECT_EQ(t.g->view("allies").turn().task(), "");
  EXPECT_EQ(t.g->view("gm").turn().task(), "");
  t.end_action("axis");
  t.draw(card(H, 1));  // an ace as the hearts' first card: one Allied unit shoots (BG-CARD-07)
  EXPECT_EQ(t.g->view("allies").turn().task(), "Your card: ace of hearts — pick one unit to shoot");
}

// BG-UNIT-09: a hidden unit is neither counted nor named in the other side's words.
TEST(BgViewWords, BG_UNIT_09_HiddenUnitsStayOutOfTheWords) {
  Sc sc = base();
  sc.inf(1, "ghost", 4, 40, 30, 1, 0, "C", 180).add_attributes("hidden");
  TG t(sc.s);
  const pb::View axis = t.g->view("axis");
  EXPECT_EQ(axis.sides(1).standing(), "lost 0 of 6 figures");
  EXPECT_EQ(axis.DebugString().find("ghost"), std::string::npos);
  EXPECT_EQ(t.g->view("allies").sides(1).standing(), "lost 0 of 10 figures");
  EXPECT_EQ(t.g->view("gm").sides(1).standing(), "lost 0 of 10 figures");
}

// Losses: a destroyed unit counts in the standing and in strength_lost.
TEST(BgViewWords, StandingCountsFiguresAndUnitsLost) {
  bg::Losses l;
  l.units = 3;
  l.destroyed = 1;
  l.figures = 14;
  l.figures_left = 9;
  EXPECT_EQ(bg::standing_words(l), "lost 5 of 14 figures; 1 of 3 units destroyed");
}

// BG-VIC-01: after the turn limit the deciding lines say the limit was reached and who held
// each objective, oldest first; before the end there are none.
TEST(BgViewWords, BG_VIC_01_DecidingLinesAtTheTurnLimit) {
  TG t(base().s);
  EXPECT_EQ(t.g->view("axis").result().deciding_size(), 0);
  t.draw(make_joker(1));  // turn 1 ends at once; the limit is 1 turn
  ASSERT_TRUE(t.g->over());
  const pb::View v = t.g->view("allies");
  ASSERT_EQ(v.result().deciding_size(), 2);
  EXPECT_EQ(v.result().deciding(0), "Turn 1: the turn limit was reached and victory points counted");
  EXPECT_EQ(v.result().deciding(1), "Farmhouse (10 points): held by axis");
  EXPECT_EQ(v.turn().task(), "");
}

}  // namespace
}  // namespace sandtable::bgtest
