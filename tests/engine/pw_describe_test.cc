// Portable Wargame log lines (PortableWargame::describe), read through Game::log_line_for so the
// whole path a player's line takes is tested.
#include <google/protobuf/descriptor.h>

#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

// Named sides and units, as a scenario writer gives them.
Sc named(Sc s) {
  s.s.mutable_sides(0)->set_name("Blue");
  s.s.mutable_sides(1)->set_name("Grey");
  for (auto& side : *s.s.mutable_sides()) {
    for (auto& u : *side.mutable_units()) {
      if (u.id() == "b1") u.set_name("1st Foot");
      if (u.id() == "r1") u.set_name("Grey Rifles");
      if (u.id() == "b-gun") u.set_name("Blue Battery");
      if (u.id() == "b-cmd") u.set_name("General Lyon");
    }
  }
  return s;
}

// The lines `viewer` reads for the events of one order (events it may not see give none).
std::vector<std::string> lines(const TG& t, const Outcome& o, const std::string& viewer) {
  std::vector<std::string> out;
  for (const auto& e : o.events) {
    if (auto seen = t.g->log_line_for(e, viewer)) out.push_back(seen->text());
  }
  return out;
}

// Every PwEvent body gets words of its own: a body added later without a line fails here.
TEST(PwDescribe, EveryEventBodyHasALine) {
  TG t(named(Sc().unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 5, 5)).s);
  const auto* body = pb::PwEvent::descriptor()->FindOneofByName("body");
  ASSERT_TRUE(body);
  for (int i = 0; i < body->field_count(); ++i) {
    const auto* field = body->field(i);
    pb::PwEvent body;
    body.GetReflection()->MutableMessage(&body, field);  // sets the case
    ASSERT_EQ(static_cast<int>(body.body_case()), field->number()) << field->name();
    const pb::Event e = event_of(body);
    for (const char* viewer : {"gm", "blue", "red", "spectator"}) {
      const auto seen = t.g->event_for(e, viewer);
      ASSERT_TRUE(seen) << field->name();
      // Save the public copy of an artillery plan, which the GM reads whole from the side's copy
      // (ArtilleryPlanSeenByEachSide).
      if (field->name() == "artillery_planned" && std::string(viewer) == "gm") {
        EXPECT_TRUE(seen->text().empty());
        continue;
      }
      EXPECT_FALSE(seen->text().empty()) << field->name();
      EXPECT_NE(seen->text(), "Something happened.") << field->name();
    }
  }
}

// PW-FIRE-05/06: the dice, the modifiers and the hits, then the hit roll and its result.
TEST(PwDescribe, SmallArmsFire) {
  Sc s;
  s.unit(0, "b1", "infantry", 4, 2).unit(0, "b-cmd", "commander", 3, 2).unit(1, "r1", "infantry", 4, 4, pb::GRID_FACING_SOUTH)
      .terrain("town", {{4, 4}});
  TG t(named(s.spares()).s);
  blue_first(t);
  const Outcome o = t.ok(fire("blue", "b1", 4, 4), {4, 1});
  EXPECT_EQ(lines(t, o, "red"),
            (std::vector<std::string>{
                "1st Foot is activated (2 activations left).",
                "1st Foot fires at (4,4): rolled 4 +1 [-1 target in cover or fortifications; +1 has not moved; "
                "+1 commander with or next to the unit], 5 or more hits: 1 hit.",
                "Hits to resolve: Grey Rifles 1 hit (fire).",
                "Grey Rifles rolls 1 for a hit (fire): loses 1 SP.",
                "Grey Rifles loses 1 SP, 3 SP left (hit roll 1: average units lose 1 SP on 1-3 (PW-HIT-01)).",
            }));
}

// PW-MOVE-06 (facing) / PW-MOVE-03 (turning is the unit's move): a face order reads as a turn,
// not as a move of no squares.
TEST(PwDescribe, PW_MOVE_06_TurningInPlaceSaysTurnsToFace) {
  Sc s;
  s.unit(0, "b1", "infantry", 4, 2).unit(1, "r1", "infantry", 4, 8, pb::GRID_FACING_SOUTH);
  TG t(named(s.spares()).s);
  blue_first(t);
  const Outcome o = t.ok(face("blue", "b1", pb::GRID_FACING_EAST));
  for (const char* viewer : {"blue", "red", "spectator", "gm"}) {
    const auto seen = lines(t, o, viewer);
    // activated, turned, then (its only action) the activation ends
    ASSERT_EQ(seen.size(), 3u) << viewer;
    EXPECT_EQ(seen[1], "1st Foot turns to face east.") << viewer;
    for (const auto& line : seen) EXPECT_EQ(line.find("square"), std::string::npos) << line;
  }
}

