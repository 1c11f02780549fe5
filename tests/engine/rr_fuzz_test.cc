// Invariant fuzzing for Rookie Rules: seeded bot-vs-bot games on every demo scenario, the state
// checked after every command, and no seat (nor a spectator) ever given a view or event that names
// a unit hidden from it (RR-OBS-02, RR-SNIP-02) or the deck's order (RR-CARD-06). A slice runs with
// the suite; SANDTABLE_FUZZ_GAMES=1000 is the on-demand run (figures in docs/PERFORMANCE.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

#include "engine/core/cards.h"
#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "tests/support/fuzz_support.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

using testing::finish_fuzz_game;
using testing::first_leak;
using testing::FuzzStats;
using testing::report_fuzz;

using rr::RrState;

int games_per_scenario() {
  const char* env = std::getenv("SANDTABLE_FUZZ_GAMES");
  return env ? std::max(1, std::atoi(env) / 2) : 8;
}

// The first broken invariant of a state, or empty.
std::string check_state(const RrState& st) {
  int cards = 0;
  for (int s = 0; s < 2; ++s) cards += st.deck->cards_of(s);
  const auto saved = st.deck->save();
  if (static_cast<int>(saved.draw.size() + saved.turned.size()) != cards) return "the deck lost or gained a card";
  for (const auto& u : st.units) {
    if (u.figures < 0 || u.figures > u.original_figures) return u.id + " has " + std::to_string(u.figures) + " figures";
    if (!u.alive) {
      if (!st.deck->acted(u.id)) return u.id + " is out of the game but may still be activated";
      continue;
    }
    if (u.figures == 0) return u.id + " is on the table with no figures";
    if (u.pos.x < -1e-6 || u.pos.y < -1e-6 || u.pos.x > st.table->width + 1e-6 || u.pos.y > st.table->height + 1e-6) {
      return u.id + " is off the table";
    }
    for (int s : u.spotted_by) {
      if (s == u.side) return u.id + " is spotted by its own side";
    }
  }
  if (!st.active_unit.empty()) {
    if (st.functions_left < 1 || st.functions_left > 2) return "the acting unit has " + std::to_string(st.functions_left) + " functions";
    if (!st.deck->acted(st.active_unit)) return "the acting unit is not marked as having acted";
  }
  return {};
}

std::vector<std::string> secrets_for(const RrState& st, const std::string& viewer) {
  std::vector<std::string> out;
  for (const auto& u : st.units) {
    if (u.alive && !rr::visible_to(st, u, viewer)) {
      out.push_back(u.id);
      out.push_back(u.name);
    }
  }
  return out;
}

// RR-ART-01, RR-MINE-01: a seat's view shows only its own side's plots, and only its own side's
// minefields and those found; no event it gets carries another side's plot.
std::string hidden_fire_leak(const RrState& st, const Game& game, const std::vector<pb::Event>& events, const std::string& viewer) {
  const int side = st.side_index(viewer);
  int plots = 0, mines = 0, own_plots = 0, known_mines = 0;
  const pb::View view = game.view(viewer);
  for (const auto& t : view.terrain()) {
    plots += t.kind() == "plotted_fire" ? 1 : 0;
    mines += t.kind() == "minefield" ? 1 : 0;
  }
  for (const auto& p : st.plots) own_plots += p.side == side ? 1 : 0;
  for (const auto& a : st.aircraft) own_plots += a.side == side && a.planned ? 1 : 0;  // RR-AIR-02: its own run
  for (const auto& m : st.minefields) known_mines += m.found || m.side == side ? 1 : 0;
  if (plots != own_plots) return viewer + " sees " + std::to_string(plots) + " plots; its side made " + std::to_string(own_plots);
  if (mines != known_mines) return viewer + " sees " + std::to_string(mines) + " minefields; it knows " + std::to_string(known_mines);
  pb::RrView extra;
  view.extra().UnpackTo(&extra);
  for (const auto& a : extra.aircraft()) {
    if (a.side() != viewer && (a.has_aim() || a.path().empty())) return viewer + " sees the aim or the call of " + a.side() + "'s aircraft";
  }
  for (const auto& e : events) {
    const bool seen = e.visible_to().empty() || std::find(e.visible_to().begin(), e.visible_to().end(), viewer) != e.visible_to().end();
    if (!seen || !carries<pb::RrEvent>(e)) continue;
    const pb::RrEvent x = payload_of<pb::RrEvent>(e);
    if (x.has_plotted() && x.plotted().side() != viewer) return viewer + " was told of " + x.plotted().side() + "'s plot";
    if (x.has_flight_planned() && x.flight_planned().side() != viewer) return viewer + " was told of " + x.flight_planned().side() + "'s run";
    if (x.has_air_arrival() && x.air_arrival().side() != viewer) return viewer + " was told of " + x.air_arrival().side() + "'s air support";
  }
  return {};
}

// How often each kind of RrEvent happened in the games (to see the bots reach a rule).
using Tally = std::map<pb::RrEvent::BodyCase, int>;

