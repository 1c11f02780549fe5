#pragma once
// A game: the shared rules of every rule set (seats, decisions, pause, end, dice, sequence)
// around one RuleSet. state = fold(apply, initial(scenario, seed), events).
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/model/rejection.h"
#include "engine/model/ruleset.h"
#include "sandtable/v1/snapshot.pb.h"

namespace sandtable {

class Registry;

struct Outcome {
  bool accepted = false;
  pb::Rejection rejection;        // when refused
  std::vector<pb::Event> events;  // when accepted, stamped with seq
};

// A point the table can go back to (docs/engine.md "Take-backs"): the state just before an
// accepted order, who gave the order, and to whom it revealed anything (a die rolled, the
// generator drawn from, a card turned, a hidden thing shown: RuleSet::reveals).
struct RewindEntry {
  std::string seat;  // a side id, or "gm"
  std::shared_ptr<const GameState> before;
  bool revealed_to_all = false;
  std::vector<std::string> revealed_to;  // seats that alone saw what it revealed
};

// What a take-back would do now for a seat (Game::take_back_plan).
struct TakeBackPlan {
  const RewindEntry* point = nullptr;  // null: refused, see `refusal`
  std::string consent_from;            // empty: at once; else the side (or "gm") asked to allow it
  pb::Rejection refusal;
};

struct StartOptions {
  StartOptions() = default;
  StartOptions(std::uint64_t seed_, bool table_dice_ = false) : seed(seed_), table_dice(table_dice_) {}

  std::uint64_t seed = 0;
  bool table_dice = false;  // dice are entered from the table with each command
  // Scheme "sandtable-dice/2" (engine/model/dice_mix.h) when set: the 32-byte secret (the seed
  // is then unused). The first roll waits for the entropy of the sides in entropy_from (AddEntropy)
  // or the GM's GmBegin; with none named the mix is sealed at once.
  std::string secret;
  std::vector<std::string> entropy_from;
  // A "what if" branch (engine/model/branch.h): the game goes on from this snapshot of another
  // game of the same rule set and sides instead of the opening. Needs a secret (scheme 2).
  std::optional<pb::GameSnapshot> branch_state;
  pb::BranchOf branch_of;
};

class Game {
 public:
  // Starts a game; on a bad scenario returns nullptr and sets *error (naming the field).
  static std::unique_ptr<Game> start(const RuleSet& rules, const pb::Scenario& scenario,
                                     const StartOptions& options, std::vector<pb::Event>* events,
                                     std::string* error);
  // Rebuilds a game from its full event log (first event GameStarted).
  static std::unique_ptr<Game> from_log(const Registry& registry, const std::vector<pb::Event>& log,
                                        std::string* error);
  // The same for a log known to be of `rules` (refused, in words, when it is another's).
  static std::unique_ptr<Game> from_log(const RuleSet& rules, const std::vector<pb::Event>& log, std::string* error);

  // Snapshots (game_save.cc): the whole state at seq(), and a game back from one. `game_started`
  // is the game's first event (its scenario is not in the snapshot). load refuses, with a
  // sentence, a snapshot of another rule set or rules version, of another game (seed, sides)
  // or with unreadable bytes; the caller then replays the log (from_log) instead. After
  // load(save()), views, menus, log lines, save() and the events of every command are the
  // original's; apply() the events after seq() to catch up with a log.
  pb::GameSnapshot save() const;
  static std::unique_ptr<Game> load(const Registry& registry, const pb::Event& game_started,
                                    const pb::GameSnapshot& snapshot, std::string* error);

  Game(const Game& other);
  Game& operator=(const Game&) = delete;

  // Validates and applies a command. `table` supplies the dice when the game takes dice from
  // the table (ignored otherwise). A refused command changes nothing, table dice included.
  Outcome execute(const pb::Command& command, TableDice* table = nullptr);
  // The game after `command`, leaving this one as it is (what a server commits while the order
  // is made durable): one copy of the state for an accepted order, none for most refusals (those
  // caught before the rules run). Null when refused; `out` says why, or holds the events.
  std::unique_ptr<Game> next(const pb::Command& command, Outcome& out, TableDice* table = nullptr) const;
  // Applies an already accepted event (replay, restart).
  void apply(const pb::Event& event);

