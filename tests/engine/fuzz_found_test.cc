// What the fuzz targets (fuzz/) found, each kept as a test here; the input that found it is also
// in the target's corpus (fuzz/corpus/<target>/found-*), which script/test runs every time.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "engine/model/game.h"
#include "engine/model/inches.h"
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/pw/pw_state.h"
#include "sandtable/rulesets/pw/pw.pb.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

// fuzz_command: a Rookie Rules move to a point 1e190 inches away was refused with its distance,
// and rounding that distance to hundredths overflowed (undefined behaviour).
TEST(FuzzFound, ADistanceBeyondAnyTableIsSaidWithoutOverflow) {
  EXPECT_EQ(inches_text(12.04), "12.04\"");
  EXPECT_EQ(inches_text(-6.5), "-6.5\"");
  EXPECT_EQ(inches_text(1e190), "1000000000+\"");
  EXPECT_EQ(inches_text(-1e190), "-1000000000+\"");
  EXPECT_EQ(inches_text(std::numeric_limits<double>::infinity()), "1000000000+\"");
  EXPECT_EQ(inches_text(std::nan("")), "an unmeasurable distance");
  EXPECT_EQ(inches_text(999999999.99), "999999999.99\"");
}

// fuzz_command: table dice entered in a room whose dice the server rolls (no order waits for the
// table's dice) read a request that was not there. From a client this is one Order frame.
TEST(FuzzFound, TableDiceEnteredWhenNoneAreAskedAreRefused) {
  for (const char* file : {"pw/meeting-engagement.json", "bg/crossroads.json", "oh/village-attack.json",
                           "rookie/farm-assault.json"}) {
    SCOPED_TRACE(file);
    const pb::Scenario scenario = load_scenario_file(file);
    std::vector<pb::Event> events;
    std::string error;
    auto game = Game::start(*builtin_registry().find(scenario.ruleset()), scenario, StartOptions{5, false}, &events, &error);
    ASSERT_TRUE(game) << error;
    const std::string before = game->save().SerializeAsString();
    for (const std::string& seat : {game->state().sides.front(), std::string("gm")}) {
      pb::Command c;
      c.set_seat(seat);
      c.mutable_enter_dice();
      Outcome out;
      EXPECT_FALSE(game->next(c, out));
      EXPECT_EQ(out.rejection.code(), "NO_DICE_ASKED");
      EXPECT_EQ(out.rejection.message(), "No order is waiting for the table's dice.");
      c.mutable_enter_dice()->add_values(4);
      EXPECT_FALSE(game->execute(c).accepted);
    }
    EXPECT_EQ(game->save().SerializeAsString(), before);
  }
}

// fuzz_log: a damaged log whose Portable Wargame ActivationRolled names no side indexed the sides
// at -1 on recovery. Such an event is now passed over; the game still reads and plays on.
TEST(FuzzFound, AnActivationRollForNoSideInADamagedLogIsPassedOver) {
  const pb::Scenario scenario = load_scenario_file("pw/meeting-engagement.json");
  std::vector<pb::Event> events;
  std::string error;
  auto game = Game::start(*builtin_registry().find(scenario.ruleset()), scenario, StartOptions{5, false}, &events, &error);
  ASSERT_TRUE(game) << error;
  pb::PwEvent body;
  body.mutable_activation_rolled()->set_side("nobody");
  body.mutable_activation_rolled()->set_dice(3);
  pb::Event damaged = events.back();
  damaged.set_seq(events.back().seq() + 1);
  damaged.clear_dice();
  damaged.mutable_payload()->PackFrom(body);
  events.push_back(damaged);
  auto recovered = Game::from_log(builtin_registry(), events, &error);
  ASSERT_TRUE(recovered) << error;
  EXPECT_EQ(recovered->save().state(), game->save().state());
}

// fuzz_log: a damaged log whose Portable Wargame move ended off the map read a cell past the grid
// on recovery. Such a move is now passed over: the unit stays where it was.
TEST(FuzzFound, AMoveOffTheMapInADamagedLogIsPassedOver) {
  const pb::Scenario scenario = load_scenario_file("pw/meeting-engagement.json");
  std::vector<pb::Event> events;
  std::string error;
  auto game = Game::start(*builtin_registry().find(scenario.ruleset()), scenario, StartOptions{5, false}, &events, &error);
  ASSERT_TRUE(game) << error;
  const std::string unit = scenario.sides(0).units(0).id();
  for (const auto& [col, row] : {std::pair{200, 3}, std::pair{-1, 0}, std::pair{0, 999}}) {
    pb::PwEvent body;
    body.mutable_unit_moved()->set_unit_id(unit);
    auto* to = body.mutable_unit_moved()->add_path();
    to->set_col(col);
    to->set_row(row);
    std::vector<pb::Event> log = events;
    pb::Event damaged = log.back();
    damaged.set_seq(log.back().seq() + 1);
    damaged.clear_dice();
    damaged.mutable_payload()->PackFrom(body);
    log.push_back(damaged);
    auto recovered = Game::from_log(builtin_registry(), log, &error);
    ASSERT_TRUE(recovered) << error;
    const auto& before = static_cast<const pw::PwState&>(game->state());
    const auto& after = static_cast<const pw::PwState&>(recovered->state());
    EXPECT_TRUE(after.find(unit)->sq == before.find(unit)->sq);
    EXPECT_NO_THROW(recovered->view("gm"));
  }
}


// fuzz_scenario: a One-Hour Wargames unit placed 7e93 inches up the table. Its bases were drawn
// before its place was checked, the corners of a base rounded onto one another there, and the
// polygon's constructor threw out of the scenario check: from a GM's upload (CreateRoom) on the
// server's I/O thread, which would have ended the server. Now refused with a sentence; and a rule
// set's check that throws is a refusal too, never an exception out of validate_scenario.
TEST(FuzzFound, AOneHourUnitFarOffTheTableIsRefusedNotThrown) {
  pb::Scenario sc = load_scenario_file("oh/village-attack.json");
  sc.mutable_sides(0)->mutable_units(3)->mutable_position()->set_y(7e93);
  const RuleSet& rules = *builtin_registry().find(sc.ruleset());
  std::optional<std::string> problem;
  ASSERT_NO_THROW(problem = validate_scenario(rules, sc));
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(*problem, "sides[0].units[3].position: the unit is off the table");
  sc.mutable_sides(0)->mutable_units(3)->mutable_position()->set_y(-0.5);
  EXPECT_EQ(validate_scenario(rules, sc).value_or(""), "sides[0].units[3].position: the unit is off the table");
}

}  // namespace
}  // namespace sandtable
