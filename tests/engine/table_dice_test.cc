// Table dice in a room (docs/engine.md "Table dice"): with no dice handed in, an order that needs
// them waits (DiceAsked: which die, how many, what for), nothing else is ordered meanwhile, and
// when the GM (or a trusted side) enters the faces the order runs with them — its events are the
// very ones it would have had with those dice handed in with it. For every rule set, in bot games
// of every demo scenario with the dice entered by a generator of the test's own.
#include <gtest/gtest.h>

#include <iostream>
#include <optional>

#include "engine/core/dice.h"
#include "engine/model/game.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

pb::Command enter(const std::string& seat, const std::vector<int>& values) {
  pb::Command c;
  c.set_seat(seat);
  for (int v : values) c.mutable_enter_dice()->add_values(v);
  return c;
}

// A face of the die, drawn from the test's generator.
int face(pb::DieKind kind, Pcg32& rng) {
  const DieRange r = die_range(kind);
  return r.lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(r.hi - r.lo + 1)));
}

// The bot's order, or when it has none for a table-dice game (Battleground's cards turned at the
// table, which its bot does not play) the first pick of the seat's menu.
std::optional<pb::Command> order_for(Bot& bot, const Game& game, const std::string& seat, Pcg32& rng) {
  if (auto c = bot.choose(game, seat, rng)) return c;
  const pb::ActionMenu m = game.menu(seat);
  if (m.actions_size() == 0) return std::nullopt;
  pb::Command c;
  c.set_seat(seat);
  c.mutable_play()->set_action(m.actions(0).id());
  if (m.actions(0).targets_size() > 0) c.mutable_play()->set_target(m.actions(0).targets(0).id());
  return c;
}

// The events without what differs by how the dice came: sequence numbers and die sources.
std::vector<std::string> bodies(const std::vector<pb::Event>& events) {
  std::vector<std::string> out;
  for (pb::Event e : events) {
    if (e.has_dice_entered()) continue;
    e.clear_seq();
    for (auto& d : *e.mutable_dice()) d.clear_source();
    out.push_back(e.SerializeAsString());
  }
  return out;
}

struct Tally {
  int parked = 0;
  int asked_again = 0;
  int entered = 0;
};

TEST(TableDiceRoom, AParkedOrderRunsWithTheEnteredDiceAsIfHandedInForEveryRuleSet) {
  for (const auto& [ruleset, files] : demo_scenarios_by_ruleset()) {
    SCOPED_TRACE(ruleset);
    const RuleSet* rules = builtin_registry().find(ruleset);
    Tally t;
    for (const auto& file : files) {
      SCOPED_TRACE(file);
      std::vector<pb::Event> log;
      std::string error;
      StartOptions start;
      start.seed = 5;
      start.table_dice = true;
      auto game = Game::start(*rules, load_scenario_file(file), start, &log, &error);
      ASSERT_TRUE(game) << error;
      auto bot = rules->make_bot();
      Pcg32 bot_rng(5, 7), dice_rng(9, 11);
      for (int step = 0; step < 80 && !game->over(); ++step) {
        const std::string seat = game->waiting_for().front();
        auto command = order_for(*bot, *game, seat, bot_rng);
        ASSERT_TRUE(command) << "step " << step << ": nothing on the menu of " << seat;
        const Game before(*game);
        Outcome o = game->execute(*command);
        ASSERT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
        log.insert(log.end(), o.events.begin(), o.events.end());
        if (!(o.events.size() == 1 && o.events[0].has_dice_asked())) continue;
        ++t.parked;
        // Waiting: the GM is asked, with what for; the side orders nothing meanwhile.
        std::vector<pb::DieRoll> all;
        for (int round = 0; game->state().dice_request; ++round) {
          ASSERT_LT(round, 40);
          const pb::DiceRequest r = *game->state().dice_request;
          EXPECT_EQ(r.seat(), seat);
          EXPECT_GE(r.count(), 1);
          EXPECT_FALSE(r.label().empty());
          EXPECT_EQ(game->waiting_for(), std::vector<std::string>{"gm"});
          EXPECT_TRUE(game->menu("gm").has_dice_request());
          EXPECT_FALSE(game->menu(seat).has_dice_request()) << "the GM enters the dice unless it trusts the side";
          EXPECT_EQ(game->menu(seat).actions_size(), 0) << "nothing is ordered while the table rolls";
          const auto line = game->log_line_for(log.back(), "spectator");
          ASSERT_TRUE(line);
          EXPECT_NE(line->text().find("Waiting for the table's dice: "), std::string::npos) << line->text();
          EXPECT_FALSE(game->event_for(log.back(), "spectator")->dice_asked().has_order()) << "a viewer's copy carries the parked order";
          EXPECT_EQ(Game(*game).execute(enter(seat, {1})).rejection.code(), "DICE_NOT_YOURS");
          std::vector<int> wrong(static_cast<std::size_t>(r.count() + 1), 1);
          EXPECT_EQ(Game(*game).execute(enter("gm", wrong)).rejection.code(), "DICE_COUNT");
          std::vector<int> values;
          for (int i = 0; i < r.count(); ++i) {
            values.push_back(face(r.kind(), dice_rng));
            pb::DieRoll d;
            d.set_kind(r.kind());
            d.set_value(values.back());
            all.push_back(d);
          }
          o = game->execute(enter("gm", values));
          ASSERT_TRUE(o.accepted) << o.rejection.message();
          log.insert(log.end(), o.events.begin(), o.events.end());
          if (o.events.size() == 1 && o.events[0].has_dice_asked()) ++t.asked_again;
        }
        ++t.entered;
        if (o.events.front().has_dice_dropped()) continue;
        ASSERT_TRUE(o.events.front().has_dice_entered()) << o.events.front().ShortDebugString();
        // The same order with the same dice handed in: the same events.
        Game handed(before);
        TableDice table;
        for (const auto& d : all) ASSERT_FALSE(table.push(d.kind(), d.value()));
        const Outcome direct = handed.execute(*command, &table);
        ASSERT_TRUE(direct.accepted) << direct.rejection.message();
        EXPECT_EQ(bodies(o.events), bodies(direct.events)) << "the parked order's events differ from the order with its dice";
        EXPECT_EQ(table.remaining(), 0u) << "every entered die was used";
        if (HasFatalFailure()) return;
      }
      // The log of it all replays to the same table.
      auto replayed = Game::from_log(builtin_registry(), log, &error);
      ASSERT_TRUE(replayed) << error;
      pb::View a = replayed->view("gm"), b = game->view("gm");
      a.mutable_menu()->clear_rewind_points();
      b.mutable_menu()->clear_rewind_points();
      EXPECT_EQ(a.SerializeAsString(), b.SerializeAsString());
    }
    std::cout << ruleset << ": " << t.parked << " orders waited for the table's dice, " << t.asked_again
              << " asked for more, " << t.entered << " entered\n";
    EXPECT_GT(t.parked, 0);
    EXPECT_EQ(t.entered, t.parked);
  }
}

