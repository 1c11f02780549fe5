// View patches after every order of seeded bot games of every demo scenario of every rule set,
// for every seat (the GM, a spectator, each side): the patch applied to the View the seat holds
// gives exactly its fresh View. The patches are made as a room makes them (OrderPatches, against
// held bytes shared between seats), so seats that see the same units and sides check that path. SANDTABLE_PATCH_GAMES=1000 is the on-demand run (games per rule
// set; docs/PERFORMANCE.md); the suite plays a slice.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <string>

#include "engine/core/rng.h"
#include "engine/model/game.h"
#include "engine/model/order_patches.h"
#include "engine/model/view_patch.h"
#include "tests/support/patch_check.h"
#include "engine/registry/builtin_registry.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

int games_per_ruleset() {
  const char* env = std::getenv("SANDTABLE_PATCH_GAMES");
  return env ? std::max(1, std::atoi(env)) : 4;
}


struct Tally {
  std::uint64_t orders = 0, patches = 0, whole = 0;
  // Seats whose pieces_key an earlier seat of the same order had, and the patches that took that
  // seat's pieces part (OrderPatches).
  std::uint64_t alike = 0, shared = 0;
  // The same for the static table (Game::table_key): seats whose key an earlier seat had, and
  // the Views built without it.
  std::uint64_t table_alike = 0, tables_shared = 0;
  std::vector<std::size_t> patch_bytes, view_bytes;
};