  // What a viewer ("gm", "spectator" or a side id) may see.
  pb::View view(const std::string& viewer) const;
  // The key of the seats that see the same units and sides now (RuleSet::pieces_key, asked for
  // the viewer the seat sees as); empty when the seat's are its own.
  std::string pieces_key(const std::string& seat) const;
  // view() without the units and sides, for a seat whose pieces_key another seat's View has.
  pb::View view_without_pieces(const std::string& seat) const;
  // The key of the seats that see the same static table now (RuleSet::table_key, with what the
  // game itself adds per seat: terrain only its owner sees, the dice secret shown to the GM);
  // empty when the seat's is its own.
  std::string table_key(const std::string& seat) const;
  // view() without the static table (the fields of bytes_of's table: names, board, terrain,
  // options, briefing, dice), and without the units and sides unless `pieces`: for a seat whose
  // table_key another seat's View has, when it held the table that seat found unchanged.
  pb::View view_without_table(const std::string& seat, bool pieces) const;
  // The copy of an event a viewer may see, or nullopt if it is hidden from them. The copy
  // carries the viewer's log line in `text`.
  std::optional<pb::Event> event_for(const pb::Event& event, const std::string& viewer) const;
  // What a viewer's Delta carries of an event: its log line (seq, the viewer's text, the dice) or
  // nullopt when it is hidden from them. The typed body stays on the server: a client draws the
  // View and prints the lines, and the body (a rule set's Any, GameStarted's scenario) is most of
  // an event's bytes. The text is event_for's.
  std::optional<pb::Event> log_line_for(const pb::Event& event, const std::string& viewer) const;
  // What a seat may do now: answers to its decisions, else the rule set's menu when the game
  // waits on it; empty for the GM, spectators, a paused or ended game.
  pb::ActionMenu menu(const std::string& seat) const;
  std::vector<std::string> waiting_for() const;
  // A read-only preview for `seat` (docs/engine.md "Queries"): a measure, or what a menu pick
  // would do. A preview is first checked exactly as execute() checks it (game over, on the
  // seat's menu, the rule set's order_for) and answered ok=false with that refusal when it
  // would be refused there; decision answers are answered here, the rest by the rule set.
  // Changes nothing and rolls nothing.
  pb::QueryAnswer query(const std::string& seat, const pb::Query& q) const;

  // The points the table can go back to, oldest first (the last kRewindPoints accepted orders
  // since the game was started or loaded; a restart forgets them).
  const std::vector<RewindEntry>& rewind_points() const { return history_; }
  static constexpr std::size_t kRewindPoints = 6;
  // Whether `seat` may take back its last order now (take_back.cc). `look` also compares what
  // every side sees now with what it saw then (a hidden unit shown), which costs two Views a
  // side: done when the take-back is asked, not for the menu.
  TakeBackPlan take_back_plan(const std::string& seat, bool look) const;

  // The viewer whose View and log lines a seat is given: a spectator's are a side's, or the GM's
  // (the server then shows a game some turns back), as the room's setting says; others' their own.
  std::string seen_as(const std::string& viewer) const;
  // The turn the rule set says the game is in (RuleSet::turn_number): the spectators' delay counts it.
  int turn() const { return rules_.turn_number(*state_); }

  // Holds `same` as its scenario instead of its own copy when the two are the same scenario (equal
  // bytes), so the rooms of a server playing one scenario hold it once (server/scenario_shelf.h).
  // Nothing the game shows or does changes. False, and nothing changes, when they differ. Call it
  // on a game no other thread reads.
  bool share_scenario(std::shared_ptr<const pb::Scenario> same);

  const GameState& state() const { return *state_; }
  const RuleSet& rules() const { return rules_; }
  std::uint64_t seq() const { return state_->seq; }
  bool over() const { return state_->over; }

  // What no rule needs more than (hostile input is refused before any rule reads it).
  static constexpr std::size_t kMaxOrderBytes = 16 * 1024;
  static constexpr int kMaxPathPoints = 64;

