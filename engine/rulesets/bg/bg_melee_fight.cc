// The melee phase (BG-SEQ-02) and its rounds (BG-MEL-06..11), surrender and prisoners
// (BG-MEL-08, BG-PRIS-01..03).
#include <algorithm>

#include "engine/rulesets/bg/bg_melee.h"
#include "engine/rulesets/bg/bg_units.h"
#include "engine/model/game_words.h"
#include "engine/model/rejection.h"

namespace sandtable::bg {

// BG-MEL-10 (GAP-BG-MEL-06): units in charge order; in each unit the fighting figures in unit
// order, special non-fighters (medics, mules, horse-holders) held back to the end.
std::vector<MeleeFighter> melee_fighters(const BgState& st, const std::vector<std::string>& ids) {
  std::vector<MeleeFighter> out;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const Unit* u = st.active_unit(ids[i]);
      if (!u) continue;
      for (const auto& f : u->figures) {
        if (!f.alive || f.prisoner) continue;
        if (u->has_horses && f.kind == FigureKind::kHorseHolder) continue;  // with the horses
        const bool special = f.kind == FigureKind::kMedic || f.kind == FigureKind::kMule || f.kind == FigureKind::kHorseHolder;
        if (special == (pass == 1)) out.push_back({u, &f, static_cast<int>(i), special});
      }
    }
  }
  return out;
}

namespace {

bool protected_defender(const Unit& u) { return !u.building.empty() || u.markers.dug_in; }

// Do segments p-q and a-b cross (touching counts; collinear overlaps do not)?
bool segments_cross(Vec2 p, Vec2 q, Vec2 a, Vec2 b) {
  const double d1 = geom::cross(q - p, a - p), d2 = geom::cross(q - p, b - p);
  const double d3 = geom::cross(b - a, p - a), d4 = geom::cross(b - a, q - a);
  if ((d1 == 0 && d2 == 0) || (d3 == 0 && d4 == 0)) return false;
  return ((d1 <= 0 && d2 >= 0) || (d1 >= 0 && d2 <= 0)) && ((d3 <= 0 && d4 >= 0) || (d3 >= 0 && d4 <= 0));
}

}  // namespace

bool defends_wall(const BgState& st, Vec2 attacker, Vec2 defender) {
  for (const auto& t : st.terrain) {
    if (t.area || t.line.size() < 2 || t.red <= 0 || t.kind == TerrainKind::kRiver) continue;
    for (std::size_t i = 0; i + 1 < t.line.size(); ++i) {
      const geom::Segment s{t.line[i], t.line[i + 1]};
      if (geom::within(geom::distance_to_segment(defender, s), kMeleeWallReach) &&
          segments_cross(attacker, defender, s.a, s.b)) {
        return true;
      }
    }
  }
  return false;
}

// BG-MEL-07 modifiers of figure `a` (attacker side if `attacking`) against `b`.
int melee_modifier(const BgState& st, const Melee& m, const MeleeFighter& a, const MeleeFighter& b, bool attacking,
                   std::vector<std::string>* words) {
  int mod = 0;
  auto add = [&](int v, const char* why) {
    mod += v;
    if (!words) return;
    std::string w = v > 0 ? "+" : "";  // built in steps: GCC 12 -Wrestrict misfires on "+" + string
    w += std::to_string(v);
    w += ' ';
    w += why;
    words->push_back(std::move(w));
  };
  if (static_cast<int>(a.unit->grade) > static_cast<int>(b.unit->grade)) add(kMeleeBetterGrade, "grade");  // GAP-BG-MEL-07
  if (a.fig->kind == FigureKind::kLeader) add(kMeleeLeader, "leader");
  if (a.fig->kind == FigureKind::kMedic) add(kMeleeMedic, "medic");
  // BG-MEL-07 optional (GAP-BG-MEL-07b): figures the scenario arms (pistol, sword, fixed
  // bayonet), or every figure with bg.melee_weapons = on.
  if (st.options.melee_weapons) add(kMeleeWeapons, "melee weapon");
  else if (!a.fig->melee_weapon.empty()) add(kMeleeWeapons, a.fig->melee_weapon.c_str());
  if (m.round == 0) {  // first round (m.round counts rounds already fought)
    if (!attacking && protected_defender(*a.unit)) add(kMeleeDefenceFirst, a.unit->markers.dug_in ? "dug in" : "building");
    else if (!attacking && defends_wall(st, b.fig->pos, a.fig->pos)) add(kMeleeDefenceFirst, "wall");  // GAP-BG-MEL-07c
    if (attacking && a.unit_index < static_cast<int>(m.from_behind.size()) && m.from_behind[a.unit_index]) {
      add(kMeleeBehindFirst, "from behind");
    }
    if (attacking && a.unit->kind == UnitKind::kCavalry && a.unit->mounted && b.unit->kind == UnitKind::kInfantry &&
        !protected_defender(*b.unit)) {
      add(kMeleeCavalryFirst, "cavalry charge");
    }
  }
  return mod;
}

