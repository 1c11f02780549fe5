#pragma once
// Helpers for the skirmish tests (Shaffer's profile b): games whose first card is a given unit's,
// its orders, and table dice of every kind.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/rulesets/bg/bgs_skirmish.h"
#include "tests/engine/bg_fire_util.h"

namespace sandtable::bgtest {

inline Die d20(int v) { return {pb::DIE_KIND_D20, v}; }

inline Sc skirmish() {
  Sc sc;
  sc.option("bg.mods", "skirmish");
  return sc;
}

// BGM-GEN-02 step (1): each side that is asked marks no special fire (the rally and morale steps
// that follow roll `dice`).
inline void past_marking(TG& t, const std::vector<Die>& dice = {});

// A game whose first card is `first`'s: the activation deck's order comes from the seed.
inline std::unique_ptr<TG> first_up(const pb::Scenario& s, const std::string& first) {
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    auto t = std::make_unique<TG>(s, true, seed);
    past_marking(*t);
    if (t->st().skirmish_active == first) return t;
  }
  ADD_FAILURE() << "no seed gives " << first << " the first card";
  return nullptr;
}

// a (axis) at (20, 10) facing e (allies) 10" away at (20, 20), `first` with the first card.
inline std::unique_ptr<TG> pair_up(int a_men, int a_leaders, int e_men, int e_leaders, const std::string& first) {
  Sc sc = skirmish();
  sc.inf(0, "a", a_men, 20, 10, a_leaders);
  sc.inf(1, "e", e_men, 20, 20, e_leaders, 0, "C", 180);
  return first_up(sc.s, first);
}

inline pb::Command answer_cmd(const std::string& seat, std::uint32_t decision, const std::string& choice) {
  pb::Command c;
  c.set_seat(seat);
  c.mutable_answer()->set_decision_id(decision);
  c.mutable_answer()->set_choice_id(choice);
  return c;
}

inline BgOrder fire_cmd(const std::string& seat, const std::string& unit, const std::string& target) {
  BgOrder c = cmd(seat);
  auto* s = c.mutable_bg()->mutable_shoot();
  s->set_unit_id(unit);
  s->add_shots()->set_target_id(target);
  return c;
}

inline BgOrder stance(const std::string& seat, const std::string& unit, bool prone) {
  BgOrder c = cmd(seat);
  c.mutable_bg()->mutable_stance()->set_unit_id(unit);
  c.mutable_bg()->mutable_stance()->set_prone(prone);
  return c;
}

inline BgOrder react(const std::string& seat, const std::string& unit) {
  BgOrder c = cmd(seat);
  c.mutable_bg()->mutable_react()->set_unit_id(unit);
  return c;
}

inline BgOrder assault_cmd(const std::string& seat, const std::string& unit, const std::string& target, bool grenades) {
  BgOrder c = cmd(seat);
  c.mutable_bg()->mutable_assault()->set_unit_id(unit);
  c.mutable_bg()->mutable_assault()->set_target_id(target);
  c.mutable_bg()->mutable_assault()->set_grenades(grenades);
  return c;
}

inline Outcome ok_dice(TG& t, const pb::Command& c, const std::vector<Die>& dice) {
  Outcome o = run_dice(t, c, dice);
  EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
  return o;
}

inline int modifier_total(const pb::BgsFire& f) {
  int n = 0;
  for (const auto& m : f.modifiers()) n += m.value();
  return n;
}

inline const pb::BgsFire* fire_of(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_bgs_fire(); });
  return e ? &e->bgs_fire() : nullptr;
}

inline void past_marking(TG& t, const std::vector<Die>& dice) {
  TableDice td;  // one queue for every answer: the last one runs the steps that roll
  for (auto [k, v] : dice) td.push(k, v);
  for (int guard = 0; guard < 4 && !t.g->state().decisions.empty(); ++guard) {
    const pb::Decision d = t.g->state().decisions.front();
    if (d.kind() != bg::kSpecialFireKind) return;
    const Outcome o = t.g->execute(answer_cmd(d.seat(), d.id(), "done"), &td);
    EXPECT_TRUE(o.accepted) << o.rejection.code() << ": " << o.rejection.message();
    if (o.accepted) t.log.insert(t.log.end(), o.events.begin(), o.events.end());
  }
}

}  // namespace sandtable::bgtest
