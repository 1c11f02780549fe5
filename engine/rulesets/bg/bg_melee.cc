// Charges (BG-MEL-01..04, BG-MEL-12..14, BG-MEL-17/18): the test, the defender's option (a
// pending decision), the flee, the distance roll and the melee marker. The rounds themselves
// are in bg_melee_fight.cc.
#include <algorithm>

#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_combat_util.h"
#include "engine/rulesets/bg/bg_move_util.h"
#include "engine/rulesets/bg/bg_path.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

namespace {

bool shooter_kind(FigureKind k) {
  // BG-FIRE-16 medics, BG-CAV-05 horse-holders and non-fighting specials do not shoot.
  return k != FigureKind::kMedic && k != FigureKind::kHorseHolder && k != FigureKind::kMule;
}

// The melee the unit is in (marked this turn and not yet fought), or nullptr.
const Melee* melee_of(const BgState& st, const std::string& unit_id) {
  for (const auto& m : st.melees) {
    if (m.over) continue;
    if (std::find(m.attackers.begin(), m.attackers.end(), unit_id) != m.attackers.end()) return &m;
    if (std::find(m.defenders.begin(), m.defenders.end(), unit_id) != m.defenders.end()) return &m;
  }
  return nullptr;
}

// The target's protection: its building, else the most protective area it stands in, plus
// dug in (BG-TER-06, BG-MOVE-13); emplacement / vehicle armour for those.
int protection(const BgState& st, const Unit& t) {
  if (t.emplacement) return t.emplacement->red;
  if (t.vehicle) return t.vehicle->armour;
  int red = 0;
  if (!t.building.empty()) {
    if (const Terrain* b = st.terrain_named(t.building)) red = b->red;
  } else {
    const Vec2 c = com(t);
    for (const auto& a : st.terrain) {
      if (a.area && a.red > red && geom::locate(*a.area, c) != geom::Where::kOutside) red = a.red;
    }
  }
  if (t.markers.dug_in) red += kDugInRed;
  return red;
}

// walk_path with the charged unit (and its melee) not counted as an obstacle: the charge ends
// on it (BG-MEL-03), while every other enemy still blocks (BG-MOVE-10).
Check charge_walk(const BgState& st, const Unit& u, const std::string& target, std::span<const Vec2> path, double budget,
                  WalkResult* w) {
  // Passing the target by name, not a copy of the state with the target gone: the bots and the
  // menu ask this of every charge they weigh.
  return walk_path(st, u, path, budget, w, &target);
}

// A move that does not end in contact: back from `to` toward `from` until the unit's formation,
// translated with its CoM, stands legally (BG-MOVE-10: never on the enemy; on the table).
Vec2 back_off(const BgState& st, const Unit& u, Vec2 from, Vec2 to) {
  const Formation base = current_formation(u);
  const Vec2 c0 = com(u);
  auto ok_at = [&](Vec2 p) {
    Formation f = base;
    for (auto& fig : f) fig.second = fig.second + (p - c0);
    if (check_end_position(st, u, f)) return false;
    // Clear of every vehicle hull by a base width, so no vehicle is left wedged (BG-VMOV-07).
    for (const auto& o : st.units) {
      if (!o.vehicle || o.destroyed || !o.on_table) continue;
      const geom::Polygon hull = vehicle_hull(o);
      for (const auto& fig : f) {
        if (geom::locate(hull, fig.second) != geom::Where::kOutside ||
            geom::within(geom::distance_to_boundary(hull, fig.second), st.options.base_size)) {
          return false;
        }
      }
    }
    return true;
  };
  for (int k = 0; k <= 64; ++k) {
    const Vec2 p = to + (from - to) * (k / 64.0);
    if (ok_at(p)) return p;
  }
  return from;
}

std::vector<Vec2> charge_path(const Unit& u, const Unit& target, const pb::BgCharge& c) {
  std::vector<Vec2> path{com(u)};
  for (const auto& p : c.path()) path.push_back(to_vec(p));
  path.push_back(com(target));
  return path;
}

// The sides' cards this turn (BG-MEL-12: the defender may use a card his side has not had yet).
bool side_had(const BgState& st, int side, BgAction action) {
  for (const auto& card : st.deck.this_turn()) {
    if (is_joker(card)) continue;
    const auto a = bg_suit_action(card.suit());
    if (a && side_of(st, a->side) == side && a->action == action) return true;
  }
  return false;
}

void emit_response(Context& ctx, const std::string& unit, const std::string& choice) {
  pb::BgEvent e;
  e.mutable_defender_response()->set_unit_id(unit);
  e.mutable_defender_response()->set_choice(choice);
  emit_bg(ctx, e);
}

}  // namespace