void fuzz(const std::string& file, std::uint64_t first_seed, int games, FuzzStats& stats, Tally* tally = nullptr) {
  const pb::Scenario scenario = load_scenario_file(file);
  const RuleSet& rules = *builtin_registry().find("rookie-rules");
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g);
    std::string broken;
    std::string final_view;
    std::map<std::pair<int, std::string>, int> activations;  // (turn*2+sequence, unit) -> times
    AutoplayOptions options;
    options.seed = seed;
    options.observer = [&](const Game& game, const std::vector<pb::Event>& events) {
      const auto& st = static_cast<const RrState&>(game.state());
      broken = check_state(st);
      for (const auto& e : events) {
        if (!carries<pb::RrEvent>(e)) continue;
        const pb::RrEvent x = payload_of<pb::RrEvent>(e);
        if (tally) ++(*tally)[x.body_case()];
        if (x.has_unit_activated() && ++activations[{st.turn * 2 + st.sequence, x.unit_activated().unit_id()}] > 1 && broken.empty()) {
          broken = x.unit_activated().unit_id() + " acted twice in one card sequence (RR-CARD-03)";
        }
      }
      // RR-CARD-06: the cards not yet turned never appear in anything a seat gets.
      const auto pile = st.deck->draw_pile();
      for (const std::string& viewer : {st.sides[0], st.sides[1], std::string("spectator")}) {
        if (!broken.empty()) break;
        const pb::View v = game.view(viewer);
        pb::RrView deck;
        v.extra().UnpackTo(&deck);
        if (deck.draw_pile() != static_cast<int>(pile.size())) broken = viewer + "'s view miscounts the deck";
        if (broken.empty()) broken = hidden_fire_leak(st, game, events, viewer);
        stats.hidden_states += st.plots.empty() ? 0 : 1;
        auto secrets = secrets_for(st, viewer);
        // A unit that went out of the viewer's sight during this command was seen before it did.
        for (const auto& e : events) {
          if (!carries<pb::RrEvent>(e)) continue;
          const pb::RrEvent x = payload_of<pb::RrEvent>(e);
          if (!x.has_spotted() || x.spotted().spotted()) continue;
          const rr::Unit* gone = st.find(x.spotted().unit_id());
          if (!gone) continue;
          std::erase(secrets, gone->id);
          std::erase(secrets, gone->name);
        }
        if (secrets.empty() || !broken.empty()) continue;
        ++stats.hidden_states;
        broken = first_leak(game, events, viewer, secrets);
      }
      if (game.over()) final_view = game.view("gm").SerializeAsString();
      return broken.empty();
    };
    const AutoplayResult r = autoplay(rules, scenario, options);
    ++stats.games;
    ASSERT_TRUE(broken.empty()) << file << " seed " << seed << ": " << broken;
    finish_fuzz_game(r, file + " seed " + std::to_string(seed), final_view, stats);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(RrFuzz, FarmAssaultInvariantsHoldAndNothingHiddenLeaks) {
  FuzzStats s;
  fuzz("rookie/farm-assault.json", 5000, games_per_scenario(), s);
  EXPECT_EQ(s.finished, s.games);
  EXPECT_GT(s.hidden_states, 0);  // the sniper is hidden until spotted
  report_fuzz("farm-assault", s);
}

TEST(RrFuzz, CrossroadsArmourInvariantsHoldAndNothingHiddenLeaks) {
  FuzzStats s;
  Tally tally;
  fuzz("rookie/crossroads-armour.json", 6000, games_per_scenario(), s, &tally);
  EXPECT_EQ(s.finished, s.games);
  // The American battery's plots land in the bots' games (RR-ART-01..05).
  EXPECT_GT(tally[pb::RrEvent::kPlotted], 0);
  EXPECT_GT(tally[pb::RrEvent::kStrikeLanded], 0);
  EXPECT_GT(tally[pb::RrEvent::kAircraftOnTable], 0);  // the P-47 comes (RR-AIR-01/02)
  std::printf("crossroads-armour: %d plots, %d strikes landed (aircraft included), %d aircraft over the table, %d AA shots, %d minefields found, "
              "%d melees\n", tally[pb::RrEvent::kPlotted], tally[pb::RrEvent::kStrikeLanded], tally[pb::RrEvent::kAircraftOnTable],
              tally[pb::RrEvent::kAaFired], tally[pb::RrEvent::kMinefieldFound], tally[pb::RrEvent::kMeleeFought]);
  EXPECT_GT(s.hidden_states, 0);  // fog of war: units in cover hidden until spotted; plotted strikes
  report_fuzz("crossroads-armour", s);
}

// The checker itself must catch a broken state.
TEST(RrFuzz, CheckerCatchesABrokenState) {
  const pb::Scenario scenario = load_scenario_file("rookie/farm-assault.json");
  std::string error;
  auto game = Game::start(*builtin_registry().find("rookie-rules"), scenario, {}, nullptr, &error);
  ASSERT_TRUE(game) << error;
  RrState st = static_cast<const RrState&>(game->state());
  EXPECT_EQ(check_state(st), "");
  st.units[0].figures = st.units[0].original_figures + 1;
  EXPECT_NE(check_state(st), "");
  st = static_cast<const RrState&>(game->state());
  st.units[1].pos.x = -3;
  EXPECT_NE(check_state(st), "");
}

}  // namespace
}  // namespace sandtable
