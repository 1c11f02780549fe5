#pragma once
// Helpers for Rookie Rules game tests: free-table scenarios built in code and games whose dice
// come from the table, so every roll in a test is the number the test names. The activation
// deck is the server's (shuffled from the seed), so tests turn cards until their side's comes.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/model/game.h"
#include "engine/model/markers.h"
#include "engine/model/payload.h"
#include "engine/rulesets/rookie/rr_internal.h"
#include "engine/rulesets/rookie/rr_rules.h"
#include "sandtable/rulesets/rookie/rr.pb.h"

namespace sandtable::rrtest {

namespace pb = ::sandtable::v1;
using rr::RrState;

inline const RuleSet& rules() {
  static const auto r = make_rookie_rules();
  return *r;
}

// A 60" x 48" table; side 0 "reds" (red cards), side 1 "blacks". Units face north (0) unless told.
struct Sc {
  pb::Scenario s;
  Sc() {
    s.set_id("test");
    s.set_name("test");
    s.set_ruleset("rookie-rules");
    s.mutable_table()->set_width(60);
    s.mutable_table()->set_height(48);
    auto* a = s.add_sides();
    a->set_id("reds");
    a->set_name("Reds");
    auto* b = s.add_sides();
    b->set_id("blacks");
    b->set_name("Blacks");
  }
  Sc& unit(int side, const std::string& id, const std::string& type, double x, double y, int figures = 0,
           std::vector<std::string> attributes = {}, const std::string& quality = "") {
    auto* u = s.mutable_sides(side)->add_units();
    u->set_id(id);
    u->set_name(id);
    u->set_type(type);
    u->set_strength(figures);
    u->set_quality(quality);
    u->mutable_position()->set_x(x);
    u->mutable_position()->set_y(y);
    u->set_facing_deg(side == 0 ? 0 : 180);
    for (auto& a : attributes) u->add_attributes(a);
    return *this;
  }
  Sc& area(const std::string& kind, double x0, double y0, double x1, double y1, const std::string& name = "") {
    auto* t = s.add_terrain();
    t->set_kind(kind);
    t->set_name(name.empty() ? kind : name);
    for (auto [x, y] : std::vector<std::pair<double, double>>{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}) {
      auto* p = t->add_polygon();
      p->set_x(x);
      p->set_y(y);
    }
    return *this;
  }
  Sc& option(const std::string& k, const std::string& v) {
    auto* o = s.add_options();
    o->set_key(k);
    o->set_value(v);
    return *this;
  }
};

inline pb::Command order(const std::string& seat, const pb::RrCommand& c) { return order_of(seat, c); }
inline pb::Command activate(const std::string& seat, const std::string& unit) {
  pb::RrCommand c;
  c.mutable_activate()->set_unit_id(unit);
  return order(seat, c);
}
inline pb::Command pass(const std::string& seat) {
  pb::RrCommand c;
  c.mutable_pass();
  return order(seat, c);
}
inline pb::Command fire(const std::string& seat, const std::string& unit, const std::string& target, bool split = false) {
  pb::RrCommand c;
  c.mutable_fire()->set_unit_id(unit);
  c.mutable_fire()->set_target_id(target);
  c.mutable_fire()->set_split(split);
  return order(seat, c);
}
inline pb::Command move(const std::string& seat, const std::string& unit, std::vector<std::pair<double, double>> path) {
  pb::RrCommand c;
  auto* m = c.mutable_move();
  m->set_unit_id(unit);
  for (auto [x, y] : path) {
    auto* p = m->add_path();
    p->set_x(x);
    p->set_y(y);
  }
  return order(seat, c);
}
inline pb::Command observe(const std::string& seat, const std::string& unit, const std::string& target) {
  pb::RrCommand c;
  c.mutable_observe()->set_unit_id(unit);
  c.mutable_observe()->set_target_id(target);
  return order(seat, c);
}
inline pb::Command rally(const std::string& seat, const std::string& unit) {
  pb::RrCommand c;
  c.mutable_rally()->set_unit_id(unit);
  return order(seat, c);
}
inline pb::Command end_activation(const std::string& seat) {
  pb::RrCommand c;
  c.mutable_end_activation();
  return order(seat, c);
}
inline pb::Command end_phase(const std::string& seat) {
  pb::RrCommand c;
  c.mutable_end_phase();
  return order(seat, c);
}
inline pb::Command command(const std::string& seat, const std::string& leader, std::vector<std::string> units) {
  pb::RrCommand c;
  c.mutable_leader_command()->set_leader_id(leader);
  for (auto& u : units) c.mutable_leader_command()->add_unit_ids(u);
  return order(seat, c);
}

// A game whose dice come from the table: every command carries the dice it needs.
struct TG {
  std::unique_ptr<Game> g;
  std::vector<pb::Event> log;
  explicit TG(const pb::Scenario& s, std::uint64_t seed = 1) {
    std::string err;
    StartOptions o;
    o.seed = seed;
    o.table_dice = true;
    g = Game::start(rules(), s, o, &log, &err);
    EXPECT_TRUE(g) << err;
  }
  const RrState& st() const { return static_cast<const RrState&>(g->state()); }
  const rr::Unit& u(const std::string& id) const { return *st().find(id); }
  // Dice as (kind, face) pairs, in the order the rules roll them.
  Outcome run(const pb::Command& c, std::vector<std::pair<pb::DieKind, int>> dice = {}) {
    TableDice t;
    for (auto [k, v] : dice) t.push(k, v);
    Outcome o = g->execute(c, &t);
    if (o.accepted) log.insert(log.end(), o.events.begin(), o.events.end());
    return o;
  }
  Outcome ok(const pb::Command& c, std::vector<std::pair<pb::DieKind, int>> dice = {}) {
    Outcome o = run(c, std::move(dice));
    EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
    return o;
  }
  std::string refused(const pb::Command& c, const std::string& code, const std::string& rule) {
    Outcome o = run(c);
    EXPECT_FALSE(o.accepted);
    EXPECT_EQ(o.rejection.code(), code) << o.rejection.message();
    EXPECT_EQ(o.rejection.rule_id(), rule) << o.rejection.message();
    return o.rejection.message();
  }
  // The least the side the game waits on can do: end its activation, pass its card, or end its
  // part of a phase. Returns the events.
  Outcome skip() {
    const int w = rr::waiting_side(st());
    EXPECT_GE(w, 0) << "the game waits on nobody";
    const std::string& who = st().side_id(w);
    if (st().phase != rr::Phase::kCards) return ok(end_phase(who));
    return ok(st().active_unit.empty() ? pass(who) : end_activation(who));
  }
  // Skips until `done` holds (at most `limit` orders); false if it never did.
  template <class Done>
  bool skip_until(Done done, int limit = 100) {
    for (int i = 0; i < limit && !done(); ++i) {
      if (rr::waiting_side(st()) < 0) return false;
      skip();
    }
    return done();
  }
  // Ends command phases until the card sequence runs, then passes the other side's cards until
  // one of `seat`'s colour waits.
  void to_card(const std::string& seat) {
    const bool came = skip_until([&] {
      return st().phase == rr::Phase::kCards && st().active_unit.empty() && st().deck->pending() &&
             st().side_id(st().deck->pending()->side) == seat;
    }, 200);
    ASSERT_TRUE(came) << "no card of " << seat << " came up";
  }
};

inline std::vector<pb::RrEvent> rr_events(const Outcome& o) {
  std::vector<pb::RrEvent> out;
  for (const auto& e : o.events) {
    if (carries<pb::RrEvent>(e)) out.push_back(payload_of<pb::RrEvent>(e));
  }
  return out;
}

inline pb::RrView deck_view(const Game& g, const std::string& seat) {
  pb::RrView v;
  g.view(seat).extra().UnpackTo(&v);
  return v;
}

// Whether the seat's view draws a table feature of this kind (minefield, plotted_fire, strike...).
inline bool has_terrain(const Game& g, const std::string& seat, const std::string& kind) {
  const pb::View view = g.view(seat);
  for (const auto& t : view.terrain()) {
    if (t.kind() == kind) return true;
  }
  return false;
}

// Passes every card until the last card of the first sequence waits: its order lands the strikes
// and air attacks of RR-SEQ-01 step 4.
inline void to_last_card_of_first_sequence(TG& g) {
  ASSERT_TRUE(g.skip_until([&] {
    return g.st().phase == rr::Phase::kCards && g.st().sequence == 1 && g.st().deck->draw_pile().empty() && g.st().deck->pending();
  }, 200));
}

constexpr pb::DieKind kD10 = pb::DIE_KIND_D10_ZERO;
constexpr pb::DieKind kPct = pb::DIE_KIND_PERCENTILE;

}  // namespace sandtable::rrtest
