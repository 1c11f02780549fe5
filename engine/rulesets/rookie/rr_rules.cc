// Rookie Rules: dispatch of commands and answers to the parts.
#include "engine/rulesets/rookie/rr_rules.h"

#include "engine/model/rejection.h"
#include "engine/rulesets/rookie/rr_bot.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules_impl.h"
#include "engine/rulesets/rookie/rr_setup.h"

namespace sandtable {

namespace rr {

std::string_view RookieRules::id() const { return "rookie-rules"; }
std::string_view RookieRules::title() const { return "Rookie Rules (WWII, a card per unit, free table)"; }
// Bump when the same scenario, seed and orders would give other events (GameStarted records it).
std::string_view RookieRules::version() const { return "rr-1"; }

std::optional<std::string> RookieRules::validate(const pb::Scenario& scenario) const { return validate_scenario(scenario); }

std::unique_ptr<GameState> RookieRules::initial(const pb::Scenario& scenario) const { return initial_state(scenario); }

void RookieRules::start(Context& ctx) const {
  auto& st = static_cast<RrState&>(ctx.state());
  update_spotting(ctx, st);
  settle(ctx, st);
}

void RookieRules::handle(Context& ctx, const pb::Command& command) const {
  auto& st = static_cast<RrState&>(ctx.state());
  if (!carries<pb::RrCommand>(command)) reject("WRONG_RULESET", "GEN", "That order is not a Rookie Rules order.");
  const int side = st.side_index(command.seat());
  if (side < 0) reject("UNKNOWN_SEAT", "GEN", "There is no side called '" + command.seat() + "'.");
  const pb::RrCommand c = payload_of<pb::RrCommand>(command);
  switch (c.body_case()) {
    case pb::RrCommand::kActivate: do_activate(ctx, st, side, c.activate().unit_id()); break;
    case pb::RrCommand::kPass: do_pass(ctx, st, side); break;
    case pb::RrCommand::kMove: do_move(ctx, st, side, c.move()); break;
    case pb::RrCommand::kFire: do_fire(ctx, st, side, c.fire()); break;
    case pb::RrCommand::kObserve: do_observe(ctx, st, side, c.observe()); break;
    case pb::RrCommand::kRally: do_rally(ctx, st, side, c.rally()); break;
    case pb::RrCommand::kEndActivation:
      if (auto bad = check_end_activation(st, side)) refuse(*bad);
      end_activation(ctx, st);
      break;
    case pb::RrCommand::kLeaderCommand: do_leader_command(ctx, st, side, c.leader_command()); break;
    case pb::RrCommand::kEndPhase: do_end_phase(ctx, st, side); break;
    case pb::RrCommand::kMoraleTest:
      if (auto bad = check_morale_test(st, side, c.morale_test())) refuse(*bad);
      morale_test(ctx, st, *st.find(c.morale_test().unit_id()), "voluntary");
      break;
    case pb::RrCommand::kPlot: do_plot(ctx, st, side, c.plot()); break;
    case pb::RrCommand::kAaFire: do_aa_fire(ctx, st, side, c.aa_fire()); break;
    case pb::RrCommand::kFlightPlan: do_flight_plan(ctx, st, side, c.flight_plan()); break;
    case pb::RrCommand::kSetUp: do_set_up(ctx, st, side, c.set_up()); break;
    case pb::RrCommand::kCombine: do_combine(ctx, st, side, c.combine()); break;
    case pb::RrCommand::kBreakFree: do_break_free(ctx, st, side, c.break_free()); break;
    default:
      reject("EMPTY_COMMAND", "GEN", "The Rookie Rules order is empty.");
  }
  settle(ctx, st);
}

void RookieRules::answer(Context& ctx, const pb::Decision& decision, const std::string& choice) const {
  (void)decision;
  (void)choice;
  settle(ctx, static_cast<RrState&>(ctx.state()));
}

int RookieRules::turn_number(const GameState& state) const { return static_cast<const RrState&>(state).turn; }

std::vector<std::string> RookieRules::waiting_for(const GameState& state) const {
  const auto& st = static_cast<const RrState&>(state);
  const int side = waiting_side(st);
  if (side < 0) return {};
  return {st.side_id(side)};
}

std::unique_ptr<Bot> RookieRules::make_bot() const { return make_rr_bot(); }

}  // namespace rr

std::unique_ptr<RuleSet> make_rookie_rules() { return std::make_unique<rr::RookieRules>(); }

}  // namespace sandtable
