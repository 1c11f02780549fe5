#pragma once
// What the invariant fuzzers share: their tallies and report line, and the check that nothing a
// viewer is shown (its View, its copy of an order's events) names what is hidden from it.
#include <cstdint>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/model/autoplay.h"
#include "engine/model/game.h"
#include "engine/registry/builtin_registry.h"

namespace sandtable::testing {

struct FuzzStats {
  int games = 0, finished = 0, hidden_states = 0;
  std::uint64_t events = 0, commands = 0;
  std::map<std::string, int> results;
};

inline void report_fuzz(const std::string& name, const FuzzStats& s) {
  std::cout << "[fuzz] " << name << ": " << s.games << " games, " << s.commands << " commands, " << s.events
            << " events, " << s.hidden_states << " states with a hidden unit checked; results:";
  for (const auto& [k, v] : s.results) std::cout << " " << k << "=" << v;
  std::cout << "\n";
}

// `what` and the first secret (an id or a name) that `text` names, or empty.
inline std::string leak(const std::string& what, const std::string& text, const std::vector<std::string>& secrets) {
  for (const auto& s : secrets) {
    if (!s.empty() && text.find(s) != std::string::npos) return what + " names hidden " + s;
  }
  return {};
}

// The first of the viewer's View and its copies of `events` that names a secret, or empty.
inline std::string first_leak(const Game& game, const std::vector<pb::Event>& events, const std::string& viewer,
                              const std::vector<std::string>& secrets) {
  std::string broken = leak(viewer + "'s view", game.view(viewer).ShortDebugString(), secrets);
  for (const auto& e : events) {
    if (!broken.empty()) break;
    if (auto seen = game.event_for(e, viewer)) broken = leak(viewer + "'s event " + seen->text(), seen->ShortDebugString(), secrets);
  }
  return broken;
}

// After one fuzzed game: it must have ended and its log alone must rebuild the game whose GM's
// View at the end was `final_view`; the tallies take it in.
inline void finish_fuzz_game(const AutoplayResult& r, const std::string& where, const std::string& final_view, FuzzStats& stats) {
  ASSERT_TRUE(r.finished) << where << ": " << r.error;
  ++stats.finished;
  stats.events += r.log.size();
  stats.commands += r.commands;
  ++stats.results[r.winner.empty() ? "draw" : r.winner];
  std::string error;
  auto replayed = Game::from_log(builtin_registry(), r.log, &error);
  ASSERT_TRUE(replayed) << where << ": " << error;
  ASSERT_EQ(replayed->view("gm").SerializeAsString(), final_view) << where;
}

}  // namespace sandtable::testing
