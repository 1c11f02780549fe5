#include "engine/model/game.h"

#include <algorithm>

#include "engine/model/briefing.h"
#include "engine/model/game_words.h"
#include "engine/model/markers.h"
#include "engine/model/menu_pick.h"
#include "engine/model/registry.h"
#include "engine/model/rejection.h"

namespace sandtable {

namespace {

constexpr const char* kGm = "gm";

bool listed(const google::protobuf::RepeatedPtrField<std::string>& seats, const std::string& viewer) {
  return std::find(seats.begin(), seats.end(), viewer) != seats.end();
}

}  // namespace

Game::Game(const RuleSet& rules, std::unique_ptr<GameState> state) : rules_(rules), state_(std::move(state)) {
  pb::Scenario seen = *state_->scenario;
  rules_.redact_scenario(seen, "spectator");
  for (const auto& side : seen.sides()) home_edges_[side.id()] = home_edge(seen, side.id());
}

Game::Game(const RuleSet& rules, std::unique_ptr<GameState> state, std::map<std::string, std::string> home_edges)
    : rules_(rules), state_(std::move(state)), home_edges_(std::move(home_edges)) {}

Game::Game(const Game& other)
    : rules_(other.rules_), state_(other.state_->clone()), history_(other.history_), home_edges_(other.home_edges_) {}

void Game::apply_to(GameState& state, const pb::Event& event) const { apply_event(rules_, state, event); }

void Game::apply(const pb::Event& event) {
  menus_.clear();
  if (state_.use_count() > 1) state_ = state_->clone();  // a later game keeps this one as a rewind point
  apply_to(*state_, event);
  if (event.has_rewound()) history_.clear();  // replayed: the points it went back past are gone
}

bool Game::share_scenario(std::shared_ptr<const pb::Scenario> same) {
  if (!same) return false;
  if (same == state_->scenario) return true;
  if (same->SerializeAsString() != state_->scenario->SerializeAsString()) return false;
  if (state_.use_count() > 1) state_ = state_->clone();  // a later game keeps this one as a rewind point
  state_->scenario = std::move(same);
  return true;
}

Outcome Game::execute(const pb::Command& command, TableDice* table) {
  Outcome out;
  auto next = run(command, table, out);
  if (next) {
    auto history = history_after(command.seat(), out.events);
    state_ = std::move(next);
    history_ = std::move(history);
    menus_.clear();
  }
  return out;
}

std::unique_ptr<Game> Game::next(const pb::Command& command, Outcome& out, TableDice* table) const {
  auto state = run(command, table, out);
  if (!state) return nullptr;
  std::unique_ptr<Game> game(new Game(rules_, std::move(state), home_edges_));
  game->history_ = history_after(command.seat(), out.events);
  return game;
}

std::unique_ptr<GameState> Game::run(const pb::Command& command, TableDice* table, Outcome& out) const {
  out = Outcome{};
  // The GM's reveal is the one order a finished game takes.
  if (state_->over && !(command.has_gm() && command.gm().has_reveal())) {
    out.rejection.set_code("GAME_OVER");
    out.rejection.set_rule_id("GEN");
    out.rejection.set_message("The game is over: " + state_->end_reason);
    return nullptr;
  }
  // Bounds no rule needs more than, so a hostile order cannot make the engine walk thousands of
  // waypoints (docs/protocol.md "Orders").
  if (command.ByteSizeLong() > kMaxOrderBytes) {
    out.rejection.set_code("ORDER_TOO_LARGE");
    out.rejection.set_rule_id("GEN");
    out.rejection.set_message("An order holds at most " + std::to_string(kMaxOrderBytes) + " bytes; this one is " +
                              std::to_string(command.ByteSizeLong()) + ".");
    return nullptr;
  }
  pb::Command from_play;
  if (command.has_play() && !state_->dice_sealed) {
    out.rejection = not_begun(*state_);
    return nullptr;
  }
  if (command.has_play()) {
    // Checked against the menu before anything is copied: most refusals cost no state copy.
    try {
      from_play = from_menu(command.seat(), command.play());
    } catch (const Rejected& r) {
      out.rejection = r.rejection();
      return nullptr;
    }
  }
  const pb::Command& order = command.has_play() ? from_play : command;
  // A table-dice room hands in no dice with the order: one that needs them waits for the table,
  // and EnterDice brings them (docs/engine.md "Table dice"). A caller that hands dice in (the CLI,
  // tests) gets TABLE_DICE_NEEDED instead.
  const bool prompted = state_->table_dice && !table;
  TableDice table_copy = table ? *table : TableDice{};
  if (prompted && order.has_enter_dice()) {
    try {
      table_copy = entered_dice(order.seat(), order.enter_dice());  // table_dice.cc
    } catch (const Rejected& r) {
      out.rejection = r.rejection();
      return nullptr;
    }
  }
  auto scratch = state_->clone();
  RngDice rng_dice(scratch->rng);
  TableDice none;  // before the dice are sealed nothing rolls
  DiceSource& dice = !state_->dice_sealed ? static_cast<DiceSource&>(none)
                     : state_->table_dice ? static_cast<DiceSource&>(table_copy)
                                          : rng_dice;
  Context ctx(rules_, *scratch, dice);
  try {
    if (state_->dice_sealed) {
      handle_shared(ctx, order);
    } else {
      seating(ctx, order);  // seating.cc
      if (scratch->dice_sealed && !scratch->over) begin_rules(rules_, *scratch, ctx.events());
    }
  } catch (const DiceNeeded& d) {
    if (!prompted || order.has_gm()) {
      out.rejection = d.rejection();
      return nullptr;
    }
    return park(order, d, out);  // the order (or the one waiting) waits for more of the table's dice
  } catch (const Rejected& r) {
    // The dice came but the order waiting for them no longer stands: it is dropped.
    if (prompted && order.has_enter_dice()) return drop_parked(r.rejection(), out);
    out.rejection = r.rejection();
    return nullptr;
  } catch (const std::exception& e) {
    // A rule-set bug must not corrupt the game or take the server down: refuse and keep state.
    out.rejection.set_code("INTERNAL_ERROR");
    out.rejection.set_rule_id("GEN");
    out.rejection.set_message(std::string("The server could not carry out this order (") + e.what() + "); nothing changed.");
    return nullptr;
  }
  if (table && state_->table_dice) *table = table_copy;
  out.accepted = true;
  out.events = std::move(ctx.events());
  return scratch;
}

void Game::handle_shared(Context& ctx, const pb::Command& command) const {
  const GameState& st = ctx.state();
  const std::string& seat = command.seat();
  if (seat != kGm && !st.is_side(seat)) {
    reject("UNKNOWN_SEAT", "GEN", "There is no seat called '" + seat + "' in this game.");
  }
  if (st.dice_request && (command.has_answer() || command.has_play() || command.has_payload())) {
    const auto& r = *st.dice_request;
    reject("DICE_PENDING", "GEN",
           "Waiting for the table's dice for " + side_name(st, r.seat()) + "'s order (" + r.label() + ").");
  }
  switch (command.body_case()) {
    case pb::Command::kEnterDice: {
      enter_dice(ctx, seat, command.enter_dice());  // table_dice.cc
      return;
    }
    case pb::Command::kAnswer: {
      const pb::Decision* d = st.decision(command.answer().decision_id());
      if (!d) reject("NO_SUCH_DECISION", "GEN", "That question has already been answered or never was asked.");
      if (d->seat() != seat && seat != kGm) {
        reject("NOT_YOUR_DECISION", d->rule_id(), "This choice belongs to " + side_name(st, d->seat()) + ", not to you.");
      }
      const auto& choices = d->choices();
      const auto chosen = std::find_if(choices.begin(), choices.end(),
                                       [&](const pb::Choice& c) { return c.id() == command.answer().choice_id(); });
      if (chosen == choices.end()) {
        reject("NOT_A_CHOICE", d->rule_id(), "'" + command.answer().choice_id() + "' is not one of the choices offered.");
      }
      const pb::Decision decision = *d;
      pb::Event e;
      auto* a = e.mutable_decision_answered();
      a->set_decision_id(decision.id());
      a->set_seat(seat);
      a->set_choice_id(command.answer().choice_id());
      a->set_choice_label(chosen->label());
      ctx.emit(std::move(e));
      if (decision.kind() == "TAKE_BACK") return answer_take_back(ctx, decision, seat, command.answer().choice_id());
      rules_.answer(ctx, decision, command.answer().choice_id());
      return;
    }
    case pb::Command::kTakeBack: {
      take_back(ctx, seat);
      return;
    }
    case pb::Command::kAddEntropy:
      reject("DICE_ALREADY_SEALED", "GEN",
             "The dice mix was sealed before the first roll; randomness can be added only until then.");
    case pb::Command::kAskRuling: {
      ask_ruling(ctx, seat, command.ask_ruling());  // rulings.cc: asked at any time, paused too
      return;
    }
    case pb::Command::kGm: {
      if (seat != kGm) reject("GM_ONLY", "GEN", "Only the game master can do that.");
      const auto& gm = command.gm();
      pb::Event e;
      if (gm.has_pause()) {
        if (st.paused) reject("ALREADY_PAUSED", "GEN", "The game is already paused.");
        e.mutable_game_paused()->set_reason(gm.pause().reason());
        ctx.emit(std::move(e));
      } else if (gm.has_resume()) {
        if (!st.paused) reject("NOT_PAUSED", "GEN", "The game is not paused.");
        e.mutable_game_resumed();
        ctx.emit(std::move(e));
      } else if (gm.has_end_game()) {
        if (!gm.end_game().winner().empty() && !st.is_side(gm.end_game().winner())) {
          reject("UNKNOWN_SIDE", "GEN", "There is no side called '" + gm.end_game().winner() + "'.");
        }
        ctx.end_game(gm.end_game().winner(),
                     gm.end_game().reason().empty() ? "ended by the game master" : gm.end_game().reason());
      } else if (gm.has_edit()) {
        gm_edit(ctx, gm.edit());
      } else if (gm.has_rule()) {
        give_ruling(ctx, gm.rule());  // rulings.cc
      } else if (gm.has_begin()) {
        reject("ALREADY_BEGUN", "GEN", "The dice are already sealed: the game has begun.");
      } else if (gm.has_show_secret()) {
        if (st.dice_scheme.empty()) {
          reject("NO_SECRET", "GEN", "This game's dice come from a seed revealed at the end; there is no secret to show.");
        }
        if (st.secret_shown) reject("SECRET_ALREADY_SHOWN", "GEN", "The dice secret is already in your view.");
        e.mutable_secret_shown();
        ctx.emit(std::move(e));
      } else if (gm.has_reveal()) {
        if (!st.over) reject("GAME_NOT_OVER", "GEN", "The whole game can be shown to everyone only once it is over.");
        if (st.revealed) reject("ALREADY_REVEALED", "GEN", "The whole game is already shown to everyone.");
        e.mutable_game_revealed();
        ctx.emit(std::move(e));
      } else {
        reject("EMPTY_COMMAND", "GEN", "The game master's command is empty.");
      }
      return;
    }
    case pb::Command::BODY_NOT_SET:
      reject("EMPTY_COMMAND", "GEN", "The order is empty.");
    default:
      break;
  }
  if (st.paused) {
    reject("GAME_PAUSED", "GEN", "The game master has paused the game" +
                                     (st.pause_reason.empty() ? std::string(".") : ": " + st.pause_reason + "."));
  }
  if (!st.decisions.empty()) {
    const pb::Decision d = st.decisions.front();
    // An order drawn on the table may answer it (RuleSet::order_answers, e.g. a drawn flee).
    const std::string choice = d.seat() == seat ? rules_.order_answers(st, d, command) : std::string();
    if (choice.empty()) reject("DECISION_PENDING", d.rule_id(), "Waiting for " + d.seat() + " to decide: " + d.prompt());
    pb::Event e;
    auto* a = e.mutable_decision_answered();
    a->set_decision_id(d.id());
    a->set_seat(seat);
    a->set_choice_id(choice);
    for (const auto& c : d.choices()) {
      if (c.id() == choice) a->set_choice_label(c.label());
    }
    ctx.emit(std::move(e));
    rules_.handle(ctx, command);
    return;
  }
  if (seat == kGm) reject("GM_CANNOT_ORDER", "GEN", "The game master referees; orders come from the sides.");
  rules_.handle(ctx, command);
}

pb::View Game::view(const std::string& seat) const { return view_of(seat, true, true); }

pb::View Game::view_without_pieces(const std::string& seat) const { return view_of(seat, false, true); }

pb::View Game::view_without_table(const std::string& seat, bool pieces) const { return view_of(seat, pieces, false); }

std::string Game::pieces_key(const std::string& seat) const { return rules_.pieces_key(*state_, seen_as(seat)); }

std::string Game::table_key(const std::string& seat) const {
  const GameState& st = *state_;
  const std::string viewer = seen_as(seat);
  std::string key = rules_.table_key(st, viewer);
  if (key.empty()) return key;
  // view_of's own per-seat parts of the table: the scenario's terrain that only its owner (and
  // the GM) sees, and the dice secret, shown to the GM's own seat (fill_dice_view).
  const auto& terrain = st.scenario->terrain();
  if (std::any_of(terrain.begin(), terrain.end(), [](const auto& t) { return !t.owner().empty(); })) key += "\n" + viewer;
  if (seat == kGm && st.secret_shown) key += "\ngm";
  return key;
}

pb::View Game::view_of(const std::string& seat, bool pieces, bool table) const {
  const GameState& st = *state_;
  const std::string viewer = seen_as(seat);  // a spectator sees as the room's setting says
  pb::View v;
  v.set_viewer(seat);
  v.set_seq(st.seq);
  if (table) {
    v.set_ruleset(std::string(rules_.id()));
    v.set_ruleset_title(std::string(rules_.title()));  // a rule set's fill_view may name its variant
    v.set_scenario_id(st.scenario->id());
    v.set_scenario_name(st.scenario->name());
    if (st.scenario->has_grid()) *v.mutable_grid() = st.scenario->grid();
    if (st.scenario->has_table()) *v.mutable_table() = st.scenario->table();
    for (const auto& t : st.scenario->terrain()) {
      if (t.owner().empty() || viewer == kGm || t.owner() == viewer) *v.add_terrain() = t;
    }
  }
  for (const auto& d : st.decisions) {
    if (viewer == kGm || d.seat() == viewer) *v.add_decisions() = d;
  }
  v.mutable_result()->set_over(st.over);
  v.mutable_result()->set_winner(st.winner);
  v.mutable_result()->set_reason(st.end_reason);
  v.mutable_result()->set_revealed(st.revealed);
  v.set_paused(st.paused);
  if (table) {
    v.set_seed_hash(st.seed_hash);
    v.set_table_dice(st.table_dice);
    fill_dice_view(seat, v);
    *v.mutable_options() = st.scenario->options();
    fill_briefing(*st.scenario, *v.mutable_briefing());
  }
  if (!table) {
    rules_.fill_view_without_table(st, viewer, pieces, v);
  } else if (pieces) {
    rules_.fill_view(st, viewer, v);
  } else {
    rules_.fill_view_without_pieces(st, viewer, v);
  }
  for (auto& side : *v.mutable_sides()) {
    if (st.bot_plays(side.id())) add_marker(side, "bot", "Played by the computer");
    if (std::find(st.dice_trusted.begin(), st.dice_trusted.end(), side.id()) != st.dice_trusted.end()) {
      add_marker(side, "own_dice", "Enters its own dice");
    }
    if (auto it = home_edges_.find(side.id()); it != home_edges_.end()) side.set_home_edge(it->second);
  }
  if (!st.dice_sealed) {
    // The rules have not begun: their phase and tasks are not yet the table's.
    auto* t = v.mutable_turn();
    t->set_phase("before the first roll");
    t->clear_active_side();
    t->clear_active_unit();
    t->clear_task();
  }
  for (const auto& w : waiting_for()) v.mutable_turn()->add_waiting_for(w);
  *v.mutable_menu() = menu(seat);
  if (table) *v.mutable_spectators() = st.spectators;
  return v;
}

std::optional<pb::Event> Game::event_for(const pb::Event& event, const std::string& seat) const {
  const std::string viewer = seen_as(seat);
  if (!event.visible_to().empty() && viewer != kGm && !listed(event.visible_to(), viewer)) return std::nullopt;
  pb::Event copy = event;
  if (copy.has_game_started()) {
    auto* s = copy.mutable_game_started();
    s->clear_seed();  // the commitment is public, the seed is revealed only by GameEnded
    s->clear_secret();
    if (viewer != kGm) {
      auto* terrain = s->mutable_scenario()->mutable_terrain();
      for (int i = terrain->size() - 1; i >= 0; --i) {
        if (!terrain->Get(i).owner().empty() && terrain->Get(i).owner() != viewer) terrain->DeleteSubrange(i, 1);
      }
      rules_.redact_scenario(*s->mutable_scenario(), viewer);
    }
  }
  if (copy.has_rewound()) copy.mutable_rewound()->clear_state();
  if (copy.has_game_started()) copy.mutable_game_started()->clear_start_state();  // every hidden thing, as a Rewound's
  if (copy.has_dice_asked()) copy.mutable_dice_asked()->clear_order();  // server-side: the order's words are its events  // it shows every hidden thing and the generator
  if (copy.has_gm_edited()) {
    copy.set_text(gm_edit_line(rules_, *state_, copy.gm_edited().edit(), viewer));
    return copy;
  }
  if (copy.has_ruling_asked() && viewer != kGm && viewer != copy.ruling_asked().ruling().seat()) {
    auto* r = copy.mutable_ruling_asked()->mutable_ruling();  // the asker's words are its own and the GM's
    r->clear_about();
    r->clear_text();
    r->clear_rule_id();
  }
  auto shared = shared_event_text(*state_, copy, viewer);
  copy.set_text(shared ? *shared : rules_.describe(*state_, copy, viewer));
  return copy;
}

std::optional<pb::Event> Game::log_line_for(const pb::Event& event, const std::string& seat) const {
  const std::string viewer = seen_as(seat);
  if (!event.visible_to().empty() && viewer != kGm && !listed(event.visible_to(), viewer)) return std::nullopt;
  pb::Event line;
  line.set_seq(event.seq());
  *line.mutable_dice() = event.dice();
  if (event.has_game_started() || event.has_gm_edited()) {
    // Rare, and their words depend on what the viewer's copy redacts.
    line.set_text(event_for(event, viewer)->text());
    return line;
  }
  auto shared = shared_event_text(*state_, event, viewer);
  line.set_text(shared ? *shared : rules_.describe(*state_, event, viewer));
  if (line.text().empty()) return std::nullopt;  // the viewer reads a fuller copy of it (RuleSet::describe)
  return line;
}

pb::ActionMenu Game::menu(const std::string& seat) const {
  pb::ActionMenu m;
  for (const auto& [cached, bytes] : menus_) {
    if (cached == seat && m.ParseFromString(bytes)) return m;
  }
  m = build_menu(seat);
  if (std::none_of(menus_.begin(), menus_.end(), [&](const auto& c) { return c.first == seat; })) {
    menus_.emplace_back(seat, m.SerializeAsString());
  }
  return m;
}

pb::ActionMenu Game::build_menu(const std::string& seat) const {
  pb::ActionMenu m;
  const GameState& st = *state_;
  const auto add_answer = [&m](const pb::Decision& d) {
    auto* a = m.add_actions();
    a->set_id("answer-" + std::to_string(d.id()));
    a->set_kind("answer");
    a->set_label(d.prompt());
    a->set_unit_id(d.unit_id());
    a->set_rule_id(d.rule_id());
    a->set_decision_id(d.id());
    for (const auto& c : d.choices()) {
      auto* t = a->add_targets();
      t->set_id(c.id());
      t->set_label(c.label());
      if (c.has_square()) *t->mutable_square() = c.square();
    }
  };
  if (!st.dice_sealed) return m;  // before the first roll only AddEntropy and the GM's begin
  if (seat == kGm && !st.over) {
    list_rewind_points(m);
    for (auto& phase : rules_.gm_phases(st)) m.add_gm_phases(std::move(phase));
    m.set_gm_figures(rules_.gm_edits_figures());
    // Questions put to the GM itself (a take-back when more than one seat, or the GM's own edit,
    // came after the order): answered from its menu like a side's.
    for (const auto& d : st.decisions) {
      if (d.seat() == kGm) add_answer(d);
    }
  }
  list_rulings(seat, m);
  offer_dice(seat, m);
  if (st.over || st.paused || !st.is_side(seat)) return m;
  offer_take_back(seat, m);
  if (st.dice_request) return m;  // nothing else until the table's dice come
  bool answering = false;
  for (const auto& d : st.decisions) {
    if (d.seat() != seat) continue;
    answering = true;
    add_answer(d);
    rules_.decision_actions(st, d, m);  // answers drawn on the table (e.g. a flee's way)
  }
  if (answering || !st.decisions.empty()) return m;
  const auto waiting = rules_.waiting_for(st);
  if (std::find(waiting.begin(), waiting.end(), seat) == waiting.end()) return m;
  rules_.actions(st, seat, m);
  return m;
}

pb::Command Game::from_menu(const std::string& seat, const pb::PlayAction& play) const {
  if (play.path_size() > kMaxPathPoints) {
    reject("PATH_TOO_LONG", "GEN", "A drawn path has at most " + std::to_string(kMaxPathPoints) + " points.");
  }
  const pb::ActionMenu m = menu(seat);
  const pb::Action* action = &on_menu(m, play);
  for (const auto& part : play.also()) {
    if (!part.also().empty()) reject("NOT_ON_MENU", "GEN", "An order's parts cannot have parts of their own.");
    if (part.path_size() > kMaxPathPoints) {
      reject("PATH_TOO_LONG", "GEN", "A drawn path has at most " + std::to_string(kMaxPathPoints) + " points.");
    }
    on_menu(m, part);
  }
  pb::Command c;
  if (action->kind() == "answer") {
    c.mutable_answer()->set_decision_id(action->decision_id());
    c.mutable_answer()->set_choice_id(play.target());
  } else {
    c = rules_.order_for(*state_, seat, *action, play);
  }
  c.set_seat(seat);
  return c;
}

pb::QueryAnswer Game::query(const std::string& seat, const pb::Query& q) const {
  const GameState& st = *state_;
  pb::QueryAnswer a;
  auto refused = [&](const pb::Rejection& r) {
    a.set_ok(false);
    *a.mutable_refusal() = r;
    a.set_text(r.message());
    return a;
  };
  auto refused_with = [&](const char* code, const char* rule, const std::string& message) {
    pb::Rejection r;
    r.set_code(code);
    r.set_rule_id(rule);
    r.set_message(message);
    return refused(r);
  };
  switch (q.body_case()) {
    case pb::Query::kMeasure:
      if (seat != kGm && seat != "spectator" && !st.is_side(seat)) {
        return refused_with("UNKNOWN_SEAT", "GEN", "There is no seat called '" + seat + "' in this game.");
      }
      // A spectator measures as it sees, except a delayed one: the live table must not answer
      // with the GM's knowledge, so it measures what no side hides.
      return rules_.query(st, st.spectators.mode() == pb::SPECTATORS_DELAYED ? seat : seen_as(seat), q);
    case pb::Query::kPreview: {
      // The same first checks as execute(): the game is not over and the pick is on the menu.
      if (st.over) return refused_with("GAME_OVER", "GEN", "The game is over: " + st.end_reason);
      pb::Command order;
      try {
        order = from_menu(seat, q.preview());
      } catch (const Rejected& r) {
        // A route refused: the rule set refuses it alike, with the squares it would walk.
        if (q.preview().route_size() > 0) return rules_.query(st, seat, q);
        return refused(r.rejection());
      }
      if (order.has_answer()) {
        // A decision's answer: on the menu with one of its choices, so it is accepted.
        a.set_ok(true);
        if (const pb::Decision* d = st.decision(order.answer().decision_id())) {
          for (const auto& c : d->choices()) {
            if (c.id() == order.answer().choice_id()) a.set_text("Answer to \"" + d->prompt() + "\": " + c.label() + ".");
          }
        }
        return a;
      }
      return rules_.query(st, seat, q);
    }
    case pb::Query::BODY_NOT_SET:
      break;
  }
  return refused_with("EMPTY_QUERY", "GEN", "The query asks nothing: measure between two places or preview a menu pick.");
}

std::vector<std::string> Game::waiting_for() const {
  const GameState& st = *state_;
  if (st.over) return {};
  if (!st.dice_sealed) return st.entropy_awaited();
  if (st.paused) return {kGm};
  if (st.dice_request) {
    const std::string& s = st.dice_request->seat();
    return {std::find(st.dice_trusted.begin(), st.dice_trusted.end(), s) != st.dice_trusted.end() ? s : std::string(kGm)};
  }
  if (!st.decisions.empty()) {
    std::vector<std::string> seats;
    for (const auto& d : st.decisions) {
      if (std::find(seats.begin(), seats.end(), d.seat()) == seats.end()) seats.push_back(d.seat());
    }
    return seats;
  }
  return rules_.waiting_for(st);
}

}  // namespace sandtable
