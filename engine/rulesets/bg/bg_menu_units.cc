// Battleground's action menu, unit entries (bg_menu.h): what each unit of the acting side may do
// on the open card, checked with the handlers' own checks, and the BgCommand of each pick.
#include <algorithm>
#include <cstdlib>

#include "engine/model/rejection.h"
#include "engine/rulesets/bg/bg_damage.h"
#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_menu.h"
#include "engine/rulesets/bg/bg_special.h"
#include "engine/rulesets/bg/bgm_layer.h"
#include "engine/rulesets/bg/bgs_skirmish.h"

namespace sandtable::bg {

pb::Action& add_unit_entry(pb::ActionMenu& menu, const std::string& id, const std::string& kind, const std::string& label,
                           const Unit& u, const std::string& rule) {
  pb::Action& a = *menu.add_actions();
  a.set_id(id);
  a.set_kind(kind);
  a.set_label(label);
  a.set_unit_id(u.id);
  a.set_rule_id(rule);
  return a;
}

namespace {

std::string dice_words(int n) { return std::to_string(n) + "D6"; }

// ---- moves (BG-MOVE-03, BG-CAV-01, BG-VMOV-01/02/06) ----

struct MoveMode {
  const char* name;
  pb::BgMoveIntent intent;
};
constexpr MoveMode kModes[] = {{"walk", pb::BG_MOVE_WALK},       {"run", pb::BG_MOVE_RUN},
                               {"dig_in", pb::BG_MOVE_DIG_IN},   {"dig_out", pb::BG_MOVE_DIG_OUT},
                               {"mounted", pb::BG_MOVE_MOUNTED}};

std::optional<pb::BgMoveIntent> intent_of(const std::string& mode) {
  for (const auto& m : kModes) {
    if (mode == m.name) return m.intent;
  }
  return std::nullopt;
}

int mode_dice(const Options& o, pb::BgMoveIntent i) {
  switch (i) {
    case pb::BG_MOVE_WALK: return o.walk_dice;
    case pb::BG_MOVE_RUN: return o.run_dice;
    case pb::BG_MOVE_MOUNTED: return kCavalryDice;
    case pb::BG_MOVE_DIG_OUT: return o.walk_dice;  // with a path (BG-MOVE-12)
    default: return 0;
  }
}

// Infantry/cavalry on foot or mounted: the intents the handler accepts now (checked as a stay
// with the facing kept, which every path-free check covers), with the most each could roll.
// What the handler checks on the drawn path alone, the entry says in its words:
// - BG-UNIT-05: a non-standing unit may only retreat (its end no nearer the closest enemy it
//   sees; joining another unit is not a menu pick), so the entry is "Retreat ..." with that rule;
// - BG-MINE-08: a unit trapped in a minefield its side knows may not turn while it stands
//   still, so the entry keeps its facing (facing_free off; the order keeps the unit's facing),
//   and says that moving on is attacked again.
void move_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  const bool mounted = u.kind == UnitKind::kCavalry && u.mounted;
  std::vector<pb::BgMoveIntent> wanted;
  if (mounted) wanted = {pb::BG_MOVE_MOUNTED};
  else if (u.markers.dug_in) wanted = {pb::BG_MOVE_DIG_OUT};
  else wanted = {pb::BG_MOVE_WALK, pb::BG_MOVE_RUN, pb::BG_MOVE_DIG_IN};
  pb::MoveLimits limits;
  std::string words;
  int most = 0;
  for (auto intent : wanted) {
    pb::BgMove m;
    m.set_unit_id(u.id);
    m.set_intent(intent);
    m.set_facing_deg(facing_degrees(u.facing));
    if (check_move(st, side, m, nullptr)) continue;
    const char* name = "";
    for (const auto& k : kModes) name = k.intent == intent ? k.name : name;
    limits.add_modes(name);
    const int dice = mode_dice(st.options, intent);
    limits.add_mode_max_inches(6.0 * dice);
    most = std::max(most, dice);
    // Appended piece by piece: GCC 12's -Wrestrict misfires on "; " + std::string at -O3.
    if (!words.empty()) words.append("; ");
    std::string said = name;  // the mode as a player says it: "dig in", not "dig_in"
    std::replace(said.begin(), said.end(), '_', ' ');
    words.append(said);
    if (dice > 0) words.append(" ").append(dice_words(dice)).append(", up to ").append(inches(6.0 * dice));
  }
  if (limits.modes().empty()) return;
  limits.set_max_inches(6.0 * most);
  add_road_modes(st, side, u, limits, words);  // BG-MOVE-07 (bg_menu_orders.cc)
  const Terrain* trap = trapped_in(st, u);
  // Digging in keeps the facing (BG-MOVE-11), as does a trapped unit (BG-MINE-08); every other
  // move may end facing any way.
  limits.set_facing_free(!trap && !(limits.modes_size() == 1 && limits.modes(0) == "dig_in"));
  std::string notes;
  if (trap) notes.append("trapped in ").append(trap->name).append(": it keeps its facing, and a move is attacked again; ");
  const bool retreat = non_standing(u);
  if (retreat) notes.append("non-standing: only away from the enemy; ");
  const std::string rule = retreat ? "BG-UNIT-05" : trap ? "BG-MINE-08" : "BG-MOVE-03";
  pb::Action& a = add_unit_entry(menu, "move:" + u.id, "move", (retreat ? "Retreat " : "Move ") + label(u) + " (" + notes + words + ")",
                      u, rule);
  *a.mutable_move() = limits;
}

// Vehicles: the dice are the player's choice (BG-VMOV-01/02), forward or in reverse at a third
// (BG-VMOV-06). Modes "3d6" .. "1d6", then "reverse 3d6" .. "reverse 1d6".
void drive_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  // BG-MINE-08: a vehicle trapped in a known minefield may neither move nor turn (asked as a
  // half turn, since a standing check without a path or a turn would pass).
  if (check_trapped_turn(st, u, Facing::from_degrees(facing_degrees(u.facing) + 180))) return;
  pb::MoveLimits limits;
  for (bool reverse : {false, true}) {
    for (int k = u.vehicle->move_dice; k >= 1; --k) {
      pb::BgVehicleMove m;
      m.set_unit_id(u.id);
      m.set_dice(k);
      m.set_reverse(reverse);
      m.set_facing_deg(facing_degrees(u.facing));
      if (check_vehicle_move(st, side, m)) continue;
      limits.add_modes(std::string(reverse ? "reverse " : "") + std::to_string(k) + "d6");
      limits.add_mode_max_inches(reverse ? 6.0 * k / 3.0 : 6.0 * k);  // BG-VMOV-06: reverse at a third
    }
  }
  if (limits.modes().empty()) return;
  const int dice = u.vehicle->move_dice;
  limits.set_max_inches(6.0 * dice);
  limits.set_facing_free(true);
  pb::Action& a = add_unit_entry(menu, "drive:" + u.id, "move",
                      "Drive " + label(u) + " (1 to " + std::to_string(dice) + " dice, up to " + inches(6.0 * dice) +
                          "; reverse a third)",
                      u, "BG-VMOV-01");
  *a.mutable_move() = limits;
}

