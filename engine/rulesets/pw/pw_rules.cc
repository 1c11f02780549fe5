// The Portable Wargame rule set: dispatch of commands, answers and events to the parts.
#include "engine/rulesets/pw/pw_rules.h"
#include "engine/rulesets/pw/pw_bot.h"

#include "engine/model/rejection.h"
#include "engine/rulesets/pw/pw_internal.h"
#include "engine/rulesets/pw/pw_rules_impl.h"
#include "engine/rulesets/pw/pw_setup.h"

namespace sandtable {

namespace pw {

// Only with table dice: nobody owes an order but the next step needs dice.
bool stalled(const PwState& st) {
  if (st.over) return false;
  if (st.phase == Phase::kArtilleryPlanning) {
    if (st.turn == 0) return true;
    for (const auto& s : st.side_state) {
      if (s.plan_due) return false;
    }
    return true;
  }
  return st.phase == Phase::kArtilleryEffects || (st.phase == Phase::kActivation && st.active_side < 0);
}

std::string_view PortableWargame::id() const { return "portable-wargame-19c"; }
std::string_view PortableWargame::title() const { return "Portable Wargame: 19th Century (Big Board, square grid)"; }
// Bump when the same scenario, seed and orders would give other events (GameStarted records it).
std::string_view PortableWargame::version() const { return "pw-2"; }

std::optional<std::string> PortableWargame::validate(const pb::Scenario& scenario) const {
  return validate_scenario(scenario);
}

std::unique_ptr<GameState> PortableWargame::initial(const pb::Scenario& scenario) const {
  return initial_state(scenario);
}

void PortableWargame::start(Context& ctx) const {
  auto& st = static_cast<PwState&>(ctx.state());
  try {
    settle(ctx, st);
  } catch (const Rejected&) {
    // Table dice: the opening rolls come with the first command (PwProceed or a plan).
    if (!st.table_dice) throw;
  }
}

void PortableWargame::handle(Context& ctx, const pb::Command& command) const {
  auto& st = static_cast<PwState&>(ctx.state());
  if (!carries<pb::PwCommand>(command)) reject("WRONG_RULESET", "GEN", "That order is not a Portable Wargame order.");
  const int side = st.side_index(command.seat());
  if (side < 0) reject("UNKNOWN_SEAT", "GEN", "There is no side called '" + command.seat() + "'.");
  const pb::PwCommand c = payload_of<pb::PwCommand>(command);
  switch (c.body_case()) {
    case pb::PwCommand::kArtilleryPlan: do_plan(ctx, st, side, c.artillery_plan()); break;
    case pb::PwCommand::kMove: do_move(ctx, st, side, c.move()); break;
    case pb::PwCommand::kFire: do_fire(ctx, st, side, c.fire()); break;
    case pb::PwCommand::kCloseCombat: do_close_combat(ctx, st, side, c.close_combat()); break;
    case pb::PwCommand::kFace: do_face(ctx, st, side, c.face()); break;
    case pb::PwCommand::kStationary: do_stationary(ctx, st, side, c.stationary()); break;
    case pb::PwCommand::kEndActivation: {
      if (st.phase != Phase::kActivation || st.active_side != side) {
        reject("PW_NOT_YOUR_TURN", "PW-SEQ-01", "It is not " + command.seat() + "'s activation half now.");
      }
      if (st.active_unit.empty()) reject("PW_NO_ACTIVE_UNIT", "PW-ACT-04", "No unit is activated, so there is no activation to end.");
      pb::PwEvent e;
      e.mutable_activation_ended()->set_unit_id(st.active_unit);
      emit_pw(ctx, e);
      break;
    }
    case pb::PwCommand::kEndSide: {
      if (st.phase != Phase::kActivation || st.active_side != side) {
        reject("PW_NOT_YOUR_TURN", "PW-SEQ-01", "It is not " + command.seat() + "'s activation half now.");
      }
      pb::PwEvent e;
      if (!st.active_unit.empty()) {
        e.mutable_activation_ended()->set_unit_id(st.active_unit);
        emit_pw(ctx, e);
      }
      pb::PwEvent f;
      f.mutable_side_finished()->set_side(command.seat());
      f.mutable_side_finished()->set_activations_unused(st.side_state[static_cast<std::size_t>(side)].activations_left);
      emit_pw(ctx, f);
      break;
    }
    case pb::PwCommand::kProceed:
      if (!stalled(st)) {
        reject("PW_NOTHING_TO_ROLL", "PW-SEQ-01", "The game is not waiting for dice; it waits for an order.");
      }
      break;
    default:
      reject("EMPTY_COMMAND", "GEN", "The Portable Wargame order is empty.");
  }
  settle(ctx, st);
}

void PortableWargame::answer(Context& ctx, const pb::Decision& decision, const std::string& choice) const {
  auto& st = static_cast<PwState&>(ctx.state());
  answer_decision(ctx, st, decision, choice);
  settle(ctx, st);
}

int PortableWargame::turn_number(const GameState& state) const { return static_cast<const PwState&>(state).turn; }

std::vector<std::string> PortableWargame::waiting_for(const GameState& state) const {
  const auto& st = static_cast<const PwState&>(state);
  std::vector<std::string> out;
  if (st.over || st.phase == Phase::kOver) return out;
  if (st.phase == Phase::kArtilleryPlanning) {
    for (const auto& s : st.side_state) {
      if (s.plan_due) out.push_back(s.id);
    }
  } else if (st.phase == Phase::kActivation && st.active_side >= 0) {
    out.push_back(side_id(st, st.active_side));
  }
  if (stalled(st)) {
    for (const auto& s : st.side_state) out.push_back(s.id);  // either may roll (PwProceed)
  }
  return out;
}

std::unique_ptr<Bot> PortableWargame::make_bot() const { return make_pw_bot(); }

}  // namespace pw

std::unique_ptr<RuleSet> make_portable_wargame() { return std::make_unique<pw::PortableWargame>(); }

}  // namespace sandtable