// BG-MEL-14 "Flee straight away": the rolled 2D6 straight away from the charger (GAP-BG-MEL-14:
// along the line charger CoM -> defender CoM, facing kept, so no facing cost); a dug-in defender
// digs out for free.
void flee_straight(Context& ctx, BgState& st, const Unit& def, const Unit& charger, int roll) {
  const Vec2 from = com(def);
  Vec2 dir = from - com(charger);
  const double len = geom::length(dir);
  dir = geom::negligible(len) ? def.facing.forward() * -1.0 : dir / len;
  std::vector<Vec2> path{from, from + dir * static_cast<double>(roll)};
  WalkResult w;
  if (auto c = walk_path(st, def, path, roll, &w)) {
    w.end = from;  // blocked (river, table edge feature): it cannot get away
    w.notes.push_back("flee blocked: " + c->message);
  }
  w.end = back_off(st, def, from, w.end);  // stays on the table, off other enemy units
  if (def.markers.dug_in) {
    pb::BgEvent m;
    m.mutable_markers()->set_unit_id(def.id);
    m.mutable_markers()->add_removed("dug_in");
    m.mutable_markers()->set_reason("fled from a charge (BG-MEL-14)");
    emit_bg(ctx, m);
  }
  pb::BgUnitMoved mv;
  mv.set_unit_id(def.id);
  mv.set_intent(pb::BG_MOVE_FLEE);
  mv.set_roll(roll);
  mv.set_allowance(roll);
  mv.set_used(w.used);
  mv.set_reached(w.reached);
  *mv.mutable_from() = to_point(from);
  *mv.mutable_to() = to_point(w.end);
  mv.set_facing_deg(facing_degrees(def.facing));
  const Vec2 shift = w.end - from;
  for (const auto& f : def.figures) {
    if (!f.alive || f.prisoner) continue;
    auto* p = mv.add_figures();
    p->set_figure_id(f.id);
    *p->mutable_position() = to_point(f.pos + shift);
  }
  for (auto& n : w.notes) mv.add_notes(n);
  mv.set_acted_as("flee");
  emit_unit_moved(ctx, st, def, mv);
}

// BG-VMOV-07 for a vehicle that does not reach: its hull may not end on another unit or off
// the table; it backs along its path until it fits (else it stays).
Vec2 vehicle_stop(const BgState& st, const Unit& v, const std::vector<Vec2>& path, Vec2 end, Facing facing) {
  auto fits = [&](Vec2 at) {
    Unit moved = v;
    moved.position = at;
    moved.facing = facing;
    const geom::Polygon hull = vehicle_hull(moved);
    for (Vec2 c : hull.vertices()) {
      if (c.x < 0 || c.y < 0 || c.x > st.width || c.y > st.height) return false;
    }
    for (const auto& o : st.units) {
      if (o.id == v.id || !o.on_table || o.destroyed || !o.carried_by.empty()) continue;
      for (const auto& fp : footprints(st, o)) {
        for (Vec2 c : fp.vertices()) {
          if (geom::locate(hull, c) != geom::Where::kOutside) return false;
        }
        for (Vec2 c : hull.vertices()) {
          if (geom::locate(fp, c) != geom::Where::kOutside) return false;
        }
      }
    }
    return true;
  };
  if (fits(end)) return end;
  for (Vec2 p : back_off_points(path, end)) {
    if (fits(p)) return p;
  }
  return path.front();
}