void mount_actions(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  if (!u.carried_by.empty()) {
    pb::BgDismount d;
    d.set_unit_id(u.id);
    d.set_facing_deg(facing_degrees(u.facing));
    if (!check_dismount(st, side, d)) add_unit_entry(menu, "dismount:" + u.id, "other", "Dismount " + label(u), u, "BG-MOVE-16");
    return;
  }
  pb::Action a;
  for (const auto& v : st.units) {
    if (!v.vehicle || v.side != side || v.destroyed || !v.on_table) continue;
    pb::BgMount m;
    m.set_unit_id(u.id);
    m.set_vehicle_id(v.id);
    if (!check_mount(st, side, m)) *a.add_targets() = unit_target(v);
  }
  if (a.targets().empty()) return;
  pb::Action& added = add_unit_entry(menu, "mount:" + u.id, "other", "Mount " + label(u), u, "BG-MOVE-15");
  *added.mutable_targets() = a.targets();
}

// ---- combat (BG-MEL-01, BG-FIRE-10, BG-VEH-11) ----

void charge_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  if (!u.infantry_like() && !u.is_vehicle()) return;  // BG-MEL-16
  pb::Action a;
  for (const auto& t : st.units) {
    if (!visible_enemy(t, side)) continue;
    pb::BgCharge c;
    c.set_unit_id(u.id);
    c.set_target_id(t.id);
    if (check_charge(st, side, c)) continue;
    pb::ActionTarget& target = *a.add_targets() = unit_target(t);
    const ChargePool p = charge_test_pool(st, u, t);
    target.set_detail("charge test: " + std::to_string(p.white) + " white, " + std::to_string(p.blue) + " blue against " +
                      std::to_string(p.red) + " red" + (p.halve ? ", net hits halved" : ""));
  }
  if (a.targets().empty()) return;
  pb::Action& added = add_unit_entry(menu, "charge:" + u.id, "close_combat", "Charge with " + label(u), u, "BG-MEL-01");
  *added.mutable_targets() = a.targets();
}

