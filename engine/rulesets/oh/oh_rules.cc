// One-Hour Wargames WWII: dispatch of commands and answers to the parts.
#include "engine/rulesets/oh/oh_rules.h"

#include "engine/model/rejection.h"
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules_impl.h"
#include "engine/rulesets/oh/oh_setup.h"
#include "engine/rulesets/oh/oh_bot.h"

namespace sandtable {

namespace oh {

std::string_view OneHourWw2::id() const { return "one-hour-ww2"; }
std::string_view OneHourWw2::title() const { return "One-Hour Wargames: WWII (free table)"; }
// Bump when the same scenario, seed and orders would give other events (GameStarted records it).
std::string_view OneHourWw2::version() const { return "oh-1"; }

std::optional<std::string> OneHourWw2::validate(const pb::Scenario& scenario) const { return validate_scenario(scenario); }

std::unique_ptr<GameState> OneHourWw2::initial(const pb::Scenario& scenario) const { return initial_state(scenario); }

void OneHourWw2::start(Context& ctx) const { settle(ctx, static_cast<OhState&>(ctx.state())); }

void OneHourWw2::handle(Context& ctx, const pb::Command& command) const {
  auto& st = static_cast<OhState&>(ctx.state());
  if (!carries<pb::OhCommand>(command)) reject("WRONG_RULESET", "GEN", "That order is not a One-Hour Wargames order.");
  const int side = st.side_index(command.seat());
  if (side < 0) reject("UNKNOWN_SEAT", "GEN", "There is no side called '" + command.seat() + "'.");
  const pb::OhCommand c = payload_of<pb::OhCommand>(command);
  switch (c.body_case()) {
    case pb::OhCommand::kFire:
      do_fire(ctx, st, side, c.fire());
      after_action(ctx, st);
      break;
    case pb::OhCommand::kRollMove:
      do_roll_move(ctx, st, side, c.roll_move());
      break;
    case pb::OhCommand::kMove:
      do_move(ctx, st, side, c.move());
      after_action(ctx, st);
      break;
    case pb::OhCommand::kRallyReady:
      do_rally_ready(ctx, st, side, c.rally_ready());
      break;
    case pb::OhCommand::kEndStep:
      do_end_step(ctx, st, side);
      break;
    default:
      reject("EMPTY_COMMAND", "GEN", "The One-Hour Wargames order is empty.");
  }
  settle(ctx, st);
}

void OneHourWw2::answer(Context& ctx, const pb::Decision& decision, const std::string& choice) const {
  auto& st = static_cast<OhState&>(ctx.state());
  answer_decision(ctx, st, decision, choice);
  settle(ctx, st);
}

int OneHourWw2::turn_number(const GameState& state) const { return static_cast<const OhState&>(state).turn; }

std::vector<std::string> OneHourWw2::waiting_for(const GameState& state) const {
  const auto& st = static_cast<const OhState&>(state);
  if (st.over || st.turn == 0) return {};
  return {st.side_id(st.phasing)};
}

std::unique_ptr<Bot> OneHourWw2::make_bot() const { return make_oh_bot(); }

std::string OneHourWw2::order_answers(const GameState& state, const pb::Decision& decision, const pb::Command& command) const {
  (void)state;
  if (decision.kind() != kReadyDecision || !carries<pb::OhCommand>(command)) return {};
  return payload_of<pb::OhCommand>(command).has_fire() ? kReadyFire : std::string();
}

}  // namespace oh

std::unique_ptr<RuleSet> make_one_hour_ww2() { return std::make_unique<oh::OneHourWw2>(); }

}  // namespace sandtable