// BG-MEL-03/13/16/17: the distance roll and the move; a reached charge marks (or joins) a melee.
void charge_distance(Context& ctx, BgState& st, const std::string& charger_id, const std::string& target_id,
                     std::vector<Vec2> waypoints, bool continued) {
  const Unit* u = st.active_unit(charger_id);
  const Unit* t = st.active_unit(target_id);
  pb::BgEvent e;
  auto* m = e.mutable_charge_moved();
  m->set_unit_id(charger_id);
  m->set_target_id(target_id);
  m->set_continued(continued);
  auto fighting = [](const Unit* x) { return x && (x->vehicle ? !x->destroyed : x->living_fighters() > 0); };
  if (!fighting(u) || !fighting(t)) {
    // The defender's fire destroyed the charger (or the target is gone): nothing moves.
    *m->mutable_to() = to_point(u ? com(*u) : Vec2{});
    emit_bg(ctx, e);
    return;
  }
  // BG-MEL-16: a vehicle charges with its maximum movement dice; BG-MEL-17 cavalry 4D6.
  const int dice = u->vehicle ? u->vehicle->move_dice
                   : u->kind == UnitKind::kCavalry && u->mounted ? kCavalryChargeDice
                                                                 : kChargeDice;
  int roll = 0;
  for (int i = 0; i < dice; ++i) roll += ctx.roll(pb::DIE_KIND_D6, "charge distance");
  m->set_roll(roll);
  std::vector<Vec2> path{com(*u)};
  for (const auto& p : waypoints) path.push_back(p);
  path.push_back(com(*t));
  if (u->vehicle) {
    m->set_facing_deg(facing_degrees(u->facing));
    // BG-MEL-16 / BG-VMOV-01/02: all its dice are rolled, so the immobilising totals apply; an
    // immobilised vehicle stays where it is and the charge ends there.
    if (immobilized_by_roll(u->vehicle->move_dice, dice, roll)) {
      m->set_immobilized(true);
      *m->mutable_to() = to_point(u->position);
      emit_bg(ctx, e);
      return;
    }
    const Vec2 a = path[path.size() - 2], b = path.back();
    if (!geom::negligible(geom::distance(a, b))) {
      const Facing f = Facing::toward(a, b);
      m->set_facing_deg(facing_degrees(f));
    }
  }
  // BG-MEL-13: a charger made non-standing by the defensive fire stops 6" short.
  const bool stops_short = non_standing(*u);
  if (stops_short) {
    const Vec2 a = path[path.size() - 2], b = path.back();
    const double leg = geom::distance(a, b);
    path.back() = leg > 6 ? b + (a - b) * (6 / leg) : a;
  }
  WalkResult w;
  if (charge_walk(st, *u, target_id, path, roll, &w)) w.end = path.front();
  const bool reached = w.reached && !stops_short;
  if (!reached) {
    // Stops short, not on the enemy (and a hull not on anyone, BG-VMOV-07).
    w.end = u->vehicle ? vehicle_stop(st, *u, path, w.end, facing_from_degrees(m->facing_deg()).value_or(u->facing))
                       : back_off(st, *u, path.front(), w.end);
  }
  m->set_reached(reached);
  Vec2 to = reached ? com(*t) : w.end;
  // A charge that reaches ends in contact, not on top of the defender: backed off from its CoM
  // until no base (or hull) stands on anyone, so whoever survives the melee (winners, guards,
  // released figures) is not left standing on another unit (BG-MOVE-10, BG-VMOV-07).
  if (reached) {
    to = u->vehicle ? vehicle_stop(st, *u, path, to, facing_from_degrees(m->facing_deg()).value_or(u->facing))
                    : back_off(st, *u, path.front(), to);
  }
  *m->mutable_to() = to_point(to);
  // BG-MOVE-13: a dug-in unit has no rear, so nobody comes from behind it (BG-MEL-07, BG-MEL-15).
  m->set_from_behind(!t->markers.dug_in && geom::behind(com(*t), t->facing, com(*u)));
  if (reached) {
    const Melee* existing = melee_of(st, target_id);
    m->set_melee_id(existing ? existing->id : "melee-" + std::to_string(st.next_id));
  }
  emit_bg(ctx, e);
  if (reached) {
    for (const auto* id : {&charger_id, &target_id}) {
      const Unit* x = st.find(*id);
      if (x->markers.melee) continue;
      pb::BgEvent mk;
      mk.mutable_markers()->set_unit_id(*id);
      mk.mutable_markers()->add_added("melee");
      mk.mutable_markers()->set_reason("charge reached (BG-MEL-04)");
      emit_bg(ctx, mk);
    }
  }
}