namespace {

using Fighter = MeleeFighter;

int count(const std::vector<Fighter>& v) { return static_cast<int>(v.size()); }

}  // namespace

void end_melee(Context& ctx, BgState& st, const Melee& m, int winner, const std::string& how) {
  std::vector<std::string> all = m.attackers;
  all.insert(all.end(), m.defenders.begin(), m.defenders.end());
  pb::BgEvent e;
  auto* x = e.mutable_melee_ended();
  x->set_melee_id(m.id);
  x->set_how(how);
  if (winner >= 0) x->set_winner_side(side_id(st, winner));
  for (const auto& id : all) {
    const Unit* u = st.find(id);
    if (!u) continue;
    pb::BgEvent mk;
    mk.mutable_markers()->set_unit_id(id);
    if (u->markers.melee) mk.mutable_markers()->add_removed("melee");
    if (u->markers.dug_in) mk.mutable_markers()->add_removed("dug_in");  // BG-MEL-11 / BG-MARK-03
    const bool won = u->side == winner && !u->destroyed && (u->vehicle || u->living_fighters() > 0);
    if (won) {
      x->add_winner_units(id);
      mk.mutable_markers()->add_added("ran");  // BG-MEL-11: winners are marked as having run
    }
    mk.mutable_markers()->set_reason("melee over (BG-MEL-11)");
    if (mk.markers().added_size() + mk.markers().removed_size() > 0) emit_bg(ctx, mk);
  }
  emit_bg(ctx, e);
}

const Melee* melee_named(const BgState& st, const std::string& id) {
  for (const auto& m : st.melees) {
    if (m.id == id && !m.over) return &m;
  }
  return nullptr;
}

