// Take-backs and the GM's rewind (docs/engine.md "Take-backs"), for every rule set: bot games of
// every demo scenario, and at each order the cases the texts of the issue name — taken back at
// once (nothing revealed, nobody else acted), with the other side's consent, refused across a
// reveal, rewound by the GM — each checked against the table as it was before the order.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <memory>

#include "engine/model/game.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

constexpr const char* kViewers[] = {"gm", "spectator"};

// Every viewer's View without what only the history decides (the take-back offer, the GM's
// rewind points) and without the sequence: what "the same table" means.
std::map<std::string, std::string> table_of(const Game& g) {
  std::map<std::string, std::string> out;
  std::vector<std::string> viewers(std::begin(kViewers), std::end(kViewers));
  for (const auto& s : g.state().sides) viewers.push_back(s);
  for (const auto& v : viewers) {
    pb::View view = g.view(v);
    view.clear_seq();
    view.mutable_menu()->clear_take_back();
    view.mutable_menu()->clear_rewind_points();
    out[v] = view.SerializeAsString();
  }
  return out;
}

pb::Command take_back(const std::string& seat) {
  pb::Command c;
  c.set_seat(seat);
  c.mutable_take_back();
  return c;
}

pb::Command gm_rewind(std::uint64_t to_seq, const std::string& reason) {
  pb::Command c;
  c.set_seat("gm");
  auto* e = c.mutable_gm()->mutable_edit();
  e->set_reason(reason);
  e->mutable_rewind()->set_to_seq(to_seq);
  return c;
}

pb::Command answer(const pb::Decision& d, const std::string& seat, const std::string& choice) {
  pb::Command c;
  c.set_seat(seat);
  c.mutable_answer()->set_decision_id(d.id());
  c.mutable_answer()->set_choice_id(choice);
  return c;
}

bool revealing(const RuleSet& rules, const std::vector<pb::Event>& events) {
  for (const auto& e : events) {
    if (e.rng_draws() > 0 || e.dice_size() > 0 || rules.reveals(e)) return true;
  }
  return false;
}

// Whether what the events revealed reached `seat`: dice always do; an event only the other side
// sees (it spotting one of the seat's hidden units) tells the seat nothing.
bool revealing_to(const RuleSet& rules, const std::vector<pb::Event>& events, const std::string& seat) {
  for (const auto& e : events) {
    if (e.rng_draws() > 0 || e.dice_size() > 0) return true;  // dice show in every table
    if (!rules.reveals(e)) continue;
    if (e.visible_to().empty()) return true;
    for (const auto& s : e.visible_to()) {
      if (s == seat) return true;
    }
  }
  return false;
}

const pb::Event* rewound(const Outcome& o) {
  for (const auto& e : o.events) {
    if (e.has_rewound()) return &e;
  }
  return nullptr;
}

struct Tally {
  int at_once = 0;
  int refused_after_reveal = 0;
  int with_consent = 0;
  int consent_refused = 0;
  int gm_rewinds = 0;
  int at_once_though_other_saw = 0;
};

