#pragma once
// The one interface every rule set implements. A rule set is stateless: all game state lives
// in its GameState subclass, so one instance serves every room.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/rng.h"
#include "engine/model/context.h"
#include "engine/model/unit_outcome.h"
#include "engine/model/game_state.h"
#include "sandtable/v1/command.pb.h"
#include "sandtable/v1/event.pb.h"
#include "sandtable/v1/gm_edit.pb.h"
#include "sandtable/v1/menu.pb.h"
#include "sandtable/v1/palette.pb.h"
#include "sandtable/v1/query.pb.h"
#include "sandtable/v1/view.pb.h"

namespace sandtable {

class Game;

// A computer player: proposes the next command for a seat, or nothing if that seat has nothing
// to do now. It must only propose commands the game would accept, but the game checks anyway.
class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32& rng) = 0;
};

class RuleSet {
 public:
  virtual ~RuleSet() = default;

  virtual std::string_view id() const = 0;     // registry key, e.g. "portable-wargame-19c"
  virtual std::string_view title() const = 0;  // e.g. "Portable Wargame 19th century"
  // The rules version, recorded in GameStarted. Change it whenever the same scenario, seed and
  // orders would give different events, so that an old log is refused, never misreplayed.
  virtual std::string_view version() const = 0;

  // The first problem with the scenario for this rule set, naming the field
  // ("sides[0].units[2].type: ..."), or nullopt if it is playable.
  virtual std::optional<std::string> validate(const pb::Scenario& scenario) const = 0;
  // The initial state of a validated scenario (the Game fills in the shared fields).
  virtual std::unique_ptr<GameState> initial(const pb::Scenario& scenario) const = 0;
  // Emits the events that open the game (after GameStarted).
  virtual void start(Context& ctx) const = 0;
  // Handles a rule-set command from a seat; throws Rejected to refuse it.
  virtual void handle(Context& ctx, const pb::Command& command) const = 0;
  // Carries out the chosen answer to one of this rule set's decisions (already checked to be
  // among the allowed choices, and already removed from the pending list).
  virtual void answer(Context& ctx, const pb::Decision& decision, const std::string& choice) const = 0;
  // Applies one rule-set event to the state. Never fails: events are facts.
  virtual void apply(GameState& state, const pb::Event& event) const = 0;
  // The same for an event just emitted, with the message its payload packs (`body`), so a rule
  // set may apply that instead of unpacking the payload again. The default unpacks.
  virtual void apply_emitted(GameState& state, const pb::Event& event, const google::protobuf::Message& body) const {
    (void)body;
    apply(state, event);
  }
  // Fills the rule-set part of a view for a viewer ("gm", "spectator" or a side id).
  virtual void fill_view(const GameState& state, const std::string& viewer, pb::View& view) const = 0;
  // Viewers given the same non-empty key get the same units and sides from fill_view in this
  // state, so a room builds, serializes and compares them once an order for all of them
  // (OrderPatches); empty shares with no one. The default, the viewer itself, is always right: a
  // spectator who sees as a side shares that side's. A rule set that hides nothing returns one
  // key for everyone.
  virtual std::string pieces_key(const GameState& state, const std::string& viewer) const {
    (void)state;
    return viewer;
  }
  // fill_view without the units and sides, for a viewer whose pieces another viewer with its
  // pieces_key already has. The default builds them and drops them: right, only not faster.
  virtual void fill_view_without_pieces(const GameState& state, const std::string& viewer, pb::View& view) const {
    fill_view(state, viewer, view);
    view.clear_units();
    view.clear_sides();
  }
  // Viewers given the same non-empty key get the same static table from fill_view (the terrain,
  // the title, the briefing's words: what a patch never carries), so a room builds and serializes
  // it once an order for all of them (OrderPatches). The default, the viewer itself, is always
  // right. A wrong key could only leave a seat a stale table, never show it another's: a table
  // travels only in a whole View, which is built for its own seat.
  virtual std::string table_key(const GameState& state, const std::string& viewer) const {
    (void)state;
    return viewer;
  }
  // fill_view (or fill_view_without_pieces, without `pieces`) without the static table's parts, for
  // a viewer whose table another viewer with its table_key already has. The default builds them
  // and drops them: right, only not faster.
  virtual void fill_view_without_table(const GameState& state, const std::string& viewer, bool pieces, pb::View& view) const {
    if (pieces) {
      fill_view(state, viewer, view);
    } else {
      fill_view_without_pieces(state, viewer, view);
    }
    view.clear_terrain();
    view.clear_briefing();
    view.clear_ruleset_title();
    view.clear_grid();
    view.clear_table();
    view.clear_options();
  }
  // The seats the game waits on now (to act or to decide).
  virtual std::vector<std::string> waiting_for(const GameState& state) const = 0;
  // An order a side may give while the game waits on someone else (a secret plan written down
  // for later, a roll-off to settle a dispute): handle() accepts it from any side's seat.
  virtual bool any_time(const pb::Command& /*command*/) const { return false; }
  virtual std::unique_ptr<Bot> make_bot() const = 0;