namespace {

// BG-UNIT-06: before the first round, a non-standing unit outnumbered 3:1 or more by the enemy
// figures in the melee surrenders at once (the one exception to "at least one round").
bool non_standing_surrender(Context& ctx, BgState& st, const Melee& m) {
  bool any = false;
  const std::vector<std::string> att = m.attackers, def = m.defenders;  // copies: units may be added
  for (int side = 0; side < 2; ++side) {
    const auto& own = side == 0 ? att : def;
    const auto& enemy = side == 0 ? def : att;
    const auto foes = melee_fighters(st, enemy);
    if (foes.empty()) continue;
    const std::string captor = foes.front().unit->id;
    for (const auto& id : own) {
      const Unit* u = st.active_unit(id);
      if (!u || u->living_fighters() == 0 || !non_standing(*u)) continue;
      if (count(melee_fighters(st, enemy)) >= 3 * u->living_fighters()) {
        take_prisoners(ctx, st, id, captor, "non-standing and outnumbered 3:1 (BG-UNIT-06)");
        any = true;
      }
    }
  }
  return any;
}

// After a round (or before the first): the melee ends when a side is gone or surrenders.
bool settle_melee(Context& ctx, BgState& st, const Melee& m) {
  const bool gave_up = m.round == 0 && non_standing_surrender(ctx, st, m);
  const auto att = melee_fighters(st, m.attackers), def = melee_fighters(st, m.defenders);
  const int a = count(att), d = count(def);
  const int att_side = att.empty() ? (def.empty() ? -1 : 1 - def.front().unit->side) : att.front().unit->side;
  const int def_side = att_side < 0 ? -1 : 1 - att_side;
  if (a == 0 || d == 0) {
    end_melee(ctx, st, m, a > 0 ? att_side : d > 0 ? def_side : -1, gave_up ? "surrendered" : "eliminated");
    return true;
  }
  // BG-MEL-08: a side with at most a quarter of the other's figures surrenders.
  const bool att_gives = 4 * a <= d, def_gives = 4 * d <= a;
  if (!att_gives && !def_gives) return false;
  const auto& losers = att_gives ? m.attackers : m.defenders;
  // Copied: taking prisoners adds a unit (the group), which moves the units in memory.
  const std::string captor = (att_gives ? def : att).front().unit->id;
  for (const auto& id : losers) {
    const Unit* u = st.active_unit(id);
    if (u && u->living_fighters() > 0) take_prisoners(ctx, st, id, captor, "surrendered in melee (BG-MEL-08)");
  }
  end_melee(ctx, st, m, att_gives ? def_side : att_side, "surrendered");
  return true;
}

// BG-MEL-06: one round: pairs in order, 1D6 each plus modifiers, lower dies, ties re-roll.
void fight_round(Context& ctx, BgState& st, const Melee& m) {
  if (fight_stand_round(ctx, st, m)) return;  // BG-OPT-05 stand melee (bg_stands.cc)
  // BG-MEL-06/10: the pairs the sides chose for this round (bg_melee_order.cc), else as listed.
  const MeleePairing pairing = melee_pairing(st, m);
  const auto& att = pairing.att;
  const auto& def = pairing.def;
  const std::size_t pairs = pairing.pairs;
  pb::BgEvent e;
  auto* r = e.mutable_melee_round();
  r->set_melee_id(m.id);
  r->set_round(m.round + 1);
  std::vector<std::pair<std::string, const Figure*>> dead;  // unit, figure
  for (std::size_t i = 0; i < pairs; ++i) {
    const int ma = melee_modifier(st, m, att[i], def[i], true), md = melee_modifier(st, m, def[i], att[i], false);
    for (;;) {
      const int ra = ctx.roll(pb::DIE_KIND_D6, "melee " + att[i].fig->id);
      const int rd = ctx.roll(pb::DIE_KIND_D6, "melee " + def[i].fig->id);
      auto* p = r->add_pairs();
      p->set_a(att[i].fig->id);
      p->set_b(def[i].fig->id);
      p->set_roll_a(ra);
      p->set_roll_b(rd);
      p->set_mod_a(ma);
      p->set_mod_b(md);
      // The dice tray says what each die did, with the modifiers (BG-MEL-07) counted in.
      auto& rolled = ctx.pending_dice();
      const bool tie = ra + ma == rd + md, a_wins = ra + ma > rd + md;
      rolled[rolled.size() - 2].set_meaning(tie ? "tie, again" : a_wins ? "wins" : "falls");
      rolled.back().set_meaning(tie ? "tie, again" : a_wins ? "falls" : "wins");
      if (tie) continue;  // GAP-BG-MEL-06: a tie re-rolls the pair
      const Fighter& loser = ra + ma < rd + md ? att[i] : def[i];
      p->set_loser(loser.fig->id);
      dead.push_back({loser.unit->id, loser.fig});
      break;
    }
  }
  for (std::size_t i = pairs; i < att.size(); ++i) r->add_waiting(att[i].fig->id);
  for (std::size_t i = pairs; i < def.size(); ++i) r->add_waiting(def[i].fig->id);
  // Casualty events per unit (BG-DMG-03: no saves in melee), in unit order of first loss.
  std::vector<std::string> order;
  for (const auto& [uid, f] : dead) {
    if (std::find(order.begin(), order.end(), uid) == order.end()) order.push_back(uid);
  }
  std::vector<pb::BgEvent> cas;
  for (const auto& uid : order) {
    pb::BgEvent c;
    auto* x = c.mutable_casualties();
    x->set_unit_id(uid);
    x->set_cause("melee");
    int killed = 0;
    for (const auto& [u2, f] : dead) {
      if (u2 != uid) continue;
      x->add_killed(f->id);
      ++killed;
      *x->mutable_place() = to_point(f->pos);
    }
    x->set_wiped_out(killed >= st.find(uid)->living_fighters());
    cas.push_back(c);
  }
  emit_bg(ctx, e);  // dice of the whole round ride on the round event
  for (auto& c : cas) emit_bg(ctx, c);
}

}  // namespace

