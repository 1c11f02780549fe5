#pragma once
// "What if" branches (docs/fair-play.md "What-if branches"): a new game that goes on from a step
// of another game. Its GameStarted carries the table as it was there (a snapshot), applying it
// puts that table in place instead of the rule set's opening, and its dice are its own: a fresh
// secret, the seats' randomness, and decks drawn again when the mix is sealed. Nothing rolled in
// the original after the branch point says anything about the branch's rolls.
#include <optional>
#include <string>

#include "engine/model/game.h"

namespace sandtable {

// Why the game as it stands cannot be branched from, in a sentence, or nullopt when it can.
std::optional<std::string> branch_problem(const Game& at);

// The options of a branch of `at` (branch_problem(at) must be nullopt): its table, where it came
// from, the source's table-dice setting. The caller adds the secret and whose randomness to wait for.
StartOptions branch_options(const Game& at, pb::BranchOf of);

// Why a snapshot cannot start a branch of this rule set and scenario (another rule set or
// version, other sides, a finished or unsealed game, bytes the rule set cannot read), or nullopt.
std::optional<std::string> branch_state_problem(const RuleSet& rules, const pb::Scenario& scenario,
                                                const pb::GameSnapshot& snapshot);

// Applying a branch's GameStarted: its snapshot's table, with the branch's own sides, dice,
// sequence and seats (no bots, rulings, trust or take-backs come over). Throws
// std::runtime_error when the snapshot cannot be read (a log whose first event was tampered with).
void start_from_branch(const RuleSet& rules, GameState& state, const pb::GameStarted& started);

}  // namespace sandtable
