#pragma once
// Helpers for One-Hour Wargames WWII tests: free-table scenarios built in code and games whose
// dice come from the table, so every roll in a test is the number the test names.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/dice.h"
#include "engine/model/game.h"
#include "engine/model/markers.h"
#include "engine/model/payload.h"
#include "engine/rulesets/oh/oh_internal.h"
#include "engine/rulesets/oh/oh_rules.h"
#include "sandtable/rulesets/oh/oh.pb.h"

namespace sandtable::ohtest {

namespace pb = ::sandtable::v1;
using oh::OhState;

inline const RuleSet& rules() {
  static const auto r = make_one_hour_ww2();
  return *r;
}

// A 60" x 48" table; side 0 "allies" (the attacker unless an option says otherwise), side 1
// "axis". Units face north (0) unless told.
struct Sc {
  pb::Scenario s;
  Sc() {
    s.set_id("test");
    s.set_name("test");
    s.set_ruleset("one-hour-ww2");
    s.mutable_table()->set_width(60);
    s.mutable_table()->set_height(48);
    auto* a = s.add_sides();
    a->set_id("allies");
    a->set_name("Allies");
    auto* b = s.add_sides();
    b->set_id("axis");
    b->set_name("Axis");
  }
  Sc& unit(int side, const std::string& id, const std::string& type, double x, double y, double facing = 0,
           std::vector<std::string> attributes = {}) {
    auto* u = s.mutable_sides(side)->add_units();
    u->set_id(id);
    u->set_name(id);
    u->set_type(type);
    u->mutable_position()->set_x(x);
    u->mutable_position()->set_y(y);
    u->set_facing_deg(facing);
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
  Sc& line(const std::string& kind, std::vector<std::pair<double, double>> pts, const std::string& name = "") {
    auto* t = s.add_terrain();
    t->set_kind(kind);
    t->set_name(name.empty() ? kind : name);
    for (auto [x, y] : pts) {
      auto* p = t->add_polyline();
      p->set_x(x);
      p->set_y(y);
    }
    return *this;
  }
  Sc& objective(const std::string& name, double x, double y, int points, const std::string& owner = "", double radius = 3) {
    auto* o = s.mutable_victory()->add_objectives();
    o->set_name(name);
    o->mutable_point()->set_x(x);
    o->mutable_point()->set_y(y);
    o->set_points(points);
    o->set_owner(owner);
    o->set_radius(radius);
    return *this;
  }
  Sc& turns(int n) {
    s.mutable_victory()->set_max_turns(n);
    return *this;
  }
  Sc& option(const std::string& k, const std::string& v) {
    auto* o = s.add_options();
    o->set_key(k);
    o->set_value(v);
    return *this;
  }
};

inline pb::Command order(const std::string& seat, const pb::OhCommand& c) { return order_of(seat, c); }
inline pb::Command fire(const std::string& seat, const std::string& unit, const std::string& target) {
  pb::OhCommand c;
  c.mutable_fire()->set_unit_id(unit);
  c.mutable_fire()->set_target_id(target);
  return order(seat, c);
}
inline pb::Command roll_move(const std::string& seat, const std::string& unit, bool march = false) {
  pb::OhCommand c;
  c.mutable_roll_move()->set_unit_id(unit);
  c.mutable_roll_move()->set_march(march);
  return order(seat, c);
}
// A move along the points given, ending facing `facing` (-1 keeps the facing).
inline pb::Command move(const std::string& seat, const std::string& unit, std::vector<std::pair<double, double>> path,
                        double facing = -1, bool road = false) {
  pb::OhCommand c;
  auto* m = c.mutable_move();
  m->set_unit_id(unit);
  for (auto [x, y] : path) {
    auto* p = m->add_path();
    p->set_x(x);
    p->set_y(y);
  }
  m->set_facing_deg(facing);
  m->set_road(road);
  return order(seat, c);
}
inline pb::Command rally_ready(const std::string& seat, const std::string& unit, pb::OhRallyReadyKind k) {
  pb::OhCommand c;
  c.mutable_rally_ready()->set_unit_id(unit);
  c.mutable_rally_ready()->set_kind(k);
  return order(seat, c);
}
inline pb::Command end_step(const std::string& seat) {
  pb::OhCommand c;
  c.mutable_end_step();
  return order(seat, c);
}

// A game whose dice come from the table: every command carries the dice it needs.
struct TG {
  std::unique_ptr<Game> g;
  std::vector<pb::Event> log;
  pb::DieKind kind = pb::DIE_KIND_D6;
  explicit TG(const pb::Scenario& s, bool table = true, std::uint64_t seed = 1) {
    std::string err;
    StartOptions o;
    o.seed = seed;
    o.table_dice = table;
    g = Game::start(rules(), s, o, &log, &err);
    EXPECT_TRUE(g) << err;
    if (g && static_cast<const OhState&>(g->state()).options.average_dice) kind = pb::DIE_KIND_AVERAGE;
  }
  const OhState& st() const { return static_cast<const OhState&>(g->state()); }
  const oh::Unit& u(const std::string& id) const { return *st().find(id); }
  Outcome run(const pb::Command& c, std::vector<int> dice = {}) {
    TableDice t;
    for (int v : dice) t.push(kind, v);
    Outcome o = g->execute(c, &t);
    if (o.accepted) log.insert(log.end(), o.events.begin(), o.events.end());
    return o;
  }
  Outcome ok(const pb::Command& c, std::vector<int> dice = {}) {
    Outcome o = run(c, std::move(dice));
    EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
    return o;
  }
  // Expects a refusal with this code and rule; returns the sentence.
  std::string refused(const pb::Command& c, const std::string& code, const std::string& rule, std::vector<int> dice = {}) {
    Outcome o = run(c, std::move(dice));
    EXPECT_FALSE(o.accepted);
    EXPECT_EQ(o.rejection.code(), code) << o.rejection.message();
    EXPECT_EQ(o.rejection.rule_id(), rule) << o.rejection.message();
    return o.rejection.message();
  }
  const pb::Decision* decision() const { return st().decisions.empty() ? nullptr : &st().decisions.front(); }
  Outcome answer(const std::string& choice, std::vector<int> dice = {}) {
    pb::Command c;
    c.set_seat(decision()->seat());
    c.mutable_answer()->set_decision_id(decision()->id());
    c.mutable_answer()->set_choice_id(choice);
    return ok(c, std::move(dice));
  }
  Outcome gm(const pb::GmEdit& e) {
    pb::Command c;
    c.set_seat("gm");
    *c.mutable_gm()->mutable_edit() = e;
    return ok(c);
  }
  // Sets a unit's Hits (and permanent Hits) by a GM edit.
  void set_hits(const std::string& id, int hits, int permanent = 0) {
    pb::GmEdit e;
    e.set_reason("test");
    pb::OhEditHits h;
    h.set_unit_id(id);
    h.set_hits(hits);
    h.set_permanent(permanent);
    e.mutable_ruleset_edit()->PackFrom(h);
    gm(e);
  }
  // Ends steps of `seat` until the game is in `step` of that seat's phase.
  void to_step(const std::string& seat, oh::Step step) {
    for (int i = 0; i < 12 && !(st().side_id(st().phasing) == seat && st().step == step); ++i) {
      ok(end_step(st().side_id(st().phasing)));
    }
    ASSERT_EQ(st().side_id(st().phasing), seat);
    ASSERT_EQ(st().step, step);
  }
};

// The rule set's events among an outcome's.
inline std::vector<pb::OhEvent> oh_events(const Outcome& o) {
  std::vector<pb::OhEvent> out;
  for (const auto& e : o.events) {
    if (carries<pb::OhEvent>(e)) out.push_back(payload_of<pb::OhEvent>(e));
  }
  return out;
}
inline pb::OhFired fired(const Outcome& o) {
  for (const auto& e : oh_events(o)) {
    if (e.has_fired()) return e.fired();
  }
  ADD_FAILURE() << "no shot among the events";
  return {};
}
inline pb::OhMoveRolled rolled(const Outcome& o) {
  for (const auto& e : oh_events(o)) {
    if (e.has_move_rolled()) return e.move_rolled();
  }
  ADD_FAILURE() << "no move roll among the events";
  return {};
}

}  // namespace sandtable::ohtest