// The unit's shot at one target: infantry and emplacements one shot; a vehicle every weapon
// the handler accepts at it on its own (BG-VEH-11). Empty shots when none may fire.
pb::BgShoot shot_at(const BgState& st, int side, const Unit& u, const std::string& target) {
  pb::BgShoot s;
  s.set_unit_id(u.id);
  if (!u.vehicle) {
    s.add_shots()->set_target_id(target);
    if (check_shoot_order(st, side, s)) s.clear_shots();
    return s;
  }
  for (const auto& w : u.vehicle->weapons) {
    pb::BgShoot one;
    one.set_unit_id(u.id);
    auto* shot = one.add_shots();
    shot->set_target_id(target);
    shot->set_weapon_id(w.id);
    if (!check_shoot_order(st, side, one)) *s.add_shots() = *shot;
  }
  if (!s.shots().empty() && check_shoot_order(st, side, s)) s.clear_shots();
  return s;
}

// BGM-AT-06 / BGM-VEH-01: the main gun's aimed d20 shot on its own, or its shot with a special
// round; empty shots when it may not be so fired.
pb::BgShoot main_gun_at(const BgState& st, int side, const Unit& u, const std::string& target, bool aimed, bool special) {
  pb::BgShoot s;
  s.set_unit_id(u.id);
  if (!u.vehicle || !u.vehicle->bgm) return s;
  for (const auto& w : u.vehicle->weapons) {
    if (!w.main_gun) continue;
    auto* shot = s.add_shots();
    shot->set_target_id(target);
    shot->set_weapon_id(w.id);
    shot->set_aimed(aimed);
    shot->set_special_ammo(special);
    if (check_shoot_order(st, side, s)) s.clear_shots();
    return s;
  }
  return s;
}

// "4 white, 1 blue against 2 red" for each shot (plan_attack: the handler's own pool).
std::string pool_words(const BgState& st, const Unit& u, const Unit& t, const pb::BgShoot& s) {
  std::string out;
  for (const auto& shot : s.shots()) {
    if (!out.empty()) out += "; ";
    if (!shot.weapon_id().empty()) out += shot.weapon_id() + ": ";
    const Weapon* w = weapon_of(u, shot.weapon_id());
    if (bgm_at_shot(st, u, w, t)) {  // Shaffer's d20 (BGM-AT-01): the number to beat and why
      out += bgm_words(st, u, t);
      continue;
    }
    const DicePool p = plan_attack(st, u, t, shot.weapon_id()).pool;
    out += std::to_string(p.white) + " white, " + std::to_string(p.blue) + " blue against " + std::to_string(p.red) + " red";
  }
  return out;
}

void shoot_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  pb::Action a;
  for (const auto& t : st.units) {
    if (!visible_enemy(t, side)) continue;
    const pb::BgShoot s = shot_at(st, side, u, t.id);
    if (s.shots().empty()) continue;
    pb::ActionTarget& target = *a.add_targets() = unit_target(t);
    target.set_detail(pool_words(st, u, t, s));
  }
  if (!a.targets().empty()) {
    pb::Action& added = add_unit_entry(menu, "shoot:" + u.id, "fire", "Shoot with " + label(u), u, "BG-FIRE-10");
    *added.mutable_targets() = a.targets();
  }
  for (const bool special : {false, true}) {  // BGM-AT-06 aimed; BGM-VEH-01 special round
    pb::Action one;
    for (const auto& t : st.units) {
      if (!visible_enemy(t, side) || main_gun_at(st, side, u, t.id, !special, special).shots().empty()) continue;
      pb::ActionTarget& target = *one.add_targets() = unit_target(t);
      target.set_detail(bgm_shot_words(plan_bgm_shot(st, u, t, !special, special)));
    }
    if (one.targets().empty()) continue;
    pb::Action& added = special ? add_unit_entry(menu, "apcr:" + u.id, "fire", "Special round (APCR/HVAP) from " + label(u), u, "BGM-VEH-01")
                                : add_unit_entry(menu, "aim:" + u.id, "fire", "Aimed shot with " + label(u) + "'s main gun", u, "BGM-AT-06");
    *added.mutable_targets() = one.targets();
  }
}

// ---- special shooting actions (BG-FLR-01, BG-MED-02): the handlers' conditions ----

bool on_foot(const Unit& u) { return u.infantry_like() && u.carried_by.empty(); }

