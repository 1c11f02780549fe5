#include "tests/support/race_rules.h"

#include <sstream>

#include "engine/model/game.h"
#include "engine/model/rejection.h"

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
    c.mutable_pw()->mutable_end_side();
    return c;
  }
};

class RaceRules final : public RuleSet {
 public:
  std::string_view id() const override { return "race"; }
  std::string_view title() const override { return "Dice race (test)"; }
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
    if (!command.has_pw() || !command.pw().has_end_side()) reject("UNKNOWN_ORDER", "RACE-1", "Only rolling is allowed.");
    const int me = st.active;  // `st` aliases the scratch state, which emit() changes
    const int roll = ctx.roll(pb::DIE_KIND_D6, "race");
    pb::Event e;
    auto* f = e.mutable_pw()->mutable_unit_fired();
    f->set_unit_id(command.seat());
    f->add_rolls(roll);
    ctx.emit(e);
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
      pb::Event e;
      e.mutable_pw()->mutable_side_finished()->set_side("protest");
      e.add_visible_to(ctx.state().sides[0]);
      ctx.emit(e);
    }
  }
  void apply(GameState& state, const pb::Event& event) const override {
    auto& st = static_cast<RaceState&>(state);
    if (event.has_pw() && event.pw().has_unit_fired()) {
      const int who = event.pw().unit_fired().unit_id() == st.sides[0] ? 0 : 1;
      st.score[who] += event.pw().unit_fired().rolls(0);
      st.active = 1 - who;
    }
    if (event.has_pw() && event.pw().has_side_finished()) ++st.protests;
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
    pb::Command c;
    c.set_seat(seat);
    c.mutable_pw()->mutable_end_side();
    return c;
  }
  std::string describe(const GameState&, const pb::Event& event, const std::string&) const override {
    if (event.has_pw() && event.pw().has_unit_fired()) {
      return event.pw().unit_fired().unit_id() + " rolls " + std::to_string(event.pw().unit_fired().rolls(0)) + ".";
    }
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
