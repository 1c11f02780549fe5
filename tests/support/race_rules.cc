#include "tests/support/race_rules.h"

#include <cstdlib>
#include <sstream>

#include "engine/model/game.h"
#include "engine/model/payload.h"
#include "engine/model/rejection.h"
#include "tests/support/race.pb.h"

namespace sandtable::testing {

namespace {

class RaceBot final : public Bot {
 public:
  std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32& rng) override {
    pb::Command c;
    c.set_seat(seat);
    const auto& st = game.state();
    if (!st.decisions.empty()) {
      const auto& d = st.decisions.front();
      c.mutable_answer()->set_decision_id(d.id());
      c.mutable_answer()->set_choice_id(d.choices(static_cast<int>(rng.below(2))).id());
      return c;
    }
    c.mutable_payload()->PackFrom(race::RaceRoll());
    return c;
  }
};

class RaceRules final : public RuleSet {
 public:
  std::string_view id() const override { return "race"; }
  std::string_view title() const override { return "Dice race (test)"; }
  // Nothing to place: a counter or a race has no units and no table, only its two sides.
  pb::ScenarioPalette palette() const override {
    pb::ScenarioPalette p;
    p.set_ruleset(std::string(id()));
    p.mutable_blank()->set_ruleset(std::string(id()));
    p.mutable_blank()->add_sides()->set_id("a");
    p.mutable_blank()->add_sides()->set_id("b");
    return p;
  }
  std::optional<std::string> validate(const pb::Scenario& s) const override {
    if (s.sides_size() != 2) return "sides: expected exactly two sides";
    return std::nullopt;
  }
  std::unique_ptr<GameState> initial(const pb::Scenario&) const override { return std::make_unique<RaceState>(); }
  void start(Context&) const override {}
  void handle(Context& ctx, const pb::Command& command) const override {
    const auto& st = static_cast<const RaceState&>(ctx.state());
    if (command.seat() != st.sides[static_cast<std::size_t>(st.active)]) {
      reject("NOT_YOUR_TURN", "RACE-1", "It is " + st.sides[static_cast<std::size_t>(st.active)] + "'s turn.");
    }
    if (!carries<race::RaceRoll>(command)) reject("UNKNOWN_ORDER", "RACE-1", "Only rolling is allowed.");
    const int me = st.active;  // `st` aliases the scratch state, which emit() changes
    const int roll = ctx.roll(pb::DIE_KIND_D6, "race");
    race::RaceEvent e;
    e.mutable_rolled()->set_side(command.seat());
    e.mutable_rolled()->set_roll(roll);
    ctx.emit(event_of(e));
    const auto& after = static_cast<const RaceState&>(ctx.state());
    if (after.score[me] >= 15) {
      ctx.end_game(command.seat(), "reached 15");
      return;
    }
    if (roll == 6) {
      pb::Decision d;
      d.set_seat(st.sides[static_cast<std::size_t>(1 - me)]);
      d.set_rule_id("RACE-2");
      d.set_kind("RACE_PROTEST");
      d.set_prompt("Your opponent rolled a six. Accept it or protest?");
      auto* a = d.add_choices();
      a->set_id("accept");
      a->set_label("Accept");
      auto* p = d.add_choices();
      p->set_id("protest");
      p->set_label("Protest");
      ctx.ask(d);
    }
  }
  void answer(Context& ctx, const pb::Decision&, const std::string& choice) const override {
    if (choice == "protest") {
      race::RaceEvent body;
      body.mutable_protested();
      pb::Event e = event_of(body);
      e.add_visible_to(ctx.state().sides[0]);
      ctx.emit(e);
    }
  }
  void apply(GameState& state, const pb::Event& event) const override {
    auto& st = static_cast<RaceState&>(state);
    const auto e = payload_of<race::RaceEvent>(event);
    if (e.has_rolled()) {
      const int who = e.rolled().side() == st.sides[0] ? 0 : 1;
      st.score[who] += e.rolled().roll();
      st.active = 1 - who;
    }
    if (e.has_protested()) ++st.protests;
  }
  void fill_view(const GameState& state, const std::string&, pb::View& view) const override {
    const auto& st = static_cast<const RaceState&>(state);
    for (int i = 0; i < 2; ++i) {
      auto* s = view.add_sides();
      s->set_id(st.sides[static_cast<std::size_t>(i)]);
      s->set_strength(st.score[i]);
    }
    view.mutable_turn()->set_active_side(st.sides[static_cast<std::size_t>(st.active)]);
  }
  std::vector<std::string> waiting_for(const GameState& state) const override {
    const auto& st = static_cast<const RaceState&>(state);
    return {st.sides[static_cast<std::size_t>(st.active)]};
  }
  std::unique_ptr<Bot> make_bot() const override { return std::make_unique<RaceBot>(); }
  std::string_view version() const override { return "race-1"; }
  // One action: roll. Its order is the only order the race knows.
  void actions(const GameState&, const std::string&, pb::ActionMenu& menu) const override {
    auto* a = menu.add_actions();
    a->set_id("roll");
    a->set_kind("end");
    a->set_label("Roll the die");
    a->set_rule_id("RACE-1");
  }
  pb::Command order_for(const GameState&, const std::string& seat, const pb::Action&, const pb::PlayAction&) const override {
    return order_of(seat, race::RaceRoll());
  }
  // Measures between squares of its board (it has no units, terrain or hidden things: every
  // line is clear); previews its one order: the roll of one die.
  pb::QueryAnswer query(const GameState& state, const std::string& seat, const pb::Query& q) const override {
    pb::QueryAnswer a;
    auto refuse = [&](const char* code, const std::string& message) {
      a.set_ok(false);
      a.mutable_refusal()->set_code(code);
      a.mutable_refusal()->set_rule_id("RACE-1");
      a.mutable_refusal()->set_message(message);
      a.set_text(message);
      return a;
    };
    if (q.has_measure()) {
      const pb::Place* places[2] = {&q.measure().from(), &q.measure().to()};
      for (const pb::Place* p : places) {
        if (!p->unit_id().empty()) return refuse("RACE_NO_UNITS", "There is no unit '" + p->unit_id() + "' in a dice race.");
        const auto& g = state.scenario->grid();
        if (!p->has_square() || p->square().col() < 0 || p->square().row() < 0 || p->square().col() >= g.cols() ||
            p->square().row() >= g.rows()) {
          return refuse("RACE_NOT_A_SQUARE", "Measure between squares of the race's board.");
        }
      }
      const int d = std::abs(places[0]->square().col() - places[1]->square().col()) +
                    std::abs(places[0]->square().row() - places[1]->square().row());
      a.set_ok(true);
      a.set_distance(d);
      a.set_line_of_sight(true);
      a.set_text(std::to_string(d) + " squares, in sight");
      return a;
    }
    // Game has checked the pick is on the menu; the race's handler accepts the active seat only.
    const auto& st = static_cast<const RaceState&>(state);
    if (seat != st.sides[static_cast<std::size_t>(st.active)]) {
      return refuse("NOT_YOUR_TURN", "It is " + st.sides[static_cast<std::size_t>(st.active)] + "'s turn.");
    }
    a.set_ok(true);
    a.set_text("Roll one die and add it to your score.");
    auto* dice = a.add_dice();
    dice->set_label("race");
    dice->set_kind(pb::DIE_KIND_D6);
    dice->set_count(1);
    return a;
  }
  std::string describe(const GameState&, const pb::Event& event, const std::string&) const override {
    const auto e = payload_of<race::RaceEvent>(event);
    if (e.has_rolled()) return e.rolled().side() + " rolls " + std::to_string(e.rolled().roll()) + ".";
    return "A protest is lodged.";
  }

