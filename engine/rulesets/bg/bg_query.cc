// Battleground queries (RuleSet::query; docs/engine.md "Queries"): read-only previews a seat uses
// to aim. Every answer comes from the handlers' own code, run without dice on the state as it
// stands:
// - measure: the range between two places as BG-FIRE-09 measures it (a unit's aim point: CoM,
//   hull, or the centre of the building it holds) and the line of sight as BG-LOS-01..04/07
//   decide it (sight_blocker, the shots' own code), with the night limit (BG-LOS-06);
// - preview of a move or drive pick: the handler's check (check_move / plan_vehicle), then the
//   path walked with the handler's own walk (move_along / walk_path): its cost in inches
//   (BG-TER-02..04), the facing or turning cost, and the roll the dice need to reach its end;
// - preview of a shot or a charge: the check the handler uses, and the dice pool it would roll
//   (plan_attack, charge_test_pool), with the range and the line of sight;
// - any other pick: accepted, since the menu offers it only when the handler accepts it.
// Hidden units (BG-UNIT-09) and secret terrain (BG-MINE-02) the seat may not see are simply not
// there for it: a place naming a hidden unit gets the sentence a missing unit gets, they never
// block its sight, and its path costs are those of the terrain it knows.
#include <algorithm>
#include <cmath>
#include <optional>

#include "engine/model/menu_pick.h"
#include "engine/model/refusal.h"
#include "engine/model/payload.h"
#include "engine/model/rejection.h"
#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_damage.h"
#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_move_util.h"
#include "engine/rulesets/bg/bg_path.h"
#include "engine/rulesets/bg/bg_rules_impl.h"
#include "engine/rulesets/bg/bgm_layer.h"

