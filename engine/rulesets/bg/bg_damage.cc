// Rolling attacks and their effects (BG-FIRE-02..05, BG-DMG-*, BG-VEH-12..16, BG-EMP-03,
// BG-MINE-06/07, BG-MOR-01..03). Dice order of one attack: white, blue, red, then the effect
// dice (casualty choices and saves, vehicle damage, passengers, morale).
#include "engine/rulesets/bg/bg_damage.h"

#include <algorithm>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/rulesets/bg/bg_units.h"

namespace sandtable::bg {

namespace {

const char* row_name(int hit_from) {
  switch (hit_from) {
    case 3: return "A";
    case 4: return "B";
    case 5: return "C";
    case 6: return "D";
    default: return "none";
  }
}

bool special(FigureKind k) { return k != FigureKind::kRifle; }

void remove_road_marker(Context& ctx, BgState& st, const std::string& id) {
  const Unit* t = st.find(id);
  if (!t || !t->markers.road) return;
  // BG-MARK-02: the white marker goes when an enemy has shot at the unit.
  pb::BgEvent e;
  e.mutable_markers()->set_unit_id(id);
  e.mutable_markers()->add_removed("road");
  e.mutable_markers()->set_reason("shot at while road-marked (BG-MARK-02)");
  emit_bg(ctx, e);
}

// BG-VEH-16 (suggested procedure): per passenger figure a D6; damaged: 1 kills, destroyed: 1-2.
void passengers_hit(Context& ctx, BgState& st, const Unit& vehicle, bool destroyed, pb::BgVehicleDamaged* d) {
  for (const auto& pid : vehicle.vehicle->passengers) {
    const Unit* p = st.find(pid);
    if (!p || p->destroyed) continue;
    pb::BgEvent e;
    auto* c = e.mutable_casualties();
    c->set_unit_id(pid);
    c->set_cause(destroyed ? "vehicle destroyed (BG-VEH-16)" : "vehicle damaged (BG-VEH-16)");
    *c->mutable_place() = to_point(vehicle.position);
    int alive = 0;
    for (const auto& f : p->figures) {
      if (!f.alive) continue;
      ++alive;
      const int r = ctx.roll(pb::DIE_KIND_D6, "passenger " + f.id);
      if (r <= (destroyed ? 2 : 1)) {
        c->add_killed(f.id);
        d->add_passengers_lost(f.id);
      }
    }
    c->set_wiped_out(c->killed_size() == alive);
    emit_bg(ctx, e);
  }
}

void vehicle_hit(Context& ctx, BgState& st, const Unit& t, const AttackPlan& a, int net) {
  const Vehicle& v = *t.vehicle;
  pb::BgEvent e;
  auto* d = e.mutable_vehicle_damaged();
  d->set_unit_id(t.id);
  d->set_net_hits(net);
  if (a.mine) {
    // BG-MINE-06: unarmoured 1 immobilizes, 2+ destroy; armoured 1 nothing, 2+ immobilize.
    if (v.armoured) d->set_immobilized(net >= 2 && !v.immobilized);
    else if (net >= 2) d->set_destroyed(true);
    else d->set_immobilized(!v.immobilized);
    d->add_notes("minefield (BG-MINE-06)");
  } else {
    const int first = ctx.roll(pb::DIE_KIND_D6, "vehicle damage");
    const int second = vehicle_needs_second(v, net, a.first_kill_barred, first) ? ctx.roll(pb::DIE_KIND_D6, "damage type") : 0;
    const VehicleDamage r = vehicle_damage(v, net, a.first_kill_barred, first, second);
    d->set_roll(first);
    d->set_total(r.total);
    d->set_second_roll(second);
    d->set_destroyed(r.destroyed);
    d->set_immobilized(r.immobilized);
    d->set_half_weapons(r.half_weapons);
    if (a.first_kill_barred && r.total >= 7) d->add_notes("infantry without HW cannot destroy it with this first attack (BG-VEH-12)");
  }
  const bool damaged = d->destroyed() || d->immobilized() || d->half_weapons();
  if (damaged && !v.passengers.empty()) passengers_hit(ctx, st, t, d->destroyed(), d);
  emit_bg(ctx, e);
}

}  // namespace

void vehicle_lost(Context& ctx, BgState& st, const Unit& t, const std::string& why) {
  pb::BgEvent e;
  auto* d = e.mutable_vehicle_damaged();
  d->set_unit_id(t.id);
  d->set_destroyed(true);
  d->add_notes(why);
  if (!t.vehicle->passengers.empty()) passengers_hit(ctx, st, t, true, d);
  emit_bg(ctx, e);
}

int pick(Context& ctx, int n, const char* label) {
  if (n <= 1) return 0;
  const pb::DieKind kind = n <= 6    ? pb::DIE_KIND_D6
                           : n <= 8  ? pb::DIE_KIND_D8
                           : n <= 10 ? pb::DIE_KIND_D10
                           : n <= 20 ? pb::DIE_KIND_D20
                                     : pb::DIE_KIND_PERCENTILE;
  for (;;) {
    const int r = ctx.roll(kind, label);
    if (r <= n) return r - 1;
  }
}

int inflict_casualties(Context& ctx, BgState& st, const std::string& unit_id, int hits, const std::string& cause, bool saves) {
  const Unit* u = st.find(unit_id);
  if (!u || hits <= 0) return 0;
  if (int lost = 0; stand_casualties(ctx, st, unit_id, hits, cause, &lost)) return lost;  // BG-OPT-04 (bg_stands.cc)
  pb::BgEvent e;
  auto* c = e.mutable_casualties();
  c->set_unit_id(unit_id);
  c->set_cause(cause);
  *c->mutable_place() = to_point(com(*u));
  std::vector<const Figure*> pool;  // BG-DMG-01: everyone, escorted prisoners included
  for (const auto& f : u->figures) {
    if (f.alive) pool.push_back(&f);
  }
  std::vector<const Figure*> chosen;
  auto free_of = [&](bool normal_only) {
    std::vector<const Figure*> out;
    for (const Figure* f : pool) {
      if (std::find(chosen.begin(), chosen.end(), f) != chosen.end()) continue;
      if (normal_only && (special(f->kind) || f->prisoner)) continue;
      out.push_back(f);
    }
    return out;
  };
  if (hits >= static_cast<int>(pool.size())) {
    for (const Figure* f : pool) c->add_killed(f->id);  // wiped out: nothing to choose
    c->set_wiped_out(true);
  } else {
    // BG-DMG-02: a save on one of the unit's own hit faces, without its penalties (BG-DX-12).
    const int save_from = hit_from(st.options, u->grade, 0);
    for (int k = 0; k < hits; ++k) {
      auto cands = free_of(false);
      if (cands.empty()) {
        // Saves used up every other figure: only saved special figures are left, and with no
        // normal figure to die instead the hit kills one of them.
        for (const Figure* f : pool) {
          const auto& killed = c->killed();
          if (std::find(killed.begin(), killed.end(), f->id) == killed.end()) cands.push_back(f);
        }
        if (cands.empty()) break;
        c->add_killed(cands[static_cast<std::size_t>(pick(ctx, static_cast<int>(cands.size()), "casualty"))]->id);
        continue;
      }
      const Figure* f = cands[static_cast<std::size_t>(pick(ctx, static_cast<int>(cands.size()), "casualty"))];
      chosen.push_back(f);
      if (saves && special(f->kind) && !f->prisoner) {
        auto* s = c->add_saves();
        s->set_figure_id(f->id);
        s->set_roll(ctx.roll(pb::DIE_KIND_D6, "save " + f->id));
        auto normals = free_of(true);
        if (s->roll() >= save_from && !normals.empty()) {
          const Figure* g = normals[static_cast<std::size_t>(pick(ctx, static_cast<int>(normals.size()), "dies instead"))];
          chosen.push_back(g);
          s->set_saved(true);
          s->set_died_instead(g->id);
          c->add_killed(g->id);
          continue;
        }
      }
      c->add_killed(f->id);
    }
  }
  const int killed = c->killed_size();
  emit_bg(ctx, e);
  return killed;
}

int carry_out_attack(Context& ctx, BgState& st, const std::string& attacker, const AttackPlan& a, const std::string& purpose) {
  const auto white = ctx.roll_pool(a.pool.white, pb::DIE_KIND_D6, "white");
  const auto blue = ctx.roll_pool(a.pool.blue, pb::DIE_KIND_D6, "blue");
  const auto red = ctx.roll_pool(a.pool.red, pb::DIE_KIND_D6, "red");
  const Resolution r = resolve(a.pool, white, blue, red);
  tell_pool_faces(ctx.pending_dice(), a.pool.hit_from);
  {
    pb::BgEvent e;
    auto* x = e.mutable_attack();
    x->set_attacker_id(attacker);
    x->set_target_id(a.target);
    x->set_weapon_id(a.weapon);
    x->set_purpose(purpose);
    x->set_grade(row_name(a.pool.hit_from));
    x->set_white(a.pool.white);
    x->set_blue(a.pool.blue);
    x->set_red(a.pool.red);
    x->set_hits(r.hits);
    x->set_cancels(r.cancels);
    x->set_net(r.net);
    x->set_flank(a.flank);
    x->set_halved(a.pool.halve);
    x->set_doubled(a.pool.double_hits);
    x->set_range(a.range);
    for (const auto& n : a.notes) x->add_notes(n);
    emit_bg(ctx, e);
  }
  const Unit* t = st.find(a.target);
  if (!t) return r.net;
  if (r.net > 0) {
    if (t->vehicle) {
      vehicle_hit(ctx, st, *t, a, r.net);
    } else if (t->emplacement) {
      // BG-EMP-03: 2 net hits in total destroy it; after 1 it still fires normally.
      pb::BgEvent e;
      const int total = t->emplacement->hits + r.net;
      e.mutable_emplacement()->set_unit_id(t->id);
      e.mutable_emplacement()->set_hits_total(std::min(total, kEmplacementHitsToDestroy));
      e.mutable_emplacement()->set_destroyed(total >= kEmplacementHitsToDestroy);
      emit_bg(ctx, e);
    } else {
      const int strength = t->living_fighters();
      const std::string id = t->id;
      const int lost = inflict_casualties(ctx, st, id, r.net, purpose, true);
      // BG-DMG-04 / BG-OPT-07: retreat or rout test after a shooting attack.
      if (st.options.morale && purpose == "shoot") morale_after_attack(ctx, st, id, attacker, lost, strength);
    }
  }
  if (purpose == "shoot" || purpose == "overrun") remove_road_marker(ctx, st, a.target);
  return r.net;
}

}  // namespace sandtable::bg