  // The seam the rest of the product uses instead of knowing rules (docs/engine.md).
  //
  // What `seat` (a side) may order now, with legal targets or limits. Called only when the game
  // waits on that side and no decision is pending (Game adds the answers to decisions). Must
  // never name what the seat may not see. Every entry must be accepted by order_for + handle.
  virtual void actions(const GameState& state, const std::string& seat, pb::ActionMenu& menu) const = 0;
  // A decision some of whose answers are drawn on the table (e.g. Battleground's flee,
  // BG-MEL-14: "draw its way away"): the extra menu entries (e.g. kind "move") that answer
  // `decision`, besides the choices Game lists itself. Every entry must be accepted by
  // order_for + order_answers + handle. Default: none.
  virtual void decision_actions(const GameState& state, const pb::Decision& decision, pb::ActionMenu& menu) const {
    (void)state;
    (void)decision;
    (void)menu;
  }
  // Whether `command` (a rule-set order from the decision's seat) is an answer to the pending
  // `decision`: the id recorded as its choice (DecisionAnswered), or empty when it is not (Game
  // then refuses it, DECISION_PENDING). An accepted answer is carried out by handle(), which
  // may still refuse it (nothing changes then). Default: no order answers a decision.
  virtual std::string order_answers(const GameState& state, const pb::Decision& decision, const pb::Command& command) const {
    (void)state;
    (void)decision;
    (void)command;
    return {};
  }
  // The rule-set command for a menu entry the seat picked. Game has already checked that the
  // action is on the seat's menu now and that the target is one of its targets.
  virtual pb::Command order_for(const GameState& state, const std::string& seat, const pb::Action& action,
                                const pb::PlayAction& play) const = 0;
  // The log line of one of this rule set's events for a viewer who may see it, in words a
  // player reads. `state` is the state after the event. Empty when the viewer has no line for
  // it: an event recorded twice, whole for some seats and with a secret left out for the others,
  // is read once by a viewer who may see both (the GM reads the whole one).
  virtual std::string describe(const GameState& state, const pb::Event& event, const std::string& viewer) const = 0;
  // The turn the game is in, as its View says it (TurnView.turn): the spectators' delay counts
  // turns with it. 0 where a rule set has no turns.
  virtual int turn_number(const GameState& state) const {
    (void)state;
    return 0;
  }
  // Whether one of its events shows what nobody could know before, beyond the dice and the
  // generator, which Game sees itself: e.g. a card turned from a deck shuffled earlier. A seat's
  // take-back never goes back across it (docs/engine.md "Take-backs").
  virtual bool reveals(const pb::Event& event) const {
    (void)event;
    return false;
  }
  // A "what if" branch's dice were just sealed (state.deck_seed is its own): every deck's order
  // nobody has seen yet is drawn again from it, so nobody who watched the original game knows
  // the cards to come. Rule sets without decks have nothing to do.
  virtual void fresh_decks(GameState& state) const { (void)state; }
  // Campaigns (engine/model/carry_over.h): what the game leaves of each unit that came on the
  // table, lost or with its strength as its View counts it (SP, figures, hits left). Default:
  // the units the GM's View shows, none counted lost; a rule set that keeps its destroyed units
  // says so, so the next battle leaves them out.
  virtual std::vector<UnitOutcome> outcomes(const GameState& state) const;
  // Removes from a viewer's copy of GameStarted's scenario what that viewer may not see beyond
  // secret terrain, which Game removes itself (e.g. another side's scheduled strikes).
  virtual void redact_scenario(pb::Scenario& scenario, const std::string& viewer) const {
    (void)scenario;
    (void)viewer;
  }