namespace sandtable::bg {

namespace {

constexpr const char* kGm = "gm";
constexpr double kUnlimited = 1e9;

pb::QueryAnswer refused(const Refusal& r) { return refused_answer({r.code, r.rule, r.message}); }

// Who asks: a side (what it knows), the GM (everything) or a spectator (what no side hides);
// what each may know is what its view shows (bg_view.cc).
using Viewer = Seer;

bool sees(const Unit& u, const Viewer& v) { return u.on_table && knows_unit(u, v); }

bool knows(const BgState& st, const Terrain& t, const Viewer& v) { return knows_terrain(st, t, v); }

// The table as the viewer knows it: `st` itself, or a copy without the terrain kept from it.
const BgState& known_table(const BgState& st, const Viewer& v, std::optional<BgState>& copy) {
  if (std::all_of(st.terrain.begin(), st.terrain.end(), [&](const Terrain& t) { return knows(st, t, v); })) return st;
  copy.emplace(st);
  std::erase_if(copy->terrain, [&](const Terrain& t) { return !knows(st, t, v); });
  return *copy;
}

std::string number(double d) {
  std::string s = inches(d);
  s.pop_back();  // the inch mark
  return s;
}

std::string hits_on(int hit_from) { return hit_from > 6 ? "cannot hit" : "hits on " + std::to_string(hit_from) + "+"; }

// The chance that `dice` D6 total at least `need`, in whole per cent.
int chance_at_least(int dice, int need) {
  std::vector<long long> ways{1};
  for (int d = 0; d < dice; ++d) {
    std::vector<long long> next(ways.size() + 6, 0);
    for (std::size_t s = 0; s < ways.size(); ++s) {
      for (int f = 1; f <= 6; ++f) next[s + static_cast<std::size_t>(f)] += ways[s];
    }
    ways = std::move(next);
  }
  long long hit = 0, all = 0;
  for (std::size_t s = 0; s < ways.size(); ++s) {
    all += ways[s];
    if (static_cast<int>(s) >= need) hit += ways[s];
  }
  return static_cast<int>(std::llround(100.0 * static_cast<double>(hit) / static_cast<double>(all)));
}

// The smallest roll total of `dice` D6 for which `reaches` holds (it holds for every larger
// total), or nullopt when even the best roll does not.
template <class F>
std::optional<int> least_roll(int dice, F reaches) {
  int lo = dice, hi = 6 * dice;
  if (!reaches(hi)) return std::nullopt;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (reaches(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

std::string roll_words(int dice, std::optional<int> need) {
  const std::string pool = std::to_string(dice) + "D6";
  if (!need) return "no roll of " + pool + " carries it to the end: it stops where the roll runs out";
  if (*need <= dice) return "any roll of " + pool + " carries it to the end";
  return "it reaches the end on a roll of " + std::to_string(*need) + " or more on " + pool + " (" +
         std::to_string(chance_at_least(dice, *need)) + "%)";
}

// ---- places and measuring ----

struct End {
  Vec2 at;
  const Unit* unit = nullptr;
  std::string words;
};

Check place_of(const BgState& st, const Viewer& v, const pb::Place& p, End* out) {
  const int named = (p.unit_id().empty() ? 0 : 1) + (p.has_point() ? 1 : 0) + (p.has_square() ? 1 : 0);
  if (named != 1) return refusal("BAD_PLACE", "GEN", "Name each place once: a unit, or a point on the table.");
  if (!p.unit_id().empty()) {
    const Unit* u = st.find(p.unit_id());
    // A unit hidden from the viewer is answered exactly like one that does not exist.
    if (!u || !sees(*u, v)) return refusal("BG_NO_SUCH_UNIT", "BG-FIRE-09", "There is no unit '" + p.unit_id() + "' on the table.");
    out->at = aim_point(st, *u);  // BG-FIRE-09: CoM, hull, or the building's centre
    out->unit = u;
    out->words = label(*u);
    return std::nullopt;
  }
  if (p.has_square()) {
    return refusal("BG_NO_SQUARES", "BG-GEN-04", "Battleground is played on a free table: measure from a unit or a point.");
  }
  const Vec2 at = to_vec(p.point());
  if (!geom::is_finite(at) || at.x < 0 || at.y < 0 || at.x > st.width || at.y > st.height) {
    return refusal("BG_OFF_TABLE", "BG-GEN-04",
                   "That point is not on the " + inches(st.width) + " by " + inches(st.height) + " table.");
  }
  out->at = at;
  out->words = "(" + number(at.x) + ", " + number(at.y) + ")";
  return std::nullopt;
}

bool dark(const BgState& st, double range) {  // BG-LOS-06: 12" at night unless a flare is lit
  return st.options.night && st.lit_until_turn < st.turn && geom::beyond(range, kNightSight);
}

pb::QueryAnswer measure(const BgState& real, const Viewer& v, const pb::Measure& m) {
  std::optional<BgState> copy;
  const BgState& st = known_table(real, v, copy);
  End from, to;
  if (auto r = place_of(st, v, m.from(), &from)) return refused(*r);
  if (auto r = place_of(st, v, m.to(), &to)) return refused(*r);
  const double d = geom::distance(from.at, to.at);
  const auto blocker = sight_blocker(st, from.at, to.at, from.unit, to.unit, v.side, v.gm);
  const bool night = !blocker && dark(st, d);
  pb::QueryAnswer a;
  a.set_ok(true);
  a.set_distance(d);
  a.set_line_of_sight(!blocker && !night);
  std::string text = inches(d) + " from " + from.words + " to " + to.words + ", ";
  if (blocker) text += "out of sight: " + *blocker + " blocks the line";
  else if (night) text += "out of sight in the dark (12\" at night)";
  else text += "in sight";
  a.set_text(text);
  return a;
}

// ---- previews ----

// The one place a menu pick becomes this rule set's own order (Game has checked that it is on
// the seat's menu; order_for may still refuse it, e.g. a mode not offered).
Check previewed_order(const Battleground& rules, const BgState& st, const std::string& seat, const pb::PlayAction& play,
                      pb::BgCommand* out, std::string* label_words) {
  pb::ActionMenu menu;
  rules.actions(st, seat, menu);
  for (const auto& d : st.decisions) {
    if (d.seat() == seat) rules.decision_actions(st, d, menu);  // a drawn flee (BG-MEL-14)
  }
  try {
    const pb::Action& picked = on_menu(menu, play);
    *out = payload_of<pb::BgCommand>(rules.order_for(st, seat, picked, play));
    *label_words = picked.label();
  } catch (const Rejected& r) {
    return refusal(r.rejection().code(), r.rejection().rule_id(), r.rejection().message());
  }
  return std::nullopt;
}

void add_dice(pb::QueryAnswer& a, const std::string& label_words, const char* colour, int count) {
  if (count <= 0) return;
  pb::DicePool* p = a.add_dice();
  p->set_label(label_words);
  p->set_kind(pb::DIE_KIND_D6);
  p->set_count(count);
  p->set_colour(colour);
}

// BG-MOR-04: a routing unit's move or charge is its rally roll.
std::optional<pb::QueryAnswer> rally_instead(const BgState& st, int side, const std::string& unit_id) {
  const Unit* u = st.find(unit_id);
  if (!u || !u->markers.routing) return std::nullopt;
  if (auto r = check_unit_may_act(st, side, unit_id, BgAction::kMove, &u)) return refused(*r);
  pb::QueryAnswer a;
  a.set_ok(true);
  a.set_text(label(*u) + " is routing: this order is its rally roll (BG-MOR-04), not a move.");
  return a;
}

pb::QueryAnswer preview_move(const BgState& real, const Viewer& v, int side, const pb::BgMove& m) {
  if (auto rally = rally_instead(real, side, m.unit_id())) return *rally;
  MovePlan plan;
  if (auto r = check_move(real, side, m, &plan)) return refused(*r);
  std::optional<BgState> copy;
  const BgState& st = known_table(real, v, copy);
  const Unit& u = *st.find(m.unit_id());
  pb::QueryAnswer a;
  a.set_ok(true);
  if (plan.dice == 0) {
    a.set_text(label(u) + (m.intent() == pb::BG_MOVE_DIG_IN ? " digs in: that is its whole move (BG-MOVE-11)."
                                                            : " digs out and stays where it is (BG-MOVE-12)."));
    return a;
  }
  const Formation formation = m.figures_size() > 0 ? declared_formation(u, m.figures()) : current_formation(u);
  auto walk = [&](double allowance, MoveOutcome* out) { return move_along(st, u, plan.path, *plan.end_facing, allowance, formation, out); };
  auto allowance_of = [&](int roll) { return roll + (m.road() ? road_bonus(st.options, roll) : 0.0); };
  MoveOutcome full, best;
  if (auto r = walk(kUnlimited, &full)) return refused(*r);
  if (auto r = walk(allowance_of(6 * plan.dice), &best)) return refused(*r);
  // Cohesion does not depend on the roll: the handler refuses it whatever the dice (BG-MOVE-01).
  if (auto r = check_end_position(st, u, full.figures); r && r->code != "BG_ON_ENEMY" && r->code != "BG_OFF_TABLE") {
    return refused(*r);
  }
  const auto need = least_roll(plan.dice, [&](int roll) {
    MoveOutcome o;
    return !walk(allowance_of(roll), &o) && o.reached;
  });
  a.set_distance(geom::distance(plan.path.front(), plan.path.back()));
  a.set_inches_used(full.used);
  a.set_inches_left(best.allowance - full.used);
  std::string text = label(u) + ": the path costs " + inches(full.used);
  if (full.facing_cost > 0) text += ", the facing change " + inches(full.facing_cost);
  text += "; " + roll_words(plan.dice, need) + ".";
  if (const auto r = check_end_position(st, u, full.figures)) {
    text += r->code == "BG_OFF_TABLE" ? " Its end is off the table: the unit would stop short."
                                      : " Its end is on the enemy: the unit would stop short.";
  }
  a.set_text(text);
  return a;
}

pb::QueryAnswer preview_drive(const BgState& real, const Viewer& v, int side, const pb::BgVehicleMove& m) {
  VehiclePlan plan;
  if (auto r = plan_vehicle(real, side, m, &plan)) return refused(*r);
  std::optional<BgState> copy;
  const BgState& st = known_table(real, v, copy);
  const Unit& u = *st.find(m.unit_id());
  WalkResult full;
  if (auto r = walk_path(st, u, plan.path, kUnlimited, &full)) return refused(*r);
  double turn_cost = 0;
  const double best = vehicle_budget(st, u, m, plan, 6 * m.dice(), &turn_cost);
  const auto need = least_roll(m.dice(), [&](int roll) {
    double cost = 0;
    WalkResult w;
    return !walk_path(st, u, plan.path, vehicle_budget(st, u, m, plan, roll, &cost), &w) && w.reached;
  });
  pb::QueryAnswer a;
  a.set_ok(true);
  a.set_distance(geom::distance(plan.path.front(), plan.path.back()));
  a.set_inches_used(full.used);
  a.set_inches_left(best - full.used);
  std::string text = label(u) + ": the path costs " + inches(full.used);
  if (turn_cost > 0) text += ", turning " + std::to_string(plan.turn_deg) + " degrees " + inches(turn_cost);
  if (m.reverse()) text += ", reversing at a third of the roll";
  text += "; " + roll_words(m.dice(), need) + ".";
  // BG-VMOV-01/02: rolling every die risks immobilisation.
  std::vector<int> stuck;
  for (int total = m.dice(); total <= 6 * m.dice(); ++total) {
    if (immobilized_by_roll(u.vehicle->move_dice, m.dice(), total)) stuck.push_back(total);
  }
  if (!stuck.empty()) {
    text += " Rolling all " + std::to_string(m.dice()) + " dice, a total of " + std::to_string(stuck.front());
    if (stuck.size() > 1) text += " to " + std::to_string(stuck.back());
    text += " immobilizes it for the rest of the game.";
  }
  for (const auto& id : plan.overrun) {
    if (const Unit* o = st.find(id)) text += " It overruns " + label(*o) + " (BG-VMOV-08).";
  }
  a.set_text(text);
  return a;
}

pb::QueryAnswer preview_shoot(const BgState& st, int side, const pb::BgShoot& s) {
  if (auto r = check_no_execution(st, side, s)) return refused(*r);  // BG-PRIS-02
  if (auto r = check_shoot_order(st, side, s)) return refused(*r);
  pb::QueryAnswer a;
  a.set_ok(true);
  std::vector<const pb::BgShoot*> orders{&s};
  for (const auto& x : s.also()) orders.push_back(&x);
  std::string text;
  bool first = true;
  for (const pb::BgShoot* o : orders) {
    const Unit& u = *st.find(o->unit_id());
    for (const auto& shot : o->shots()) {
      const Unit& t = *st.find(shot.target_id());
      const Weapon* w = weapon_of(u, shot.weapon_id());
      if (bgm_at_shot(st, u, w, t)) {  // Shaffer's d20 anti-tank fire (BGM-AT-01)
        pb::DicePool* d = a.add_dice();
        d->set_label("to hit");
        d->set_kind(pb::DIE_KIND_D20);
        d->set_count(bgm_shots(st, u, t));
        const bool sight = !los_blocker(st, u, t);
        const double range = geom::distance(aim_point(st, u), aim_point(st, t));
        if (first) {
          a.set_distance(range);
          a.set_line_of_sight(sight);
          first = false;
        }
        if (!text.empty()) text += " ";
        text += label(u) + " at " + label(t) + (shot.weapon_id().empty() ? "" : " with " + shot.weapon_id()) + ": " +
                bgm_words(st, u, t) + "; " + inches(range) + (sight ? ", in sight" : ", out of sight") + ".";
        continue;
      }
      const AttackPlan p = plan_attack(st, u, t, shot.weapon_id());
      // Labelled as carry_out_attack labels the dice it rolls (BG-FIRE-02..04).
      add_dice(a, "white", "white", p.pool.white);
      add_dice(a, "blue", "blue", p.pool.blue);
      add_dice(a, "red", "red", p.pool.red);
      const bool sight = !los_blocker(st, u, t);
      if (first) {
        a.set_distance(p.range);
        a.set_line_of_sight(sight);
        first = false;
      }
      if (!text.empty()) text += " ";
      text += label(u) + " at " + label(t) + (shot.weapon_id().empty() ? "" : " with " + shot.weapon_id()) + ": " +
              std::to_string(p.pool.white) + " white, " + std::to_string(p.pool.blue) + " blue against " +
              std::to_string(p.pool.red) + " red, " + hits_on(p.pool.hit_from) + "; " + inches(p.range) +
              (sight ? ", in sight" : ", out of sight");
      if (p.flank) text += "; flank shot";
      if (p.pool.halve) text += "; net hits halved (no heavy weapon against armour)";
      if (p.pool.double_hits) text += "; net hits doubled (main gun against armour)";
      for (const auto& n : p.notes) text += "; " + n;
      text += ".";
    }
  }
  a.set_text(text);
  return a;
}

pb::QueryAnswer preview_charge(const BgState& st, int side, const pb::BgCharge& c) {
  if (auto rally = rally_instead(st, side, c.unit_id())) return *rally;
  if (auto r = check_charge(st, side, c)) return refused(*r);
  const Unit& u = *st.find(c.unit_id());
  const Unit& t = *st.find(c.target_id());
  pb::QueryAnswer a;
  a.set_ok(true);
  a.set_distance(geom::distance(com(u), com(t)));  // as the charge test records it
  a.set_line_of_sight(!los_blocker(st, u, t));
  std::string text = label(u) + " charges " + label(t) + " " + inches(a.distance()) + " away: ";
  if (charge_continues(st, u, t)) {
    text += "the charge that fell short goes on, with no new test (BG-MEL-18).";
  } else if (u.vehicle) {
    text += "a vehicle takes no charge test (GAP-BG-MEL-16).";
  } else {
    // BG-MEL-01: the charge test, rolled as a shot and labelled as charge_test_roll labels it.
    const ChargePool p = charge_test_pool(st, u, t);
    add_dice(a, "charge test white", "white", p.white);
    add_dice(a, "charge test blue", "blue", p.blue);
    add_dice(a, "charge test red", "red", p.red);
    const int needed = charge_test_needed(u, t);
    text += "charge test " + std::to_string(p.white) + " white, " + std::to_string(p.blue) + " blue against " +
            std::to_string(p.red) + " red, " + hits_on(p.hit_from) +
            (p.halve ? ", net hits halved (no heavy weapon against armour, BG-VEH-02)" : "") + "; it needs " +
            std::to_string(needed) +
            (needed == 1 ? " net hit" : " net hits") + " to go in (BG-MEL-01).";
  }
  a.set_text(text);
  return a;
}

pb::QueryAnswer accepted(Check c, const std::string& words) {
  if (c) return refused(*c);
  pb::QueryAnswer a;
  a.set_ok(true);
  a.set_text(words + ": can be ordered now.");
  return a;
}

}  // namespace

pb::QueryAnswer Battleground::query(const GameState& state, const std::string& seat, const pb::Query& q) const {
  const auto& st = static_cast<const BgState&>(state);
  const Viewer v{st.side_index(seat), seat == kGm};
  if (q.has_measure()) return measure(st, v, q.measure());
  pb::BgCommand c;
  std::string words;
  if (auto r = previewed_order(*this, st, seat, q.preview(), &c, &words)) return refused(*r);
  const int side = v.side;
  switch (c.body_case()) {
    case pb::BgCommand::kMove: return preview_move(st, v, side, c.move());
    case pb::BgCommand::kVehicleMove: return preview_drive(st, v, side, c.vehicle_move());
    case pb::BgCommand::kShoot: return preview_shoot(st, side, c.shoot());
    case pb::BgCommand::kCharge: return preview_charge(st, side, c.charge());
    case pb::BgCommand::kMount: return accepted(check_mount(st, side, c.mount()), words);
    case pb::BgCommand::kDismount: return accepted(check_dismount(st, side, c.dismount()), words);
    case pb::BgCommand::kCavalry: return accepted(check_cavalry(st, side, c.cavalry()), words);
    case pb::BgCommand::kFlee: return accepted(check_flee(st, side, c.flee()), words);  // BG-MEL-14
    case pb::BgCommand::kMeleeOrder: return accepted(check_melee_order(st, side, c.melee_order()), words);  // BG-MEL-10
    default:
      // The menu offers these only when their handler accepts them (MenuProperty.*).
      return accepted(std::nullopt, words);
  }
}

}  // namespace sandtable::bg
