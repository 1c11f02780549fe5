#pragma once
// Helpers for Battleground tests: scenarios built in code and games whose dice and cards come
// from the table (StartOptions.table_dice; cards with BgDrawCard).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_rules.h"
#include "engine/rulesets/bg/bg_state.h"
#include "engine/core/cards.h"
#include "engine/core/dice.h"
#include "engine/model/game.h"
#include "engine/model/markers.h"
#include "tests/support/payloads.h"

namespace sandtable::bgtest {

namespace pb = ::sandtable::v1;
using bg::BgState;

// The rule set's order and event inside the shared Command and Event (tests/support/payloads.h).
struct BgOrder : testing::OrderBuilder<pb::BgCommand> {
  using OrderBuilder::OrderBuilder;
  pb::BgCommand* mutable_bg() { return &body; }
  const pb::BgCommand& bg() const { return body; }
};
inline const pb::BgEvent& bg_of(const pb::Event& e) { return testing::payload_ref<pb::BgEvent>(e); }
inline const pb::BgCommand& bg_of(const pb::Command& c) { return testing::payload_ref<pb::BgCommand>(c); }
inline bool has_bg(const pb::Event& e) { return carries<pb::BgEvent>(e); }
inline bool has_bg(const pb::Command& c) { return carries<pb::BgCommand>(c); }

inline const RuleSet& rules() {
  static const auto r = make_battleground();
  return *r;
}

inline pb::Point pt(double x, double y) {
  pb::Point p;
  p.set_x(x);
  p.set_y(y);
  return p;
}

// Side 0 "axis", side 1 "allies" on a 60" x 36" table.
struct Sc {
  pb::Scenario s;
  // Adds a scheduled strike to the scenario's Battleground extra (BgScenario), returning a copy.
  pb::ScheduledStrike add_strike(const std::string& id, const std::string& side, int turn, const std::string& system,
                                 const std::vector<pb::Point>& aims = {}) {
    pb::BgScenario extra = payload_of<pb::BgScenario>(s);
    auto* k = extra.add_strikes();
    std::string named = id;
    if (named.empty()) named.append("k").append(std::to_string(extra.strikes_size()));
    k->set_id(named);
    k->set_side(side);
    k->set_turn(turn);
    k->set_system(system);
    for (const auto& p : aims) *k->add_aim_points() = p;
    s.mutable_extra()->PackFrom(extra);
    return *k;
  }
  Sc() {
    s.set_id("test");
    s.set_name("test");
    s.set_ruleset("battleground");
    s.mutable_table()->set_width(60);
    s.mutable_table()->set_height(36);
    s.add_sides()->set_id("axis");
    s.add_sides()->set_id("allies");
  }
  // An infantry unit of n figures in rows of 4, 1" apart, centred on (x, y); the first
  // `leaders` figures are leaders, the next `hws` heavy weapons.
  pb::UnitSetup& inf(int side, const std::string& id, int n, double x, double y, int leaders = 1, int hws = 0,
                     const std::string& grade = "C", double facing = 0, const std::string& type = "infantry") {
    auto* u = s.mutable_sides(side)->add_units();
    u->set_id(id);
    u->set_name(id);
    u->set_type(type);
    u->set_quality(grade);
    u->set_facing_deg(facing);
    const int cols = n < 4 ? n : 4;
    const int rows = (n + cols - 1) / cols;
    // Positions chosen so that the centroid is exactly (x, y) for full rows.
    for (int i = 0; i < n; ++i) {
      auto* f = u->add_figures();
      f->set_id(id + "-f" + std::to_string(i));
      f->set_kind(i < leaders ? "leader" : i < leaders + hws ? "heavy_weapon" : "rifle");
      const int r = i / cols, c = i % cols;
      *f->mutable_position() = pt(x + (c - (cols - 1) / 2.0), y + (r - (rows - 1) / 2.0));
    }
    return *u;
  }
  pb::UnitSetup& vehicle(int side, const std::string& id, const std::string& type, double x, double y, double facing = 0,
                         const std::string& grade = "C") {
    auto* u = s.mutable_sides(side)->add_units();
    u->set_id(id);
    u->set_name(id);
    u->set_type(type);
    u->set_quality(grade);
    *u->mutable_position() = pt(x, y);
    u->set_facing_deg(facing);
    return *u;
  }
  pb::TerrainFeature& area(const std::string& kind, const std::string& name, double x0, double y0, double x1, double y1,
                           const std::string& owner = "") {
    auto* t = s.add_terrain();
    t->set_kind(kind);
    t->set_name(name);
    t->set_owner(owner);
    *t->add_polygon() = pt(x0, y0);
    *t->add_polygon() = pt(x1, y0);
    *t->add_polygon() = pt(x1, y1);
    *t->add_polygon() = pt(x0, y1);
    return *t;
  }
  pb::TerrainFeature& line(const std::string& kind, const std::string& name, std::vector<std::pair<double, double>> pts) {
    auto* t = s.add_terrain();
    t->set_kind(kind);
    t->set_name(name);
    for (auto [x, y] : pts) *t->add_polyline() = pt(x, y);
    return *t;
  }
  Sc& option(const std::string& k, const std::string& v) {
    auto* o = s.add_options();
    o->set_key(k);
    o->set_value(v);
    return *this;
  }
};

inline pb::Card card(pb::Suit s, int rank) { return make_card(s, rank); }
inline const pb::Suit C = pb::SUIT_CLUBS, D = pb::SUIT_DIAMONDS, H = pb::SUIT_HEARTS, S = pb::SUIT_SPADES;

inline pb::Command cmd(const std::string& seat) {
  BgOrder c;
  c.set_seat(seat);
  return c;
}

// A table-dice game: every command carries its dice; cards are turned with draw().
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
  const BgState& st() const { return static_cast<const BgState&>(g->state()); }
  const bg::Unit& u(const std::string& id) const { return *st().find(id); }
  Outcome run(BgOrder c, std::vector<int> dice = {}) {
    TableDice t;
    for (int v : dice) t.push(pb::DIE_KIND_D6, v);
    Outcome o = g->execute(c, &t);
    if (o.accepted) log.insert(log.end(), o.events.begin(), o.events.end());
    return o;
  }
  Outcome ok(BgOrder c, std::vector<int> dice = {}) {
    Outcome o = run(std::move(c), std::move(dice));
    EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
    return o;
  }
  std::string refused(BgOrder c, std::vector<int> dice = {}) {
    Outcome o = run(std::move(c), std::move(dice));
    EXPECT_FALSE(o.accepted);
    return o.rejection.code();
  }
  Outcome draw(pb::Card c, const std::string& seat = "axis") {
    BgOrder x = cmd(seat);
    *x.mutable_bg()->mutable_draw_card()->mutable_card() = c;
    return ok(x);
  }
  Outcome end_action(const std::string& seat) {
    BgOrder x = cmd(seat);
    x.mutable_bg()->mutable_end_action();
    return ok(x);
  }
  // The card events of an outcome.
  static std::vector<pb::BgCardDrawn> cards(const Outcome& o) {
    std::vector<pb::BgCardDrawn> out;
    for (const auto& e : o.events) {
      if (has_bg(e) && bg_of(e).has_card_drawn()) out.push_back(bg_of(e).card_drawn());
    }
    return out;
  }
  template <class F>
  static const pb::BgEvent* find(const Outcome& o, F pred) {
    for (const auto& e : o.events) {
      if (has_bg(e) && pred(bg_of(e))) return &bg_of(e);
    }
    return nullptr;
  }
};

inline pb::Command move(const std::string& seat, const std::string& id, pb::BgMoveIntent intent,
                        std::vector<std::pair<double, double>> path, double facing = 0, bool road = false) {
  BgOrder c = cmd(seat);
  auto* m = c.mutable_bg()->mutable_move();
  m->set_unit_id(id);
  m->set_intent(intent);
  m->set_road(road);
  for (auto [x, y] : path) *m->add_path() = pt(x, y);
  m->set_facing_deg(facing);
  return c;
}

inline pb::Command vmove(const std::string& seat, const std::string& id, int dice, std::vector<std::pair<double, double>> path,
                         double facing = 0, bool reverse = false, bool road = false) {
  BgOrder c = cmd(seat);
  auto* m = c.mutable_bg()->mutable_vehicle_move();
  m->set_unit_id(id);
  m->set_dice(dice);
  for (auto [x, y] : path) *m->add_path() = pt(x, y);
  m->set_facing_deg(facing);
  m->set_reverse(reverse);
  m->set_road(road);
  return c;
}

}  // namespace sandtable::bgtest
