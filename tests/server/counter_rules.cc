#include "tests/server/counter_rules.h"

#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "engine/model/game.h"
#include "engine/model/rejection.h"

namespace sandtable::testing {

namespace {

struct CounterState : StateBase<CounterState> {
  std::vector<int> totals;  // by side index
  int target = 20;
  int fault_at = 0;         // a test's fault: the View cannot be drawn once a total reaches it
  std::string last_seat;    // who answered last (their die is in the next event)
};

int side_index(const GameState& st, const std::string& seat) {
  for (std::size_t i = 0; i < st.sides.size(); ++i) {
    if (st.sides[i] == seat) return static_cast<int>(i);
  }
  return -1;
}

class CounterBot : public Bot {
 public:
  std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32&) override {
    for (const auto& d : game.state().decisions) {
      if (d.seat() != seat) continue;
      pb::Command c;
      c.set_seat(seat);
      c.mutable_answer()->set_decision_id(d.id());
      c.mutable_answer()->set_choice_id(d.choices(0).id());
      return c;
    }
    return std::nullopt;
  }
};

class CounterRules : public RuleSet {
 public:
  std::string_view id() const override { return "counter-test"; }
  std::string_view title() const override { return "Counter (test rule set)"; }

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
    if (s.sides_size() != 2) return "sides: the counter game needs exactly two sides";
    for (const auto& o : s.options()) {
      if (o.key() != "target" && o.key() != "fault_at") continue;
      try {
        if (std::stoi(o.value()) < 1) return "options.target: must be at least 1";
      } catch (const std::exception&) {
        return "options.target: not a number";
      }
    }
    return std::nullopt;
  }

  std::unique_ptr<GameState> initial(const pb::Scenario& s) const override {
    auto st = std::make_unique<CounterState>();
    st->totals.assign(2, 0);
    for (const auto& o : s.options()) {
      if (o.key() == "target") st->target = std::stoi(o.value());
      if (o.key() == "fault_at") st->fault_at = std::stoi(o.value());
    }
    return st;
  }

  void start(Context& ctx) const override { ask(ctx, ctx.state().sides[0]); }

  void handle(Context&, const pb::Command&) const override {
    reject("COUNTER_ANSWER_ONLY", "CTR-1", "In the counter game you only answer the advance prompt.");
  }

  void answer(Context& ctx, const pb::Decision& decision, const std::string&) const override {
    const int roll = ctx.roll(pb::DIE_KIND_D6, "advance");
    const auto& st = static_cast<const CounterState&>(ctx.state());
    const int i = side_index(st, decision.seat());
    if (st.totals[static_cast<std::size_t>(i)] + roll >= st.target) {
      ctx.end_game(decision.seat(), decision.seat() + " reached " + std::to_string(st.target));
      return;
    }
    ask(ctx, st.sides[static_cast<std::size_t>(1 - i)]);
  }

  void apply(GameState& state, const pb::Event& e) const override {
    auto& st = static_cast<CounterState&>(state);
    if (e.has_decision_answered()) {
      // The event names who answered; the GM may answer for a side (the referee may answer any
      // question). The die is then the asked side's, which in this game alternates from the first.
      const std::string& by = e.decision_answered().seat();
      if (side_index(st, by) >= 0) {
        st.last_seat = by;
      } else {
        st.last_seat = st.last_seat.empty() || st.last_seat == st.sides[1] ? st.sides[0] : st.sides[1];
      }
    }
    for (const auto& d : e.dice()) {
      if (d.label() == "advance") st.totals[static_cast<std::size_t>(side_index(st, st.last_seat))] += d.value();
    }
  }

  void fill_view(const GameState& state, const std::string&, pb::View& v) const override {
    const auto& st = static_cast<const CounterState&>(state);
    for (int total : st.totals) {
      if (st.fault_at > 0 && total >= st.fault_at) throw std::logic_error("test fault: this View cannot be drawn");
    }
    for (std::size_t i = 0; i < st.sides.size(); ++i) {
      auto* s = v.add_sides();
      s->set_id(st.sides[i]);
      s->set_strength(st.totals[i]);
    }
    if (!st.decisions.empty()) v.mutable_turn()->set_active_side(st.decisions.front().seat());
  }