// PW-CC-02/03: both dice, the flank and the wood, both results.
TEST(PwDescribe, CloseCombat) {
  Sc s;
  s.unit(0, "b1", "infantry", 4, 5, pb::GRID_FACING_EAST).unit(1, "r1", "infantry", 5, 5, pb::GRID_FACING_NORTH)
      .terrain("woods", {{5, 5}});
  TG t(named(s.spares()).s);
  blue_first(t);
  const Outcome o = t.ok(cc("blue", "b1", "r1"), {2, 3, 1, 1});
  const auto seen = lines(t, o, "spectator");
  ASSERT_GE(seen.size(), 3u);
  EXPECT_EQ(seen[1],
            "Close combat, 1st Foot against Grey Rifles: 1st Foot rolled 2, hit; Grey Rifles rolled 3 +1 = 4, hit "
            "[defender +1 in a wood; flank attack].");
  EXPECT_EQ(seen[2], "Hits to resolve: Grey Rifles 1 hit (close combat), 1st Foot 1 hit (close combat).");
}

// PW-ART-01: the planning side reads its targets; the other side and spectators only the count.
// The plan is recorded twice (the count for all, the targets for the side): the side and the GM
// read it once, with the targets.
TEST(PwDescribe, ArtilleryPlanSeenByEachSide) {
  Sc s;
  s.unit(0, "b-gun", "field_artillery", 5, 1).unit(0, "b1", "infantry", 2, 1)
      .unit(1, "r-gun", "field_artillery", 5, 8, pb::GRID_FACING_SOUTH).unit(1, "r1", "infantry", 2, 8, pb::GRID_FACING_SOUTH);
  TG t(named(s).s, false);  // the generator rolls once both plans are in
  const Outcome o = t.ok(plan("blue", {{"b-gun", 5, 8}}));
  const std::vector<std::string> whole{"Blue has given its artillery orders (1 battery): Blue Battery at (5,8)."};
  EXPECT_EQ(lines(t, o, "blue"), whole);
  EXPECT_EQ(lines(t, o, "gm"), whole);
  EXPECT_EQ(lines(t, o, "red"), (std::vector<std::string>{"Blue has given its artillery orders (1 battery)."}));
  EXPECT_EQ(lines(t, o, "spectator"), (std::vector<std::string>{"Blue has given its artillery orders (1 battery)."}));
  const Outcome hold = t.ok(plan("red", {}));
  // The guns fire once both plans are in; the plan's own lines come first.
  for (const char* viewer : {"blue", "red", "gm", "spectator"}) {
    const auto got = lines(t, hold, viewer);
    ASSERT_GE(got.size(), 2u) << viewer;
    EXPECT_EQ(got[0], "Grey's artillery holds its fire this turn.") << viewer;
    EXPECT_EQ(got[1].find("artillery"), std::string::npos) << viewer << ": " << got[1];
  }
}

// The turn's opening: initiative and activation dice as rolled.
TEST(PwDescribe, InitiativeAndActivation) {
  TG t(named(Sc().unit(0, "b1", "infantry", 2, 2).unit(1, "r1", "infantry", 5, 5)).s);
  const Outcome o = t.ok(proceed(), {3, 3, 6, 1, 4});
  const auto seen = lines(t, o, "spectator");
  EXPECT_NE(std::find(seen.begin(), seen.end(), "Initiative: Blue 3, Grey 3 — a tie, rolled again."), seen.end());
  EXPECT_NE(std::find(seen.begin(), seen.end(), "Initiative (roll 2): Blue 6, Grey 1 — Blue goes first."), seen.end());
  EXPECT_NE(std::find(seen.begin(), seen.end(), "Blue rolls 1 activation die: 4, 1 activation (one per unit able to act)."),
            seen.end());
}

}  // namespace
}  // namespace sandtable::pwtest