ChargePool charge_test_pool(const BgState& st, const Unit& u, const Unit& t) {
  ChargePool p;
  int shooters = 0;
  for (const auto& f : u.figures) shooters += f.alive && !f.prisoner && shooter_kind(f.kind);
  const int figure_dice = (shooters + 1) / 2;  // BG-FIRE-07: one white per two, rounded up
  p.white = figure_dice;
  if (u.assault && geom::within_distance(com(u), com(t), kAssaultRange)) p.white += (figure_dice + 1) / 2;  // BG-FIRE-11
  if (u.count(FigureKind::kLeader) > 0) p.white += 1;
  if (t.markers.road) p.white += kRoadTargetWhite;  // BG-FIRE-17
  p.blue = u.count(FigureKind::kHeavyWeapon);
  p.flank = !t.markers.dug_in && t.building.empty() && geom::flank_attack(com(t), t.facing, com(u));  // BG-FIRE-12
  if (p.flank) p.blue += kFlankBlue;
  p.red = protection(st, t);
  p.hit_from = hit_from(st.options, u.grade, side_grade_penalties(st, u));  // GAP-BG-MEL-01: ran counts
  // GAP-BG-MEL-01 with BG-VEH-02: as in shooting, infantry with no HW against armour has its net
  // hits halved (the flank blue die is not a HW).
  p.halve = t.vehicle && t.vehicle->armoured && u.count(FigureKind::kHeavyWeapon) == 0;
  return p;
}

int charge_test_roll(Context& ctx, BgState& st, const Unit& u, const Unit& t) {
  const ChargePool p = charge_test_pool(st, u, t);
  const auto white = ctx.roll_pool(p.white, pb::DIE_KIND_D6, "charge test white");
  const auto blue = ctx.roll_pool(p.blue, pb::DIE_KIND_D6, "charge test blue");
  const auto red = ctx.roll_pool(p.red, pb::DIE_KIND_D6, "charge test red");
  tell_pool_faces(ctx.pending_dice(), p.hit_from);
  int hits = 0, cancels = 0;
  for (int d : white) {
    if (d >= p.hit_from) ++hits;   // BG-FIRE-02
    else if (d == 1) ++cancels;
  }
  for (int d : blue) hits += d >= p.hit_from;  // BG-FIRE-03
  for (int d : red) cancels += d == 1;          // BG-FIRE-04
  pb::BgEvent e;
  auto* a = e.mutable_attack();
  a->set_attacker_id(u.id);
  a->set_target_id(t.id);
  a->set_purpose("charge test");
  a->set_grade(p.hit_from > 6 ? "none" : std::string(1, grade_letter(u.grade)));
  a->set_white(p.white);
  a->set_blue(p.blue);
  a->set_red(p.red);
  a->set_hits(hits);
  a->set_cancels(cancels);
  int net = std::max(0, hits - cancels);  // BG-FIRE-05
  if (p.halve) net /= 2;                  // BG-VEH-02: rounded down
  a->set_net(net);
  a->set_flank(p.flank);
  a->set_halved(p.halve);
  a->set_range(geom::distance(com(u), com(t)));
  emit_bg(ctx, e);
  return net;
}

bool charge_continues(const BgState& st, const Unit& charger, const Unit& target) {
  return st.action.one_unit && charger.charge_short_of == target.id;
}

int charge_test_needed(const Unit& charger, const Unit& target) {
  return charger.vehicle ? 0 : charger.living_fighters() > target.living_fighters() ? 1 : 2;
}

