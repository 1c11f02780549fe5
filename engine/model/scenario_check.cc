#include "engine/model/scenario_check.h"

#include <google/protobuf/util/json_util.h>

#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "engine/model/game.h"
#include "engine/model/scenario_io.h"

namespace sandtable {

pb::View scenario_view(const pb::Scenario& scenario) {
  pb::View v;
  v.set_ruleset(scenario.ruleset());
  v.set_viewer("gm");
  v.set_scenario_id(scenario.id());
  v.set_scenario_name(scenario.name());
  if (scenario.has_grid()) *v.mutable_grid() = scenario.grid();
  if (scenario.has_table()) *v.mutable_table() = scenario.table();
  *v.mutable_terrain() = scenario.terrain();
  *v.mutable_options() = scenario.options();
  for (const auto& side : scenario.sides()) {
    auto* sv = v.add_sides();
    sv->set_id(side.id());
    sv->set_name(side.name());
    for (const auto& u : side.units()) {
      auto* uv = v.add_units();
      uv->set_id(u.id());
      uv->set_side(side.id());
      uv->set_type(u.type());
      uv->set_name(u.name());
      if (u.has_square()) *uv->mutable_square() = u.square();
      uv->set_facing(u.facing());
      if (u.has_position()) *uv->mutable_position() = u.position();
      uv->set_facing_deg(u.facing_deg());
      uv->set_carried_by(u.towed_by());
      // A strength the scenario sets; 0 (the type's default) stays unknown: max_strength 0 tells
      // the client not to write one.
      uv->set_strength(u.strength());
      uv->set_max_strength(u.strength());
      for (const auto& f : u.figures()) {
        auto* fv = uv->add_figures();
        fv->set_id(f.id());
        fv->set_kind(f.kind());
        *fv->mutable_position() = f.position();
      }
    }
  }
  return v;
}

namespace {

std::string to_json(const pb::Scenario& scenario) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = false;  // lowerCamelCase, as the built-in scenario files
  if (!google::protobuf::util::MessageToJsonString(scenario, &out, options).ok()) return {};
  return out;
}

// The scenario a request names, or a problem saying why there is none.
bool read_request(const pb::CheckScenario& request, const pb::Scenario* builtin, const Registry& registry,
                  pb::Scenario* scenario, std::string* problem) {
  switch (request.source_case()) {
    case pb::CheckScenario::kRuleset: {
      const RuleSet* rules = registry.find(request.ruleset());
      if (!rules) {
        *problem = "There is no rule set '" + request.ruleset() + "' on this server.";
        return false;
      }
      *scenario = rules->palette().blank();
      return true;
    }
    case pb::CheckScenario::kScenarioId:
      if (!builtin) {
        *problem = "There is no built-in scenario '" + request.scenario_id() + "'.";
        return false;
      }
      *scenario = *builtin;
      return true;
    case pb::CheckScenario::kScenarioJson: {
      google::protobuf::util::JsonParseOptions options;
      const auto status = google::protobuf::util::JsonStringToMessage(request.scenario_json(), scenario, options);
      if (!status.ok()) {
        *problem = "The file is not a scenario: " + std::string(status.message());
        return false;
      }
      return true;
    }
    case pb::CheckScenario::kScenario:
      *scenario = request.scenario();
      return true;
    default:
      *problem = "Name a rule set, a built-in scenario or a scenario to check.";
      return false;
  }
}

// The palette for this scenario: an option the rule set keeps per side is listed once for each
// of the scenario's sides, keyed and labelled with it.
pb::ScenarioPalette palette_for(const RuleSet& rules, const pb::Scenario& scenario) {
  pb::ScenarioPalette p = rules.palette();
  google::protobuf::RepeatedPtrField<pb::PaletteOption> options;
  for (const auto& o : p.options()) {
    if (!o.per_side()) {
      *options.Add() = o;
      continue;
    }
    for (const auto& side : scenario.sides()) {
      auto* x = options.Add();
      *x = o;
      x->set_key(o.key() + side.id());
      x->set_label(o.label() + ": " + (side.name().empty() ? side.id() : side.name()));
    }
  }
  *p.mutable_options() = std::move(options);
  return p;
}

}  // namespace

pb::ScenarioChecked check_scenario(const pb::CheckScenario& request, const pb::Scenario* builtin,
                                   const Registry& registry) {
  pb::ScenarioChecked out;
  pb::Scenario scenario;
  std::string problem;
  if (!read_request(request, builtin, registry, &scenario, &problem)) {
    out.set_problem(problem);
    return out;
  }
  const RuleSet* rules = registry.find(scenario.ruleset());
  if (!rules) {
    out.set_problem("ruleset: there is no rule set '" + scenario.ruleset() + "' on this server");
    return out;
  }
  *out.mutable_palette() = palette_for(*rules, scenario);
  out.set_json(to_json(scenario));
  // The same checks a room's creation makes (the file's text aside): a scenario the editor calls
  // playable is one the lobby takes.
  ScenarioParse parsed = parse_scenario(out.json(), registry);
  std::unique_ptr<Game> game;
  if (parsed.scenario) {
    std::vector<pb::Event> events;
    std::string error;
    try {
      game = Game::start(*rules, *parsed.scenario, StartOptions{}, &events, &error);
      if (!game) parsed.error = error;
    } catch (const std::exception&) {
      // A set-up that throws is a rule set's bug (validate should have said no); the editor
      // says the scenario cannot be set up rather than ending the server's thread.
      parsed.error = "The scenario passed the rule set's checks but cannot be set up.";
    }
  }
  if (game) {
    *out.mutable_preview() = game->view("gm");
    // The opening as the GM sees it, less what a room adds: no menu to act from in the editor.
    out.mutable_preview()->clear_menu();
  } else {
    out.set_problem(parsed.error.empty() ? "The scenario cannot be set up." : parsed.error);
    *out.mutable_preview() = scenario_view(scenario);
  }
  *out.mutable_scenario() = std::move(scenario);
  return out;
}

}  // namespace sandtable
