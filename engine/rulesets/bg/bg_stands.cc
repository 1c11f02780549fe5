// Multi-figure stands (BG-OPT-04, GAP-BG-OPT-04; scenario switch "bg.stands", stand sizes in
// UnitSetup.stand_size). Figures keep their own places; a stand is the group of figures sharing
// a stand number (and the unit they started in, so stands of combined units stay apart).
// A figure without a stand number (a prisoner, a figure of a unit without stands that joined)
// is a stand of one.
//
// "all_or_nothing" (method 2, BG-OPT-04): hits go to stands in random order (uniform, like
// GAP-BG-DMG-01). A stand that takes at least as many hits as it has figures dies; the stand that
// takes fewer rolls 1D6 and dies on 1..round(6 x hits / figures) (halves up, at most 5 so a stand
// always keeps a chance): BG-EX-11, 3 figures and 2 hits, dies on 1-4, survives on 5-6.
// "track" (method 1, GAP-BG-OPT-04 default): casualties are marked on stands; each hit goes to
// the stand that already carries casualties (else a random stand), and a figure of that stand is
// removed, so a stand is gone when its casualties equal its figures.
// With stands the leader/HW save (BG-DMG-02) is not rolled: the stand is what is lost.
//
// Stand melee (BG-OPT-05): when every unit in a melee is infantry/cavalry on stands, stands pair
// off in charge order (BG-MEL-10, as figures do) and each rolls 1D6 per living figure on it plus
// the BG-MEL-07 bonuses (better grade +1, +1 per leader and -1 per medic on the stand, melee
// weapons +1, and the first-round bonuses); the higher total wins, ties roll again. The losing
// stand takes one hit by the chosen method (ours: as a lost pair costs one figure), so a stand of
// 3 under "all_or_nothing" dies on 1-2, and under "track" loses one figure.
#include <algorithm>
#include <map>

#include "engine/rulesets/bg/bg_damage.h"
#include "engine/rulesets/bg/bg_tables.h"
#include "engine/rulesets/bg/bg_units.h"