void add_placements(const BgState& st, pb::BgPrisonerGroup& g, Facing facing) {
  std::vector<Vec2> guards, prisoners;
  std::vector<std::string> moving;
  auto pos_of = [&](const std::string& fid) {
    for (const auto& u : st.units) {
      if (const Figure* f = u.figure(fid); f && f->alive) return f->pos;
    }
    return Vec2{};
  };
  for (const auto& id : g.guards()) {
    guards.push_back(pos_of(id));
    moving.push_back(id);
  }
  for (const auto& id : g.prisoners()) {
    prisoners.push_back(pos_of(id));
    moving.push_back(id);
  }
  const auto placed = place_prisoners(st, guards, prisoners, facing, moving);
  for (int i = 0; i < g.prisoners_size() && i < static_cast<int>(placed.size()); ++i) {
    auto* x = g.add_placed();
    x->set_figure_id(g.prisoners(i));
    *x->mutable_position() = to_point(placed[static_cast<std::size_t>(i)]);
  }
}

void take_prisoners(Context& ctx, BgState& st, const std::string& loser, const std::string& captor, const std::string& reason) {
  const Unit& l = *st.find(loser);
  const Unit& c = *st.find(captor);
  pb::BgEvent s;
  auto* x = s.mutable_surrendered();
  x->set_unit_id(loser);
  x->set_to_side(side_id(st, c.side));
  x->set_reason(reason);
  for (const auto& f : l.figures) {
    if (f.alive && !f.prisoner) x->add_figure_ids(f.id);
  }
  const int prisoners = x->figure_ids_size();
  emit_bg(ctx, s);
  // BG-PRIS-01: one guard per four prisoners, at least one; by default rifles first, from the
  // back. The captors may choose others (bg_melee_guards.cc): the group is formed now and the
  // game waits for their choice when they have more figures that may guard than guards needed.
  const int need = std::max(1, (prisoners + 3) / 4);
  std::vector<std::string> guards;
  int eligible = 0;
  for (const auto& f : c.figures) eligible += may_guard(f);
  for (int pass = 0; pass < 2 && static_cast<int>(guards.size()) < need; ++pass) {
    for (auto it = c.figures.rbegin(); it != c.figures.rend() && static_cast<int>(guards.size()) < need; ++it) {
      if (!may_guard(*it)) continue;  // BG-MED-01: a medic never guards
      if ((it->kind == FigureKind::kRifle) == (pass == 0)) guards.push_back(it->id);
    }
  }
  pb::BgEvent g;
  auto* p = g.mutable_prisoners();
  p->set_group_id("prisoners-" + std::to_string(st.next_id));
  p->set_side(side_id(st, c.side));
  for (auto& id : guards) p->add_guards(id);
  // Not asked when the prisoners' side has nothing else left: the game ends with the turn
  // (BG-VIC-01) and the guards could change nothing.
  bool others = false;
  for (const auto& u : st.units) others = others || (u.side == l.side && u.id != loser && !u.destroyed && !u.prisoner_group);
  if (!st.options.guards_listed && others && eligible > static_cast<int>(guards.size())) p->set_choosing_unit(c.id);
  for (const auto& id : s.surrendered().figure_ids()) p->add_prisoners(id);
  add_placements(st, *p, c.facing);
  emit_bg(ctx, g);
}

