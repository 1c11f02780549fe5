#pragma once
// Scenarios as JSON through protobuf's JSON mapping. The engine reads no files: callers pass
// the text.
#include <optional>
#include <string>
#include <string_view>

#include "engine/model/registry.h"
#include "sandtable/v1/scenario.pb.h"

namespace sandtable {

struct ScenarioParse {
  std::optional<::sandtable::v1::Scenario> scenario;
  std::string error;  // names the field and what was expected
};

// The value of a scenario option, or nullopt when the scenario does not set it.
std::optional<std::string> scenario_option(const ::sandtable::v1::Scenario& scenario, std::string_view key);

// Parses and validates against the scenario's rule set.
ScenarioParse parse_scenario(std::string_view json, const Registry& registry);

}  // namespace sandtable