Check check_charge(const BgState& st, int side, const pb::BgCharge& c) {
  const Unit* u = nullptr;
  if (auto r = check_unit_may_act(st, side, c.unit_id(), BgAction::kMove, &u)) return r;
  if (st.charge) return refusal("BG_CHARGE_PENDING", "BG-MEL-12", "Another charge is waiting for its defender's answer.");
  if (u->prisoner_group) return refusal("BG_GUARDS", "BG-PRIS-01", label(*u) + " is escorting prisoners and does not fight.");
  if ((!u->infantry_like() && !u->vehicle) || !u->carried_by.empty()) {
    return refusal("BG_CANNOT_CHARGE", "BG-MEL-01", label(*u) + " cannot charge: only infantry, cavalry and vehicles charge.");
  }
  if (u->vehicle && u->vehicle->immobilized) {
    return refusal("BG_IMMOBILIZED", "BG-MEL-16", label(*u) + " is immobilized and cannot charge.");
  }
  if (non_standing(*u)) return refusal("BG_NON_STANDING", "BG-MEL-02", label(*u) + " is non-standing and may never charge.");
  const Unit* t = st.active_unit(c.target_id());
  if (!t || !t->on_table || t->hidden) return refusal("BG_NO_SUCH_UNIT", "BG-MEL-01", "There is no enemy unit '" + c.target_id() + "' to charge.");
  if (t->side == side) return refusal("BG_OWN_UNIT", "BG-MEL-01", label(*u) + " cannot charge its own side's " + label(*t) + ".");
  if (t->emplacement || t->kind == UnitKind::kEmplacement) {
    return refusal("BG_EMPLACEMENT_MELEE", "BG-EMP-02", label(*t) + " is an emplacement: its crew cannot be charged in melee.");
  }
  if (!t->carried_by.empty()) {
    return refusal("BG_TARGET_ABOARD", "BG-MEL-15", label(*t) + " is aboard a vehicle; charge the vehicle instead.");
  }
  if (t->prisoner_group && t->living_fighters() == 0) {
    return refusal("BG_NO_GUARDS", "BG-PRIS-02", label(*t) + " has no guards to fight; prisoners are not attacked.");
  }
  if (u->vehicle && t->vehicle) {
    return refusal("BG_VEHICLE_MELEE", "BG-MEL-15", label(*u) + " cannot charge " + label(*t) + ": vehicles never melee each other.");
  }
  const Melee* in = melee_of(st, t->id);
  // A melee with a vehicle is one vehicle against infantry (BG-MEL-15): more infantry may join
  // it against the vehicle; nobody else joins either side (GAP-BG-MEL-15, ours).
  if (in && (u->vehicle || is_vehicle_melee(st, *in)) && !t->vehicle) {
    return refusal("BG_VEHICLE_MELEE", "BG-MEL-15",
                   label(*u) + " cannot join the melee of " + label(*t) + ": only infantry charging the vehicle may join a melee with a vehicle.");
  }
  const bool joining = in != nullptr;
  const bool continuing = charge_continues(st, *u, *t);
  // BG-MEL-02: at least half as many figures as the target unless joining a melee.
  if (u->infantry_like() && !joining && !continuing && 2 * u->living_fighters() < t->living_fighters()) {
    return refusal("BG_TOO_FEW_TO_CHARGE", "BG-MEL-02",
                   label(*u) + " has " + std::to_string(u->living_fighters()) + " figures, fewer than half of " + label(*t) +
                       "'s " + std::to_string(t->living_fighters()) + ".");
  }
  for (const auto& p : c.path()) {
    if (!is_finite(to_vec(p))) return refusal("BG_BAD_PATH", "BG-MEL-03", "The charge route of " + label(*u) + " has a bad point.");
  }
  const auto path = charge_path(*u, *t, c);
  WalkResult w;
  if (auto r = charge_walk(st, *u, t->id, path, 1e9, &w)) return r;
  return std::nullopt;
}