namespace sandtable::bg {

namespace {

struct Stand {
  int number = 0;                  // figure.stand (0 = a single figure)
  std::vector<const Figure*> alive;
  int size = 0;                    // figures it started with (alive and dead)
};

std::vector<Stand> stands_of(const Unit& u) {
  std::vector<Stand> out;
  std::map<std::pair<std::string, int>, std::size_t> index;
  for (const auto& f : u.figures) {
    if (f.stand == 0) {
      if (f.alive) out.push_back({0, {&f}, 1});
      continue;
    }
    const auto key = std::make_pair(f.from_unit, f.stand);
    auto it = index.find(key);
    if (it == index.end()) {
      it = index.emplace(key, out.size()).first;
      out.push_back({f.stand, {}, 0});
    }
    Stand& s = out[it->second];
    s.size += 1;
    if (f.alive) s.alive.push_back(&f);
  }
  std::erase_if(out, [](const Stand& s) { return s.alive.empty(); });
  return out;
}

}  // namespace

int stand_dies_up_to(int figures, int hits) {
  if (hits >= figures) return 6;
  const int faces = (12 * hits + figures) / (2 * figures);  // round(6 * hits / figures), halves up
  return std::clamp(faces, 1, 5);
}

bool stand_casualties(Context& ctx, BgState& st, const std::string& unit_id, int hits, const std::string& cause,
                      int* killed) {
  const Unit* u = st.find(unit_id);
  if (st.options.stands == 0 || !u || !u->infantry_like() || hits <= 0) return false;
  const bool any = std::any_of(u->figures.begin(), u->figures.end(), [](const Figure& f) { return f.alive && f.stand > 0; });
  if (!any) return false;
  pb::BgEvent e;
  auto* c = e.mutable_casualties();
  c->set_unit_id(unit_id);
  c->set_cause(cause + " (stands)");
  *c->mutable_place() = to_point(com(*u));
  std::vector<Stand> left = stands_of(*u);
  int living = 0;
  for (const auto& s : left) living += static_cast<int>(s.alive.size());
  if (hits >= living) {
    for (const auto& s : left) {
      for (const Figure* f : s.alive) c->add_killed(f->id);
    }
  } else if (st.options.stands == 2) {
    // Method 2: all or nothing.
    int remaining = hits;
    while (remaining > 0 && !left.empty()) {
      const std::size_t k = static_cast<std::size_t>(pick(ctx, static_cast<int>(left.size()), "stand"));
      const Stand s = left[k];
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(k));
      const int n = static_cast<int>(s.alive.size());
      auto* r = c->add_stands();
      r->set_stand(s.number);
      r->set_figures(n);
      r->set_hits(std::min(remaining, n));
      bool dies = remaining >= n;
      if (!dies) {
        r->set_dies_up_to(stand_dies_up_to(n, remaining));
        r->set_roll(ctx.roll(pb::DIE_KIND_D6, "stand " + std::to_string(s.number) + " survival"));
        dies = r->roll() <= r->dies_up_to();
      } else {
        r->set_dies_up_to(6);
      }
      r->set_died(dies);
      if (dies) {
        for (const Figure* f : s.alive) c->add_killed(f->id);
      }
      remaining -= std::min(remaining, n);
    }
  } else {
    // Method 1: casualty markers fill one stand before the next.
    for (int h = 0; h < hits; ++h) {
      std::size_t k = left.size();
      for (std::size_t i = 0; i < left.size(); ++i) {
        if (static_cast<int>(left[i].alive.size()) < left[i].size) k = i;  // already marked
      }
      if (k == left.size()) k = static_cast<std::size_t>(pick(ctx, static_cast<int>(left.size()), "stand"));
      Stand& s = left[k];
      const std::size_t j = static_cast<std::size_t>(pick(ctx, static_cast<int>(s.alive.size()), "casualty"));
      c->add_killed(s.alive[j]->id);
      s.alive.erase(s.alive.begin() + static_cast<std::ptrdiff_t>(j));
      auto* r = c->add_stands();
      r->set_stand(s.number);
      r->set_figures(s.size);
      r->set_hits(s.size - static_cast<int>(s.alive.size()));
      r->set_died(s.alive.empty());
      if (s.alive.empty()) left.erase(left.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }
  c->set_wiped_out(c->killed_size() == living);
  *killed = c->killed_size();
  emit_bg(ctx, e);
  return true;
}

namespace {

struct MeleeStand {
  const Unit* unit;
  int unit_index;  // in the melee's attackers/defenders (charge order)
  Stand stand;
  std::string label() const { return unit->id + "#" + std::to_string(stand.number); }
};

std::vector<MeleeStand> melee_stands(const BgState& st, const std::vector<std::string>& ids, bool* all_on_stands) {
  std::vector<MeleeStand> out;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const Unit* u = st.active_unit(ids[i]);
    if (!u) continue;
    const bool on_stands =
        u->infantry_like() && std::any_of(u->figures.begin(), u->figures.end(), [](const Figure& f) { return f.alive && f.stand > 0; });
    if (!on_stands) *all_on_stands = false;
    for (Stand s : stands_of(*u)) {
      std::erase_if(s.alive, [&](const Figure* f) {
        return f->prisoner || (u->has_horses && f->kind == FigureKind::kHorseHolder);  // with the horses
      });
      if (!s.alive.empty()) out.push_back({u, static_cast<int>(i), s});
    }
  }
  return out;
}

bool protected_unit(const Unit& u) { return !u.building.empty() || u.markers.dug_in; }

// BG-MEL-07 bonuses of stand `a` against stand `b` (BG-OPT-05 "plus all bonuses").
int stand_bonus(const BgState& st, const Melee& m, const MeleeStand& a, const MeleeStand& b, bool attacking) {
  int mod = 0;
  if (static_cast<int>(a.unit->grade) > static_cast<int>(b.unit->grade)) mod += kMeleeBetterGrade;
  for (const Figure* f : a.stand.alive) {
    if (f->kind == FigureKind::kLeader) mod += kMeleeLeader;
    if (f->kind == FigureKind::kMedic) mod += kMeleeMedic;
  }
  if (st.options.melee_weapons) mod += kMeleeWeapons;
  if (m.round == 0) {
    if (!attacking && protected_unit(*a.unit)) mod += kMeleeDefenceFirst;
    if (attacking && a.unit_index < static_cast<int>(m.from_behind.size()) && m.from_behind[a.unit_index]) {
      mod += kMeleeBehindFirst;
    }
    if (attacking && a.unit->kind == UnitKind::kCavalry && a.unit->mounted && b.unit->kind == UnitKind::kInfantry &&
        !protected_unit(*b.unit)) {
      mod += kMeleeCavalryFirst;
    }
  }
  return mod;
}

}  // namespace

bool fight_stand_round(Context& ctx, BgState& st, const Melee& m) {
  if (st.options.stands == 0) return false;
  bool all = true;
  const auto att = melee_stands(st, m.attackers, &all);
  const auto def = melee_stands(st, m.defenders, &all);
  if (!all || att.empty() || def.empty()) return false;
  const std::size_t pairs = std::min(att.size(), def.size());
  pb::BgEvent e;
  auto* r = e.mutable_melee_round();
  r->set_melee_id(m.id);
  r->set_round(m.round + 1);
  std::vector<const MeleeStand*> losers;
  for (std::size_t i = 0; i < pairs; ++i) {
    const int ma = stand_bonus(st, m, att[i], def[i], true), md = stand_bonus(st, m, def[i], att[i], false);
    for (int guard = 0; guard < 1000; ++guard) {
      int ra = 0, rd = 0;
      for (int d : ctx.roll_pool(static_cast<int>(att[i].stand.alive.size()), pb::DIE_KIND_D6, "melee " + att[i].label())) ra += d;
      for (int d : ctx.roll_pool(static_cast<int>(def[i].stand.alive.size()), pb::DIE_KIND_D6, "melee " + def[i].label())) rd += d;
      auto* p = r->add_pairs();
      p->set_a(att[i].label());
      p->set_b(def[i].label());
      p->set_roll_a(ra);
      p->set_roll_b(rd);
      p->set_mod_a(ma);
      p->set_mod_b(md);
      if (ra + ma == rd + md) continue;  // ties roll again (as GAP-BG-MEL-06)
      const MeleeStand& loser = ra + ma < rd + md ? att[i] : def[i];
      p->set_loser(loser.label());
      losers.push_back(&loser);
      break;
    }
  }
  for (std::size_t i = pairs; i < att.size(); ++i) r->add_waiting(att[i].label());
  for (std::size_t i = pairs; i < def.size(); ++i) r->add_waiting(def[i].label());
  emit_bg(ctx, e);  // the round's dice ride on the round event
  // One hit on each losing stand, by the chosen method; one casualty event per losing stand.
  for (const MeleeStand* l : losers) {
    pb::BgEvent ce;
    auto* c = ce.mutable_casualties();
    c->set_unit_id(l->unit->id);
    c->set_cause("melee (stands)");
    *c->mutable_place() = to_point(l->stand.alive.front()->pos);
    const int n = static_cast<int>(l->stand.alive.size());
    auto* sr = c->add_stands();
    sr->set_stand(l->stand.number);
    sr->set_figures(n);
    sr->set_hits(1);
    if (st.options.stands == 2) {
      bool dies = n <= 1;
      sr->set_dies_up_to(stand_dies_up_to(n, 1));
      if (!dies) {
        sr->set_roll(ctx.roll(pb::DIE_KIND_D6, "stand " + l->label() + " survival"));
        dies = sr->roll() <= sr->dies_up_to();
      }
      sr->set_died(dies);
      if (dies) {
        for (const Figure* f : l->stand.alive) c->add_killed(f->id);
      }
    } else {
      const std::size_t j = static_cast<std::size_t>(pick(ctx, n, "casualty"));
      c->add_killed(l->stand.alive[j]->id);
      sr->set_died(n == 1);
    }
    c->set_wiped_out(c->killed_size() >= l->unit->living_fighters());
    emit_bg(ctx, ce);
  }
  return true;
}

}  // namespace sandtable::bg
