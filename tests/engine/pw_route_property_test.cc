// Routes by waypoints over bot games of the Portable Wargame scenarios (PW-MOVE-01/02): at random
// states, for every unit's move and every square it offers, the route of that one square is
// previewed as the menu lists it (ok, the same number of squares as the entry's detail, ending
// on the square), and a route of two offered squares, when its preview accepts it, is accepted
// by a copy of the game, which walks exactly the previewed squares; refused, it is refused with
// the preview's sentence.
#include <gtest/gtest.h>

#include <iostream>
#include <iterator>
#include <string>

#include "engine/core/rng.h"
#include "engine/model/autoplay.h"
#include "engine/registry/builtin_registry.h"
#include "sandtable/rulesets/pw/pw.pb.h"
#include "tests/support/payloads.h"
#include "tests/support/scenario_file.h"

namespace sandtable {
namespace {

pb::PlayAction pick(const pb::Action& a, std::initializer_list<const pb::ActionTarget*> route) {
  pb::PlayAction p;
  p.set_action(a.id());
  p.set_target((*std::prev(route.end()))->id());
  p.set_facing(a.facings(0));
  for (const pb::ActionTarget* t : route) *p.add_route() = t->square();
  return p;
}

pb::QueryAnswer preview(const Game& g, const std::string& seat, const pb::PlayAction& p) {
  pb::Query q;
  *q.mutable_preview() = p;
  return g.query(seat, q);
}

struct Tally {
  int single = 0;
  int accepted = 0;
  int refused = 0;
};

void check_state(const Game& game, Pcg32& rng, Tally& t) {
  for (const char* seat : {"blue", "red"}) {
    const pb::ActionMenu menu = game.menu(seat);
    for (const auto& a : menu.actions()) {
      if (a.kind() != "move" || a.targets().empty()) continue;
      for (const auto& target : a.targets()) {
        const pb::QueryAnswer one = preview(game, seat, pick(a, {&target}));
        ASSERT_TRUE(one.ok()) << a.id() << " to " << target.id() << ": " << one.text();
        EXPECT_EQ(std::to_string(one.squares_used()) + (one.squares_used() == 1 ? " square" : " squares"), target.detail())
            << a.id() << " to " << target.id();
        ASSERT_GT(one.route_size(), 0);
        EXPECT_EQ(one.route(one.route_size() - 1).SerializeAsString(), target.square().SerializeAsString());
        ++t.single;
      }
      const auto n = static_cast<std::uint32_t>(a.targets_size());
      const pb::ActionTarget& via = a.targets(static_cast<int>(rng.below(n)));
      const pb::ActionTarget& to = a.targets(static_cast<int>(rng.below(n)));
      if (via.id() == to.id()) continue;
      const pb::PlayAction p = pick(a, {&via, &to});
      const pb::QueryAnswer ans = preview(game, seat, p);
      Game copy(game);
      pb::Command c;
      c.set_seat(seat);
      *c.mutable_play() = p;
      const Outcome o = copy.execute(c);
      ASSERT_EQ(o.accepted, ans.ok()) << p.ShortDebugString() << ": " << ans.text() << " / " << o.rejection.message();
      if (!o.accepted) {
        EXPECT_EQ(o.rejection.message(), ans.refusal().message());
        ++t.refused;
        continue;
      }
      bool walked = false;
      for (const auto& e : o.events) {
        if (!carries<pb::PwEvent>(e)) continue;
        const auto& ev = testing::payload_ref<pb::PwEvent>(e);
        if (!ev.has_unit_moved()) continue;
        walked = true;
        EXPECT_EQ(ev.unit_moved().path_size(), ans.squares_used());
        for (int i = 0; i < ev.unit_moved().path_size() && i < ans.route_size(); ++i) {
          EXPECT_EQ(ev.unit_moved().path(i).SerializeAsString(), ans.route(i).SerializeAsString());
        }
      }
      EXPECT_TRUE(walked) << p.ShortDebugString();
      ++t.accepted;
    }
  }
}

TEST(PwRouteProperty, RoutesPreviewAsTheyMoveInBotGamesPW_MOVE_02) {
  const RuleSet* rules = builtin_registry().find("portable-wargame-19c");
  ASSERT_NE(rules, nullptr);
  Tally t;
  for (const char* file : {"pw/meeting-engagement.json", "pw/entrenched-assault.json"}) {
    const pb::Scenario scenario = load_scenario_file(file);
    for (std::uint64_t seed = 8100; seed < 8104; ++seed) {
      SCOPED_TRACE(std::string(file) + " seed " + std::to_string(seed));
      Pcg32 rng(seed, 0x70a7);
      int checked = 0;
      AutoplayOptions options;
      options.seed = seed;
      options.keep_log = false;
      options.observer = [&](const Game& game, const std::vector<pb::Event>&) {
        if (checked < 12 && (checked == 0 || rng.below(6) == 0)) {
          ++checked;
          check_state(game, rng, t);
        }
        return !::testing::Test::HasFailure();
      };
      const AutoplayResult r = autoplay(*rules, scenario, options);
      ASSERT_TRUE(r.finished) << r.error;
    }
  }
  std::cout << "[routes] " << t.single << " one-square routes previewed, " << t.accepted << " two-point routes accepted, "
            << t.refused << " refused\n";
  EXPECT_GT(t.single, 0);
  EXPECT_GT(t.accepted, 0);
}

}  // namespace
}  // namespace sandtable
