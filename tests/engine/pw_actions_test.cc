// Legal-action enumeration agrees with the validators: every enumerated command is accepted,
// over many states reached by random play on the two demo scenarios.
#include <fstream>
#include <sstream>

#include "engine/registry/builtin_registry.h"
#include "engine/model/scenario_io.h"
#include "engine/rulesets/pw/pw_actions.h"
#include "pw_test_util.h"

namespace sandtable::pwtest {
namespace {

pb::Scenario load(const std::string& name) {
  std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/pw/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  const ScenarioParse p = parse_scenario(ss.str(), builtin_registry());
  EXPECT_TRUE(p.scenario) << name << ": " << p.error;
  return p.scenario ? *p.scenario : pb::Scenario();
}

TEST(PwActions, DemoScenariosLoadAndAreRegistered) {
  ASSERT_NE(builtin_registry().find("portable-wargame-19c"), nullptr);
  const pb::Scenario a = load("meeting-engagement.json");
  const pb::Scenario b = load("entrenched-assault.json");
  EXPECT_EQ(a.grid().cols(), 12);
  EXPECT_EQ(b.sides(0).units_size(), 11);
}

// Random play: at every step each enumerated command (all of them for the first steps, then a
// sample) is accepted by Game::execute on a copy, and the seat the game waits on always has
// something to do.
void random_play(const pb::Scenario& sc, std::uint64_t seed, int steps, int* finished) {
  TG t(sc, false, seed);
  Pcg32 rng(seed * 7919 + 1);
  for (int step = 0; step < steps && !t.g->over(); ++step) {
    const auto waiting = t.g->waiting_for();
    ASSERT_FALSE(waiting.empty()) << "nobody to act at step " << step;
    const std::string seat = waiting[rng.below(static_cast<std::uint32_t>(waiting.size()))];
    if (const pb::Decision* d = t.decision()) {
      pb::Command c = cmd(d->seat());
      c.mutable_answer()->set_decision_id(d->id());
      c.mutable_answer()->set_choice_id(d->choices(static_cast<int>(rng.below(static_cast<std::uint32_t>(d->choices_size())))).id());
      t.ok(c);
      continue;
    }
    const auto cmds = pw::legal_commands(t.st(), seat);
    ASSERT_FALSE(cmds.empty()) << seat << " has nothing to do at step " << step;
    const std::size_t check = step < 40 ? cmds.size() : std::min<std::size_t>(cmds.size(), 12);
    for (std::size_t i = 0; i < check; ++i) {
      const pb::Command c = order_of(seat, cmds[step < 40 ? i : rng.below(static_cast<std::uint32_t>(cmds.size()))]);
      Game copy(*t.g);
      const Outcome o = copy.execute(c);
      ASSERT_TRUE(o.accepted) << c.ShortDebugString() << " -> " << o.rejection.code() << ": " << o.rejection.message();
    }
    // Prefer acting over ending the side, so the battle develops.
    std::size_t pick = rng.below(static_cast<std::uint32_t>(cmds.size()));
    if (cmds[pick].has_end_side() && cmds.size() > 1 && rng.below(4) != 0) pick = rng.below(static_cast<std::uint32_t>(cmds.size() - 1));
    t.ok(order_of(seat, cmds[pick]));
  }
  if (t.g->over()) ++*finished;
}

TEST(PwActions, EnumeratedCommandsAreAccepted) {
  int finished = 0;
  const pb::Scenario a = load("meeting-engagement.json");
  const pb::Scenario b = load("entrenched-assault.json");
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    random_play(a, seed, 1500, &finished);
    random_play(b, seed + 100, 1500, &finished);
  }
  EXPECT_GT(finished, 0);
}

}  // namespace
}  // namespace sandtable::pwtest
