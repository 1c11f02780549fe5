#pragma once
// Helpers for the Battleground melee tests (charges, answers, melee rounds).
#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {

inline pb::Command charge(const std::string& seat, const std::string& id, const std::string& target) {
  BgOrder c = cmd(seat);
  c.mutable_bg()->mutable_charge()->set_unit_id(id);
  c.mutable_bg()->mutable_charge()->set_target_id(target);
  return c;
}

// Answers the oldest pending decision.
inline pb::Command answer(const TG& t, const std::string& seat, const std::string& choice) {
  BgOrder c = cmd(seat);
  EXPECT_FALSE(t.st().decisions.empty());
  if (!t.st().decisions.empty()) c.mutable_answer()->set_decision_id(t.st().decisions.front().id());
  c.mutable_answer()->set_choice_id(choice);
  return c;
}

inline pb::Command fight(const std::string& seat, const std::string& melee) {
  BgOrder c = cmd(seat);
  c.mutable_bg()->mutable_melee_fight()->set_melee_id(melee);
  return c;
}

template <class F>
const pb::BgEvent* find_in(const std::vector<pb::Event>& log, F pred) {
  const pb::BgEvent* last = nullptr;
  for (const auto& e : log) {
    if (has_bg(e) && pred(bg_of(e))) last = &bg_of(e);
  }
  return last;
}

}  // namespace sandtable::bgtest
