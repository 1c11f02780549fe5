#include "engine/model/branch.h"

#include <algorithm>
#include <stdexcept>

namespace sandtable {

namespace {

constexpr const char* kTakeBack = "TAKE_BACK";  // take_back.cc's decision kind

}  // namespace

std::optional<std::string> branch_problem(const Game& at) {
  const GameState& st = at.state();
  if (st.over) return "the game is over at this step; branch from an earlier one";
  if (!st.dice_sealed) {
    return "the game had not begun at this step (the first roll was waiting for the seats); branch from a later step";
  }
  if (st.dice_request) return "an order was waiting for the table's dice at this step; branch from the step before or after it";
  return std::nullopt;
}

StartOptions branch_options(const Game& at, pb::BranchOf of) {
  StartOptions o;
  o.table_dice = at.state().table_dice;
  o.branch_state = at.save();
  o.branch_of = std::move(of);
  return o;
}

std::optional<std::string> branch_state_problem(const RuleSet& rules, const pb::Scenario& scenario,
                                                const pb::GameSnapshot& snap) {
  if (snap.ruleset() != rules.id()) return "the branch's table is of rule set '" + snap.ruleset() + "'";
  if (snap.rules_version() != rules.version()) {
    return "the branch's table was saved under rules version '" + snap.rules_version() + "', not '" +
           std::string(rules.version()) + "'";
  }
  const auto& sides = scenario.sides();
  if (snap.sides_size() != sides.size() ||
      !std::equal(snap.sides().begin(), snap.sides().end(), sides.begin(),
                  [](const std::string& a, const pb::SideSetup& b) { return a == b.id(); })) {
    return "the branch's table has other sides than the scenario";
  }
  if (snap.over()) return "the branch's table is of a finished game";
  if (!snap.dice_mix().scheme().empty() && !snap.dice_mix().sealed()) return "the branch's table is of a game not yet begun";
  std::string why;
  if (!rules.load_state(scenario, snap.state(), &why)) {
    return "the branch's table cannot be read" + (why.empty() ? std::string() : ": " + why);
  }
  return std::nullopt;
}

void start_from_branch(const RuleSet& rules, GameState& state, const pb::GameStarted& started) {
  const pb::GameSnapshot& snap = started.start_state();
  std::string why;
  auto back = rules.load_state(*state.scenario, snap.state(), &why);
  if (!back) throw std::runtime_error("the branch's table cannot be read: " + why);
  read_shared(snap, *back);  // the table then: pending decisions, a parked order's dice, the decision ids
  // The branch's own: its sides, dice, sequence and seats. What belonged to the other room (its
  // bots, rulings asked, trusted dice, pause, the take-backs it offered) stays there.
  back->scenario = state.scenario;
  back->sides = state.sides;
  back->rng = state.rng;
  back->seed = state.seed;
  back->seed_hash = state.seed_hash;
  back->deck_seed = state.deck_seed;
  back->dice_scheme = state.dice_scheme;
  back->secret = state.secret;
  back->entropy_from = state.entropy_from;
  back->entropy = state.entropy;
  back->dice_sealed = state.dice_sealed;
  back->mix_commitment = state.mix_commitment;
  back->begun_by = state.begun_by;
  back->secret_shown = state.secret_shown;
  back->table_dice = state.table_dice;
  back->seq = state.seq;
  back->paused = false;
  back->pause_reason.clear();
  back->over = false;
  back->revealed = false;
  back->winner.clear();
  back->end_reason.clear();
  back->gm_dice.clear();
  back->bot_seats = state.bot_seats;
  back->rulings = state.rulings;
  back->next_ruling_id = state.next_ruling_id;
  back->dice_trusted = state.dice_trusted;
  back->spectators = state.spectators;
  auto& ds = back->decisions;
  ds.erase(std::remove_if(ds.begin(), ds.end(), [](const pb::Decision& d) { return d.kind() == kTakeBack; }), ds.end());
  back->branched = true;
  state.assign_from(*back);
}

}  // namespace sandtable
