#include "engine/model/scenario_io.h"

#include <google/protobuf/util/json_util.h>

#include "engine/model/game.h"

namespace sandtable {

std::optional<std::string> scenario_option(const ::sandtable::v1::Scenario& scenario, std::string_view key) {
  for (const auto& o : scenario.options()) {
    if (o.key() == key) return o.value();
  }
  return std::nullopt;
}

ScenarioParse parse_scenario(std::string_view json, const Registry& registry) {
  ScenarioParse out;
  ::sandtable::v1::Scenario scenario;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(std::string(json), &scenario, options);
  if (!status.ok()) {
    out.error = "scenario JSON: " + std::string(status.message());
    return out;
  }
  if (scenario.ruleset().empty()) {
    out.error = "ruleset: missing; expected one of the registered rule sets";
    return out;
  }
  for (int i = 0; i < scenario.options_size(); ++i) {
    for (int j = 0; j < i; ++j) {
      if (scenario.options(i).key() == scenario.options(j).key()) {
        out.error = "options[" + std::to_string(i) + "].key: \"" + scenario.options(i).key() + "\" is set twice";
        return out;
      }
    }
  }
  const RuleSet* rules = registry.find(scenario.ruleset());
  if (!rules) {
    std::string known;
    for (const auto* r : registry.all()) known += (known.empty() ? "" : ", ") + std::string(r->id());
    out.error = "ruleset: unknown rule set '" + scenario.ruleset() + "'; expected one of " + known;
    return out;
  }
  if (!scenario.has_grid() && !scenario.has_table()) {
    out.error = "board: missing; expected \"grid\" {cols, rows} or \"table\" {width, height}";
    return out;
  }
  if (auto problem = validate_scenario(*rules, scenario)) {
    out.error = *problem;
    return out;
  }
  out.scenario = std::move(scenario);
  return out;
}

}  // namespace sandtable