 private:
  Game(const RuleSet& rules, std::unique_ptr<GameState> state);
  Game(const RuleSet& rules, std::unique_ptr<GameState> state, std::map<std::string, std::string> home_edges);
  // The state after `command` (a copy), or null with out.rejection set.
  std::unique_ptr<GameState> run(const pb::Command& command, TableDice* table, Outcome& out) const;
  pb::ActionMenu build_menu(const std::string& seat) const;
  pb::View view_of(const std::string& seat, bool pieces, bool table) const;
  void apply_to(GameState& state, const pb::Event& event) const;
  void handle_shared(Context& ctx, const pb::Command& command) const;
  void gm_edit(Context& ctx, const pb::GmEdit& edit) const;  // gm_edit.cc
  // take_back.cc: a seat's take-back, a consent's answer, the GM's rewind; the history after
  // an accepted command; the menu's offer and the GM's rewind points.
  void take_back(Context& ctx, const std::string& seat) const;
  void answer_take_back(Context& ctx, const pb::Decision& decision, const std::string& seat,
                        const std::string& choice) const;
  void rewind(Context& ctx, const pb::GmRewind& rewind, const std::string& reason) const;
  void emit_rewound(Context& ctx, const RewindEntry& point, const std::string& seat, const std::string& allowed_by,
                    const std::string& reason) const;
  std::vector<RewindEntry> history_after(const std::string& seat, const std::vector<pb::Event>& events) const;
  void offer_take_back(const std::string& seat, pb::ActionMenu& menu) const;
  // seating.cc: before the first roll of a scheme-2 game, the seats' entropy and the GM's begin;
  // the orders taken then; the mix sealed once nobody is awaited; the dice part of a View.
  void seating(Context& ctx, const pb::Command& command) const;
  static void seal(Context& ctx, const std::string& begun_by);
  void fill_dice_view(const std::string& viewer, pb::View& v) const;
  // rulings.cc: a seat's question to the GM, the GM's ruling, and the open ones in menus.
  void ask_ruling(Context& ctx, const std::string& seat, const pb::AskRuling& ask) const;
  void give_ruling(Context& ctx, const pb::GmRule& rule) const;
  void list_rulings(const std::string& seat, pb::ActionMenu& menu) const;
  // table_dice.cc: orders parked for the table's dice in a room (docs/engine.md "Table dice").
  TableDice entered_dice(const std::string& seat, const pb::EnterDice& enter) const;
  std::unique_ptr<GameState> park(const pb::Command& order, const DiceNeeded& needed, Outcome& out) const;
  std::unique_ptr<GameState> drop_parked(const pb::Rejection& why, Outcome& out) const;
  void enter_dice(Context& ctx, const std::string& seat, const pb::EnterDice& enter) const;
  bool may_enter_dice(const std::string& seat) const;
  void offer_dice(const std::string& seat, pb::ActionMenu& menu) const;
  // spectators.cc: the GM's change of what spectators see.
  void set_spectators(Context& ctx, const pb::GmEdit& edit) const;
  void list_rewind_points(pb::ActionMenu& menu) const;
  // The command a menu pick stands for; throws Rejected when it is not on the seat's menu.
  pb::Command from_menu(const std::string& seat, const pb::PlayAction& play) const;

  const RuleSet& rules_;
  // Shared with the next game's rewind points (Game::next keeps this state as the point before
  // its order instead of copying it); copied before it is changed in place while shared.
  std::shared_ptr<GameState> state_;
  std::vector<RewindEntry> history_;
  // Each side's home edge (SideView.home_edge), from the scenario as a spectator may read it, so
  // a hidden unit's place never moves a side's edge.
  std::map<std::string, std::string> home_edges_;
  // Menus worked out at this state (menu()), by seat: a seat's View and the check of its next
  // order both read one, and it is built once. Kept as their bytes, not the messages, which took
  // about five times the memory in every idle room; cleared whenever the state changes.
  mutable std::vector<std::pair<std::string, std::string>> menus_;
};

// The setting the scenario option `spectators` asks for ("live", "side:<id>", "delayed:<turns>"),
// or a sentence naming the option (spectators.cc).
std::optional<std::string> spectators_from_option(const std::string& value, const std::vector<std::string>& sides,
                                                  pb::SpectatorSetting& out);
// The rule set's check of a scenario (RuleSet::validate), the room's own options (`spectators`)
// checked here and left out of what the rule set is asked: the first problem, naming the field.
std::optional<std::string> validate_scenario(const RuleSet& rules, const pb::Scenario& scenario);
// What spectators see, in words: "the whole table, 2 turns late".
std::string spectators_words(const GameState& state, const pb::SpectatorSetting& s);

// A state as a snapshot (Game::save is this of its own state; a Rewound event carries one), and
// the shared part of one read back into a state (all but the scenario and the generator; the rule
// set's part is RuleSet::load_state's).
pb::GameSnapshot snapshot_of(const RuleSet& rules, const GameState& state);
void read_shared(const pb::GameSnapshot& snapshot, GameState& state);

// Hex SHA-256 of the seed's eight little-endian bytes: the commitment published at start.
std::string seed_commitment(std::uint64_t seed);
// The rule set's opening (RuleSet::start) with the dice the state now draws from: the table's
// when it rolls at the table, else its generator. Its events go on the end of `events`.
void begin_rules(const RuleSet& rules, GameState& state, std::vector<pb::Event>& events);
// The refusal of an order given before the first roll (seating.cc), naming whom it waits for.
pb::Rejection not_begun(const GameState& state);

}  // namespace sandtable
