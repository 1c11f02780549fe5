#pragma once
// A scenario JSON file of this checkout (scenarios/<relative>), parsed, for tests and benchmarks.
// Throws with the parser's sentence when it cannot be read or parsed (a test then fails).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>
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

// Every scenario file under scenarios/ (relative paths, sorted), by the rule set it is for: what
// tests and tools play "every demo scenario of every rule set" from.
inline std::map<std::string, std::vector<std::string>> demo_scenarios_by_ruleset() {
  std::map<std::string, std::vector<std::string>> by_rules;
  const std::filesystem::path root = std::filesystem::path(SANDTABLE_SOURCE_DIR) / "scenarios";
  for (const auto& dir : std::filesystem::directory_iterator(root)) {
    if (!dir.is_directory()) continue;
    for (const auto& f : std::filesystem::directory_iterator(dir.path())) {
      if (f.path().extension() != ".json") continue;
      const std::string rel = dir.path().filename().string() + "/" + f.path().filename().string();
      by_rules[load_scenario_file(rel).ruleset()].push_back(rel);
    }
  }
  for (auto& [_, files] : by_rules) std::sort(files.begin(), files.end());
  return by_rules;
}

}  // namespace sandtable