const Figure* living_medic(const Unit& u) {
  for (const auto& f : u.figures) {
    if (f.alive && !f.prisoner && f.kind == FigureKind::kMedic) return &f;
  }
  return nullptr;
}

void heal_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  if (!on_foot(u) || !living_medic(u) || u.living() >= kMaxUnitFigures) return;
  pb::Action a;
  for (const auto& o : st.units) {
    if (o.side != side) continue;
    for (const auto& dead : o.figures) {
      if (dead.alive || dead.prisoner) continue;
      const bool here = std::any_of(u.figures.begin(), u.figures.end(), [&](const Figure& f) {
        return f.alive && geom::within_distance(f.pos, dead.died_at, kCohesion);
      });
      if (!here) continue;
      auto* t = a.add_targets();
      t->set_id(dead.id);
      t->set_label(dead.id + " of " + label(o));
      *t->mutable_point() = to_point(dead.died_at);
    }
  }
  if (a.targets().empty()) return;
  pb::Action& added = add_unit_entry(menu, "heal:" + u.id, "other", "Medic of " + label(u) + ": bring back a figure", u, "BG-MED-02");
  *added.mutable_targets() = a.targets();
}

// BG-PRIS-03 (by agreement): a unit in a melee may give itself up to an infantry opponent there.
void surrender_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) {
  if (u.prisoner_group || u.living_fighters() == 0 || !u.on_table || u.destroyed) return;
  pb::Action a;
  for (const auto& m : st.melees) {
    if (m.over) continue;
    const bool attacker = std::find(m.attackers.begin(), m.attackers.end(), u.id) != m.attackers.end();
    const bool defender = std::find(m.defenders.begin(), m.defenders.end(), u.id) != m.defenders.end();
    if (!attacker && !defender) continue;
    for (const auto& id : attacker ? m.defenders : m.attackers) {
      const Unit* c = st.active_unit(id);
      if (!c || !visible_enemy(*c, side) || !c->infantry_like() || c->prisoner_group || c->living_fighters() == 0) continue;
      const bool listed = std::any_of(a.targets().begin(), a.targets().end(), [&](const auto& t) { return t.id() == id; });
      if (!listed) *a.add_targets() = unit_target(*c);
    }
  }
  if (a.targets().empty()) return;
  pb::Action& added = add_unit_entry(menu, "surrender:" + u.id, "other", "Surrender " + label(u), u, "BG-PRIS-03");
  *added.mutable_targets() = a.targets();
  added.set_confirm(label(u) + " will be taken prisoner. Give it up?");
}

}  // namespace

void infantry_move_action(const BgState& st, int side, const Unit& u, pb::ActionMenu& menu) { move_action(st, side, u, menu); }

void unit_actions(const BgState& st, int side, pb::ActionMenu& menu) {
  if (skirmish(st)) return bgs_unit_actions(st, side, menu);  // the unit whose card is up (bgs_menu.cc)
  for (const auto& u : st.units) {
    if (u.side != side) continue;
    surrender_action(st, side, u, menu);
    const Unit* ok = nullptr;
    if (check_unit_may_act(st, side, u.id, st.action.action, &ok)) continue;
    if (st.action.action == BgAction::kMove) {
      if (u.vehicle) drive_action(st, side, u, menu);
      else if (u.infantry_like() && u.carried_by.empty()) move_action(st, side, u, menu);
      if (u.infantry_like()) mount_actions(st, side, u, menu);
      charge_action(st, side, u, menu);
    } else {
      shoot_action(st, side, u, menu);
      if (u.vehicle && u.vehicle->bgm && u.vehicle->bgm->jammed) {  // BGM-GEN-05
        add_unit_entry(menu, "unjam:" + u.id, "shoot", "Clear the jammed gun of " + label(u), u, "BGM-GEN-05");
      }
      if (on_foot(u) && st.options.night && u.flares) {
        add_unit_entry(menu, "flare:" + u.id, "other", "Launch a flare from " + label(u), u, "BG-FLR-01");
      }
      heal_action(st, side, u, menu);
    }
    order_actions(st, side, u, menu);  // smoke, mine clearing, combining (bg_menu_orders.cc)
  }
}

namespace {

[[noreturn]] void bad_mode(const pb::Action& action, const std::string& mode) {
  reject("NOT_ON_MENU", action.rule_id(), "'" + mode + "' is not one of the ways offered for " + action.label() + ".");
}

// The mode the player chose: one of the offered modes, the first when none was named.
std::string chosen_mode(const pb::Action& action, const pb::PlayAction& play) {
  const auto& modes = action.move().modes();
  if (play.mode().empty()) return modes.empty() ? "" : modes.Get(0);
  if (std::find(modes.begin(), modes.end(), play.mode()) == modes.end()) bad_mode(action, play.mode());
  return play.mode();
}

}  // namespace