  // ---- The scenario editor (docs/engine.md "Scenario editor") ----
  //
  // What a scenario of this rule set may hold: an empty table with its usual sides, a template
  // of every unit type and terrain kind validate() accepts, and its options with their values.
  // Every template placed on the blank table must pass validate() (tests/engine/palette_test.cc).
  virtual pb::ScenarioPalette palette() const = 0;

  // ---- Queries (docs/engine.md "Queries"): read-only previews a seat uses to aim ----
  //
  // Answers `q` for `seat` ("gm", "spectator" or a side id) from `state` without changing it
  // and without rolling: a measure (distance and line of sight between two places) or a
  // preview of a menu pick. Game::query has already refused a preview that is not on the
  // seat's menu, and answers the picks of decisions itself. Never names what the seat may not
  // see: a place naming a unit hidden from the seat is answered exactly as one naming no unit.
  // A preview's refusal is the one the order would get (same code and sentence).
  virtual pb::QueryAnswer query(const GameState& state, const std::string& seat, const pb::Query& q) const = 0;

  // Snapshots (docs/engine.md "Save and load"): the rule set's own part of a state as bytes of
  // its own message, and back. load_state(scenario, save_state(s)) must give a state that acts
  // exactly like s: same views, menus, log lines, and the same events for the same commands.
  // The shared fields (GameState's own) are Game's business, not the rule set's.
  //
  // The rule set's part of `state`, serialized (its own protobuf message).
  virtual std::string save_state(const GameState& state) const = 0;
  // A state for a validated scenario from save_state's bytes, the shared fields left to the
  // caller; nullptr with a sentence in *error when the bytes are not such a state.
  virtual std::unique_ptr<GameState> load_state(const pb::Scenario& scenario, const std::string& bytes,
                                                std::string* error) const = 0;

  // ---- GM edits (docs/engine.md "GM edits"): the referee's typed, audited changes ----
  //
  // Checks an edit (Game handles GmSetDice itself) against the state; throws Rejected with a
  // sentence when the rule set does not support it or it would break the state's invariants
  // (a unit off the board, two units in one square, more strength than the unit has). Returns
  // who may see it: empty for everyone, else the seats besides the GM (an edit of a unit
  // hidden from a side is not seen by that side). The default supports no edit.
  virtual std::vector<std::string> check_edit(const GameState& state, const pb::GmEdit& edit) const;
  // The phases of the turn the GM may set now with GmSetPhase, in the words TurnView.phase uses
  // (listed in the GM's menu, ActionMenu.gm_phases). Default: none.
  virtual std::vector<std::string> gm_phases(const GameState& state) const {
    (void)state;
    return {};
  }
  // Whether a GM move or removal may name one figure of a unit (GmMoveUnit.figure_id): rule sets
  // whose units are loose figures. Game refuses a figure edit otherwise. Default: no.
  virtual bool gm_edits_figures() const { return false; }
  // Applies a checked edit (from a GmEdited event, live or replayed). Never fails.
  virtual void apply_edit(GameState& state, const pb::GmEdit& edit) const;
  // What an edit did, in a viewer's words, for the log line "GM: <words> (<reason>)". The
  // default names units as the GM's view names them.
  virtual std::string describe_edit(const GameState& state, const pb::GmEdit& edit, const std::string& viewer) const;
};

// The log line of a GM edit: "GM <what it did> (<reason>)."
std::string gm_edit_line(const RuleSet& rules, const GameState& state, const pb::GmEdit& edit, const std::string& viewer);

}  // namespace sandtable
