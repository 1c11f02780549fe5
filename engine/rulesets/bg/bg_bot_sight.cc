#include "engine/rulesets/bg/bg_bot_sight.h"

#include "engine/rulesets/bg/bg_units.h"

namespace sandtable::bg::bot {

Sight look(const BgState& st, int side) {
  Sight s{st, side, Seer{side, false}, {}};
  for (const auto& u : st.units) {
    if (u.side == side || !u.on_table || u.destroyed || !u.carried_by.empty()) continue;
    if (!knows_unit(u, s.seer)) continue;  // BG-UNIT-09: a hidden enemy is not there for the bot
    s.enemies.push_back(&u);
  }
  return s;
}

double radius_of(const BgState& st, const Objective& o) { return o.radius > 0 ? o.radius : st.options.objective_radius; }

bool unit_inside(const BgState& st, const Unit& u, const Objective& o) {
  const double r = radius_of(st, o);
  if (u.infantry_like()) {
    for (const auto& f : u.figures) {
      if (f.alive && !f.prisoner && geom::within(geom::distance(f.pos, o.at), r)) return true;
    }
    return false;
  }
  return geom::within(geom::distance(u.position, o.at), r);
}

int seen_holder(const Sight& s, const Objective& o) {
  bool present[2] = {false, false}, holds[2] = {false, false};
  auto count = [&](const Unit& u) {
    if (u.side < 0 || u.side > 1 || !counts_for_objectives(u) || !unit_inside(s.st, u, o)) return;
    present[u.side] = true;
    if (u.infantry_like() || s.st.options.vehicles_hold) holds[u.side] = true;
  };
  for (const auto& u : s.st.units) {
    if (u.side == s.side) count(u);
  }
  for (const Unit* e : s.enemies) count(*e);
  for (int k = 0; k < 2; ++k) {
    if (holds[k] && !present[1 - k]) return k;
  }
  return o.owner;
}

bool near_objective(const BgState& st, Vec2 p, double extra) {
  for (const auto& o : st.objectives) {
    if (geom::within(geom::distance(p, o.at), radius_of(st, o) + extra)) return true;
  }
  return false;
}

const Objective* inside_any(const BgState& st, const Unit& u) {
  for (const auto& o : st.objectives) {
    if (unit_inside(st, u, o)) return &o;
  }
  return nullptr;
}

const Objective* goal_of(const Sight& s, const Unit& u) {
  const Objective* best = nullptr;
  double bd = 0;
  for (int pass = 0; pass < 2 && !best; ++pass) {
    for (const auto& o : s.st.objectives) {
      if (pass == 0 && seen_holder(s, o) == s.side) continue;
      const double d = geom::distance(com(u), o.at);
      if (!best || d < bd) {
        best = &o;
        bd = d;
      }
    }
  }
  return best;
}

bool attacking(const Sight& s) {
  for (const auto& o : s.st.objectives) {
    if (seen_holder(s, o) != s.side) return true;
  }
  return false;
}

}  // namespace sandtable::bg::bot