bool run_melee_phase(Context& ctx, BgState& st) {
  // Table dice: each round waits for a BgMeleeFight carrying its dice.
  if (st.table_dice) return std::none_of(st.melees.begin(), st.melees.end(), [](const Melee& m) { return !m.over; });
  for (int guard = 0; guard < 10000; ++guard) {
    const Melee* m = nullptr;
    for (const auto& x : st.melees) {
      if (!x.over) {
        m = &x;
        break;
      }
    }
    if (!m) return true;
    const std::string id = m->id;
    if (is_vehicle_melee(st, *m)) {
      vehicle_melee_step(ctx, st, id);
      if (!st.decisions.empty()) return false;  // BG-PRIS-06: the vehicle's owner chooses
      continue;
    }
    if (guards_owed(st)) return false;  // BG-PRIS-01: the captors choose the guards first
    if (settle_melee(ctx, st, *m)) continue;  // BG-MEL-09: fought to a finish in this phase
    if (melee_order_owed(st, *melee_named(st, id)) >= 0) return false;  // BG-MEL-06/10: a side chooses its pairs
    if (guards_owed(st)) return false;  // BG-PRIS-01: the captors choose the guards first
    fight_round(ctx, st, *melee_named(st, id));
    if (const Melee* again = melee_named(st, id)) settle_melee(ctx, st, *again);
  }
  return true;
}

void do_melee_fight(Context& ctx, BgState& st, int, const pb::BgMeleeFight& f) {
  if (st.phase != Phase::kMelee) reject("BG_NOT_MELEE_PHASE", "BG-SEQ-02", "Melees are fought in the melee phase, after the cards.");
  const Melee* m = melee_named(st, f.melee_id());
  if (!m) reject("BG_NO_SUCH_MELEE", "BG-MEL-04", "There is no melee '" + f.melee_id() + "' left to fight.");
  if (is_vehicle_melee(st, *m)) return vehicle_melee_step(ctx, st, f.melee_id());
  if (settle_melee(ctx, st, *m)) return;  // BG-UNIT-06 surrender comes before any choice
  if (guards_owed(st)) return;  // BG-PRIS-01: a unit gave up (BG-UNIT-06): its guards are chosen before the round
  if (const int role = melee_order_owed(st, *melee_named(st, f.melee_id())); role >= 0) {  // BG-MEL-06/10: pairs are chosen first
    reject("BG_MELEE_ORDER_AWAITED", "BG-MEL-10",
           "Melee " + f.melee_id() + " waits for " + side_name(st, side_id(st, melee_role_side(st, *melee_named(st, f.melee_id()), role))) +
               " to choose who fights in its pairs before the round is rolled.");
  }
  fight_round(ctx, st, *m);
  if (const Melee* again = melee_named(st, f.melee_id())) settle_melee(ctx, st, *again);
}

Check check_no_execution(const BgState& st, int side, const pb::BgShoot& s) {
  // BG-PRIS-02: a side never shoots at a unit of its own that holds prisoners (executing them);
  // the enemy may (BG-PRIS-04: hits are randomised over everyone).
  for (const auto& shot : s.shots()) {
    const Unit* t = st.active_unit(shot.target_id());
    if (!t || t->side != side) continue;
    for (const auto& f : t->figures) {
      if (f.alive && f.prisoner && f.prisoner_of == side) {
        return refusal("BG_NO_EXECUTION", "BG-PRIS-02", label(*t) + " holds prisoners; prisoners may not be executed.");
      }
    }
  }
  for (const auto& x : s.also()) {  // BG-CARD-14: shots declared together in one order
    if (auto r = check_no_execution(st, side, x)) return r;
  }
  return std::nullopt;
}

void do_surrender(Context& ctx, BgState& st, int side, const pb::BgSurrender& s) {
  const Unit* u = st.active_unit(s.unit_id());
  if (!u || u->side != side || u->prisoner_group || u->living_fighters() == 0) {
    reject("BG_NO_SUCH_UNIT", "BG-PRIS-03", "Your side has no fighting unit '" + s.unit_id() + "' to give up.");
  }
  const Unit* c = st.active_unit(s.to_unit_id());
  if (!c || c->side == side || !c->infantry_like() || c->prisoner_group || c->living_fighters() == 0) {
    reject("BG_NO_CAPTOR", "BG-PRIS-03", label(*u) + " can surrender only to an enemy infantry unit; '" + s.to_unit_id() + "' is not one.");
  }
  take_prisoners(ctx, st, u->id, c->id, "surrendered by agreement (BG-PRIS-03)");
}

}  // namespace sandtable::bg
