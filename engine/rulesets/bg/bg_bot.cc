// The Battleground opponent bot (bg_bot.h): one ply, cheap evaluation, over the seat's orders.
//
// What it may know. The bot plays a seat, so it reads the state only through the seat's own
// tests: an enemy unit counts only when `knows_unit(u, seer)` (a hidden unit, BG-UNIT-09, or a
// reinforcement not yet arrived is not there for it), and it never looks at terrain the seat
// does not know (`knows_terrain`; it plans no route around minefields at all). Its candidate
// orders are checked with the handlers' own checks (the same ones legal_actions uses), whose
// refusals depend only on what the seat knows (bg_unseen.cc), so the choice among them tells it
// nothing more. Decisions and aim points come from legal_actions; a decision it does not know
// (melee pairing, guards, flee paths...) gets the first legal answer.
//
// How it plays (GAP: our heuristics, not rules):
// - Attacking (some objective is not held by its side, as far as it can see): infantry runs or
//   walks to the nearest such objective; vehicles close to 8" of it and shoot; passengers get
//   off near it; a unit charges when the charge test (BG-MEL-01) is likely to pass, the charge
//   likely reaches (3D6 against the distance) and it has the figures for the melee.
// - Defending: units inside an objective stay (and dig in when not in a building); others go
//   to the nearest objective; charges only with good odds.
// - Shooting: every unit shoots the target with the most expected net hits (the attack's own
//   dice pool, plan_attack), weighted up for targets near an objective; vehicles fire every
//   weapon at its best target.
// - The defender's option (BG-MEL-12): shoot when it may, else stand.
// - The action ends when no unit has a useful order left.
#include "engine/rulesets/bg/bg_bot.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "engine/model/game.h"
#include "engine/rulesets/bg/bg_actions.h"
#include "engine/rulesets/bg/bg_bot_odds.h"
#include "engine/rulesets/bg/bg_bot_sight.h"
#include "engine/rulesets/bg/bgs_skirmish.h"
#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_damage.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_move_util.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/rulesets/bg/bg_units.h"