// The log of `game` plus `more` replays to the same table as `game` after `more`.
void expect_replays(const std::vector<pb::Event>& log, const Outcome& more, const Game& after) {
  std::vector<pb::Event> all = log;
  all.insert(all.end(), more.events.begin(), more.events.end());
  std::string error;
  auto replayed = Game::from_log(builtin_registry(), all, &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_EQ(table_of(*replayed), table_of(after));
  // A snapshot taken after the rewind loads to the same table too.
  auto loaded = Game::load(builtin_registry(), all.front(), after.save(), &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(table_of(*loaded), table_of(after));
}

// One order of a bot game was just accepted (`seat`, `events`); `before` is the game before it.
// Tries every case on copies, never on `game`.
void check_take_back(const Game& game, const Game& before, const std::vector<pb::Event>& log, const std::string& seat,
                     const std::vector<pb::Event>& events, Tally& t) {
  const RuleSet& rules = game.rules();
  if (seat == "gm" || game.over()) return;
  Game copy(game);
  const auto table_now = table_of(game);
  const Outcome o = copy.execute(take_back(seat));
  if (revealing_to(rules, events, seat)) {
    ASSERT_FALSE(o.accepted) << "a take-back across a reveal: " << events.front().ShortDebugString();
    EXPECT_EQ(o.rejection.code(), "TAKE_BACK_AFTER_REVEAL");
    EXPECT_EQ(o.rejection.rule_id(), "TABLE-UNDO");
    EXPECT_EQ(table_of(copy), table_now) << "a refused take-back changed the table";
    EXPECT_FALSE(game.menu(seat).has_take_back()) << "the menu offered a take-back that is refused";
    ++t.refused_after_reveal;
    return;
  }
  if (!o.accepted) {
    // Only a hidden unit shown to the seat itself stops a take-back after an order that showed
    // it nothing the rules name (a move into sight).
    EXPECT_EQ(o.rejection.code(), "TAKE_BACK_AFTER_REVEAL") << o.rejection.message();
    return;
  }
  const pb::Event* r = rewound(o);
  // Nobody else acted since the seat's own order: taken back at once, even when the other side
  // saw something (asking it would tell the seat that its hidden unit was seen).
  ASSERT_TRUE(r) << "asked for consent after the seat's own order: " << o.events[0].ShortDebugString();
  if (revealing(rules, events)) ++t.at_once_though_other_saw;
  ASSERT_EQ(o.events.size(), 1u);
  EXPECT_EQ(r->rewound().to_seq(), before.seq());
  EXPECT_EQ(r->rewound().seat(), seat);
  EXPECT_EQ(table_of(copy), table_of(before)) << "the take-back did not put the table back";
  EXPECT_EQ(copy.seq(), game.seq() + 1) << "the log only grows";
  EXPECT_EQ(copy.state().rng.draws(), game.state().rng.draws()) << "the generator must go on, not go back";
  ASSERT_TRUE(game.menu(seat).has_take_back());
  EXPECT_FALSE(game.menu(seat).take_back().needs_consent());
  for (const auto& viewer : {"gm", "spectator"}) {
    const auto seen = copy.event_for(*r, viewer);
    ASSERT_TRUE(seen);
    EXPECT_FALSE(seen->rewound().has_state()) << "a viewer's copy carried the whole state";
  }
  const auto line = copy.log_line_for(*r, "spectator");
  ASSERT_TRUE(line);
  EXPECT_NE(line->text().find("takes back their last order: the table is as it was after #" +
                              std::to_string(before.seq()) + "."),
            std::string::npos)
      << line->text();
  if (t.at_once < 3) expect_replays(log, o, copy);
  ++t.at_once;
}

// The other side acted since `seat`'s order, without revealing anything: `seat` asks, the other
// side allows (the table goes back past both orders) or refuses (nothing changes).
void check_consent(const Game& game, const Game& before_mine, const std::string& seat, const std::string& other,
                   Tally& t) {
  Game copy(game);
  ASSERT_TRUE(game.menu(seat).has_take_back());
  EXPECT_TRUE(game.menu(seat).take_back().needs_consent());
  EXPECT_EQ(game.menu(seat).take_back().consent_from(), other);
  const Outcome asked = copy.execute(take_back(seat));
  ASSERT_TRUE(asked.accepted) << asked.rejection.message();
  ASSERT_EQ(asked.events.size(), 1u);
  ASSERT_TRUE(asked.events[0].has_decision_requested()) << asked.events[0].ShortDebugString();
  const pb::Decision d = asked.events[0].decision_requested().decision();
  EXPECT_EQ(d.seat(), other);
  EXPECT_EQ(d.kind(), "TAKE_BACK");
  EXPECT_EQ(d.asked_by(), seat);
  EXPECT_EQ(copy.waiting_for(), std::vector<std::string>{other});
  // Asked once: a second ask waits for the answer.
  EXPECT_EQ(Game(copy).execute(take_back(seat)).rejection.code(), "TAKE_BACK_ASKED");
  // The asker cannot answer for the other side.
  EXPECT_EQ(Game(copy).execute(answer(d, seat, "allow")).rejection.code(), "NOT_YOUR_DECISION");

  Game refused(copy);
  const Outcome no = refused.execute(answer(d, other, "refuse"));
  ASSERT_TRUE(no.accepted) << no.rejection.message();
  EXPECT_EQ(table_of(refused), table_of(game)) << "a refused take-back changed the table";
  ++t.consent_refused;

  const Outcome yes = copy.execute(answer(d, other, "allow"));
  ASSERT_TRUE(yes.accepted) << yes.rejection.message();
  const pb::Event* r = rewound(yes);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->rewound().allowed_by(), other);
  EXPECT_EQ(table_of(copy), table_of(before_mine)) << "the allowed take-back did not put the table back";
  ++t.with_consent;
}

// The GM rewinds to the oldest point kept, whatever happened since (dice included).
void check_gm_rewind(const Game& game, const std::vector<std::shared_ptr<Game>>& befores, Tally& t) {
  const auto& points = game.rewind_points();
  if (points.empty() || game.over()) return;
  const RewindEntry& oldest = points.front();
  const Game* then = nullptr;
  for (const auto& b : befores) {
    if (b->seq() == oldest.before->seq) then = b.get();
  }
  ASSERT_TRUE(then) << "no game kept at #" << oldest.before->seq;
  const pb::ActionMenu gm_menu = game.menu("gm");
  ASSERT_EQ(static_cast<std::size_t>(gm_menu.rewind_points_size()), points.size());
  EXPECT_EQ(gm_menu.rewind_points(gm_menu.rewind_points_size() - 1).seq(), oldest.before->seq) << "newest first";
  Game copy(game);
  EXPECT_EQ(Game(game).execute(gm_rewind(oldest.before->seq, "")).rejection.code(), "GM_REASON_NEEDED");
  EXPECT_EQ(Game(game).execute(gm_rewind(game.seq() + 5, "why")).rejection.code(), "NO_SUCH_REWIND_POINT");
  const Outcome o = copy.execute(gm_rewind(oldest.before->seq, "a misread rule"));
  ASSERT_TRUE(o.accepted) << o.rejection.message();
  EXPECT_EQ(table_of(copy), table_of(*then));
  EXPECT_EQ(copy.state().rng.draws(), game.state().rng.draws()) << "dice once rolled are never rolled again";
  EXPECT_TRUE(copy.rewind_points().empty()) << "the points after the one gone back to are orders that never happened";
  const auto line = copy.log_line_for(o.events.front(), copy.state().sides.front());
  ASSERT_TRUE(line);
  EXPECT_EQ(line->text(), "GM rewinds the table to how it was after #" + std::to_string(oldest.before->seq) +
                              " (a misread rule).");
  ++t.gm_rewinds;
}

TEST(TakeBack, EveryCaseInBotGamesOfEveryRuleSet) {
  for (const auto& [ruleset, files] : demo_scenarios_by_ruleset()) {
    SCOPED_TRACE(ruleset);
    const RuleSet* rules = builtin_registry().find(ruleset);
    ASSERT_TRUE(rules);
    Tally t;
    for (const auto& file : files) {
      SCOPED_TRACE(file);
      const pb::Scenario scenario = load_scenario_file(file);
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        std::vector<pb::Event> log;
        std::string error;
        StartOptions start;
        start.seed = seed;
        auto game = Game::start(*rules, scenario, start, &log, &error);
        ASSERT_TRUE(game) << error;
        auto bot = rules->make_bot();
        Pcg32 bot_rng(seed, 7);
        std::vector<std::shared_ptr<Game>> befores;  // the game before each of the last orders
        std::string last_seat;
        std::shared_ptr<Game> before_last;  // before the previous order, when it revealed nothing
        for (int step = 0; step < 120 && !game->over(); ++step) {
          const std::string seat = game->waiting_for().front();
          auto command = bot->choose(*game, seat, bot_rng);
          ASSERT_TRUE(command);
          auto before = std::make_shared<Game>(*game);
          const Outcome o = game->execute(*command);
          ASSERT_TRUE(o.accepted) << o.rejection.message();
          log.insert(log.end(), o.events.begin(), o.events.end());
          check_take_back(*game, *before, log, seat, o.events, t);
          // The other side acted after `last_seat`, and neither order revealed anything.
          if (before_last && last_seat != seat && !revealing(*rules, o.events) && t.with_consent < 20) {
            const TakeBackPlan plan = game->take_back_plan(last_seat, true);
            if (plan.point && plan.consent_from == seat) check_consent(*game, *before_last, last_seat, seat, t);
          }
          befores.push_back(std::move(before));
          if (befores.size() > Game::kRewindPoints) befores.erase(befores.begin());
          before_last = revealing(*rules, o.events) ? nullptr : befores.back();
          last_seat = seat;
          if (step % 25 == 24) check_gm_rewind(*game, befores, t);
          if (HasFatalFailure()) return;
        }
      }
    }
    EXPECT_GT(t.at_once, 0) << "no order was ever taken back at once";
    EXPECT_GT(t.refused_after_reveal, 0) << "no take-back was ever refused after a reveal";
    EXPECT_GT(t.with_consent, 0) << "no take-back ever needed the other side's consent";
    EXPECT_GT(t.gm_rewinds, 0) << "the GM never rewound";
    std::cout << ruleset << ": " << t.at_once << " taken back at once, " << t.refused_after_reveal
              << " refused after a reveal, " << t.with_consent << " with consent (" << t.consent_refused
              << " refused), " << t.at_once_though_other_saw << " at once though only the other side saw something, "
              << t.gm_rewinds << " GM rewinds\n";
  }
}

}  // namespace
}  // namespace sandtable

