#include "server/catalog.h"

#include <spdlog/spdlog.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/model/scenario_io.h"

namespace sandtable::server {

ScenarioCatalog load_catalog(const std::string& dir, const Registry& registry) {
  ScenarioCatalog out;
  for (const RuleSet* r : registry.all()) {
    auto* info = out.catalog.add_rulesets();
    info->set_id(std::string(r->id()));
    info->set_title(std::string(r->title()));
  }
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    spdlog::warn("scenario directory {} not found; the lobby offers uploads only", dir);
    return out;
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    ScenarioParse parsed = parse_scenario(text.str(), registry);
    if (!parsed.scenario) {
      spdlog::info("scenario {} skipped: {}", path.string(), parsed.error);
      continue;
    }
    const pb::Scenario& s = *parsed.scenario;
    if (out.by_id.count(s.id())) {
      spdlog::warn("scenario {} skipped: id '{}' already used", path.string(), s.id());
      continue;
    }
    auto* info = out.catalog.add_scenarios();
    info->set_id(s.id());
    info->set_name(s.name());
    info->set_ruleset(s.ruleset());
    info->set_description(s.description());
    for (const auto& side : s.sides()) info->add_sides(side.id());
    out.by_id[s.id()] = s;
  }
  return out;
}

}  // namespace sandtable::server
