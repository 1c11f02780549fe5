#pragma once
// A scenario JSON file of this checkout (scenarios/<relative>), parsed, for tests and benchmarks.
// Throws with the parser's sentence when it cannot be read or parsed (a test then fails).
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/registry/builtin_registry.h"
#include "engine/model/scenario_io.h"

namespace sandtable {

inline pb::Scenario load_scenario_file(const std::string& relative) {
  std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/" + relative);
  if (!in) throw std::runtime_error("cannot read scenarios/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  auto parsed = parse_scenario(text.str(), builtin_registry());
  if (!parsed.scenario) throw std::runtime_error(relative + ": " + parsed.error);
  return *parsed.scenario;
}

}  // namespace sandtable