  // Snapshots: the race's three numbers as text, "race1 <score red> <score blue> <active> <protests>".
  std::string save_state(const GameState& state) const override {
    const auto& st = static_cast<const RaceState&>(state);
    return "race1 " + std::to_string(st.score[0]) + " " + std::to_string(st.score[1]) + " " +
           std::to_string(st.active) + " " + std::to_string(st.protests);
  }
  std::unique_ptr<GameState> load_state(const pb::Scenario&, const std::string& bytes,
                                        std::string* error) const override {
    std::istringstream in(bytes);
    std::string tag;
    auto st = std::make_unique<RaceState>();
    in >> tag >> st->score[0] >> st->score[1] >> st->active >> st->protests;
    std::string rest;
    if (tag != "race1" || in.fail() || (in >> rest) || st->score[0] < 0 || st->score[1] < 0 ||
        (st->active != 0 && st->active != 1) || st->protests < 0) {
      if (error) *error = "the race state is not 'race1 <score> <score> <active 0|1> <protests>'";
      return nullptr;
    }
    return st;
  }
};

}  // namespace

std::unique_ptr<RuleSet> make_race_rules() { return std::make_unique<RaceRules>(); }

pb::Scenario race_scenario() {
  pb::Scenario s;
  s.set_id("race");
  s.set_name("Dice race");
  s.set_ruleset("race");
  s.mutable_grid()->set_cols(1);
  s.mutable_grid()->set_rows(1);
  s.add_sides()->set_id("red");
  s.add_sides()->set_id("blue");
  return s;
}

}  // namespace sandtable::testing