// A side the GM trusts enters the dice of its own orders; the other side's still go to the GM.
TEST(TableDiceRoom, ATrustedSideEntersItsOwnDice) {
  std::string error;
  StartOptions start;
  start.seed = 2;
  start.table_dice = true;
  std::vector<pb::Event> log;
  const RuleSet& rules = *builtin_registry().find("portable-wargame-19c");
  auto game = Game::start(rules, load_scenario_file("pw/meeting-engagement.json"), start, &log, &error);
  ASSERT_TRUE(game) << error;
  pb::Command trust;
  trust.set_seat("gm");
  trust.mutable_gm()->mutable_edit()->set_reason("they roll in the open");
  trust.mutable_gm()->mutable_edit()->mutable_trust_dice()->set_side("blue");
  trust.mutable_gm()->mutable_edit()->mutable_trust_dice()->set_trusted(true);
  const Outcome o = game->execute(trust);
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(game->log_line_for(o.events[0], "red")->text(),
            "GM lets Blue advance guard enter the dice of its own orders (they roll in the open).");
  EXPECT_EQ(Game(*game).execute(trust).rejection.code(), "GM_NOTHING_TO_CHANGE");
  auto bot = rules.make_bot();
  Pcg32 rng(2, 7), dice_rng(3, 5);
  std::string seen;
  for (int step = 0; step < 200 && !game->over(); ++step) {
    if (game->state().dice_request) {
      const pb::DiceRequest r = *game->state().dice_request;
      seen += " " + r.seat() + ":" + r.label();
      const std::string enters = r.seat() == "blue" ? "blue" : "gm";
      EXPECT_EQ(game->waiting_for(), std::vector<std::string>{enters});
      EXPECT_TRUE(game->menu(enters).has_dice_request());
      std::vector<int> faces;
      for (int i = 0; i < r.count(); ++i) faces.push_back(face(r.kind(), dice_rng));  // all ones would tie for ever
      if (enters == "blue") {
        EXPECT_EQ(Game(*game).execute(enter("red", faces)).rejection.code(), "DICE_NOT_YOURS");
      }
      ASSERT_TRUE(game->execute(enter(enters, faces)).accepted);
      if (enters == "blue") return;  // seen both ways (red's went to the GM, or none came first)
      continue;
    }
    const std::string seat = game->waiting_for().front();
    auto c = bot->choose(*game, seat, rng);
    ASSERT_TRUE(c);
    ASSERT_TRUE(game->execute(*c).accepted);
  }
  FAIL() << "blue never needed the table's dice; asked:" << seen;
}

}  // namespace
}  // namespace sandtable
