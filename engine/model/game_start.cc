// How a game begins: from a scenario (Game::start, the rule set's opening, or a what-if branch's
// table) and again from its log (Game::from_log), both through the first event, GameStarted.
#include <algorithm>

#include "engine/core/sha256.h"
#include "engine/model/branch.h"
#include "engine/model/context.h"
#include "engine/model/dice_mix.h"
#include "engine/model/game.h"
#include "engine/model/registry.h"

namespace sandtable {

namespace {

// The shared part of a new state from the game's first event (the scenario is given apart: the
// caller has it checked already).
void fill_shared(GameState& state, const pb::Scenario& scenario, const pb::GameStarted& started) {
  state.scenario = std::make_shared<const pb::Scenario>(scenario);
  state.sides.clear();
  for (const auto& side : scenario.sides()) state.sides.push_back(side.id());
  state.table_dice = started.table_dice();
  state.seed_hash = started.seed_hash();
  state.dice_scheme = started.dice_scheme();
  state.branched = started.has_branch();
  if (state.dice_scheme.empty()) {
    state.seed = started.seed();
    state.deck_seed = started.seed();
    state.rng = Pcg32(started.seed());
    return;
  }
  // Scheme 2: nothing rolls until DiceSealed gives the generator its mix.
  state.secret = started.secret();
  state.entropy_from.assign(started.entropy_from().begin(), started.entropy_from().end());
  state.dice_sealed = false;
}

// The scenario option `spectators` (docs/engine.md "Spectators"), or a sentence naming it.
std::optional<std::string> read_spectators(GameState& state, const pb::Scenario& scenario) {
  for (const auto& o : scenario.options()) {
    if (o.key() == "spectators") return spectators_from_option(o.value(), state.sides, state.spectators);
  }
  return std::nullopt;
}

}  // namespace

std::string seed_commitment(std::uint64_t seed) {
  std::string bytes(8, '\0');
  for (int i = 0; i < 8; ++i) bytes[static_cast<std::size_t>(i)] = static_cast<char>((seed >> (8 * i)) & 0xff);
  return sha256_hex(bytes);
}

std::unique_ptr<Game> Game::start(const RuleSet& rules, const pb::Scenario& scenario, const StartOptions& options,
                                  std::vector<pb::Event>* events, std::string* error) {
  if (scenario.ruleset() != rules.id()) {
    if (error) *error = "ruleset: the scenario is for '" + scenario.ruleset() + "', not '" + std::string(rules.id()) + "'";
    return nullptr;
  }
  if (auto problem = validate_scenario(rules, scenario)) {
    if (error) *error = *problem;
    return nullptr;
  }
  pb::Event started;
  auto* s = started.mutable_game_started();
  s->set_ruleset(std::string(rules.id()));
  *s->mutable_scenario() = scenario;
  s->set_table_dice(options.table_dice);
  s->set_rules_version(std::string(rules.version()));
  if (options.secret.empty() && options.branch_state) {
    if (error) *error = "a branch has dice of its own: it needs a secret (scheme " + std::string(kDiceSchemeV2) + ")";
    return nullptr;
  }
  if (options.secret.empty()) {
    s->set_seed(options.seed);
    s->set_seed_hash(seed_commitment(options.seed));
  } else {
    if (options.secret.size() != kSecretBytes) {
      if (error) *error = "the dice secret must be " + std::to_string(kSecretBytes) + " bytes";
      return nullptr;
    }
    s->set_dice_scheme(std::string(kDiceSchemeV2));
    s->set_secret(options.secret);
    s->set_seed_hash(secret_commitment(options.secret));
    if (options.branch_state) {
      if (auto problem = branch_state_problem(rules, scenario, *options.branch_state)) {
        if (error) *error = *problem;
        return nullptr;
      }
      *s->mutable_branch() = options.branch_of;
      *s->mutable_start_state() = *options.branch_state;
    }
    for (const auto& side : options.entropy_from) {
      if (std::none_of(scenario.sides().begin(), scenario.sides().end(), [&](const pb::SideSetup& x) { return x.id() == side; })) {
        if (error) *error = "entropy_from: there is no side called '" + side + "'";
        return nullptr;
      }
      s->add_entropy_from(side);
    }
  }
  auto state = rules.initial(scenario);
  fill_shared(*state, scenario, *s);
  if (auto problem = read_spectators(*state, scenario)) {
    if (error) *error = *problem;
    return nullptr;
  }
  std::unique_ptr<Game> game(new Game(rules, std::move(state)));
  TableDice no_dice;  // nothing rolls before the rules begin
  Context ctx(rules, *game->state_, no_dice);
  try {
    ctx.emit(std::move(started));
    if (!game->state_->dice_sealed && game->state_->entropy_awaited().empty()) seal(ctx, "");
    if (game->state_->dice_sealed) begin_rules(rules, *game->state_, ctx.events());
  } catch (const Rejected& r) {
    if (error) *error = r.rejection().message();
    return nullptr;
  }
  if (events) *events = std::move(ctx.events());
  return game;
}

void begin_rules(const RuleSet& rules, GameState& state, std::vector<pb::Event>& events) {
  if (state.branched) return;  // a branch's table was set out by the game it came from
  RngDice rng_dice(state.rng);
  TableDice no_dice;
  DiceSource& dice = state.table_dice ? static_cast<DiceSource&>(no_dice) : rng_dice;
  Context ctx(rules, state, dice);
  rules.start(ctx);
  for (auto& e : ctx.events()) events.push_back(std::move(e));
}

std::unique_ptr<Game> Game::from_log(const Registry& registry, const std::vector<pb::Event>& log, std::string* error) {
  if (log.empty() || !log.front().has_game_started()) {
    if (error) *error = "the log must begin with a game_started event";
    return nullptr;
  }
  const auto& started = log.front().game_started();
  const RuleSet* rules = registry.find(started.ruleset());
  if (!rules) {
    if (error) *error = "unknown rule set '" + started.ruleset() + "'";
    return nullptr;
  }
  return from_log(*rules, log, error);
}

std::unique_ptr<Game> Game::from_log(const RuleSet& rule_set, const std::vector<pb::Event>& log, std::string* error) {
  if (log.empty() || !log.front().has_game_started()) {
    if (error) *error = "the log must begin with a game_started event";
    return nullptr;
  }
  const auto& started = log.front().game_started();
  if (started.ruleset() != rule_set.id()) {
    if (error) *error = "the log is a game of '" + started.ruleset() + "', not of '" + std::string(rule_set.id()) + "'";
    return nullptr;
  }
  const RuleSet* rules = &rule_set;
  if (!started.rules_version().empty() && started.rules_version() != rules->version()) {
    if (error) {
      *error = "this game was played under " + std::string(rules->title()) + " rules version '" +
               started.rules_version() + "' and this server has version '" + std::string(rules->version()) +
               "': replaying it could give different results, so it is not loaded";
    }
    return nullptr;
  }
  if (auto problem = validate_scenario(*rules, started.scenario())) {
    if (error) *error = *problem;
    return nullptr;
  }
  auto state = rules->initial(started.scenario());
  fill_shared(*state, started.scenario(), started);
  if (auto problem = read_spectators(*state, started.scenario())) {
    if (error) *error = *problem;
    return nullptr;
  }
  std::unique_ptr<Game> game(new Game(*rules, std::move(state)));
  for (const auto& e : log) {
    if (e.seq() != game->seq() + 1) {
      if (error) *error = "event " + std::to_string(e.seq()) + " out of order after " + std::to_string(game->seq());
      return nullptr;
    }
    // A field this build does not know (e.g. a rule-set event stored before rule-set events
    // became payloads) would be skipped and the replay would silently diverge: refuse instead.
    if (!e.GetReflection()->GetUnknownFields(e).empty()) {
      if (error) {
        *error = "event " + std::to_string(e.seq()) +
                 " carries data this version cannot read (a log from an older or newer Sandtable); it is not replayed";
      }
      return nullptr;
    }
    game->apply(e);
  }
  return game;
}

}  // namespace sandtable