std::size_t median(std::vector<std::size_t> v) {
  if (v.empty()) return 0;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

// A Delta's log line of each event is event_for's copy without its body: the same presence, seq,
// words and dice for every seat (a copy without words, one the seat reads whole from another
// copy of the event, gives no line).
std::string check_log_lines(const Game& game, const std::vector<pb::Event>& events, const std::vector<std::string>& seats) {
  for (const auto& e : events) {
    for (const auto& s : seats) {
      const auto copy = game.event_for(e, s);
      const auto line = game.log_line_for(e, s);
      const std::string at = "seat " + s + ", event " + std::to_string(e.seq());
      if ((copy && !copy->text().empty()) != line.has_value()) return at + ": the log line and the event disagree on whether it is seen";
      if (!line) continue;
      if (line->body_case() != pb::Event::BODY_NOT_SET || !line->visible_to().empty() || line->rng_draws() != 0) {
        return at + ": the log line carries more than seq, text and dice";
      }
      if (line->seq() != copy->seq() || line->text() != copy->text() || line->dice_size() != copy->dice_size()) {
        return at + ": the log line differs from the event's: " + line->text() + " | " + copy->text();
      }
      for (int i = 0; i < line->dice_size(); ++i) {
        if (line->dice(i).SerializeAsString() != copy->dice(i).SerializeAsString()) return at + ": a die differs";
      }
    }
  }
  return "";
}

// One bot game; after every order each seat's held View is patched and compared with its fresh
// View, and each event's log lines are checked. Returns the first mismatch, or empty.
std::string play_and_check(const RuleSet& rules, const pb::Scenario& scenario, std::uint64_t seed, Tally& t) {
  StartOptions start;
  start.seed = seed;
  std::vector<pb::Event> events;
  std::string error;
  auto game = Game::start(rules, scenario, start, &events, &error);
  if (!game) return error;
  std::vector<std::string> seats = {"gm", "spectator"};
  for (const auto& s : game->state().sides) seats.push_back(s);
  std::map<std::string, pb::View> held;
  // What the server keeps of each: the bytes its patches are diffed against, the table and the
  // pieces shared by the seats that hold them alike (server/seat_views.cc).
  std::map<std::string, ViewBytes> held_bytes;
  const auto hold = [&held_bytes](const std::string& seat, ViewBytes bytes) {
    for (const auto& entry : held_bytes) share_alike(bytes, entry.second);
    held_bytes[seat] = std::move(bytes);
  };
  for (const auto& s : seats) {
    held[s] = game->view(s);
    hold(s, bytes_of(held[s]));
  }
  if (auto problem = check_log_lines(*game, events, seats); !problem.empty()) return problem;
  auto bot = rules.make_bot();
  Pcg32 rng(seed, 0xb07b07b07ULL);
  for (int step = 0; !game->over() && step < 5000; ++step) {
    const auto waiting = game->waiting_for();
    if (waiting.empty()) return "the game waits on nobody";
    auto command = bot->choose(*game, waiting.front(), rng);
    if (!command) return "the bot found nothing to do";
    command->set_seat(waiting.front());
    const Outcome out = game->execute(*command);
    if (!out.accepted) return "the bot's order was refused: " + out.rejection.message();
    ++t.orders;
    if (auto problem = check_log_lines(*game, out.events, seats); !problem.empty()) return problem;
    OrderPatches order(*game);
    std::map<std::string, std::string> pieces_by_key;  // a key's units and sides, as its first seat sees them
    std::map<std::string, TableParts> table_by_key;  // a table key's table, as its first seat sees it
    for (const auto& s : seats) {
      pb::View fresh = game->view(s);
      const std::string want = fresh.SerializeAsString();
      t.view_bytes.push_back(want.size());
      if (const std::string key = game->pieces_key(s); !key.empty()) {
        pb::View pieces;
        *pieces.mutable_units() = fresh.units();
        *pieces.mutable_sides() = fresh.sides();
        const auto [it, first] = pieces_by_key.emplace(key, pieces.SerializeAsString());
        if (!first) {
          ++t.alike;
          if (it->second != pieces.SerializeAsString()) return "seat " + s + ": its units and sides differ from another seat's of pieces key " + key;
        }
      }
      if (const std::string key = game->table_key(s); !key.empty()) {
        const TableParts table = *bytes_of(fresh).table;
        const auto [it, first] = table_by_key.emplace(key, table);
        if (!first) {
          ++t.table_alike;
          if (it->second != table) return "seat " + s + ": its static table differs from another seat's of table key " + key;
        }
      }
      ViewBytes fresh_bytes;
      pb::View whole;
      auto patch = order.patch(s, held_bytes[s], fresh_bytes, whole);
      hold(s, std::move(fresh_bytes));
      if (patch) {
        ++t.patches;
        t.patch_bytes.push_back(patch->ByteSizeLong());
        if (!apply_patch(held[s], *patch, fresh.seq())) return "seat " + s + ": the patch did not apply at seq " + std::to_string(game->seq());
        if (held[s].SerializeAsString() != want) {
          return "seat " + s + ": patched View differs from the fresh one at seq " + std::to_string(game->seq()) +
                 "\npatched: " + held[s].ShortDebugString().substr(0, 2000) +
                 "\nfresh:   " + fresh.ShortDebugString().substr(0, 2000);
        }
      } else {
        ++t.whole;
        if (whole.SerializeAsString() != want) return "seat " + s + ": its whole View is not its fresh one at seq " + std::to_string(game->seq());
        held[s] = std::move(whole);
      }
    }
    t.shared += static_cast<std::uint64_t>(order.shared());
    t.tables_shared += static_cast<std::uint64_t>(order.tables_shared());
  }
  return game->over() ? "" : "the game did not end";
}

TEST(ViewPatch, BotGamesPatchedViewsEqualFreshViewsForEverySeat) {
  const auto scenarios = demo_scenarios_by_ruleset();
  for (const RuleSet* rules : builtin_registry().all()) {
    const auto it = scenarios.find(std::string(rules->id()));
    ASSERT_NE(it, scenarios.end()) << "no demo scenario for " << rules->id();
    Tally t;
    const int games = games_per_ruleset();
    for (int g = 0; g < games; ++g) {
      const std::string& file = it->second[static_cast<std::size_t>(g) % it->second.size()];
      const auto problem = play_and_check(*rules, load_scenario_file(file), static_cast<std::uint64_t>(g + 1), t);
      ASSERT_EQ(problem, "") << rules->id() << " " << file << " seed " << g + 1;
    }
    std::cout << rules->id() << ": " << games << " games, " << t.orders << " orders; per seat and order: "
              << t.patches << " patches (median " << median(t.patch_bytes) << " bytes), " << t.whole
              << " whole Views (median View " << median(t.view_bytes) << " bytes); " << t.shared << " of " << t.alike
              << " seats seeing another's units and sides took its patch of them; " << t.tables_shared << " of "
              << t.table_alike << " seats seeing another's static table were built without it\n";
    // Where seats see the same pieces, a patch takes them from the first seat's.
    if (t.alike > 0) {
      EXPECT_GE(t.shared * 20, t.alike * 19) << rules->id() << ": seats seeing alike mostly built their own pieces";
    }
    EXPECT_LE(t.shared, t.alike);
    // And the static table, where seats see the same: built once an order while it is unchanged.
    if (t.table_alike > 0) {
      EXPECT_GE(t.tables_shared * 20, t.table_alike * 19) << rules->id() << ": seats seeing one table mostly built their own";
    }
    EXPECT_LE(t.tables_shared, t.table_alike);
    // Patches are what travels: whole Views only where the table itself changed.
    EXPECT_GT(t.patches, 0u);
    EXPECT_LE(t.whole * 20, t.patches + t.whole) << rules->id() << ": more than 5% of Deltas would carry a whole View";
  }
}

// The check behind "two units share an id" (and two menu actions): pairwise for short lists,
// sorted for long ones; both must find a repeat wherever it is.

}  // namespace
}  // namespace sandtable