namespace sandtable {
namespace {

// When the GM's own edit came after a seat's order, the take-back asks the GM, which answers from
// its menu like a side; the table goes back past the edit, the GM's next dice go on.
TEST(TakeBack, TheGmIsAskedWhenItsOwnEditCameAfterTheOrderAndAnswersFromItsMenu) {
  const RuleSet& rules = *builtin_registry().find("portable-wargame-19c");
  std::vector<pb::Event> log;
  std::string error;
  StartOptions start;
  start.seed = 3;
  auto game = Game::start(rules, load_scenario_file("pw/meeting-engagement.json"), start, &log, &error);
  ASSERT_TRUE(game) << error;
  auto bot = rules.make_bot();
  Pcg32 rng(3, 7);
  std::unique_ptr<Game> before;
  std::string seat;
  for (int step = 0; step < 200 && !before; ++step) {
    seat = game->waiting_for().front();
    auto c = bot->choose(*game, seat, rng);
    ASSERT_TRUE(c);
    auto was = std::make_unique<Game>(*game);
    const Outcome o = game->execute(*c);
    ASSERT_TRUE(o.accepted);
    if (!revealing(rules, o.events) && !game->over() && game->menu(seat).has_take_back()) before = std::move(was);
  }
  ASSERT_TRUE(before) << "no order without dice in 200";
  pb::Command dice;
  dice.set_seat("gm");
  dice.mutable_gm()->mutable_edit()->set_reason("the next roll is a six");
  dice.mutable_gm()->mutable_edit()->mutable_set_dice()->add_values(6);
  ASSERT_TRUE(game->execute(dice).accepted);
  const pb::ActionMenu mine = game->menu(seat);
  ASSERT_TRUE(mine.has_take_back());
  EXPECT_EQ(mine.take_back().consent_from(), "gm");
  EXPECT_EQ(mine.take_back().label(), "Ask the GM to let you take back your last order");
  const Outcome asked = game->execute(take_back(seat));
  ASSERT_TRUE(asked.accepted) << asked.rejection.message();
  ASSERT_TRUE(asked.events.at(0).has_decision_requested());
  EXPECT_EQ(game->waiting_for(), std::vector<std::string>{"gm"});
  const pb::ActionMenu gm = game->menu("gm");
  ASSERT_EQ(gm.actions_size(), 1) << gm.ShortDebugString();
  EXPECT_EQ(gm.actions(0).kind(), "answer");
  pb::Command allow;
  allow.set_seat("gm");
  allow.mutable_play()->set_action(gm.actions(0).id());
  allow.mutable_play()->set_target("allow");
  const Outcome done = game->execute(allow);
  ASSERT_TRUE(done.accepted) << done.rejection.message();
  ASSERT_TRUE(rewound(done));
  EXPECT_EQ(rewound(done)->rewound().allowed_by(), "gm");
  // The table of before the order with the GM's edit made again: the next dice went on.
  EXPECT_EQ(game->state().gm_dice, std::vector<int>{6});
  Game then(*before);
  ASSERT_TRUE(then.execute(dice).accepted);
  EXPECT_EQ(table_of(*game), table_of(then));
}

}  // namespace
}  // namespace sandtable