namespace sandtable::bg {

namespace {

using namespace bot;

// Whole compass degrees closest to the direction of v: the first k (0..359) whose table facing
// has the greatest dot product with v. Only the few whole degrees around v's own angle can be it
// (any other is at least a degree off, far beyond rounding), so only they are scored, in the same
// order as a scan of all 360 would meet them; the bot asks this for every path it tries.
int degrees_along(Vec2 v) {
  if (v.x == 0 && v.y == 0) return 0;  // every product is zero: the scan keeps its first
  std::vector<int> ks;
  if (geom::is_finite(v)) {
    const long centre = std::lround(std::atan2(v.x, v.y) * 180.0 / std::numbers::pi);
    for (long d = -2; d <= 2; ++d) ks.push_back(static_cast<int>(((centre + d) % 360 + 360) % 360));
    std::sort(ks.begin(), ks.end());
  } else {
    for (int k = 0; k < 360; ++k) ks.push_back(k);
  }
  int best = 0;
  double score = -1e300;
  for (const int k : ks) {
    const double x = geom::dot(v, Facing::from_degrees(k).forward());
    if (x > score) {
      score = x;
      best = k;
    }
  }
  return best;
}

Vec2 clamp_to_table(const BgState& st, Vec2 p) {
  return {std::clamp(p.x, 1.0, st.width - 1.0), std::clamp(p.y, 1.0, st.height - 1.0)};
}

Vec2 rotated(Vec2 v, double rad) {
  const double c = std::cos(rad), s = std::sin(rad);
  return {v.x * c - v.y * s, v.x * s + v.y * c};
}

struct Scored {
  double score = 0;
  pb::Command command;
};

// ---- moves ----

// End points near `goal`: the goal, then a ring around it, nearest to `from` first.
std::vector<Vec2> ends_near(const BgState& st, Vec2 from, Vec2 goal, double ring) {
  std::vector<Vec2> out{clamp_to_table(st, goal)};
  for (double r : {ring, ring * 2}) {
    std::vector<Vec2> around;
    for (int k = 0; k < 8; ++k) around.push_back(clamp_to_table(st, goal + Facing::from_degrees(k * 45).forward() * r));
    std::sort(around.begin(), around.end(),
              [&](Vec2 a, Vec2 b) { return geom::distance(from, a) < geom::distance(from, b); });
    out.insert(out.end(), around.begin(), around.begin() + 5);
  }
  return out;
}

// The buildings `u` may not enter now (BG-TER-10, counted as the seat sees them: the check
// itself counts only known units). A roll that would end in one stops short, so the bot keeps
// its paths clear of them rather than waste the move.
std::vector<const geom::Polygon*> full_buildings(const BgState& st, const Unit& u) {
  std::vector<const geom::Polygon*> out;
  for (const auto& t : st.terrain) {
    if (t.kind == TerrainKind::kBuilding && t.area && check_building_room(st, u, t.name)) out.push_back(&*t.area);
  }
  return out;
}

// A point of the path comes too close to a building it may not enter: inside it, or within 2"
// of it and closer than the start (a unit standing by one may walk away along it).
bool clear_of(const std::vector<const geom::Polygon*>& areas, Vec2 from, const std::vector<Vec2>& path) {
  if (areas.empty()) return true;
  std::vector<double> start;
  for (const auto* poly : areas) start.push_back(geom::distance_to_boundary(*poly, from));
  Vec2 a = from;
  for (const Vec2 b : path) {
    const double len = geom::distance(a, b);
    const int n = std::max(1, static_cast<int>(len / 0.5));
    for (int i = 1; i <= n; ++i) {
      const Vec2 p = a + (b - a) * (static_cast<double>(i) / n);
      for (std::size_t k = 0; k < areas.size(); ++k) {
        const double d = geom::distance_to_boundary(*areas[k], p);
        if (geom::locate(*areas[k], p) != geom::Where::kOutside || (d < 2.0 && d < start[k])) return false;
      }
    }
    a = b;
  }
  return true;
}

// The first accepted path toward `goal` (straight, else around an obstacle); nullopt if none.
template <typename Make>
std::optional<pb::Command> first_path(const BgState& st, Vec2 from, Vec2 goal, double ring, Make make) {
  for (const Vec2 end : ends_near(st, from, goal, ring)) {
    const Vec2 dir = end - from;
    const double len = geom::distance(from, end);
    if (len < 0.5) continue;
    if (auto c = make(std::vector<Vec2>{end}, degrees_along(dir))) return c;
    for (double turn : {0.6, -0.6, 1.2, -1.2}) {
      const Vec2 via = clamp_to_table(st, from + rotated(dir * (1.0 / len), turn) * std::min(len, 6.0));
      if (geom::distance(via, end) < 0.5) continue;
      if (auto c = make(std::vector<Vec2>{via, end}, degrees_along(end - via))) return c;
    }
  }
  return std::nullopt;
}

std::optional<pb::Command> infantry_move(const BgState& st, int side, const std::string& seat, const Unit& u, Vec2 goal,
                                         double ring, pb::BgMoveIntent intent) {
  const auto full = full_buildings(st, u);
  return first_path(st, com(u), goal, ring, [&](const std::vector<Vec2>& path, int deg) -> std::optional<pb::Command> {
    if (!clear_of(full, com(u), path)) return std::nullopt;
    pb::BgCommand c;
    auto* m = c.mutable_move();
    m->set_unit_id(u.id);
    m->set_intent(intent);
    for (const Vec2 p : path) *m->add_path() = to_point(p);
    m->set_facing_deg(deg);
    if (check_move(st, side, *m, nullptr)) return std::nullopt;
    return order_of(seat, c);
  });
}

std::optional<pb::Command> vehicle_move(const BgState& st, int side, const std::string& seat, const Unit& u, Vec2 goal,
                                        double ring) {
  return first_path(st, u.position, goal, ring, [&](const std::vector<Vec2>& path, int deg) -> std::optional<pb::Command> {
    pb::BgCommand c;
    auto* m = c.mutable_vehicle_move();
    m->set_unit_id(u.id);
    m->set_dice(std::max(1, u.vehicle->move_dice - 1));  // never risks immobilisation (BG-VMOV-01/02)
    for (const Vec2 p : path) *m->add_path() = to_point(p);
    m->set_facing_deg(deg);
    if (check_vehicle_move(st, side, *m)) return std::nullopt;
    return order_of(seat, c);
  });
}

// The best charge of `u` and its score (0: none worth it).
Scored best_charge(const Sight& s, const std::string& seat, const Unit& u, bool attack) {
  Scored best;
  if (!u.infantry_like() || non_standing(u)) return best;
  const int mine = u.living_fighters();
  for (const Unit* t : s.enemies) {
    if (t->is_vehicle() && !t->vehicle) continue;
    pb::BgCommand c;
    c.mutable_charge()->set_unit_id(u.id);
    c.mutable_charge()->set_target_id(t->id);
    if (check_charge(s.st, s.side, c.charge())) continue;
    const double dist = geom::distance(com(u), aim_point(s.st, *t));
    const double reach = u.kind == UnitKind::kCavalry && u.mounted ? 1.0 : p_3d6_at_least(dist);
    const double pass = at_least(plan_attack(s.st, u, *t, "").pool, charge_test_needed(u, *t));
    double odds = 0;
    if (t->infantry_like()) {
      const int theirs = std::max(1, t->living_fighters());
      const double ratio = static_cast<double>(mine) / theirs;
      odds = std::clamp((ratio - 0.8) / 1.2, 0.0, 1.0);  // 2:1 or better: a likely win (BG-MEL-06/08)
      if (t->markers.dug_in || building_at(s.st, std::vector<Vec2>{com(*t)})) odds *= 0.8;
    } else {
      continue;  // infantry against vehicles and emplacements: left to shooting
    }
    const double on_goal = near_objective(s.st, com(*t), 1.0) ? 2.0 : 1.0;
    const double p = pass * reach;
    if (p < (attack ? 0.3 : 0.45) || odds < 0.4) continue;
    const double score = 10.0 * p * odds * on_goal;
    if (score > best.score) {
      best.score = score;
      best.command = order_of(seat, c);
    }
  }
  return best;
}

// The move of `u` and its score (0: stay).
Scored best_move(const Sight& s, const std::string& seat, const Unit& u, bool attack) {
  Scored out;
  const BgState& st = s.st;
  const Objective* goal = goal_of(s, u);
  if (!goal) {
    // No objectives: close in on the nearest known enemy.
    if (s.enemies.empty()) return out;
  }
  Vec2 target = goal ? goal->at : com(*s.enemies.front());
  const double ring = goal ? std::max(0.5, radius_of(st, *goal) * 0.5) : 3.0;
  if (!u.carried_by.empty()) {
    // Passengers get off near the objective, or when their vehicle cannot go on.
    const Unit* v = st.find(u.carried_by);
    const double d = v ? geom::distance(v->position, target) : 0;
    if (d > 12 && v && v->vehicle && !v->vehicle->immobilized) return out;
    pb::BgCommand c;
    c.mutable_dismount()->set_unit_id(u.id);
    c.mutable_dismount()->set_facing_deg(degrees_along(target - (v ? v->position : com(u))));
    if (check_dismount(st, s.side, c.dismount())) return out;
    out.score = 3;
    out.command = order_of(seat, c);
    return out;
  }
  if (u.vehicle) {
    if (u.vehicle->immobilized) return out;
    // Vehicles stand off at 8" from the objective and shoot (they do not hold it by default).
    const double d = geom::distance(u.position, target);
    if (d <= 9) return out;
    const Vec2 stop = target + (u.position - target) * (8.0 / d);
    if (auto c = vehicle_move(st, s.side, seat, u, stop, 2.0)) {
      out.score = 2;
      out.command = *c;
    }
    return out;
  }
  if (!u.infantry_like()) return out;  // emplacements do not move
  const Objective* in = inside_any(st, u);
  if (in && (!attack || seen_holder(s, *in) != s.side || goal == in)) {
    // Stay on it; dig in when in the open (BG-MOVE-11: the whole move).
    if (!u.markers.dug_in && !building_at(st, std::vector<Vec2>{com(u)}) && !(u.kind == UnitKind::kCavalry && u.mounted)) {
      pb::BgCommand c;
      auto* m = c.mutable_move();
      m->set_unit_id(u.id);
      m->set_intent(pb::BG_MOVE_DIG_IN);
      m->set_facing_deg(facing_degrees(u.facing));
      if (!check_move(st, s.side, *m, nullptr)) {
        out.score = 0.5;
        out.command = order_of(seat, c);
      }
    }
    return out;
  }
  const double d = geom::distance(com(u), target);
  pb::BgMoveIntent intent = pb::BG_MOVE_WALK;
  if (u.kind == UnitKind::kCavalry && u.mounted) intent = pb::BG_MOVE_MOUNTED;
  else if (u.markers.dug_in) intent = pb::BG_MOVE_DIG_OUT;
  else if (d > 5) intent = pb::BG_MOVE_RUN;
  if (auto c = infantry_move(st, s.side, seat, u, target, ring, intent)) {
    out.score = 1 + std::min(d, 12.0) / 6.0;
    out.command = *c;
  } else if (intent == pb::BG_MOVE_RUN) {
    if (auto w = infantry_move(st, s.side, seat, u, target, ring, pb::BG_MOVE_WALK)) {
      out.score = 1;
      out.command = *w;
    }
  }
  return out;
}

// The value of hitting `t`: more near an objective or close to our units.
double target_weight(const Sight& s, const Unit& t) {
  double w = 1.0;
  if (near_objective(s.st, aim_point(s.st, t), 3.0)) w *= 1.6;
  if (t.infantry_like() && t.living_fighters() > 0) w *= 1.0 + 0.5 / t.living_fighters();  // finish weak units
  return w;
}

// The best shot of `u` (every weapon of a vehicle at its own best target) and its score.
Scored best_shot(const Sight& s, const std::string& seat, const Unit& u) {
  Scored out;
  std::vector<std::string> weapons{""};
  if (u.vehicle) {
    weapons.clear();
    for (const auto& w : u.vehicle->weapons) weapons.push_back(w.id);
  }
  pb::BgCommand all;
  all.mutable_shoot()->set_unit_id(u.id);
  double total = 0;
  Scored single;
  for (const auto& wid : weapons) {
    double bs = 0;
    const Unit* bt = nullptr;
    for (const Unit* t : s.enemies) {
      pb::BgCommand c;
      auto* sh = c.mutable_shoot();
      sh->set_unit_id(u.id);
      auto* shot = sh->add_shots();
      shot->set_target_id(t->id);
      shot->set_weapon_id(wid);
      if (check_shoot_order(s.st, s.side, *sh)) continue;
      const double e = expected_net(plan_attack(s.st, u, *t, wid).pool) * target_weight(s, *t) + 0.01;
      if (e > bs) {
        bs = e;
        bt = t;
      }
      if (e > single.score) {
        single.score = e;
        single.command = order_of(seat, c);
      }
    }
    if (!bt) continue;
    auto* shot = all.mutable_shoot()->add_shots();
    shot->set_target_id(bt->id);
    shot->set_weapon_id(wid);
    total += bs;
  }
  if (all.shoot().shots_size() > 1 && !check_shoot_order(s.st, s.side, all.shoot())) {
    out.score = total;
    out.command = order_of(seat, all);
    return out;
  }
  return single;
}

// BG-ART-01: aim points from legal_actions: the one on the enemy with most figures near an
// objective, away from our own units.
std::optional<pb::Command> best_aim(const Sight& s, const std::vector<pb::Command>& acts) {
  std::optional<pb::Command> best;
  double bs = -1e300;
  for (const auto& a : acts) {
    pb::BgCommand c;
    if (!a.has_payload() || !a.payload().UnpackTo(&c) || !c.has_call_fire() || c.call_fire().aim_points_size() == 0) continue;
    const Vec2 p = to_vec(c.call_fire().aim_points(0));
    double score = 0;
    for (const Unit* e : s.enemies) {
      const double d = geom::distance(aim_point(s.st, *e), p);
      if (d < 4) score += e->infantry_like() ? e->living_fighters() : 3;
    }
    for (const auto& u : s.st.units) {
      if (u.side == s.side && u.on_table && !u.destroyed && geom::distance(aim_point(s.st, u), p) < 6) score -= 8;
    }
    if (near_objective(s.st, p, 3.0)) score += 2;
    if (score > bs) {
      bs = score;
      best = a;
    }
  }
  return best;
}

// Shaffer's skirmish (profile b), the unit whose card is up: assault from within 1" with three
// men or more; a defender whose best shot needs a natural 7 or less waits on reaction fire; else
// fire at the target it hits most easily when a natural 5 or more would hit; else clear a jam;
// else Carroll's move toward the goal while attacking; else the card ends.
pb::Command skirmish_choice(const Sight& s, const std::string& seat, const std::vector<pb::Command>& acts, bool attack) {
  const Unit* u = s.st.find(s.st.skirmish_active);
  std::optional<pb::Command> fire, assault, unjam, react, end;
  int best_fire = 1000;
  for (const auto& a : acts) {
    pb::BgCommand c;
    if (!a.has_payload() || !a.payload().UnpackTo(&c)) continue;
    if (c.has_assault() && u && fighters(*u).size() >= 3 && (!assault || c.assault().grenades())) assault = a;
    if (c.has_unjam()) unjam = a;
    if (c.has_react()) react = a;
    if (c.has_end_action()) end = a;
    if (c.has_shoot() && u) {
      const Unit* t = s.st.find(c.shoot().shots(0).target_id());
      if (!t) continue;
      const int total = plan_bgs_fire(s.st, *u, *t, false).total;
      if (total < best_fire) {
        best_fire = total;
        fire = a;
      }
    }
  }
  if (assault) return *assault;
  // A defender whose best shot is poor waits for the enemy to come closer or show itself.
  if (!attack && react && u && u->bgs->actions == 0 && (!fire || 13 - best_fire < 8)) return *react;
  if (fire && 13 - best_fire >= 5) return *fire;
  if (unjam) return *unjam;
  if (u && attack) {
    const Scored m = best_move(s, seat, *u, attack);
    if (m.score > 0) return m.command;
  }
  if (fire) return *fire;
  if (react && u && u->bgs->actions == 0) return *react;
  return end ? *end : acts.front();
}

class SmartBot final : public Bot {
 public:
  std::optional<pb::Command> choose(const Game& game, const std::string& seat, Pcg32& rng) override {
    const auto& st = static_cast<const BgState&>(game.state());
    auto acts = legal_actions(st, seat);
    if (acts.empty()) return std::nullopt;
    const int side = st.side_index(seat);
    const Sight s = look(st, side);
    if (!st.decisions.empty()) return answer(st, acts);
    if (side_owing_aim(st) == side) {
      if (auto a = best_aim(s, acts)) return a;
      return acts.front();
    }
    if (st.phase != Phase::kCards || st.action.side != side) return acts.front();
    const bool attack = attacking(s);
    if (skirmish(st)) return skirmish_choice(s, seat, acts, attack);
    Scored best;
    for (const auto& u : st.units) {
      const Unit* ok = nullptr;
      if (u.side != side || check_unit_may_act(st, side, u.id, st.action.action, &ok)) continue;
      Scored here;
      if (st.action.action == BgAction::kMove) {
        here = best_move(s, seat, u, attack);
        const Scored ch = best_charge(s, seat, u, attack);
        if (ch.score > 0 && ch.score >= here.score) here = ch;
      } else {
        here = best_shot(s, seat, u);
      }
      if (here.score <= 0) continue;
      // A tiny seeded jitter so equal choices vary between games.
      here.score += static_cast<double>(rng.below(1000)) * 1e-6;
      if (here.score > best.score) best = here;
    }
    if (best.score > 0) return best.command;
    // BGM-GEN-05: a jammed gun is cleared when there is nothing better to do.
    for (const auto& a : acts) {
      pb::BgCommand c;
      if (a.has_payload() && a.payload().UnpackTo(&c) && c.has_unjam()) return a;
    }
    // BG-ART-01: write a strike that is still unwritten (legal_actions' own aim), then end.
    for (const auto& a : acts) {
      pb::BgCommand c;
      if (a.has_payload() && a.payload().UnpackTo(&c) && c.has_plan_strike()) return a;
    }
    for (const auto& a : acts) {
      pb::BgCommand c;
      if (a.has_payload() && a.payload().UnpackTo(&c) && c.has_end_action()) return a;
    }
    return acts.front();
  }

 private:
  // Decisions: the defender's option (BG-MEL-12) shoots when it may; anything else the bot does
  // not know gets the first legal answer.
  static pb::Command answer(const BgState& st, const std::vector<pb::Command>& acts) {
    // BGM-RF-06, BGM-ASLT-05: reaction fire and counter-assaults are taken (the first choice).
    if (st.decisions.front().rule_id() == "BG-MEL-12") {
      for (const char* want : {"shoot", "both", "none"}) {
        for (const auto& a : acts) {
          if (a.has_answer() && a.answer().choice_id() == want) return a;
        }
      }
    }
    return acts.front();
  }
};

}  // namespace

std::unique_ptr<Bot> make_bg_smart_bot() { return std::make_unique<SmartBot>(); }

std::string attacking_side(const pb::Scenario& s) {
  std::string owner;
  for (const auto& o : s.victory().objectives()) {
    if (!o.owner().empty()) owner = o.owner();
  }
  for (const auto& side : s.sides()) {
    if (side.id() != owner) return side.id();
  }
  return s.sides(0).id();
}

}  // namespace sandtable::bg