void do_charge(Context& ctx, BgState& st, int side, const pb::BgCharge& c) {
  if (auto r = check_charge(st, side, c)) refuse(*r);
  const Unit& u = *st.find(c.unit_id());
  const Unit& t = *st.find(c.target_id());
  std::vector<Vec2> waypoints;
  for (const auto& p : c.path()) waypoints.push_back(to_vec(p));
  // BG-MEL-18: a charge that passed its test and fell short continues on an ace, no retest.
  if (charge_continues(st, u, t)) {
    unit_acted(ctx, st, u, BgAction::kMove);
    charge_distance(ctx, st, u.id, t.id, waypoints, true);
    return;
  }
  const bool joining = melee_of(st, t.id) != nullptr;
  // BG-MEL-01 is the infantry test; a vehicle's charge has no test (GAP-BG-MEL-16, ours): its
  // risk is the immobilisation of BG-MEL-16.
  const int needed = charge_test_needed(u, t);
  const int net = u.vehicle ? 0 : charge_test_roll(ctx, st, u, t);
  pb::BgEvent e;
  auto* d = e.mutable_charge_declared();
  d->set_unit_id(u.id);
  d->set_target_id(t.id);
  d->set_needed(needed);
  d->set_joining(joining);
  d->set_passed(net >= needed);
  for (const auto& p : c.path()) *d->add_path() = p;
  emit_bg(ctx, e);  // passed: apply opens st.charge with the route
  unit_acted(ctx, st, *st.find(c.unit_id()), BgAction::kMove);
  if (net < needed) return;  // BG-MEL-01: the unit does not move at all this action
  // BG-MEL-12: the defender's option before the distance roll, with the cards his side lacks.
  // A vehicle defender does not flee (GAP-BG-MEL-12, ours); the shot is offered only when the
  // shooting rules allow it (range, LOS, front, not non-standing).
  const Unit& def = *st.find(c.target_id());
  const bool may_move = !side_had(st, def.side, BgAction::kMove) &&
                        (def.infantry_like() || (def.vehicle && !def.vehicle->immobilized));
  const bool may_shoot = !side_had(st, def.side, BgAction::kShoot) && !check_defensive_shot(st);
  if (!may_move && !may_shoot) {
    emit_response(ctx, t.id, "none");
    charge_distance(ctx, st, u.id, t.id, waypoints, false);
    return;
  }
  pb::Decision q;
  q.set_seat(side_id(st, t.side));
  q.set_rule_id("BG-MEL-12");
  q.set_kind(kDefenderResponseKind);
  q.set_unit_id(t.id);
  q.set_prompt(label(u) + " charges " + label(t) + ": stand, or use a card your side has not had this turn?");
  auto add = [&](const char* id, const std::string& text) {
    auto* ch = q.add_choices();
    ch->set_id(id);
    ch->set_label(text);
  };
  add("none", "Stand and await the charge");
  if (may_move) add("move", "Flee 2D6\" away from " + label(u) + " (BG-MEL-14)");
  if (may_shoot) add("shoot", "Shoot at " + label(u) + " (BG-MEL-13)");
  // BG-MEL-12: an infantry unit does one of these; a vehicle may do both (shot first).
  if (def.vehicle && may_move && may_shoot) add("both", "Shoot at " + label(u) + ", then drive 2D6\" away");
  ctx.ask(std::move(q));
}

void answer_defender_response(Context& ctx, BgState& st, const std::string& choice) {
  if (!st.charge) reject("BG_NO_CHARGE", "BG-MEL-12", "No charge is waiting for a defender's answer.");
  const PendingCharge pc = *st.charge;
  const Unit* t = st.find(pc.target);
  const Unit* u = st.find(pc.charger);
  if (!t || !u) reject("BG_NO_CHARGE", "BG-MEL-12", "The charge's units are gone.");
  emit_response(ctx, t->id, choice);
  if (choice == "shoot" || choice == "both") {
    // BG-MEL-12/13: the defender shoots at the charger with the shooting rules (bg_fire.cc),
    // out of the card; a charger made non-standing stops 6" short in charge_distance.
    defensive_fire(ctx, st);
  }
  if (choice == "move" || choice == "both") {
    const Unit* def = st.active_unit(pc.target);
    const Unit* chg = st.active_unit(pc.charger);
    if (def && chg) {  // a charger destroyed by the fire leaves nothing to flee from
      // BG-MEL-14: the 2D6 at once; the defender's player then draws the way away (BgFlee) or
      // lets it flee straight away (bg_flee.cc); the distance roll waits for that.
      const int roll = ctx.roll(pb::DIE_KIND_D6, "flee") + ctx.roll(pb::DIE_KIND_D6, "flee");
      ask_flee(ctx, st, *def, *chg, roll);
      return;
    }
  }
  charge_distance(ctx, st, pc.charger, pc.target, pc.path, false);
}

}  // namespace sandtable::bg
