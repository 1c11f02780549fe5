#pragma once
// Small helpers for Portable Wargame tests: scenarios built in code and table-dice games.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/model/game.h"
#include "engine/model/markers.h"
#include "tests/support/payloads.h"
#include "engine/rulesets/pw/pw_rules.h"
#include "engine/rulesets/pw/pw_state.h"
#include "sandtable/rulesets/pw/pw.pb.h"

namespace sandtable::pwtest {

namespace pb = ::sandtable::v1;
using pw::PwState;

// The rule set's order and event inside the shared Command and Event (tests/support/payloads.h).
struct PwOrder : testing::OrderBuilder<pb::PwCommand> {
  using OrderBuilder::OrderBuilder;
  pb::PwCommand* mutable_pw() { return &body; }
  const pb::PwCommand& pw() const { return body; }
};
inline const pb::PwEvent& pw_of(const pb::Event& e) { return testing::payload_ref<pb::PwEvent>(e); }
inline const pb::PwCommand& pw_of(const pb::Command& c) { return testing::payload_ref<pb::PwCommand>(c); }
inline bool has_pw(const pb::Event& e) { return carries<pb::PwEvent>(e); }
inline bool has_pw(const pb::Command& c) { return carries<pb::PwCommand>(c); }

inline const RuleSet& rules() {
  static const auto r = make_portable_wargame();
  return *r;
}

struct Sc {
  pb::Scenario s;
  explicit Sc(int cols = 12, int rows = 10) {
    s.set_id("test");
    s.set_name("test");
    s.set_ruleset("portable-wargame-19c");
    s.mutable_grid()->set_cols(cols);
    s.mutable_grid()->set_rows(rows);
    s.add_sides()->set_id("blue");
    s.add_sides()->set_id("red");
  }
  Sc& unit(int side, const std::string& id, const std::string& type, int col, int row,
           pb::GridFacing facing = pb::GRID_FACING_NORTH, const std::string& quality = "", const std::string& towed_by = "") {
    auto* u = s.mutable_sides(side)->add_units();
    u->set_id(id);
    u->set_name(id);
    u->set_type(type);
    u->set_quality(quality);
    u->mutable_square()->set_col(col);
    u->mutable_square()->set_row(row);
    u->set_facing(facing);
    u->set_towed_by(towed_by);
    return *this;
  }
  Sc& terrain(const std::string& kind, std::vector<std::pair<int, int>> squares, int level = 0) {
    auto* t = s.add_terrain();
    t->set_kind(kind);
    t->set_level(level);
    for (auto [c, r] : squares) {
      auto* g = t->add_squares();
      g->set_col(c);
      g->set_row(r);
    }
    return *this;
  }
  // A transport in a far corner for each side, so a side's half does not end by itself after
  // its one unit of interest has acted (each order would then need the next side's dice).
  Sc& spares() {
    unit(0, "b-spare", "transport", s.grid().cols() - 1, 0);
    unit(1, "r-spare", "transport", 0, s.grid().rows() - 1);
    return *this;
  }
  Sc& option(const std::string& k, const std::string& v) {
    auto* o = s.add_options();
    o->set_key(k);
    o->set_value(v);
    return *this;
  }
};

inline pb::GridSquare sq(int c, int r) {
  pb::GridSquare g;
  g.set_col(c);
  g.set_row(r);
  return g;
}

// A game whose dice come from the table: every command carries the dice it needs.
struct TG {
  std::unique_ptr<Game> g;
  std::vector<pb::Event> log;
  explicit TG(const pb::Scenario& s, bool table = true, std::uint64_t seed = 1) {
    std::string err;
    StartOptions o;
    o.seed = seed;
    o.table_dice = table;
    g = Game::start(rules(), s, o, &log, &err);
    EXPECT_TRUE(g) << err;
  }
  const PwState& st() const { return static_cast<const PwState&>(g->state()); }
  const pw::Unit& u(const std::string& id) const { return *st().find(id); }
  Outcome run(PwOrder c, std::vector<int> dice = {}) {
    TableDice t;
    for (int v : dice) t.push(pb::DIE_KIND_D6, v);
    Outcome o = g->execute(c, &t);
    if (o.accepted) log.insert(log.end(), o.events.begin(), o.events.end());
    return o;
  }
  // Runs and expects acceptance.
  Outcome ok(PwOrder c, std::vector<int> dice = {}) {
    Outcome o = run(std::move(c), std::move(dice));
    EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
    return o;
  }
  const pb::Decision* decision() const { return st().decisions.empty() ? nullptr : &st().decisions.front(); }
  Outcome answer(const std::string& choice, std::vector<int> dice = {}) {
    PwOrder c;
    c.set_seat(decision()->seat());
    c.mutable_answer()->set_decision_id(decision()->id());
    c.mutable_answer()->set_choice_id(choice);
    return ok(c, std::move(dice));
  }
};

inline pb::Command cmd(const std::string& seat) {
  PwOrder c;
  c.set_seat(seat);
  return c;
}
inline pb::Command proceed(const std::string& seat = "blue") {
  PwOrder c = cmd(seat);
  c.mutable_pw()->mutable_proceed();
  return c;
}
inline pb::Command move(const std::string& seat, const std::string& id, std::vector<std::pair<int, int>> path,
                        pb::GridFacing f = pb::GRID_FACING_NORTH) {
  PwOrder c = cmd(seat);
  auto* m = c.mutable_pw()->mutable_move();
  m->set_unit_id(id);
  for (auto [x, y] : path) *m->add_path() = sq(x, y);
  m->set_facing(f);
  return c;
}
inline pb::Command fire(const std::string& seat, const std::string& id, int c_, int r_) {
  PwOrder c = cmd(seat);
  c.mutable_pw()->mutable_fire()->set_unit_id(id);
  *c.mutable_pw()->mutable_fire()->mutable_target() = sq(c_, r_);
  return c;
}
inline pb::Command cc(const std::string& seat, const std::string& id, const std::string& target) {
  PwOrder c = cmd(seat);
  c.mutable_pw()->mutable_close_combat()->set_unit_id(id);
  c.mutable_pw()->mutable_close_combat()->set_target_id(target);
  return c;
}
inline pb::Command face(const std::string& seat, const std::string& id, pb::GridFacing f) {
  PwOrder c = cmd(seat);
  c.mutable_pw()->mutable_face()->set_unit_id(id);
  c.mutable_pw()->mutable_face()->set_facing(f);
  return c;
}
inline pb::Command stationary(const std::string& seat, const std::string& id, pb::PwStationaryKind k, const std::string& other = "") {
  PwOrder c = cmd(seat);
  auto* s = c.mutable_pw()->mutable_stationary();
  s->set_unit_id(id);
  s->set_kind(k);
  s->set_other_id(other);
  return c;
}
inline pb::Command plan(const std::string& seat, std::vector<std::tuple<std::string, int, int>> targets) {
  PwOrder c = cmd(seat);
  auto* p = c.mutable_pw()->mutable_artillery_plan();
  for (auto& [id, x, y] : targets) {
    auto* t = p->add_targets();
    t->set_unit_id(id);
    *t->mutable_target() = sq(x, y);
  }
  return c;
}
inline pb::Command end_side(const std::string& seat) {
  PwOrder c = cmd(seat);
  c.mutable_pw()->mutable_end_side();
  return c;
}
inline pb::Command end_activation(const std::string& seat) {
  PwOrder c = cmd(seat);
  c.mutable_pw()->mutable_end_activation();
  return c;
}

// Starts turn 1 with blue first: initiative blue 6, red 1, then blue's activation dice.
// Opens the turn: empty artillery plans from the sides that owe one (or PwProceed), the last
// order carrying the dice.
inline void open_turn(TG& t, std::vector<int> dice) {
  std::vector<std::string> owing;
  for (const auto& s : t.st().side_state) {
    if (s.plan_due) owing.push_back(s.id);
  }
  if (owing.empty()) {
    t.ok(proceed(), dice);
    return;
  }
  for (std::size_t i = 0; i < owing.size(); ++i) {
    PwOrder c = cmd(owing[i]);
    c.mutable_pw()->mutable_artillery_plan();
    t.ok(c, i + 1 == owing.size() ? dice : std::vector<int>{});
  }
}
inline void blue_first(TG& t, std::vector<int> activation = {6, 6, 6}) {
  std::vector<int> dice{6, 1};
  dice.insert(dice.end(), activation.begin(), activation.end());
  open_turn(t, dice);
}
inline void red_first(TG& t, std::vector<int> activation = {6, 6, 6}) {
  std::vector<int> dice{1, 6};
  dice.insert(dice.end(), activation.begin(), activation.end());
  open_turn(t, dice);
}

}  // namespace sandtable::pwtest
