// The scenario loader: JSON text as a GM uploads it (CreateRoom.scenario_json) or checks it in
// the editor (CheckScenario). Properties: nothing crashes; a scenario the loader accepts is one
// the game can start from, or refuses with a sentence (never an exception: the server would
// report a bug); a started game draws a View and a menu for every seat; the editor's check
// agrees with the loader about whether the scenario can be played.
// Input: the JSON text.
#include "engine/model/scenario_check.h"
#include "fuzz/fuzz_util.h"

using namespace sandtable;
using namespace sandtable::fuzz;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::vector<std::string> seeds;
  for (const auto& [ruleset, files] : demo_scenarios_by_ruleset()) {
    for (const auto& file : files) {
      std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/" + file);
      std::stringstream text;
      text << in.rdbuf();
      seeds.push_back(text.str());
    }
  }
  write_seeds_if_asked(seeds);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string json(reinterpret_cast<const char*>(data), size);
  const auto& registry = builtin_registry();
  const ScenarioParse parsed = parse_scenario(json, registry);
  pb::CheckScenario ask;
  ask.set_scenario_json(json);
  const pb::ScenarioChecked checked = check_scenario(ask, nullptr, registry);
  if (!parsed.scenario) {
    FUZZ_CHECK(!parsed.error.empty(), "refused without a reason");
    FUZZ_CHECK(!checked.problem().empty(), "the editor finds playable what the loader refuses: " + parsed.error);
    return 0;
  }
  const RuleSet* rules = registry.find(parsed.scenario->ruleset());
  FUZZ_CHECK(rules != nullptr, "accepted a scenario of no rule set: " + parsed.scenario->ruleset());
  std::vector<pb::Event> events;
  std::string error;
  std::unique_ptr<Game> game;
  try {
    game = Game::start(*rules, *parsed.scenario, StartOptions{1, false}, &events, &error);
  } catch (const std::exception& e) {
    FUZZ_CHECK(false, std::string("a validated scenario's set-up threw: ") + e.what());
  }
  if (!game) {
    FUZZ_CHECK(!error.empty(), "a scenario that does not start says nothing");
    FUZZ_CHECK(!checked.problem().empty(), "the editor finds playable what does not start: " + error);
    return 0;
  }
  for (const auto& seat : game->state().sides) {
    game->view(seat);
    game->menu(seat);
  }
  game->view("gm");
  game->view("spectator");
  FUZZ_CHECK(checked.problem().empty(), "the editor refuses what the loader plays: " + checked.problem());
  return 0;
}
