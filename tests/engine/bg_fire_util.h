#pragma once
// Helpers for Battleground shooting tests: shoot commands with table dice of several kinds.
#include <string>
#include <utility>
#include <vector>

#include "tests/engine/bg_test_util.h"

namespace sandtable::bgtest {

using Die = std::pair<pb::DieKind, int>;
inline Die d6(int v) { return {pb::DIE_KIND_D6, v}; }

inline pb::Command shoot_cmd(const std::string& seat, const std::string& unit, const std::string& target,
                             const std::string& weapon = "") {
  BgOrder c = cmd(seat);
  auto* s = c.mutable_bg()->mutable_shoot();
  s->set_unit_id(unit);
  auto* shot = s->add_shots();
  shot->set_target_id(target);
  shot->set_weapon_id(weapon);
  return c;
}

// Runs a command with dice of any kind; d6 values may be given as plain ints through d6().
inline Outcome run_dice(TG& t, const pb::Command& c, const std::vector<Die>& dice) {
  TableDice td;
  for (auto [k, v] : dice) td.push(k, v);
  Outcome o = t.g->execute(c, &td);
  if (o.accepted) t.log.insert(t.log.end(), o.events.begin(), o.events.end());
  return o;
}

inline std::vector<Die> d6s(std::vector<int> v) {
  std::vector<Die> out;
  for (int x : v) out.push_back(d6(x));
  return out;
}

inline const pb::BgAttack* attack_of(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_attack(); });
  return e ? &e->attack() : nullptr;
}
inline const pb::BgCasualties* casualties_of(const Outcome& o) {
  const auto* e = TG::find(o, [](const pb::BgEvent& b) { return b.has_casualties(); });
  return e ? &e->casualties() : nullptr;
}
inline int alive(const bg::Unit& u) { return u.living(); }

}  // namespace sandtable::bgtest