  // Nothing is hidden: every viewer sees the same sides and table, so the rooms' tests share them
  // (OrderPatches); the table through the default fill_view_without_table.
  std::string pieces_key(const GameState&, const std::string&) const override { return "all"; }
  std::string table_key(const GameState&, const std::string&) const override { return "all"; }

  std::vector<std::string> waiting_for(const GameState&) const override { return {}; }
  std::unique_ptr<Bot> make_bot() const override { return std::make_unique<CounterBot>(); }
  std::string_view version() const override { return "counter-1"; }
  // Nothing to order: the game is all answers to decisions, which Game offers itself.
  void actions(const GameState&, const std::string&, pb::ActionMenu&) const override {}
  pb::Command order_for(const GameState&, const std::string&, const pb::Action& action, const pb::PlayAction&) const override {
    reject("NOT_ON_MENU", "CTR-1", "'" + action.label() + "' is not an order of the counter game.");
  }
  std::string describe(const GameState&, const pb::Event& e, const std::string&) const override {
    for (const auto& d : e.dice()) {
      if (d.label() == "advance") return "Advance " + std::to_string(d.value()) + ".";
    }
    return "The counter game goes on.";
  }
  // A board without units or terrain: squares are measured orthogonally and always in sight.
  pb::QueryAnswer query(const GameState&, const std::string&, const pb::Query& q) const override {
    pb::QueryAnswer a;
    if (!q.has_measure() || !q.measure().from().has_square() || !q.measure().to().has_square()) {
      a.mutable_refusal()->set_code("COUNTER_SQUARES_ONLY");
      a.mutable_refusal()->set_rule_id("CTR-1");
      a.mutable_refusal()->set_message("The counter game measures between squares and has nothing else to preview.");
      a.set_text(a.refusal().message());
      return a;
    }
    const auto& f = q.measure().from().square();
    const auto& t = q.measure().to().square();
    a.set_ok(true);
    a.set_distance(std::abs(f.col() - t.col()) + std::abs(f.row() - t.row()));
    a.set_line_of_sight(true);
    a.set_text(std::to_string(static_cast<int>(a.distance())) + " squares, in sight");
    return a;
  }

  // Snapshots: "counter1 <total> <total> <last seat>" (the target comes from the scenario).
  std::string save_state(const GameState& state) const override {
    const auto& st = static_cast<const CounterState&>(state);
    return "counter1 " + std::to_string(st.totals[0]) + " " + std::to_string(st.totals[1]) + " " + st.last_seat;
  }
  std::unique_ptr<GameState> load_state(const pb::Scenario& scenario, const std::string& bytes,
                                        std::string* error) const override {
    auto st = initial(scenario);
    auto& c = static_cast<CounterState&>(*st);
    std::istringstream in(bytes);
    std::string tag, extra;
    in >> tag >> c.totals[0] >> c.totals[1];
    const bool numbers = tag == "counter1" && !in.fail() && c.totals[0] >= 0 && c.totals[1] >= 0;
    in >> c.last_seat;  // empty before anyone answered
    if (!numbers || (in >> extra)) {
      if (error) *error = "the counter state is not 'counter1 <total> <total> [<last seat>]'";
      return nullptr;
    }
    return st;
  }

 private:
  // The prompt is the secret: only the side asked (and the GM) may see it.
  static void ask(Context& ctx, const std::string& seat) {
    const auto& st = static_cast<const CounterState&>(ctx.state());
    pb::Event e;
    e.add_visible_to(seat);
    auto* d = e.mutable_decision_requested()->mutable_decision();
    d->set_id(st.next_decision_id);
    d->set_seat(seat);
    d->set_rule_id("CTR-2");
    d->set_kind("COUNTER_ADVANCE");
    d->set_prompt("SECRET-" + seat + ": you stand at " +
                  std::to_string(st.totals[static_cast<std::size_t>(side_index(st, seat))]) + "; advance?");
    auto* c = d->add_choices();
    c->set_id("advance");
    c->set_label("Roll a d6 and advance");
    ctx.emit(std::move(e));
  }
};

}  // namespace

std::unique_ptr<RuleSet> make_counter_rules() { return std::make_unique<CounterRules>(); }

const Registry& counter_registry() {
  static const Registry r = [] {
    Registry reg;
    reg.add(make_counter_rules());
    return reg;
  }();
  return r;
}

}  // namespace sandtable::testing