pb::BgCommand unit_order(const BgState& st, const std::string& verb, const std::string& unit_id, const pb::Action& action,
                         const pb::PlayAction& play) {
  pb::BgCommand c;
  const Unit* u = st.find(unit_id);
  if (!u) return c;
  if (verb == "move") {
    bool road = false;
    const std::string mode = road_mode(chosen_mode(action, play), &road);
    const auto intent = intent_of(mode);
    if (!intent) bad_mode(action, mode);
    auto* m = c.mutable_move();
    m->set_unit_id(unit_id);
    m->set_intent(*intent);
    m->set_road(road);
    *m->mutable_path() = play.path();
    // Digging in keeps the facing (BG-MOVE-11), as does an entry whose facing is not free (a
    // unit trapped in a minefield, BG-MINE-08): the facing is not the player's to give.
    const bool kept = *intent == pb::BG_MOVE_DIG_IN || !action.move().facing_free();
    m->set_facing_deg(kept ? facing_degrees(u->facing) : play.facing_deg());
  } else if (verb == "drive") {
    const std::string mode = chosen_mode(action, play);
    const bool reverse = mode.rfind("reverse ", 0) == 0;
    const int dice = std::atoi(mode.c_str() + (reverse ? 8 : 0));
    auto* m = c.mutable_vehicle_move();
    m->set_unit_id(unit_id);
    m->set_dice(dice);
    m->set_reverse(reverse);
    *m->mutable_path() = play.path();
    m->set_facing_deg(play.facing_deg());
  } else if (verb == "mount") {
    c.mutable_mount()->set_unit_id(unit_id);
    c.mutable_mount()->set_vehicle_id(play.target());
  } else if (verb == "dismount") {
    c.mutable_dismount()->set_unit_id(unit_id);
    c.mutable_dismount()->set_facing_deg(facing_degrees(u->facing));
  } else if (verb == "charge") {
    c.mutable_charge()->set_unit_id(unit_id);
    c.mutable_charge()->set_target_id(play.target());
  } else if (verb == "shoot") {
    *c.mutable_shoot() = shot_at(st, u->side, *u, play.target());
    // BG-CARD-14 declare-all: the other units' shots picked with this one, in the order given.
    for (const auto& part : play.also()) {
      const std::string prefix = "shoot:";
      const Unit* other = part.action().rfind(prefix, 0) == 0 ? st.find(part.action().substr(prefix.size())) : nullptr;
      if (!other) reject("NOT_ON_MENU", "BG-CARD-14", "Only other shots may be declared with a shot.");
      *c.mutable_shoot()->add_also() = shot_at(st, u->side, *other, part.target());
    }
  } else if (verb == "aim" || verb == "apcr") {
    *c.mutable_shoot() = main_gun_at(st, u->side, *u, play.target(), verb == "aim", verb == "apcr");
  } else if (verb == "flare") {
    c.mutable_launch_flare()->set_unit_id(unit_id);
  } else if (verb == "unjam") {
    c.mutable_unjam()->set_unit_id(unit_id);
  } else if (verb == "heal") {
    const Figure* medic = living_medic(*u);
    c.mutable_heal()->set_unit_id(unit_id);
    c.mutable_heal()->set_medic_figure_id(medic ? medic->id : "");
    c.mutable_heal()->set_dead_figure_id(play.target());
  } else if (verb == "fire") {  // profile (b): the group's small arms
    auto* s = c.mutable_shoot();
    s->set_unit_id(unit_id);
    s->add_shots()->set_target_id(play.target());
  } else if (verb == "assault" || verb == "assault-grenades") {
    c.mutable_assault()->set_unit_id(unit_id);
    c.mutable_assault()->set_target_id(play.target());
    c.mutable_assault()->set_grenades(verb == "assault-grenades");
  } else if (verb == "prone" || verb == "stand") {
    c.mutable_stance()->set_unit_id(unit_id);
    c.mutable_stance()->set_prone(verb == "prone");
  } else if (verb == "react") {
    c.mutable_react()->set_unit_id(unit_id);
  } else if (verb == "surrender") {
    c.mutable_surrender()->set_unit_id(unit_id);
    c.mutable_surrender()->set_to_unit_id(play.target());
  } else {
    placed_order(st, verb, *u, play, c);
  }
  return c;
}

}  // namespace sandtable::bg
